"""What start-up repaired reads in each phone's language (issue 13 item 2, the Data screen's recovery notes): the
store opens once, before any phone, and two phones read its notices in two languages."""

from __future__ import annotations

from pathlib import Path

from companion.i18n import use_language
from companion.store import open_store
from companion.survey.play import next_day
from tests.store.conftest import campaign


def test_one_repair_reads_in_each_phones_language(data_dir: Path) -> None:
    store = open_store(data_dir)
    c = campaign("Halley")
    store.save_campaign(c)
    store.save_campaign(next_day(c))
    (data_dir / "campaigns" / f"{c.id}.json").write_bytes(b"\x00\xff not json")

    with use_language("en"):  # the server opens the store before any phone is there
        reopened = open_store(data_dir)
    with use_language("it"):
        [italian] = reopened.recovery_notices
    with use_language("zh_Hant"):
        [chinese] = reopened.recovery_notices
    [english] = reopened.recovery_notices

    assert english.message.startswith("The campaign “Halley”") and "lacks the last change" in english.message
    assert italian.message.startswith("La campagna «Halley»") and "ultima modifica" in italian.message
    assert chinese.message.startswith("戰役「Halley」") and "最後一次更動" in chinese.message
    assert italian.outcome == chinese.outcome == "restored" and italian.lacks_last_change
