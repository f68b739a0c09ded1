"""A refusal reads in the phone's or the command's language from start to end (issue 13 item 2): the words that
pydantic and the JSON reader put in it are translated too, not only the app's own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.i18n import use_language
from companion.problems import json_problem, validation_message
from companion.scoring.errors import TableError
from companion.scoring.table import score_table
from companion.store import ImportRefused, open_store

TABLE = {"game": "deep-regrets", "players": [{"name": "Ann", "regret_cards": 0, "regret_value": 0, "fishbucks": 0},
                                             {"name": "Bo", "regret_cards": 0, "regret_value": 0, "fishbucks": 0}]}


def _table(**ann: object) -> dict:
    return {**TABLE, "players": [{**TABLE["players"][0], **ann}, TABLE["players"][1]]}


@pytest.mark.parametrize(("language", "player", "expected"), [
    ("en", {"regret_cards": -1}, "players[0].regret_cards: Input should be greater than or equal to 0"),
    ("it", {"regret_cards": -1}, "players[0].regret_cards: deve essere almeno 0"),
    ("zh_Hant", {"regret_cards": -1}, "players[0].regret_cards: 必須至少是 0"),
    ("it", {"fishbucks": "tre"}, "players[0].fishbucks: deve essere un numero intero"),
    ("zh_Hant", {"colour": "red"}, "players[0].colour: 不接受這個欄位"),
])
def test_a_bad_field_is_refused_in_the_tables_language(language: str, player: dict, expected: str) -> None:
    with use_language(language), pytest.raises(TableError) as refused:
        score_table(_table(**player))
    assert str(refused.value) == expected


def test_companion_score_names_the_field_in_the_locales_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    bad = tmp_path / "table.json"
    bad.write_text(json.dumps(_table(regret_cards=-1)), encoding="utf-8")
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    assert main(["score", str(bad)]) == 2
    assert main(["score", str(broken)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].endswith("players[0].regret_cards: deve essere almeno 0")
    assert err[1].endswith("JSON non valido: manca il nome di una proprietà tra virgolette doppie alla riga 1, "
                           "colonna 2")


@pytest.mark.parametrize(("language", "n", "expected"), [
    ("en", 1, "String should have at least 1 character"), ("en", 2, "String should have at least 2 characters"),
    ("it", 1, "il testo deve avere almeno 1 carattere"), ("it", 2, "il testo deve avere almeno 2 caratteri"),
])
def test_pydantics_counted_messages_take_the_languages_plural(language: str, n: int, expected: str) -> None:
    error = {"type": "string_too_short", "ctx": {"min_length": n}, "msg": "…"}
    with use_language(language):
        assert validation_message(error) == expected


def test_an_unknown_pydantic_error_keeps_its_own_words() -> None:
    with use_language("it"):
        assert validation_message({"type": "no_such_type", "msg": "Something odd"}) == "Something odd"


def test_an_import_that_is_not_json_is_refused_in_the_phones_language(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    with use_language("zh_Hant"), pytest.raises(ImportRefused) as refused:
        store.import_data('{"games": }')
    assert str(refused.value) == "檔案不是有效的 JSON（缺少值，第 1 行第 11 欄）"
    with use_language("it"):
        try:
            json.loads("[1, 2")
        except json.JSONDecodeError as e:
            assert json_problem(e) == "manca il separatore ',' alla riga 1, colonna 6"


def test_a_missing_record_is_named_in_the_phones_language(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    with use_language("zh_Hant"), pytest.raises(LookupError) as missing:
        store.load_campaign("nope")
    assert str(missing.value).strip("'\"") == "沒有 id 為 nope 的戰役"


@pytest.mark.parametrize(("table", "expected"), [
    ({"ruleset": "nope"}, "ruleset: regole sconosciute: nope"),
    ({"variants": ["nope"]}, "variants: variante sconosciuta: nope"),
])
def test_an_unknown_ruleset_or_variant_is_named_in_the_tables_language(table: dict, expected: str) -> None:
    with use_language("it"), pytest.raises(TableError) as refused:
        score_table({**TABLE, **table})
    assert str(refused.value) == expected


def test_a_file_from_elsewhere_is_refused_in_the_phones_language(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    with use_language("it"), pytest.raises(ImportRefused) as refused:
        store.import_data({"app": "something-else"})
    assert str(refused.value) == 'non è un file di Deep Regrets Companion (manca "app": "deep-regrets-companion")'
