"""The screens' one door (issue 36 item 5, issue 47 item 1): every verb a screen can call is declared the host's or
open to guests, and every host-only one refuses a guest's tab at the verb itself, nothing changed, with the real
store; the door hands out verbs only (no store, saver or seat book, nothing of a shared session a screen may not
call: the type check refuses it).

The verbs are enumerated from the :class:`~companion.session.door.Door` Protocol, the history and records it hands
out and the catches module, so a verb added or renamed without being declared fails here, and a host-only verb with
no call below fails too.
"""

from __future__ import annotations

import ast
import inspect
import json
import random
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from companion.rules.game import GameSetup, PlayerSetup, new_game
from companion.rules.ruleset import build_ruleset
from companion.session import Sessions, catches
from companion.session.door import Door, tab_sessions
from companion.session.plays import Plays
from companion.session.powers import GUEST_VERBS, HOST_ONLY, HostOnly
from companion.session.seated import SeatedSessions
from companion.session.seats import Seat, Viewer
from companion.session.service import Records
from companion.store import open_store
from companion.survey.play import new_campaign
from companion.views.context import AppContext
from tests.support.plays import generated_play

SERVICES: tuple[ModuleType, ...] = (catches,)
HANDED: dict[str, type] = {"plays": Plays, "records": Records}  # what the door hands out, by its attribute
HOST, GUEST = Viewer("host-pass", host=True), Viewer("guest-pass", host=False)
VIEWS = Path(__file__).resolve().parents[2] / "companion" / "views"


def door_verbs() -> set[str]:
    """The members of the Door Protocol (its methods and properties)."""
    return {name for name in vars(Door) if not name.startswith("_")}


def service_verbs() -> set[str]:
    """Every public method of what the door hands out (``<attribute>.<method>``) and every public function of the
    catches module (``catches.<function>``)."""
    handed = {f"{attribute}.{name}" for attribute, kind in HANDED.items()
              for name, found in vars(kind).items() if inspect.isfunction(found) and not name.startswith("_")}
    return handed | {f"{module.__name__.rsplit('.', 1)[1]}.{name}"
                     for module in SERVICES
                     for name, found in vars(module).items()
                     if inspect.isfunction(found) and found.__module__ == module.__name__ and not name.startswith("_")}


def test_every_verb_is_declared_the_host_s_or_open_to_guests() -> None:
    verbs = door_verbs() | service_verbs()
    assert not set(HOST_ONLY) & GUEST_VERBS
    assert verbs - set(HOST_ONLY) - GUEST_VERBS == set(), "a verb neither the host's nor open to guests"
    assert (set(HOST_ONLY) | GUEST_VERBS) - verbs == set(), "a declared verb that no longer exists"


def test_a_tab_s_sessions_are_the_door_and_nothing_more() -> None:
    """What a tab is given offers exactly the door's verbs (no other way in), in the local mode too; the store, the
    saver and the seat book are none of them (issue 47 item 1)."""
    given = SeatedSessions(Sessions(None), HOST)
    assert {name for name in dir(given) if not name.startswith("_")} == door_verbs()
    assert {"store", "saver", "seats"}.isdisjoint(door_verbs())
    assert "keep_seats" in HOST_ONLY and "hand_seat" in HOST_ONLY
    assert isinstance(AppContext().sessions, SeatedSessions)  # the local mode's one screen is given a door too


@pytest.fixture
def table(tmp_path: Path) -> dict[str, Any]:
    """A data folder holding a game, a campaign and a play the host deleted (so undoing it is the host's)."""
    store = open_store(tmp_path)
    shared = Sessions(store)
    game = new_game(GameSetup(players=[PlayerSetup(name="Ada", colour="amber")], ruleset=build_ruleset(), seed=1))
    shared.start_game(game)
    assert shared.seats.take(Viewer("ada-pass", host=False), Seat(game.id, 0)) is None  # kept, handed: by the host
    campaign = shared.start_campaign(new_campaign("Halley")).key
    play = generated_play(random.Random(0), 0)  # four players
    store.save_play(play)
    tab_sessions(shared, HOST).plays.delete(play.id)
    kept = generated_play(random.Random(3), 1)  # five players
    store.save_play(kept)
    shared.flush()
    backup = next((tmp_path / "backups" / "plays").glob("*.json"))
    return {"dir": tmp_path, "shared": shared, "game": game, "campaign": campaign, "document": store.export_all(),
            "backup": backup, "kept": kept}


def _other_start(play: Any) -> int:
    return next(i for i, p in enumerate(play.players) if not p.start_player and not p.bot)


# One call per host-only verb, on a tab's door ``d`` (t: the table fixture).
CALLS: dict[str, Callable[[Door, dict[str, Any]], object]] = {
    "set_setting": lambda d, t: d.set_setting("theme", "light"),
    "start_game": lambda d, t: d.start_game(t["game"].model_copy(update={"id": "another"})),
    "delete_campaign": lambda d, t: d.delete_campaign(t["campaign"]),
    "hand_seat": lambda d, t: d.hand_seat(Seat(t["game"].id, 0), "guest-pass"),
    "keep_seats": lambda d, t: d.keep_seats(set()),
    "records.export": lambda d, t: d.records.export("everything"),
    "records.plays_as_csv": lambda d, t: d.records.plays_as_csv(),
    "records.import_document": lambda d, t: d.records.import_document(json.dumps(t["document"]), replace=True),
    "records.import_clashes": lambda d, t: d.records.import_clashes(json.dumps(t["document"])),
    "records.restore": lambda d, t: d.records.restore(t["backup"]),
    "plays.delete": lambda d, t: d.plays.delete("any-play"),
    "plays.undo": lambda d, t: d.plays.undo(),
    "plays.set_start_player": lambda d, t: d.plays.set_start_player(t["kept"], _other_start(t["kept"])),
    "plays.merge": lambda d, t: d.plays.merge(*_people(t["kept"])),
    "plays.rename": lambda d, t: d.plays.rename(_people(t["kept"])[0], "Zed"),
}


def _people(play: Any) -> list[str]:
    return [p.name for p in play.players if not p.bot][:2]


def test_every_host_only_verb_has_a_call_here() -> None:
    assert set(CALLS) == set(HOST_ONLY)


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != ".lock"}


@pytest.mark.parametrize("verb", sorted(HOST_ONLY))
def test_a_guest_is_refused_every_host_only_verb_and_nothing_changes(table: dict[str, Any], verb: str) -> None:
    shared: Sessions = table["shared"]
    before = _files(table["dir"])
    game_session = shared.game(table["game"].id)
    screens = AppContext(sessions=tab_sessions(shared, GUEST)).sessions  # through the door the app hands a tab
    directly = SeatedSessions(shared, GUEST)
    for door in (screens, directly):
        with pytest.raises(HostOnly, match="Only the host") as refused:
            CALLS[verb](door, table)
        assert str(refused.value) == HOST_ONLY[verb]()
    assert _files(table["dir"]) == before
    assert shared.game(table["game"].id) is game_session  # no open game dropped under another tab
    assert shared.campaign(table["campaign"]).current.value.name == "Halley"


def test_the_host_may_call_them(table: dict[str, Any]) -> None:
    """The same calls go through on the host's tab (so the refusals above are the guest's, not a broken call)."""
    host = tab_sessions(table["shared"], HOST)
    for verb in sorted(HOST_ONLY):
        if verb not in ("plays.delete", "records.restore"):  # the play is deleted already; the backup is restored
            CALLS[verb](host, table)


def test_a_recorded_play_changes_only_by_the_host(table: dict[str, Any]) -> None:
    """Issue 45 item 3: a guest took back the host's correction of a play, and set its start player unseen."""
    shared: Sessions = table["shared"]
    guest, host = tab_sessions(shared, GUEST), tab_sessions(shared, HOST)
    kept = table["kept"]
    changed = host.plays.set_start_player(kept, _other_start(kept))
    assert changed.edits[-1].scores == [] and guest.plays.opened(kept.id) == changed  # an edit, said on the play
    assert not guest.plays.can_undo() and host.plays.can_undo()
    with pytest.raises(HostOnly, match="Only the host can change a recorded play"):
        guest.plays.undo()
    with pytest.raises(HostOnly, match="Only the host can change a recorded play"):
        guest.plays.set_start_player(changed, _other_start(changed))
    assert host.plays.opened(kept.id) == changed
    assert host.plays.undo() == kept.id and host.plays.opened(kept.id) == kept


def test_no_screen_reaches_the_store_behind_the_door() -> None:
    """``Door.store`` is the service functions' way to the records; a screen reading it would skip their checks."""
    reached = [f"{path.relative_to(VIEWS)}:{node.lineno}"
               for path in VIEWS.rglob("*.py")
               for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
               if isinstance(node, ast.Attribute) and node.attr == "store"]
    assert reached == []


# A screen's module, typed against the door: what a shared session has but a screen may not call.
REACHING = """
from companion.session.door import Door

def peek(door: Door) -> None:
    game = door.game("g1")
    print(game.current.version, game.place.kind, door.my_seat(), door.plays.listed())  # the door's own: fine
    print(game.last_move, game.last_undo)
    game.compact()
    print(door.store, door.saver, door.seats)
    door.draft("scorer").compact()
"""


def test_a_screen_reaching_behind_the_door_fails_the_type_check(tmp_path: Path) -> None:
    """Issue 47 item 1: ``ctx.sessions.game(id).last_move`` passed mypy (a subclass of the shared session) and raised
    ``AttributeError`` when run; each reach behind the door is now a type error, and nothing the door offers is."""
    from mypy import api

    root = Path(__file__).resolve().parents[2]
    screen = tmp_path / "peeking_screen.py"
    screen.write_text(REACHING, encoding="utf-8")
    out, err, status = api.run(["--config-file", str(root / "pyproject.toml"), "--no-error-summary",
                                "--cache-dir", str(root / ".mypy_cache"), str(screen)])
    assert status == 1, out + err
    errors = sorted(line.split(": error: ", 1)[1] for line in out.splitlines() if ": error: " in line)
    assert errors == sorted([
        '"GameDoor" has no attribute "last_move"  [attr-defined]',
        '"GameDoor" has no attribute "last_undo"  [attr-defined]',
        '"GameDoor" has no attribute "compact"  [attr-defined]',
        '"Door" has no attribute "store"  [attr-defined]',
        '"Door" has no attribute "saver"  [attr-defined]',
        '"Door" has no attribute "seats"  [attr-defined]',
        '"DraftDoor[Any]" has no attribute "compact"  [attr-defined]',
    ]), out
