"""How likely the cards the others played are on a sampled deal, with the rule player as the
model of how each seat plays (the search player's ``play_model="rules"``; rule book §2.4).

A sampled deal fixes every seat's cards. Replaying the observed card play on it gives, for each
card another seat played, the observation that seat had then; the rule player
(:mod:`puur.bots.rules`, deterministic) names the card it would have played from there. The
model softens that choice: the seat plays the rule player's card with probability ``p`` and
each of its other legal cards with probability ``(1 - p) / (legal - 1)``; a forced card (one
legal card) has probability 1. The likelihood of the deal is the product over the others'
cards; the search weights each sampled deal's values by it (importance weighting: the sampler
draws uniformly among the consistent deals, so the weights make the estimate one over the
deals in proportion to P(observed play | deal)).

The rule player's decision at a point of the hand depends only on the public history before it
and the seat's cards then, so decisions are cached by (position in the history, the seat's
cards); the cache lives as long as the hand (:class:`RuleModelCache`), which makes the late hand,
where few hands are possible for each seat, cheap.

Only the card play is modelled here: the contract, pushing, Weis and Stöck are weighed by the
search player's :class:`~puur.bots.search.Plausibility`.
"""

from __future__ import annotations

from typing import Final

from puur.bots.cardpool import InconsistentDealError
from puur.bots.rules import RuleBot
from puur.bots.sampler import round_before_play, settle
from puur.cards import NUM_CARDS
from puur.contracts import STRENGTH
from puur.observation import Observation
from puur.round import Round
from puur.tricks import legal_cards

__all__ = ["DEFAULT_RULE_P", "RuleModel", "RuleModelCache", "rule_likelihood"]

#: The probability that a seat plays the rule player's card (the default of ``rule_p``).
DEFAULT_RULE_P: Final = 0.6
#: Cached decisions kept at most per hand before the cache is emptied.
_CACHE_LIMIT: Final = 200_000


class RuleModelCache:
    """The rule player's decisions of one hand, kept from one decision of the search to the next
    while the observations continue the same hand."""

    def __init__(self) -> None:
        self._context: tuple[object, ...] | None = None
        self._history: tuple[tuple[int, int], ...] = ()
        #: (index in the history, the seat's cards then) -> the rule player's card.
        self.choices: dict[tuple[int, int], int] = {}

    def for_obs(self, obs: Observation) -> dict[tuple[int, int], int]:
        """The decisions cached for ``obs``'s hand (emptied when ``obs`` is another hand)."""
        context = (obs.rules, obs.forehand, obs.contract, obs.chooser, obs.pushed,
                   obs.pushed_back, obs.game_scores, obs.weis_announced, obs.weis_shown,
                   obs.stoeck_seat)
        prefix = obs.history[:len(self._history)]
        if (context != self._context or prefix != self._history
                or len(self.choices) > _CACHE_LIMIT):
            self.choices = {}
            self._context = context
        self._history = obs.history
        return self.choices


class RuleModel:
    """P(the others' cards | deal) under the softened rule player, for one observation.

    >>> from puur.round import Round
    >>> r = Round.deal(seed=2)
    >>> r.push(r.legal_actions()[0])
    >>> while len(r.played) < 6:
    ...     r.push(r.legal_actions()[0])
    >>> obs = r.observation(r.to_move)
    >>> 0 < RuleModel(obs)(tuple(r.hands)) <= 1
    True
    """

    def __init__(self, obs: Observation, p: float = DEFAULT_RULE_P,
                 cache: RuleModelCache | None = None) -> None:
        if not 0 < p < 1:
            raise ValueError("p must be in (0, 1)")
        self.obs = obs
        self.p = p
        self.choices = (cache or RuleModelCache()).for_obs(obs)
        self.bot = RuleBot()
        self.played_by = [obs.played_by(s) for s in range(4)]
        hist = obs.history
        # Per card of the history: the seat's cards played from there on (itself included),
        # the suit led and the best trump before it in its trick.
        self.steps: list[tuple[int, int, int, int, int]] = []
        later = [0, 0, 0, 0]
        for seat, c in hist:
            later[seat] |= 1 << c
        trump = obs.trump
        lead = -1
        best_trump = -1
        for i, (seat, c) in enumerate(hist):
            if i % 4 == 0:
                lead, best_trump = -1, -1
            self.steps.append((seat, c, later[seat], lead, best_trump))
            later[seat] &= ~(1 << c)
            if lead < 0:
                lead = c // 9
            if trump >= 0 and c // 9 == trump and (
                best_trump < 0 or STRENGTH[trump][c] > STRENGTH[trump][best_trump]
            ):
                best_trump = c
        #: Rule-player decisions looked up / computed (for tests and reports).
        self.hits = 0
        self.misses = 0

    def __call__(self, hands: tuple[int, ...]) -> float:
        """The probability of the others' observed cards if ``hands`` (the current hands of the
        four seats) is the deal."""
        w = 1.0
        for _i, prob in self.factors(hands):
            w *= prob
        return w

    def factors(self, hands: tuple[int, ...]) -> list[tuple[int, float]]:
        """(index in the history, probability) of each card another seat played with a choice
        (forced cards have probability 1 and are left out). A deal that cannot replay the
        history (one that misses an unshown Weis) ends the list where the replay stops."""
        obs = self.obs
        me = obs.seat
        p = self.p
        trump = obs.trump
        choices = self.choices
        out: list[tuple[int, float]] = []
        rnd: Round | None = None
        at = 0  # cards of the history pushed on ``rnd``
        for i, (seat, c, later, lead, best_trump) in enumerate(self.steps):
            if seat == me:
                continue
            cards = hands[seat] | later
            n_legal = legal_cards(cards, lead, best_trump, trump).bit_count()
            if n_legal <= 1:
                continue
            key = (i, cards)
            choice = choices.get(key)
            if choice is None:
                self.misses += 1
                try:
                    if rnd is None:
                        initial = [hands[s] | self.played_by[s] for s in range(4)]
                        rnd = round_before_play(obs, initial)
                    while at < i:
                        settle(rnd, obs, strict=False)
                        rnd.push(obs.history[at][1])
                        at += 1
                    settle(rnd, obs, strict=False)
                    if rnd.phase != "play" or rnd.to_move != seat:
                        return out
                    choice = self.bot.act(rnd.observation(seat))
                except (InconsistentDealError, ValueError):
                    return out
                if choice >= NUM_CARDS:
                    return out
                choices[key] = choice
            else:
                self.hits += 1
            out.append((i, p if choice == c else (1.0 - p) / (n_legal - 1)))
        return out


def rule_likelihood(obs: Observation, hands: tuple[int, ...],
                    p: float = DEFAULT_RULE_P) -> float:
    """:class:`RuleModel` of ``obs`` on one deal."""
    return RuleModel(obs, p)(hands)
