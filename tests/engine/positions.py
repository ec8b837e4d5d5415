"""Positions for the differential tests of the fast paths against the reference Round.

Uniformly random play almost never lets one team take all nine tricks, so the Match and the
three Kontermatch scorings would go untested. Here a deal is skewed towards one team (it gets
the strongest cards of the contract, with some noise) and the reference :class:`Round` plays
it greedily for that team: its seats take the trick when they can, the others duck. The
positions met on the way have that team holding every trick so far, in every contract.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from puur.actions import A_CHOOSE, A_PUSH, A_STOECK, A_WEIS
from puur.cards import NUM_CARDS
from puur.contracts import MODE_OBENABE, MODE_UNDENUFE, STRENGTH, Contract, contract_mode
from puur.round import Round
from puur.rules import RuleSet

KONTERMATCH = ("match", "double", "bonus")
CONTRACTS = tuple(range(9))
# Bonuses away from their defaults, so that no constant of the default rules can hide.
SCORING: dict[str, RuleSet] = {
    km: RuleSet(
        name=f"kontermatch-{km}", kontermatch=km,  # type: ignore[arg-type]
        extra_contracts=frozenset({Contract.MISERE, Contract.SLALOM, Contract.SLALOM_UNDE}),
        weis=False, last_trick_bonus=7, match_bonus=150, kontermatch_bonus=77,
        multipliers=(2, 1, 2, 1, 3, 3, 4, 5, 6),
    )
    for km in KONTERMATCH
}


def _worth(contract: int, card: int) -> float:
    if contract < 4:
        return float(STRENGTH[contract][card])
    if contract in (Contract.SLALOM, Contract.SLALOM_UNDE):
        return float(max(STRENGTH[MODE_OBENABE][card], STRENGTH[MODE_UNDENUFE][card]))
    return float(STRENGTH[contract_mode(contract, 0)][card])


def skewed_deal(rng: random.Random, contract: int, team: int) -> list[int]:
    """A deal in which ``team`` holds mostly the strongest cards of ``contract``."""
    order = sorted(range(NUM_CARDS), key=lambda c: -_worth(contract, c) - 4 * rng.random())
    strong, weak = order[:18], order[18:]
    rng.shuffle(strong)
    rng.shuffle(weak)
    hands = [0, 0, 0, 0]
    for seat in range(4):
        pool = strong if seat & 1 == team else weak
        part = pool[:9] if seat < 2 else pool[9:]
        for c in part:
            hands[seat] |= 1 << c
    return hands


def _winner(rnd: Round, cards: list[int]) -> int:
    """Index of the card winning ``cards`` (a trick in playing order) in the current mode."""
    st = STRENGTH[rnd.mode]
    best = 0
    for i in range(1, len(cards)):
        c, b = cards[i], cards[best]
        if (c // 9 == b // 9 and st[c] > st[b]) or (c // 9 == rnd.trump and b // 9 != rnd.trump):
            best = i
    return best


def greedy_card(rnd: Round, team: int, rng: random.Random, noise: float = 0.1) -> int:
    """A card for ``team`` to take the trick (its seats) or to let it (the others)."""
    legal = [c for c in range(NUM_CARDS) if rnd.legal_cards() >> c & 1]
    if rng.random() < noise:
        return rng.choice(legal)
    st = STRENGTH[rnd.mode]
    ours = rnd.to_move & 1 == team

    def outcome(c: int) -> bool:
        cards = [*rnd.trick, c]
        return (rnd.leader + _winner(rnd, cards)) & 1 == team

    if not rnd.trick:
        live = rnd.hands[0] | rnd.hands[1] | rnd.hands[2] | rnd.hands[3]
        tops = [c for c in legal if max((d for d in range(NUM_CARDS)
                                         if live >> d & 1 and d // 9 == c // 9),
                                        key=lambda d: st[d]) == c]
        pick = tops if ours and tops else legal
        return max(pick, key=lambda c: st[c]) if ours else min(pick, key=lambda c: st[c])
    # The cheapest card that leaves ``team`` winning the trick (for both sides alike).
    good = [c for c in legal if outcome(c)]
    return min(good or legal, key=lambda c: st[c])


def start(
    rules: RuleSet, contract: int, team: int, rng: random.Random, chose: bool | None = None,
) -> Round:
    """A fresh hand of ``contract`` on a deal skewed towards ``team``; the forehand or its
    partner (after a push) chose, of ``team`` when ``chose`` (at random when ``None``)."""
    if chose is None:
        chose = rng.random() < 0.5
    forehand = 2 * rng.randrange(2) + (team if chose else team ^ 1)
    rnd = Round(rules, skewed_deal(rng, contract, team), forehand)
    if rng.random() < 0.3:
        rnd.push(A_PUSH)
    rnd.push(A_CHOOSE + contract)
    return rnd


def decide(rnd: Round) -> None:
    """Answer a Weis or Stöck question: keep quiet about the Weis, announce Stöck."""
    rnd.push(A_WEIS if rnd.phase == "weis" else A_STOECK)


def play_until(
    rnd: Round, cards: int, choose: Callable[[Round], int],
) -> Round:
    """Play ``cards`` cards with ``choose`` (answering questions with :func:`decide`)."""
    target = len(rnd.played) + cards
    while not rnd.is_over and len(rnd.played) < target:
        if rnd.phase in ("weis", "stoeck"):
            decide(rnd)
        else:
            rnd.push(choose(rnd))
    while not rnd.is_over and rnd.phase in ("weis", "stoeck"):
        decide(rnd)
    return rnd


def taken(rnd: Round) -> int:
    """Bit ``t`` set when team ``t`` has won a trick."""
    return (1 if rnd.tricks_won[0] else 0) | (2 if rnd.tricks_won[1] else 0)


def positions(
    rules: RuleSet, contract: int, seed: str, count: int, min_left: int, max_left: int,
) -> Iterator[tuple[Round, int]]:
    """``count`` card-play positions of ``contract`` with ``min_left`` to ``max_left`` tricks
    to go (part of the current trick possibly played), each with the team ``team`` that the
    deal and the play favoured: half of them the chooser's team (a Match in reach), half the
    other team (a Kontermatch). Most have that team holding every trick so far."""
    rng = random.Random(f"{seed}:{contract}")
    made = 0
    while made < count:
        team = rng.randrange(2)
        rnd = start(rules, contract, team, rng, chose=made % 2 == 0)
        left = rng.randint(min_left, max_left)
        cards = (9 - left) * 4 + rng.randrange(4)
        play_until(rnd, cards, lambda r, t=team: greedy_card(r, t, rng))
        if rnd.is_over or rnd.phase != "play":
            continue
        made += 1
        yield rnd, team


ALL_KINDS = ("stoeck", "weis", "trick", "last", "match")
CARD_PLAY = ("trick", "last", "match")  # what the solver's values count (no Stöck)


def gained(rnd: Round, since: int, team: int, kinds: tuple[str, ...] = ALL_KINDS) -> int:
    """What ``team`` was credited since credit number ``since``, in ``kinds``, before the
    multiplier."""
    return sum(p for t, p, k in rnd.credits[since:] if t == team and k in kinds) // (
        rnd.multiplier)


def brute_force(rnd: Round, team: int, kinds: tuple[str, ...] = ALL_KINDS) -> int:
    """Plain minimax with the engine itself: ``team`` maximises its gain (the credits of
    ``kinds``), the others minimise.

    Stöck is always announced. No pruning, no table, every legal card tried.
    """
    if rnd.is_over:
        return 0
    if rnd.phase == "stoeck":
        base = len(rnd.credits)
        rnd.push(A_STOECK)
        v = gained(rnd, base, team, kinds) + brute_force(rnd, team, kinds)
        rnd.pop()
        return v
    values = []
    for a in rnd.legal_actions():
        base = len(rnd.credits)
        rnd.push(a)
        values.append(gained(rnd, base, team, kinds) + brute_force(rnd, team, kinds))
        rnd.pop()
    return max(values) if (rnd.to_move & 1) == team else min(values)
