"""The public events of a game, as the human at seat 0 sees them: what the log and the line mode
tell after each action, for every variant.

An action is pushed on the game and the events are read from the human's observation and the
public facts of the hand (cards played, who took a trick and its points, the scores): nothing
here decides a rule, and nothing hidden from the human (a forecast kept hidden, a Weis kept
quiet, a card in another hand) makes an event.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from puur.tui.moves import DECLARE_WORDS, decode

__all__ = ["HUMAN", "TARGET_GAMES", "Event", "apply_action"]

HUMAN = 0

#: The variants whose game ends the moment a side reaches the target, with what brought it
#: there (Stöck, Weis, a trick, the last trick, a Match: rule book §2.10): their best Weis scores
#: at once, and their game ends with a ``game_over`` naming that reason. The others end with a
#: ``result`` (each side's total and place), whatever their games are built of.
TARGET_GAMES: Final = frozenset({"schieber", "kreuzjass", "sechser"})


@dataclass(frozen=True)
class Event:
    """Something public that happened, for the log and the table.

    ``kind`` is one of ``push``, ``push_back``, ``push_on`` (to an opponent), ``choose``,
    ``forecast``, ``row``, ``declare`` (``row``: the word), ``bid``, ``pass``, ``discard``,
    ``call``, ``decline``, ``double``, ``weis``, ``stoeck``, ``play``, ``trick``, ``weis_best``,
    ``hand_over``, ``penalties``, ``written``, ``game_over`` (a game of :data:`TARGET_GAMES`:
    a team reached the target) or ``result`` (the other variants).
    """

    kind: str
    seat: int = -1
    card: int = -1
    contract: int = -1
    #: The catalogue key of the variant's own name of ``contract`` ("": the usual name).
    contract_key: str = ""
    #: ``weis``: (points, length) of each announced meld; ``weis_best``: the team's total.
    melds: tuple[tuple[int, int], ...] = ()
    points: int = 0
    trick_no: int = 0
    hand_no: int = 0
    team: int = -1
    reason: str = ""
    #: ``weis_best``: the cards of each shown meld of the winning team, per seat.
    shown: tuple[tuple[int, tuple[int, ...]], ...] = field(default=())
    #: ``push``: the seat the choice goes to; ``row``: the row chosen (0-based).
    to: int = -1
    row: int = -1
    #: ``row``: the row's discipline and multiplier (in ``points``).
    discipline: str = ""
    #: True where every player plays alone (a side is a seat).
    alone: bool = False
    #: ``penalties``: each player's penalty of the hand; ``result``: each side's total.
    values: tuple[int, ...] = ()
    #: ``result``: each side's place (1 is first).
    places: tuple[int, ...] = ()
    #: The number of seats at the table (for seat names at a table of three).
    seats: int = 4


def apply_action(game: Any, action: int) -> list[Event]:
    """Push ``action`` on ``game`` and return the public events it makes, as the human sees
    them (a finished hand is followed by the next one at once: its events belong to it)."""
    variant = game.variant
    rd = game.round
    seat = rd.to_move
    hand_no = game.hand_no
    trick_no = rd.trick_no
    pushed_before = bool(getattr(rd, "pushed", False))
    move = decode(variant, action)
    n = game.num_seats
    alone = len(set(game.sides)) == n
    game.push(action)
    after = game.rounds[hand_no - 1]
    obs = after.observation(HUMAN)
    events: list[Event] = []

    def ev(kind: str, who: int = -1, **kw: Any) -> None:
        events.append(Event(kind, who, alone=alone, seats=n, **kw))

    if move.kind == "push":
        if getattr(obs, "pushed_back", False) and pushed_before:
            ev("push_back", seat)
        else:
            to = after.to_move if after.phase == "choose" else -1
            # Pushed on to an opponent (Coiffeur), or to the partner (Schieber).
            other = to >= 0 and game.sides[to] != game.sides[seat]
            ev("push_on" if other else "push", seat, to=to)
    elif move.kind == "choose":
        from puur.tui.faces import contract_key

        ev("choose", seat, contract=move.contract,
           contract_key=contract_key(variant.key, move.contract))
    elif move.kind == "forecast":
        forecasts = getattr(obs, "forecasts", ())
        shown = forecasts[seat] if seat < len(forecasts) else -1
        ev("forecast", seat, points=shown)
    elif move.kind == "row":
        discipline, mult = obs.sheet_rows[move.value]
        ev("row", seat, row=move.value, contract=move.contract, discipline=discipline,
           points=mult)
    elif move.kind == "weis" and move.value > 0:
        ev("weis", seat, melds=obs.weis_announced[seat])
    elif move.kind == "stoeck" and move.value == 1:
        ev("stoeck", seat)
    elif move.kind == "declare" and DECLARE_WORDS[move.value] != "quiet":
        ev("declare", seat, row=move.value)  # keeping quiet is the seat's secret
    elif move.kind == "card":
        ev("play", seat, card=action)
    elif move.kind == "bid":
        ev("bid", seat, points=move.value)
    elif move.kind in ("pass", "decline", "double"):
        ev(move.kind, seat)
    elif move.kind == "discard":
        ev("discard", seat)  # face down: the card stays the discarder's secret
    elif move.kind == "call":
        ev("call", seat, card=move.value)
    if len(obs.trick_winners) > trick_no:
        winner = obs.trick_winners[trick_no]
        ev("trick", winner, points=after.trick_values[trick_no], trick_no=trick_no + 1)
        if trick_no == 0 and obs.weis_seat >= 0:
            side = game.sides[obs.weis_seat]
            mates = [s for s in range(n) if game.sides[s] == side]
            total = sum(p for s in mates for p, _n in obs.weis_announced[s])
            shown_melds = tuple((s, tuple(m.cards for m in obs.weis_shown[s])) for s in mates
                                if obs.weis_shown[s])
            # Where a game has a target the best Weis scores at once; elsewhere it only says
            # who holds it (a variant's score says what it brings).
            scored = variant.key in TARGET_GAMES
            ev("weis_best", obs.weis_seat, team=side, points=total, shown=shown_melds,
               reason="" if scored else "held")
    if after.is_over:
        penalties = getattr(obs, "penalties", None)
        if penalties is not None:
            ev("penalties", hand_no=hand_no, values=tuple(penalties))
        if getattr(obs, "sheet_rows", None) and obs.row >= 0:
            discipline, mult = obs.sheet_rows[obs.row]
            ev("written", obs.chooser, team=game.sides[obs.chooser], row=obs.row,
               contract=obs.contract, discipline=discipline, hand_no=hand_no,
               points=after.row_value(), values=(mult,))
        ev("hand_over", hand_no=hand_no)
    if game.is_over:
        if variant.key in TARGET_GAMES:
            ev("game_over", team=game.winner, reason=game.end_reason,
               points=game.scores[game.winner])
        else:
            ev("result", values=tuple(game.scores), places=tuple(game.standings()),
               reason=variant.score_name)
    return events
