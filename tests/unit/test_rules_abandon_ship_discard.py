"""Abandon Ship arrives at Port, and arriving at Port "during the Declaration or by the Lifeboat" lets the angler
"Discard one Regret card (optional)" (Angler's Guide p.17; issue 26, bug 5)."""

from __future__ import annotations

from companion.rules import actions as act
from companion.rules.common import with_player
from companion.rules.queries import available
from companion.rules.scenario import play, start_action_phase, table


def test_abandon_ship_offers_the_regret_discard_when_a_regret_is_held() -> None:
    """A p.17: the discard is offered on arriving at Port by the Lifeboat, and it takes one Regret card."""
    state = with_player(start_action_phase(table(2), ports=()), 0, regret_cards=2)
    assert available(state, 0).can("abandon_ship") and available(state, 0).port_discard
    after = play(state, act.AbandonShip(player=0, discard_regret=True))
    assert (after.players[0].location, after.players[0].lifeboat, after.players[0].regret_cards) == ("port", False, 1)


def test_no_discard_is_offered_without_a_regret_card() -> None:
    """A p.17: "Discard one Regret card" needs one to discard."""
    state = start_action_phase(table(2), ports=())
    assert available(state, 0).can("abandon_ship") and not available(state, 0).port_discard
