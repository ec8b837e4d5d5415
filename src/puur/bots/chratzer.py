"""The Chratzer rule player: chratze on two sure tricks, come along on one, take every trick.

A club player's basic strategy, from the seat's observation alone:

* **Expected tricks** (:func:`expected_tricks`): card by card, the trump Under 1.0, the Nell
  0.85, the trump Ace 0.75, King 0.55, Ober 0.4, a small trump 0.3; a side Ace 0.5, a side
  King beside its Ace 0.3, any other card 0.05; the side cards count less the more players
  are in (a void player must trump), the small trumps count more with three or more trumps.
* **Chratze** when the expected tricks reach the promise (2) less 0.4; **metcho** when they
  reach the promise (1) less 0.4 (less 0.5 when a miss costs a share a trick, not the pot).
  The estimate is a cautious one: a player who sits out has lost his ante for nothing, and
  measured against the random player a bolder bar wins more (the page has the figures).
* **Card play**: leading, a card no unseen card of its suit beats (the highest trump first),
  else its lowest side card; following, the cheapest card that takes the trick, else the
  lowest card it may play (keeping its trumps).
"""

from __future__ import annotations

from typing import Final

from puur.bots.rules import register_rule_player
from puur.cards import NUM_CARDS, Rank, bits
from puur.contracts import STRENGTH
from puur.tricks import beats
from puur.variants.chratzer_hand import A_CHRATZE, A_METCHO, A_WEG
from puur.variants.chratzer_view import ChratzerObservation

__all__ = ["CHRATZE_MARGIN", "METCHO_MARGIN", "ChratzerPlayer", "choose_word",
           "expected_tricks", "play_card"]

#: How far under its promise the estimate may lie for the player to chratze or come along.
CHRATZE_MARGIN: Final = 0.4
METCHO_MARGIN: Final = 0.4

_TRUMP: Final[dict[int, float]] = {
    Rank.UNDER: 1.0, Rank.NINE: 0.85, Rank.ACE: 0.75, Rank.KING: 0.55, Rank.OBER: 0.4,
}


def expected_tricks(hand: int, trump: int, players: int) -> float:
    """The tricks ``hand`` is likely to take against ``players - 1`` others in play.

    >>> from puur.cards import CardSet
    >>> expected_tricks(CardSet.from_text("CJ C9 DA H6").bits, 3, 3) > 2.0
    True
    >>> expected_tricks(CardSet.from_text("D6 H7 S8 C6").bits, 3, 3) < 1.0
    True
    """
    trumps = sum(1 for c in bits(hand) if c // 9 == trump)
    side_factor = 1.0 if players <= 2 else 0.8 if players == 3 else 0.65
    total = 0.0
    for c in bits(hand):
        suit, rank = c // 9, c % 9
        if suit == trump:
            total += _TRUMP.get(rank, 0.45 if trumps >= 3 else 0.3)
        elif rank == Rank.ACE:
            total += 0.5 * side_factor
        elif rank == Rank.KING and hand >> (9 * suit + Rank.ACE) & 1:
            total += 0.3 * side_factor
        else:
            total += 0.05
    return total


def choose_word(obs: ChratzerObservation) -> int:
    """Chratze, metcho or weg (see the module text)."""
    legal = obs.legal_actions
    n = obs.num_seats
    if A_CHRATZE in legal:
        est = expected_tricks(obs.hand, obs.trump, n)
        return A_CHRATZE if est >= obs.rules.chratzer_tricks - CHRATZE_MARGIN else A_WEG
    # In play so far: the Chratzer, those who came along, me, and half of those still to speak.
    still = 0
    s = (obs.seat + 1) % n
    while s != obs.chratzer:
        still += 1
        s = (s + 1) % n
    players = 2 + len(obs.joined) + still // 2
    est = expected_tricks(obs.hand, obs.trump, players)
    margin = METCHO_MARGIN if obs.rules.penalty == "pot" else METCHO_MARGIN + 0.1
    return A_METCHO if est >= obs.rules.metcho_tricks - margin else A_WEG


def _unseen(obs: ChratzerObservation) -> int:
    played = 0
    for _s, c in obs.history:
        played |= 1 << c
    return ((1 << NUM_CARDS) - 1) & ~played & ~obs.hand & ~obs.out_of_play


def play_card(obs: ChratzerObservation) -> int:
    """The rule player's card (see the module text)."""
    legal = [a for a in obs.legal_actions if a < NUM_CARDS]
    if len(legal) == 1:
        return legal[0]
    mode, trump = obs.mode, obs.trump
    st = STRENGTH[mode]

    def low(cards: list[int]) -> int:
        return min(cards, key=lambda c: (c // 9 == trump, st[c] % 100))

    if not obs.trick:
        unseen = _unseen(obs)
        sure = [c for c in legal
                if not any(u // 9 == c // 9 and beats(u, c, mode, trump) for u in bits(unseen))]
        if sure:
            return max(sure, key=lambda c: (c // 9 == trump, st[c] % 100))
        side = [c for c in legal if c // 9 != trump]
        return low(side or legal)
    best = obs.trick[0][1]
    for _s, c in obs.trick[1:]:
        if beats(c, best, mode, trump):
            best = c
    winning = [c for c in legal if beats(c, best, mode, trump)]
    if winning:
        return min(winning, key=lambda c: st[c] % 100 + (100 if c // 9 == trump else 0))
    return low(legal)


class ChratzerPlayer:
    """Plays a Chratzer seat by the basic strategy of the module text."""

    def act(self, obs: ChratzerObservation) -> int:
        """The action for the seat to move in ``obs``."""
        if not obs.legal_actions:
            raise ValueError("the observation has no legal action: it is not this seat's turn")
        if obs.phase in ("chratze", "metcho"):
            return choose_word(obs)
        return play_card(obs)


register_rule_player(ChratzerObservation, ChratzerPlayer().act)
