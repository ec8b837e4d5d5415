"""Shared by the fast-simulator tests: the rule sets checked and the replay into Round."""

from __future__ import annotations

from puur.contracts import Contract
from puur.fastsim import FastHand
from puur.round import Round
from puur.rules import PRESETS, RuleSet

EXTRA_RULES: dict[str, RuleSet] = {
    # Push back, every extra contract, large Weis, four low cards, Stöck with the Weis, the
    # doubled Kontermatch and a multiplier on every contract.
    "options-a": RuleSet(
        name="options-a",
        push_back=True,
        extra_contracts=frozenset({Contract.MISERE, Contract.SLALOM, Contract.SLALOM_UNDE}),
        large_weis=True,
        weis_four_low=True,
        stoeck_announce="with-weis",
        kontermatch="double",
        multipliers=(2, 1, 2, 1, 3, 4, 5, 6, 7),
    ),
    # Kreuzweis, a fixed Kontermatch bonus, Weis counted last, the 7 of Rosen starts.
    "options-b": RuleSet(
        name="options-b",
        kreuzweis=True,
        weis_four_low=True,
        kontermatch="bonus",
        kontermatch_bonus=77,
        count_order="stoeck-stich-weis",
        start_card=10,
        extra_contracts=frozenset({Contract.MISERE}),
        last_trick_bonus=7,
        match_bonus=150,
    ),
}
ALL_RULES: dict[str, RuleSet] = {**PRESETS, **EXTRA_RULES}


def _mask(actions: list[int]) -> int:
    m = 0
    for a in actions:
        m |= 1 << a
    return m


def replay_and_compare(
    rules: RuleSet,
    hand: FastHand,
    trace: list[int],
    game_scores: tuple[int, int] | None = None,
) -> Round:
    """Replay ``hand`` into a Round, checking the legal set at each step and the score."""
    assert len(trace) == len(hand.actions)
    rnd = Round(rules, hand.hands, hand.forehand, game_scores)
    for step, (action, legal) in enumerate(zip(hand.actions, trace, strict=True)):
        assert not rnd.is_over
        assert _mask(rnd.legal_actions()) == legal, f"legal actions differ at step {step}"
        rnd.push(action)  # the checked push: an illegal action would raise
    assert rnd.is_over
    assert rnd.winner == hand.winner
    assert rnd.contract == hand.contract
    assert rnd.multiplier == hand.multiplier
    assert rnd.credited == hand.credited
    score = rnd.hand_score()
    assert tuple(score["trick_points"]) == hand.trick_points
    assert tuple(score["match_bonus"]) == hand.match_bonus
    assert tuple(score["weis"]) == hand.weis
    assert tuple(score["stoeck"]) == hand.stoeck
    return rnd
