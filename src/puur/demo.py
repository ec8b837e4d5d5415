"""``puur demo``: four computer players play one game to the target, shown hand by hand."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from puur.bots.base import Bot, make_bot
from puur.cards import DECK_STYLES, DeckStyle, bits
from puur.contracts import Contract
from puur.game import Game
from puur.round import Round
from puur.rules import RuleSet

__all__ = ["contract_name", "describe_round", "run_demo"]

SEAT_NAMES = ("South", "East", "North", "West")


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
        out.append(f"  Best Weis: {names[rd.weis_seat]} — team {rd.weis_seat % 2 + 1} scores it")
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
) -> Game:
    """Play one game between computer players and print every hand and the Jasstafel."""
    style = style or DECK_STYLES["swiss"]
    players = list(bots) if bots else [make_bot("random", seed=(seed or 0) + i) for i in range(4)]
    game = Game(rules, seed=seed, team_names=("South/North", "East/West"))
    echo(f"Puur demo — {rules.name} rules, target {rules.target}, seed {game.seed}")
    echo(f"Teams: South/North ({players[0].name}, {players[2].name}) vs "
         f"East/West ({players[1].name}, {players[3].name})")
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
        game.push(players[seat].act(obs))
    echo("")
    reason = {"stoeck": "Stöck", "weis": "Weis", "trick": "a trick", "last": "the last trick",
              "match": "the Match bonus"}[game.end_reason]
    echo(f"Game over: {game.team_names[game.winner]} reach {rules.target} through {reason} "
         f"in hand {game.hand_no} — {game.scores[0]}:{game.scores[1]}")
    echo("")
    echo(game.jasstafel().render())
    return game
