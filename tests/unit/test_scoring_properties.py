"""Invariants of Deep Regrets scoring over random tables (docs/rules.md §7, A p.22)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.fish import FishRef
from companion.rules.ruleset import build_ruleset
from companion.scoring.deep_regrets import DeepRegretsPlayer, score_deep_regrets
from tests.support.examples import examples

fish = st.builds(FishRef, value=st.one_of(st.none(), st.integers(0, 9)), type=st.sampled_from(["fair", "foul"]))


@st.composite
def players(draw: st.DrawFn) -> list[DeepRegretsPlayer]:
    n = draw(st.integers(1, 5))
    out = []
    deck = 10 * n if n > 1 else 60  # the table's Regret cards come from one deck (A p.6, p.23)
    for i in range(n):
        cards = draw(st.integers(0, min(20, deck)))
        deck -= cards
        out.append(DeepRegretsPlayer(
            name=f"P{i}", regret_cards=cards, regret_value=draw(st.integers(0, 3 * cards)),
            lifeboat_flipped=draw(st.booleans()), fishbucks=draw(st.integers(0, 10)),
            hand=tuple(draw(st.lists(fish, max_size=5))),
            mounted=tuple(draw(st.lists(st.one_of(st.none(), fish), max_size=3))),
            cloche=draw(st.one_of(st.none(), fish))))
    return out


@settings(max_examples=examples(200), deadline=None)
@given(players(), st.sampled_from([(), ("penalty-printed",)]))
def test_scores_add_up_and_rank_by_the_tie_break_chain(table: list[DeepRegretsPlayer],
                                                       variants: tuple[str, ...]) -> None:
    result = score_deep_regrets(table, build_ruleset("anglers-guide", variants))
    by_name = {p.name: p for p in table}
    totals = {}
    for s in result.players:
        p = by_name[s.name]
        # §7.3: the score is the Fish points plus $2 per point, and no Fish ever scores below 0.
        assert s.score == sum(line.points for line in s.fish) + p.fishbucks // 2
        assert all(line.points >= 0 for line in s.fish)
        assert all(line.points == 0 for line in s.fish if line.printed is None)
        totals[s.name] = p.regret_value + (10 if p.lifeboat_flipped else 0)
        assert s.regret_total == totals[s.name]
    highest = max(totals.values())
    for s in result.players:
        discarded = [line for line in s.fish if line.discarded]
        # §7.2: only the highest Regret total is penalised, never solo, never a total of 0, at most one mounted Fish.
        hit = len(table) > 1 and totals[s.name] == highest > 0
        assert (s.penalty is not None) == hit
        # docs/rules.md §10: the penalty takes from the three slots only, never the Cloche.
        assert len(discarded) == (1 if hit and any(line.place == "mount" for line in s.fish) else 0)
        assert all(line.place == "mount" for line in discarded)
        if discarded:
            # 2 players: the lowest-valued mounted Fish, otherwise the highest; by scored or printed value.
            pick = min if len(table) == 2 else max
            mounts = [line for line in s.fish if line.place == "mount"]
            if variants:
                assert (discarded[0].printed or 0) == pick(line.printed or 0 for line in mounts)
            else:
                assert s.penalty.points_lost == pick(line.value * line.multiplier for line in mounts)
    # §7.4: rank 1 goes to the best (score, lower Regret total, fewer cards); equal keys share a rank.
    key = {s.name: (-s.score, s.regret_total, s.regret_cards) for s in result.players}
    for a in result.players:
        assert a.rank == 1 + sum(1 for b in result.players if key[b.name] < key[a.name])
    assert set(result.winners) == {s.name for s in result.players if s.rank == 1}
    assert result.winners
