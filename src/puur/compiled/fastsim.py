"""The fast simulator, compiled: many hands of :meth:`puur.fastsim.FastSim.play` in one call.

A line-by-line port of the reference's loop (see :mod:`puur.fastsim` for the rules it plays),
drawing the very numbers the caller's ``random.Random`` would draw (:mod:`puur.compiled.mt`), so
a batch gives exactly the reference's hands. The Weis splits of a hand with a four of a kind
(which the reference takes from :func:`puur.weis.weis_options`) are listed here the same way:
every choice of the fours, with the runs of the cards left, best first.
"""

from __future__ import annotations

import gc
import random

import numpy as np

from puur.actions import A_CHOOSE, A_PUSH, A_STOECK, A_STOECK_NO, A_WEIS
from puur.compiled._tables import (
    LOWER_T,
    MODES_T,
    POINTS_T,
    PUUR_T,
    STRENGTH_T,
    SUIT_MASK_T,
    Int64s,
    int64s,
    jit,
    jit_inline,
)
from puur.compiled.mt import random01, restore, state_of
from puur.compiled.playout import trailing_zeros
from puur.compiled.weis import offers
from puur.fastsim import FastHand
from puur.rules import RuleSet

__all__ = ["SimCore"]

(_C_NC, _C_PUSH_BACK, _C_STOECK, _C_WITH_WEIS, _C_WEIS, _C_FOUR_RANKS, _C_LARGE, _C_LAST,
 _C_MATCH, _C_KM, _C_KM_BONUS, _C_WEIS_FIRST, _C_TARGET, _C_START, _C_GAME, _C_GS0, _C_GS1,
 _C_KREUZWEIS, _C_RECORD, _C_CHOOSE_MASK) = range(20)
_PUSH_BIT = 1 << A_PUSH
_STOECK_BITS = -(1 << 62)  # bits 62 and 63: A_STOECK and A_STOECK_NO
# A decision recorded for learners: the legal actions (a 64-bit mask), the seat, its hand, the
# cards played before, the cards of the current trick (-1 when fewer; the fourth only for a
# Stöck question after the trick's last card), the trick number.
_D_MASK, _D_SEAT, _D_HAND, _D_PLAYED, _D_TRICK, _D_TNO = 0, 1, 2, 3, 4, 8
_DECISION = 9
_MAX_DECISIONS = 48
# A row of results: the deal, forehand, contract, multiplier, per team the trick points, Match
# bonus, Weis and Stöck, the winner, the number of actions and the actions.
_R_HANDS, _R_FOREHAND, _R_CONTRACT, _R_MULT = 0, 4, 5, 6
_R_TP, _R_MB, _R_WEIS, _R_STOECK = 7, 9, 11, 13
_R_WINNER, _R_N, _R_CREDITED, _R_ACTIONS = 15, 16, 17, 19
_ROW = _R_ACTIONS + 48


# work: the deck, the hands held, per seat the number of Weis splits on offer and the points
# declared, then per seat up to 16 splits' points and keys.
_W_PTS = 48
_W_KEY = _W_PTS + 64
_W_TRICK = _W_KEY + 64
_W_RANKS = _W_TRICK + 4
_WORK = _W_RANKS + 4


@jit_inline
def _reached(cfg: Int64s, team: int, total0: int, total1: int, mult: int) -> bool:
    """Whether ``team`` reached the target with these totals of the hand (before the
    multiplier), when playing with game scores (``Round._credit``'s check)."""
    total = total1 if team else total0
    return bool(cfg[_C_GAME]) and cfg[_C_GS0 + team] + total * mult >= cfg[_C_TARGET]


@jit_inline
def _record(rec: Int64s, h: int, na: int, mask: int, seat: int, hand: int, played: int,
            work: Int64s, n: int, trick_no: int) -> None:
    """One decision of hand ``h`` into ``rec`` (see ``_D_*``); the trick's ``n`` cards are in
    ``work``."""
    d = rec[h, na]
    d[_D_MASK] = mask
    d[_D_SEAT] = seat
    d[_D_HAND] = hand
    d[_D_PLAYED] = played
    for i in range(4):
        d[_D_TRICK + i] = work[_W_TRICK + i] if i < n else -1
    d[_D_TNO] = trick_no


@jit
def _play(mt: Int64s, count: int, cfg: Int64s, contracts: Int64s,
          mults: Int64s, work: Int64s, res: Int64s, rec: Int64s) -> int:
    """Play ``count`` hands into ``res`` (and every decision into ``rec`` when recording)."""
    record = cfg[_C_RECORD]
    cm = cfg[_C_CHOOSE_MASK]
    deck = work[0:36]
    held = work[36:40]
    n_offer = work[40:44]
    declared = work[44:48]
    for h in range(count):
        row = res[h]
        # The deal (puur.fastsim._deal).
        for i in range(36):
            deck[i] = i
        for i in range(35, 0, -1):
            j = int(random01(mt) * (i + 1))
            t = deck[i]
            deck[i] = deck[j]
            deck[j] = t
        h0 = 0
        h1 = 0
        h2 = 0
        for i in range(9):
            h0 |= 1 << deck[i]
            h1 |= 1 << deck[9 + i]
            h2 |= 1 << deck[18 + i]
        h3 = ((1 << 36) - 1) ^ (h0 | h1 | h2)
        held[0] = h0
        held[1] = h1
        held[2] = h2
        held[3] = h3
        for s in range(4):
            row[_R_HANDS + s] = held[s]
        forehand = 0
        for s in range(4):
            if (held[s] >> cfg[_C_START]) & 1:
                forehand = s
        na = 0
        nc = cfg[_C_NC]
        partner = (forehand + 2) & 3
        if record:
            _record(rec, h, na, cm | _PUSH_BIT, forehand, held[forehand], 0, work, 0, 0)
        k = int(random01(mt) * (nc + 1))
        if k < nc:
            contract = contracts[k]
            chooser = forehand
        else:
            row[_R_ACTIONS + na] = A_PUSH
            na += 1
            if cfg[_C_PUSH_BACK]:
                if record:
                    _record(rec, h, na, cm | _PUSH_BIT, partner, held[partner], 0, work, 0, 0)
                k = int(random01(mt) * (nc + 1))
                if k == nc:
                    row[_R_ACTIONS + na] = A_PUSH
                    na += 1
                    if record:
                        _record(rec, h, na, cm, forehand, held[forehand], 0, work, 0, 0)
                    k = int(random01(mt) * nc)
                    chooser = forehand
                else:
                    chooser = partner
            else:
                if record:
                    _record(rec, h, na, cm, partner, held[partner], 0, work, 0, 0)
                k = int(random01(mt) * nc)
                chooser = partner
            contract = contracts[k]
        row[_R_ACTIONS + na] = A_CHOOSE + contract
        na += 1
        trump = contract if contract < 4 else -1
        mode = MODES_T[contract, 0]
        misere = contract == 6
        mult = mults[contract]
        tp0 = tp1 = mb0 = mb1 = w0 = w1 = st0 = st1 = 0
        winner = -1
        # The Weis splits on offer (puur.compiled.weis).
        for s in range(4):
            declared[s] = 0
            n_offer[s] = 0
            if cfg[_C_WEIS]:
                n_offer[s] = offers(held[s], mode, trump, cfg[_C_LARGE], cfg[_C_FOUR_RANKS],
                                    cfg[_C_KREUZWEIS], work, _W_PTS + 16 * s, _W_KEY + 16 * s,
                                    _W_RANKS)
        stoeck_seat = -1
        stoeck_pair = 0
        if trump >= 0 and cfg[_C_STOECK]:
            stoeck_pair = (1 << (9 * trump + 7)) | (1 << (9 * trump + 6))
            for s in range(4):
                if held[s] & stoeck_pair == stoeck_pair:
                    stoeck_seat = s
        with_weis = stoeck_seat >= 0 and cfg[_C_WITH_WEIS]
        second_card = stoeck_seat >= 0 and not cfg[_C_WITH_WEIS]
        weis_best = -1
        weis_seat = -1
        tmask = SUIT_MASK_T[trump] if trump >= 0 else 0
        puur = PUUR_T[trump] if trump >= 0 else 0
        won0 = 0
        won1 = 0
        played = 0
        leader = forehand
        team = 0
        stopped = False
        for t in range(9):
            mode = MODES_T[contract, t]
            lead = -1
            best_v = -1
            best_card = -1
            best_seat = -1
            pts = 0
            for i in range(4):
                seat = (leader + i) & 3
                hand = held[seat]
                if t == 0:
                    if n_offer[seat]:
                        if record:
                            _record(rec, h, na, ((2 << n_offer[seat]) - 1) << A_WEIS, seat,
                                    hand, played, work, i, t)
                        k = int(random01(mt) * (n_offer[seat] + 1))
                        row[_R_ACTIONS + na] = A_WEIS + k
                        na += 1
                        if k:
                            declared[seat] = work[_W_PTS + 16 * seat + k - 1]
                            wk = work[_W_KEY + 16 * seat + k - 1] * 4 + 3 - i
                            if wk > weis_best:
                                weis_best = wk
                                weis_seat = seat
                    if with_weis and seat == stoeck_seat:
                        if record:
                            _record(rec, h, na, _STOECK_BITS, seat, hand, played, work, i, t)
                        if random01(mt) < 0.5:
                            row[_R_ACTIONS + na] = A_STOECK
                            na += 1
                            if seat & 1:
                                st1 = 20
                            else:
                                st0 = 20
                            tm = seat & 1
                            if _reached(cfg, tm, tp0 + mb0 + w0 + st0, tp1 + mb1 + w1 + st1, mult):
                                winner = tm
                                stopped = True
                                break
                        else:
                            row[_R_ACTIONS + na] = A_STOECK_NO
                            na += 1
                if lead < 0:
                    legal = hand
                else:
                    follow = hand & SUIT_MASK_T[lead]
                    if trump < 0:
                        legal = follow if follow else hand
                    elif lead == trump:
                        legal = hand if (follow == 0 or follow == puur) else follow
                    else:
                        trumps = hand & tmask
                        if trumps == hand:
                            legal = hand
                        else:
                            if best_v >= 100:
                                trumps &= ~LOWER_T[trump, best_card]
                            legal = (follow | trumps) if follow else ((hand & ~tmask) | trumps)
                if record:
                    _record(rec, h, na, legal, seat, hand, played, work, i, t)
                m = legal
                n = 0
                while m:
                    m &= m - 1
                    n += 1
                k = int(random01(mt) * n)
                while k:
                    legal &= legal - 1
                    k -= 1
                card = trailing_zeros(legal)
                low = 1 << card
                played |= low
                work[_W_TRICK + i] = card
                row[_R_ACTIONS + na] = card
                na += 1
                held[seat] = hand ^ low
                pts += POINTS_T[mode, card]
                s = card // 9
                if lead < 0:
                    lead = s
                    best_v = STRENGTH_T[mode, card]
                    best_card = card
                    best_seat = seat
                elif s in (lead, trump):
                    v = STRENGTH_T[mode, card]
                    if v > best_v:
                        best_v = v
                        best_card = card
                        best_seat = seat
                if (second_card and seat == stoeck_seat and low & stoeck_pair
                        and not held[seat] & stoeck_pair):
                    second_card = False
                    if record:
                        _record(rec, h, na, _STOECK_BITS, seat, held[seat], played, work,
                                i + 1, t)
                    if random01(mt) < 0.5:
                        row[_R_ACTIONS + na] = A_STOECK
                        na += 1
                        tm = seat & 1
                        if tm:
                            st1 = 20
                        else:
                            st0 = 20
                        if _reached(cfg, tm, tp0 + mb0 + w0 + st0, tp1 + mb1 + w1 + st1, mult):
                            winner = tm
                            stopped = True
                            break
                    else:
                        row[_R_ACTIONS + na] = A_STOECK_NO
                        na += 1
            if stopped:
                break
            team = best_seat & 1
            if team:
                won1 += 1
            else:
                won0 += 1
            if misere:
                team ^= 1
            leader = best_seat
            if t == 0 and cfg[_C_WEIS_FIRST] and weis_seat >= 0:
                wt = weis_seat & 1
                if wt:
                    w1 = declared[1] + declared[3]
                else:
                    w0 = declared[0] + declared[2]
                if _reached(cfg, wt, tp0 + mb0 + w0 + st0, tp1 + mb1 + w1 + st1, mult):
                    winner = wt
                    stopped = True
                    break
            if t == 8:
                pts += cfg[_C_LAST]
            if team:
                tp1 += pts
            else:
                tp0 += pts
            if _reached(cfg, team, tp0 + mb0 + w0 + st0, tp1 + mb1 + w1 + st1, mult):
                winner = team
                stopped = True
                break
        if not stopped:
            if won0 == 9 or won1 == 9:
                taker = 0 if won0 == 9 else 1
                bonus = cfg[_C_MATCH]
                if taker != chooser & 1:
                    if cfg[_C_KM] == 1:
                        bonus = tp1 if team else tp0
                    elif cfg[_C_KM] == 2:
                        bonus = cfg[_C_KM_BONUS]
                if team:
                    mb1 = bonus
                else:
                    mb0 = bonus
                if _reached(cfg, team, tp0 + mb0 + w0 + st0, tp1 + mb1 + w1 + st1, mult):
                    winner = team
            if not cfg[_C_WEIS_FIRST] and weis_seat >= 0 and winner < 0:
                wt = weis_seat & 1
                if wt:
                    w1 = declared[1] + declared[3]
                else:
                    w0 = declared[0] + declared[2]
                if _reached(cfg, wt, tp0 + mb0 + w0 + st0, tp1 + mb1 + w1 + st1, mult):
                    winner = wt
        row[_R_FOREHAND] = forehand
        row[_R_CONTRACT] = contract
        row[_R_MULT] = mult
        row[_R_TP] = tp0
        row[_R_TP + 1] = tp1
        row[_R_MB] = mb0
        row[_R_MB + 1] = mb1
        row[_R_WEIS] = w0
        row[_R_WEIS + 1] = w1
        row[_R_STOECK] = st0
        row[_R_STOECK + 1] = st1
        row[_R_WINNER] = winner
        row[_R_N] = na
        row[_R_CREDITED] = (tp0 + mb0 + w0 + st0) * mult
        row[_R_CREDITED + 1] = (tp1 + mb1 + w1 + st1) * mult
    return count


class SimCore:
    """Batches of random hands of one rule set, compiled (:meth:`puur.fastsim.FastSim.play`
    hand after hand, with the same random numbers)."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        contracts = rules.contracts()
        km = {"match": 0, "double": 1, "bonus": 2}[rules.kontermatch]
        self.cfg = int64s([
            len(contracts), rules.push_back, rules.stoeck, rules.stoeck_announce == "with-weis",
            rules.weis, 0b111111111 if rules.weis_four_low else 0b111111000, rules.large_weis,
            rules.last_trick_bonus, rules.match_bonus, km, rules.kontermatch_bonus,
            rules.count_order == "stoeck-weis-stich", rules.target, rules.start_card, 0, 0, 0,
            rules.kreuzweis, 0, sum(1 << (A_CHOOSE + c) for c in contracts)])
        self.contracts = int64s(list(contracts) + [0] * (9 - len(contracts)))
        self.mults = int64s(rules.multipliers)
        self.no_record = np.zeros((1, 1, _DECISION), dtype=np.int64)

    def rows(self, rng: random.Random, count: int,
             game_scores: tuple[int, int] | None = None) -> list[list[int]]:
        """``count`` hands played with ``rng`` as rows of results (see ``_R_*``), each from
        ``game_scores`` when given."""
        # The constants and the scratch space are per call: one simulator may serve several
        # threads (the compiled loop runs without the GIL).
        cfg = self.cfg.copy()
        cfg[_C_GAME] = game_scores is not None
        cfg[_C_GS0], cfg[_C_GS1] = game_scores or (0, 0)
        work = np.zeros(_WORK, dtype=np.int64)
        mt = state_of(rng)
        res = np.zeros((min(count, 4096), _ROW), dtype=np.int64)
        out: list[list[int]] = []
        done = 0
        while done < count:
            n = min(res.shape[0], count - done)
            _play(mt, n, cfg, self.contracts, self.mults, work, res, self.no_record)
            out.extend(res[:n].tolist())
            done += n
        restore(rng, mt)
        return out

    def hands(self, rng: random.Random, count: int,
              game_scores: tuple[int, int] | None = None) -> list[FastHand]:
        """``count`` hands played with ``rng``, as :meth:`puur.fastsim.FastSim.play` plays
        them one after the other (with ``game_scores``, each from those scores)."""
        # Building tens of thousands of small tuples at once wakes the cycle collector over and
        # over (it then takes more time than the hands); they hold no cycles.
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._hands(rng, count, game_scores)
        finally:
            if collecting:
                gc.enable()

    def _hands(self, rng: random.Random, count: int,
               game_scores: tuple[int, int] | None) -> list[FastHand]:
        make = FastHand._make
        return [make(((r[0], r[1], r[2], r[3]), r[4], r[5], r[6], r[_R_ACTIONS:_R_ACTIONS + r[16]],
                      (r[17], r[18]), (r[7], r[8]), (r[9], r[10]), (r[11], r[12]), (r[13], r[14]),
                      r[15])) for r in self.rows(rng, count, game_scores)]
