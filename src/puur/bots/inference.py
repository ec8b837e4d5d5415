"""The models of the other seats that weigh the search player's sampled deals (the "inference"
of determinised search; rule book §2.3-§2.6).

The sampler (:mod:`puur.bots.sampler`) draws uniformly among the deals consistent with the hard
constraints; these models say how likely the others' decisions are on each deal:

* :class:`Plausibility`: the contract chosen, a push or no push, Weis and Stöck not announced
  (from :func:`hand_strength`, a quick trick count); deals are kept with this probability
  (:func:`draw_plausible`);
* :func:`play_likelihood`: the cards played, with the play-out policy as the model (the search
  player's ``play_model="playout"``, the default);
* :class:`RuleModel`: the cards played, with the rule player as the model
  (``play_model="rules"``).

**The rule-player model.** A sampled deal fixes every seat's cards. Replaying the observed card
play on it gives, for each card another seat played, the observation that seat had then; the
rule player (:mod:`puur.bots.rules`, deterministic) names the card it would have played from
there. The model softens that choice: the seat plays the rule player's card with probability
``p`` and each of its other legal cards with probability ``(1 - p) / (legal - 1)``; a forced
card (one legal card) has probability 1. The likelihood of the deal is the product over the
others' cards; the search weights each sampled deal's values by it (importance weighting: the
sampler draws uniformly among the consistent deals, so the weights make the estimate one over
the deals in proportion to P(observed play | deal)).

The rule player's decision at a point of the hand depends only on the public history before it
and the seat's cards then, so decisions are cached by (position in the history, the seat's
cards); the cache lives as long as the hand (:class:`RuleModelCache`), which makes the late hand,
where few hands are possible for each seat, cheap. Only the card play is modelled there: the
contract, pushing, Weis and Stöck are :class:`Plausibility`'s.
"""

from __future__ import annotations

import math
import random
from typing import Final

from puur.bots.cardpool import InconsistentDealError
from puur.bots.knowledge import HIGHER, beats, is_small, steady_mode
from puur.bots.playout import Playout
from puur.bots.rules import RuleBot
from puur.bots.sampler import DealSampler, DealStream, round_before_play, settle
from puur.cards import ALL_CARDS, NUM_CARDS, RANK_MASK, SUIT_MASK, bits
from puur.contracts import MODE_OBENABE, MODE_UNDENUFE, POINTS, STRENGTH, Contract
from puur.observation import Observation
from puur.round import Round
from puur.rules import RuleSet
from puur.tricks import legal_cards
from puur.weis import stoeck_cards

__all__ = [
    "DEFAULT_RULE_P",
    "Plausibility",
    "RuleModel",
    "RuleModelCache",
    "draw_plausible",
    "hand_strength",
    "play_likelihood",
]

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
    play-out policy would also have played there counts 1, any other card ``miss``; a seat's
    first discard signal (the rule player's convention, ``docs/bots-rules.md``) that the deal
    contradicts counts ``miss`` once more.

    The policy agrees with expert play on about 60% of decisions (4 legal cards on average),
    so a deal in which a player's card makes sense is favoured; ``miss`` tempers the weights
    so that a few deals do not take over the average.
    """
    if playout.open_hands:
        raise ValueError("the likelihood needs a play-out policy that sees only its own cards")
    me = obs.seat
    hist = obs.history
    signals = steady_mode(obs.contract)
    signalled = [False] * 4
    mode, trump = obs.mode, obs.trump
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
            if signals and trick and not signalled[seat] and _discards(trick, c, trump):
                # The rule player's discard signal (docs/bots-rules.md): a deal that
                # contradicts it explains the card worse.
                best_seat = (leader + _best_index(trick, trump, mode)) % 4
                if (best_seat & 1) != (seat & 1) or POINTS[mode][c] < 10:
                    signalled[seat] = True
                    if _asks(hand, c, live, mode, trump) != is_small(mode, trump, c):
                        w *= miss
        later[seat] &= ~(1 << c)
        live &= ~(1 << c)
        trick.append(c)
    return w


def _discards(trick: list[int], card: int, trump: int) -> bool:
    """Whether ``card`` neither follows the suit led to ``trick`` nor is a trump."""
    suit = card // 9
    return suit != trick[0] // 9 and suit != trump


def _best_index(trick: list[int], trump: int, mode: int) -> int:
    """The position in ``trick`` of the card that holds it."""
    wi, best = 0, trick[0]
    for i in range(1, len(trick)):
        if beats(trick[i], best, trump, mode):
            wi, best = i, trick[i]
    return wi


def _asks(hand: int, card: int, live: int, mode: int, trump: int) -> bool:
    """Whether the rule player holding ``hand`` (``card`` included) would ask for ``card``'s
    suit: it holds the suit's Bock among ``live`` cards, with another card of the suit."""
    mine = hand & SUIT_MASK[card // 9]
    if mine.bit_count() < 2:
        return False
    out = live & SUIT_MASK[card // 9] & ~mine
    return any(not HIGHER[mode][c] & out for c in bits(mine))


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
