"""The greedy play-outs, compiled: a line-by-line port of :class:`puur.bots.playout.Playout`'s
``run`` and its card policy (the reference; see its module header for the policy).

The Python class keeps its interface, its argument checks and the exact endgame (the solver,
itself compiled when numba is there) and calls :class:`PlayoutCore` to play the cards.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from puur.compiled._tables import (
    MODES_T,
    POINTS_T,
    STRENGTH_T,
    STRONG_T,
    SUIT_MASK_T,
    Int64s,
    best_trump_of,
    int64s,
    jit,
    jit_inline,
    legal_mask,
    winner_index,
)

__all__ = ["PlayoutCore"]

# cfg: the play-out's constants
_C_TRUMP, _C_MISERE, _C_LAST, _C_MB0, _C_MB1, _C_DOUBLE, _C_DECLARER, _C_OPEN = range(8)
# out: what a run leaves (gains, and where it stopped for the exact endgame)
_O_G0, _O_G1, _O_LEADER, _O_TNO, _O_TAKEN, _O_ACC, _O_STOPPED, _O_LINE = range(8)


@jit_inline
def _low(legal: int, mode: int, trump: int) -> int:
    """The cheapest card: plain before trump, fewest points, weakest."""
    best = -1
    key = 1_000_000
    for c in range(36):
        if not legal >> c:
            break
        if (legal >> c) & 1:
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
    for c in range(36):
        if not legal >> c:
            break
        if (legal >> c) & 1:
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
        legal = legal_mask(hands[seat], lead, best_trump, trump)
        for c in range(36):
            if not legal >> c:
                break
            if (legal >> c) & 1:
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
    for c in range(36):
        if not legal >> c:
            break
        if not (legal >> c) & 1:
            continue
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


@jit
def _run(hands: Int64s, trick: Int64s, n: int, leader: int, trick_no: int, taken: int,
         acc: int, stop: int, contract: int, cfg: Int64s, out: Int64s, line: Int64s) -> None:
    """Play to the end, or to a trick start with ``stop`` tricks or fewer left (the
    reference's ``run``); results in ``out``, the cards played in ``line``."""
    trump = cfg[_C_TRUMP]
    declarer = cfg[_C_DECLARER]
    open_hands = cfg[_C_OPEN]
    g0 = 0
    g1 = 0
    nline = 0
    live = hands[0] | hands[1] | hands[2] | hands[3]
    while True:
        if n == 0 and 9 - trick_no <= stop:
            out[_O_STOPPED] = 1
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
            line[nline] = c
            nline += 1
        winner = (leader + winner_index(trick, 0, 4, mode, trump)) % 4
        pts = (POINTS_T[mode, trick[0]] + POINTS_T[mode, trick[1]] + POINTS_T[mode, trick[2]]
               + POINTS_T[mode, trick[3]])
        wteam = winner & 1
        receiver = wteam ^ 1 if cfg[_C_MISERE] else wteam
        taken |= 1 << wteam
        if trick_no == 8:
            pts += cfg[_C_LAST]
            if taken != 3:
                if wteam == cfg[_C_DOUBLE]:
                    pts += acc + pts
                else:
                    pts += cfg[_C_MB1] if wteam else cfg[_C_MB0]
        if receiver:
            g1 += pts
        else:
            g0 += pts
        if trick_no == 8:
            out[_O_STOPPED] = 0
            break
        acc += pts
        n = 0
        trick_no += 1
        leader = winner
    out[_O_G0] = g0
    out[_O_G1] = g1
    out[_O_LEADER] = leader
    out[_O_TNO] = trick_no
    out[_O_TAKEN] = taken
    out[_O_ACC] = acc
    out[_O_LINE] = nline


class PlayoutCore:
    """The compiled play-outs of one contract (fixed rules and declaring team)."""

    def __init__(self, contract: int, trump: int, misere: bool, last_bonus: int,
                 match_bonus: Sequence[int], double: int, declarer_team: int,
                 open_hands: bool) -> None:
        self.contract = contract
        self.cfg = int64s([trump, int(misere), last_bonus, match_bonus[0], match_bonus[1],
                           double, declarer_team, int(open_hands)])
        self.hands = np.zeros(4, dtype=np.int64)
        self.trick = np.zeros(4, dtype=np.int64)
        self.out = np.zeros(8, dtype=np.int64)
        self.line = np.zeros(36, dtype=np.int64)

    def run(self, hands: list[int], leader: int, trick: Sequence[int], trick_no: int,
            taken: int, acc: int, stop: int, line: list[int] | None
            ) -> tuple[int, int, int, int, int, int, bool]:
        """Play from the position; ``hands`` are left as the play-out left them.

        Returns each team's gain, then the leader, trick number, ``taken`` and card points of
        the tricks played where it stopped, and whether it stopped for the exact endgame.
        """
        h = self.hands
        h[0], h[1], h[2], h[3] = hands
        n = len(trick)
        self.trick[:n] = trick
        out = self.out
        _run(h, self.trick, n, leader, trick_no, taken, acc, stop, self.contract, self.cfg,
             out, self.line)
        hands[:] = h.tolist()
        if line is not None:
            line.extend(self.line[:out[_O_LINE]].tolist())
        g0, g1, lead, tno, tk, ac, stopped, _n = out.tolist()
        return g0, g1, lead, tno, tk, ac, bool(stopped)
