"""Schaffhauser (Fischenthaler): a König alone against two for a whole game, a series of three.

Rules (``docs/variants/schaffhauser.md``, rule book §2.13): three players, twelve cards each.
The König of a game deals its first hand, then the deal passes round; the dealer's last card
gives trumps every hand. The König may decline a hand before its first card (the Bauern write
257 and their Stöck); otherwise the hand is played as Schieber's. Scores accumulate over the
hands of the game: the König needs 350, the Bauern 1000, and the first side to reach its figure
wins at once. The next game's König is the seat after, so that in a series of three games each
player is König once; the series ranks the players by the games they won.

One :class:`SchaffhauserGame` is the whole series: its :attr:`~SchaffhauserGame.rounds` are the
hands of every game in order, and a record holds them all.

The options, presets and action ids are in :mod:`puur.variants.schaffhauser_rules`, one hand in
:mod:`puur.variants.schaffhauser_hand`, the observation in :mod:`puur.variants.schaffhauser_view`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, ClassVar, Final

from puur.cards import NUM_CARDS, bits, format_card, format_cards, parse_card, parse_cards
from puur.variants.base import (
    ActionSpace,
    rank_sides,
)
from puur.variants.bieter_rules import add_hand
from puur.variants.dealt import DealLineVariant
from puur.variants.schaffhauser_hand import (
    SchaffhauserDeal,
    SchaffhauserHand,
    check_deal,
    deal_schaffhauser,
)
from puur.variants.schaffhauser_rules import (
    A_ACCEPT,
    A_DECLINE,
    A_STOECK,
    NUM_ACTIONS,
    PLAYERS,
    PRESETS,
    SchaffhauserRules,
    series_points,
    series_wins,
)
from puur.variants.series import DealtSeries

__all__ = ["ACTIONS", "VARIANT", "SchaffhauserGame", "SchaffhauserVariant",
           "format_deal_line", "parse_deal_line"]


class SchaffhauserGame(DealtSeries[SchaffhauserHand]):
    """A series of Schaffhauser: three games (``rounds`` times three), each player König once
    a round. The first König is drawn from the seed (or is the first deal's dealer)."""

    def __init__(self, rules: SchaffhauserRules | None = None, seed: int | str | None = None,
                 deals: list[SchaffhauserDeal] | None = None) -> None:
        rules = VARIANT.check_rules(rules)
        self.rules: SchaffhauserRules = rules
        self._start_series(seed, deals, PLAYERS, None, (0, 0))

    @property
    def variant(self) -> SchaffhauserVariant:
        """The Schaffhauser variant."""
        return VARIANT

    @property
    def num_seats(self) -> int:
        """Always three."""
        return PLAYERS

    @property
    def sides(self) -> tuple[int, ...]:
        """Every player keeps a series score of his own."""
        return tuple(range(PLAYERS))

    # -----------------------------------------------------------------------------------------
    # The hands

    def _dealer_of(self, index: int) -> int:
        if index == 0:
            return self.first_dealer
        prev = self.rounds[index - 1]
        if prev.winner >= 0:
            return (prev.koenig + 1) % PLAYERS  # the next König deals his game's first hand
        return (prev.dealer + 1) % PLAYERS

    def deal_for(self, index: int) -> Any:
        """The deal of hand ``index`` (given, or shuffled from the seed once the hand before it
        is over: who deals depends on whether that hand ended a game)."""
        if index < len(self._deals):
            return self._deals[index]
        if index > len(self.rounds):
            raise ValueError(f"hand {index + 1} is not dealt yet")
        d = self._deal(f"{self.seed}:{index}", self._dealer_of(index))
        self._deals.append(d)
        return d

    def _deal(self, seed: str, dealer: int) -> SchaffhauserDeal:
        return deal_schaffhauser(seed, dealer)

    def _make_hand(self, deal: Any, hand_no: int, totals: tuple[int, ...]) -> SchaffhauserHand:
        prev = self.rounds[hand_no - 2] if hand_no > 1 else None
        if prev is None:
            return SchaffhauserHand(self.rules, deal, hand_no)
        if prev.winner >= 0:
            return SchaffhauserHand(self.rules, deal, hand_no, (prev.koenig + 1) % PLAYERS,
                                    (0, 0), prev.game_no + 1, prev.series())
        return SchaffhauserHand(self.rules, deal, hand_no, prev.koenig,
                                add_hand(prev.totals, prev.team_points), prev.game_no, prev.past)

    def _is_deal(self, deal: object) -> bool:
        return isinstance(deal, SchaffhauserDeal)

    @property
    def is_over(self) -> bool:
        """True once the last game of the series has a winner."""
        r = self.round
        return r.winner >= 0 and r.game_no >= self.rules.games

    # -----------------------------------------------------------------------------------------
    # The score sheet

    @property
    def koenig(self) -> int:
        """The König of the game in play (of the last game once the series is over)."""
        return self.round.koenig

    @property
    def game_no(self) -> int:
        """The game of the series in play (1-based)."""
        return self.round.game_no

    def columns(self) -> tuple[int, int]:
        """The (König, Bauern) columns of the game in play, the hand in play included."""
        r = self.round
        return add_hand(r.totals, r.team_points)

    def games(self) -> tuple[tuple[int, int, int, int], ...]:
        """The games over so far: (König, winning side: 0 the König, 1 the Bauern, the König's
        final column, the Bauern's) each."""
        return self.round.series()

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's series score: the games won (``ranking`` says which count)."""
        return series_wins(self.games(), self.rules.ranking)

    @property
    def winning_side(self) -> int:
        """The side that won the game in play or just over (0 the König, 1 the Bauern), -1
        while it runs."""
        return self.round.winner

    def standings(self) -> tuple[int, ...]:
        """Places by the series score (equal scores share); while a game runs, a tie is broken
        by how far each player's column of that game has come towards its target."""
        wins = self.scores
        if self.is_over:
            return rank_sides([-w for w in wins])
        r = self.round
        k, b = self.columns()
        progress = (k / r.targets[0], b / r.targets[1])
        return rank_sides([(-wins[s], -progress[r.team(s)]) for s in range(PLAYERS)])

    def summary(self) -> dict[str, Any]:
        """Plain data: the König, both columns and targets, the games of the series, places."""
        r = self.round
        return {
            "variant": "schaffhauser", "koenig": r.koenig, "game_no": r.game_no,
            "games": self.rules.games, "columns": list(self.columns()),
            "targets": list(r.targets), "seat_columns": list(series_points(self.columns(),
                                                                           r.koenig)),
            "series": [{"koenig": k, "won": w, "columns": [kc, bc]}
                       for k, w, kc, bc in self.games()],
            "scores": list(self.scores), "hands": len(self.rounds),
            "places": list(self.standings()), "over": self.is_over,
            "winning_side": self.winning_side,
        }


# ---------------------------------------------------------------------------------------------
# Notation


def action_names() -> tuple[str, ...]:
    """The name of every action id."""
    names = [format_card(c) for c in range(NUM_CARDS)]
    names += ["weis:-"] + [f"weis:{k}" for k in range(1, 16)]
    names += ["stoeck", "stoeck:-", "accept", "decline"]
    assert len(names) == NUM_ACTIONS and names[A_STOECK] == "stoeck"
    return tuple(names)


ACTIONS: Final = ActionSpace(action_names())


def format_deal_line(d: SchaffhauserDeal) -> str:
    """``DEALER TURNED HAND / HAND / HAND``."""
    return f"{d.dealer} {format_card(d.turned)} " + " / ".join(
        format_cards(bits(h)) for h in d.hands)


def parse_deal_line(text: str) -> SchaffhauserDeal:
    """Parse :func:`format_deal_line`'s text (``ValueError`` saying what is wrong)."""
    parts = text.split(None, 2)
    if len(parts) != 3 or not (parts[0].isascii() and parts[0].isdigit()):
        raise ValueError("a Schaffhauser deal reads 'DEALER TURNED HAND / HAND / HAND'")
    hands = tuple(sum(1 << c for c in parse_cards(p)) for p in parts[2].split("/"))
    return check_deal(SchaffhauserDeal(hands, int(parts[0]), parse_card(parts[1])))


class SchaffhauserVariant(DealLineVariant):
    """The static description of Schaffhauser."""

    key = "schaffhauser"
    name = "Schaffhauser"
    aliases = ("fischenthaler", "schafhauser")
    summary = "a König alone against two for a whole game (350 against 1000), three games a " \
        "series"
    players = (3,)
    sides_text = "the König alone against two Bauern, each player König once a series"
    score_name = "games won"
    options_class = SchaffhauserRules
    preset_table = PRESETS
    deal_type = SchaffhauserDeal
    word_ids: ClassVar[Mapping[str, int]] = {"accept": A_ACCEPT, "decline": A_DECLINE}

    def num_seats(self, rules: Any) -> int:
        """Always three."""
        self.check_rules(rules)
        return PLAYERS

    def action_space(self, rules: Any) -> ActionSpace:
        """The same ids under every option."""
        return ACTIONS

    def with_hands(self, deal: Any, hands: tuple[int, ...]) -> SchaffhauserDeal:
        """The same dealer and turned card with other hands (a turned card the dealer no longer
        holds gives way to one he does)."""
        if not isinstance(deal, SchaffhauserDeal):
            raise TypeError(f"not a Schaffhauser deal: {deal!r}")
        turned = deal.turned
        if not hands[deal.dealer] >> turned & 1 and hands[deal.dealer]:
            turned = hands[deal.dealer].bit_length() - 1
        return dataclasses.replace(deal, hands=tuple(hands), turned=turned)

    def new_game(self, rules: Any = None, seed: int | str | None = None,
                 deals: list[Any] | None = None) -> SchaffhauserGame:
        """A new series of Schaffhauser."""
        return SchaffhauserGame(rules, seed, deals)

    def format_deal(self, deal: Any) -> str:
        """The dealer, the turned card and the hands."""
        return format_deal_line(deal)

    def parse_deal(self, rules: Any, text: str) -> SchaffhauserDeal:
        """A deal of ``DEALER TURNED HAND / HAND / HAND``."""
        return parse_deal_line(text)

    def hand_scores(self, game: Any, index: int) -> tuple[int, ...]:
        """Each seat's column of its game after hand ``index`` (the König's or the Bauern's)."""
        r = game.rounds[index]
        return series_points(add_hand(r.totals, r.team_points), r.koenig)

    def result_data(self, game: Any) -> dict[str, Any]:
        """The finished series, with each game's König and winning side."""
        out = super().result_data(game)
        out["games"] = [{"koenig": k, "won": w, "columns": [kc, bc]}
                        for k, w, kc, bc in game.games()]
        return out


VARIANT: Final = SchaffhauserVariant()
