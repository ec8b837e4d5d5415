"""Fast simulation of complete Schieber hands on raw integers (rule book §2.1-§2.9).

This is the engine's fast path for work that plays very many hands with uniformly random
players: Monte Carlo statistics, rollouts, benchmarks. It plays a whole hand in one tight loop on
36-bit masks and small tables: deal, choosing and schieben (push back when the rules allow it),
the Weis of every hand found and offered, declared or kept quiet, compared by points, length,
height (reversed in Undenufe), trump and position, Stöck (with the second card or with the Weis),
the legal cards of §2.4 (follow or ruff, the Puur rule, no undertrumping unless only trumps),
trick winners in every contract including Misère and Slalom, and the hand score with the last
trick, Match, Kontermatch (all three scorings) and the contract's multiplier. Given the game
scores, it also credits points in the order of ``count_order`` and stops the hand the moment a
team reaches the target (rule book §2.10), as a ``Round`` inside a game does.

The reference :class:`puur.round.Round` is the oracle: the tests replay the fast path's action
list into a ``Round`` and require the same legal actions at every step and the same credits.

A *uniformly random player* picks ``int(rng.random() * n)``-th of the ``n`` legal actions in
sorted order, at every decision (choose or push, Weis option or keep quiet, Stöck or not, card).
Driving a ``Round`` with that same rule and the same ``random.Random`` gives the very same hand
(see :func:`play_round_randomly`).

Simplifications, by design: only the totals per kind of credit are kept, not the list of
credits in order that a ``Round`` keeps. The deal is uniform over all deals but is drawn
differently from :func:`puur.deal.deal_hands`, so the same seed gives a different deal there.
A hand holding a scoring four of a kind (about one hand in 75) has its Weis splits listed by
:func:`puur.weis.weis_options` itself; every other hand's single split is found from
tables (:mod:`puur.fastweis`).

>>> import random
>>> from puur.rules import RuleSet, rules_or_default
>>> hand = random_hand(RuleSet(), random.Random(7))
>>> sum(hand.trick_points)  # 152 card points and 5 for the last trick
157
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final, NamedTuple

from puur._checks import is_int, is_int_in, scores_arg, show
from puur.actions import A_CHOOSE, A_PUSH, A_STOECK, A_STOECK_NO, A_WEIS
from puur.cards import ALL_CARDS, NUM_CARDS, SUIT_MASK
from puur.contracts import (
    LOWER_TRUMPS,
    MODE_OBENABE,
    MODE_UNDENUFE,
    MODES,
    POINTS,
    PUUR,
    STRENGTH,
    Contract,
)
from puur.deal import DealError, check_deal
from puur.fastweis import WeisOffers
from puur.round import Round
from puur.rules import RuleSet, rules_or_default

__all__ = [
    "FastHand",
    "FastSim",
    "FastSimError",
    "deal",
    "play_round_randomly",
    "random_hand",
    "random_hands",
]


class FastHand(NamedTuple):
    """One simulated hand: its deal, its actions and its score.

    ``actions`` are the integer actions of :mod:`puur.actions` in order, so
    ``Round(rules, hands, forehand)`` with these actions pushed rebuilds the hand. The per-team
    pairs ``trick_points`` (with the last trick), ``match_bonus``, ``weis`` and ``stoeck`` are
    before the multiplier, as in :meth:`puur.round.Round.hand_score`; ``credited`` is after it.
    ``winner`` is the team that reached the game's target during the hand (only when it was
    played with ``game_scores``), else -1; the hand stopped there.
    """

    hands: tuple[int, int, int, int]
    forehand: int
    contract: int
    multiplier: int
    actions: list[int]
    credited: tuple[int, int]
    trick_points: tuple[int, int]
    match_bonus: tuple[int, int]
    weis: tuple[int, int]
    stoeck: tuple[int, int]
    winner: int = -1


_BIT: Final[tuple[int, ...]] = tuple(1 << c for c in range(NUM_CARDS))
_SUIT: Final[tuple[int, ...]] = tuple(c // 9 for c in range(NUM_CARDS))
_DECK: Final[tuple[int, ...]] = tuple(range(NUM_CARDS))
_PUSH_BIT: Final = 1 << A_PUSH
_STOECK_BITS: Final = (1 << A_STOECK) | (1 << A_STOECK_NO)

class FastSimError(ValueError):
    """A bad argument to the fast simulator: rules, a random source, a deal, a forehand, game
    scores; raised before anything is drawn."""


def _check_rng(rng: object) -> None:
    if not isinstance(rng, random.Random):
        raise FastSimError(f"rng must be a random.Random, not {show(rng)}")


def deal(rng: random.Random) -> tuple[int, int, int, int]:
    """A uniformly random deal: four disjoint nine-card masks (seat 0..3)."""
    _check_rng(rng)
    return _deal(rng)


def _deal(rng: random.Random) -> tuple[int, int, int, int]:
    rnd = rng.random
    d = list(_DECK)
    for i in range(NUM_CARDS - 1, 0, -1):
        j = int(rnd() * (i + 1))
        d[i], d[j] = d[j], d[i]
    b = _BIT
    h0 = b[d[0]] | b[d[1]] | b[d[2]] | b[d[3]] | b[d[4]] | b[d[5]] | b[d[6]] | b[d[7]] | b[d[8]]
    h1 = (b[d[9]] | b[d[10]] | b[d[11]] | b[d[12]] | b[d[13]] | b[d[14]] | b[d[15]] | b[d[16]]
          | b[d[17]])
    h2 = (b[d[18]] | b[d[19]] | b[d[20]] | b[d[21]] | b[d[22]] | b[d[23]] | b[d[24]] | b[d[25]]
          | b[d[26]])
    return (h0, h1, h2, ALL_CARDS ^ (h0 | h1 | h2))


def _check_play(
    rng: object, hands: object, forehand: object, game_scores: object, trace: object
) -> None:
    _check_rng(rng)
    if hands is not None:
        try:
            check_deal(hands)  # type: ignore[arg-type]
        except DealError as e:
            raise FastSimError(str(e)) from None
    if forehand is not None and not is_int_in(forehand, 0, 3):
        raise FastSimError(f"forehand must be a seat 0..3, not {show(forehand)}")
    scores_arg(game_scores, FastSimError)
    if trace is not None and not isinstance(trace, list):
        raise FastSimError(f"trace must be a list, not {show(trace)}")


class FastSim:
    """The fast simulator for one rule set; the tables the rules select are built once.

    >>> import random
    >>> sim = FastSim(RuleSet())
    >>> h = sim.play(random.Random(3))
    >>> len(h.actions) >= 37
    True
    """

    def __init__(self, rules: RuleSet | None = None) -> None:
        r = rules_or_default(rules, FastSimError)
        self.rules: Final = r
        self._contracts = r.contracts()
        self._choose_mask = sum(1 << (A_CHOOSE + c) for c in self._contracts)
        self._stoeck = r.stoeck
        self._with_weis = r.stoeck_announce == "with-weis"
        self._weis_offer = WeisOffers(r).offer  # unchecked, for the loop of play()
        self._batch: Callable[[random.Random, int, tuple[int, int] | None],
                              list[FastHand]] | None = None

    # -----------------------------------------------------------------------------------------

    def weis_offer(self, hand: int, mode: int, trump: int) -> list[tuple[int, int]]:
        """The Weis splits ``hand`` is offered in ``mode``, best first, as ``(points, key)``.

        ``key`` packs the best single Weis of the split (points, cards, height, trump) into an
        int that orders like :func:`puur.weis.meld_key`. Empty when the hand holds no Weis.
        """
        if not is_int_in(hand, 0, ALL_CARDS) or not is_int_in(mode, 0, 5) or not is_int_in(
                trump, -1, 3):
            raise FastSimError(
                f"weis_offer needs a card mask, a mode 0..5 and a trump -1..3, not "
                f"{show(hand)}, {show(mode)}, {show(trump)}")
        return self._weis_offer(hand, mode, trump)

    def play(
        self,
        rng: random.Random,
        hands: tuple[int, ...] | list[int] | None = None,
        forehand: int | None = None,
        *,
        game_scores: tuple[int, int] | None = None,
        trace: list[int] | None = None,
    ) -> FastHand:
        """Play one hand with four uniformly random players.

        Without ``hands`` the deal is drawn from ``rng`` (:func:`deal`); without ``forehand`` the
        holder of the start card chooses, as in :class:`puur.round.Round`. Bad hands or a bad
        forehand raise ``ValueError``.

        ``game_scores`` (the teams' points before this hand) switches on the game end as in a
        ``Round`` built with them: points are credited in the order of ``rules.count_order``
        and the hand stops the moment a team reaches ``rules.target``; that team is
        :attr:`FastHand.winner`.

        With a ``trace`` list, the legal actions of every decision are appended to it as a mask
        (bit ``a`` set when action ``a`` is legal), one entry per action, for checking against
        :meth:`puur.round.Round.legal_actions`.
        """
        _check_play(rng, hands, forehand, game_scores, trace)
        gs = game_scores
        if hands is None:
            dealt = _deal(rng)
        else:
            dealt = (hands[0], hands[1], hands[2], hands[3])
        rules = self.rules
        if forehand is None:
            sc = rules.start_card
            forehand = next(s for s in range(4) if dealt[s] >> sc & 1)
        rnd = rng.random
        actions: list[int] = []
        add = actions.append

        # Choosing (rule book §2.3): contracts in order, then push where it is allowed.
        contracts = self._contracts
        nc = len(contracts)
        if trace is not None:
            trace.append(self._choose_mask | _PUSH_BIT)
        k = int(rnd() * (nc + 1))
        if k < nc:
            contract = contracts[k]
            chooser = forehand
        else:
            add(A_PUSH)
            if rules.push_back:
                if trace is not None:
                    trace.append(self._choose_mask | _PUSH_BIT)
                k = int(rnd() * (nc + 1))
                if k == nc:
                    add(A_PUSH)
                    if trace is not None:
                        trace.append(self._choose_mask)
                    k = int(rnd() * nc)
                    chooser = forehand
                else:
                    chooser = (forehand + 2) & 3
            else:
                if trace is not None:
                    trace.append(self._choose_mask)
                k = int(rnd() * nc)
                chooser = (forehand + 2) & 3
            contract = contracts[k]
        add(A_CHOOSE + contract)
        trump = contract if contract < 4 else -1
        mode = MODES[contract][0]
        misere = contract == Contract.MISERE
        slalom = contract >= Contract.SLALOM
        mult = rules.multipliers[contract]
        weis_first = rules.count_order == "stoeck-weis-stich"
        target = rules.target
        # Raw points credited per team so far, by kind (before the multiplier).
        tp = [0, 0]  # trick points, with the last trick (after the Misère swap)
        match_bonus = [0, 0]
        weis = [0, 0]
        stoeck = [0, 0]

        def reached(team: int) -> bool:
            # Called only with game scores, after each credit, as Round._credit checks.
            total = (tp[team] + match_bonus[team] + weis[team] + stoeck[team]) * mult
            return gs is not None and gs[team] + total >= target

        winner = -1

        # Weis on offer (§2.5) and the Stöck holder (§2.6).
        offers = [self._weis_offer(h, mode, trump) for h in dealt]
        stoeck_seat = -1
        stoeck_pair = 0
        if trump >= 0 and self._stoeck:
            stoeck_pair = (1 << (9 * trump + 7)) | (1 << (9 * trump + 6))
            for s in range(4):
                if dealt[s] & stoeck_pair == stoeck_pair:
                    stoeck_seat = s
        with_weis = stoeck_seat >= 0 and self._with_weis
        second_card = stoeck_seat >= 0 and not self._with_weis
        declared_pts = [0, 0, 0, 0]
        weis_best = -1
        weis_seat = -1

        held = list(dealt)
        tmask = SUIT_MASK[trump] if trump >= 0 else 0
        puur = PUUR[trump] if trump >= 0 else 0
        lower = LOWER_TRUMPS[trump] if trump >= 0 else LOWER_TRUMPS[0]
        suit_of = _SUIT
        won = [0, 0]  # tricks per team
        leader = forehand
        team = 0
        for t in range(9):
            if slalom and t:
                mode = MODE_OBENABE + MODE_UNDENUFE - mode
            strength = STRENGTH[mode]
            points = POINTS[mode]
            lead = -1
            best_v = -1
            best_card = -1
            best_seat = -1
            pts = 0
            for i in range(4):
                seat = (leader + i) & 3
                hand = held[seat]
                if t == 0:
                    offer = offers[seat]
                    if offer:
                        if trace is not None:
                            trace.append(((2 << len(offer)) - 1) << A_WEIS)
                        k = int(rnd() * (len(offer) + 1))
                        add(A_WEIS + k)
                        if k:
                            wp, wk = offer[k - 1]
                            declared_pts[seat] = wp
                            wk = wk * 4 + 3 - i  # earlier in playing order wins ties
                            if wk > weis_best:
                                weis_best = wk
                                weis_seat = seat
                    if with_weis and seat == stoeck_seat:
                        if trace is not None:
                            trace.append(_STOECK_BITS)
                        if rnd() < 0.5:
                            add(A_STOECK)
                            stoeck[seat & 1] = 20
                            if gs is not None and reached(seat & 1):
                                winner = seat & 1
                                break
                        else:
                            add(A_STOECK_NO)
                # Legal cards (§2.4), as puur.round.legal_cards computes them.
                if lead < 0:
                    legal = hand
                else:
                    follow = hand & SUIT_MASK[lead]
                    if trump < 0:
                        legal = follow or hand
                    elif lead == trump:
                        legal = hand if (follow == 0 or follow == puur) else follow
                    else:
                        trumps = hand & tmask
                        if trumps == hand:
                            legal = hand
                        else:
                            if best_v >= 100:  # the best card so far is a trump
                                trumps &= ~lower[best_card]
                            legal = (follow | trumps) if follow else ((hand & ~tmask) | trumps)
                if trace is not None:
                    trace.append(legal)
                k = int(rnd() * legal.bit_count())
                while k:
                    legal &= legal - 1
                    k -= 1
                low = legal & -legal
                card = low.bit_length() - 1
                add(card)
                held[seat] = hand ^ low
                pts += points[card]
                s = suit_of[card]
                if lead < 0:
                    lead = s
                    best_v = strength[card]
                    best_card = card
                    best_seat = seat
                elif s in (lead, trump):
                    v = strength[card]
                    if v > best_v:
                        best_v = v
                        best_card = card
                        best_seat = seat
                if (
                    second_card
                    and seat == stoeck_seat
                    and low & stoeck_pair
                    and not held[seat] & stoeck_pair
                ):
                    second_card = False
                    if trace is not None:
                        trace.append(_STOECK_BITS)
                    if rnd() < 0.5:
                        add(A_STOECK)
                        stoeck[seat & 1] = 20
                        if gs is not None and reached(seat & 1):
                            winner = seat & 1
                            break
                    else:
                        add(A_STOECK_NO)
            if winner >= 0:
                break
            # The trick is complete: Weis after trick 1 (in Stöck-Weis-Stich order), then the
            # trick's points, and after the ninth the Match bonus and, in the other order, Weis.
            team = best_seat & 1
            won[team] += 1
            if misere:
                team ^= 1  # the points go to the other team
            leader = best_seat
            if t == 0 and weis_first and weis_seat >= 0:
                wt = weis_seat & 1
                weis[wt] = declared_pts[wt] + declared_pts[wt + 2]
                if gs is not None and reached(wt):
                    winner = wt
                    break
            if t == 8:
                pts += rules.last_trick_bonus
            tp[team] += pts
            if gs is not None and reached(team):
                winner = team
                break
        else:
            # The hand was played out (§2.7, §2.8): Match bonus to the team credited the last
            # trick, then Weis when they count last.
            if won[0] == 9 or won[1] == 9:
                taker = 0 if won[0] == 9 else 1
                bonus = rules.match_bonus
                if taker != chooser & 1:
                    km = rules.kontermatch
                    if km == "double":
                        bonus = tp[team]
                    elif km == "bonus":
                        bonus = rules.kontermatch_bonus
                match_bonus[team] = bonus
                if gs is not None and reached(team):
                    winner = team
            if not weis_first and weis_seat >= 0 and winner < 0:
                wt = weis_seat & 1
                weis[wt] = declared_pts[wt] + declared_pts[wt + 2]
                if gs is not None and reached(wt):
                    winner = wt
        return FastHand(
            dealt,
            forehand,
            contract,
            mult,
            actions,
            (
                (tp[0] + match_bonus[0] + weis[0] + stoeck[0]) * mult,
                (tp[1] + match_bonus[1] + weis[1] + stoeck[1]) * mult,
            ),
            (tp[0], tp[1]),
            (match_bonus[0], match_bonus[1]),
            (weis[0], weis[1]),
            (stoeck[0], stoeck[1]),
            winner,
        )


    def play_many(
        self, rng: random.Random, count: int, *, game_scores: tuple[int, int] | None = None
    ) -> list[FastHand]:
        """``count`` hands, each with its own deal, exactly as ``count`` calls of
        ``play(rng, game_scores=game_scores)`` give them; compiled (:mod:`puur.compiled.fastsim`)
        when numba is there and :func:`puur.compiled.enabled` says so."""
        if not is_int(count) or count < 0:
            raise FastSimError(f"count must be a whole number from 0, not {show(count)}")
        _check_play(rng, None, None, game_scores, None)
        import puur.compiled as _compiled

        # The compiled loop draws from the generator's state: only a plain random.Random (not a
        # subclass with its own ``random()``) gives the same numbers there.
        if not _compiled.enabled() or type(rng) is not random.Random:
            return [self.play(rng, game_scores=game_scores) for _ in range(count)]
        if self._batch is None:
            from puur.compiled.fastsim import SimCore

            self._batch = SimCore(self.rules).hands
        return self._batch(rng, count, game_scores)


_SIMS: dict[RuleSet, FastSim] = {}


def _sim(rules: RuleSet) -> FastSim:
    rules = rules_or_default(rules, FastSimError)
    sim = _SIMS.get(rules)
    if sim is None:
        if len(_SIMS) > 64:
            _SIMS.clear()
        sim = _SIMS[rules] = FastSim(rules)
    return sim


def random_hand(
    rules: RuleSet,
    rng: random.Random,
    hands: tuple[int, ...] | list[int] | None = None,
    forehand: int | None = None,
    *,
    game_scores: tuple[int, int] | None = None,
    trace: list[int] | None = None,
) -> FastHand:
    """Play one hand with four uniformly random players (see :meth:`FastSim.play`)."""
    return _sim(rules).play(rng, hands, forehand, game_scores=game_scores, trace=trace)


def random_hands(rules: RuleSet, count: int, rng: random.Random) -> list[FastHand]:
    """Play ``count`` independent random hands, each with its own deal from ``rng``."""
    return _sim(rules).play_many(rng, count)


def play_round_randomly(rnd: Round, rng: random.Random) -> Round:
    """Drive a reference :class:`Round` to its end with the same uniformly random players.

    Given the same deal, forehand and ``rng`` state, the actions are exactly those of
    :meth:`FastSim.play`. This is the slow path the fast one is checked against.
    """
    if not isinstance(rnd, Round):
        raise FastSimError(f"not a Round: {show(rnd)}")
    _check_rng(rng)
    r = rng.random
    while not rnd.is_over:
        acts = rnd.legal_actions()
        rnd.push(acts[int(r() * len(acts))])
    return rnd
