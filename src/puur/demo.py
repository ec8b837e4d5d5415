"""``puur demo``: computer players play one whole game, shown hand by hand, of any variant.

The players are named by ``--players``: one name for every seat or one per seat separated by
commas, South, East, North, West (``rules,search,random,rules``; at a Differenzler table of
three South, East, West); each is a registered computer player or one of its levels
(``search:fast``). In Schieber the teams are South/North and East/West everywhere in the output
and the game ends with the Jasstafel; in the other variants (``--variant``) each hand shows its
deal, its tricks and what it scored (the forecasts, points made and penalties; the row written)
and the game ends with the variant's score sheet.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from puur.bots.base import Bot
from puur.cards import DECK_STYLES, DeckStyle, bits
from puur.contracts import Contract
from puur.game import Game
from puur.i18n import t as text
from puur.round import Round
from puur.rules import RuleSet
from puur.tui.session import available_bots, build_bot
from puur.variants import Variant

__all__ = ["TEAM_NAMES", "contract_name", "describe_round", "parse_players", "run_demo",
           "run_variant_demo"]

SEAT_NAMES = ("South", "East", "North", "West")
#: The teams by their seats: seats 0 and 2, seats 1 and 3.
TEAM_NAMES = ("South/North", "East/West")


def parse_players(text: str, seats: int = 4) -> list[str]:
    """A player name per seat from ``"rules"`` (every seat) or ``"rules,search,random,rules"``
    (South, East, North, West; with three seats South, East, West); a bad list raises
    ``ValueError`` saying what is wrong."""
    from puur.tui.session import seat_labels

    names = [n.strip() for n in text.split(",")]
    if len(names) == 1:
        names *= seats
    if len(names) != seats or not all(names):
        words = {3: "three", 4: "four"}.get(seats, str(seats))
        raise ValueError(f"give one player for all {words} seats or {words} separated by "
                         f"commas (South, {seat_labels(seats)}), not {text!r}")
    known = available_bots()
    for n in names:
        if n not in known:
            raise ValueError(f"unknown player {n!r}; known: {', '.join(known)}")
    return names


def contract_name(contract: int, style: DeckStyle) -> str:
    """A contract's name in the deck style (``"Rosen"``, ``"Obenabe"`` …)."""
    if contract < 4:
        return style.suit_names[contract]
    return {
        Contract.OBENABE: "Obenabe", Contract.UNDENUFE: "Undenufe", Contract.MISERE: "Misère",
        Contract.SLALOM: "Slalom", Contract.SLALOM_UNDE: "Slalom (Undenufe first)",
    }[Contract(contract)]


def describe_round(rd: Round, style: DeckStyle, names: Sequence[str] = SEAT_NAMES) -> list[str]:
    """Lines telling a finished (or stopped) hand: contract, Weis, Stöck, tricks, score."""
    out: list[str] = []
    if rd.contract < 0:
        return ["  (no contract chosen)"]
    how = f"pushed by {names[rd.forehand]}, " if rd.pushed else ""
    out.append(
        f"  Contract: {contract_name(rd.contract, style)} ({how}chosen by {names[rd.chooser]})"
        f", ×{rd.multiplier}"
    )
    for s in range(4):
        if rd.declared[s]:
            melds = ", ".join(
                f"{' '.join(style.card_label(c) for c in m.card_list())} ({m.points})"
                for m in rd.declared[s]
            )
            out.append(f"  Weis {names[s]}: {melds}")
    if rd.weis_seat >= 0:
        out.append(f"  Best Weis: {names[rd.weis_seat]} — {TEAM_NAMES[rd.weis_seat % 2]} "
                   "scores it")
    if rd.stoeck_state == 1:
        out.append(f"  Stöck: {names[rd.stoeck_seat]}")
    for t, (leader, cards, winner) in enumerate(rd.tricks(), start=1):
        shown = "  ".join(
            f"{names[(leader + i) % 4][0]}:{style.card_label(c)}" for i, c in enumerate(cards)
        )
        out.append(f"  Trick {t}: {shown}  → {names[winner]}")
    if rd.trick:
        partial = "  ".join(f"{names[s][0]}:{style.card_label(c)}" for s, c in rd.current_trick())
        out.append(f"  Trick {rd.trick_no + 1} (stopped): {partial}")
    hs = rd.hand_score()
    extra = ""
    if hs["match"] >= 0:
        extra = " — Kontermatch!" if hs["kontermatch"] else " — Match!"
    out.append(
        f"  Hand: tricks {hs['trick_points'][0]}:{hs['trick_points'][1]}, "
        f"Weis {hs['weis'][0]}:{hs['weis'][1]}, Stöck {hs['stoeck'][0]}:{hs['stoeck'][1]}, "
        f"×{hs['multiplier']} = {hs['total'][0]}:{hs['total'][1]}{extra}"
    )
    return out


def run_demo(
    rules: RuleSet,
    seed: int | None = None,
    bots: Sequence[Bot] | None = None,
    style: DeckStyle | None = None,
    echo: Callable[[str], None] = print,
    players: Sequence[str] | None = None,
) -> Game:
    """Play one game between computer players and print every hand and the Jasstafel.

    The players are ``bots``, or built from the names ``players`` (South, East, North, West; see
    :func:`parse_players`), or four ``random`` players."""
    style = style or DECK_STYLES["swiss"]
    names = list(players) if players else ["random"] * 4
    seats = list(bots) if bots else [build_bot(n, seed=(seed or 0) + i)
                                     for i, n in enumerate(names)]
    if not bots:
        labels = names
    else:
        labels = [b.name for b in seats]
    game = Game(rules, seed=seed, team_names=TEAM_NAMES)
    echo(f"Puur demo — {rules.name} rules, target {rules.target}, seed {game.seed}")
    echo(f"Teams: {TEAM_NAMES[0]} ({labels[0]}, {labels[2]}) vs "
         f"{TEAM_NAMES[1]} ({labels[1]}, {labels[3]})")
    shown = 0
    while True:
        if game.is_over or game.hand_no > shown + 1:
            rd = game.rounds[shown]
            start = game.start_scores[shown]
            echo("")
            echo(f"Hand {shown + 1} — {SEAT_NAMES[rd.forehand]} leads")
            for s in range(4):
                cards = " ".join(style.card_label(c) for c in bits(rd.initial_hands[s]))
                echo(f"  {SEAT_NAMES[s]:<6} {cards}")
            for line in describe_round(rd, style):
                echo(line)
            echo(f"  Totals: {start[0] + rd.credited[0]}:{start[1] + rd.credited[1]}")
            shown += 1
            if game.is_over and shown == game.hand_no:
                break
            continue
        seat = game.to_move
        obs = game.round.observation(seat)
        game.push(seats[seat].act(obs))
    echo("")
    reason = {"stoeck": "Stöck", "weis": "Weis", "trick": "a trick", "last": "the last trick",
              "match": "the Match bonus"}[game.end_reason]
    echo(f"Game over: {game.team_names[game.winner]} reach {rules.target} through {reason} "
         f"in hand {game.hand_no} — {game.scores[0]}:{game.scores[1]}")
    echo("")
    echo(game.jasstafel().render())
    return game


def run_variant_demo(
    variant: Variant,
    rules: Any = None,
    seed: int | None = None,
    style: DeckStyle | None = None,
    echo: Callable[[str], None] = print,
    players: Sequence[str] | None = None,
) -> Any:
    """Play one game of ``variant`` between computer players (``players``: a name per seat,
    default ``random``) and print every hand, what it scored and the score sheet at the end
    (the variant's own words, :mod:`puur.tui.faces`, in English)."""
    from puur.tui.faces import face_for
    from puur.tui.render import seat_name

    style = style or DECK_STYLES["swiss"]
    deck = next(k for k, v in DECK_STYLES.items() if v is style)
    rules = variant.check_rules(rules)
    n = variant.num_seats(rules)
    names = list(players) if players else ["random"] * n
    if len(names) != n:
        raise ValueError(f"{variant.key} under these rules has {n} seats, not {len(names)}")
    seats = [build_bot(name, seed=(seed or 0) + i) for i, name in enumerate(names)]
    game: Any = variant.new_game(rules, seed=seed)
    face = face_for(variant.key)
    labels = [seat_name(s, "en", mark_you=False, seats=n) for s in range(n)]
    echo(f"Puur demo — {variant.name}, {rules.name} rules, seed {game.seed}")
    if len(set(game.sides)) == n:
        echo("Players: " + ", ".join(f"{labels[s]} ({names[s]})" for s in range(n)))
    else:
        teams = [[s for s in range(n) if game.sides[s] == side] for side in (0, 1)]
        echo(" vs ".join(
            f"{'Us' if side == 0 else 'Them'} = {'/'.join(labels[s] for s in team)} "
            f"({', '.join(names[s] for s in team)})" for side, team in enumerate(teams)))
    shown = 0
    while True:
        if game.is_over or game.hand_no > shown + 1:
            shown += 1
            _echo_hand(game, shown, labels, style, deck, face, echo)
            if game.is_over and shown == game.hand_no:
                break
            continue
        seat = game.to_move
        game.push(seats[seat].act(game.round.observation(seat)))
    echo("")
    echo(f"Game over: {face.final_text(game, 'en')}")
    echo("")
    if face.sheet_title != "jasstafel":  # the Jasstafel's lines carry their own title
        echo(text(face.sheet_title, "en") + ":")
    for line in face.sheet_lines(game, "en", deck):
        echo(line)
    return game


def _echo_hand(game: Any, hand_no: int, labels: list[str], style: DeckStyle, deck: str,
               face: Any, echo: Callable[[str], None]) -> None:
    rd = game.rounds[hand_no - 1]
    n = rd.num_seats
    echo("")
    echo(f"Hand {hand_no}")
    for s in range(n):
        cards = " ".join(style.card_label(c) for c in bits(rd.initial_hands[s]))
        echo(f"  {labels[s]:<6} {cards}")
    for k, (leader, cards, winner) in enumerate(rd.tricks(), start=1):
        played = "  ".join(f"{labels[(leader + i) % n][0]}:{style.card_label(c)}"
                           for i, c in enumerate(cards))
        echo(f"  Trick {k}: {played}  → {labels[winner]}")
    for line in face.summary_lines(game, hand_no, "en", deck, brief=True):
        echo(line if line.startswith(" ") else "  " + line)
