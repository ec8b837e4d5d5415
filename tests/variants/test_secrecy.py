"""Observations hide what the rules hide, for every variant and preset.

Two deals that differ only in cards a seat cannot know (the other hands' unplayed cards, except
those the table has been shown) must give that seat identical observations at every step of the
same play: the same object fields, tensor and action mask. A spectator, who knows no hand, is
checked the same way with every hand redealt.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from puur.hand import IllegalActionError
from puur.variants import get, variants
from puur.variants.view import SPECTATOR

CASES = [(v.key, p) for v in variants() for p in v.presets]


def redeal(
    obs: object, hands: tuple[int, ...], seat: int, rng: random.Random,
    declared: tuple[tuple[object, ...], ...],
) -> tuple[int, ...]:
    """Initial hands in which every card unknown to ``seat`` is dealt anew among the others.

    A seat that declared a Weis keeps its hand: its announcement (points and length) is public
    and a redeal would contradict it."""
    n = len(hands)
    fixed = []
    pool: list[int] = []
    for s in range(n):
        if s == seat or declared[s]:
            fixed.append(hands[s])
            continue
        # What the seat is known to have been dealt: what it played and showed, unless the
        # variant says otherwise (a hand swapped for a blind, a turned card taken for a 6).
        dealt_known = getattr(obs, "dealt_known", None)
        keep = (dealt_known(s) if dealt_known is not None
                else obs.played_by(s) | obs.known_cards(s))  # type: ignore[attr-defined]
        fixed.append(keep)
        pool.extend(c for c in range(36) if hands[s] >> c & 1 and not keep >> c & 1)
    rng.shuffle(pool)
    out = []
    for s in range(n):
        h = fixed[s]
        need = hands[s].bit_count() - h.bit_count()
        for c in pool[:need]:
            h |= 1 << c
        del pool[:need]
        out.append(h)
    return tuple(out)


@pytest.mark.parametrize(("key", "preset"), CASES)
@settings(max_examples=8)
@given(seed=st.integers(0, 2**31), data=st.data())
def test_hidden_cards_do_not_change_an_observation(
    key: str, preset: str, seed: int, data: st.DataObject
) -> None:
    variant = get(key)
    rules = variant.preset(preset)
    game = variant.new_game(rules, seed=seed)
    rng = random.Random(seed)
    steps = data.draw(st.integers(0, 45))
    for _ in range(steps):
        if game.round.is_over or game.is_over or len(game.rounds) > 1:
            break
        game.push(rng.choice(game.legal_actions()))
    assume(len(game.rounds) == 1)
    hand = game.round
    seat = data.draw(st.integers(SPECTATOR, hand.num_seats - 1))
    obs = hand.observation(seat)
    deal = game.deal_for(0)
    hands = variant.hands_of(deal)
    if seat == SPECTATOR:
        # A spectator knows no hand: redeal as the seats' own unknowns allow for seat 0 and
        # check the spectator's view on the same play.
        base_seat = 0
        alt = redeal(hand.observation(0), hands, base_seat, rng, hand.declared)
    else:
        alt = redeal(obs, hands, seat, rng, hand.declared)
    other = variant.new_game(rules, seed=seed, deals=[variant.with_hands(deal, alt)])
    # Who chooses first is public (in Schieber's first hand the holder of the start card): a
    # redeal that moves it is not consistent with what the seat knows.
    assume(other.round.to_move == variant.new_game(rules, seed=seed).round.to_move)
    replay = variant.new_game(rules, seed=seed, deals=[deal])
    try:
        for a in hand.actions:
            assert other.round.observation(seat) == replay.round.observation(seat)
            other.push(a)
            replay.push(a)
    except IllegalActionError:
        assume(False)  # the redeal made a different play impossible: not a counterexample
    final = other.round.observation(seat)
    assert final == obs
    assert final.to_tensor() == obs.to_tensor()
    assert final.action_mask() == obs.action_mask()


# ---------------------------------------------------------------------------------------------
# The order of an announced Weis


def _weis_hand(key: str, mine: str, swap: str) -> tuple[object, object]:
    """A hand of ``key`` (four seats, seat 0 first to play) in which seat 0 holds ``mine`` and
    declares its Weis of two melds with its first card; seat 2 holds ``swap`` and the rest.
    Returns the game and the hand after seat 0's first card."""
    from puur.cards import CardSet
    from puur.variants.differenzler import A_FORECAST, DifferenzlerDeal

    v = get(key)
    rest = [c for c in range(36) if not CardSet.from_text(mine + " " + swap).bits >> c & 1]
    hands = [CardSet.from_text(mine).bits, 0, CardSet.from_text(swap).bits, 0]
    for s in (1, 3):
        for c in rest[:9]:
            hands[s] |= 1 << c
        del rest[:9]
    for c in rest:
        hands[2] |= 1 << c
    if key == "differenzler":
        rules = v.rules_from_dict({"weis": True})
        turned = max(c for c in range(36) if hands[3] >> c & 1 and c // 9 == 2)  # Schilten
        game = v.new_game(rules, seed=1, deals=[DifferenzlerDeal(tuple(hands), 3, turned, 2)])
        for _ in range(4):
            game.push(A_FORECAST + 40)
    else:
        from puur.variants.coiffeur import row_action

        rules = v.rules_from_dict({"weis": True, "start_card": "CA"})  # CA: seat 0 chooses
        game = v.new_game(rules, seed=1, deals=[tuple(hands)])
        game.push(row_action(0, 3))  # Eicheln ×1, Eicheln trumps
    hand = game.round
    assert hand.to_move == 0 and hand.phase == "weis"
    both = next(k for k, split in enumerate(hand.weis_options(0), start=1) if len(split) == 2)
    game.push(hand.A_WEIS + both)
    game.push(CardSet.from_text("CA").bits.bit_length() - 1)
    return game, hand


@pytest.mark.parametrize("key", ["differenzler", "coiffeur"])
def test_an_announced_weis_is_told_best_first_whatever_its_suits(key: str) -> None:
    from puur.variants.json_view import own_view, shared_view

    # Schellen 6-8 and Rosen 6-9, or Schellen 6-9 and Rosen 6-8: the same announcement, 50 and
    # 20, with the melds in the other order of suits.
    a_game, a = _weis_hand(key, "D6 D7 D8 H6 H7 H8 H9 CA CK", "D9 CQ")
    b_game, b = _weis_hand(key, "D6 D7 D8 D9 H6 H7 H8 CA CK", "H9 CQ")
    assert [(m.points, m.length) for m in a.declared[0]] == [(20, 3), (50, 4)]
    assert [(m.points, m.length) for m in b.declared[0]] == [(50, 4), (20, 3)]
    for seat in (SPECTATOR, 1, 3):
        oa, ob = a.observation(seat), b.observation(seat)
        assert oa.weis_announced[0] == ob.weis_announced[0] == ((50, 4), (20, 3))
        assert oa == ob
        assert shared_view(a_game, oa) == shared_view(b_game, ob)
        if seat >= 0:
            assert own_view(a_game, oa) == own_view(b_game, ob)
