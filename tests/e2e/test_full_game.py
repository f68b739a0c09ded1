"""A whole 2-player, 6-Day game of Deep Regrets played through the browser, from Home to the scorer.

Ann (seat 0) and Bo (seat 1), Angler's Guide preset (Market shop, last to pass: 2 turns at Sea, 4 at Port).

Monday (Ann first): Ann draws 1 Regret, Bo 4. Ann catches Goliath Grouper (Fair 4, Difficulty 2) with two dice,
Bo Black Seabass (Fair 2, Difficulty 1), Ann Sheepshead (Fair 2, Difficulty 1), Bo Misery Stalker (Foul 2, no
Difficulty). Ann passes: Bo, last at Sea, has 2 turns (A p.9); he catches Triggerfish (Fair 1, Difficulty 1),
1 turn left, and passes.
Tuesday (Bo first): Bo declares Sea, Ann Makes Port. Bo passes: Ann, last at Port, has 4 turns (A p.9).
At Port: an orange Market die ($3, A p.16) is refused with $0; she sells Goliath Grouper at Madness 1–3
(Fair +1, docs/rules.md §2): 4 + 1 = $5; buys the orange die: $5 − $3 = $2; mounts Sheepshead in slot 2 (×3);
1 turn left; passes.
Wednesday: a Regret drawn for Ann by mistake is undone. Wednesday to Saturday: everyone passes.
The end: Ann reveals a Regret value of 2, Bo 7.

Expected score, by hand from docs/rules.md §7:
- Regret totals: Ann 2, Bo 7 (no Lifeboat flipped). Bo is highest; with 2 players he discards his lowest-valued
  mounted Fish, but he mounted none: nothing is discarded.
- Ann, 1 Regret card → Madness 1–3: Fair +1, Foul −1. Mounted Sheepshead (2 + 1) × 3 = 9; hand empty;
  $2 → 1 point. Total 10.
- Bo, 4 Regret cards → Madness 4–6: Fair +1, Foul 0. Hand: Black Seabass 2 + 1 = 3, Misery Stalker 2 + 0 = 2,
  Triggerfish 1 + 1 = 2 → 7; nothing mounted; $0 → 0 points. Total 7.
- Ann wins, 10 to 7.
"""

from __future__ import annotations

import re

from tests.support.browser import FletPage

ANN, BO = 0, 1


def test_whole_two_player_game_reaches_the_scorer_with_the_right_totals(phone: FletPage) -> None:
    phone.wait_id("home-new-game")
    phone.screenshot("home")

    # New game: two anglers, the default preset (Angler's Guide).
    phone.tap("home-new-game", then="player-name-0")
    phone.type_into("player-name-0", "Ann")
    phone.type_into("player-name-1", "Bo")
    phone.wait_value("player-name-1", "Bo")
    phone.screenshot("new_game")
    phone.tap("start-game", then="day-banner")
    table = Table(phone)
    table.expect_day("Monday")

    # Monday. Regrets drawn at the table.
    table.draw_regrets(ANN, 1)
    table.draw_regrets(BO, 4)
    table.refresh_and_throw()
    table.next_phase()  # no Declaration on the first Day (A p.8)
    table.expect_turn("Ann")

    table.catch(ANN, "Goliath Grouper", "goliath-grouper", dice=[0, 1], screenshot="player")
    table.catch(BO, "Black Seabass", "black-seabass", dice=[0])
    table.catch(ANN, "Sheepshead", "sheepshead", dice=[0])
    table.catch(BO, "Misery Stalker", "misery-stalker", dice=[])
    table.pass_turn(ANN)
    table.expect_countdown("Bo", 2)  # last to pass at Sea: 2 turns (A p.9)
    table.catch(BO, "Triggerfish", "triggerfish", dice=[0])
    table.expect_countdown("Bo", 1)
    table.pass_turn(BO)
    table.next_day("Tuesday")

    # Tuesday: Bo is first player now; Ann Makes Port.
    table.refresh_and_throw()
    table.next_phase()
    table.declare(BO, "sea")
    table.declare(ANN, "port")
    table.next_phase()
    table.pass_turn(BO)
    table.expect_countdown("Ann", 4)  # last to pass at Port: 4 turns (A p.9)
    phone.scroll_to_top()
    phone.screenshot("table")

    phone.tap(f"port-{ANN}", then="port-fishbucks")
    phone.wait_value("port-fishbucks", re.compile(r"^\$0\b"))
    phone.tap("buy-die-orange")  # $3 with $0: refused, and nothing changes
    refusal = phone.wait_value("error-line", re.compile(r"\$3"))
    assert "$0" in refusal, refusal
    assert phone.value("port-fishbucks").startswith("$0")
    phone.tap("sell-0")  # Goliath Grouper, Fair 4, at Madness 1–3: $5
    phone.wait_value("port-fishbucks", re.compile(r"^\$5\b"))
    phone.tap("buy-die-orange")  # accepted now: $5 − $3
    phone.wait_value("port-fishbucks", re.compile(r"^\$2\b"))
    phone.tap("mount-0-2")  # Sheepshead into slot 2, ×3
    phone.wait_value("mounted-2", re.compile("Sheepshead"))
    phone.scroll_to_top()
    phone.screenshot("port")
    phone.tap("table", then="day-banner")
    table.expect_countdown("Ann", 1)  # the refused purchase did not use a turn
    table.pass_turn(ANN)
    table.next_day("Wednesday")

    # Wednesday: a mistaken Regret, undone.
    assert phone.number(f"regret-{ANN}") == 1
    phone.tap(f"regret-plus-{ANN}")
    phone.wait_value(f"regret-{ANN}", re.compile(r"^2\b"))
    phone.tap("undo")
    phone.wait_value(f"regret-{ANN}", re.compile(r"^1\b"))

    for day, first, second, following in ((("Wednesday", ANN, BO, "Thursday")), ("Thursday", BO, ANN, "Friday"),
                                          ("Friday", ANN, BO, "Saturday"), ("Saturday", BO, ANN, None)):
        table.expect_day(day)
        table.refresh_and_throw()
        table.next_phase()
        table.declare(first, "sea")
        table.declare(second, "sea")
        table.next_phase()
        table.pass_turn(first)
        table.pass_turn(second)
        if following:
            table.next_day(following)

    phone.tap("end-game", then="end-game-question")  # asked first (issue 12)
    phone.tap("end-game")
    table.reveal(ANN, 2)
    table.reveal(BO, 7)
    phone.tap("score-game", then="scorer-from-game")

    phone.wait_value("scorer-from-game", re.compile("Filled in from the game"))
    assert "Sheepshead" in phone.value("scorer-mount-0-2")
    bo_hand = [phone.value(f"scorer-hand-1-{k}") for k in range(3)]
    assert [fish.split(" · ")[0] for fish in bo_hand] == ["Black Seabass", "Misery Stalker", "Triggerfish"], bo_hand
    phone.scroll_to_top()
    phone.screenshot("scorer")
    assert phone.value("scorer-winners") == "Winner: Ann"
    phone.wait_value("scorer-rank-0", re.compile(r"^1\. Ann: 10\b"))
    phone.wait_value("scorer-rank-1", re.compile(r"^2\. Bo: 7\b"))
    phone.bring_to_top("scorer-results")
    phone.screenshot("results")
    phone.wait_value("scorer-breakdown-0", re.compile(r"Total 10$"))
    phone.wait_value("scorer-breakdown-1", re.compile(r"Total 7$"))
    # Bo's Regret total is the highest, but he has no mounted Fish: nothing is discarded (A p.22).
    phone.wait_value("scorer-penalty-1", re.compile("no mounted Fish"))
    assert not phone.has_id("scorer-penalty-0"), "Ann's Regret total is not the highest"


class Table:
    """The moves of this game, tapped on the table, player and Port screens."""

    def __init__(self, phone: FletPage) -> None:
        self.phone = phone
        self.hands = {ANN: 0, BO: 0}  # Fish in each hand, as this game's story has it

    def expect_day(self, day: str) -> None:
        self.phone.wait_value("day-name", day)

    def expect_turn(self, name: str) -> None:
        self.phone.wait_value("turn-indicator", f"{name}'s turn")

    def expect_countdown(self, name: str, turns: int) -> None:
        countdown = self.phone.wait_value("countdown", re.compile(rf"\b{turns} turn"))
        assert countdown.startswith(name), countdown

    def draw_regrets(self, seat: int, count: int) -> None:
        start = self.phone.number(f"regret-{seat}")
        for n in range(1, count + 1):
            self.phone.tap(f"regret-plus-{seat}")
            self.phone.wait_value(f"regret-{seat}", re.compile(rf"^{start + n}\b"))

    def refresh_and_throw(self) -> None:
        """Both anglers refresh; whoever rolled highest throws the Life Preserver to the other (A p.8)."""
        for seat in (ANN, BO):
            self.phone.tap(f"refresh-{seat}")
            self.phone.wait_gone(f"refresh-{seat}")
        target = self.phone.page.locator('[flt-semantics-identifier^="throw-lp-"]').first
        try:
            target.wait_for(state="attached")
        except Exception as missing:
            raise AssertionError("everyone has refreshed, but the table offers no Life Preserver throw (A p.8)") \
                from missing
        identifier = target.get_attribute("flt-semantics-identifier")
        self.phone.tap(identifier)
        self.phone.wait_gone(identifier)

    def next_phase(self) -> None:
        phase = self.phone.value("phase")
        self.phone.tap("advance-phase")
        self.phone.wait_value("phase", re.compile(rf"^(?!{phase}$)"))

    def declare(self, seat: int, where: str) -> None:
        self.phone.tap(f"declare-{where}-{seat}")
        if where == "port":  # Making Port musters again (A p.17): here the app rolls
            self.phone.tap(f"port-roll-{seat}")
            self.phone.wait_gone(f"port-roll-{seat}")
        self.phone.wait_gone(f"declare-{where}-{seat}")
        self.phone.wait_value(f"where-{seat}", re.compile("Port" if where == "port" else "Sea"))

    def pass_turn(self, seat: int) -> None:
        self.phone.tap(f"pass-{seat}")
        self.phone.wait_id(f"passed-{seat}")

    def next_day(self, day: str) -> None:
        self.phone.wait_id("day-effects")
        self.phone.tap("effect-0")  # ticking is the table's own checklist; the app applies the Day on confirmation
        self.phone.tap("advance-day")
        self.expect_day(day)

    def catch(self, seat: int, fish_name: str, fish_id: str, dice: list[int], screenshot: str | None = None) -> None:
        """On the angler's screen: select the dice, find the Fish in the catalog, catch it, back to the table."""
        phone = self.phone
        phone.tap(f"player-{seat}", then="catch-search")
        for n, die in enumerate(dice, start=1):
            phone.tap(f"fresh-die-{die}")
            phone.wait_value("selected-dice", re.compile(rf"^Selected: [^,]+(, [^,]+){{{n - 1}}}$"))
        phone.type_into("catch-search", fish_name)
        phone.tap(f"catch-pick-{fish_id}")
        phone.tap("catch-fish")
        phone.wait_value(f"hand-{self.hands[seat]}", re.compile(re.escape(fish_name)))
        self.hands[seat] += 1
        if screenshot:
            phone.scroll_to_top()
            phone.screenshot(screenshot)
        phone.tap("table", then="day-banner")

    def reveal(self, seat: int, value: int) -> None:
        self.phone.type_into(f"reveal-{seat}", str(value))
        self.phone.tap(f"reveal-ok-{seat}")
        self.phone.wait_gone(f"reveal-ok-{seat}")
