"""Why an action is not legal, in words a player understands ("you must follow Rosen", "you may
not undertrump …"), for the refusals of both the full-screen game and the line mode.

The engine decides legality (each variant's ``legal_actions``); its :class:`IllegalActionError`
names the action and the legal ones but not the rule. This module finds the rule from the
player's observation without a second copy of the rules: the legal cards are the engine's, and
the only rule it asks about is the engine's own :func:`~puur.round.legal_cards` with the trick's
trump left out (a card that is legal then is refused because it undertrumps, rule book §2.4).
"""

from __future__ import annotations

from typing import Any

from puur.cards import suit_of
from puur.contracts import STRENGTH
from puur.round import legal_cards
from puur.tui.moves import Move, decode, variant_of
from puur.tui.notes import Card, Contract, Note, Row, Suit, note
from puur.tui.render import playable_cards

__all__ = ["why_illegal", "why_row"]


def _card_reason(obs: Any, card: int) -> Note:
    held = playable_cards(obs)
    if not held >> card & 1:
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
            if legal_cards(held, lead, -1, trump) >> card & 1:
                return note("why.undertrump", card=Card(card), best=Card(best))
    if suit_of(card) != lead and any(suit_of(c) == lead for c in legal):
        return note("why.follow_trumps" if lead == trump else "why.follow", suit=Suit(lead))
    return note("why.other")


def why_illegal(obs: Any, action: int) -> Note:
    """The reason ``action`` is not legal for the seat of ``obs`` now (``why.*`` texts), in any
    variant: what the action is comes from the variant's action space, what is legal from the
    observation."""
    if not obs.legal_actions:
        return note("why.not_your_turn")
    variant = variant_of(obs)
    move = decode(variant, action)
    if move.kind == "other":
        return note("why.other")
    legal = [decode(variant, a) for a in obs.legal_actions]
    kinds = {m.kind for m in legal}
    phase = obs.phase
    if "row" in kinds:
        return _row_reason(obs, move, legal)
    if "forecast" in kinds:
        values = [m.value for m in legal if m.kind == "forecast"]
        return note("why.forecast", lo=min(values), hi=max(values))
    if phase == "choose":
        if move.kind == "push":
            return note("why.must_choose" if obs.pushed_back else "why.no_push_back")
        if move.kind == "choose":
            return note("why.contract_off", contract=Contract(move.contract))
        return note("why.choose")
    if phase == "weis" and move.kind != "weis":
        return note("why.weis")
    if phase == "stoeck" and move.kind != "stoeck":
        return note("why.stoeck")
    if phase == "play":
        return _card_reason(obs, action) if move.kind == "card" else note("why.play")
    return note("why.other")


def _row_reason(obs: Any, move: Move, legal: list[Move]) -> Note:
    """Why a choice of a score sheet's row is refused: the row is not open in the team's
    column, it is not played that way, or pushing is over."""
    if move.kind == "push":
        return note("why.push_round")
    if move.kind != "row":
        return note("why.row")
    if any(m.kind == "row" and m.value == move.value for m in legal):
        discipline, mult = obs.sheet_rows[move.value]
        return note("why.row_contract", row=Row(move.value, discipline, mult),
                    contract=Contract(move.contract))
    return why_row(obs, move.value)


def why_row(obs: Any, row: int) -> Note:
    """Why ``row`` (0-based) cannot be chosen: the sheet has no such row, or it is not open in
    the column of the seat's team (it is written already)."""
    if not 0 <= row < len(obs.sheet_rows):
        return note("why.no_row", row=row + 1, count=len(obs.sheet_rows))
    discipline, mult = obs.sheet_rows[row]
    return note("why.row_written", row=Row(row, discipline, mult))
