"""Double-dummy solver: the exact value of a card-play position with all four hands open.

Implements the card play of rule book §2.4 (following, ruffing, the Puur rule, no undertrumping),
the trick points of §1, the last trick and Match bonuses of §2.7-§2.8 (Kontermatch as the rule
set scores it, Misère handing the points to the other team) and Stöck of §2.6.

**Value.** The value of a position for a team is what that team still gains in this hand,
before the contract's multiplier: the card points of every trick from the current one on
(cards already lying in the current trick included), each trick counted in its own mode (Slalom
alternates), the last trick's bonus, the Match (or Kontermatch) bonus if the team ends up with
all nine tricks, and 20 for Stöck when the team's player holds it and has neither announced it
nor kept quiet about it yet (announcing is assumed). A doubled Kontermatch (``kontermatch =
"double"``) adds the trick points of the whole hand once more, as the tricks actually fell:
the tricks already played (``past_points``) and those still to come. The team plays to
maximise this value and the other team to minimise it. Weis are not counted:
they are decided by declarations, not by the card play. Simplification: the game's target is
ignored (a hand is always played to its end).

**Search.** Alpha-beta over the remaining cards with a transposition table at the start of each
trick (exact values and bounds, keyed by the four hands, the leader and which teams have taken a
trick, and, while a doubled Kontermatch is still possible, the trick points taken so far), move
ordering (the table's best card first, then cheap winning cards, points to a
partner who is winning, low cards otherwise) and equivalent-card reduction: two cards of one
hand in the same suit with the same points, with no live card of another hand or of the current
trick between them, lead to the same result and only one is searched.

>>> from puur.round import Round
>>> r = Round.deal(seed=5)
>>> r.push(36)                     # choose Schellen
>>> while r.trick_no < 7:
...     r.push(r.legal_actions()[0])
>>> moves = analyse(r)
>>> moves[0][1] == max(v for _c, v in moves)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from puur import compiled as _compiled
from puur.bots.tricks import check_hand_setup, played_points, resolve_past_points
from puur.cards import NUM_CARDS
from puur.contracts import MODE_OBENABE, MODE_UNDENUFE, POINTS, STRENGTH, Contract, contract_mode
from puur.round import Round, legal_cards
from puur.rules import RuleSet
from puur.weis import stoeck_cards

if TYPE_CHECKING:
    from puur.compiled.dds import SolverCore

__all__ = ["Solver", "analyse", "best_card", "played_points", "solve", "solver_for"]

_SUIT_OF: Final = tuple(c // 9 for c in range(NUM_CARDS))
_INF: Final = 10_000
_EXACT: Final = 0
_LOWER: Final = 1
_UPPER: Final = 2


def _orders(contract: int) -> tuple[tuple[int, ...], ...]:
    """Per suit, the cards from weakest to strongest (natural order for Slalom)."""
    mode = contract_mode(contract, 0) if contract < 6 else MODE_OBENABE
    st = STRENGTH[mode]
    return tuple(tuple(sorted(range(9 * s, 9 * s + 9), key=lambda c: st[c])) for s in range(4))


def _point_keys(contract: int) -> tuple[int, ...]:
    """A key per card; equal keys mean equal points in every trick of the contract."""
    if contract in (Contract.SLALOM, Contract.SLALOM_UNDE):
        return tuple(POINTS[MODE_OBENABE][c] * 64 + POINTS[MODE_UNDENUFE][c]
                     for c in range(NUM_CARDS))
    return POINTS[contract_mode(contract, 0)]


class Solver:
    """Searches positions of one hand (fixed rules and contract).

    ``declarer_team`` (the team that chose) decides Match against Kontermatch bonuses. The
    transposition table is kept between calls, so analysing several moves of one deal shares
    work (:meth:`table_entries`, :meth:`clear_table`). ``nodes`` counts the positions visited.

    ``compiled``: search with the compiled core (:mod:`puur.compiled.dds`, same values) when
    ``True``, with this module's Python search when ``False``; by default the compiled core when
    numba is installed (:func:`puur.compiled.enabled`).
    """

    def __init__(self, rules: RuleSet, contract: int, declarer_team: int, *,
                 compiled: bool | None = None) -> None:
        check_hand_setup(rules, contract, declarer_team)
        self.rules = rules
        self.contract = contract
        self.trump = contract if contract < 4 else -1
        self.misere = contract == Contract.MISERE
        self.modes = tuple(contract_mode(contract, t) for t in range(9))
        self.orders = _orders(contract)
        self.pkey = _point_keys(contract)
        self.last_bonus = rules.last_trick_bonus
        self.declarer_team = declarer_team
        km = rules.kontermatch
        bonus = [0, 0]
        for team in range(2):
            if team == declarer_team or km == "match":
                bonus[team] = rules.match_bonus
            elif km == "bonus":
                bonus[team] = rules.kontermatch_bonus
        #: The Match bonus of each team, when fixed; a doubled Kontermatch is counted from the
        #: tricks as they fell (see ``_kontermatch``).
        self.match_bonus = tuple(bonus)
        #: Bit of the team whose Match would be a doubled Kontermatch (0 when there is none).
        self._double_bit = 1 << (declarer_team ^ 1) if km == "double" else 0
        self.tt: dict[tuple[int, int, int, int, int], tuple[int, int, int]] = {}
        self._group_cache: dict[tuple[int, int, int], list[tuple[int, list[int]]]] = {}
        self.nodes = 0
        self._team = 0
        self._core: SolverCore | None = None
        if _compiled.wanted(compiled):
            from puur.compiled.dds import SolverCore

            self._core = SolverCore(contract, self.orders, self.pkey, self.trump, self.misere,
                                    self.last_bonus, self.match_bonus, self._double_bit)

    @property
    def compiled(self) -> bool:
        """Whether this solver searches with the compiled core."""
        return self._core is not None

    def table_entries(self) -> int:
        """Positions in the transposition table."""
        return self._core.entries() if self._core is not None else len(self.tt)

    def clear_table(self) -> None:
        """Empty the transposition table (the values found stay the same, only slower)."""
        if self._core is not None:
            self._core.clear()
        self.tt.clear()

    # ------------------------------------------------------------------------------------------

    def values(
        self,
        hands: list[int] | tuple[int, ...],
        leader: int,
        trick: list[int] | tuple[int, ...],
        trick_no: int,
        taken: int,
        cards: list[int] | None = None,
        *,
        past_points: int | None = None,
        team: int | None = None,
    ) -> dict[int, int]:
        """The exact value of each legal card of the player to move (or of ``cards``).

        ``taken`` has bit ``t`` set when team ``t`` already won a trick in this hand;
        ``past_points`` are the card points of the tricks already played (see
        :func:`played_points`; needed in a Slalom when a doubled Kontermatch is still possible).
        Values are for ``team`` (default: the mover's), as defined in the module header but
        without Stöck.
        """
        hands = list(hands)
        trick = list(trick)
        n = len(trick)
        if not 0 <= n < 4 or not 0 <= trick_no < 9:
            raise ValueError("not a card-play position")
        mover = (leader + n) % 4
        self._team = mover & 1 if team is None else team
        acc = resolve_past_points(self.contract, hands, trick, trick_no, past_points,
                                  bool(self._double_bit) and taken in (0, self._double_bit))
        legal = self._legal(hands[mover], trick, trick_no)
        todo = cards if cards is not None else [c for c in range(NUM_CARDS) if legal >> c & 1]
        reps = self.groups(hands, mover, legal, trick)
        rep_of: dict[int, int] = {}
        for rep, group in reps:
            for c in group:
                rep_of[c] = rep
        out: dict[int, int] = {}
        done: dict[int, int] = {}
        for c in todo:
            if not legal >> c & 1:
                raise ValueError(f"card {c} is not legal here")
            r = rep_of[c]
            if r not in done:
                if self._core is not None:
                    done[r] = self._core.search(hands, leader, trick, trick_no, taken, acc,
                                                self._team, r)
                    self.nodes = self._core.nodes
                else:
                    done[r] = self._after(hands, leader, trick, trick_no, taken, acc, mover, r,
                                          -_INF, _INF)
            out[c] = done[r]
        return out

    def value(
        self,
        hands: list[int] | tuple[int, ...],
        leader: int,
        trick: list[int] | tuple[int, ...],
        trick_no: int,
        taken: int,
        *,
        past_points: int | None = None,
        team: int | None = None,
    ) -> int:
        """The exact value of the position for ``team`` (default: the mover's), without Stöck;
        ``past_points`` as in :meth:`values`."""
        hands = list(hands)
        trick = list(trick)
        if not 0 <= len(trick) < 4 or not 0 <= trick_no < 9:
            raise ValueError("not a card-play position")
        mover = (leader + len(trick)) % 4
        self._team = mover & 1 if team is None else team
        acc = resolve_past_points(self.contract, hands, trick, trick_no, past_points,
                                  bool(self._double_bit) and taken in (0, self._double_bit))
        if self._core is not None:
            v = self._core.search(hands, leader, trick, trick_no, taken, acc, self._team)
            self.nodes = self._core.nodes
            return v
        return self._search(hands, leader, trick, trick_no, taken, acc, -_INF, _INF)

    def _legal(self, hand: int, trick: list[int], trick_no: int) -> int:
        if not trick:
            return hand
        trump = self.trump
        best_trump = -1
        if trump >= 0:
            st = STRENGTH[trump]
            for c in trick:
                if _SUIT_OF[c] == trump and (best_trump < 0 or st[c] > st[best_trump]):
                    best_trump = c
        return legal_cards(hand, _SUIT_OF[trick[0]], best_trump, trump)

    def _winner_index(self, trick: list[int], mode: int) -> int:
        st = STRENGTH[mode]
        trump = self.trump
        best = 0
        bc = trick[0]
        for i in range(1, len(trick)):
            c = trick[i]
            if _SUIT_OF[c] == _SUIT_OF[bc]:
                if st[c] > st[bc]:
                    best, bc = i, c
            elif _SUIT_OF[c] == trump:
                best, bc = i, c
        return best

    def groups(
        self, hands: list[int], mover: int, legal: int, trick: list[int]
    ) -> list[tuple[int, list[int]]]:
        """Groups of equivalent cards among ``legal`` for ``mover``: (representative, group).

        Cards of one suit with equal points and no live card (held by anyone, or in ``trick``)
        between them lead to the same result; the representative is the strongest.
        """
        live = hands[0] | hands[1] | hands[2] | hands[3]
        for c in trick:
            live |= 1 << c
        out: list[tuple[int, list[int]]] = []
        cache = self._group_cache
        for s in range(4):
            sl = legal >> (9 * s) & 0x1FF
            if not sl:
                continue
            key = (s, live >> (9 * s) & 0x1FF, sl)
            got = cache.get(key)
            if got is None:
                got = self._suit_groups(s, live, legal)
                cache[key] = got
            out.extend(got)
        return out

    def _suit_groups(self, s: int, live: int, legal: int) -> list[tuple[int, list[int]]]:
        pkey = self.pkey
        found: list[list[int]] = []
        group: list[int] | None = None
        for c in self.orders[s]:
            b = 1 << c
            if not live & b:
                continue
            if legal & b:
                if group is not None and pkey[group[0]] == pkey[c]:
                    group.append(c)
                else:
                    group = [c]
                    found.append(group)
            else:
                group = None
        # The representative of a group is its strongest card (it never does worse at winning).
        return [(g[-1], g) for g in found]

    def _ordered(
        self, hands: list[int], mover: int, legal: int, trick: list[int], trick_no: int,
        first: int,
    ) -> list[int]:
        reps = [r for r, _g in self.groups(hands, mover, legal, trick)]
        if len(reps) <= 1:
            return reps
        mode = self.modes[trick_no]
        st = STRENGTH[mode]
        pts = POINTS[mode]
        trump = self.trump
        scored: list[tuple[int, int]] = []
        if trick:
            wi = self._winner_index(trick, mode)
            bc = trick[wi]
            partner_wins = (len(trick) - wi) == 2
            for c in reps:
                beats = (_SUIT_OF[c] == _SUIT_OF[bc] and st[c] > st[bc]) or (
                    _SUIT_OF[c] == trump and _SUIT_OF[bc] != trump
                )
                if beats and not partner_wins:
                    score = 1000 - st[c] + pts[c] * 4
                elif partner_wins and not beats:
                    score = 500 + pts[c]
                else:
                    score = 200 - pts[c] * 4 - st[c]
                scored.append((score, c))
        else:
            live = hands[0] | hands[1] | hands[2] | hands[3]
            for c in reps:
                s = _SUIT_OF[c]
                top = True
                for c2 in reversed(self.orders[s]):
                    if live >> c2 & 1:
                        top = c2 == c
                        break
                if top:
                    score = 1000 + pts[c] - (200 if s == trump else 0)
                else:
                    score = 200 - pts[c] * 4 - st[c]
                scored.append((score, c))
        scored.sort(reverse=True)
        out = [c for _s, c in scored]
        if first in out:
            out.remove(first)
            out.insert(0, first)
        return out

    def _after(
        self, hands: list[int], leader: int, trick: list[int], trick_no: int, taken: int,
        acc: int, mover: int, card: int, alpha: int, beta: int,
    ) -> int:
        """Value for ``self._team`` after ``mover`` plays ``card`` (the trick's points included);
        ``acc`` holds the card points of the tricks before this one."""
        self.nodes += 1
        hands[mover] &= ~(1 << card)
        trick.append(card)
        try:
            if len(trick) < 4:
                return self._search(hands, leader, trick, trick_no, taken, acc, alpha, beta)
            mode = self.modes[trick_no]
            wi = self._winner_index(trick, mode)
            winner = (leader + wi) % 4
            pts = 0
            p = POINTS[mode]
            for c in trick:
                pts += p[c]
            last = trick_no == 8
            if last:
                pts += self.last_bonus
            wteam = winner & 1
            receiver = wteam ^ 1 if self.misere else wteam
            gain = pts if receiver == self._team else 0
            taken2 = taken | (1 << wteam)
            if last:
                if taken2 != 3 and receiver == self._team:  # one team took all nine tricks
                    if taken2 == self._double_bit:
                        gain += acc + pts  # the whole hand's trick points once more
                    else:
                        gain += self.match_bonus[wteam]
                return gain
            saved = trick[:]
            trick.clear()
            try:
                return gain + self._search(
                    hands, winner, trick, trick_no + 1, taken2, acc + pts, alpha - gain,
                    beta - gain,
                )
            finally:
                trick.extend(saved)
        finally:
            trick.pop()
            hands[mover] |= 1 << card

    def _search(
        self, hands: list[int], leader: int, trick: list[int], trick_no: int, taken: int,
        acc: int, alpha: int, beta: int,
    ) -> int:
        n = len(trick)
        mover = (leader + n) % 4
        first = -1
        key: tuple[int, int, int, int, int] | None = None
        alpha0, beta0 = alpha, beta
        if n == 0:
            # The points taken so far matter only while a doubled Kontermatch may come.
            key = (
                hands[0] | hands[1] << 36 | hands[2] << 72 | hands[3] << 108,
                leader, taken, self._team,
                acc if self._double_bit and taken in (0, self._double_bit) else -1,
            )
            hit = self.tt.get(key)
            if hit is not None:
                kind, v, first = hit
                if kind == _EXACT:
                    return v
                if kind == _LOWER:
                    if v >= beta:
                        return v
                    alpha = max(alpha, v)
                elif v <= alpha:
                    return v
                else:
                    beta = min(beta, v)
        legal = self._legal(hands[mover], trick, trick_no)
        moves = self._ordered(hands, mover, legal, trick, trick_no, first)
        maximise = (mover & 1) == self._team
        best_move = moves[0]
        if maximise:
            best = -_INF
            for c in moves:
                v = self._after(hands, leader, trick, trick_no, taken, acc, mover, c, alpha,
                                beta)
                if v > best:
                    best, best_move = v, c
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
        else:
            best = _INF
            for c in moves:
                v = self._after(hands, leader, trick, trick_no, taken, acc, mover, c, alpha,
                                beta)
                if v < best:
                    best, best_move = v, c
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        if key is not None:
            if best <= alpha0:
                self.tt[key] = (_UPPER, best, best_move)
            elif best >= beta0:
                self.tt[key] = (_LOWER, best, best_move)
            else:
                self.tt[key] = (_EXACT, best, best_move)
        return best


# ----------------------------------------------------------------------------------------------
# Working on a Round


def _check(rnd: Round) -> None:
    if not isinstance(rnd, Round):
        raise ValueError(f"the solver needs a Round, not {type(rnd).__name__}")
    if rnd.phase not in ("play", "weis") or rnd.contract < 0:
        raise ValueError(f"the solver needs a card-play position, not phase {rnd.phase!r}")


def solver_for(rnd: Round) -> Solver:
    """A :class:`Solver` for the contract of ``rnd``."""
    _check(rnd)
    return Solver(rnd.rules, rnd.contract, rnd.declarer_team)


def _taken(rnd: Round) -> int:
    return (1 if rnd.tricks_won[0] else 0) | (2 if rnd.tricks_won[1] else 0)


def _stoeck_bonus(rnd: Round, team: int) -> int:
    """Stöck still to come for ``team``: held by its player, not yet announced or declined."""
    if rnd.stoeck_seat < 0 or rnd.stoeck_state != 0 or (rnd.stoeck_seat & 1) != team:
        return 0
    if not rnd.rules.stoeck or not stoeck_cards(rnd.trump):
        return 0
    return 20


def analyse(rnd: Round, solver: Solver | None = None) -> list[tuple[int, int]]:
    """Every legal card of the player to move with its exact value, best first.

    The value is what the mover's team still gains in this hand with all cards open (see the
    module header; Stöck still to come for the team is included). Ties keep card order.
    """
    _check(rnd)
    s = solver or solver_for(rnd)
    mover = (rnd.leader + len(rnd.trick)) % 4
    extra = _stoeck_bonus(rnd, mover & 1)
    vals = s.values(rnd.hands, rnd.leader, rnd.trick, rnd.trick_no, _taken(rnd),
                    past_points=sum(rnd.trick_points))
    out = [(c, v + extra) for c, v in vals.items()]
    out.sort(key=lambda cv: -cv[1])
    return out


def best_card(rnd: Round) -> tuple[int, int]:
    """The best card of the player to move and its value (cards open)."""
    return analyse(rnd)[0]


def solve(rnd: Round) -> int:
    """The exact value of the position for the team to move (cards open, Stöck included)."""
    _check(rnd)
    s = solver_for(rnd)
    mover = (rnd.leader + len(rnd.trick)) % 4
    v = s.value(rnd.hands, rnd.leader, rnd.trick, rnd.trick_no, _taken(rnd),
                past_points=sum(rnd.trick_points))
    return v + _stoeck_bonus(rnd, mover & 1)
