"""The expert rule player ``rules`` (rule book §2; the basic Schieber strategy of club players).

:class:`RuleBot` plays every decision of a Schieber hand from its seat's
:class:`~puur.observation.Observation` alone:

* **Choosing** (§2.3): it counts likely tricks for each trump suit (Puur and three more, or five
  trumps, side aces, voids to ruff), for Obenabe (aces, covered long suits) and for Undenufe (the
  same with sixes and sevens). It names the best contract that qualifies, pushes a hand that
  qualifies for none, and when it must choose (pushed to it) takes the contract with the best
  expectation, which for a weak hand favours a low multiplier and at least one trick.
* **Weis and Stöck** (§2.5, §2.6): it declares the suggested split unless the Weis can no longer
  score (an opponent announced a better one and the partner, already past, has none better); it
  always announces Stöck.
* **Card play** (§2.4): it tracks the cards played, the suits each player showed void in (a
  player who did not follow trumps may still hold the Puur), the trumps left and whether the
  Puur has fallen, which cards are *Bock* (highest remaining of their suit), and the cards the
  rules showed (Weis, Stöck). Each legal card gets an expected value for the trick: the
  probability that our team takes it (from the cards each opponent may still hold) times its
  points, less what the card would have been worth later (a Bock, a high trump, a winner kept
  for the last trick). On that base sit the strategic rules: draw trumps when our team chose and
  the seat holds the top trump and aces to cash (not by routine), lead a trump to the partner
  who chose and return trumps when that partner led them, schmier (load points onto the
  partner's trick when it is safe; not in second seat, where an opponent plays before the
  partner), keep the Puur rather than waste it, cash side Bocks before the last trump.
* **Signals** (documented in ``docs/bots-rules.md``): the first card a player throws when it
  cannot follow suit and does not ruff is a signal, unless it is a schmieren (ten points or
  more onto its own side's trick). A *small* card (the three weakest ranks of the suit under
  the contract: 6 7 8, or A K O in Undenufe) is *anziehen*: "lead this suit to me". Any other
  discard is *verwerfen*: "I do not want this suit". The bot gives these signals and reads its
  partner's: it leads a wanted suit and avoids a refused one. In Obenabe it drops the king
  under its partner's ace when it also holds the Ober (the 7 under the 6 in Undenufe), and
  reads the same from its partner: the suit is ours, lead it again.

Simplifications: extra contracts (Misère, Slalom) are never chosen; when another player chose
one, the bot plays each trick by that trick's mode (in Misère it tries to lose points and
winners, with the same estimates). The game score is not used. Probabilities treat the unseen
cards as spread uniformly over the hands that may hold them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from puur.actions import A_CHOOSE, A_PUSH, A_STOECK, A_STOECK_NO, A_WEIS
from puur.bots.base import BOTS
from puur.bots.knowledge import HIGHER, RANK, SUIT, Know, is_small, know, steady_mode
from puur.bots.knowledge import beats as _beats
from puur.bots.knowledge import top_two as _top_two
from puur.cards import NUM_CARDS, SUIT_MASK, bits
from puur.contracts import MODE_OBENABE, MODE_UNDENUFE, POINTS, PUUR, STRENGTH, Contract
from puur.observation import Observation

__all__ = [
    "RULE_PLAYERS",
    "RuleBot",
    "choose_scores",
    "contract_tricks",
    "declare_weis",
    "is_small",
    "play_card",
    "register_rule_player",
    "rule_player_for",
]

_SUIT: Final = SUIT
_RANK: Final = RANK
_NELL: Final = tuple(1 << (9 * s + 3) for s in range(4))
_ACE: Final = 8
_SIX: Final = 0
_HIGHER: Final = HIGHER
_TEAMS: Final = (0, 1, 0, 1)
_Know = Know[Observation]

#: Rough worth of a trick in points, used to price the winners a card would keep for later.
_TRICK_WORTH: Final = 13.0
#: Points the cards still to come in a trick add, per card, on average.
_MORE_PER_CARD: Final = 4.0


# ---------------------------------------------------------------------------------------------
# Choosing the contract


def _trump_tricks(hand: int, t: int) -> tuple[float, bool]:
    """Likely tricks with ``t`` as trumps, and whether the hand meets the trump rule of thumb."""
    tm = SUIT_MASK[t]
    trumps = hand & tm
    n = trumps.bit_count()
    puur = bool(hand & PUUR[t])
    nell = bool(hand & _NELL[t])
    ace = bool(hand >> (9 * t + _ACE) & 1)
    est = 0.0
    if puur:
        est += 1.0
    if nell:
        est += 1.0 if puur else (0.7 if n >= 3 else 0.35)
    if ace:
        est += 0.7 if (puur and nell) else (0.5 if n >= 3 else 0.25)
    tops = int(puur) + int(nell) + int(ace)
    if n > tops:
        est += (n - tops) * (0.45 if n >= 4 else 0.2)
    side_aces = 0
    for s in range(4):
        if s == t:
            continue
        cards = hand & SUIT_MASK[s]
        length = cards.bit_count()
        has_ace = bool(cards >> (9 * s + _ACE) & 1)
        if has_ace:
            side_aces += 1
            est += 0.85 if length <= 4 else 0.7
            if cards >> (9 * s + 7) & 1:
                est += 0.45
        elif cards >> (9 * s + 7) & 1 and length >= 2:
            est += 0.25
        if n >= 3 and length == 0:
            est += 0.5
        elif n >= 3 and length == 1 and not has_ace:
            est += 0.2
    qualifies = (puur and n >= 4) or n >= 5 or (puur and nell and n >= 3 and side_aces >= 1)
    return est, qualifies or est >= 4.6


def _nt_tricks(hand: int, mode: int) -> tuple[float, bool]:
    """Likely tricks in Obenabe or Undenufe, and whether the hand qualifies."""
    order = range(8, -1, -1) if mode == MODE_OBENABE else range(9)
    est = 0.0
    covered = 0
    tops = 0
    for s in range(4):
        ranks = [r for r in order if hand >> (9 * s + r) & 1]
        length = len(ranks)
        if not length:
            continue
        run = 0
        for i, r in enumerate(order):
            if i < length and ranks[i] == r:
                run += 1
            else:
                break
        if run:
            tops += 1
            est += run
            if length >= 4:
                est += 0.6 * max(0, length - max(run, 3))
            covered += 1
        else:
            pos = list(order).index(ranks[0])  # 1 = second-best card of the suit
            if pos == 1 and length >= 2:
                est += 0.5
                covered += 1
            elif pos == 2 and length >= 3:
                est += 0.3
                covered += 1
    qualifies = est >= 5.0 or (est >= 3.6 and covered >= 3 and tops >= 2)
    return est, qualifies


def choose_scores(hand: int, obs: Observation) -> dict[int, tuple[float, bool]]:
    """For each plain contract (4 suits, Obenabe, Undenufe): (likely tricks, qualifies)."""
    return contract_tricks(hand, obs.rules.stoeck)


def contract_tricks(hand: int, stoeck: bool) -> dict[int, tuple[float, bool]]:
    """:func:`choose_scores` from the hand alone (``stoeck``: whether Stöck counts)."""
    out: dict[int, tuple[float, bool]] = {}
    for t in range(4):
        est, ok = _trump_tricks(hand, t)
        if stoeck and hand >> (9 * t + 6) & 1 and hand >> (9 * t + 7) & 1:
            est += 0.3
        out[t] = (est, ok)
    out[MODE_OBENABE] = _nt_tricks(hand, MODE_OBENABE)
    out[MODE_UNDENUFE] = _nt_tricks(hand, MODE_UNDENUFE)
    return out


def _choose(obs: Observation) -> int:
    scores = choose_scores(obs.hand, obs)
    legal = set(obs.legal_actions)
    mult = obs.rules.multipliers
    best_c, best_v = -1, -1e9
    best_ok = False
    for c, (est, ok) in scores.items():
        if A_CHOOSE + c not in legal:
            continue
        # Expected share of the hand with the partner's average help, scaled by the multiplier:
        # a strong hand wants the high multiplier, a weak one the low multiplier.
        value = ((est + 1.8) / 9.0 - 0.5) * mult[c]
        if (ok and not best_ok) or (ok == best_ok and value > best_v):
            best_c, best_v, best_ok = c, value, ok
    if best_ok or A_PUSH not in legal:
        return A_CHOOSE + best_c
    return A_PUSH


# ---------------------------------------------------------------------------------------------
# Weis


def declare_weis(obs: Observation) -> int:
    """Declare the best Weis split unless it can no longer score."""
    if not obs.weis_options:
        return A_WEIS
    mine = obs.weis_options[0]
    my_best = max((m.points, m.length) for m in mine)
    me, partner = obs.seat, (obs.seat + 2) % 4
    opp_best = max(
        ((p, n) for s in ((me + 1) % 4, (me + 3) % 4) for p, n in obs.weis_announced[s]),
        default=(0, 0),
    )
    partner_best = max(obs.weis_announced[partner], default=(0, 0))
    partner_done = any(s == partner for s, _c in obs.trick)
    if opp_best > my_best and partner_done and opp_best > partner_best:
        return A_WEIS  # it cannot score: keep the cards to ourselves
    return A_WEIS + 1


# ---------------------------------------------------------------------------------------------
# Card play


def _future_worth(k: _Know, card: int, cards_left: int) -> float:
    """What keeping ``card`` for later is worth: the chance that it takes a later trick times
    that trick's worth (its own points included); a sure winner also counts the last trick's
    bonus when two cards are left. In Slalom and Guschti the later tricks are judged in their
    own modes."""
    modes = k.future_modes()
    if len(modes) == 1:
        return _worth_in(k, card, cards_left, modes[0][0])
    return sum(share * _worth_in(k, card, cards_left, m) for m, share in modes)


def _worth_in(k: _Know, card: int, cards_left: int, mode: int) -> float:
    """:func:`_future_worth` for a later trick played in ``mode``."""
    s = _SUIT[card]
    above = _HIGHER[mode][card] & ~k.played & ~k.hand
    if s == k.trump:
        n_above = above.bit_count()
        f = 1.0 if n_above == 0 else 0.6 if n_above == 1 else 0.35
    elif not above:
        f = 1.0 if not k.opp_trumps() else 0.65
    else:
        guards = (k.hand & SUIT_MASK[s]).bit_count() - 1
        f = 0.2 if above.bit_count() == 1 and guards >= 1 else 0.0
    pmode = k.pmode if k.pmode != k.mode else mode
    worth = f * (_TRICK_WORTH + POINTS[pmode][card])
    if cards_left == 2 and f >= 0.95:
        worth += k.obs.rules.last_trick_bonus  # keep a sure winner for the last trick
    return worth


def _value(k: _Know, p_us: float, stake: float, card: int, cards_left: int) -> float:
    """Expected worth of playing ``card`` now: the trick's ``stake`` won or lost, less what the
    card would have been worth later. In Misère points are bad and winners a burden."""
    if k.obs.contract == Contract.MISERE:
        return (1.0 - 2.0 * p_us) * stake + 0.5 * _future_worth(k, card, cards_left)
    return (2.0 * p_us - 1.0) * stake - _future_worth(k, card, cards_left)


def _win_prob(k: _Know, card: int, lead_suit: int, later: list[int]) -> float:
    """Probability that ``card``, best in the trick, is still best after ``later`` play."""
    p = 1.0
    team = k.seat & 1
    for s in later:
        if s & 1 == team:
            continue
        p *= 1.0 - k.beat_prob(s, card, lead_suit)
    return p


def _partner_beats(k: _Know, best: int, lead_suit: int) -> float:
    """Rough chance that the partner, playing later, takes a trick now held by ``best``."""
    return 0.6 * k.beat_prob(k.partner, best, lead_suit)


def _signal_adjust(k: _Know, card: int) -> float:
    """Preference (in points) for a discard that gives the right signal."""
    s = _SUIT[card]
    mine = k.hand & SUIT_MASK[s]
    strong = any(k.is_bock(c) for c in bits(mine)) and mine.bit_count() >= 2
    small = is_small(k.mode, k.trump, card)
    if strong:
        return 3.0 if small and not k.is_bock(card) else -3.0
    adj = -1.0 if small else 1.0
    if k.trump >= 0 and mine.bit_count() == 1 and k.hand & k.tmask:
        adj += 1.5  # emptying a suit lets us ruff it later
    return adj


def play_card(obs: Observation, points_mode: int | None = None) -> int:
    """The card the rule player plays for the seat to move at a table of two teams of two
    (Schieber's card play, for any contract of the family); ``points_mode`` values every trick
    in that mode (a table that counts Slalom tricks as Obenabe)."""
    legal = [a for a in obs.legal_actions if a < NUM_CARDS]
    if len(legal) == 1:
        return legal[0]
    k = know(obs, _TEAMS, points_mode)
    if not obs.trick:
        return _lead(k, legal)
    return _follow(k, legal)


def _trick_state(k: _Know) -> tuple[int, int, int, int]:
    """(lead suit, best card, best seat, points in the trick)."""
    trick = k.obs.trick
    lead = _SUIT[trick[0][1]]
    best_seat, best = trick[0]
    pts = 0
    for seat, card in trick:
        pts += POINTS[k.pmode][card]
        if seat != best_seat and _beats(card, best, k.trump, k.mode):
            best_seat, best = seat, card
    return lead, best, best_seat, pts


def _follow(k: _Know, legal: list[int]) -> int:
    obs = k.obs
    me = obs.seat
    lead, best, best_seat, pts = _trick_state(k)
    n_in = len(obs.trick)
    later = [(me + i) % 4 for i in range(1, 4 - n_in)]
    partner_later = k.partner in later
    if obs.trick_no == 8:
        pts += obs.rules.last_trick_bonus
    more = _MORE_PER_CARD * len(later)
    cards_left = k.hand.bit_count()
    partner_best = (best_seat & 1) == (me & 1)
    steady = steady_mode(obs.contract)  # signals mean nothing when the mode changes
    if (
        steady and k.trump < 0 and obs.trick[0][0] == k.partner
        and k.mode in (MODE_OBENABE, MODE_UNDENUFE)
    ):
        # The partner led the top card: drop the second card under it when the third is ours
        # too, so the partner knows the suit is ours (the seed's Obenabe king).
        top, second = _top_two(k.mode, lead)
        third = second - 1 if k.mode == MODE_OBENABE else second + 1
        if obs.trick[0][1] == top and second in legal and k.hand >> third & 1:
            return second
    q_partner = _win_prob(k, best, lead, later) if partner_best else 0.0
    p_rescue = _partner_beats(k, best, lead) if partner_later and not partner_best else 0.0
    if p_rescue and later[0] != k.partner:
        # Second seat: an opponent plays before the partner and may take the trick first, so
        # no points go on it in the hope of a rescue (no schmieren in second seat).
        p_rescue *= 0.5
    best_card, best_val = legal[0], -1e9
    for c in legal:
        if _beats(c, best, k.trump, k.mode):
            p_us = _win_prob(k, c, lead, later)
            if partner_later and p_us < 1.0:
                p_us += (1.0 - p_us) * 0.3
        elif partner_best:
            p_us = q_partner
        else:
            p_us = p_rescue
        pc = POINTS[k.pmode][c]
        val = _value(k, p_us, pts + pc + more, c, cards_left)
        if (
            steady and (p_us < 0.5 or pc < 10) and not _beats(c, best, k.trump, k.mode)
            and _SUIT[c] != lead and _SUIT[c] != k.trump
        ):
            val += _signal_adjust(k, c)
        if k.trump >= 0 and (1 << c) & PUUR[k.trump] and lead == k.trump:
            # The Puur cannot be hunted: keep it unless the trick is rich.
            val -= 4.0
        # Tie-break: the weaker card, so equal choices keep strength in hand.
        val -= STRENGTH[k.mode][c] * 0.01
        if val > best_val:
            best_card, best_val = c, val
    return best_card


def _partner_led_last_trump(k: _Know) -> bool:
    """Whether the last trick of this hand led with a trump was led by the partner."""
    hist = k.obs.history
    leads = [hist[i] for i in range(0, len(hist), 4) if _SUIT[hist[i][1]] == k.trump]
    return bool(leads) and leads[-1][0] == k.partner


def _lead(k: _Know, legal: list[int]) -> int:
    obs = k.obs
    me = obs.seat
    trump = k.trump
    hand = k.hand
    our_contract = obs.chooser >= 0 and (obs.chooser & 1) == (me & 1)
    cards_left = hand.bit_count()
    if trump >= 0:
        my_trumps = hand & k.tmask
        opp_tr = k.opp_trumps()
        # The opponents cannot be forced to give up a lone Puur: no point drawing for it.
        drawable = opp_tr & ~PUUR[trump]
        if our_contract and my_trumps and drawable and my_trumps != hand:
            top = max(bits(my_trumps), key=lambda c: STRENGTH[k.mode][c])
            side = hand & ~k.tmask
            cash = sum(1 for c in bits(side) if k.is_bock(c))
            n_tr = my_trumps.bit_count()
            if k.is_bock(top) and (cash >= 1 or n_tr >= 4):
                return top
            # Partner chose trumps and we lead: give a trump to the partner once.
            if obs.chooser == k.partner and obs.trick_no == 0:
                low = min(bits(my_trumps), key=lambda c: STRENGTH[k.mode][c])
                return top if k.is_bock(top) else low
        if (
            obs.chooser == k.partner and my_trumps and my_trumps != hand
            and drawable.bit_count() >= 2 and _partner_led_last_trump(k)
        ):
            # The partner chose trumps and the last trump lead was its own: return a trump.
            top = max(bits(my_trumps), key=lambda c: STRENGTH[k.mode][c])
            low = min(bits(my_trumps), key=lambda c: STRENGTH[k.mode][c])
            return top if k.is_bock(top) else low
    others = [(me + i) % 4 for i in range(1, 4)]
    best_card, best_val = legal[0], -1e9
    for c in legal:
        s = _SUIT[c]
        pc = POINTS[k.pmode][c]
        p_us = _win_prob(k, c, s, others)
        if p_us < 0.9:
            p_us += (1.0 - p_us) * _partner_beats(k, c, s)
        val = _value(k, p_us, pc + 3 * _MORE_PER_CARD, c, cards_left)
        if k.wants >> s & 1:
            val += 6.0
        if k.refuses >> s & 1:
            val -= 5.0
        if trump >= 0 and s == trump and (hand & ~k.tmask):
            # Trumps are led on purpose (the drawing rule above), not by routine.
            val -= 8.0
        if trump >= 0 and s != trump and k.is_bock(c) and hand & k.tmask and cards_left <= 3:
            val += 3.0  # cash the side winners first, keep the trump for the end
        if (trump < 0 or not k.opp_trumps()) and k.is_bock(c):
            val += 8.0  # run the sure tricks (no trumps, or the opponents have none left)
        val -= STRENGTH[k.mode][c] * 0.01
        if val > best_val:
            best_card, best_val = c, val
    return best_card


# ---------------------------------------------------------------------------------------------


RulePlayer = Callable[[Any], int]
#: The rule player of each variant, by the type of its observations (a subclass of a
#: registered type is played by that type's player unless it has its own).
RULE_PLAYERS: Final[dict[type, RulePlayer]] = {}


def register_rule_player(observation_type: type, player: RulePlayer) -> None:
    """Let ``rules`` play the observations of ``observation_type`` with ``player``."""
    RULE_PLAYERS[observation_type] = player


def rule_player_for(obs: object) -> RulePlayer | None:
    """The registered rule player of ``obs``'s variant (None: Schieber's, this module's)."""
    for cls in type(obs).__mro__:
        player = RULE_PLAYERS.get(cls)
        if player is not None:
            return player
    return None


class RuleBot:
    """The expert rule player; deterministic (``seed`` only breaks exact ties, unused today).

    It plays Schieber itself and every other variant through the rule player registered for
    that variant's observations (:data:`RULE_PLAYERS`)."""

    name = "rules"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, obs: Observation) -> int:
        """The rule player's action for the seat to move in ``obs``."""
        player = rule_player_for(obs)
        if player is not None:
            return player(obs)
        legal = obs.legal_actions
        if not legal:
            raise ValueError("the observation has no legal action: it is not this seat's turn")
        if len(legal) == 1:
            return legal[0]
        phase = obs.phase
        if phase == "choose":
            action = _choose(obs)
        elif phase == "weis":
            action = declare_weis(obs)
        elif phase == "stoeck":
            action = A_STOECK if A_STOECK in legal else A_STOECK_NO
        else:
            action = play_card(obs)
        return action if action in legal else legal[0]


BOTS["rules"] = RuleBot
