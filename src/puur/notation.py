"""Text notation for actions, deals and positions, with parse/format round-trips.

Cards are written as in :mod:`puur.cards` (``D7``, ``HJ``, ``ST``). Actions:

==================  ===============================================================
``D7``              play that card
``choose:H``        choose a contract (``D H S C obe unde misere slalom slalom-unde``)
``push``            schiebe (or push back)
``weis:-``          keep quiet about one's Weis
``weis:H6.H7.H8``   declare melds, cards joined by ``.``, melds by ``/``
``stoeck``          announce Stöck; ``stoeck:-`` keep quiet
==================  ===============================================================

A *deal* is the four hands, seat 0 first, separated by ``/``. A *position* is everything needed
to rebuild a hand: ``<forehand> | <deal> | <actions>``, e.g.
``0 | D6 D7 … / … / … / … | push choose:H weis:- D7``.

Every parser raises :class:`NotationError` (a ``ValueError``) naming the bad token.
"""

from __future__ import annotations

from puur._checks import is_int_in, show
from puur.actions import A_CHOOSE, A_PUSH, A_STOECK, A_STOECK_NO, A_WEIS, NUM_ACTIONS
from puur.cards import CardError, bits, format_card, format_cards, parse_card, parse_cards
from puur.contracts import ContractError, format_contract, parse_contract
from puur.round import IllegalActionError, Round
from puur.rules import RuleSet, rules_or_default

__all__ = [
    "NotationError",
    "format_action",
    "format_deal",
    "format_position",
    "parse_action",
    "parse_deal",
    "parse_position",
]


class NotationError(ValueError):
    """A token or string of the notation could not be understood."""


def _round(rnd: object) -> Round:
    if not isinstance(rnd, Round):
        raise NotationError(f"not a Round: {show(rnd)}")
    return rnd


def _text(text: object, what: str) -> str:
    if not isinstance(text, str):
        raise NotationError(f"{what} must be a string, not {show(text)}")
    return text


def format_action(rnd: Round, action: int) -> str:
    """The token of ``action`` in the state of ``rnd`` (before the action is pushed)."""
    _round(rnd)
    if not is_int_in(action, 0, NUM_ACTIONS - 1):
        raise NotationError(f"not an action: {show(action)}")
    if action < A_CHOOSE:
        return format_card(action)
    if action < A_PUSH:
        return "choose:" + format_contract(action - A_CHOOSE)
    if action == A_PUSH:
        return "push"
    if action == A_STOECK:
        return "stoeck"
    if action == A_STOECK_NO:
        return "stoeck:-"
    k = action - A_WEIS
    if k == 0:
        return "weis:-"
    opts = rnd.weis_options(rnd.to_move)
    if not 0 < k <= len(opts):
        raise NotationError(f"no Weis option {k} for seat {rnd.to_move}")
    return "weis:" + "/".join(".".join(format_card(c) for c in m.card_list()) for m in opts[k - 1])


def parse_action(rnd: Round, token: str) -> int:
    """The action a token names in the state of ``rnd``; it is not checked for legality,
    except that a declared Weis must be one of the splits the seat may declare."""
    _round(rnd)
    t = _text(token, "an action token").strip()
    low = t.lower()
    if low == "push":
        return A_PUSH
    if low == "stoeck":
        return A_STOECK
    if low in ("stoeck:-", "stoeck:no"):
        return A_STOECK_NO
    if low.startswith("choose:"):
        try:
            return A_CHOOSE + parse_contract(t[7:])
        except ContractError as e:
            raise NotationError(f"bad action {show(token)}: {e}") from None
    if low.startswith("weis:"):
        body = t[5:]
        if body in ("-", ""):
            return A_WEIS
        try:
            wanted = sorted(
                sum(1 << c for c in parse_cards(m.replace(".", " "))) for m in body.split("/")
            )
        except CardError as e:
            raise NotationError(f"bad action {show(token)}: {e}") from None
        for k, split in enumerate(rnd.weis_options(rnd.to_move), start=1):
            if sorted(m.cards for m in split) == wanted:
                return A_WEIS + k
        raise NotationError(
            f"bad action {show(token)}: seat {rnd.to_move} cannot declare that Weis")
    try:
        return parse_card(t)
    except CardError:
        raise NotationError(
            f"bad action {show(token)}: expected a card, push, choose:X, weis:…, or stoeck"
        ) from None


def format_deal(hands: tuple[int, ...] | list[int]) -> str:
    """Four hands, seat 0 first, separated by ``/``."""
    if not isinstance(hands, list | tuple) or len(hands) != 4:
        raise NotationError(f"a deal is four card masks, not {show(hands)}")
    try:
        return " / ".join(format_cards(bits(h)) for h in hands)
    except CardError as e:
        raise NotationError(f"bad deal: {e}") from None


def parse_deal(text: str) -> tuple[int, ...]:
    """Parse four hands of nine cards with every card once."""
    parts = _text(text, "a deal").split("/")
    if len(parts) != 4:
        raise NotationError(f"a deal has four hands separated by '/', got {len(parts)}")
    hands: list[int] = []
    seen = 0
    for i, p in enumerate(parts):
        try:
            cards = parse_cards(p)
        except CardError as e:
            raise NotationError(f"hand of seat {i}: {e}") from None
        m = 0
        for c in cards:
            m |= 1 << c
        if len(cards) != 9 or m.bit_count() != 9:
            raise NotationError(f"hand of seat {i} must hold nine different cards")
        if m & seen:
            raise NotationError(f"hand of seat {i} repeats a card of another hand")
        seen |= m
        hands.append(m)
    return tuple(hands)


def format_position(rnd: Round) -> str:
    """The position string of ``rnd``: forehand, deal and the actions so far."""
    _round(rnd)
    replay = Round(rnd.rules, rnd.initial_hands, rnd.forehand)
    toks: list[str] = []
    for a in rnd.actions:
        toks.append(format_action(replay, a))
        replay.push(a)
    return f"{rnd.forehand} | {format_deal(rnd.initial_hands)} | {' '.join(toks)}".rstrip()


def parse_position(text: str, rules: RuleSet | None = None) -> Round:
    """Rebuild a :class:`Round` from a position string; illegal actions are reported."""
    rules = rules_or_default(rules, NotationError)
    parts = _text(text, "a position").split("|")
    if len(parts) not in (2, 3):
        raise NotationError("a position is '<forehand> | <deal> | <actions>'")
    fh = parts[0].strip()
    if fh not in ("0", "1", "2", "3"):
        raise NotationError(f"forehand must be a seat 0..3, not {show(fh)}")
    rnd = Round(rules, parse_deal(parts[1]), int(fh))
    for tok in (parts[2].split() if len(parts) == 3 else []):
        a = parse_action(rnd, tok)
        try:
            rnd.push(a)
        except IllegalActionError as e:
            raise NotationError(f"action {show(tok)}: {e}") from None
    return rnd
