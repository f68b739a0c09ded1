"""Which address of this machine a phone at the table can reach.

A laptop has many interfaces: loopback, Docker bridges, VPN tunnels, link-local leftovers. A phone on the same
Wi-Fi reaches only the private address of the Wi-Fi (or wired) interface, so that one comes first; the rest are
listed for ``--host`` to choose from.

>>> lan = [Interface("lo", "127.0.0.1"), Interface("docker0", "172.17.0.1"), Interface("wlp2s0", "192.168.1.23")]
>>> choose_address(lan)
'192.168.1.23'
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from dataclasses import dataclass

# Interface names a phone can't reach through: containers, virtual machines' bridges and VPN tunnels.
_VIRTUAL_PREFIXES = ("docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "lxc", "lxd", "cni", "flannel",
                     "podman", "tun", "tap", "wg", "tailscale", "zt", "utun", "ppp", "ipsec", "nordlynx")

_HOME_NETWORKS = tuple(ipaddress.IPv4Network(n) for n in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"))


@dataclass(frozen=True)
class Interface:
    """One IPv4 address of one network interface."""

    name: str
    address: str


def reachable(interface: Interface) -> bool:
    """Whether a phone on the local network could reach ``interface``: not loopback, link-local, unspecified,
    multicast, nor a container or VPN interface.

    >>> reachable(Interface("eth0", "169.254.3.4")), reachable(Interface("wg0", "10.8.0.2"))
    (False, False)
    """
    try:
        address = ipaddress.IPv4Address(interface.address)
    except ipaddress.AddressValueError:
        return False
    if address.is_loopback or address.is_link_local or address.is_unspecified or address.is_multicast:
        return False
    return not interface.name.lower().startswith(_VIRTUAL_PREFIXES)


def candidates(interfaces: Iterable[Interface]) -> list[Interface]:
    """The reachable interfaces, private addresses first (in the order the system listed them).

    >>> [i.address for i in candidates([Interface("eth1", "81.2.69.160"), Interface("eth0", "10.0.0.7")])]
    ['10.0.0.7', '81.2.69.160']
    """
    usable = [i for i in interfaces if reachable(i)]
    return sorted(usable, key=lambda i: not is_home_network(i.address))


def is_home_network(address: str) -> bool:
    """Whether ``address`` is in a private range Wi-Fi routers hand out (RFC 1918).

    >>> is_home_network("192.168.0.4"), is_home_network("172.20.1.1"), is_home_network("100.64.0.3")
    (True, True, False)
    """
    return any(ipaddress.IPv4Address(address) in network for network in _HOME_NETWORKS)


def choose_address(interfaces: Iterable[Interface]) -> str | None:
    """The address to serve the table on, or ``None`` when this machine has no reachable one."""
    found = candidates(interfaces)
    return found[0].address if found else None


def system_interfaces() -> list[Interface]:
    """Every interface that is up, with its IPv4 addresses, as the system lists them."""
    import socket

    import psutil  # type: ignore[import-untyped]  # no stubs shipped

    stats = psutil.net_if_stats()
    return [Interface(name, entry.address)
            for name, entries in psutil.net_if_addrs().items()
            if name in stats and stats[name].isup
            for entry in entries if entry.family == socket.AF_INET]
