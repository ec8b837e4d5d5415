"""Answers typed in the line mode, read the way the game prints them.

A card is accepted as printed in any language the game speaks and in both deck styles
(``Schilten A``, ``Eicheln U``, ``cœur J``, ``Herz 10``, ``picche Q``), in any case, with or
without accents and umlauts (``coeur``, ``trefle``, ``Stoeck``), with the suit and rank in
either order; Swiss and French ranks may be mixed (``Rosen J`` is the Under of Rosen). So are a
contract by its printed name (``Rosen trumps``, ``atout cœur``, ``Obenabe``) or token (``H``,
``obe``), push (``push``, ``Schieben``), the Weis and Stöck answers (``yes``, ``quiet``, ``no``
or the printed labels) and the engine's own tokens (``SA``, ``choose:H``, ``weis:-``). The
numbers of the legal list are read by :mod:`puur.tui.plain`.
"""

from __future__ import annotations

import contextlib
import unicodedata
from functools import cache
from typing import Any, Final

from puur.actions import A_CHOOSE, A_PUSH, A_STOECK, A_STOECK_NO, A_WEIS
from puur.cards import DECK_STYLES
from puur.contracts import (
    CONTRACT_TOKENS,
    NUM_CONTRACTS,
    SCHIEBER_CONTRACTS,
    ContractError,
    parse_contract,
)
from puur.i18n import LANGUAGES, t
from puur.tui.moves import action_of, decode, variant_of
from puur.tui.render import contract_name, contract_way, discipline_name, suit_name
from puur.variants import Variant, get

__all__ = ["action_from_text", "card_from_name", "contract_from_text", "fold",
           "rows_from_text"]

_FOLDS: Final = (("œ", "oe"), ("æ", "ae"), ("ß", "ss"))


def fold(text: str) -> str:
    """``text`` for comparison: lower case, spaces collapsed, accents and umlauts taken off
    (``ö`` and ``oe`` both become ``o``)."""
    low = " ".join(text.casefold().split())
    for a, b in _FOLDS:
        low = low.replace(a, b)
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", low)
                    if not unicodedata.combining(ch))
    for a, b in (("ae", "a"), ("oe", "o"), ("ue", "u")):
        plain = plain.replace(a, b)
    return plain


@cache
def _suits() -> dict[str, int]:
    out: dict[str, int] = {}
    for deck in DECK_STYLES:
        for lang in LANGUAGES:
            for s in range(4):
                out[fold(suit_name(s, deck, lang))] = s
    # The French suit names in English are printed in the plural; the singular is read too.
    for s in range(4):
        out.setdefault(fold(t(f"suit.french.{s}", "en")).removesuffix("s"), s)
    return out


@cache
def _ranks() -> dict[str, int]:
    out: dict[str, int] = {}
    for style in DECK_STYLES.values():
        for r, short in enumerate(style.rank_short):
            out[fold(short)] = r
    return out


def card_from_name(text: str) -> int | None:
    """The card ``text`` names as the game prints it (``"Schilten A"``), or None."""
    words = fold(text).split()
    if len(words) != 2:
        return None
    suits, ranks = _suits(), _ranks()
    for a, b in (words, words[::-1]):
        if a in suits and b in ranks:
            return 9 * suits[a] + ranks[b]
    return None


def _labels(*keys: str) -> set[str]:
    return {fold(t(k, lang)) for k in keys for lang in LANGUAGES}


@cache
def _words() -> dict[str, dict[str, int]]:
    """Per phase: the words (folded) that name an action regardless of the position."""
    contracts: dict[str, int] = {}
    for c in range(SCHIEBER_CONTRACTS):
        for deck in DECK_STYLES:
            for lang in LANGUAGES:
                contracts[fold(contract_name(c, deck, lang))] = A_CHOOSE + c
    push = {w: A_PUSH for w in _labels("push", "push_back")
            | {"push", "schiebe", "schieben", "pass", "push back"}}
    weis_no = {w: A_WEIS for w in _labels("weis.quiet") | {"quiet", "no", "n", "-"}}
    weis_yes = {w: A_WEIS + 1 for w in {"yes", "y", "weis"}}
    st_yes = {w: A_STOECK for w in _labels("stoeck.yes") | {"yes", "y", "stock"}}
    st_no = {w: A_STOECK_NO for w in _labels("stoeck.no") | {"quiet", "no", "n", "-"}}
    return {"choose": {**contracts, **push}, "weis": {**weis_no, **weis_yes},
            "stoeck": {**st_no, **st_yes}, "contracts": contracts}


def _as_variant(action: int, variant: Variant) -> int | None:
    """A Schieber action id named by the words above, as the same action of ``variant``."""
    schieber = get("schieber")
    if variant is schieber:
        return action
    other = action_of(variant, decode(schieber, action))
    return other if other >= 0 else None


def action_from_text(text: str, obs: Any, rnd: Any) -> int | None:
    """The action ``text`` names for the seat of ``obs`` (legal or not: the caller checks and
    explains), or None when it names none. ``rnd`` is the hand in play, for engine tokens (each
    variant's record tokens: ``SA``, ``choose:H``, ``forecast:40``, ``row:3:S``, ``weis:-``)."""
    variant = variant_of(obs)
    word = text.strip()
    key = fold(word)
    words = _words()
    if key in words.get(obs.phase, {}):
        return _as_variant(words[obs.phase][key], variant)
    if key in words["contracts"]:
        return _as_variant(words["contracts"][key], variant)
    card = card_from_name(word)
    if card is not None:
        return card
    with contextlib.suppress(ValueError):
        return variant.parse_action(rnd, word)
    if obs.phase == "choose":
        with contextlib.suppress(ContractError):
            return _as_variant(A_CHOOSE + parse_contract(word), variant)
    return None


@cache
def _contracts() -> dict[str, int]:
    """Every contract of the family by its printed names (in every language and deck, with
    and without the way it starts) and its token."""
    out: dict[str, int] = {}
    for c in range(NUM_CONTRACTS):
        out[fold(CONTRACT_TOKENS[c])] = c
        for deck in DECK_STYLES:
            for lang in LANGUAGES:
                out[fold(contract_name(c, deck, lang))] = c
                out[fold(contract_way(c, deck, lang))] = c
                if c < 4:
                    out[fold(suit_name(c, deck, lang))] = c
    return out


def contract_from_text(text: str) -> int | None:
    """The contract ``text`` names (``Rosen``, ``atout cœur``, ``H``, ``Slalom``, ``unde``), or
    None."""
    return _contracts().get(fold(text))


@cache
def _disciplines() -> dict[str, str]:
    out: dict[str, str] = {}
    for d in DISCIPLINE_WORDS:
        out[fold(d)] = d
        for deck in DECK_STYLES:
            for lang in LANGUAGES:
                out[fold(discipline_name(d, deck, lang))] = d
    return out


#: The disciplines a score sheet's row may have (their tokens).
DISCIPLINE_WORDS: Final = (*CONTRACT_TOKENS[:6], "free", "slalom", "guschti", "misere")


def rows_from_text(text: str, obs: Any) -> tuple[list[int], int]:
    """The rows of the sheet ``text`` names and the contract it names with them (-1 for
    none): a row's number (``7``), a discipline (``Schilten``, ``free``: every row of it, open
    or written) or both with a way to play it (``7 Rosen``, ``7 H``); ``([], -1)`` when it
    names no row."""
    words = text.split()
    if not words:
        return [], -1
    contract = -1
    if len(words) > 1:
        c = contract_from_text(" ".join(words[1:]))
        if c is None:
            return [], -1
        contract = c
    head = words[0]
    if head.isascii() and head.isdigit():
        return [int(head) - 1], contract
    if len(words) > 1:
        return [], -1
    d = _disciplines().get(fold(text))
    if d is None:
        return [], -1
    return [r for r, (disc, _m) in enumerate(obs.sheet_rows) if disc == d], -1
