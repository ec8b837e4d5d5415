"""Helpers for building and driving constructed hands in the engine tests."""

from __future__ import annotations

import random
from collections.abc import Iterable

from puur.actions import A_STOECK, A_STOECK_NO, A_WEIS
from puur.cards import CardSet, parse_card
from puur.game import Game
from puur.notation import parse_action
from puur.round import Round
from puur.rules import RuleSet


def hands(*texts: str) -> list[int]:
    """Four hands from card text, seat 0 first."""
    assert len(texts) == 4
    return [CardSet.from_text(t).bits for t in texts]


def cards(text: str) -> int:
    """A raw mask from card text."""
    return CardSet.from_text(text).bits


def card(token: str) -> int:
    """One card."""
    return parse_card(token)


def drive(
    r: Round | Game,
    tokens: str,
    declare: Iterable[int] = (),
    stoeck: bool = True,
) -> None:
    """Push notation tokens; Weis and Stöck decisions that fall between them are answered
    automatically: seats in ``declare`` declare their suggested split, the others keep quiet;
    Stöck is announced when ``stoeck`` is true."""
    declare = set(declare)
    for tok in tokens.split():
        _answer_decisions(r, declare, stoeck)
        rnd = r.round if isinstance(r, Game) else r
        r.push(parse_action(rnd, tok))
    _answer_decisions(r, declare, stoeck)


def _answer_decisions(r: Round | Game, declare: set[int], stoeck: bool) -> None:
    while True:
        rnd = r.round if isinstance(r, Game) else r
        if rnd.is_over:
            return
        if rnd.phase == "weis":
            r.push(A_WEIS + 1 if rnd.to_move in declare else A_WEIS)
        elif rnd.phase == "stoeck":
            r.push(A_STOECK if stoeck else A_STOECK_NO)
        else:
            return


def play_random(r: Round, rng: random.Random) -> Round:
    """Play ``r`` to its end with uniformly random legal actions."""
    while not r.is_over:
        r.push(rng.choice(r.legal_actions()))
    return r


def play_random_game(g: Game, rng: random.Random, max_actions: int = 100_000) -> Game:
    """Play ``g`` to its end with uniformly random legal actions."""
    n = 0
    while not g.is_over and n < max_actions:
        g.push(rng.choice(g.legal_actions()))
        n += 1
    return g


STANDARD = RuleSet(multipliers=(2, 1, 2, 1, 3, 3, 1, 3, 3), target=2500)
"""The standard multiplier table (Schellen ×2)."""


def deal_with(*fixed: str, voids: dict[int, str] | None = None) -> list[int]:
    """Four hands where seat ``i`` holds the cards of ``fixed[i]`` (may be fewer than nine) and
    the remaining cards are handed out round-robin, lowest first, to fill every hand to nine.
    ``voids`` maps a seat to suit letters (``"DH"``) it must not be given by the filling."""
    assert len(fixed) == 4
    hs = [CardSet.from_text(t).bits for t in fixed]
    used = 0
    for h in hs:
        assert not used & h, "a card is given twice"
        used |= h
    avoid = {seat: {"DHSC".index(x) for x in suits} for seat, suits in (voids or {}).items()}
    rest = [c for c in range(36) if not used >> c & 1]
    seat = 0
    for c in rest:
        for _ in range(4):
            if hs[seat].bit_count() < 9 and c // 9 not in avoid.get(seat, ()):
                break
            seat = (seat + 1) % 4
        else:
            raise AssertionError("cannot fill the hands with these voids")
        hs[seat] |= 1 << c
        seat = (seat + 1) % 4
    assert all(h.bit_count() == 9 for h in hs)
    return hs


def play_lowest(
    r: Round, n: int, declare: Iterable[int] = (), stoeck: bool = True
) -> None:
    """Play ``n`` cards, each the lowest legal card, answering decisions as :func:`drive`."""
    from puur.cards import bits, format_card

    for _ in range(n):
        _answer_decisions(r, set(declare), stoeck)
        drive(r, format_card(bits(r.legal_cards())[0]), declare, stoeck)
