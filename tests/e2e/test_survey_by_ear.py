"""An Ocean Survey week played by ear (issue 46, item 6): through the accessibility tree alone, as a screen reader
user plays it: each control found by its role and name, activated as a screen reader activates it, each move's
announcement read from Flutter's live regions (tests/support/hearing.py). In the served app here; in the phone app
(Pyodide) with the network cut in test_phone_app_survey_by_ear.py.

The week (docs/rules.md §8, A pp.23–27): a new solo campaign, week 1 begins on Monday; the Sunfish (value 4) and the
Swordfish (5) each write a new slot on the sheet; a Flounder entered by mistake is taken back by Undo; Tuesday to
Friday; at the week's end a Regret value of 0 jettisons nothing and both Fish are brought to Port: 4 + 5 = 9 to
spend (A p.26), so the Lucky Pole (10 on the sheet) is greyed out, marked disabled with the reason in its name,
and the Mermaid Eyes (7) are unlocked, 2 lost. The words are the app's English as the player hears them.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tests.support.browser import FletPage, ServedApp
from tests.support.hearing import HEAR, Ear


def catch(ear: Ear, fish: str) -> None:
    """Type the Fish's name in the catch search and activate its result."""
    ear.type("Fish name", fish)
    ear.activate("button", re.compile(rf"^{fish} · "))


def play_a_week(ear: Ear) -> None:
    ear.activate("button", "Ocean Survey")
    ear.type("Campaign name", "Tern")
    ear.activate("button", "Start campaign")
    ear.hears("Tern. 0 of 109 Fish brought to Port · 0 catalogued · 0 weeks played")
    ear.activate("button", "Start week 1")
    ear.hears("Week 1 · Monday (Day 1 of 5)")

    catch(ear, "Sunfish")
    ear.hears("Sunfish catalogued: a new slot on the sheet")
    catch(ear, "Swordfish")
    ear.hears("Swordfish catalogued: a new slot on the sheet")
    catch(ear, "Flounder")  # not caught after all
    ear.hears("Flounder catalogued: a new slot on the sheet")
    ear.activate("button", "Undo")
    ear.hears("Undone: Flounder catalogued: a new slot on the sheet")

    for n, day in enumerate(("Tuesday", "Wednesday", "Thursday", "Friday"), start=2):
        ear.activate("button", f"Clock out: go to {day}")
        ear.hears(f"Week 1 · {day} (Day {n} of 5)")

    ear.activate("button", "Week's end")
    ear.type("Regret value (sum of your Regret cards)", "0")
    ear.activate("button", "Propose a jettison")
    ear.activate("button", "3 · Bring the rest to Port")
    ear.hears("Brought to Port: Sunfish, Swordfish. Jettisoned: none")

    too_dear = ear.find("checkbox", "Lucky Pole · 10 · more than is left")
    assert too_dear.get_attribute("aria-disabled") == "true"
    ear.activate("checkbox", "Mermaid Eyes · 7")
    ear.page.wait_for_function("box => box.getAttribute('aria-checked') === 'true'",
                               arg=ear.find("checkbox", "Mermaid Eyes · 7").element_handle())
    ear.activate("button", "Unlock and close the week")
    ear.hears("Unlocked: Mermaid Eyes for 7; 2 lost. The week is closed")


def test_a_survey_week_by_ear(companion_app: ServedApp, new_phone: Callable[[str], FletPage]) -> None:
    tab = new_phone(companion_app.url)
    tab.page.context.add_init_script(HEAR)
    play_a_week(Ear(tab.open("/")))
