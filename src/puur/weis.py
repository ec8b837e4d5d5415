"""Weis (melds): finding them, splitting a hand, comparing, and who scores (rule book §2.5).

* A sequence is a run of three or more cards of one suit in natural order (trump Under and 9
  count as plain cards here). A run is one Weis and is never cut to score more.
* Four of a kind: A, K, O, 10 = 100; four 9 = 150; four Unders = 200; with ``weis_four_low``
  four 8s, 7s or 6s = 100.
* Without ``kreuzweis`` a card serves in one Weis only, so a hand whose four of a kind shares a
  card with a sequence has several *splits*; :func:`weis_options` lists them best first (most
  points, then the best single Weis). When a four of a kind takes a card out of a run, the cards
  left on either side form their own runs if they are still three or more long.
* The best single Weis is decided by points, then number of cards, then height (the top card;
  in Undenufe the lowest card, lower winning), then trump suit, then playing order from the
  trick-1 leader. Only the team holding it scores, all of its declared Weis.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from puur._checks import is_int_in, show
from puur.cards import ALL_CARDS, RANK_MASK, SUIT_MASK, Card, bits, format_cards
from puur.contracts import MODE_UNDENUFE
from puur.rules import RuleSet

__all__ = [
    "STOECK_CARDS",
    "Meld",
    "WeisError",
    "best_split",
    "find_melds",
    "meld_key",
    "split_points",
    "stoeck_cards",
    "weis_options",
    "weis_winner",
]

_SEQ_POINTS_CLASSIC: Final = (0, 0, 0, 20, 50, 100, 100, 100, 100, 100)
_SEQ_POINTS_LARGE: Final = (0, 0, 0, 20, 50, 100, 150, 200, 250, 300)
# Four of a kind by rank index 6 7 8 9 10 U O K A; 0 = not a Weis (unless weis_four_low).
_FOUR_POINTS: Final = (0, 0, 0, 150, 100, 200, 100, 100, 100)

SEQUENCE: Final = 0
FOUR: Final = 1


class WeisError(ValueError):
    """An argument of a Weis function is not what it must be (a hand, a rule set, a mode …)."""


def _hand(hand: object) -> int:
    if not is_int_in(hand, 0, ALL_CARDS):
        raise WeisError(f"a hand must be a card mask (a whole number of 36 bits), not {show(hand)}")
    return hand


def _rules(rules: object) -> RuleSet:
    if not isinstance(rules, RuleSet):
        raise WeisError(f"rules must be a RuleSet, not {show(rules)}")
    return rules


def _mode_trump(mode: object, trump: object) -> tuple[int, int]:
    if not is_int_in(mode, 0, 5):
        raise WeisError(f"a mode must be 0..5, not {show(mode)}")
    if not is_int_in(trump, -1, 3):
        raise WeisError(f"a trump suit must be -1..3, not {show(trump)}")
    return mode, trump


def _split(split: object) -> tuple[Meld, ...]:
    if not isinstance(split, Sequence) or isinstance(split, str) or not all(
        isinstance(m, Meld) for m in split
    ):
        raise WeisError(f"a split must be a sequence of Melds, not {show(split)}")
    return tuple(split)


@dataclass(frozen=True, slots=True, order=False)
class Meld:
    """One Weis: a sequence of one suit or a four of a kind."""

    kind: int  # SEQUENCE or FOUR
    cards: int  # raw card mask
    points: int
    suit: int  # the sequence's suit, -1 for four of a kind
    low: int  # lowest rank index (the rank for four of a kind)
    high: int  # highest rank index

    @property
    def length(self) -> int:
        """Number of cards."""
        return self.cards.bit_count()

    def card_list(self) -> list[Card]:
        """The cards in increasing order."""
        return bits(self.cards)

    def __str__(self) -> str:
        return format_cards(self.card_list())


def _runs_table() -> tuple[tuple[tuple[int, int], ...], ...]:
    table: list[tuple[tuple[int, int], ...]] = []
    for pattern in range(512):
        runs: list[tuple[int, int]] = []
        r = 0
        while r < 9:
            if pattern >> r & 1:
                start = r
                while r < 9 and pattern >> r & 1:
                    r += 1
                if r - start >= 3:
                    runs.append((start, r - start))
            else:
                r += 1
        table.append(tuple(runs))
    return tuple(table)


_RUNS: Final = _runs_table()


def _sequences(hand: int, large: bool) -> list[Meld]:
    pts = _SEQ_POINTS_LARGE if large else _SEQ_POINTS_CLASSIC
    out: list[Meld] = []
    for s in range(4):
        pattern = (hand >> (9 * s)) & 0x1FF
        for start, length in _RUNS[pattern]:
            mask = ((1 << length) - 1) << (9 * s + start)
            out.append(Meld(SEQUENCE, mask, pts[length], s, start, start + length - 1))
    return out


def _fours(hand: int, four_low: bool) -> list[Meld]:
    out: list[Meld] = []
    for r in range(9):
        m = RANK_MASK[r]
        if hand & m == m:
            p = _FOUR_POINTS[r] or (100 if four_low else 0)
            if p:
                out.append(Meld(FOUR, m, p, -1, r, r))
    return out


def find_melds(hand: int, rules: RuleSet) -> list[Meld]:
    """Every four of a kind and every maximal sequence in ``hand`` (overlaps allowed)."""
    hand, rules = _hand(hand), _rules(rules)
    return _fours(hand, rules.weis_four_low) + _sequences(hand, rules.large_weis)


def meld_key(meld: Meld, mode: int, trump: int) -> tuple[int, int, int, int]:
    """Comparison key of one Weis without the position tie-break (greater is better)."""
    if not isinstance(meld, Meld):
        raise WeisError(f"not a Meld: {show(meld)}")
    return _meld_key(meld, *_mode_trump(mode, trump))


def _meld_key(meld: Meld, mode: int, trump: int) -> tuple[int, int, int, int]:
    height = (8 - meld.low) if mode == MODE_UNDENUFE else meld.high
    return (meld.points, meld.length, height, 1 if (meld.suit == trump and trump >= 0) else 0)


def split_points(split: tuple[Meld, ...]) -> int:
    """Total points of a split."""
    return sum(m.points for m in _split(split))


def weis_options(hand: int, rules: RuleSet, mode: int = 4, trump: int = -1) -> list[
    tuple[Meld, ...]
]:
    """The declarations open to a hand: the ways to split it into Weis, best first.

    The first entry is the suggested split; an empty list means the hand holds no Weis.
    Keeping quiet is always possible as well and is not listed here.
    """
    return _weis_options(_hand(hand), _rules(rules), *_mode_trump(mode, trump))


def _weis_options(hand: int, rules: RuleSet, mode: int, trump: int) -> list[tuple[Meld, ...]]:
    fours = _fours(hand, rules.weis_four_low)
    if rules.kreuzweis or not fours:
        melds = tuple(fours + _sequences(hand, rules.large_weis))
        return [melds] if melds else []
    seen: set[tuple[int, ...]] = set()
    splits: list[tuple[Meld, ...]] = []
    n = len(fours)
    for subset in range(1 << n):
        chosen = [fours[i] for i in range(n) if subset >> i & 1]
        used = 0
        for f in chosen:
            used |= f.cards
        melds = tuple(chosen + _sequences(hand & ~used, rules.large_weis))
        if not melds:
            continue
        sig = tuple(sorted(m.cards for m in melds))
        if sig in seen:
            continue
        seen.add(sig)
        splits.append(melds)

    def rank(split: tuple[Meld, ...]) -> tuple[int, tuple[int, int, int, int]]:
        return (sum(m.points for m in split), max(_meld_key(m, mode, trump) for m in split))

    splits.sort(key=rank, reverse=True)
    return splits


def best_split(hand: int, rules: RuleSet, mode: int = 4, trump: int = -1) -> tuple[Meld, ...]:
    """The split the engine suggests: most points, then the best single Weis."""
    opts = weis_options(hand, rules, mode, trump)
    return opts[0] if opts else ()


def weis_winner(
    declared: list[tuple[Meld, ...]] | tuple[tuple[Meld, ...], ...],
    leader: int,
    mode: int,
    trump: int,
) -> int:
    """The seat holding the best single declared Weis, or -1 if nobody declared any.

    ``declared[seat]`` is what that seat declared; ties on every other criterion go to the seat
    that comes first in playing order from ``leader``.
    """
    if not isinstance(declared, Sequence) or isinstance(declared, str) or len(declared) != 4:
        raise WeisError(f"declared must hold the four seats' splits, not {show(declared)}")
    splits = tuple(_split(d) for d in declared)
    if not is_int_in(leader, 0, 3):
        raise WeisError(f"the leader must be a seat 0..3, not {show(leader)}")
    return _weis_winner(splits, leader, *_mode_trump(mode, trump))


def _weis_winner(
    declared: tuple[tuple[Meld, ...], ...], leader: int, mode: int, trump: int
) -> int:
    best_seat = -1
    best_key: tuple[int, int, int, int, int] | None = None
    n = len(declared)
    for i in range(n):
        seat = (leader + i) % n
        for m in declared[seat]:
            k = (*_meld_key(m, mode, trump), -i)
            if best_key is None or k > best_key:
                best_key = k
                best_seat = seat
    return best_seat


def stoeck_cards(trump: int) -> int:
    """Mask of the King and Ober of ``trump`` (0 when there is no trump suit)."""
    if not is_int_in(trump, -1, 3):
        raise WeisError(f"a trump suit must be -1..3, not {show(trump)}")
    return STOECK_CARDS[trump]


#: ``STOECK_CARDS[trump]``: the King and Ober of each trump suit; index -1 (no trump) is 0.
STOECK_CARDS: Final[tuple[int, ...]] = (
    *((1 << (9 * t + 7)) | (1 << (9 * t + 6)) for t in range(4)), 0,
)


assert SUIT_MASK[0] == 0x1FF
