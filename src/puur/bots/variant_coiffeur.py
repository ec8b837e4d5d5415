"""What the variant search knows of Coiffeur: worlds, row values, the default choice.

**Worlds.** A Coiffeur world is a :class:`~puur.variants.coiffeur.CoiffeurHand` on a sampled
deal with the observed sheet, Vorhand and hand number; the pushes and the row chosen (with its
contract) are pushed as the table saw them, then the card play is replayed. Nothing in
Coiffeur's choosing is hidden, so a world draws only cards.

**Values.** What the choosing team writes, relative to the other team
(:meth:`CoiffeurHand.seat_values`), *less what that row is expected to bring when it is filled
later* (:data:`BASELINE` points of the row's discipline times its multiplier): filling the ×8
row with an ordinary hand wastes it, so a row's worth now is the difference its multiplier
makes to what this hand brings over an ordinary one. The baselines are the mean points of the
choosing team in each discipline with a random hand and the contract the hand estimate picks
(``scripts/fit_variant_models.py``). The same value ranks pushing: after a push the next seat
(an opponent) chooses by the default choice below and its row counts against the team.

**The default choice** in a play-out: the open row and contract with the best
``multiplier × (estimate − baseline)``, the estimate being a line fitted to the choosing
team's points against the chooser's :func:`puur.bots.search.hand_strength`; no push.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any, Final

from puur.actions import A_PUSH
from puur.bots.cardpool import InconsistentDealError
from puur.bots.search import hand_strength
from puur.bots.worlds import VariantModel, replay_play
from puur.hand import TrickHand
from puur.variants.coiffeur import A_ROW, ROW_SLOTS, CoiffeurHand, Row, row_action, row_score

__all__ = ["BASELINE", "CoiffeurModel", "row_estimate"]

#: Mean points of the choosing team per discipline (fitted; see the module text).
BASELINE: Final[dict[str, float]] = {
    "D": 81.4, "H": 81.4, "S": 81.4, "C": 81.4, "obe": 76.7, "unde": 79.4, "free": 98.2,
    "slalom": 110.0, "guschti": 91.7, "misere": 78.3,
}
#: The choosing team's points ≈ a + b × hand_strength, per contract (fitted, 1,333 deals).
_LINE: Final[tuple[tuple[float, float], ...]] = (
    (55.5, 13.3), (55.5, 13.3), (55.5, 13.3), (55.5, 13.3), (61.0, 11.3), (62.8, 11.7),
    (70.7, 10.6), (77.4, 22.8), (77.9, 22.9), (58.7, 21.5), (63.1, 20.4),
)
#: Decisions with more actions are narrowed to this many by the default choice's score.
_SHORTLIST: Final = 15


def row_estimate(hand: int, contract: int) -> float:
    """The points the choosing team can expect when the holder of ``hand`` picks ``contract``."""
    a, b = _LINE[contract]
    return a + b * hand_strength(hand, contract)


class CoiffeurModel(VariantModel):
    """Coiffeur for the variant search (see the module text)."""

    key = "coiffeur"

    def build(self, obs: Any, initial: tuple[int, ...], rng: random.Random,
              strict: bool) -> TrickHand:
        """The hand on ``initial`` with the observed pushes, row and cards."""
        try:
            hand = CoiffeurHand(obs.options, initial, obs.forehand, obs.sheet, obs.hand_no)
        except ValueError as e:
            raise InconsistentDealError(str(e)) from None
        for _ in range(obs.pushes):
            hand.push(A_PUSH)
        if obs.row >= 0:
            hand.push(row_action(obs.row, obs.contract))
            replay_play(hand, obs, strict)
        return hand

    def values(self, hand: TrickHand) -> tuple[float, ...]:
        """The row's value less its baseline, for the choosing team, against it for the
        other."""
        assert isinstance(hand, CoiffeurHand)
        if not hand.is_over or hand.row < 0:
            return (0.0,) * 4
        return self.values_as(hand, row_action(hand.row, hand.contract))

    def same_play(self, obs: Any, action: int) -> Hashable:
        """Choosing a row: the contract (the rows of one contract play alike)."""
        if obs.phase == "choose" and action >= A_ROW:
            return ("contract", (action - A_ROW) % ROW_SLOTS)
        return action

    def values_as(self, hand: TrickHand, action: int) -> tuple[float, ...]:
        """The values had the chooser written the hand in the row of ``action``."""
        assert isinstance(hand, CoiffeurHand)
        if not hand.is_over or hand.row < 0:
            return (0.0,) * 4
        row, contract = divmod(action - A_ROW, ROW_SLOTS)
        r = hand.sheet_rows[row]
        team = hand.chooser & 1
        extra = 0
        for side, pts, kind in hand.credits:
            if side == team and kind in ("weis", "stoeck"):
                extra += pts
        written = row_score(hand.options, contract, r.multiplier, hand.trick_points[team], extra,
                            hand.tricks_won[team], hand.tricks_won[1 - team])
        v = written - r.multiplier * BASELINE[r.discipline]
        return tuple(v if s & 1 == team else -v for s in range(4))

    def _score(self, hand_cards: int, rows: Sequence[Row], action: int) -> float:
        row, contract = divmod(action - A_ROW, ROW_SLOTS)
        r = rows[row]
        return r.multiplier * (row_estimate(hand_cards, contract) - BASELINE[r.discipline])

    def phase_action(self, hand: TrickHand) -> int:
        """The row and contract with the best ``multiplier × (estimate − baseline)``."""
        assert isinstance(hand, CoiffeurHand)
        cards = hand.initial_hands[hand.to_move]
        return max((a for a in hand.legal_actions() if a != A_PUSH),
                   key=lambda a: self._score(cards, hand.sheet_rows, a))

    def shortlist(self, obs: Any, search: Any) -> tuple[list[int], dict[int, float]]:
        """With more than a few choices, the best by the default choice's score (and push)."""
        legal = list(obs.legal_actions)
        if obs.phase != "choose" or len(legal) <= _SHORTLIST + 1:
            return legal, {}
        rows = [Row(d, m) for d, m in obs.sheet_rows]
        scored = sorted(((self._score(obs.hand, rows, a), a) for a in legal if a != A_PUSH),
                        reverse=True)
        keep = [a for _v, a in scored[:_SHORTLIST]]
        if A_PUSH in legal:
            keep.append(A_PUSH)
        return sorted(keep), {a: v for v, a in scored[_SHORTLIST:]}
