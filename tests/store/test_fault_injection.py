"""Issue 45 item 2: a write that fails is never shown as made, tested SQLite's way. A scripted evening (a game's
moves with a fold, a campaign week, a scored play, an import) runs on a disk that fails its N-th writing call
(:class:`tests.support.faults.FailingDisk`), for every N the evening makes, with ENOSPC, EIO and EROFS; after each
run the folder is opened again (a restart: a new store and sessions) and must hold exactly what the session
answered: every change shown as made is there, every change refused as not saved is not, each refusal says what
happened ("The host's disk is full: …"), never "Nothing was changed", and the store opens.
"""

from __future__ import annotations

import errno
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from companion.rules import actions as act
from companion.rules.game import Game, GameSetup, PlayerSetup, new_game
from companion.rules.ruleset import build_ruleset
from companion.scoring.from_game import draft_from_state
from companion.session import Sessions, journaled
from companion.session.door import tab_sessions
from companion.session.seats import Viewer
from companion.store import StoreError, open_store
from companion.store.errors import NotFound
from companion.survey import Campaign
from companion.survey.actions import CatchFish, StartWeek
from companion.survey.play import new_campaign
from tests.support.faults import FailingDisk

HOST = Viewer("host-pass", host=True, served=False)
ANGLERS = ("Ann", "Bo", "Cy", "Di")
TAPS = [act.DrawRegret(player=n % 4) for n in range(6)] + [act.AdjustFishbucks(player=n % 4, amount=1)
                                                           for n in range(6)]
CATCHES = ("Sheepshead", "Barracuda", "Eyefish")
RULES = {"Nothing to undo", "No week is being played: start a week first (companion rule, see Rules §8)"}
WHAT = {errno.ENOSPC: "The host's disk is full: this change ",
        errno.EIO: "The host's disk failed while saving (Input/output error): this change ",
        errno.EROFS: "The host's data folder has become read-only: this change "}


def _game(seed: int) -> Game:
    return new_game(GameSetup(players=[PlayerSetup(name=n, colour=c) for n, c in
                                       zip(ANGLERS, ("amber", "teal", "cyan", "rose"), strict=True)],
                              ruleset=build_ruleset(), seed=seed))


@dataclass
class Evening:
    """What the session answered through one evening: the values shown as saved, and each refusal's words."""

    game: Game | None = None
    campaign: Campaign | None = None
    play: Any = None
    imported: bool | None = None
    refusals: list[str] = field(default_factory=list)
    made: int = 0

    @property
    def unsure(self) -> bool:
        """Whether a refusal said the change may have been saved all the same (its line could not be cut back)."""
        return any("may not have been saved" in words for words in self.refusals)

    def refused(self, message: str | None) -> None:
        self.refusals.append(message or "")


def _tap(evening: Evening, tap: Callable[[], Any]) -> None:
    """Tap; refused as not saved, tap again once, as the words ask (the rules' refusals are the game's own)."""
    for _ in range(2):
        outcome = tap()
        if outcome.ok:
            evening.made += 1
            return
        evening.refused(outcome.message)


def _play_evening(folder: Path, document: dict[str, Any], disk: FailingDisk) -> Evening:
    """The evening, as the screens would make it; the store is opened before the disk starts failing."""
    shared = Sessions(open_store(folder))
    host = tab_sessions(shared, HOST)
    evening = Evening()
    with disk:
        try:
            session = shared.start_game(_game(5))
        except StoreError as failed:
            evening.refused(str(failed))
        else:
            for n, action in enumerate(TAPS):
                _tap(evening, lambda a=action: session.apply(a, seen=session.version))
                if n == 7:
                    session.compact()  # the fold
            _tap(evening, lambda: session.undo(seen=session.version))
            evening.game = session.current.value
        try:
            survey = shared.start_campaign(new_campaign("Halley"))
        except StoreError as failed:
            evening.refused(str(failed))
        else:
            _tap(evening, lambda: survey.apply(StartWeek(), seen=survey.version))
            for fish in CATCHES:
                _tap(evening, lambda f=fish: survey.apply(CatchFish(name=f), seen=survey.version))
            _tap(evening, lambda: survey.undo(seen=survey.version))
            survey.compact()
            evening.campaign = survey.current.value
        if evening.game is not None:
            draft = host.draft("scorer")
            filled = draft_from_state(evening.game.state, game_id=evening.game.id)
            for p in filled.players:  # the final scoring's numbers, as the table enters them
                p.regret_cards, p.regret_value = 0, 0
            _tap(evening, lambda: draft.replace(lambda _old: filled, seen=draft.current.version))
            if draft.current.value.game_id is not None:  # the scorer was filled in
                try:
                    evening.play = host.plays.record_result(draft.current.value.score(), game=evening.game)
                except StoreError as failed:
                    evening.refused(str(failed))
        try:
            host.records.import_document(json.dumps(document))
            evening.imported = True
        except StoreError as failed:
            evening.refused(str(failed))
            evening.imported = False
    return evening


def _lost(folder: Path, evening: Evening, imported_id: str) -> list[str]:
    """What the restarted store holds that the session did not answer, or lacks that it did (empty: nothing). After
    a refusal that said "may not have been saved", the change it names may be there too: every change shown must."""
    store = open_store(folder)  # must open
    wrong = []
    ids = {s.id: s for s in store.list_games()}
    if evening.game is not None and not _holds(store.load_game(evening.game.id), evening.game, evening.unsure):
        wrong.append("the game is not as shown")
    if evening.game is None and len(ids) > (1 if evening.imported else 0):
        wrong.append("a game refused as not saved is there")
    campaigns = store.list_campaigns()
    if (evening.campaign is not None and store.load_campaign(evening.campaign.id) != evening.campaign
            and not evening.unsure):
        wrong.append("the campaign is not as shown")
    if evening.campaign is None and campaigns:
        wrong.append("a campaign refused as not saved is there")
    if evening.game is not None:
        saved = store.load_play(f"game-{evening.game.id}") if store.has_play(f"game-{evening.game.id}") else None
        if saved != evening.play:
            wrong.append("the play is not as shown")
    try:
        there = store.load_game(imported_id) is not None
    except NotFound:
        there = False
    if evening.imported and not there:
        wrong.append("the import shown as made is not there")
    if evening.imported is False and there:
        wrong.append("an import refused as not saved is there")
    return wrong


def _holds(saved: Game, shown: Game, unsure: bool) -> bool:
    """``saved`` is ``shown``, or, after a refusal that said it may have been saved, ``shown`` and that change (a
    move more, or one taken back)."""
    return saved == shown or (unsure and (saved.log[:len(shown.log)] == shown.log or saved.log == shown.log[:-1]))


@pytest.fixture(scope="module")
def document(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """An export of one game from another folder: what the evening imports."""
    store = open_store(tmp_path_factory.mktemp("elsewhere"))
    store.save_game(_game(11))
    return store.export_all()


def _runs(tmp_path: Path, document: dict[str, Any], code: int, persistent: bool, every: int = 1) -> tuple[int, int]:
    """Run the evening failing each N-th call in turn; returns (faults injected, runs that lost anything)."""
    counting = FailingDisk(0, code)  # counts as this errno's disk does (a full one opens the files it has)
    _play_evening(tmp_path / f"count-{code}-{persistent}", document, counting)
    imported_id = document["games"][0]["id"]
    injected = lost = unsure = runs = 0
    for n in range(1, counting.calls + 1, every):
        runs += 1
        folder = tmp_path / f"{code}-{persistent}-{n}"
        disk = FailingDisk(n, code, persistent)
        evening = _play_evening(folder, document, disk)
        injected += disk.injected
        assert disk.injected, f"call {n} was not failed"
        for words in evening.refusals:  # a save's failure, or the rules' answer to a tap its failure made moot
            assert (words.startswith(WHAT[code]) or words in RULES) and "Nothing was changed" not in words, (n, words)
        unsure += evening.unsure
        if not persistent:  # the disk is well again at once: one change refused at most, the next ones made
            assert len(evening.refusals) <= 1, (n, evening.refusals)
        wrong = _lost(folder, evening, imported_id)
        lost += bool(wrong)
        assert not wrong, (n, code, persistent, wrong)
    print(f"{runs} runs of the evening, each failing its call N ({errno.errorcode[code]}, "
          f"{'from then on' if persistent else 'once'})")
    if unsure:
        print(f"{unsure} runs: a line whose fsync failed could not be cut back, and the tap said it may not be saved")
    return injected, lost


@pytest.fixture(autouse=True)
def fold_often(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(journaled, "COMPACT_AFTER", 5)  # a fold on a tap's path too, not only at a quiet moment


def test_every_seventh_write_failing_once_loses_nothing(tmp_path: Path, document: dict[str, Any]) -> None:
    """The fast loop's share: every seventh call of the evening failed once with ENOSPC."""
    injected, lost = _runs(tmp_path, document, errno.ENOSPC, persistent=False, every=7)
    print(f"fault injection (ENOSPC, every seventh call): {injected} faults injected, {lost} lost changes")


@pytest.mark.slow
@pytest.mark.parametrize(("code", "persistent"), [(errno.ENOSPC, False), (errno.ENOSPC, True), (errno.EIO, False),
                                                  (errno.EROFS, True)])
def test_every_write_of_an_evening_failing_loses_nothing(tmp_path: Path, document: dict[str, Any], code: int,
                                                         persistent: bool) -> None:
    """Every call of the evening failed in turn: once (ENOSPC, EIO), and from then on (a disk that stays full, one
    turned read-only)."""
    injected, lost = _runs(tmp_path, document, code, persistent)
    print(f"fault injection ({errno.errorcode[code]}, {'from then on' if persistent else 'once'}): "
          f"{injected} faults injected, {lost} lost changes")
    assert lost == 0
