"""A referee that speaks the course kit's player protocol, written from its description: seats
North 0, East 1, South 2, West 3 playing counter-clockwise (the next player of seat k is
k - 1), cards as suit letter and rank (``DA`` … ``C6``), trump 0-5 and 10 for a push, and the
observation JSON (version V0.2) with ``tricks`` (cards in order, ``first``, and for whole tricks
``win`` and ``points``) and ``player`` (only the viewing seat's hand).

A shadow Puur round, reached through this file's own tables (not the service's), judges
whether every answer is legal."""

from __future__ import annotations

import random
from typing import Any

from puur.actions import A_CHOOSE, A_PUSH
from puur.cards import parse_card
from puur.round import Round
from puur.rules import PRESETS

KIT_CARDS = [s + r for s in "DHSC" for r in ("A", "K", "Q", "J", "10", "9", "8", "7", "6")]
#: Puur's seat of each kit seat: the kit's North, East, South, West.
PUUR_SEAT = {0: 0, 1: 3, 2: 2, 3: 1}
KIT_SEAT = {v: k for k, v in PUUR_SEAT.items()}
PUSH = 10


def puur_card(kit: str) -> int:
    return parse_card(kit.replace("10", "T"))


def kit_card(card: int) -> str:
    return next(k for k in KIT_CARDS if puur_card(k) == card)


def card_value(card: str, trump: int, last: bool = False) -> int:
    """The kit's points of one card (without the last trick's 5)."""
    suit, rank = "DHSC".index(card[0]), card[1:]
    plain = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
    if trump < 4:
        table = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3} if suit == trump else plain
    elif trump == 4:
        table = {**plain, "8": 8}
    else:
        table = {**plain, "8": 8, "6": 11, "A": 0}
    return table.get(rank, 0)


class KitTable:
    """One hand as the kit's arena plays it, asking ``ask(kind, observation)`` for each
    decision (``kind`` ``trump`` or ``card``)."""

    def __init__(self, rng: random.Random, dealer: int) -> None:
        deck = KIT_CARDS[:]
        rng.shuffle(deck)
        self.hands = [deck[9 * k:9 * k + 9] for k in range(4)]
        self.dealer = dealer
        self.player = (dealer - 1) % 4
        self.trump = -1
        self.forehand = -1
        self.tricks: list[dict[str, Any]] = []
        puur_hands = [0, 0, 0, 0]
        for k in range(4):
            for c in self.hands[k]:
                puur_hands[PUUR_SEAT[k]] |= 1 << puur_card(c)
        self.shadow = Round(PRESETS["bare"], puur_hands, PUUR_SEAT[self.player])

    def observation(self, view: int | None = None) -> dict[str, Any]:
        view = self.player if view is None else view
        return {
            "version": "V0.2", "trump": self.trump, "dealer": self.dealer,
            "currentPlayer": self.player, "playerView": view, "forehand": self.forehand,
            "tricks": [dict(t, cards=list(t["cards"])) for t in self.tricks],
            "player": [{"hand": list(self.hands[k]) if k == view else []} for k in range(4)],
            "jassTyp": "SCHIEBER", "gameId": 0,
        }

    def legal_trumps(self) -> list[int]:
        return [*range(6), *([PUSH] if self.forehand == -1 else [])]

    def legal_cards(self) -> list[str]:
        return [kit_card(a) for a in self.shadow.legal_actions()]

    def declare(self, trump: int) -> None:
        assert trump in self.legal_trumps(), trump
        if trump == PUSH:
            self.forehand = 0
            self.player = (self.player + 2) % 4
            self.shadow.push(A_PUSH)
            return
        if self.forehand == -1:
            self.forehand = 1
        self.trump = trump
        self.player = (self.dealer - 1) % 4
        self.tricks.append({"cards": [], "first": self.player})
        self.shadow.push(A_CHOOSE + trump)

    def play(self, card: str) -> None:
        assert card in self.legal_cards(), (card, self.legal_cards())
        self.hands[self.player].remove(card)
        trick = self.tricks[-1]
        trick["cards"].append(card)
        self.shadow.push(puur_card(card))
        if len(trick["cards"]) < 4:
            self.player = (self.player - 1) % 4
            return
        last = len(self.tricks) == 9
        trick["points"] = sum(card_value(c, self.trump) for c in trick["cards"]) + 5 * last
        trick["win"] = KIT_SEAT[self.shadow.trick_winners[-1]]
        self.player = trick["win"] if not last else -1
        if not last:
            self.tricks.append({"cards": [], "first": self.player})

    @property
    def done(self) -> bool:
        return len(self.tricks) == 9 and len(self.tricks[-1]["cards"]) == 4

    def play_hand(self, ask: Any) -> None:
        while self.trump < 0:
            self.declare(ask("trump", self.observation()))
        while not self.done:
            self.play(ask("card", self.observation()))
