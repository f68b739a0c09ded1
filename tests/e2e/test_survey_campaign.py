"""A two-week Ocean Survey campaign through the served app in headless Chromium (docs/rules.md §8, A pp.23–27).

Catches (a new slot, the same card twice refused, a Fish removed from the solo Sea refused, a later-week catch that
leaves its slot alone), the Day tracker, week's end (proposed jettison, a short jettison refused, haul, unlock shop),
the sheet and progress; screenshots of each survey screen go to ``docs/screenshots/``.
"""

from __future__ import annotations

import re
from pathlib import Path

from companion.store import open_store
from tests.support.browser import FletPage


def catch(phone: FletPage, typed: str, fish_id: str) -> None:
    phone.type_into("survey-catch-search", typed)
    phone.tap(f"survey-catch-pick-{fish_id}")
    phone.wait_id(f"survey-held-{fish_id}")


def to_week_end(phone: FletPage) -> None:
    for day in ("Tuesday", "Wednesday", "Thursday", "Friday"):
        phone.tap("survey-next-day")
        phone.wait_value("survey-day", re.compile(day))
    phone.tap("survey-to-end")
    phone.wait_id("survey-regret-value")


def test_two_week_campaign(phone: FletPage, data_dir: Path) -> None:
    phone.tap("home-survey")
    phone.type_into("survey-new-name", "Halley's expedition")
    phone.screenshot("survey_campaigns")
    phone.tap("survey-create")
    phone.wait_id("survey-start-week")
    phone.screenshot("survey_campaign")
    phone.tap("survey-start-week")
    phone.wait_value("survey-day", re.compile("Monday"))
    assert "skip" in phone.value("survey-reminder-0")

    # Week 1: four catches (values 4, 5, 5, 2).
    catch(phone, "Sunfish", "sunfish")
    phone.wait_value("survey-last-catch", re.compile("new slot"))
    catch(phone, "Swordf", "swordfish")
    catch(phone, "Hammerhead", "hammerhead-shark")
    catch(phone, "Flounder", "flounder")

    # The same card again this week: refused (docs/rules.md §1); a Fish removed from the solo Sea: refused (A p.23).
    phone.type_into("survey-catch-search", "Sunfish")
    phone.tap("survey-catch-pick-sunfish")
    phone.wait_value("error-line", re.compile(r"companion rule, see Rules §1"))
    phone.type_into("survey-catch-search", "Man O")
    phone.tap("survey-catch-pick-man-o-war")
    phone.wait_value("error-line", re.compile(r"Angler's Guide p\.23"))
    phone.screenshot("survey_week")

    to_week_end(phone)
    phone.type_into("survey-regret-value", "6")
    phone.tap("survey-propose")
    phone.wait_value("survey-jettison-total", re.compile(r"Jettison value 6 · needed at least 6"))
    # The player keeps the Flounder instead: 4 < 6 is refused and nothing is hauled.
    phone.tap("survey-jettison-flounder")
    phone.wait_value("survey-jettison-total", re.compile(r"Jettison value 4 "))
    phone.tap("survey-haul")
    phone.wait_value("error-line", re.compile(r"Angler's Guide p\.26"))
    phone.tap("survey-jettison-flounder")
    phone.wait_value("survey-jettison-total", re.compile(r"Jettison value 6 "))
    phone.screenshot("survey_jettison")
    phone.tap("survey-haul")

    phone.wait_value("survey-budget", re.compile(r"= 10 to spend"))
    phone.tap("survey-unlock-rod-lucky-pole")
    phone.wait_value("survey-budget", re.compile(r"chosen 10 · 0 left"))
    phone.screenshot("survey_unlock")
    phone.tap("survey-unlock-confirm")
    phone.wait_value("survey-summary", re.compile("Lucky Pole"))
    phone.screenshot("survey_summary")

    # Week 2: the Sunfish again — held and hauled, its week-1 slot unchanged.
    phone.tap("survey-next-week")
    phone.wait_value("survey-day", re.compile("Week 2 · Monday"))
    phone.wait_text("Lucky Pole")
    catch(phone, "Sunfish", "sunfish")
    phone.wait_value("survey-last-catch", re.compile("slot unchanged"))
    to_week_end(phone)
    phone.type_into("survey-regret-value", "0")
    phone.tap("survey-propose")
    phone.wait_value("survey-jettison-total", re.compile(r"Jettison value 0 "))
    phone.tap("survey-haul")
    phone.wait_value("survey-budget", re.compile(r"= 4 to spend"))
    phone.tap("survey-unlock-confirm")  # nothing chosen: asked first, saying what is lost (issue 48 N9)
    phone.wait_value("survey-unlock-confirm-question", re.compile(r"all 4 to spend will be lost"))
    phone.tap("survey-unlock-confirm")
    phone.wait_value("survey-summary", re.compile("Week 2"))

    phone.tap("survey-tab-sheet")
    phone.wait_value("survey-slot-sunfish", re.compile("caught week 1 · hauled week 2"))
    phone.screenshot("survey_sheet")
    phone.tap("survey-tab-progress")
    phone.wait_value("survey-progress-total", "3/109")
    phone.wait_id("survey-chart")
    phone.screenshot("survey_progress")

    # Reloading the page reads the campaign back from the store.
    phone.open("/survey")
    phone.wait_id("survey-campaigns")
    [saved] = open_store(data_dir).list_campaigns()
    assert (saved.name, saved.weeks) == ("Halley's expedition", 2)
    campaign = open_store(data_dir).load_campaign(saved.id)
    assert campaign.unlocked == ["rod:lucky-pole"]
    assert campaign.sheet["sunfish"].first_week == 1 and campaign.sheet["sunfish"].hauled_week == 2
    assert "flounder" in campaign.sheet and campaign.sheet["flounder"].hauled_week is None
    phone.wait_id(f"survey-open-{saved.id}")
