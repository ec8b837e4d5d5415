"""The one trick engine: legal cards under a play rule, trick winners, card points (rule book §2.4).

Every Jass of the family plays tricks the same way; what differs is a short list of parameters,
collected in a :class:`PlayRule`:

``follow``
    ``"schieber"``: follow suit or ruff, as Schieber (a trump may always be played instead of
    following; trumps led must be followed, except that the Puur alone need not be played).
    ``"strict"``: follow suit if you can (no ruffing while you can follow); void, play anything.
    ``"strict_must_trump"``: as strict, but a player void in the suit led must play a trump if he
    holds one (overtrumping not required). ``"none"``: any card (stock phases).
``undertrump`` (with ``follow = "schieber"``)
    ``"forbidden"``: a trump lower than one already in the trick may not be played, unless the hand
    holds nothing but trumps (Schieber). ``"when_void"``: allowed whenever the player cannot follow
    the suit led. ``"free"``: always allowed.
``puur_exempt``
    On a trump lead the trump Under (Puur) alone need not be played.

Leading may be restricted too (``lead_ban``: suits that may not be led while the leader holds
another suit), as some penalty games require.

Cards are the integers of :mod:`puur.cards`; hands are 36-bit masks. A *mode* (0-3 a trump suit,
4 Obenabe, 5 Undenufe) fixes card order and card points (:mod:`puur.contracts`). The Schieber rule
has a dedicated function, :func:`legal_cards`, which every Schieber fast path uses; the general
:func:`legal_under` agrees with it on the Schieber rule (a test holds them together).

>>> from puur.cards import CardSet
>>> h = CardSet.from_text("D6 C9 HJ").bits
>>> str(CardSet(legal_under(STRICT, h, 3, -1, 1)))  # Eicheln led: must follow with C9
'C9'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from puur.cards import SUIT_MASK
from puur.contracts import LOWER_TRUMPS, POINTS, PUUR, STRENGTH

__all__ = [
    "FREE_PLAY",
    "SCHIEBER",
    "STRICT",
    "STRICT_MUST_TRUMP",
    "Follow",
    "PlayRule",
    "TrickError",
    "Undertrump",
    "beats",
    "legal_cards",
    "legal_under",
    "trick_points",
    "trick_winner",
]

Follow = Literal["schieber", "strict", "strict_must_trump", "none"]
Undertrump = Literal["forbidden", "when_void", "free"]

_FOLLOWS: Final = ("schieber", "strict", "strict_must_trump", "none")
_UNDERTRUMPS: Final = ("forbidden", "when_void", "free")
_SUIT_OF: Final = tuple(c // 9 for c in range(36))


class TrickError(ValueError):
    """A play rule with an unknown setting."""


@dataclass(frozen=True, slots=True)
class PlayRule:
    """How a card may be played to a trick (see the module text for each setting)."""

    follow: Follow = "schieber"
    undertrump: Undertrump = "forbidden"
    puur_exempt: bool = True

    def __post_init__(self) -> None:
        if self.follow not in _FOLLOWS:
            raise TrickError(f"follow must be one of {', '.join(_FOLLOWS)}, not {self.follow!r}")
        if self.undertrump not in _UNDERTRUMPS:
            raise TrickError(
                f"undertrump must be one of {', '.join(_UNDERTRUMPS)}, not {self.undertrump!r}"
            )
        if not isinstance(self.puur_exempt, bool):
            raise TrickError("puur_exempt must be true or false")


SCHIEBER: Final = PlayRule()
"""Schieber's rule: follow or ruff, no undertrumping, the Puur exception."""
STRICT: Final = PlayRule("strict")
"""Follow suit if you can; void, anything."""
STRICT_MUST_TRUMP: Final = PlayRule("strict_must_trump")
"""Follow suit if you can; void, a trump if you hold one."""
FREE_PLAY: Final = PlayRule("none")
"""Any card."""


def legal_cards(hand: int, lead_suit: int, best_trump: int, trump: int) -> int:
    """The mask of cards ``hand`` may play under Schieber's rule (rule book §2.4).

    ``lead_suit`` is the suit led (-1 when leading), ``best_trump`` the highest trump already in
    the trick (-1 if none), ``trump`` the trump suit (-1 without one).

    >>> from puur.cards import CardSet
    >>> h = CardSet.from_text("D6 HJ H6").bits
    >>> str(CardSet(legal_cards(h, 1, -1, 1)))  # trumps led, Puur + another trump: a trump
    'H6 HJ'
    """
    if lead_suit < 0:
        return hand
    follow = hand & SUIT_MASK[lead_suit]
    if trump < 0:
        return follow or hand
    tmask = SUIT_MASK[trump]
    if lead_suit == trump:
        # Must follow trumps, except that the Puur alone need not be played.
        if follow == 0 or follow == PUUR[trump]:
            return hand
        return follow
    trumps = hand & tmask
    if trumps == hand:
        return hand  # only trumps: any trump (the undertrump ban does not apply)
    if best_trump >= 0:
        trumps &= ~LOWER_TRUMPS[trump][best_trump]
    if follow:
        return follow | trumps
    return (hand & ~tmask) | trumps


def legal_under(
    rule: PlayRule, hand: int, lead_suit: int, best_trump: int, trump: int, lead_ban: int = 0
) -> int:
    """The mask of cards ``hand`` may play under ``rule``.

    Arguments as :func:`legal_cards`; ``lead_ban`` is a mask of cards that may not be led while
    the hand holds any other card.

    >>> from puur.cards import CardSet
    >>> rule = PlayRule(undertrump="when_void")    # Rosen trumps, Schellen led, HK in the trick
    >>> hk = 1 * 9 + 7
    >>> str(CardSet(legal_under(rule, CardSet.from_text("D6 H6 S7").bits, 0, hk, 1)))
    'D6'
    >>> str(CardSet(legal_under(rule, CardSet.from_text("H6 S7").bits, 0, hk, 1)))  # void
    'H6 S7'
    """
    if lead_suit < 0:
        if lead_ban and hand & ~lead_ban:
            return hand & ~lead_ban
        return hand
    follow = rule.follow
    if follow == "none":
        return hand
    same = hand & SUIT_MASK[lead_suit]
    if trump < 0:
        return same or hand
    if lead_suit == trump:
        if same == 0 or (rule.puur_exempt and same == PUUR[trump]):
            return hand
        return same
    if follow == "strict":
        return same or hand
    tmask = SUIT_MASK[trump]
    if follow == "strict_must_trump":
        return same or (hand & tmask) or hand
    # Schieber's family: a trump may be played instead of following.
    trumps = hand & tmask
    if trumps == hand:
        return hand
    undertrump = rule.undertrump
    if undertrump == "when_void" and not same:
        return hand
    if undertrump != "free" and best_trump >= 0:
        trumps &= ~LOWER_TRUMPS[trump][best_trump]
    if same:
        return same | trumps
    return (hand & ~tmask) | trumps


def beats(card: int, best: int, mode: int, trump: int) -> bool:
    """Whether ``card`` takes the trick from ``best`` (the card winning it so far) in ``mode``.

    A card beats the best one when it is higher in the same suit, or a trump on a non-trump.
    """
    if best < 0:
        return True
    cs = _SUIT_OF[card]
    if cs == _SUIT_OF[best]:
        return STRENGTH[mode][card] > STRENGTH[mode][best]
    return cs == trump


def trick_winner(cards: list[int] | tuple[int, ...], mode: int, trump: int) -> int:
    """The index (in playing order) of the card that wins the trick ``cards``.

    >>> from puur.cards import parse_cards
    >>> trick_winner(parse_cards("H6 HA C6"), 4, -1)    # Obenabe: the Ace of the suit led
    1
    >>> trick_winner(parse_cards("H6 HA C6"), 3, 3)     # Eicheln trumps: the trump 6
    2
    """
    best, at = -1, -1
    for i, c in enumerate(cards):
        if beats(c, best, mode, trump):
            best, at = c, i
    return at


def trick_points(cards: list[int] | tuple[int, ...], mode: int) -> int:
    """Card points of the cards of one trick in ``mode``."""
    points = POINTS[mode]
    return sum(points[c] for c in cards)
