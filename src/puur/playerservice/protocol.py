"""The course kit's game observation, read into a Puur Schieber hand, and Puur's answers written
back in the kit's encoding.

The kit numbers its seats North 0, East 1, South 2, West 3 and plays counter-clockwise
(0 → 3 → 2 → 1); Puur plays 0 → 1 → 2 → 3. Seat ``k`` of the kit is Puur's seat ``-k mod 4``
(the map is its own inverse): both keep the partners 0/2 and 1/3 together. A card of the kit
is a suit letter (``D H S C``, the same order as Puur's suits) and a rank (``A K Q J 10 9 8 7
6``); a contract is 0-3 for the suits, 4 Obenabe, 5 Undenufe (Puur's numbers), and 10 is a
push. The kit plays Schieber without Weis, Stöck or Match bonus, and with neither a push back
nor multipliers: Puur's ``bare`` preset.

:func:`read_observation` checks the JSON and replays it into a :class:`~puur.round.Round`: the
seat's own cards through the checked ``push``, and then the whole hand again from a deal that
the other seats' cards can have come from (drawn by :class:`~puur.bots.sampler.DealSampler`),
so a history no legal play gives is refused. Anything wrong raises :class:`KitError` with a
message and an HTTP status.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Final

from puur.actions import A_CHOOSE, A_PUSH
from puur.bots.cardpool import InconsistentDealError
from puur.bots.sampler import DealSampler, determinize
from puur.contracts import MODES, POINTS
from puur.observation import Observation
from puur.round import IllegalActionError, Round
from puur.rules import PRESETS, RuleSet

__all__ = [
    "FORMAT_VERSION",
    "KIT_PUSH",
    "KIT_RULES",
    "KitError",
    "KitRequest",
    "answer_card",
    "answer_trump",
    "card_from_kit",
    "card_to_kit",
    "read_observation",
    "seat_from_kit",
    "seat_to_kit",
]

FORMAT_VERSION: Final = "V0.2"
"""The observation format the kit sends (its ``version`` field)."""
KIT_PUSH: Final = 10
"""The kit's number for a push."""
KIT_RULES: Final[RuleSet] = PRESETS["bare"]
"""The kit's Schieber: no Weis, no Stöck, no Match bonus, 5 for the last trick."""

_SUITS: Final = "DHSC"
_RANKS: Final = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")  # Puur's rank order 0..8


class KitError(ValueError):
    """A request the service cannot answer; ``status`` is the HTTP status to send."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def seat_from_kit(seat: int) -> int:
    """Puur's seat of the kit's seat ``seat``: the kit plays counter-clockwise."""
    return -seat % 4


def seat_to_kit(seat: int) -> int:
    """The kit's seat of Puur's seat ``seat`` (the same map)."""
    return -seat % 4


def card_to_kit(card: int) -> str:
    """Puur's card 0..35 as the kit writes it: ``HA``, ``S10``, ``C6``."""
    suit, rank = divmod(card, 9)
    return _SUITS[suit] + _RANKS[rank]


_FROM_KIT: Final = {card_to_kit(c): c for c in range(36)}


def card_from_kit(text: object) -> int:
    """Puur's card of the kit's card text; :class:`KitError` for anything else."""
    card = _FROM_KIT.get(text) if isinstance(text, str) else None
    if card is None:
        raise KitError(f"not a card: {_show(text)} (a suit D H S C and a rank A K Q J 10 9 8 "
                       "7 6, e.g. 'HA', 'S10')")
    return card


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _int(data: dict[str, Any], key: str, low: int, high: int) -> int:
    if key not in data:
        raise KitError(f"the observation has no {key!r}")
    value = data[key]
    if type(value) is not int or not low <= value <= high:
        raise KitError(f"{key!r} must be a whole number {low}..{high}, not {_show(value)}")
    return value


@dataclass(frozen=True)
class KitRequest:
    """An observation of the kit, read and checked: Puur's observation of the seat to act."""

    observation: Observation
    kit_seat: int

    @property
    def phase(self) -> str:
        """``choose`` (the trump request) or ``play`` (the card request)."""
        return self.observation.phase


@dataclass(frozen=True)
class _Trick:
    cards: tuple[int, ...]
    first: int | None  # Puur's seat
    win: int | None  # Puur's seat
    points: int | None


def _read_tricks(raw: object, trump: int) -> list[_Trick]:
    if not isinstance(raw, list) or len(raw) > 9:
        raise KitError("'tricks' must be a list of at most 9 tricks")
    tricks: list[_Trick] = []
    for i, t in enumerate(raw):
        if not isinstance(t, dict):
            raise KitError(f"trick {i + 1} must be an object")
        cards_raw = t.get("cards", [])
        if not isinstance(cards_raw, list) or len(cards_raw) > 4:
            raise KitError(f"trick {i + 1}: 'cards' must be a list of at most 4 cards")
        first = win = points = None
        if "first" in t:
            first = seat_from_kit(_int(t, "first", 0, 3))
        if "win" in t:
            win = seat_from_kit(_int(t, "win", 0, 3))
        if "points" in t:
            points = _int(t, "points", 0, 157)
        tricks.append(_Trick(tuple(card_from_kit(c) for c in cards_raw), first, win, points))
    played = [len(t.cards) for t in tricks]
    # Whole tricks, then at most one that is under way (or only names its first player).
    for i, n in enumerate(played):
        if n < 4 and i != len(played) - 1:
            raise KitError(f"trick {i + 1} has {n} cards but another trick follows it")
    if trump < 0 and any(played):
        raise KitError("cards are played but no trump is declared")
    return tricks


def _hand(raw: object, view: int) -> int:
    if not isinstance(raw, list) or len(raw) != 4:
        raise KitError("'player' must be a list of the four seats' data")
    hand = 0
    for k, entry in enumerate(raw):
        if not isinstance(entry, dict):
            raise KitError(f"'player' entry {k} must be an object")
        cards = entry.get("hand", [])
        if not isinstance(cards, list) or len(cards) > 9:
            raise KitError(f"the hand of seat {k} must be a list of at most 9 cards")
        if cards and k != view:
            raise KitError(f"the observation shows the hand of seat {k}, not only the "
                           f"playerView's ({view})")
        for c in cards:
            card = card_from_kit(c)
            if hand >> card & 1:
                raise KitError(f"{c} is twice in the hand")
            hand |= 1 << card
    return hand


def read_observation(data: object) -> KitRequest:
    """Read the kit's observation ``data`` (the request's decoded JSON) into the observation of
    the seat that is to act. :class:`KitError` (status 400) for a malformed or impossible
    observation, status 409 when it is not the viewing seat's turn."""
    if not isinstance(data, dict):
        raise KitError("the body must be a JSON object (the kit's game observation)")
    if data.get("version") != FORMAT_VERSION:
        raise KitError(f"'version' must be {FORMAT_VERSION!r}, not {_show(data.get('version'))}")
    kind = data.get("jassTyp", "SCHIEBER")
    if not isinstance(kind, str) or not kind.startswith("SCHIEBER"):
        raise KitError(f"only Schieber is served, not 'jassTyp' {_show(kind)}")
    dealer = _int(data, "dealer", 0, 3)
    current = _int(data, "currentPlayer", -1, 3)
    view = _int(data, "playerView", 0, 3)
    trump = _int(data, "trump", -1, 5)
    forehand_flag = _int(data, "forehand", -1, 1)
    if (trump >= 0 and forehand_flag < 0) or (trump < 0 and forehand_flag == 1):
        raise KitError(f"'trump' {trump} and 'forehand' {forehand_flag} do not fit together "
                       "(forehand is 1 or 0 once trump is declared, 0 after a push)")
    tricks = _read_tricks(data.get("tricks"), trump)
    hand = _hand(data.get("player"), view)
    seat, forehand = seat_from_kit(view), seat_from_kit((dealer - 1) % 4)
    played = [c for t in tricks for c in t.cards]
    seen = hand
    for c in played:
        if seen >> c & 1:
            raise KitError(f"{card_to_kit(c)} is played twice or played and still held")
        seen |= 1 << c
    if current != view:
        raise KitError(f"it is not the turn of seat {view} ('currentPlayer' is {current})", 409)
    rnd = _replay(seat, hand, forehand, forehand_flag, trump, tricks)
    if rnd.to_move != seat or rnd.phase not in ("choose", "play"):
        raise KitError(f"it is not the turn of seat {view} in this state", 409)
    obs = rnd.observation(seat)
    try:
        hands = DealSampler(obs).sample(random.Random(0))
        obs = determinize(obs, hands, strict=True).observation(seat)
    except InconsistentDealError:
        raise KitError("no deal lets the other seats play these cards legally") from None
    return KitRequest(obs, view)


def _replay(seat: int, hand: int, forehand: int, forehand_flag: int, trump: int,
            tricks: list[_Trick]) -> Round:
    """The hand replayed from a deal in which every other seat holds the cards it played (and
    unseen cards to fill nine); the seat's own cards are checked as they are played."""
    leaders: list[int] = []
    owners: dict[int, int] = {}
    for i, t in enumerate(tricks):
        lead = t.first if t.first is not None else (forehand if i == 0 else None)
        if lead is None:
            if t.cards:
                raise KitError(f"trick {i + 1} does not say who played first ('first')")
            continue
        leaders.append(lead)
        for k, c in enumerate(t.cards):
            owners[c] = (lead + k) % 4
    initial = [0, 0, 0, 0]
    initial[seat] = hand
    for c, s in owners.items():
        initial[s] |= 1 << c
    if initial[seat].bit_count() != 9:
        raise KitError(f"the hand and the cards the seat played are "
                       f"{initial[seat].bit_count()} cards, not 9")
    unseen = [c for c in range(36) if not any(h >> c & 1 for h in initial)]
    for s in range(4):
        while initial[s].bit_count() < 9 and unseen:
            initial[s] |= 1 << unseen.pop()
    if any(h.bit_count() != 9 for h in initial):
        raise KitError("a seat has played more than nine cards")
    rnd = Round(KIT_RULES, initial, forehand)
    if forehand_flag == 0:
        rnd.push(A_PUSH)
    if trump >= 0:
        rnd.push(A_CHOOSE + trump)
    for i, t in enumerate(tricks):
        if t.first is not None and t.first != rnd.to_move and rnd.phase == "play":
            raise KitError(f"trick {i + 1}: seat {seat_to_kit(rnd.to_move)} leads it, not "
                           f"seat {seat_to_kit(t.first)} ('first')")
        for c in t.cards:
            if rnd.to_move == seat:
                try:
                    rnd.push(c)
                except IllegalActionError:
                    raise KitError(f"trick {i + 1}: seat {seat_to_kit(seat)} may not play "
                                   f"{card_to_kit(c)} there") from None
            else:
                rnd.push_unchecked(c)
        if len(t.cards) == 4:
            winner = rnd.trick_winners[-1]
            if t.win is not None and t.win != winner:
                raise KitError(f"trick {i + 1}: seat {seat_to_kit(winner)} wins it, not seat "
                               f"{seat_to_kit(t.win)} ('win')")
            mode = MODES[rnd.contract][i]
            pts = sum(POINTS[mode][c] for c in t.cards) + (KIT_RULES.last_trick_bonus
                                                           if i == 8 else 0)
            if t.points is not None and t.points != pts:
                raise KitError(f"trick {i + 1} is worth {pts} points, not {t.points} "
                               "('points')")
    return rnd


def answer_trump(action: int) -> int:
    """The kit's answer to a trump request for Puur's ``action``: 0-5 or 10 (push)."""
    if action == A_PUSH:
        return KIT_PUSH
    if A_CHOOSE <= action < A_CHOOSE + 6:
        return action - A_CHOOSE
    raise KitError(f"the player answered {action}, which the kit cannot take", 500)


def answer_card(action: int) -> str:
    """The kit's answer to a card request for Puur's ``action`` (a card 0..35)."""
    if type(action) is int and 0 <= action < 36:
        return card_to_kit(action)
    raise KitError(f"the player answered {action}, which is not a card", 500)
