"""The default policy of the variant search: fast play-outs of any trick hand to its end.

A play-out drives the variant's own hand (a :class:`~puur.hand.TrickHand`) with
``push_unchecked`` and its legal moves, so every rule of the variant (play rule, modes trick by
trick, who is credited, Weis, Stöck, scoring) is the engine's own. Each decision is quick:

* **a card**: for each legal card (when leading, the highest and the lowest of each suit), the
  rest of the trick is foreseen with the deal's hands open: each later seat beats the best card
  with its cheapest winning card when it wants the trick (or has nothing else), and keeps low
  otherwise. The card's value is what the variant model says the seat gains when the trick goes
  to the seat foreseen to take it (:meth:`~puur.bots.worlds.VariantModel.trick_gain`; the points
  are those in the trick, the card's own and the mean card points for each card still to fall). On
  equal values a seat that still wants tricks keeps its strong cards and trumps and one that
  wants none sheds them;
* **Weis**: the best split is declared; **Stöck** is announced;
* **the variant's own decisions** (a contract, a row, a forecast): the model's
  :meth:`~puur.bots.worlds.VariantModel.phase_action`.

Simplifications: no trump drawing, no signals, one trick of look-ahead.
"""

from __future__ import annotations

from typing import Final

from puur.bots.worlds import VariantModel
from puur.cards import ALL_CARDS, NUM_CARDS, SUIT_MASK
from puur.contracts import POINTS, STRENGTH
from puur.hand import PLAY, STOECK, WEIS, TrickHand, cards_of
from puur.tricks import legal_under

__all__ = ["default_action", "play_card", "play_out"]

_SUIT_OF: Final = tuple(c // 9 for c in range(NUM_CARDS))
#: The mean card points of a card in every mode (152 over 36 cards).
_MEAN_POINTS: Final = 152 / 36


def default_action(hand: TrickHand, model: VariantModel) -> int:
    """The default policy's action for the seat to move."""
    ph = hand.phase
    if ph == PLAY:
        return play_card(hand, model)
    if ph == WEIS:
        return hand.A_WEIS + (1 if hand.weis_options(hand.to_move) else 0)
    if ph == STOECK:
        return hand.A_STOECK
    return model.phase_action(hand)


def play_out(hand: TrickHand, model: VariantModel) -> None:
    """Play ``hand`` to its end with the default policy."""
    while not hand.is_over:
        hand.push_unchecked(default_action(hand, model))


def _higher() -> tuple[tuple[int, ...], ...]:
    """Per mode and card: the mask of the cards of its suit that beat it."""
    out = []
    for mode in range(6):
        st = STRENGTH[mode]
        out.append(tuple(
            sum(1 << x for x in range(9 * (c // 9), 9 * (c // 9) + 9) if st[x] > st[c])
            for c in range(NUM_CARDS)
        ))
    return tuple(out)


_HIGHER: Final = _higher()


def _beating(best: int, higher: tuple[int, ...], trump: int) -> int:
    """The mask of the cards that take the trick from ``best`` (everything when none lies)."""
    if best < 0:
        return ALL_CARDS
    m = higher[best]
    if trump >= 0 and _SUIT_OF[best] != trump:
        m |= SUIT_MASK[trump]
    return m


def play_card(hand: TrickHand, model: VariantModel) -> int:
    """The default policy's card for the seat to move (see the module text)."""
    legal = hand.legal_cards()
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    me = hand.to_move
    later = hand.trick_seats(me)
    mode = hand.mode
    trump = hand.trump
    st = STRENGTH[mode]
    pts = POINTS[mode]
    hands = hand.hands
    trick = hand.trick
    rule = hand.play_rule
    after = len(hand.playing) - len(trick) - 1
    base = float(sum(pts[c] for c in trick)) + after * _MEAN_POINTS
    if hand.trick_no == hand.num_tricks - 1:
        base += hand.rules.last_trick_bonus
    typical = 157.0 / hand.num_tricks
    wants_more = model.trick_gain(hand, me, me, round(typical)) > 0
    lead = _SUIT_OF[trick[0]] if trick else -1
    if trick:
        cands = cards_of(legal)
    else:  # leading: the highest and the lowest card of each suit
        cands = []
        for s in range(4):
            suit = cards_of(legal & (0x1FF << (9 * s)))
            if suit:
                suit.sort(key=lambda c: st[c])
                cands.append(suit[0])
                if len(suit) > 1:
                    cands.append(suit[-1])
    higher = _HIGHER[mode]
    foreseen: dict[tuple[int, int, int], int] = {}
    legal_of: dict[tuple[int, int, int], int] = {}
    best_key: tuple[float, int] | None = None
    pick = cands[0]
    for c in cands:
        b, bs, bt = hand.best_card, hand.best_seat, hand.best_trump
        if _beating(b, higher, trump) >> c & 1:
            b, bs = c, me
        if _SUIT_OF[c] == trump and (bt < 0 or st[c] > st[bt]):
            bt = c
        value = base + pts[c]
        key3 = (b, bs, bt)
        taker = foreseen.get(key3)
        if taker is None:
            led = lead if lead >= 0 else _SUIT_OF[c]
            for j in range(1, after + 1):
                s = later[j]
                lkey = (s, led, bt)
                lg = legal_of.get(lkey)
                if lg is None:
                    lg = legal_of[lkey] = legal_under(rule, hands[s], led, bt, trump)
                beat = lg & _beating(b, higher, trump)
                if not beat:
                    continue
                if beat == lg or (
                    model.trick_gain(hand, s, s, round(value))
                    > model.trick_gain(hand, s, bs, round(value))
                ):
                    x = min(cards_of(beat), key=lambda y: st[y])
                    b, bs = x, s
                    if _SUIT_OF[x] == trump and (bt < 0 or st[x] > st[bt]):
                        bt = x
            taker = bs
            foreseen[key3] = taker
        gain = model.trick_gain(hand, me, taker, round(value))
        weight = st[c] % 100 + (9 if _SUIT_OF[c] == trump else 0)
        k = (gain, -weight if wants_more else weight)
        if best_key is None or k > best_key:
            best_key, pick = k, c
    return pick
