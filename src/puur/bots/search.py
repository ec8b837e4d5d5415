"""The search player: determinised Monte Carlo over sampled deals (rule book §2.3-§2.7); the
search of this module plays Schieber, every other variant goes to :mod:`puur.bots.variant_search`.

Each decision samples deals of the unseen cards consistent with the seat's
:class:`~puur.observation.Observation` (:mod:`puur.bots.sampler`) and evaluates every candidate
on the same sampled deals until the time budget is spent:

* **deals**: drawn uniformly among the consistent ones, then kept with the probability that the
  others' public decisions make sense on them (:class:`Plausibility`: the contract chosen, a
  push or no push, Weis and Stöck not announced), and weighted by how well they explain the
  cards the others played (``play_model``: the play-out policy, :func:`play_likelihood`, by
  default; or the softened rule player, :mod:`puur.bots.inference`); the deals come in
  batches, compiled when :mod:`puur.compiled` runs (:class:`~puur.bots.sampler.DealStream`);
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
signalling conventions are played; the rule player's discard signals are read by both models
of the others' play (:func:`play_likelihood`, :class:`RuleModel`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Final

from puur import compiled as _compiled
from puur.actions import A_CHOOSE, A_PUSH, A_STOECK, A_STOECK_NO, A_WEIS
from puur.bots.base import BOTS
from puur.bots.dds import Solver
from puur.bots.inference import (
    DEFAULT_RULE_P,
    Plausibility,
    RuleModel,
    RuleModelCache,
    draw_plausible,
    hand_strength,
    play_likelihood,
)
from puur.bots.playout import Playout
from puur.bots.sampler import DealSampler, DealStream
from puur.bots.tricks import played_points
from puur.cards import ALL_CARDS
from puur.observation import Observation
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


def default_dds_tricks(budget: float) -> int:
    """From how many tricks left the search solves every sampled deal exactly at ``budget``
    seconds a decision: 3 below 0.15 s, 4 up to 3 s, 5 above; with the compiled solver
    (:mod:`puur.compiled`, about forty times faster) 4 below 0.15 s and 6 from there."""
    if _compiled.enabled():
        return 4 if budget < 0.15 else 6
    return 3 if budget < 0.15 else 4 if budget < 3 else 5


BOTS["search"] = SearchBot
