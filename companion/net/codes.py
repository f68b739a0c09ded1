"""Room codes, the host code and the passes they buy: who may use this server.

A phone types the **room code** (or scans it) and gets a **pass**: a random token in an HttpOnly cookie. The host's
own browser joins with the **host code** and gets a host pass. On disk there are only hashes: a salted scrypt hash
of each code and a SHA-256 of each pass token, so a copied data folder lets nobody in.

The room code lasts across restarts with the same data folder until the host changes it (a late joiner's photo
of the QR code keeps working), so it is kept as typed, readable by the host's account only; the host code is
issued fresh at each run (a hash can't be shown again). Passes already given stay valid across a restart: a host
restart drops nobody. Changing the room code on purpose drops every guest pass, and every pass ends
:data:`PASS_DAYS` after it was given or last renewed (its phone opened the join link again). A damaged keys file
is moved aside like the store's damaged files (:attr:`Keys.damaged` says where) and everyone joins again.

>>> import tempfile
>>> keys = Keys(Path(tempfile.mkdtemp()))
>>> guest = keys.join(keys.room_code)
>>> keys.check(guest.token).role, keys.join("WRONG1") is None
(<Role.GUEST: 'guest'>, True)
>>> keys.change_room_code() and keys.check(guest.token) is None
True
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from companion.store.files import move_aside

# No I, L, O, 0 or 1: nothing a player could misread at a dim table.
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
HOST_CODE_LENGTH = 12
KEYS_FILE = "net-keys.json"
PASS_DAYS = 60  # the cookie's own life too: a pass outlives no cookie, and no copied cookie outlives this
_SCRYPT = {"n": 2**14, "r": 8, "p": 1, "dklen": 32}


class Role(StrEnum):
    """What a pass allows: a guest plays and scores; the host also exports, imports, deletes and restores."""

    HOST = "host"
    GUEST = "guest"


@dataclass
class Pass:
    """What a joined browser holds: its cookie ``token`` (kept in memory only when just issued) and its role (its
    seat is the session layer's: :mod:`companion.session.seats`)."""

    token_id: str
    role: Role
    token: str = field(default="", repr=False)

    @property
    def is_host(self) -> bool:
        return self.role is Role.HOST


def new_code(length: int = CODE_LENGTH) -> str:
    """A random code from :data:`ALPHABET`.

    >>> code = new_code()
    >>> len(code), set(code) <= set(ALPHABET)
    (6, True)
    """
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


def normalise(code: str) -> str:
    """A typed code as it is compared: spaces and dashes dropped, upper case.

    >>> normalise(" abc-d2 3 ")
    'ABCD23'
    """
    return "".join(code.split()).replace("-", "").upper()


def _hash_code(code: str, salt: bytes) -> bytes:
    return hashlib.scrypt(normalise(code).encode(), salt=salt, **_SCRYPT)


def _token_id(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _expired(entry: dict[str, Any], now: float) -> bool:
    """Whether the pass ``entry`` is over: :data:`PASS_DAYS` after it was given or last renewed."""
    return now - max(float(entry.get("joined", 0)), float(entry.get("renewed", 0))) > PASS_DAYS * 24 * 3600


def _well_formed(saved: object) -> bool:
    """Whether a loaded keys file has the shape this module writes (anything else is a damaged file)."""
    if not isinstance(saved, dict):
        return False
    passes, codes = saved.get("passes", {}), saved.get("codes", {})
    if not (isinstance(passes, dict) and isinstance(codes, dict)):
        return False
    roles = {role.value for role in Role}
    return (all(isinstance(p, dict) and p.get("role") in roles and isinstance(p.get("joined", 0), int | float)
                and isinstance(p.get("renewed", 0), int | float)
                and (p.get("seat") is None or isinstance(p.get("seat"), dict)) for p in passes.values())
            and all(isinstance(c, dict) and _hex(c.get("salt")) and _hex(c.get("hash")) for c in codes.values()))


def _hex(value: object) -> bool:
    try:
        return isinstance(value, str) and bool(bytes.fromhex(value))
    except ValueError:
        return False


class Keys:
    """The codes and passes of one data folder, saved in ``<folder>/net-keys.json`` (hashes only).

    Thread-safe: the gate checks passes on the server's loop while screens read them from Flet's threads.
    """

    def __init__(self, folder: Path) -> None:
        self._path = Path(folder) / KEYS_FILE
        self._lock = threading.Lock()
        self.listeners: list[Callable[[], None]] = []  # told after every join and code change
        self.damaged: Path | None = None  # where a damaged keys file was moved at start
        saved = self._load()
        now = time.time()
        self._passes: dict[str, dict[str, Any]] = {k: v for k, v in saved.get("passes", {}).items()
                                                   if not _expired(v, now)}
        self._codes: dict[str, dict[str, str]] = {}
        self.room_code = ""
        self.host_code = ""
        room = saved.get("room")
        if isinstance(room, str) and len(room) == CODE_LENGTH and set(room) <= set(ALPHABET) \
                and Role.GUEST.value in saved.get("codes", {}):
            self._codes[Role.GUEST.value] = saved["codes"][Role.GUEST.value]
            self.room_code = room
        else:
            self._issue(Role.GUEST)
            self._passes = {k: v for k, v in self._passes.items() if v["role"] == Role.HOST.value}
        self._issue(Role.HOST)
        self._save()

    def _load(self) -> dict[str, Any]:
        if not self._path.exists() and not self._path.is_symlink():
            return {}
        try:
            saved = json.loads(self._path.read_bytes().decode("utf-8"))
        except (OSError, ValueError, RecursionError):
            saved = None  # unreadable, a directory, not UTF-8 or not JSON: damaged like any other shape
        if _well_formed(saved):
            return saved
        self.damaged = move_aside(self._path, self._path.parent / "damaged", Path(KEYS_FILE))
        return {}  # everyone joins again, with the new codes

    def _save(self) -> None:
        data = json.dumps({"room": self.room_code, "codes": self._codes, "passes": self._passes}, indent=1)
        self._path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=self._path.parent, prefix=".net-keys-")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, 0o600)
        os.replace(temporary, self._path)

    def _issue(self, role: Role) -> str:
        code = new_code(CODE_LENGTH if role is Role.GUEST else HOST_CODE_LENGTH)
        salt = secrets.token_bytes(16)
        self._codes[role.value] = {"salt": salt.hex(), "hash": _hash_code(code, salt).hex()}
        if role is Role.GUEST:
            self.room_code = code
        else:
            self.host_code = code
        return code

    def _matches(self, role: Role, code: str) -> bool:
        stored = self._codes[role.value]
        return hmac.compare_digest(_hash_code(code, bytes.fromhex(stored["salt"])), bytes.fromhex(stored["hash"]))

    def join(self, code: str, held: str | None = None) -> Pass | None:
        """A pass for the right room or host code (its ``token`` goes in the cookie), ``None`` otherwise.

        ``held`` is the token the browser already holds: if it is a valid pass of the same role, that pass (and
        its seat) is kept, so reopening the join link does not make one phone two, and renewed: it lasts
        :data:`PASS_DAYS` from now, as the cookie the gate sets again does (it kept its first day's age, and a
        phone that reopened the link on day 59 was dropped the next day)."""
        if len(normalise(code)) not in (CODE_LENGTH, HOST_CODE_LENGTH):
            return None
        with self._lock:
            # Both hashes are always computed, so the time taken tells nothing about which code was close.
            host, guest = self._matches(Role.HOST, code), self._matches(Role.GUEST, code)
            if not (host or guest):
                return None
            role = Role.HOST if host else Role.GUEST
            kept = self._passes.get(_token_id(held)) if held else None
            if held and kept is not None and kept["role"] == role.value and not _expired(kept, time.time()):
                kept["renewed"] = time.time()  # "joined" stays: the Phones screen lists phones in joining order
                self._save()
                return Pass(_token_id(held), role, token=held)
            token = secrets.token_urlsafe(32)
            self._passes[_token_id(token)] = {"role": role.value, "joined": time.time()}
            self._save()
        self._changed()
        return Pass(_token_id(token), role, token=token)

    def check(self, token: str | None) -> Pass | None:
        """The pass a cookie token stands for, or ``None`` if it never was one or was dropped."""
        if not token:
            return None
        token_id = _token_id(token)
        with self._lock:
            entry = self._passes.get(token_id)
            if entry is None or _expired(entry, time.time()):
                return None
            return Pass(token_id, Role(entry["role"]))

    def by_id(self, token_id: str) -> Pass | None:
        """The pass ``token_id`` as it stands now (``None`` once dropped)."""
        with self._lock:
            entry = self._passes.get(token_id)
            if entry is None or _expired(entry, time.time()):
                return None
            return Pass(token_id, Role(entry["role"]))

    def change_room_code(self) -> str:
        """Issue a new room code and drop every guest pass; returns the new code."""
        with self._lock:
            code = self._issue(Role.GUEST)
            self._passes = {k: v for k, v in self._passes.items() if v["role"] == Role.HOST.value}
            self._save()
        self._changed()
        return code

    def passes(self) -> list[Pass]:
        """Every valid pass (without its token), oldest first."""
        with self._lock:
            now = time.time()
            ordered = sorted(self._passes.items(), key=lambda item: item[1].get("joined", 0))
            return [Pass(k, Role(v["role"])) for k, v in ordered if not _expired(v, now)]

    def old_seats(self) -> list[tuple[str, Any]]:
        """The seats an older version kept in this file (a ``seat`` field on a pass), oldest pass first: each
        valid pass's id and its seat as saved. The session layer's seat book takes them over once
        (:func:`companion.app.carry_old_seats`), then :meth:`forget_old_seats` drops them here."""
        with self._lock:
            now = time.time()
            ordered = sorted(self._passes.items(), key=lambda item: item[1].get("joined", 0))
            return [(k, v["seat"]) for k, v in ordered if v.get("seat") is not None and not _expired(v, now)]

    def forget_old_seats(self) -> None:
        """Drop the ``seat`` fields an older version kept on the passes (carried over to the seat book)."""
        with self._lock:
            if not any("seat" in v for v in self._passes.values()):
                return
            for entry in self._passes.values():
                entry.pop("seat", None)
            self._save()

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener()
