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
from typing import Final

from puur.actions import A_CHOOSE, A_PUSH, A_STOECK, A_STOECK_NO, A_WEIS
from puur.cards import DECK_STYLES
from puur.contracts import SCHIEBER_CONTRACTS, ContractError, parse_contract
from puur.i18n import LANGUAGES, t
from puur.notation import NotationError, parse_action
from puur.observation import Observation
from puur.round import Round
from puur.tui.render import contract_name, suit_name

__all__ = ["action_from_text", "card_from_name", "fold"]

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


def action_from_text(text: str, obs: Observation, rnd: Round) -> int | None:
    """The action ``text`` names for the seat of ``obs`` (legal or not: the caller checks and
    explains), or None when it names none. ``rnd`` is the hand in play, for engine tokens."""
    word = text.strip()
    key = fold(word)
    words = _words()
    if key in words.get(obs.phase, {}):
        return words[obs.phase][key]
    if key in words["contracts"]:
        return words["contracts"][key]
    card = card_from_name(word)
    if card is not None:
        return card
    with contextlib.suppress(NotationError):
        return parse_action(rnd, word)
    if obs.phase == "choose":
        with contextlib.suppress(ContractError):
            return A_CHOOSE + parse_contract(word)
    return None
