"""The ``companion`` commands speak the locale's language (issue 13 item 3): their help, and the history
commands' counts in each language's plural ("1 partita", "2 partite"; was "1 play(s)", "1 plays, 1 wins")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.i18n import t

SHALLOW = {"game": "shallow-regrets", "players": [{"name": "Alba", "fish": [{"points": 3, "type": "fair"}]},
                                                 {"name": "Hugo", "fish": [{"points": 1, "type": "fair"}]}]}


@pytest.fixture
def italian(monkeypatch: pytest.MonkeyPatch) -> None:
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LANG", "it_IT.UTF-8")


def test_the_help_is_in_the_locales_language(italian: None, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["score", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "registra nello storico la partita calcolata" in shown
    assert t("Madness") == "Madness"  # the command's language ended with it


def test_stats_count_in_the_locales_plural(italian: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = tmp_path / "t.json"
    table.write_text(json.dumps(SHALLOW), encoding="utf-8")
    data = ["--data-dir", str(tmp_path / "data")]
    assert main([*data, "score", str(table), "--save"]) == 0
    capsys.readouterr()
    assert main([*data, "stats"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "1 partita"
    assert lines[1].startswith("Alba: 1 partita, 1 vittoria (100%)")
    assert lines[2].startswith("Hugo: 1 partita, 0 vittorie (0%)")
