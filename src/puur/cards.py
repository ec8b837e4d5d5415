"""Cards, card sets and deck styles (rule book §1).

A card is a plain ``int`` from 0 to 35: ``suit * 9 + rank``. Suits are four abstract indexes; a
:class:`DeckStyle` gives them names, symbols and colours. Ranks run in natural order from the 6
(rank 0) to the Ace (rank 8), so the natural order of a suit is simply its rank index.

A :class:`CardSet` wraps a 36-bit integer (bit ``c`` set when card ``c`` is in the set). Hot paths
(legal cards, search) use the raw integers; the class is the friendly face of the same bits.

>>> from puur.cards import CardSet, parse_card, format_card
>>> format_card(parse_card("D7"))
'D7'
>>> len(CardSet.from_text("D7 HJ SA"))
3
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from puur._checks import is_int_in, is_str, show

__all__ = [
    "ALL_CARDS",
    "CARD_TOKENS",
    "DECK_STYLES",
    "FRENCH",
    "NUM_CARDS",
    "RANK_MASK",
    "SALZBURG",
    "SUIT_MASK",
    "SWISS",
    "WELI",
    "Card",
    "CardError",
    "CardSet",
    "DeckStyle",
    "Rank",
    "Suit",
    "bits",
    "card_of",
    "format_card",
    "format_cards",
    "parse_card",
    "parse_cards",
    "popcount",
    "rank_of",
    "suit_of",
]

Card = int
"""A card as an integer ``suit * 9 + rank`` (0..35)."""

NUM_CARDS: Final = 36


class Suit(IntEnum):
    """The four suits as abstract indexes; names follow the double-index pairing."""

    SCHELLEN = 0  # bells, diamonds
    ROSEN = 1  # roses, hearts
    SCHILTEN = 2  # shields, spades
    EICHELN = 3  # acorns, clubs


class Rank(IntEnum):
    """Ranks in natural order, the 6 lowest."""

    SIX = 0
    SEVEN = 1
    EIGHT = 2
    NINE = 3
    TEN = 4  # Banner
    UNDER = 5  # jack
    OBER = 6  # queen
    KING = 7
    ACE = 8


ALL_CARDS: Final = (1 << NUM_CARDS) - 1
SUIT_MASK: Final[tuple[int, ...]] = tuple(0x1FF << (9 * s) for s in range(4))
RANK_MASK: Final[tuple[int, ...]] = tuple(
    sum(1 << (9 * s + r) for s in range(4)) for r in range(9)
)

_SUIT_OF: Final[tuple[int, ...]] = tuple(c // 9 for c in range(NUM_CARDS))
_RANK_OF: Final[tuple[int, ...]] = tuple(c % 9 for c in range(NUM_CARDS))


def card_of(suit: int, rank: int) -> Card:
    """The card of ``suit`` and ``rank``.

    >>> card_of(Suit.ROSEN, Rank.UNDER)
    14
    """
    if not (is_int_in(suit, 0, 3) and is_int_in(rank, 0, 8)):
        raise CardError(f"no card with suit {show(suit)} and rank {show(rank)}")
    return suit * 9 + rank


def _card(card: object) -> int:
    if not is_int_in(card, 0, NUM_CARDS - 1):
        raise CardError(f"not a card: {show(card)} (a card is a whole number 0..35)")
    return card


def _mask(mask: object) -> int:
    if not is_int_in(mask, 0, ALL_CARDS):
        raise CardError(f"not a card mask: {show(mask)} (a whole number of 36 bits)")
    return mask


def suit_of(card: Card) -> int:
    """The suit index of ``card``."""
    return _SUIT_OF[_card(card)]


def rank_of(card: Card) -> int:
    """The rank index of ``card`` (0 = 6, 8 = Ace)."""
    return _RANK_OF[_card(card)]


def popcount(mask: int) -> int:
    """Number of cards in a raw 36-bit mask."""
    return _mask(mask).bit_count()


def bits(mask: int) -> list[Card]:
    """The cards of a raw mask in increasing order.

    >>> bits(0b1011)
    [0, 1, 3]
    """
    mask = _mask(mask)
    out: list[Card] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class CardError(ValueError):
    """A card token, card list or card set could not be understood."""


# ---------------------------------------------------------------------------------------------
# Deck styles


@dataclass(frozen=True)
class DeckStyle:
    """Names, symbols and colours for the four suit indexes and nine ranks.

    The pairing of the style's suits with the indexes is a property of the style: the Swiss
    German style pairs Schellen with index 0, as double-index decks print it (Schellen = ♦).
    """

    key: str
    name: str
    suit_names: tuple[str, str, str, str]
    suit_symbols: tuple[str, str, str, str]
    suit_letters: tuple[str, str, str, str]
    suit_colours: tuple[str, str, str, str]
    rank_names: tuple[str, str, str, str, str, str, str, str, str]
    rank_short: tuple[str, str, str, str, str, str, str, str, str]

    def card_name(self, card: Card) -> str:
        """A card's full name, e.g. ``"Rosen Under"`` or ``"J of hearts"``."""
        return f"{self.suit_names[suit_of(card)]} {self.rank_names[rank_of(card)]}"

    def card_label(self, card: Card) -> str:
        """A short label with the suit symbol, e.g. ``"♥U"``."""
        return f"{self.suit_symbols[suit_of(card)]}{self.rank_short[rank_of(card)]}"


SWISS: Final = DeckStyle(
    key="swiss",
    name="Swiss German",
    suit_names=("Schellen", "Rosen", "Schilten", "Eicheln"),
    suit_symbols=("🔔", "🌹", "🛡", "🌰"),
    suit_letters=("Sc", "Ro", "Si", "Ei"),
    suit_colours=("yellow", "red", "black", "green"),
    rank_names=("6", "7", "8", "9", "Banner", "Under", "Ober", "König", "As"),
    rank_short=("6", "7", "8", "9", "B", "U", "O", "K", "A"),
)

FRENCH: Final = DeckStyle(
    key="french",
    name="French",
    suit_names=("diamonds", "hearts", "spades", "clubs"),
    suit_symbols=("♦", "♥", "♠", "♣"),
    suit_letters=("D", "H", "S", "C"),
    suit_colours=("red", "red", "black", "black"),
    rank_names=("6", "7", "8", "9", "10", "jack", "queen", "king", "ace"),
    rank_short=("6", "7", "8", "9", "10", "J", "Q", "K", "A"),
)

#: The Weli: the Schelle 6 of the Salzburg pack, printed with its name (an ordinary 6 in play).
WELI: Final = 0

SALZBURG: Final = DeckStyle(
    key="salzburg",
    name="Salzburg (German-suited, Vorarlberg)",
    suit_names=("Schelle", "Herz", "Laub", "Eichel"),
    suit_symbols=("🔔", "❤", "🍃", "🌰"),
    suit_letters=("Sc", "He", "La", "Ei"),
    suit_colours=("yellow", "red", "green", "brown"),
    rank_names=("6", "7", "8", "9", "10", "Unter", "Ober", "König", "Ass"),
    rank_short=("6", "7", "8", "9", "10", "U", "O", "K", "A"),
)
"""The Salzburg (double-German) pack of Vorarlberg's Kreuzjass: Schelle, Herz, Laub and Eichel on
the indexes of Schellen, Rosen, Schilten and Eicheln (the German-French pairing: bells are
diamonds, hearts hearts, leaves spades, acorns clubs), the 10 a number card, the Schelle 6
printed *Weli*. Only names and drawings differ: card ids stay 0-35."""

DECK_STYLES: Final[dict[str, DeckStyle]] = {SWISS.key: SWISS, FRENCH.key: FRENCH,
                                            SALZBURG.key: SALZBURG}


# ---------------------------------------------------------------------------------------------
# Notation: the canonical token is the French suit letter then the rank letter, "D7", "HJ", "ST".

_SUIT_LETTERS: Final = "DHSC"
_RANK_LETTERS: Final = "6789TJQKA"
_TOKENS: Final[tuple[str, ...]] = tuple(
    _SUIT_LETTERS[c // 9] + _RANK_LETTERS[c % 9] for c in range(NUM_CARDS)
)
_SUIT_ALIASES: Final[dict[str, int]] = {
    "D": 0, "H": 1, "S": 2, "C": 3,
    "♦": 0, "♥": 1, "♠": 2, "♣": 3, "♢": 0, "♡": 1, "♤": 2, "♧": 3,
}
_RANK_ALIASES: Final[dict[str, int]] = {
    "6": 0, "7": 1, "8": 2, "9": 3, "T": 4, "10": 4, "B": 4,
    "J": 5, "U": 5, "Q": 6, "O": 6, "K": 7, "A": 8,
}
_PARSE: dict[str, Card] = {}
for _c in range(NUM_CARDS):
    for _sk, _sv in _SUIT_ALIASES.items():
        if _sv != _c // 9:
            continue
        for _rk, _rv in _RANK_ALIASES.items():
            if _rv != _c % 9:
                continue
            _PARSE[_sk + _rk] = _c
            _PARSE[_rk + _sk] = _c
#: The canonical token of each card id, in order (``CARD_TOKENS[c] == format_card(c)``).
CARD_TOKENS: Final[tuple[str, ...]] = _TOKENS


def format_card(card: Card) -> str:
    """The canonical token of ``card``: suit letter (D H S C) then rank (6-9 T J Q K A)."""
    return _TOKENS[_card(card)]


def parse_card(token: str) -> Card:
    """Parse one card token.

    Accepts the canonical form (``"HJ"``), rank first (``"JH"``), suit symbols (``"♥J"``,
    ``"10♦"``) and Swiss rank letters (``"HU"`` Under, ``"HO"`` Ober, ``"HB"`` Banner).

    >>> parse_card("h10") == parse_card("HT") == parse_card("♥B")
    True
    """
    if not is_str(token):
        raise CardError(f"a card token must be a string, not {show(token)}")
    key = token.strip().upper()
    card = _PARSE.get(key)
    if card is None:
        raise CardError(
            f"bad card token {show(token)}: expected a suit (D H S C or ♦ ♥ ♠ ♣) and a rank "
            "(6 7 8 9 T/10 J/U Q/O K A), e.g. 'D7' or 'HJ'"
        )
    return card


def parse_cards(text: str) -> list[Card]:
    """Parse a whitespace- or comma-separated list of card tokens (order kept)."""
    if not is_str(text):
        raise CardError(f"card text must be a string, not {show(text)}")
    out: list[Card] = []
    for tok in text.replace(",", " ").split():
        out.append(parse_card(tok))
    return out


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical tokens separated by spaces."""
    return " ".join(_TOKENS[_card(c)] for c in _iterate(cards))


def _iterate(cards: object) -> Iterator[object]:
    if isinstance(cards, str | bytes) or not isinstance(cards, Iterable):
        raise CardError(f"expected a collection of cards, not {show(cards)}")
    return iter(cards)


class CardSet:
    """An immutable set of cards over a 36-bit integer.

    >>> hand = CardSet.from_text("D6 D7 HJ")
    >>> parse_card("HJ") in hand
    True
    >>> str(hand | CardSet.from_text("CA"))
    'D6 D7 HJ CA'
    """

    __slots__ = ("bits",)

    bits: int

    def __init__(self, bits: int = 0) -> None:
        if not is_int_in(bits, 0, ALL_CARDS):
            raise CardError(f"card set bits must be a whole number of 36 bits, not {show(bits)}")
        object.__setattr__(self, "bits", bits)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    @classmethod
    def of(cls, cards: Iterable[Card]) -> CardSet:
        """The set of the given cards."""
        m = 0
        for c in _iterate(cards):
            m |= 1 << _card(c)
        return cls(m)

    @classmethod
    def full(cls) -> CardSet:
        """All 36 cards."""
        return cls(ALL_CARDS)

    @classmethod
    def from_text(cls, text: str) -> CardSet:
        """Parse card tokens; repeated cards are an error."""
        cards = parse_cards(text)
        s = cls.of(cards)
        if len(s) != len(cards):
            raise CardError(f"a card is repeated in {text!r}")
        return s

    def suit(self, suit: int) -> CardSet:
        """The cards of one suit."""
        if not is_int_in(suit, 0, 3):
            raise CardError(f"not a suit: {show(suit)} (suits are 0..3)")
        return CardSet(self.bits & SUIT_MASK[suit])

    def __iter__(self) -> Iterator[Card]:
        return iter(bits(self.bits))

    def __len__(self) -> int:
        return self.bits.bit_count()

    def __contains__(self, card: object) -> bool:
        return is_int_in(card, 0, NUM_CARDS - 1) and bool(self.bits >> card & 1)

    def __bool__(self) -> bool:
        return self.bits != 0

    def __or__(self, other: CardSet) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return CardSet(self.bits | other.bits)

    def __and__(self, other: CardSet) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return CardSet(self.bits & other.bits)

    def __sub__(self, other: CardSet) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return CardSet(self.bits & ~other.bits)

    def __xor__(self, other: CardSet) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return CardSet(self.bits ^ other.bits)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.bits == self.bits

    def __hash__(self) -> int:
        return hash(self.bits)

    def __repr__(self) -> str:
        return f"CardSet.from_text({str(self)!r})"

    def __str__(self) -> str:
        return format_cards(self)
