"""The roster: every person who has played, one entry each, whatever the spelling (case and spaces ignored).

Kept in the store's settings (``roster``), so it is saved atomically, backed up and exported with everything
else. Plays keep the names as typed; the roster says which person each name is, so renaming or merging two
entries is one small write, not an edit of every play.

>>> r = Roster()
>>> r = r.remember(["Anna Maria", "hugo"]).remember(["annamaria", "Zoë"])
>>> r.names(), r.resolve("ANNA maria")
(['Anna Maria', 'hugo', 'Zoë'], 'Anna Maria')
>>> r.merge("Zoë", "hugo").resolve("Hugo")
'Zoë'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from companion.history.models import player_key
from companion.i18n import t
from companion.rules.names import check_name

SETTING = "roster"
SUGGESTIONS = 8


class RosterError(ValueError):
    """A rename or merge that can't be done; ``str`` is the one line to show."""


class Person(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1)
    keys: tuple[str, ...]  # every spelling's player_key that means this person


class Roster(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    people: tuple[Person, ...] = ()

    def _find(self, name: str) -> Person | None:
        key = player_key(name)
        return next((p for p in self.people if key in p.keys), None)

    def resolve(self, name: str) -> str:
        """The roster name of whoever ``name`` is (``name`` itself, trimmed, for someone new)."""
        person = self._find(name)
        return person.name if person else " ".join(name.split())

    def names(self) -> list[str]:
        return sorted((p.name for p in self.people), key=str.casefold)

    def remember(self, names: Iterable[str]) -> Roster:
        """The roster with anyone in ``names`` not yet on it added."""
        people = list(self.people)
        known = {k for p in people for k in p.keys}
        for name in names:
            key = player_key(name)
            if key and key not in known:
                people.append(Person(name=" ".join(name.split()), keys=(key,)))
                known.add(key)
        return Roster(people=tuple(people))

    def rename(self, old: str, new: str) -> Roster:
        """``old`` is called ``new`` from now on (their earlier plays included)."""
        person = self._find(old)
        if person is None:
            raise RosterError(t("{name} is not on the roster", name=old))
        new = " ".join(new.split())
        if not new:
            raise RosterError(t("A player needs a name"))
        try:
            check_name(new)
        except ValueError as e:
            raise RosterError(str(e)) from None
        other = self._find(new)
        if other is not None and other is not person:
            raise RosterError(t("{name} is already on the roster: merge the two instead", name=other.name))
        keys = person.keys if player_key(new) in person.keys else (*person.keys, player_key(new))
        renamed = Person(name=new, keys=keys)
        return Roster(people=tuple(renamed if p is person else p for p in self.people))

    def merge(self, keep: str, other: str) -> Roster:
        """``other`` and ``keep`` are the same person, called ``keep``."""
        a, b = self._find(keep), self._find(other)
        if a is None or b is None:
            raise RosterError(t("{name} is not on the roster", name=keep if a is None else other))
        if a is b:
            raise RosterError(t("{a} and {b} are already the same player", a=keep, b=other))
        merged = Person(name=a.name, keys=(*a.keys, *b.keys))
        return Roster(people=tuple(merged if p is a else p for p in self.people if p is not b))

    def suggest(self, typed: str = "", exclude: Iterable[str] = (), limit: int = SUGGESTIONS) -> list[str]:
        """Names to offer while ``typed`` is being entered: those starting with it first, then containing it."""
        key = player_key(typed)
        taken = {player_key(n) for n in exclude}
        candidates = [n for n in self.names() if player_key(n) not in taken and key != player_key(n)]
        first = [n for n in candidates if player_key(n).startswith(key)]
        then = [n for n in candidates if key in player_key(n) and n not in first]
        return (first + then)[:limit]


def load_roster(store: Any) -> Roster:
    """The store's roster (empty without a store, or when the saved one can't be read)."""
    if store is None:
        return Roster()
    try:
        return Roster.model_validate(store.get_setting(SETTING) or {})
    except ValidationError:
        return Roster()


def save_roster(store: Any, roster: Roster) -> None:
    store.save_roster(roster.model_dump(mode="json"))


def remember_names(store: Any, names: Iterable[str]) -> Roster:
    """Add the names typed at New game or in a scorer to the roster, so they are offered next time."""
    roster = load_roster(store)
    updated = roster.remember(names)
    if store is not None and updated != roster:
        save_roster(store, updated)
    return updated


def suggest_names(store: Any, typed: str = "", exclude: Iterable[str] = ()) -> list[str]:
    """The autocomplete hook of the name fields: roster names matching ``typed``, the table's own names left out.

    >>> suggest_names(None, "al")
    []
    """
    return load_roster(store).suggest(typed, exclude)


def _with_every_player(store: Any) -> Roster:
    # Plays imported or saved without a scorer name people the roster hasn't met yet; they can be renamed too.
    names = (s.name for play in store.list_plays() for s in play.players if not s.bot)
    return load_roster(store).remember(names)


def rename_player(store: Any, old: str, new: str) -> Roster:
    """Call ``old`` by ``new`` from now on; ``RosterError`` if ``new`` is someone else or nobody is ``old``."""
    roster = _with_every_player(store).rename(old, new)
    save_roster(store, roster)
    return roster


def merge_players(store: Any, keep: str, other: str) -> Roster:
    """``other`` is the same person as ``keep`` (and keeps ``keep``'s name)."""
    roster = _with_every_player(store).merge(keep, other)
    save_roster(store, roster)
    return roster
