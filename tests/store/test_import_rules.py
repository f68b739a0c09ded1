"""An import checks a record against the game's rules and the app's own forms, not only its shape (issue 45 items 7
and 9, issue 48 N8): an impossible campaign, a name no door takes, a foreign id, a file that isn't text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.i18n import use_language
from companion.store import ImportRefused, Store, open_store
from companion.store.limits import TOO_LARGE
from companion.store.transfer import check_import, export_document
from companion.survey import timeline
from companion.survey.actions import CatchFish, NextDay, Rename, StartWeek
from companion.survey.play import catch_fish, haul, new_campaign, next_day, start_week, unlock
from tests.store.games import played_game
from tests.support.plays import generated_plays


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return open_store(tmp_path / "data")


def _closed_week() -> dict:
    """A campaign whose first week hauled a Kraken and a Hollow Earth Infant (9 + 9) and unlocked the Bag of
    Maggots (9): real moves, so every number agrees (A p.26)."""
    c = catch_fish(catch_fish(start_week(new_campaign("Halley's expedition")), "Kraken"), "Hollow Earth Infant")
    for _ in range(4):
        c = next_day(c)
    c = unlock(haul(c, 0, []), ["supply:bag-of-maggots"])
    return c.model_dump(mode="json")


def _refusal(store: Store, **records: list[dict]) -> ImportRefused:
    with pytest.raises(ImportRefused) as refused:
        store.import_data(json.dumps(export_document(**records)))
    assert store.list_campaigns() == [] and store.list_games() == [] and store.list_plays() == []
    return refused.value


def test_a_real_campaign_passes() -> None:
    assert len(check_import(export_document(campaigns=[_closed_week()])).campaigns) == 1


def _with_steps() -> dict:
    """A campaign that kept the steps its first week took (issue 47 item 2: an import carries a campaign's Undo)."""
    c = new_campaign("Halley's expedition")
    for action in (StartWeek(), CatchFish(name="Kraken"), NextDay()):
        c = timeline.made(c, action)
    return c.model_dump(mode="json")


def test_the_steps_kept_for_undo_travel_and_are_refused_when_they_do_not_make_the_campaign(store: Store) -> None:
    # docs/rules.md §8: the Kraken caught on Monday is in the hold; steps that undo to another sheet are no history.
    record = _with_steps()
    assert store.import_data(json.dumps(export_document(campaigns=[record]))).campaigns_added == [record["id"]]
    assert store.load_campaign(record["id"]).steps.done[1].action == CatchFish(name="Kraken")
    record["steps"]["done"][1]["action"]["name"] = "Hollow Earth Infant"
    refused = _refusal(open_store(store.data_dir.parent / "other"), campaigns=[record])
    assert refused.where == "campaigns[0].steps.done" and "Undo" in refused.message


def test_a_name_no_door_takes_is_refused_in_the_campaign_an_undo_would_bring_back(store: Store) -> None:
    record = timeline.made(new_campaign("Halley"), Rename(name="Halley's expedition")).model_dump(mode="json")
    record["steps"]["start"]["name"] = "Halley\u202e"
    assert _refusal(store, campaigns=[record]).where == "campaigns[0].steps.start.name"


def test_an_unlock_the_sheet_does_not_list_is_refused_naming_it(store: Store) -> None:
    record = _closed_week()
    record["unlocked"] = ["rod:wishing-well"]
    record["weeks"][0]["bought"] = ["rod:wishing-well"]
    refused = _refusal(store, campaigns=[record])
    assert refused.where == "campaigns[0].unlocked[0]" and "rod:wishing-well" in refused.message


def test_a_week_spending_more_than_its_haul_is_refused(store: Store) -> None:
    # A p.26: "spend the value of the Fish you brought to Port"; Jar of Leeches costs 19, the haul is worth 18.
    record = _closed_week()
    record["unlocked"] = record["weeks"][0]["bought"] = ["supply:jar-of-leeches"]
    record["weeks"][0]["spent"], record["weeks"][0]["lost"] = 19, 0
    refused = _refusal(store, campaigns=[record])
    assert refused.where == "campaigns[0].weeks[0].spent" and "19" in refused.message and "18" in refused.message


def test_an_unlock_no_week_bought_is_refused(store: Store) -> None:
    record = _closed_week()
    record["unlocked"] = ["supply:bag-of-maggots", "supply:black-tea"]
    assert _refusal(store, campaigns=[record]).where == "campaigns[0].unlocked[1]"


def test_a_hauled_fish_the_catalog_lacks_is_refused(store: Store) -> None:
    record = _closed_week()
    record["weeks"][0]["hauled"][0] = "moby-dick"
    refused = _refusal(store, campaigns=[record])
    assert refused.where == "campaigns[0].weeks[0].hauled[0]" and "moby-dick" in refused.message


@pytest.mark.parametrize("name", ["Ann\u202e", "Ann\u0000", "An\u200bn", "Ann\nBo", "A" * 61])
def test_an_angler_name_no_door_takes_is_refused(store: Store, name: str) -> None:
    [play] = [p.model_dump(mode="json") for p in generated_plays(1, seed=2)]
    play["players"][0]["name"] = name
    assert _refusal(store, plays=[play]).where == "plays[0].players[0].name"
    game = played_game(3).model_dump(mode="json")
    game["setup"]["players"][1]["name"] = name[:40]
    if len(name) <= 40:  # a game's own model keeps its names to 40; its setup refuses the name as its log replays
        refused = _refusal(store, games=[game])
        assert refused.where == "games[0].log" and "players[1].name: a name can't hold U+" in refused.message


def test_a_foreign_id_is_saved_under_one_of_the_apps_own_and_its_plays_follow(store: Store) -> None:
    game = played_game(3).model_dump(mode="json")
    game["id"] = "CON"
    [play] = [p.model_dump(mode="json") for p in generated_plays(1, seed=2)]
    play["id"], play["game_id"] = "NUL", "CON"
    report = store.import_data(export_document(games=[game], plays=[play]))
    new_game, new_play = report.renewed["games/CON"], report.renewed["plays/NUL"]
    assert len(new_game) == 32 and new_play.startswith("play-")
    assert [g.id for g in store.list_games()] == [new_game]
    assert store.load_play(new_play).game_id == new_game
    assert "were saved under new ones" in report.message()


def test_a_file_of_random_bytes_is_refused_in_the_phones_language(store: Store) -> None:
    with use_language("it"), pytest.raises(ImportRefused) as refused:
        store.import_data(b"\x93\xfe\x01\xff" * 100)
    said = str(refused.value)
    assert "codec" not in said and "decode" not in said and "position" not in said
    assert "UTF-8" in said and "non" in said.casefold()


def test_the_phones_language_and_text_size_travel_with_a_copy(store: Store) -> None:
    report = store.import_data(export_document(phone={"language": "zh_Hant", "text_scale": 1.5}))
    assert report.phone == {"language": "zh_Hant", "text_scale": 1.5}
    for phone, where in (({"language": "xx"}, "phone.language"), ({"text_scale": 9}, "phone.text_scale"),
                         ({"colour": "red"}, "phone.colour")):
        with pytest.raises(ImportRefused) as refused:
            store.import_data(export_document(phone=phone))
        assert refused.value.where == where


def test_a_file_the_browser_left_unread_is_refused_by_its_size(store: Store) -> None:
    """Issue 48 N6: the page script puts ``{TOO_LARGE: size}`` in place of a picked file over the limit."""
    with pytest.raises(ImportRefused) as refused:
        store.import_data(json.dumps({TOO_LARGE: 50 * 2**20}).encode())
    assert str(refused.value) == "the file is 50.0 MB; an import takes at most 20 MB"
