"""Wording from issue 37's game night: each sentence reads as a sentence, in every language."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from companion.i18n import use_language
from companion.rules.actions import Fish, GainDie, GiveUp
from companion.rules.catalog import load_catalog
from companion.rules.errors import RuleViolation
from companion.rules.queries import next_day_effects
from companion.rules.scenario import play, start_action_phase, table, to_day

SCRAT = load_catalog().fish_ref("Scrat")
LOCALE = Path(__file__).resolve().parents[2] / "data" / "locale"


def test_saturdays_die_is_an_orange_one_a_p8():
    """A p.8: Saturday, each angler takes an orange tackle die (the checklist said "a orange")."""
    effects = next_day_effects(to_day(table(2), 4))
    assert "Everyone takes an orange tackle die" in effects and not any("a orange" in e for e in effects)


def test_an_orange_die_with_no_such_face_says_an_docs_rules_md_1():
    """docs/rules.md §1: an orange tackle die's faces are 2, 2, 3, 3."""
    with pytest.raises(RuleViolation) as e:
        play(start_action_phase(table(2)), GainDie(player=0, kind="orange", face=1))
    assert e.value.message == "An orange die has no face 1"


def _second_scrat(state):
    """The one Scrat card is held: catching another is refused (docs/rules.md §10)."""
    with pytest.raises(RuleViolation) as e:
        play(state, Fish(player=1, fish=SCRAT, depth=1, dice=[0, 1, 2]))
    return e.value


@pytest.mark.parametrize("language", ["en", "it", "zh_Hant"])
def test_a_refusal_doesnt_start_with_the_fields_english_name_nor_end_in_double_parentheses(language):
    s = start_action_phase(table(2), faces={0: [3, 3, 3], 1: [3, 3, 3]})
    s = play(s, Fish(player=0, fish=SCRAT, depth=1, dice=[0]))
    with use_language(language):
        refusal = _second_scrat(s)
        text = str(refusal)
    assert refusal.field == "fish"  # still known to a caller that names fields its own way
    assert not text.startswith("fish") and "))" not in text and "Scrat" in text, text


def test_a_give_up_of_a_held_card_is_refused_the_same_way_docs_rules_md_10():
    s = start_action_phase(table(2), faces={0: [3, 3, 3], 1: [3, 3, 3]})
    s = play(s, Fish(player=0, fish=SCRAT, depth=1, dice=[0]))
    with pytest.raises(RuleViolation) as e:
        play(s, GiveUp(player=1, die=0, fish=SCRAT))
    assert str(e.value) == ("There is one Scrat card, and it is in an angler's hand "
                            "(companion rule, see Rules §10)")


def test_the_italian_refusal_reads_as_one_italian_sentence():
    s = start_action_phase(table(2), faces={0: [3, 3, 3], 1: [3, 3, 3]})
    s = play(s, Fish(player=0, fish=SCRAT, depth=1, dice=[0]))
    with use_language("it"):
        text = str(_second_scrat(s))
    assert text.startswith("C'è una sola carta Scrat") and text.endswith("(regola dell'app, vedi Regole §10)"), text


def test_chinese_has_one_word_for_angler():
    """The brief: 釣客 for angler, in every message (the game night found 漁夫 and 釣手 too)."""
    catalog = read_po((LOCALE / "zh_Hant" / "LC_MESSAGES" / "messages.po").open("rb"))
    others = [m.id for m in catalog if m.id and any(w in str(m.string) for w in ("漁夫", "釣手"))]
    assert others == []
    anglers = [m for m in catalog if isinstance(m.id, str) and "angler" in m.id.lower() and "釣客" in str(m.string)]
    assert len(anglers) > 60


@pytest.mark.parametrize(("changes", "field", "words"), [
    ({"depth": 2}, "depth", "Fugu is a Depth 1 Fish, not Depth 2"),
    ({"difficulty": 5}, "difficulty", "Fugu prints Difficulty 3, not 5"),
    ({"size": "large"}, "size", "Fugu is small"),
])
def test_a_catch_that_contradicts_its_card_says_so_in_words_docs_rules_md_10(changes, field, words):
    s = start_action_phase(table(2), faces={0: [3, 3, 3], 1: [3, 3, 3]})
    with pytest.raises(RuleViolation) as e:
        play(s, Fish(player=0, fish=load_catalog().fish_ref("Fugu"), **{"depth": 1, "dice": [0], **changes}))
    assert (e.value.field, e.value.message) == (field, words)
