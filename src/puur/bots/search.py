"""The search player: determinised Monte Carlo over sampled deals (rule book §2.3-§2.7); the
search of this module plays Schieber, every other variant goes to :mod:`puur.bots.variant_search`.

Each decision samples deals of the unseen cards consistent with the seat's
:class:`~puur.observation.Observation` (:mod:`puur.bots.sampler`) and evaluates every candidate
on the same sampled deals until the time budget is spent:

* **deals**: drawn uniformly among the consistent ones, then kept with the probability that the
  others' public decisions make sense on them (:class:`Plausibility`: the contract chosen, a
  push or no push, Weis and Stöck not announced), and weighted by how well they explain the
  cards the others played (:func:`play_likelihood`);
* **card play** (perfect-information Monte Carlo): with few tricks left (``dds_tricks``: 3 below
  a 0.15 s budget, 4 up to 3 s, 5 above; with the compiled solver 4 below 0.15 s, 6 from
  there, :func:`default_dds_tricks`) every legal card is solved exactly on each sampled
  deal by the double-dummy solver (:mod:`puur.bots.dds`); earlier, each card is followed by a
  fast greedy play-out of the rest of the hand (:mod:`puur.bots.playout`). A card's estimate is
  the weighted mean, over the deals, of the points the seat's team still takes in this hand.
  Cards that are interchangeable for the seat (same suit and points, nothing unplayed between
  them) are evaluated once;
* **choosing** (its own model): every contract is played out on the same sampled deals; a
  contract's value is the mean point difference between the teams (Stöck included) times its
  multiplier. Pushing is simulated on the same deals: the partner picks the contract that looks
  best from its own nine cards (:func:`hand_strength`) and that contract's play-out value
  counts. The seat pushes when this beats every contract (``push_bias`` shifts the balance);
* **Weis**: declare the suggested split unless an opponent has already announced a longer or
  higher Weis that the partner has not matched (then keeping quiet gives nothing away);
* **Stöck**: always announced.

Why this design: the late hand is where exact play matters and the solver is fast there;
earlier, a single Python solve takes seconds, so cheap play-outs over many deals give a better
estimate per second than a few exact solves. Determinised search has the known blind spot of
assuming every card is open after the move (strategy fusion); the play-out policy looks at the
other hands only to judge whether a card holds the trick, whether opponents still hold trumps
and whether a cashed card would be ruffed, which keeps that small.

Simplifications: the game target does not change the objective (points of this hand); no
signalling conventions are played or read beyond what :func:`play_likelihood` picks up.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Final

from puur import compiled as _compiled
from puur.actions import A_CHOOSE, A_PUSH, A_STOECK, A_STOECK_NO, A_WEIS
from puur.bots.base import BOTS
from puur.bots.dds import Solver
from puur.bots.inference import DEFAULT_RULE_P, RuleModel, RuleModelCache
from puur.bots.playout import Playout
from puur.bots.sampler import DealSampler, DealStream
from puur.bots.tricks import played_points
from puur.cards import ALL_CARDS, RANK_MASK
from puur.contracts import MODE_OBENABE, MODE_UNDENUFE, Contract
from puur.observation import Observation
from puur.rules import RuleSet
from puur.weis import stoeck_cards

__all__ = [
    "LEVELS",
    "PLAY_MODELS",
    "Plausibility",
    "SearchBot",
    "default_dds_tricks",
    "draw_plausible",
    "hand_strength",
    "play_likelihood",
]

LEVELS: Final[dict[str, float]] = {"quick": 0.1, "fast": 0.25, "default": 1.0, "strong": 5.0}
"""Strength levels by seconds per decision."""

#: The models of the others' card play that weight sampled deals (``play_model``): the
#: softened rule player (:mod:`puur.bots.inference`) or the play-out policy
#: (:func:`play_likelihood`).
PLAY_MODELS: Final = ("rules", "playout")

#: Points (before the multiplier) added to the simulated value of pushing: a positive bias
#: pushes more often.
DEFAULT_PUSH_BIAS: Final = 0.0


class SearchBot:
    """Determinised Monte Carlo search within ``budget`` seconds per decision.

    >>> from puur.round import Round
    >>> r = Round.deal(seed=1)
    >>> bot = SearchBot(budget=0.02, seed=1)
    >>> bot.act(r.observation(r.to_move)) in r.legal_actions()
    True
    """

    name = "search"

    def __init__(
        self,
        budget: float | str = 1.0,
        seed: int | None = None,
        push_bias: float = DEFAULT_PUSH_BIAS,
        dds_tricks: int | None = None,
        max_deals: int | None = None,
        infer: bool = True,
        open_playouts: bool = True,
        infer_play: bool = True,
        play_miss: float = 0.4,
        samples: int | None = None,
        endgame_tricks: int = 0,
        exact_tricks: int = 2,
        play_model: str = "playout",
        rule_p: float = DEFAULT_RULE_P,
    ) -> None:
        if isinstance(budget, str):
            if budget not in LEVELS:
                raise ValueError(f"unknown level {budget!r}; known: {', '.join(LEVELS)}")
            budget = LEVELS[budget]
        if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not (
            0 < budget <= 600
        ):
            raise ValueError(f"budget must be seconds per decision in (0, 600], not {budget!r}")
        if dds_tricks is not None and not (0 <= dds_tricks <= 9):
            raise ValueError("dds_tricks must be 0..9")
        if samples is not None:  # another name for max_deals
            max_deals = samples
        if max_deals is not None and max_deals < 1:
            raise ValueError("max_deals must be at least 1")
        #: Stop after this many sampled deals even with time left (reproducible decisions).
        self.max_deals = max_deals
        #: Weight sampled deals by how plausible the others' choices are (:class:`Plausibility`).
        self.infer = infer
        #: Play-outs look at the sampled deal's other hands to judge who takes a trick.
        self.open_playouts = open_playouts
        #: Weight each deal by how well it explains the others' cards (:func:`play_likelihood`).
        self.infer_play = infer_play
        if not 0 < play_miss <= 1:
            raise ValueError("play_miss must be in (0, 1]")
        self.play_miss = play_miss
        if play_model not in PLAY_MODELS:
            raise ValueError(f"play_model must be one of {', '.join(PLAY_MODELS)}, "
                             f"not {play_model!r}")
        #: The model of the others' card play behind ``infer_play`` (:data:`PLAY_MODELS`).
        self.play_model = play_model
        if not 0 < rule_p < 1:
            raise ValueError("rule_p must be in (0, 1)")
        self.rule_p = rule_p
        self._rule_cache = RuleModelCache()
        #: Play-outs solve their last tricks exactly (0: play-outs run to the end).
        if not 0 <= endgame_tricks <= 4:
            raise ValueError("endgame_tricks must be 0..4")
        self.endgame_tricks = endgame_tricks
        self.budget = float(budget)
        self.rng = random.Random(seed)
        self.push_bias = float(push_bias)
        self.dds_tricks = dds_tricks if dds_tricks is not None else default_dds_tricks(budget)
        #: Deals evaluated for the last decision (for reports and tests).
        self.last_deals = 0
        from puur.bots.variant_search import VariantSearch  # every other variant

        self.variants = VariantSearch(self.budget, max_worlds=max_deals,
                                      exact_tricks=exact_tricks, rng=self.rng)

    # ------------------------------------------------------------------------------------------

    def act(self, obs: Observation) -> int:
        """The best action found within the budget."""
        if len(obs.legal_actions) == 1:
            return obs.legal_actions[0]
        return self.ranked(obs)[0][0]

    def ranked(self, obs: Observation) -> list[tuple[int, float]]:
        """Every legal action with its estimated value, best first.

        Schieber: card play: the mean points the seat's team still takes in this hand. Choosing:
        the expected point difference times the multiplier. Weis and Stöck: points they bring.
        Other variants: the variant's value for the seat (:mod:`puur.bots.variant_search`).
        """
        from puur.bots.variant_search import model_for

        if not model_for(obs).own_search:
            out = self.variants.ranked(obs)
            self.last_deals = self.variants.last_worlds
            return out
        if not obs.legal_actions:
            raise ValueError("it is not this seat's turn to act")
        start = time.perf_counter()
        deadline = start + self.budget * 0.92
        hard = start + self.budget * 0.97
        if obs.phase == "play":
            out = self._rank_play(obs, deadline, hard)
        elif obs.phase == "choose":
            out = self._rank_choose(obs, deadline, hard)
        elif obs.phase == "weis":
            out = self._rank_weis(obs)
        else:
            out = [(A_STOECK, 20.0), (A_STOECK_NO, 0.0)]
        out.sort(key=lambda av: -av[1])
        return out

    # ------------------------------------------------------------------------------------------

    def _rank_play(
        self, obs: Observation, deadline: float, hard: float
    ) -> list[tuple[int, float]]:
        legal = list(obs.legal_actions)
        me = obs.seat
        team = me & 1
        trick = [c for _s, c in obs.trick]
        trick_no = obs.trick_no
        leader = obs.leader
        taken = 0
        for w in obs.trick_winners:
            taken |= 1 << (w & 1)
        declarer = obs.chooser & 1
        past = played_points(obs.contract, [c for _s, c in obs.history])
        solver = Solver(obs.rules, obs.contract, declarer)
        # Cards interchangeable for this seat in every deal: evaluate one of each group.
        unseen = ALL_CARDS & ~obs.hand
        for _s, c in obs.history:
            unseen &= ~(1 << c)
        legal_mask = 0
        for c in legal:
            legal_mask |= 1 << c
        groups = solver.groups([obs.hand, unseen, 0, 0], 0, legal_mask, trick)
        reps = [r for r, _g in groups]
        use_dds = 9 - trick_no <= self.dds_tricks
        playout = Playout(obs.rules, obs.contract, declarer, self.open_playouts)
        if self.endgame_tricks:
            playout.endgame = Solver(obs.rules, obs.contract, declarer)
            playout.endgame_tricks = self.endgame_tricks
        likelihood = self._play_likelihood(obs, declarer)
        deals = DealStream(DealSampler(obs), self.rng)
        plaus = Plausibility(obs)
        totals = dict.fromkeys(reps, 0.0)
        weight_sum = 0.0
        # With one choice only (all cards equivalent) a few deals suffice for the estimate.
        limit = self.max_deals if len(reps) > 1 else min(8, self.max_deals or 8)
        n = 0
        slowest = 0.0
        while True:
            t0 = time.perf_counter()
            hands = draw_plausible(deals, plaus, self.rng) if self.infer else deals.draw()
            # Stop in the middle of a deal when the budget runs out (a loaded machine can stall
            # any step); a deal counts only when every card was evaluated on it.
            vals: dict[int, int] = {}
            for c in reps:
                if n and time.perf_counter() > hard:
                    break
                if use_dds:
                    vals[c] = solver.values(hands, leader, trick, trick_no, taken, cards=[c],
                                            past_points=past)[c]
                else:
                    h = list(hands)
                    h[me] &= ~(1 << c)
                    vals[c] = playout.run(h, leader, [*trick, c], trick_no, taken,
                                          past_points=past)[team]
            if len(vals) < len(reps):
                break
            weight = likelihood(hands) if likelihood is not None else 1.0
            weight_sum += weight
            for c in reps:
                totals[c] += weight * vals[c]
            if solver.table_entries() > 200_000:
                solver.clear_table()
            n += 1
            now = time.perf_counter()
            slowest = max(slowest, now - t0)
            if now + slowest > deadline or now > hard or n == limit:
                break
        self.last_deals = n
        out: list[tuple[int, float]] = []
        for rep, group in groups:
            v = totals[rep] / weight_sum
            out.extend((c, v) for c in group)
        return out

    def _play_likelihood(
        self, obs: Observation, declarer: int
    ) -> Callable[[tuple[int, ...]], float] | None:
        """The weight of a sampled deal from the others' cards (None: every deal weighs 1)."""
        if not self.infer_play or not obs.history:
            return None
        if self.play_model == "rules":
            return RuleModel(obs, self.rule_p, self._rule_cache)
        # The others are modelled as players who see only their own cards.
        model = Playout(obs.rules, obs.contract, declarer)
        miss = self.play_miss
        return lambda hands: play_likelihood(obs, hands, model, miss)

    def _rank_choose(
        self, obs: Observation, deadline: float, hard: float
    ) -> list[tuple[int, float]]:
        me = obs.seat
        team = me & 1
        partner = (me + 2) % 4
        rules = obs.rules
        contracts = [a - A_CHOOSE for a in obs.legal_actions if a != A_PUSH]
        can_push = A_PUSH in obs.legal_actions
        playouts = {c: Playout(rules, c, team, self.open_playouts) for c in contracts}
        totals = dict.fromkeys(contracts, 0.0)
        push_total = 0.0
        deals = DealStream(DealSampler(obs), self.rng)
        plaus = Plausibility(obs)
        n = 0
        slowest = 0.0
        while True:
            t0 = time.perf_counter()
            hands = draw_plausible(deals, plaus, self.rng) if self.infer else deals.draw()
            values: dict[int, float] = {}
            for c in contracts:
                if n and time.perf_counter() > hard:
                    break
                g = playouts[c].run(list(hands), obs.forehand, [], 0, 0)
                diff = g[team] - g[1 - team]
                if rules.stoeck and c < 4:
                    sc = stoeck_cards(c)
                    for s in range(4):
                        if hands[s] & sc == sc:
                            diff += 20 if (s & 1) == team else -20
                values[c] = diff * rules.multipliers[c]
            if len(values) < len(contracts):
                break
            for c in contracts:
                totals[c] += values[c]
            if can_push:
                # The partner chooses from its own cards only; the forehand still leads, so
                # the play-out of that contract on this deal is the one just made.
                pick = max(contracts, key=lambda c: hand_strength(hands[partner], c)
                           * rules.multipliers[c])
                push_total += values[pick]
            n += 1
            now = time.perf_counter()
            slowest = max(slowest, now - t0)
            if now + slowest > deadline or now > hard or n == self.max_deals:
                break
        self.last_deals = n
        out = [(A_CHOOSE + c, totals[c] / n) for c in contracts]
        if can_push:
            mean_mult = sum(rules.multipliers[c] for c in contracts) / len(contracts)
            out.append((A_PUSH, push_total / n + self.push_bias * mean_mult))
        return out

    def _rank_weis(self, obs: Observation) -> list[tuple[int, float]]:
        opts = obs.weis_options
        if not opts:
            return [(a, 0.0) for a in obs.legal_actions]
        me = obs.seat

        def top(split: tuple[tuple[int, int], ...]) -> tuple[int, int]:
            return max(split) if split else (0, 0)

        ours = max((m.points, m.length) for m in opts[0])
        theirs = max(top(obs.weis_announced[s]) for s in range(4) if (s & 1) != (me & 1))
        partner = top(obs.weis_announced[(me + 2) % 4])
        hopeless = theirs > ours and partner <= theirs
        out: list[tuple[int, float]] = [(A_WEIS, 0.0)]
        for k, split in enumerate(opts, start=1):
            if A_WEIS + k not in obs.legal_actions:
                continue
            pts = float(sum(m.points for m in split))
            out.append((A_WEIS + k, -1.0 if hopeless else pts - 0.01 * k))
        return out


class Plausibility:
    """How likely the other seats' public decisions are on a sampled deal (rule book §2.3,
    §2.5, §2.6); deals are kept with this probability, so plausible deals are drawn more often.

    Models: the chooser picks a contract with probability ``softmax(3 * hand_strength)``; a
    forehand pushes with probability ``1 / (1 + exp((max strength - 3.2) / 0.4))`` (both fitted
    to expert play); a seat that held a Weis and did not announce it, or held Stöck and did
    not announce it, is kept at 0.25 and 0.1.
    """

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        self.played_by = [obs.played_by(s) for s in range(4)]
        self.contracts = obs.rules.contracts()
        first_card = [False] * 4
        for seat, _c in obs.history[:4]:
            first_card[seat] = True
        self.first_card = first_card

    def __call__(self, hands: tuple[int, ...]) -> float:
        """The probability of keeping ``hands`` (current hands of the four seats)."""
        obs = self.obs
        me = obs.seat
        p = 1.0
        initial = [hands[s] | self.played_by[s] for s in range(4)]
        fh = obs.forehand
        if fh != me and (obs.pushed or obs.contract >= 0):
            best = max(hand_strength(initial[fh], c) for c in self.contracts)
            push_p = 1.0 / (1.0 + math.exp(min(50.0, (best - 3.2) / 0.4)))
            p *= push_p if obs.pushed else 1.0 - push_p
        ch = obs.chooser
        if ch >= 0 and ch != me:
            weights = [math.exp(3.0 * hand_strength(initial[ch], c)) for c in self.contracts]
            p *= weights[self.contracts.index(obs.contract)] / sum(weights)
        rules = obs.rules
        trump = obs.trump
        for s in range(4):
            if s == me or not self.first_card[s]:
                continue
            if rules.weis and not obs.weis_announced[s] and _may_have_weis(initial[s], rules):
                p *= 0.25
            if rules.stoeck and trump >= 0 and obs.stoeck_seat != s:
                sc = stoeck_cards(trump)
                if initial[s] & sc == sc and (
                    rules.stoeck_announce == "with-weis" or self.played_by[s] & sc == sc
                ):
                    p *= 0.1
        return p


def play_likelihood(obs: Observation, hands: tuple[int, ...], playout: Playout,
                    miss: float = 0.4) -> float:
    """How well the sampled deal explains the cards the other seats played: each card the
    play-out policy would also have played there counts 1, any other card ``miss``.

    The policy agrees with expert play on about 60% of decisions (4 legal cards on average),
    so a deal in which a player's card makes sense is favoured; ``miss`` tempers the weights
    so that a few deals do not take over the average.
    """
    if playout.open_hands:
        raise ValueError("the likelihood needs a play-out policy that sees only its own cards")
    me = obs.seat
    hist = obs.history
    later = [0, 0, 0, 0]  # cards each seat plays from a point on
    for seat, c in hist:
        later[seat] |= 1 << c
    live = ALL_CARDS
    w = 1.0
    trick: list[int] = []
    leader = obs.forehand
    trick_no = 0
    for i, (seat, c) in enumerate(hist):
        if i % 4 == 0:
            trick = []
            leader = seat
            trick_no = i // 4
        if seat != me:
            hand = hands[seat] | later[seat]
            if playout.choose(hand, seat, leader, trick, trick_no, live) != c:
                w *= miss
        later[seat] &= ~(1 << c)
        live &= ~(1 << c)
        trick.append(c)
    return w


def draw_plausible(source: DealSampler | DealStream, plaus: Plausibility, rng: random.Random,
                   tries: int = 10) -> tuple[int, ...]:
    """A deal from ``source`` kept with probability ``plaus(deal)`` (the most plausible of
    ``tries`` draws if none is kept); ``rng`` draws the acceptance (and a sampler's deals)."""
    best: tuple[int, ...] | None = None
    best_p = -1.0
    for _ in range(tries):
        hands = source.draw() if isinstance(source, DealStream) else source.sample(rng)
        p = plaus(hands)
        if rng.random() < p:
            return hands
        if p > best_p:
            best, best_p = hands, p
    assert best is not None
    return best


_TRUMP_WORTH: Final = (0.25, 0.25, 0.25, 0.8, 0.3, 1.0, 0.3, 0.4, 0.6)  # by rank 6 .. A


def _suit_tables() -> tuple[tuple[float, ...], ...]:
    """Per suit pattern (9 bits): its worth as trumps, as a plain suit beside trumps, in
    Obenabe and in Undenufe."""
    trump_t: list[float] = []
    plain_t: list[float] = []
    obe_t: list[float] = []
    unde_t: list[float] = []
    for ranks in range(512):
        n = ranks.bit_count()
        trump_t.append(sum(_TRUMP_WORTH[r] for r in range(9) if ranks >> r & 1)
                       + 0.3 * max(0, n - 3))
        tops = []
        for order in (range(8, -1, -1), range(9)):
            top = 0
            for r in order:
                if not ranks >> r & 1:
                    break
                top += 1
            tops.append(top)
        plain_t.append(0.8 * min(tops[0], 2) + (0.25 if tops[0] == 0 and ranks >> 7 & 1 else 0))
        for top, second, table in ((tops[0], 7, obe_t), (tops[1], 1, unde_t)):
            v = 0.9 * top + (0.2 * (n - top) if top >= 2 else 0.0)
            if top == 0 and n >= 2 and ranks >> second & 1:
                v += 0.3
            table.append(v)
    return tuple(trump_t), tuple(plain_t), tuple(obe_t), tuple(unde_t)


_TRUMP_T, _PLAIN_T, _OBE_T, _UNDE_T = _suit_tables()


def hand_strength(hand: int, contract: int) -> float:
    """A quick estimate of the tricks ``hand`` brings to ``contract`` (for modelling how the
    others choose and push: a player sees only its own cards)."""
    pats = (hand & 0x1FF, hand >> 9 & 0x1FF, hand >> 18 & 0x1FF, hand >> 27 & 0x1FF)
    if contract < 4:
        return sum(_TRUMP_T[p] if s == contract else _PLAIN_T[p] for s, p in enumerate(pats))
    obe = _OBE_T[pats[0]] + _OBE_T[pats[1]] + _OBE_T[pats[2]] + _OBE_T[pats[3]]
    if contract == MODE_OBENABE:
        return obe
    unde = _UNDE_T[pats[0]] + _UNDE_T[pats[1]] + _UNDE_T[pats[2]] + _UNDE_T[pats[3]]
    if contract == MODE_UNDENUFE:
        return unde
    if contract == Contract.MISERE:
        return 0.5 * unde
    return 0.5 * (obe + unde)


_HAS_RUN: Final = tuple(any((p >> r) & 7 == 7 for r in range(7)) for p in range(512))


def _may_have_weis(hand: int, rules: RuleSet) -> bool:
    """Whether ``hand`` holds a Weis (a run of three or a scoring four of a kind)."""
    if (_HAS_RUN[hand & 0x1FF] or _HAS_RUN[hand >> 9 & 0x1FF] or _HAS_RUN[hand >> 18 & 0x1FF]
            or _HAS_RUN[hand >> 27 & 0x1FF]):
        return True
    for r in range(0 if rules.weis_four_low else 3, 9):
        m = RANK_MASK[r]
        if hand & m == m:
            return True
    return False


def default_dds_tricks(budget: float) -> int:
    """From how many tricks left the search solves every sampled deal exactly at ``budget``
    seconds a decision: 3 below 0.15 s, 4 up to 3 s, 5 above; with the compiled solver
    (:mod:`puur.compiled`, about forty times faster) 4 below 0.15 s and 6 from there."""
    if _compiled.enabled():
        return 4 if budget < 0.15 else 6
    return 3 if budget < 0.15 else 4 if budget < 3 else 5


BOTS["search"] = SearchBot
