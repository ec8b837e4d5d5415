"""The greedy play-outs, compiled: a line-by-line port of :class:`puur.bots.playout.Playout`'s
``run`` and its card policy (the reference; see its module header for the policy).

The Python class keeps its interface, its argument checks and the exact endgame (the solver,
itself compiled when numba is there) and calls :class:`PlayoutCore` to play the cards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros as _trailing_zeros

from puur.compiled._tables import (
    MODES_T,
    POINTS_T,
    STRENGTH_T,
    STRONG_T,
    SUIT_MASK_T,
    Int64s,
    best_trump_of,
    jit,
    jit_inline,
    legal_mask,
    winner_index,
)

__all__ = ["PlayoutCore"]

#: The index of the lowest set bit (numba's intrinsic; its stubs do not type it).
trailing_zeros = cast(Callable[[int], int], _trailing_zeros)

@jit_inline
def _low(legal: int, mode: int, trump: int) -> int:
    """The cheapest card: plain before trump, fewest points, weakest."""
    best = -1
    key = 1_000_000
    m = legal
    while m:
        c = trailing_zeros(m)
        m &= m - 1
        k = (1000 if c // 9 == trump else 0) + POINTS_T[mode, c] * 20 + STRENGTH_T[mode, c]
        if k < key:
            best = c
            key = k
    return best


@jit_inline
def _smear(legal: int, mode: int, trump: int) -> int:
    """Most points without throwing a trump (unless only trumps are left)."""
    best = -1
    key = -1_000_000
    m = legal
    while m:
        c = trailing_zeros(m)
        m &= m - 1
        k = POINTS_T[mode, c] * 20 - STRENGTH_T[mode, c] - (1000 if c // 9 == trump else 0)
        if k > key:
            best = c
            key = k
    return best


@jit_inline
def _beaten_later(hands: Int64s, mover: int, leader: int, trick: Int64s, n: int, card: int,
                  best_trump: int, mode: int, trump: int) -> bool:
    """Whether an opponent still to play in this trick can beat ``card`` (open hands)."""
    lead = trick[0] // 9 if n else card // 9
    cs = card // 9
    for k in range(n + 1, 4):
        seat = (leader + k) % 4
        if (seat & 1) == (mover & 1):
            continue
        m = legal_mask(hands[seat], lead, best_trump, trump)
        while m:
            c = trailing_zeros(m)
            m &= m - 1
            s = c // 9
            if (s == cs and STRENGTH_T[mode, c] > STRENGTH_T[mode, card]) or (
                    s == trump and cs != trump):
                return True
    return False


@jit_inline
def _ruffable(hands: Int64s, mover: int, suit: int, trump: int) -> bool:
    """Whether an opponent is void in ``suit`` and holds a trump (open hands)."""
    tm = SUIT_MASK_T[trump]
    for o in ((mover + 1) % 4, (mover + 3) % 4):
        h = hands[o]
        if not h & SUIT_MASK_T[suit] and h & tm:
            return True
    return False


@jit_inline
def _lead(hands: Int64s, hand: int, mover: int, live: int, mode: int, trump: int,
          declarer: int, open_hands: int) -> int:
    """The policy's lead (the reference's ``_lead``)."""
    out = live & ~hand
    opp = -1
    if open_hands:
        opp = hands[(mover + 1) % 4] | hands[(mover + 3) % 4]
    if trump >= 0 and hand & SUIT_MASK_T[trump] and (mover & 1) == declarer:
        out_trumps = out & SUIT_MASK_T[trump] & opp
        if out_trumps:
            for j in range(9):
                c = STRONG_T[mode, trump, j]
                if (hand >> c) & 1:
                    return int(c)
                if (out_trumps >> c) & 1:
                    break
    best = -1
    best_score = -1
    for s in range(4):
        if s == trump or not hand & SUIT_MASK_T[s]:
            continue
        if opp != -1 and trump >= 0 and _ruffable(hands, mover, s, trump):
            continue
        for j in range(9):
            c = STRONG_T[mode, s, j]
            if (hand >> c) & 1:
                score = POINTS_T[mode, c] + 1
                if score > best_score:
                    best = c
                    best_score = score
                break
            if (out >> c) & 1:
                break
    if best >= 0:
        return best
    longest = -1
    length = 0
    for s in range(4):
        if s == trump:
            continue
        m = hand & SUIT_MASK_T[s]
        k = 0
        while m:
            m &= m - 1
            k += 1
        if k > length:
            longest = s
            length = k
    if longest >= 0:
        return _low(hand & SUIT_MASK_T[longest], mode, trump)
    return _low(hand, mode, trump)


@jit_inline
def _choose(hands: Int64s, hand: int, mover: int, leader: int, trick: Int64s, n: int,
            trick_no: int, live: int, mode: int, trump: int, declarer: int,
            open_hands: int) -> int:
    """The policy's card (the reference's ``choose``)."""
    if n == 0:
        return _lead(hands, hand, mover, live, mode, trump, declarer, open_hands)
    lead = trick[0] // 9
    wi = winner_index(trick, 0, n, mode, trump)
    bc = trick[wi]
    tp = 0
    for i in range(n):
        tp += POINTS_T[mode, trick[i]]
    best_trump = best_trump_of(trick, 0, n, trump)
    legal = legal_mask(hand, lead, best_trump, trump)
    last = n == 3
    bsuit = bc // 9
    if (n - wi) == 2:
        safe = last
        if not safe and open_hands:
            safe = not _beaten_later(hands, mover, leader, trick, n, bc, best_trump, mode, trump)
        elif not safe:
            out = live & ~hand
            safe = True
            for j in range(9):
                c = STRONG_T[mode, bsuit, j]
                if c == bc:
                    break
                if (out >> c) & 1:
                    safe = False
                    break
            if safe and bsuit != trump and trump >= 0 and out & SUIT_MASK_T[trump]:
                safe = False
        if safe:
            return _smear(legal, mode, trump)
        return _low(legal, mode, trump)
    # An opponent is winning: look for the cheapest winner (cards in ascending order, as the
    # reference lists them; ties keep the first).
    n_win = 0
    n_plain = 0
    cheap_last = -1
    cheap_last_key = 0
    top = -1
    low_plain = -1
    low_any = -1
    m = legal
    while m:
        c = trailing_zeros(m)
        m &= m - 1
        cs = c // 9
        if (cs == bsuit and STRENGTH_T[mode, c] > STRENGTH_T[mode, bc]) or (
                cs == trump and bsuit != trump):
            n_win += 1
            if low_any < 0 or STRENGTH_T[mode, c] < STRENGTH_T[mode, low_any]:
                low_any = c
            if cs != trump:
                n_plain += 1
                k = STRENGTH_T[mode, c] - POINTS_T[mode, c] * 8
                if cheap_last < 0 or k < cheap_last_key:
                    cheap_last = c
                    cheap_last_key = k
                if top < 0 or STRENGTH_T[mode, c] > STRENGTH_T[mode, top]:
                    top = c
                if low_plain < 0 or STRENGTH_T[mode, c] < STRENGTH_T[mode, low_plain]:
                    low_plain = c
    if n_win:
        if n_plain:
            if last:
                return cheap_last
            out = live & ~hand
            sure = True
            if open_hands:
                sure = not _beaten_later(hands, mover, leader, trick, n, top, best_trump, mode,
                                         trump)
            else:
                for j in range(9):
                    c = STRONG_T[mode, top // 9, j]
                    if c == top:
                        break
                    if (out >> c) & 1:
                        sure = False
                        break
            if sure or tp >= 10:
                return top if sure else low_plain
        elif tp >= 10 or trick_no >= 7:
            return low_any
    return _low(legal, mode, trump)


# mem: one array per play-out; the constants, then room for the state, results and cards.
_C_TRUMP, _C_MISERE, _C_LAST, _C_MB0, _C_MB1, _C_DOUBLE, _C_DECLARER, _C_OPEN, _C_CONTRACT = (
    range(9))
_M_HANDS = 9
_M_TRICK = 13
# What a run that stopped for the exact endgame leaves: the leader, the trick number, which
# teams took a trick, the card points of the tricks played; then the number of cards played.
_M_LEADER, _M_TNO, _M_TAKEN, _M_ACC, _M_PLAYED = range(17, 22)
_M_LINE = 22
_MEM = _M_LINE + 36
_STOPPED = 1 << 62


@jit
def _run(mem: Int64s, h0: int, h1: int, h2: int, h3: int, t0: int, t1: int, t2: int, n: int,
         leader: int, trick_no: int, taken: int, acc: int, stop: int) -> int:
    """Play to the end, or to a trick start with ``stop`` tricks or fewer left (the
    reference's ``run``): the gains as ``g0 << 31 | g1`` (``_STOPPED`` added when it stopped;
    the state in ``mem``), the cards played in ``mem``."""
    trump = mem[_C_TRUMP]
    declarer = mem[_C_DECLARER]
    open_hands = mem[_C_OPEN]
    contract = mem[_C_CONTRACT]
    hands = mem[_M_HANDS:_M_HANDS + 4]
    trick = mem[_M_TRICK:_M_TRICK + 4]
    hands[0] = h0
    hands[1] = h1
    hands[2] = h2
    hands[3] = h3
    trick[0] = t0
    trick[1] = t1
    trick[2] = t2
    g0 = 0
    g1 = 0
    nline = 0
    stopped = 0
    live = h0 | h1 | h2 | h3
    while True:
        if n == 0 and 9 - trick_no <= stop:
            stopped = _STOPPED
            break
        mode = MODES_T[contract, trick_no]
        while n < 4:
            mover = (leader + n) % 4
            c = _choose(hands, hands[mover], mover, leader, trick, n, trick_no, live, mode,
                        trump, declarer, open_hands)
            hands[mover] &= ~(1 << c)
            live &= ~(1 << c)
            trick[n] = c
            n += 1
            mem[_M_LINE + nline] = c
            nline += 1
        winner = (leader + winner_index(trick, 0, 4, mode, trump)) % 4
        pts = (POINTS_T[mode, trick[0]] + POINTS_T[mode, trick[1]] + POINTS_T[mode, trick[2]]
               + POINTS_T[mode, trick[3]])
        wteam = winner & 1
        receiver = wteam ^ 1 if mem[_C_MISERE] else wteam
        taken |= 1 << wteam
        if trick_no == 8:
            pts += mem[_C_LAST]
            if taken != 3:
                if wteam == mem[_C_DOUBLE]:
                    pts += acc + pts
                else:
                    pts += mem[_C_MB1] if wteam else mem[_C_MB0]
        if receiver:
            g1 += pts
        else:
            g0 += pts
        if trick_no == 8:
            break
        acc += pts
        n = 0
        trick_no += 1
        leader = winner
    mem[_M_LEADER] = leader
    mem[_M_TNO] = trick_no
    mem[_M_TAKEN] = taken
    mem[_M_ACC] = acc
    mem[_M_PLAYED] = nline
    return int(stopped | (g0 << 31) | g1)


class PlayoutCore:
    """The compiled play-outs of one contract (fixed rules and declaring team)."""

    def __init__(self, contract: int, trump: int, misere: bool, last_bonus: int,
                 match_bonus: Sequence[int], double: int, declarer_team: int,
                 open_hands: bool) -> None:
        self.mem = np.zeros(_MEM, dtype=np.int64)
        self.mem[:_M_HANDS] = [trump, int(misere), last_bonus, match_bonus[0], match_bonus[1],
                               double, declarer_team, int(open_hands), contract]

    def run(self, hands: list[int], leader: int, trick: Sequence[int], trick_no: int,
            taken: int, acc: int, stop: int, line: list[int] | None
            ) -> tuple[int, int, int, int, int, int, bool]:
        """Play from the position; ``hands`` are left as the play-out left them.

        Returns each team's gain, then the leader, trick number, ``taken`` and card points of
        the tricks played where it stopped, and whether it stopped for the exact endgame.
        """
        n = len(trick)
        t = (*trick, 0, 0, 0)
        mem = self.mem
        r = _run(mem, hands[0], hands[1], hands[2], hands[3], t[0], t[1], t[2], n, leader,
                 trick_no, taken, acc, stop)
        if line is not None:
            line.extend(mem[_M_LINE:_M_LINE + mem[_M_PLAYED]].tolist())
        g = r & (_STOPPED - 1)
        if r & _STOPPED:
            hands[:] = mem[_M_HANDS:_M_HANDS + 4].tolist()
            return (g >> 31, g & ((1 << 31) - 1), int(mem[_M_LEADER]), int(mem[_M_TNO]),
                    int(mem[_M_TAKEN]), int(mem[_M_ACC]), True)
        hands[0] = hands[1] = hands[2] = hands[3] = 0
        return g >> 31, g & ((1 << 31) - 1), leader, 9, 3, 0, False
