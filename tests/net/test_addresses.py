"""Which address ``companion serve --lan`` offers the phones, from fake interface lists (issue 10, item 1)."""

from __future__ import annotations

from companion.net.addresses import Interface, candidates, choose_address


def test_the_wifi_address_wins_over_loopback_docker_vpn_and_link_local():
    laptop = [Interface("lo", "127.0.0.1"), Interface("docker0", "172.17.0.1"), Interface("br-4f2a", "172.18.0.1"),
              Interface("tun0", "10.8.0.6"), Interface("wg0", "10.9.0.2"), Interface("tailscale0", "100.101.1.2"),
              Interface("eth0", "169.254.10.20"), Interface("wlp2s0", "192.168.1.23")]
    assert choose_address(laptop) == "192.168.1.23"
    assert [i.name for i in candidates(laptop)] == ["wlp2s0"]


def test_private_addresses_come_first_and_the_others_are_still_listed():
    box = [Interface("eth1", "81.2.69.160"), Interface("enp3s0", "10.0.0.7"), Interface("wlan0", "172.20.4.5")]
    assert [i.address for i in candidates(box)] == ["10.0.0.7", "172.20.4.5", "81.2.69.160"]


def test_no_reachable_address_is_said_not_guessed():
    assert choose_address([Interface("lo", "127.0.0.1"), Interface("virbr0", "192.168.122.1")]) is None
    assert choose_address([]) is None
