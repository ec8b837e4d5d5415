"""Fast play-outs of the rest of a hand for search: a greedy card policy on raw masks.

Implements the card play of rule book §2.4 (through :func:`puur.round.legal_cards`), trick
points and the last-trick and Match bonuses of §1 and §2.7-§2.8 (Misère hands the points over;
each trick counts in its own mode, and a doubled Kontermatch counts the trick points of the
whole hand again as the tricks fell).
Used by the search player on sampled deals: every seat plays the same quick policy, which uses
only what that seat could know at a table (its own cards, the cards already played, the
current trick):

* lead: draw trumps with the highest trump still out when the team chose and opponents may
  still hold trumps; otherwise cash a card that is the best left in its suit (points first);
  otherwise lead low from the longest plain suit;
* follow, partner winning: give points (schmieren) when the partner's card is safe (it is the
  last card of the trick, or nothing left out can beat it), else play low;
* follow, opponent winning: take the trick with the cheapest card that wins when the trick is
  worth it (a trump only for 10 points or more, or in the last two tricks), else play low.

With ``open_hands`` (used to evaluate a sampled deal, where all hands are known) the policy also
looks at the other hands: whether a card will hold the trick, whether the opponents still hold
trumps, and whether an opponent would ruff a card it cashes.

Simplifications: Weis and Stöck are not counted (they do not depend on the card play); the game
target is ignored.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from puur import compiled as _compiled
from puur.bots.tricks import check_hand_setup, resolve_past_points
from puur.cards import NUM_CARDS, SUIT_MASK
from puur.contracts import POINTS, STRENGTH, Contract, contract_mode
from puur.round import legal_cards
from puur.rules import RuleSet

if TYPE_CHECKING:
    from puur.bots.dds import Solver
    from puur.compiled.playout import PlayoutCore

__all__ = ["Playout"]

_SUIT_OF: Final = tuple(c // 9 for c in range(NUM_CARDS))


def _strong_orders() -> tuple[tuple[tuple[int, ...], ...], ...]:
    out = []
    for m in range(6):
        st = STRENGTH[m]
        out.append(tuple(
            tuple(sorted(range(9 * s, 9 * s + 9), key=lambda c: -st[c])) for s in range(4)
        ))
    return tuple(out)


# Per mode and suit: the cards from strongest to weakest.
_STRONG: Final = _strong_orders()


class Playout:
    """Plays hands of one contract to the end with the greedy policy.

    ``compiled``: play with the compiled core (:mod:`puur.compiled.playout`, the same cards and
    gains) when ``True``, with this module's Python when ``False``; by default the compiled core
    when numba is installed (:func:`puur.compiled.enabled`).
    """

    def __init__(
        self, rules: RuleSet, contract: int, declarer_team: int, open_hands: bool = False,
        *, compiled: bool | None = None,
    ) -> None:
        check_hand_setup(rules, contract, declarer_team)
        #: Let the policy look at the other hands of the sampled deal to tell whether a card
        #: will hold the trick (closer to exact play, for evaluating a deal).
        self.open_hands = open_hands
        self.hands: list[int] = [0, 0, 0, 0]
        #: When set, the last ``endgame_tricks`` tricks are solved exactly instead of played out.
        self.endgame: Solver | None = None
        self.endgame_tricks = 0
        self.contract = contract
        self.trump = contract if contract < 4 else -1
        self.misere = contract == Contract.MISERE
        self.modes = tuple(contract_mode(contract, t) for t in range(9))
        self.declarer_team = declarer_team
        self.last_bonus = rules.last_trick_bonus
        km = rules.kontermatch
        bonus = [0, 0]
        for team in range(2):
            if team == declarer_team or km == "match":
                bonus[team] = rules.match_bonus
            elif km == "bonus":
                bonus[team] = rules.kontermatch_bonus
        #: The Match bonus of each team, when fixed; a doubled Kontermatch is the hand's trick
        #: points as they fell (``_double``).
        self.match_bonus = tuple(bonus)
        self._double = declarer_team ^ 1 if km == "double" else -1
        self._core: PlayoutCore | None = None
        if _compiled.wanted(compiled):
            from puur.compiled.playout import PlayoutCore

            self._core = PlayoutCore(contract, self.trump, self.misere, self.last_bonus,
                                     self.match_bonus, self._double, declarer_team, open_hands)

    @property
    def compiled(self) -> bool:
        """Whether this play-out plays with the compiled core."""
        return self._core is not None

    def run(
        self, hands: list[int], leader: int, trick: list[int], trick_no: int, taken: int,
        *, past_points: int | None = None, line: list[int] | None = None,
    ) -> tuple[int, int]:
        """Play to the end (``hands`` and ``trick`` are consumed) and return each team's gain
        from the current trick on (before the multiplier).

        ``past_points`` are the card points of the tricks already played
        (:func:`puur.bots.dds.played_points`); without them they are worked out from the cards
        still out, which a Slalom cannot do (it then raises ``ValueError`` while a doubled
        Kontermatch may still come). A ``line`` list receives the cards the policy plays, in
        order. With an exact ``endgame``, each team's gain from there is its exact value.
        """
        self.hands = hands
        end = self.endgame
        acc = past_points if past_points is not None else resolve_past_points(
            self.contract, hands, trick, trick_no, past_points,
            self._double >= 0 and taken in (0, 1 << self._double))
        if self._core is not None:
            g0, g1, leader, trick_no, taken, acc, stopped = self._core.run(
                hands, leader, trick, trick_no, taken, acc,
                self.endgame_tricks if end is not None else 0, line)
            if not stopped:
                return g0, g1
            assert end is not None
            gains = [g0, g1]
            live = hands[0] | hands[1] | hands[2] | hands[3]
            self._finish_exactly(end, gains, hands, leader, trick_no, taken, acc, live)
            return gains[0], gains[1]
        gains = [0, 0]
        live = hands[0] | hands[1] | hands[2] | hands[3]
        trump = self.trump
        while True:
            if end is not None and not trick and 9 - trick_no <= self.endgame_tricks:
                self._finish_exactly(end, gains, hands, leader, trick_no, taken, acc, live)
                return gains[0], gains[1]
            mode = self.modes[trick_no]
            while len(trick) < 4:
                mover = (leader + len(trick)) % 4
                c = self.choose(hands[mover], mover, leader, trick, trick_no, live)
                hands[mover] &= ~(1 << c)
                live &= ~(1 << c)
                trick.append(c)
                if line is not None:
                    line.append(c)
            st = STRENGTH[mode]
            wi = 0
            bc = trick[0]
            pts = POINTS[mode][bc]
            for i in (1, 2, 3):
                c = trick[i]
                pts += POINTS[mode][c]
                if _SUIT_OF[c] == _SUIT_OF[bc]:
                    if st[c] > st[bc]:
                        wi, bc = i, c
                elif _SUIT_OF[c] == trump:
                    wi, bc = i, c
            winner = (leader + wi) % 4
            wteam = winner & 1
            receiver = wteam ^ 1 if self.misere else wteam
            taken |= 1 << wteam
            if trick_no == 8:
                pts += self.last_bonus
                gains[receiver] += pts
                if taken != 3:
                    # One team took all nine tricks: a doubled Kontermatch gives the hand's
                    # trick points (all of them the receiver's) once more.
                    gains[receiver] += acc + pts if wteam == self._double else (
                        self.match_bonus[wteam])
                return gains[0], gains[1]
            gains[receiver] += pts
            acc += pts
            trick = []
            trick_no += 1
            leader = winner

    def _finish_exactly(
        self, end: Solver, gains: list[int], hands: list[int], leader: int, trick_no: int,
        taken: int, acc: int, live: int,
    ) -> None:
        """Add each team's exact gain of the tricks left (cards open) to ``gains``."""
        lt = leader & 1
        v = end.value(hands, leader, [], trick_no, taken, past_points=acc)
        gains[lt] += v
        if taken == 3 and self.contract not in (Contract.SLALOM, Contract.SLALOM_UNDE):
            # No Match can come and the points still out are fixed: the rest is the others'.
            rest = self.last_bonus
            p = POINTS[self.modes[trick_no]]
            for c in _bits(live):
                rest += p[c]
            gains[lt ^ 1] += rest - v
        else:
            gains[lt ^ 1] += end.value(hands, leader, [], trick_no, taken, past_points=acc,
                                       team=lt ^ 1)
        if end.table_entries() > 100_000:
            end.clear_table()

    def choose(
        self, hand: int, mover: int, leader: int, trick: list[int], trick_no: int, live: int
    ) -> int:
        """The policy's card for ``mover`` holding ``hand`` (``live``: cards not yet played,
        the current trick excluded)."""
        mode = self.modes[trick_no]
        trump = self.trump
        st = STRENGTH[mode]
        pts = POINTS[mode]
        strong = _STRONG[mode]
        if not trick:
            return self._lead(hand, mover, trick_no, live, mode)
        lead = _SUIT_OF[trick[0]]
        best_trump = -1
        wi = 0
        bc = trick[0]
        tp = pts[bc]
        for i in range(1, len(trick)):
            c = trick[i]
            tp += pts[c]
            if _SUIT_OF[c] == _SUIT_OF[bc]:
                if st[c] > st[bc]:
                    wi, bc = i, c
            elif _SUIT_OF[c] == trump:
                wi, bc = i, c
        if trump >= 0:
            for c in trick:
                if _SUIT_OF[c] == trump and (best_trump < 0 or st[c] > st[best_trump]):
                    best_trump = c
        legal = legal_cards(hand, lead, best_trump, trump)
        n = len(trick)
        last = n == 3
        bsuit = _SUIT_OF[bc]
        if (n - wi) == 2:  # the partner is winning
            safe = last
            if not safe and self.open_hands:
                safe = not self._beaten_later(mover, leader, trick, bc, best_trump, st)
            elif not safe:
                # Safe if nothing still out (outside this hand) beats the partner's card.
                out = live & ~hand
                safe = True
                for c in strong[bsuit]:
                    if c == bc:
                        break
                    if out >> c & 1:
                        safe = False
                        break
                if safe and bsuit != trump and trump >= 0 and out & SUIT_MASK[trump]:
                    safe = False  # a ruff may come; only give points with the suit exhausted
            if safe:
                return self._smear(legal, mode)
            return self._low(legal, mode)
        # An opponent is winning: look for the cheapest winner.
        winners = []
        for c in _bits(legal):
            cs = _SUIT_OF[c]
            if (cs == bsuit and st[c] > st[bc]) or (cs == trump and bsuit != trump):
                winners.append(c)
        if winners:
            plain = [c for c in winners if _SUIT_OF[c] != trump]
            if plain:
                if last:
                    return min(plain, key=lambda c: st[c] - pts[c] * 8)
                # Not last: only a card nobody left can beat is a sure winner.
                top = max(plain, key=lambda c: st[c])
                out = live & ~hand
                sure = True
                if self.open_hands:
                    sure = not self._beaten_later(mover, leader, trick, top, best_trump, st)
                else:
                    for c in strong[_SUIT_OF[top]]:
                        if c == top:
                            break
                        if out >> c & 1:
                            sure = False
                            break
                if sure or tp >= 10:
                    return top if sure else min(plain, key=lambda c: st[c])
            else:
                worth = tp >= 10 or trick_no >= 7
                if worth:
                    return min(winners, key=lambda c: st[c])
        return self._low(legal, mode)

    def _beaten_later(
        self, mover: int, leader: int, trick: list[int], card: int, best_trump: int,
        mode_st: tuple[int, ...],
    ) -> bool:
        """Whether an opponent still to play in this trick can beat ``card`` (open hands)."""
        trump = self.trump
        lead = _SUIT_OF[trick[0]] if trick else _SUIT_OF[card]
        cs = _SUIT_OF[card]
        for k in range(len(trick) + 1, 4):
            seat = (leader + k) % 4
            if (seat & 1) == (mover & 1):
                continue
            legal = legal_cards(self.hands[seat], lead, best_trump, trump)
            for c in _bits(legal):
                s = _SUIT_OF[c]
                if (s == cs and mode_st[c] > mode_st[card]) or (s == trump and cs != trump):
                    return True
        return False

    def _lead(self, hand: int, mover: int, trick_no: int, live: int, mode: int) -> int:
        trump = self.trump
        pts = POINTS[mode]
        strong = _STRONG[mode]
        out = live & ~hand
        opp = -1  # the opponents' cards, when the policy may look (open hands)
        if self.open_hands:
            opp = self.hands[(mover + 1) % 4] | self.hands[(mover + 3) % 4]
        if trump >= 0 and hand & SUIT_MASK[trump] and (mover & 1) == self.declarer_team:
            out_trumps = out & SUIT_MASK[trump] & opp
            if out_trumps:
                for c in strong[trump]:
                    if hand >> c & 1:
                        return c  # our best trump is the best left: draw
                    if out_trumps >> c & 1:
                        break
        # Cash a card that is the best left in its suit.
        best = -1
        best_score = -1
        for s in range(4):
            if s == trump or not hand & SUIT_MASK[s]:
                continue
            if opp != -1 and trump >= 0 and self._ruffable(mover, s):
                continue  # an opponent would ruff it
            for c in strong[s]:
                if hand >> c & 1:
                    score = pts[c] + 1
                    if score > best_score:
                        best, best_score = c, score
                    break
                if out >> c & 1:
                    break
        if best >= 0:
            return best
        # Lead low from the longest plain suit.
        longest = -1
        length = 0
        for s in range(4):
            if s == trump:
                continue
            k = (hand & SUIT_MASK[s]).bit_count()
            if k > length:
                longest, length = s, k
        if longest >= 0:
            return self._low(hand & SUIT_MASK[longest], mode)
        return self._low(hand, mode)

    def _ruffable(self, mover: int, suit: int) -> bool:
        """Whether an opponent is void in ``suit`` and holds a trump (open hands)."""
        tm = SUIT_MASK[self.trump]
        for o in ((mover + 1) % 4, (mover + 3) % 4):
            h = self.hands[o]
            if not h & SUIT_MASK[suit] and h & tm:
                return True
        return False

    def _low(self, legal: int, mode: int) -> int:
        """The cheapest card: plain before trump, fewest points, weakest."""
        st = STRENGTH[mode]
        pts = POINTS[mode]
        trump = self.trump
        best = -1
        key = 10**6
        for c in _bits(legal):
            k = (1000 if _SUIT_OF[c] == trump else 0) + pts[c] * 20 + st[c]
            if k < key:
                best, key = c, k
        return best

    def _smear(self, legal: int, mode: int) -> int:
        """Most points without throwing a trump (unless only trumps are left)."""
        st = STRENGTH[mode]
        pts = POINTS[mode]
        trump = self.trump
        best = -1
        key = -(10**6)
        for c in _bits(legal):
            k = pts[c] * 20 - st[c] - (1000 if _SUIT_OF[c] == trump else 0)
            if k > key:
                best, key = c, k
        return best


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
