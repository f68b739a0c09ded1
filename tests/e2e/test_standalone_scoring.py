"""Scoring a 4-player table that tracked nothing, on the ``/score`` screen, through the browser.

Angler's Guide preset. Fish come from the catalog by name (Sunfish Fair 4, Coelacanth Fair 4) or are typed as a
value and Fair/Foul. Expected scores, by hand from docs/rules.md §7 (Madness rows from §2):

- Ann: 0 Regret cards (Fair +2, Foul −2), Regret value 0, $5. Hand: Sunfish 4 + 2 = 6; a Foul 1 → 1 − 2, never
  below 0 → 0. Slot 1 (×2): Coelacanth (4 + 2) × 2 = 12. $5 → 2 points. Total 20.
- Bo: 7 Regret cards (Fair 0, Foul +1), Regret value 12, Lifeboat flipped (+10) → Regret total 22, the highest.
  With more than 2 players he discards his highest-valued mounted Fish: slot 1 Foul 5 → 6 (× 2 = 12) beats slot 2
  Fair 3 → 3 (× 3 = 9) either way it is counted, so slot 1 goes. Slot 2: 9; hand Foul 2 → 3; $3 → 1. Total 13.
- Cy: 2 Regret cards (Fair +1, Foul −1), Regret value 4, $8. Hand Fair 3 → 4; slot 3 (×2) Fair 5 → 6 × 2 = 12;
  $8 → 4 points. Total 20.
- Di: 4 Regret cards (Fair +1, Foul 0), Regret value 5, $1. Hand Foul 3 → 3; $1 → 0 points. Total 3.
- Ann and Cy tie on 20; the lower Regret value (0 against 4) puts Ann first. Ranking: Ann, Cy, Bo, Di.
"""

from __future__ import annotations

import re

from tests.support.browser import FletPage
from tests.support.scorer import Angler, fill_in, from_catalog, typed

TABLE = [
    Angler("Ann", 0, 0, 5, fish=(from_catalog("hand", "Sunfish", "sunfish"), from_catalog(1, "Coela", "coelacanth"),
                                 typed("hand", 1, "foul"))),
    Angler("Bo", 7, 12, 3, lifeboat=True, fish=(typed(1, 5, "foul"), typed(2, 3, "fair"), typed("hand", 2, "foul"))),
    Angler("Cy", 2, 4, 8, fish=(typed("hand", 3, "fair"), typed(3, 5, "fair"))),
    Angler("Di", 4, 5, 1, fish=(typed("hand", 3, "foul"),)),
]


class BrowserThumb:
    """Fills in the scorer in Chromium, waiting for each entry to show before the next."""

    def __init__(self, phone: FletPage) -> None:
        self.phone = phone
        self.in_hand: dict[int, int] = {}

    def tap(self, identifier: str) -> None:
        self.phone.tap(identifier)

    def type(self, identifier: str, text: str) -> None:
        self.phone.type_into(identifier, text)  # waits until the field shows it

    def count(self, seat: int, what: str, n: int) -> None:
        prefix = r"\$" if what == "fishbucks" else ""
        for k in range(1, n + 1):
            self.phone.tap(f"scorer-{what}-plus-{seat}")
            self.phone.wait_value(f"scorer-{what}-{seat}", re.compile(rf"^{prefix}{k}\b"))

    def tick(self, identifier: str) -> None:
        self.phone.tap(identifier)

    def aim(self, seat: int, where: str) -> None:
        self.phone.tap(f"scorer-target-{seat}-{where}")

    def placed(self, seat: int, where: str) -> None:
        """Wait until the Fish just added shows as the hand's next row or in its mount slot."""
        if where == "hand":
            self.phone.wait_id(f"scorer-hand-{seat}-{self.in_hand.get(seat, 0)}")
            self.in_hand[seat] = self.in_hand.get(seat, 0) + 1
        else:
            self.phone.wait_value(f"scorer-mount-{seat}-{where}", re.compile(r"^(?!.*empty$)"))


def test_four_player_table_scored_on_its_own(phone: FletPage) -> None:
    phone.tap("home-score", then="scorer-player-1")
    for _ in range(len(TABLE) - 2):  # a blank table starts with two anglers
        seats = phone.page.locator('[flt-semantics-identifier^="scorer-player-"]').count()
        phone.tap("scorer-add-player")
        phone.wait_id(f"scorer-player-{seats}")

    thumb = BrowserThumb(phone)
    for i, angler in enumerate(TABLE):
        fill_in(thumb, i, angler)
        if i == 0:
            phone.scroll_to_top()
            phone.screenshot("standalone_scorer")

    phone.wait_value("scorer-winners", "Winner: Ann")
    expected = ["1. Ann: 20", "2. Cy: 20", "3. Bo: 13", "4. Di: 3"]
    for k, line in enumerate(expected):
        shown = phone.wait_value(f"scorer-rank-{k}", re.compile(rf"^{re.escape(line)}\b"))
        assert ("tie" in shown) == (k < 2), shown  # only Ann and Cy were tied
    penalised = []
    for i in range(len(TABLE)):
        phone.wait_id(f"scorer-breakdown-{i}")
        if phone.has_id(f"scorer-penalty-{i}"):
            penalised.append(i)
    assert penalised == [1], "only Bo, with the highest Regret total, discards a mounted Fish"
    bo_lines = [phone.value(f"scorer-line-1-{k}") for k in range(3)]  # his three Fish, in some order
    discarded = [line for line in bo_lines if "discarded" in line]
    assert len(discarded) == 1 and "Foul 5" in discarded[0], bo_lines  # slot 1 Foul 5, not slot 2 Fair 3
    phone.bring_to_top("scorer-results")
    phone.screenshot("standalone_results")


def test_each_tapped_number_takes_the_keys_that_follow(phone: FletPage) -> None:
    """Issue 26, bug 3: after typing a Regret value, the first tap on a Fishbucks number didn't open it and the
    digits typed next were lost (or went into the still-focused field). Here each number is tapped once, typed
    and left by tapping the next one, as a thumb goes round the table; a field starts empty (10, not "010")."""
    phone.tap("home-score", then="scorer-player-1")
    phone.type_into("scorer-regret-value-0", "3")
    # One tap: it takes the focus, or this fails ($10, the Angler's Guide's cap: more is refused at the field).
    phone.type_into("scorer-fishbucks-field-0", "10", clear=False)
    phone.type_into("scorer-regret-cards-field-1", "2", clear=False)
    phone.type_into("scorer-fishbucks-field-1", "4", clear=False)
    phone.type_into("scorer-regret-value-1", "5")
    phone.wait_value("scorer-fishbucks-0", re.compile(r"^\$10\b"))
    phone.wait_value("scorer-regret-cards-1", re.compile(r"^2\b"))
    phone.wait_value("scorer-fishbucks-1", re.compile(r"^\$4\b"))
    phone.wait_value("scorer-regret-cards-0", re.compile(r"^0\b"))  # untouched: no key went astray
    phone.wait_value("scorer-regret-value-0", "3")


def test_a_typed_number_counts_while_the_keyboard_is_still_on_it(phone: FletPage) -> None:
    """Issue 48 N5: Endeavor showed Giulia 35, not 39, while the keyboard was still on her count, and the Deep
    Regrets $ field likewise: each digit counts as it is typed (docs/rules.md §13 for Endeavor's tracks, §7: 1
    point per $2), and the field keeps the keys."""
    phone.tap("home-score", then="scorer-player-1")
    phone.tap("scorer-game-endeavor", then="endeavor-name-0")
    phone.type_into("endeavor-name-0", "Giulia")
    phone.type_into("endeavor-name-1", "Bo")
    phone.type_into("endeavor-ingenuity-0", "3")
    phone.wait_value("scorer-rank-0", re.compile(r"^1\. Giulia: 3\b"))
    phone.press("9")
    phone.wait_value("scorer-rank-0", re.compile(r"^1\. Giulia: 39\b"))
    phone.wait_value("endeavor-ingenuity-0", "39")  # nothing written back over the keys

    phone.tap("scorer-game-deep-regrets", then="scorer-name-0")
    phone.type_into("scorer-name-0", "Ann")
    phone.type_into("scorer-regret-value-0", "0")
    phone.type_into("scorer-name-1", "Hugo")
    phone.type_into("scorer-regret-value-1", "0")
    phone.type_into("scorer-fishbucks-field-1", "1", clear=False)
    phone.wait_value("scorer-total-1", "Total 0")
    phone.press("0")
    phone.wait_value("scorer-total-1", "Total 5")
    phone.wait_value("scorer-fishbucks-field-1", "10")
