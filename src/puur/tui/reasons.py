"""Why an action is not legal, in words a player understands ("you must follow Rosen", "you may
not undertrump …"), for the refusals of both the full-screen game and the line mode.

The engine decides legality (:meth:`Round.legal_actions`); its :class:`IllegalActionError`
names the action and the legal ones but not the rule. This module finds the rule from the
player's observation without a second copy of the rules: the legal cards are the engine's, and
the only rule it asks about is the engine's own :func:`~puur.round.legal_cards` with the trick's
trump left out (a card that is legal then is refused because it undertrumps, rule book §2.4).
"""

from __future__ import annotations

from puur.actions import A_CHOOSE, A_PUSH, A_STOECK, A_WEIS, NUM_ACTIONS
from puur.cards import NUM_CARDS, suit_of
from puur.contracts import STRENGTH
from puur.observation import Observation
from puur.round import legal_cards
from puur.tui.notes import Card, Contract, Note, Suit, note

__all__ = ["why_illegal"]


def _card_reason(obs: Observation, card: int) -> Note:
    if not obs.hand >> card & 1:
        return note("why.not_held", card=Card(card))
    if not obs.trick:
        return note("why.other")
    lead = suit_of(obs.trick[0][1])
    trump = obs.trump
    legal = set(obs.legal_actions)
    if trump >= 0 and suit_of(card) == trump and lead != trump:
        trumps = [c for _s, c in obs.trick if suit_of(c) == trump]
        if trumps:
            best = max(trumps, key=lambda c: STRENGTH[obs.mode][c])
            # Legal but for the trump in the trick: the card would undertrump.
            if legal_cards(obs.hand, lead, -1, trump) >> card & 1:
                return note("why.undertrump", card=Card(card), best=Card(best))
    if suit_of(card) != lead and any(suit_of(c) == lead for c in legal):
        return note("why.follow_trumps" if lead == trump else "why.follow", suit=Suit(lead))
    return note("why.other")


def why_illegal(obs: Observation, action: int) -> Note:
    """The reason ``action`` is not legal for the seat of ``obs`` now (``why.*`` texts)."""
    if not obs.legal_actions:
        return note("why.not_your_turn")
    if not 0 <= action < NUM_ACTIONS:
        return note("why.other")
    phase = obs.phase
    is_card = action < NUM_CARDS
    if phase == "choose":
        if action == A_PUSH:
            return note("why.must_choose" if obs.pushed_back else "why.no_push_back")
        if A_CHOOSE <= action < A_PUSH:
            return note("why.contract_off", contract=Contract(action - A_CHOOSE))
        return note("why.choose")
    if phase == "weis" and not A_WEIS <= action < A_STOECK:
        return note("why.weis")
    if phase == "stoeck" and action < A_STOECK:
        return note("why.stoeck")
    if phase == "play":
        return _card_reason(obs, action) if is_card else note("why.play")
    return note("why.other")
