"""Handjass: each alone, play or drop, Striche for the best, the last one left loses.

Rules (``docs/variants/handjass.md``): two to five players (four by default), each alone. The
deal depends on how many are still at the table (five: 7 each without the Schilten 6; four: 9
each; the dealer's last card makes trumps; three: 9 each and a 9-card blind whose top card makes
trumps; two: as three with a dead hand besides). Each player plays, drops or swaps his hand for
the blind; the players in play play the tricks; the best totals get a Strich, a total under the
minimum a Nuller. A player whose net reaches the target leaves the table and the others play on
(the last one left loses), or with ``end = "first_wins"`` the first to reach it wins. The hand
is in :mod:`puur.variants.handjass_hand`, the options and the scoring in
:mod:`puur.variants.handjass_rules`, the observation in :mod:`puur.variants.handjass_view`.

Action ids (stable): 0-35 play a card; 36 keep quiet about a Weis and 37-51 declare one; 52 and
53 announce Stöck or keep quiet; 54 play, 55 drop, 56 swap, 57 maybe.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar, Final

from puur.cards import NUM_CARDS, bits, format_card, format_cards, parse_card, parse_cards
from puur.hand import IllegalActionError
from puur.variants.base import (
    ActionSpace,
    rank_sides,
)
from puur.variants.dealt import DealLineVariant
from puur.variants.handjass_hand import (
    A_PLAY,
    A_STOECK,
    NUM_ACTIONS,
    HandjassDeal,
    HandjassHand,
    check_deal,
    deal_handjass,
)
from puur.variants.handjass_rules import PRESETS, HandjassRules
from puur.variants.series import SeriesGame

__all__ = ["ACTIONS", "VARIANT", "HandjassGame", "HandjassVariant", "format_deal_line",
           "parse_deal_line"]

_WORDS: Final = ("play", "drop", "swap", "maybe")


class HandjassGame(SeriesGame[HandjassHand]):
    """A game of Handjass: hands until one player is left (or one reaches the target)."""

    def __init__(self, rules: HandjassRules | None = None, seed: int | str | None = None,
                 deals: list[HandjassDeal] | None = None) -> None:
        rules = VARIANT.check_rules(rules)
        self.rules: HandjassRules = rules
        self.seed: int | str = seed if seed is not None else random.randrange(2**63)
        self._deals: list[HandjassDeal] = list(deals or [])
        n = rules.players
        self.first_dealer: int = (self._deals[0].dealer if self._deals
                                  else random.Random(f"{self.seed}:dealer").randrange(n))
        self.rounds = []
        self._start_hand()

    @property
    def variant(self) -> HandjassVariant:
        """The Handjass variant."""
        return VARIANT

    @property
    def num_seats(self) -> int:
        """Two to five players."""
        return self.rules.players

    @property
    def sides(self) -> tuple[int, ...]:
        """Each player is a side of his own."""
        return tuple(range(self.rules.players))

    # -----------------------------------------------------------------------------------------
    # The sheet: nets, who has left and when

    def nets(self, upto: int | None = None) -> tuple[int, ...]:
        """Each player's net (Striche less Nuller) after the first ``upto`` hands (all hands so
        far, the hand in play included once it is over)."""
        net = [0] * self.rules.players
        for r in self.rounds[:upto]:
            for s, v in enumerate(r.result()):
                net[s] += v
        return tuple(net)

    def marks(self) -> tuple[tuple[int, int], ...]:
        """Each player's Striche and Nuller so far."""
        st = [0] * self.rules.players
        nu = [0] * self.rules.players
        for r in self.rounds:
            for s, (a, b) in enumerate(r.marks()):
                st[s] += a
                nu[s] += b
        return tuple(zip(st, nu, strict=True))

    def left_after(self) -> tuple[int, ...]:
        """For each player, the number of the hand after which he left the table (0: he is
        still at it). With ``first_wins`` nobody leaves."""
        out = [0] * self.rules.players
        if self.rules.end != "elimination":
            return tuple(out)
        net = [0] * self.rules.players
        for r in self.rounds:
            if not r.is_over:
                break
            for s, v in enumerate(r.result()):
                net[s] += v
            for s in r.active:
                if net[s] >= self.rules.target:
                    out[s] = r.hand_no
        return tuple(out)

    def at_table(self) -> tuple[int, ...]:
        """The players still at the table."""
        return tuple(s for s, h in enumerate(self.left_after()) if not h)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's net (the current hand included once it is over)."""
        return self.nets()

    @property
    def is_over(self) -> bool:
        """True once at most one player is left (or one reached the target: ``first_wins``)."""
        if not self.round.is_over:
            return False
        if self.rules.end == "first_wins":
            return max(self.nets()) >= self.rules.target
        return len(self.at_table()) <= 1

    def standings(self) -> tuple[int, ...]:
        """Places: with elimination the first to leave is first (in one hand the higher net
        first), those still at the table after them by net; with ``first_wins`` by net."""
        nets = self.nets()
        left = self.left_after()
        big = len(self.rounds) + 1
        return rank_sides([(h or big, -nets[s]) for s, h in enumerate(left)])

    def summary(self) -> dict[str, Any]:
        """Plain data: nets, Striche and Nuller, who left after which hand, places."""
        return {
            "variant": "handjass", "scores": list(self.scores), "hands": len(self.rounds),
            "places": list(self.standings()), "over": self.is_over,
            "marks": [list(m) for m in self.marks()], "left_after": list(self.left_after()),
        }

    # -----------------------------------------------------------------------------------------
    # Deals

    def _next_dealer(self) -> int:
        n = self.rules.players
        if not self.rounds:
            return self.first_dealer
        table = self.at_table()
        d = self.rounds[-1].dealer
        for k in range(1, n + 1):
            if (d + k) % n in table:
                return (d + k) % n
        return d

    def deal_for(self, index: int) -> HandjassDeal:
        """The deal of hand ``index``: given, played, or (for the next hand) shuffled from the
        seed for the players still at the table."""
        if index < len(self._deals):
            return self._deals[index]
        if index != len(self.rounds) or (self.rounds and not self.round.is_over):
            raise IndexError(f"hand {index + 1} is not dealt yet")
        d = deal_handjass(self.rules, f"{self.seed}:{index}", self._next_dealer(),
                          self.at_table())
        self._deals.append(d)
        return d

    def _start_hand(self) -> None:
        index = len(self.rounds)
        deal = self.deal_for(index)
        self._check_table(deal, index)
        self.rounds.append(HandjassHand(self.rules, deal, index + 1, self.nets()))

    def _check_table(self, deal: HandjassDeal, index: int) -> None:
        if not isinstance(deal, HandjassDeal):
            raise IllegalActionError(f"not a deal of this game: {deal!r}", "bad_deal")
        if index and deal.dealer != self._next_dealer():
            raise IllegalActionError(
                f"hand {index + 1} is dealt by seat {self._next_dealer()}, not {deal.dealer}",
                "bad_deal")
        if deal.active != self.at_table():
            raise IllegalActionError(
                f"hand {index + 1} is dealt to seats {list(self.at_table())}, not "
                f"{list(deal.active)}", "bad_deal")

    def _next_hand(self) -> None:
        self._start_hand()

    def _drop_hand(self) -> None:
        self.rounds.pop()

    def set_deal(self, deal: Any) -> None:
        """Replace the deal of the current hand before its first action (used by records)."""
        r = self.round
        if r.actions or self.is_over:
            raise IllegalActionError("the deal can only be set before the hand's first action")
        index = len(self.rounds) - 1
        self.rounds.pop()
        try:
            self._check_table(deal, index)
            hand = HandjassHand(self.rules, deal, index + 1, self.nets())
        except (IllegalActionError, ValueError) as e:
            self.rounds.append(r)
            raise IllegalActionError(str(e), "bad_deal") from None
        self.rounds.append(hand)
        if index == 0:
            self.first_dealer = deal.dealer
        self._deals[index:index + 1] = [deal]


# ---------------------------------------------------------------------------------------------
# Notation


def action_names() -> tuple[str, ...]:
    """The name of every action id."""
    names = [format_card(c) for c in range(NUM_CARDS)]
    names += ["weis:-"] + [f"weis:{k}" for k in range(1, 16)]
    names += ["stoeck", "stoeck:-", *(f"declare:{w}" for w in _WORDS)]
    assert len(names) == NUM_ACTIONS and names[A_STOECK] == "stoeck"
    return tuple(names)


ACTIONS: Final = ActionSpace(action_names())


def _cards(mask: int) -> str:
    return format_cards(bits(mask)) if mask else "-"


def _mask(text: str) -> int:
    text = text.strip()
    if text == "-":
        return 0
    m = 0
    for c in parse_cards(text):
        if m >> c & 1:
            raise ValueError(f"a card is named twice in {text!r}")
        m |= 1 << c
    return m


def format_deal_line(d: HandjassDeal) -> str:
    """``DEALER HAND / HAND / … ; turned CARD ; blind CARDS ; dead CARDS ; cut SEATS`` (``-``
    for a seat out of the game or an empty pile)."""
    hands = " / ".join(_cards(h) for h in d.hands)
    cut = " ".join(str(s) for s in d.cut)
    return (f"{d.dealer} {hands} ; turned {format_card(d.turned)} ; blind {_cards(d.blind)} ; "
            f"dead {_cards(d.dead)} ; cut {cut}")


def parse_deal_line(rules: HandjassRules, text: str) -> HandjassDeal:
    """Parse :func:`format_deal_line`'s text (``ValueError`` saying what is wrong)."""
    parts = [p.strip() for p in text.split(";")]
    head = parts[0].split(None, 1)
    if len(parts) != 5 or len(head) != 2 or not (head[0].isascii() and head[0].isdigit()):
        raise ValueError("a Handjass deal reads 'DEALER HAND / HAND / ... ; turned CARD ; "
                         "blind CARDS ; dead CARDS ; cut SEATS'")
    fields: dict[str, str] = {}
    for p in parts[1:]:
        key, _, rest = p.partition(" ")
        fields[key] = rest
    if set(fields) != {"turned", "blind", "dead", "cut"}:
        raise ValueError("a Handjass deal names turned, blind, dead and cut once each")
    cut = fields["cut"].split()
    if not all(x.isascii() and x.isdigit() for x in cut):
        raise ValueError(f"the cut order is seat numbers, not {fields['cut']!r}")
    deal = HandjassDeal(
        tuple(_mask(h) for h in head[1].split("/")), int(head[0]),
        parse_card(fields["turned"].strip()), _mask(fields["blind"]), _mask(fields["dead"]),
        tuple(int(x) for x in cut),
    )
    return check_deal(rules, deal)


class HandjassVariant(DealLineVariant):
    """The static description of Handjass."""

    key = "handjass"
    name = "Handjass"
    aliases = ("butzer", "schlaeger", "schläger", "sackjass", "putz")
    summary = "each alone: play or drop, Striche for the best totals, the last one left loses"
    players = (4, 2, 3, 5)
    sides_text = "each alone"
    score_name = "net Striche"
    lower_is_better = False
    options_class = HandjassRules
    preset_table = PRESETS
    deal_type = HandjassDeal
    word_ids: ClassVar[Mapping[str, int]] = {w: A_PLAY + i for i, w in enumerate(_WORDS)}

    def num_seats(self, rules: Any) -> int:
        """Two to five, as ``players`` says."""
        return int(self.check_rules(rules).players)

    def action_space(self, rules: Any) -> ActionSpace:
        """Cards, Weis, Stöck and the declaring words (the same ids under every option)."""
        return ACTIONS

    def new_game(self, rules: Any = None, seed: int | str | None = None,
                 deals: list[Any] | None = None) -> HandjassGame:
        """A new game of Handjass."""
        return HandjassGame(rules, seed, deals)

    def format_deal(self, deal: Any) -> str:
        """The dealer, the hands, the turned card, the blind, the dead hand and the cut."""
        return format_deal_line(deal)

    def parse_deal(self, rules: Any, text: str) -> HandjassDeal:
        """A deal of :func:`format_deal_line`'s form."""
        return parse_deal_line(rules, text)

    def open_piles(self, hand: Any) -> dict[str, int]:
        """The blind (after a swap: the hand put aside) and the dead hand."""
        piles = hand.piles
        return {"blind": piles[0], "dead": piles[1]} if piles else {}

    def hand_scores(self, game: Any, index: int) -> tuple[int, ...]:
        """Each player's net after hand ``index``."""
        return tuple(game.nets(index + 1))


VARIANT: Final = HandjassVariant()
