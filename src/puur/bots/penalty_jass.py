"""The rule player of the penalty-point Jass: stay out of the three tricks that cost a point.

A club player's basic strategy, from the seat's observation alone. Only three tricks of a hand
cost anything: trick 1, the trick the penalty card falls in and the last trick. The other
tricks are free, and a free trick is the place to get rid of high cards, so that they cannot
take the last trick.

* **A costly trick** (trick 1, the last, one the penalty card lies in, or one it may still
  fall in from a player yet to play): it ducks as the Molotow player does (the highest card
  that still loses, the most dangerous discard when void, a first discard in the suit that
  suits it least as trumps).
* **Holding the penalty card** it drops it as soon as it can lose it: under a higher card of
  its suit already in the trick, or as a discard once trumps are fixed (before trumps a
  discard would make trumps and take the trick).
* **A free trick** (the penalty card gone or in its own hand, and not trick 1 or the last):
  it plays its strongest card, and leads its strongest card, to keep the low ones for the end.
* **Leading** a costly trick: Molotow's lead (the lowest card of a suit where higher cards are
  still out); it never leads the penalty card while it has another card.
* **Declaring** the bare penalty card: when at least two higher cards of its suit are out, it
  expects another player to take it and declares (the taker then pays two); otherwise it keeps
  quiet.
"""

from __future__ import annotations

from typing import Final, cast

from puur.bots.molotow import play_card as duck_card
from puur.bots.rules import register_rule_player
from puur.cards import ALL_CARDS, NUM_CARDS, SUIT_MASK, bits
from puur.contracts import MODE_OBENABE, STRENGTH
from puur.tricks import beats
from puur.variants.molotow_view import MolotowObservation
from puur.variants.penalty_jass_hand import A_DECLARE, A_QUIET, DECLARE
from puur.variants.penalty_jass_view import PenaltyJassObservation

__all__ = ["PenaltyJassPlayer", "costly", "declare_choice", "play_card"]

_SUIT_OF: Final = tuple(c // 9 for c in range(NUM_CARDS))
_TRICKS: Final = 9


def declare_choice(hand: int, card: int, unseen: int) -> int:
    """Declare the bare penalty ``card`` when at least two higher cards of its suit (in the
    Obenabe order of the hand's start) are among the ``unseen`` ones, else keep quiet.

    >>> from puur.cards import parse_card
    >>> all_but = lambda *t: ALL_CARDS & ~sum(1 << parse_card(x) for x in t)
    >>> declare_choice(1 << parse_card("DQ"), parse_card("DQ"), all_but("DQ")) == A_DECLARE
    True
    >>> declare_choice(1 << parse_card("DK"), parse_card("DK"), all_but("DK")) == A_QUIET
    True
    """
    st = STRENGTH[MODE_OBENABE]
    higher = sum(1 for c in bits(unseen & SUIT_MASK[_SUIT_OF[card]]) if st[c] > st[card])
    return A_DECLARE if higher >= 2 else A_QUIET


def _unseen(obs: PenaltyJassObservation) -> int:
    played = 0
    for _s, c in obs.history:
        played |= 1 << c
    return ALL_CARDS & ~played & ~obs.hand


def _best(obs: PenaltyJassObservation) -> int:
    best = -1
    for _s, c in obs.trick:
        if beats(c, best, obs.mode, obs.trump):
            best = c
    return best


def costly(obs: PenaltyJassObservation) -> bool:
    """Whether taking the trick in play may cost the seat a point: trick 1, the last trick,
    the penalty card in it, or the penalty card with a player still to play in it."""
    if obs.trick_no in (0, _TRICKS - 1):
        return True
    card = obs.rules.penalty_card
    if any(c == card for _s, c in obs.trick):
        return True
    gone = any(c == card for _s, c in obs.history) or obs.hand >> card & 1
    return not gone and len(obs.trick) < obs.num_seats - 1


def _drop_penalty_card(obs: PenaltyJassObservation, legal: list[int]) -> bool:
    """Whether the penalty card (in ``legal``) now goes to another player for sure: a higher
    card of its suit lies in the trick, or it is a discard once trumps are fixed and a card
    of the suit led lies in the trick."""
    card = obs.rules.penalty_card
    if card not in legal or not obs.trick:
        return False
    best = _best(obs)
    lead = _SUIT_OF[obs.trick[0][1]]
    if _SUIT_OF[card] == lead:
        return not beats(card, best, obs.mode, obs.trump)
    return obs.trump >= 0 and _SUIT_OF[card] != obs.trump


def play_card(obs: PenaltyJassObservation) -> int:
    """The rule player's card (see the module text)."""
    legal = [a for a in obs.legal_actions if a < NUM_CARDS]
    if len(legal) == 1:
        return legal[0]
    card = obs.rules.penalty_card
    if _drop_penalty_card(obs, legal):
        return card
    st = STRENGTH[obs.mode]
    if not costly(obs):
        others = [c for c in legal if c != card] or legal
        if obs.trick:
            lead = _SUIT_OF[obs.trick[0][1]]
            if obs.trump < 0 and all(_SUIT_OF[c] != lead for c in others):
                # A discard would fix trumps: Molotow's choice of the suit that suits it least.
                return duck_card(cast(MolotowObservation, obs))
        return max(others, key=lambda c: (st[c], _SUIT_OF[c] != obs.trump))
    pick = duck_card(cast(MolotowObservation, obs))
    if pick == card and not obs.trick:
        others = [c for c in legal if c != card]
        if others:
            return min(others, key=lambda c: st[c])
    return pick


class PenaltyJassPlayer:
    """Plays a seat of the penalty-point Jass by the basic strategy of the module text."""

    def act(self, obs: PenaltyJassObservation) -> int:
        """The action for the seat to move in ``obs``."""
        if not obs.legal_actions:
            raise ValueError("the observation has no legal action: it is not this seat's turn")
        if obs.phase == DECLARE:
            return declare_choice(obs.hand, obs.rules.penalty_card, _unseen(obs))
        return play_card(obs)


register_rule_player(PenaltyJassObservation, PenaltyJassPlayer().act)
