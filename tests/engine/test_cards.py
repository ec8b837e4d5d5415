"""Cards, card sets, deck styles and card/contract notation (rule book §1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puur.cards import (
    ALL_CARDS,
    DECK_STYLES,
    FRENCH,
    SWISS,
    CardError,
    CardSet,
    Rank,
    Suit,
    bits,
    card_of,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)
from puur.contracts import (
    CONTRACT_TOKENS,
    NUM_CONTRACTS,
    ContractError,
    format_contract,
    parse_contract,
)


def test_every_card_round_trips() -> None:
    seen = set()
    for c in range(36):
        tok = format_card(c)
        assert parse_card(tok) == c and parse_card(tok.lower()) == c
        assert card_of(suit_of(c), rank_of(c)) == c
        seen.add(tok)
    assert len(seen) == 36


@pytest.mark.parametrize(
    ("token", "canonical"),
    [("HJ", "HJ"), ("JH", "HJ"), ("hu", "HJ"), ("♥J", "HJ"), ("♥U", "HJ"), ("10♦", "DT"),
     ("DB", "DT"), ("h10", "HT"), ("SO", "SQ"), (" CA ", "CA"), ("♣6", "C6"), ("♢K", "DK")],
)
def test_aliases(token: str, canonical: str) -> None:
    assert format_card(parse_card(token)) == canonical


@pytest.mark.parametrize("token", ["", "X7", "D5", "D1", "DD", "7", "H", "HJJ", "D 7", "11H", "♥"])
def test_bad_tokens(token: str) -> None:
    with pytest.raises(CardError, match="bad card token"):
        parse_card(token)


def test_card_lists_and_sets() -> None:
    assert parse_cards("D7, HJ  SA") == [1, 14, 26]
    s = CardSet.from_text("SA D7 HJ")
    assert str(s) == "D7 HJ SA" and list(s) == [1, 14, 26] and len(s) == 3
    assert eval(repr(s), {"CardSet": CardSet}) == s
    with pytest.raises(CardError, match="repeated"):
        CardSet.from_text("D7 D7")
    full = CardSet.full()
    assert len(full) == 36 and full.bits == ALL_CARDS
    assert (full - s) | s == full and (full & s) == s and (full ^ s) == full - s
    assert len(full.suit(Suit.ROSEN)) == 9
    assert 14 in s and 15 not in s and "HJ" not in s
    with pytest.raises(CardError):
        CardSet(1 << 36)
    with pytest.raises(CardError):
        CardSet.of([36])
    with pytest.raises(AttributeError):
        s.bits = 0  # type: ignore[misc]
    assert bits(0) == [] and format_cards([]) == ""
    with pytest.raises(CardError):
        format_card(36)
    with pytest.raises(CardError):
        card_of(4, 0)


def test_natural_order_is_rank_index() -> None:
    assert [r.name for r in Rank] == [
        "SIX", "SEVEN", "EIGHT", "NINE", "TEN", "UNDER", "OBER", "KING", "ACE",
    ]
    assert rank_of(parse_card("HA")) == Rank.ACE and suit_of(parse_card("CA")) == Suit.EICHELN


def test_deck_styles() -> None:
    assert set(DECK_STYLES) == {"swiss", "french", "salzburg"}
    # The double-index pairing: Schellen = diamonds, Rosen = hearts, Schilten = spades,
    # Eicheln = clubs.
    assert SWISS.suit_names == ("Schellen", "Rosen", "Schilten", "Eicheln")
    assert FRENCH.suit_symbols == ("♦", "♥", "♠", "♣")
    hj = parse_card("HJ")
    assert SWISS.card_name(hj) == "Rosen Under" and FRENCH.card_name(hj) == "hearts jack"
    assert FRENCH.card_label(hj) == "♥J"
    for style in DECK_STYLES.values():
        assert len(style.rank_names) == 9 and len(set(style.suit_names)) == 4


def test_contract_tokens_round_trip() -> None:
    for c, tok in enumerate(CONTRACT_TOKENS):
        assert format_contract(c) == tok and parse_contract(tok) == c
    assert parse_contract("Rosen") == 1 and parse_contract("obenabe") == 4
    assert parse_contract("♠") == 2 and parse_contract("misère") == 6
    with pytest.raises(ContractError, match="unknown contract"):
        parse_contract("trumpf")
    with pytest.raises(ContractError):
        format_contract(NUM_CONTRACTS)  # one past the last contract of the family


@given(st.integers(min_value=0, max_value=ALL_CARDS))
def test_card_sets_round_trip(mask: int) -> None:
    s = CardSet(mask)
    assert CardSet.from_text(str(s)) == s
    assert CardSet.of(iter(s)) == s and len(s) == mask.bit_count()
    assert parse_cards(format_cards(s)) == list(s)
