"""Schaffhauser's options, presets, action ids and the pure scoring functions of a series.

Schaffhauser (Fischenthaler; ``docs/variants/schaffhauser.md``, rule book §2.13) is played by
three: the *König* plays a whole game alone against the two *Bauern* as one side. The dealer's
last card gives trumps every hand (it stays in his hand); the König may decline a hand before
its first card (the Bauern write 257 and their Stöck). Scores accumulate over the hands of the
game; the König needs ``koenig_target`` (350), the Bauern ``target`` (1000), and the first side
to reach its figure wins, in the middle of a hand if need be (the count order decides which
credit comes first). A series is three games, each player König once (``rounds`` times with
that option); the series ranks the players by the games they won (``ranking``).

Action ids (stable under every option): 0-35 play a card; 36 keep quiet about a Weis and 37-51
declare one; 52 and 53 announce Stöck or keep quiet; 54 play the hand (accept), 55 decline it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from puur.options import Options, option
from puur.rules import RuleSet

__all__ = [
    "A_ACCEPT", "A_DECLINE", "A_STOECK", "A_STOECK_NO", "A_WEIS", "NUM_ACTIONS", "PLAYERS",
    "PRESETS", "SchaffhauserRules", "series_points", "series_wins",
]

A_WEIS: Final = 36
A_STOECK: Final = 52
A_STOECK_NO: Final = 53
A_ACCEPT: Final = 54
A_DECLINE: Final = 55
NUM_ACTIONS: Final = 56

#: Three players, always.
PLAYERS: Final = 3


@dataclass(frozen=True)
class SchaffhauserRules(Options):
    """Every Schaffhauser option with its default."""

    VARIANT: ClassVar[str] = "schaffhauser"

    koenig_target: int = option(350, lo=50, hi=2000, doc="what the König needs to win a game")
    target: int = option(1000, lo=100, hi=3000, doc="what the two Bauern need together to win "
                         "a game")
    decline: bool = option(
        True, doc="the König may decline a hand before its first card: the Bauern write 257 "
                  "and their Stöck, no Weis",
    )
    turned_card_modes: bool = option(
        False, doc="a turned 6 means Undenufe and a turned Ace Obenabe (off: the dealer's last "
                   "card always gives its suit)",
    )
    weis: bool = option(
        True, doc="Weis in trick 1: the side of the best Weis (the König, or the two Bauern) "
                  "scores all its Weis, whether or not it takes a trick",
    )
    large_weis: bool = option(False, doc="runs of six and more score 150 to 300 (off: five "
                              "and more in a row are 100)")
    stoeck: bool = option(True, doc="Stöck (King and Ober of trumps) is worth 20")
    stoeck_announce: str = option(
        "second-card", choices=("second-card", "with-weis"),
        doc="Stöck is announced with the second of the two cards, or with the Weis",
    )
    count_order: str = option(
        "stoeck-weis-stich", choices=("stoeck-weis-stich", "stoeck-stich-weis"),
        doc="the order in which a hand's points count when a side reaches its target",
    )
    match_bonus: int = option(100, lo=0, hi=500, doc="the bonus for a side that takes every "
                              "trick of a hand")
    rounds: int = option(1, lo=1, hi=4, doc="how often each player is König: a series is three "
                         "games per round")
    ranking: str = option(
        "games_won", choices=("games_won", "koenig_wins"),
        doc="the series ranks the players by every game won on the winning side (as König or "
            "as a Bauer), or by the games won as König only",
    )

    @property
    def games(self) -> int:
        """The number of games in a series: each player König ``rounds`` times."""
        return PLAYERS * self.rounds

    def trick_rules(self) -> RuleSet:
        """The rule set of the card play: Schieber's Weis, Stöck and Match bonus."""
        return RuleSet(
            name=f"schaffhauser-{self.name}", weis=self.weis, large_weis=self.large_weis,
            stoeck=self.stoeck, match_bonus=self.match_bonus,
            stoeck_announce=self.stoeck_announce,  # type: ignore[arg-type]
            count_order=self.count_order,  # type: ignore[arg-type]
        )


PRESETS: Final[dict[str, SchaffhauserRules]] = {
    "standard": SchaffhauserRules(name="standard"),
    "twice": SchaffhauserRules(name="twice", rounds=2, ranking="koenig_wins"),
}
"""``standard`` (the default): a series of three games, each player König once, ranked by the
games won on the winning side; ``twice``: six games, each player König twice, ranked by the
games won as König."""


def series_wins(games: tuple[tuple[int, ...], ...], ranking: str = "games_won",
                players: int = PLAYERS) -> tuple[int, ...]:
    """Each player's series score from the finished ``games`` ((König, winning side: 0 the
    König, 1 the Bauern, then anything else, such as the final columns), in order): with
    ``games_won`` a point for every game a player won, as König or as one of the two Bauern;
    with ``koenig_wins`` only the games won as König.

    >>> series_wins(((0, 1), (1, 0), (2, 1)))
    (1, 3, 1)
    >>> series_wins(((0, 1), (1, 0), (2, 1)), "koenig_wins")
    (0, 1, 0)
    """
    out = [0] * players
    for koenig, side, *_rest in games:
        for s in range(players):
            if (s == koenig) == (side == 0) and (ranking == "games_won" or s == koenig):
                out[s] += 1
    return tuple(out)


def series_points(columns: tuple[int, int], koenig: int,
                  players: int = PLAYERS) -> tuple[int, ...]:
    """Each seat's column of one game: the König's for the König, the Bauern's for the others.

    Worked example 1: a hand where the König takes 120 and shows a Weis of 20, the Bauern 37:

    >>> series_points((120 + 20, 37), koenig=1)
    (37, 140, 37)
    """
    return tuple(columns[0] if s == koenig else columns[1] for s in range(players))
