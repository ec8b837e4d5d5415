"""Words and pictures for the terminal game: card faces, contract names, event lines, the hand
summary and the Jasstafel (rule book §2.7, §2.11, ``docs/rulebook.md``) in the chosen language
and deck style.

Everything here formats what the engine computed; nothing decides a rule. Plain-text forms serve
the line mode (and screen readers); Rich markup forms serve the full-screen app.

The Swiss German deck is drawn with single-width symbols that render in any terminal font
(● Schellen, ✿ Rosen, ▼ Schilten, ☘ Eicheln) next to the suit's short name, in the cards'
colours (gold, red, black, green); the French deck uses ♦ ♥ ♠ ♣ in red and black. The
Salzburg deck of Vorarlberg (Schelle, Herz, Laub, Eichel) has no symbols of its own in terminal
fonts, so it borrows the closest single-width ones: the bell and the acorn of the Swiss deck
(● Schelle, ☘ Eichel), the heart (♥ Herz) and, for the leaf, the spade (♠ Laub), which grew out
of the German leaf; in the pack's colours (gold, red, green, brown) so that Laub never reads as
a black spade. The Weli (the Schelle 6) is marked ``6ʷ``.
"""

from __future__ import annotations

from typing import Any, Final

from puur.cards import DECK_STYLES, WELI, DeckStyle, bits, format_card, rank_of, suit_of
from puur.contracts import CONTRACT_TOKENS, Contract
from puur.i18n import t, tn
from puur.observation import Observation
from puur.round import Round
from puur.scoring import tafel_strokes
from puur.tui.moves import DECLARE_WORDS
from puur.tui.session import HUMAN, Event, seat_positions
from puur.variants import Variant
from puur.weis import Meld

__all__ = [
    "SUIT_COLOURS",
    "SUIT_SYMBOLS",
    "card_markup",
    "card_text",
    "contract_name",
    "contract_way",
    "discipline_name",
    "event_text",
    "hand_points_text",
    "meld_text",
    "playable_cards",
    "player_label",
    "replay_action_text",
    "result_text",
    "row_name",
    "row_play",
    "seat_name",
    "side_name",
    "sort_hand",
    "suit_name",
    "summary_rows",
    "tafel_lines",
    "team_name",
    "weis_option_text",
    "winner_text",
]

#: Terminal-safe suit symbols per deck style.
SUIT_SYMBOLS: Final[dict[str, tuple[str, str, str, str]]] = {
    "swiss": ("●", "✿", "▼", "☘"),
    "french": ("♦", "♥", "♠", "♣"),
    "salzburg": ("●", "♥", "♠", "☘"),
}
#: Suit colours per deck style (readable on a light card face).
SUIT_COLOURS: Final[dict[str, tuple[str, str, str, str]]] = {
    "swiss": ("#b07800", "#c62828", "#202020", "#1b7a2e"),
    "french": ("#c62828", "#c62828", "#202020", "#202020"),
    "salzburg": ("#b07800", "#c62828", "#2e7d32", "#7a4a1e"),
}


def _style(deck: str) -> DeckStyle:
    return DECK_STYLES[deck]


def seat_name(seat: int, lang: str, mark_you: bool = True, seats: int = 4) -> str:
    """``"South (You)"``, ``"North"`` … in ``lang``; at a table of three ``seats`` the second
    player sits East and the third West."""
    pos = seat_positions(seats)[seat] if 0 <= seat < seats else seat
    name = t(f"seat.{pos}", lang)
    if mark_you and seat == HUMAN:
        return f"{name} ({t('you', lang)})"
    return name


def player_label(name: str, lang: str) -> str:
    """The human's name as shown at the table: the name given, or "human" in ``lang`` when
    none was given (the settings' default)."""
    return t("human", lang) if name in ("", "human") else name


def team_name(team: int, lang: str) -> str:
    """The human's team is "Us", the other "Them"."""
    return t("team.them" if team else "team.us", lang)


def suit_name(suit: int, deck: str, lang: str) -> str:
    """The suit's name: Swiss suits keep their names, French and Salzburg suits are
    translated."""
    if deck == "swiss":
        return _style(deck).suit_names[suit]
    return t(f"suit.{deck}.{suit}", lang)


def playable_cards(obs: Any) -> int:
    """The cards the seat of ``obs`` may play from: its hand, and its face-up cards on the
    table where a game plays those like the hand's (Offener Jass's ``playable``)."""
    return int(getattr(obs, "playable", obs.hand))


def card_text(card: int, deck: str, lang: str) -> str:
    """A card in words for the line mode, e.g. ``"Rosen U"`` or ``"cœur J"``."""
    return f"{suit_name(suit_of(card), deck, lang)} {_style(deck).rank_short[rank_of(card)]}"


def card_markup(card: int, deck: str) -> str:
    """A short coloured label with the suit symbol, e.g. ``[#c62828]✿U[/]``."""
    return f"[{SUIT_COLOURS[deck][suit_of(card)]}]{card_symbol_text(card, deck)}[/]"


def card_symbol_text(card: int, deck: str) -> str:
    """A short label without markup, e.g. ``"✿U"``."""
    s = suit_of(card)
    weli = "ʷ" if deck == "salzburg" and card == WELI else ""
    return f"{SUIT_SYMBOLS[deck][s]}{_style(deck).rank_short[rank_of(card)]}{weli}"


def contract_name(contract: int, deck: str, lang: str, key: str = "") -> str:
    """A contract's name: the trump suit, or Obenabe, Undenufe … (``key``: the catalogue key
    of a variant's own name for it, as Kreuzjass's Bock)."""
    if key:
        return t(key, lang)
    if contract < 4:
        return t("contract.suit", lang, suit=suit_name(contract, deck, lang))
    return t(f"contract.{CONTRACT_TOKENS[contract]}", lang)


def contract_way(contract: int, deck: str, lang: str) -> str:
    """A contract's name saying which way it starts where it has two (``Slalom (Obenabe
    first)``), for choosing how to play a row."""
    if contract in (Contract.SLALOM, Contract.GUSCHTI):
        return t("contract.obe_first", lang, contract=contract_name(contract, deck, lang))
    return contract_name(contract, deck, lang)


def discipline_name(discipline: str, deck: str, lang: str) -> str:
    """A discipline of a score sheet in words: a trump suit, Obenabe, Undenufe, free …"""
    if discipline in CONTRACT_TOKENS[:4]:
        return suit_name(CONTRACT_TOKENS.index(discipline), deck, lang)
    if discipline == "free":
        return t("discipline.free", lang)
    if discipline in CONTRACT_TOKENS:
        return t(f"contract.{discipline}", lang)
    return discipline


def row_name(row: int, discipline: str, multiplier: int, deck: str, lang: str) -> str:
    """A row of a score sheet: ``Row 3: Schilten ×3``."""
    return t("row.name", lang, row=row + 1, what=discipline_name(discipline, deck, lang),
             mult=multiplier)


def row_play(row: int, discipline: str, multiplier: int, contract: int, deck: str,
             lang: str) -> str:
    """A row and how it is played: the row alone where its discipline is the contract (a suit,
    Obenabe …), with the way it starts for Slalom and Guschti (``Row 7: Slalom ×7 — Undenufe
    first``), with the contract named for a free row (``Row 8: free ×8 — Rosen trumps``)."""
    name = row_name(row, discipline, multiplier, deck, lang)
    if contract < 0:
        return name
    if discipline in ("slalom", "guschti"):
        first = contract in (Contract.SLALOM, Contract.GUSCHTI)
        how = t("way.obe_first" if first else "way.unde_first", lang)
    elif CONTRACT_TOKENS[contract] == discipline:
        return name
    else:
        how = contract_way(contract, deck, lang)
    return t("row.as", lang, row=name, contract=how)


def meld_text(meld: Meld, deck: str, lang: str, with_points: bool = False) -> str:
    """One Weis in words, e.g. ``"4 in a row (Rosen 6 7 8 9)"`` or ``"four of a kind (U)"``;
    ``with_points`` adds its points: ``"… (Rosen 6 7 8 9) 50"``."""
    ranks = _style(deck).rank_short
    if meld.kind == 1:
        text = f"{t('four', lang)} ({ranks[meld.low]})"
    else:
        cards = " ".join(ranks[rank_of(c)] for c in meld.card_list())
        text = f"{t('seq', lang, n=meld.length)} ({suit_name(meld.suit, deck, lang)} {cards})"
    return f"{text} {meld.points}" if with_points else text


def weis_option_text(split: tuple[Meld, ...] | list[Meld], deck: str, lang: str) -> str:
    """One way to declare Weis, saying what it is worth in all, e.g. ``"Declare 3 in a row
    (Schellen 6 7 8): 20 points"``; with several melds each shows its own points."""
    several = len(split) > 1
    melds = t("weis.and", lang).join(meld_text(m, deck, lang, with_points=several)
                                     for m in split)
    return t("weis.option", lang, melds=melds,
             points=tn("points.count", sum(m.points for m in split), lang))


def sort_hand(hand: int, trump: int = -1) -> list[int]:
    """The cards of a hand grouped by suit (trumps first when known), high cards first."""
    cards = bits(hand)
    order = [trump] + [s for s in range(4) if s != trump] if trump >= 0 else [0, 1, 2, 3]
    return sorted(cards, key=lambda c: (order.index(suit_of(c)), -rank_of(c)))


def side_name(side: int, lang: str, alone: bool, seats: int = 4) -> str:
    """A side: its player where everyone plays alone (``South (You)``), else the team (``Us``,
    ``Them``)."""
    return seat_name(side, lang, seats=seats) if alone else team_name(side, lang)


#: The words of what a variant's totals count, by its ``score_name`` ("points" otherwise).
_SCORE_WORDS: Final = {"penalty": "score.penalty", "net Striche": "score.net_striche",
                       "written points": "score.written_points", "games won": "score.games_won",
                       "marks": "score.marks", "Striche": "score.net_striche"}


def result_text(ev: Event, lang: str) -> str:
    """The end of a game of a variant without a target: who is first, and every total."""
    n = len(ev.values)
    first = [side for side in range(n) if ev.places[side] == 1]
    who = ", ".join(side_name(side, lang, ev.alone, ev.seats) for side in first)
    totals = ", ".join(f"{side_name(side, lang, ev.alone, ev.seats)} {ev.values[side]}"
                       for side in range(n))
    what = t(_SCORE_WORDS.get(ev.reason, "score.points"), lang)
    return (t("result.first", lang, who=who) + " — "
            + t("result.totals", lang, totals=totals, what=what))


def _push_text(kind: str, who: str, to: int, lang: str, seats: int) -> str:
    if kind == "push_on":
        return t("ev.push_on", lang, seat=who, to=seat_name(to, lang, seats=seats))
    return t(f"ev.{kind}", lang, seat=who)


def event_text(ev: Event, deck: str, lang: str, markup: bool = False) -> str:
    """One line telling an event."""
    n = ev.seats
    who = seat_name(ev.seat, lang, seats=n) if ev.seat >= 0 else ""
    if ev.kind in ("push", "push_back", "push_on"):
        return _push_text(ev.kind, who, ev.to, lang, n)
    if ev.kind == "choose":
        return t("ev.choose", lang, seat=who,
                 contract=contract_name(ev.contract, deck, lang, ev.contract_key))
    if ev.kind == "forecast":
        if ev.points < 0:
            return t("ev.forecast_hidden", lang, seat=who)
        return t("ev.forecast", lang, seat=who, points=ev.points)
    if ev.kind == "row":
        return t("ev.row", lang, seat=who,
                 row=row_play(ev.row, ev.discipline, ev.points, ev.contract, deck, lang))
    if ev.kind == "play":
        card = card_markup(ev.card, deck) if markup else card_text(ev.card, deck, lang)
        return t("ev.play", lang, seat=who, card=card)
    if ev.kind == "weis":
        what = ", ".join(f"{p} ({tn('cards.count', k, lang)})" for p, k in ev.melds)
        return t("ev.weis", lang, seat=who, what=what)
    if ev.kind == "stoeck":
        return t("ev.stoeck", lang, seat=who)
    if ev.kind == "declare":
        return t(f"ev.declare_{DECLARE_WORDS[ev.row]}", lang, seat=who)
    if ev.kind == "bid":
        return t("ev.bid", lang, seat=who, points=ev.points)
    if ev.kind in ("pass", "discard", "decline", "double"):
        return t(f"ev.{ev.kind}", lang, seat=who)
    if ev.kind == "call":
        card = card_markup(ev.card, deck) if markup else card_text(ev.card, deck, lang)
        return t("ev.call", lang, seat=who, card=card)
    if ev.kind == "trick":
        return t("ev.trick", lang, seat=who, n=ev.trick_no,
                 points=tn("points.count", ev.points, lang))
    if ev.kind == "weis_best":
        if ev.alone:
            line = t("ev.weis_best_alone", lang, seat=who, points=ev.points)
        elif ev.reason == "held":
            line = t("ev.weis_best_held", lang, seat=who, team=team_name(ev.team, lang),
                     points=ev.points)
        else:
            line = t("ev.weis_best", lang, seat=who, team=team_name(ev.team, lang),
                     points=ev.points)
        for s, melds in ev.shown:
            cards = " / ".join(
                " ".join(
                    (card_markup(c, deck) if markup else card_text(c, deck, lang))
                    for c in bits(m)
                )
                for m in melds
            )
            line += "\n  " + t("ev.weis_shown", lang, seat=seat_name(s, lang, seats=n),
                                cards=cards)
        return line
    if ev.kind == "hand_over":
        return t("ev.hand_over", lang, n=ev.hand_no)
    if ev.kind == "penalties":
        each = ", ".join(f"{seat_name(s, lang, seats=n)} {p}" for s, p in enumerate(ev.values))
        return t("ev.penalties", lang, each=each)
    if ev.kind == "written":
        return t("ev.written", lang, team=team_name(ev.team, lang), points=ev.points,
                 row=row_name(ev.row, ev.discipline, ev.values[0], deck, lang))
    if ev.kind == "game_over":
        return winner_text(ev.team, ev.points, ev.reason, lang)
    if ev.kind == "result":
        return result_text(ev, lang)
    return ev.kind


def replay_action_text(rd: Any, action: int, deck: str, lang: str,
                       markup: bool = False, variant: Variant | None = None) -> str:
    """What the seat to move in ``rd`` does with ``action``, for a replay with all hands open
    (call it before the action is pushed): every card, choice, row, forecast, Weis and Stöck,
    also the quiet and the hidden ones. ``variant`` is the game's (Schieber by default)."""
    from puur.tui.moves import decode
    from puur.variants import get

    move = decode(variant or get("schieber"), action)
    seat = rd.to_move
    n = rd.num_seats
    who = seat_name(seat, lang, mark_you=False, seats=n)
    if move.kind == "card":
        card = card_markup(action, deck) if markup else card_text(action, deck, lang)
        return t("ev.play", lang, seat=who, card=card)
    if move.kind == "choose":
        from puur.tui.faces import contract_key

        key = contract_key(variant.key, move.contract) if variant is not None else ""
        return t("ev.choose", lang, seat=who,
                 contract=contract_name(move.contract, deck, lang, key))
    if move.kind == "push":
        after = rd.copy()
        after.push(action)
        if after.pushed_back and not rd.pushed_back:
            return t("ev.push_back", lang, seat=who)
        to = after.to_move if after.phase == "choose" else -1
        kind = "push_on" if to >= 0 and rd.sides[to] != rd.sides[seat] else "push"
        return _push_text(kind, who, to, lang, n)
    if move.kind == "forecast":
        return t("ev.forecast", lang, seat=who, points=move.value)
    if move.kind == "row":
        row = rd.sheet_rows[move.value]
        discipline, mult = row.discipline, row.multiplier
        return t("ev.row", lang, seat=who,
                 row=row_play(move.value, discipline, mult, move.contract, deck, lang))
    if move.kind == "weis" and move.value == 0:
        return t("ev.weis_quiet", lang, seat=who)
    if move.kind == "weis":
        split = rd.weis_options(seat)[move.value - 1]
        what = ", ".join(meld_text(m, deck, lang, with_points=True) for m in split)
        return t("ev.weis", lang, seat=who, what=what)
    if move.kind == "stoeck" and move.value == 1:
        return t("ev.stoeck", lang, seat=who)
    if move.kind == "stoeck":
        return t("ev.stoeck_quiet", lang, seat=who)
    if move.kind == "declare":
        return t(f"ev.declare_{DECLARE_WORDS[move.value]}", lang, seat=who)
    return str(action)


def winner_text(team: int, points: int, reason: str, lang: str) -> str:
    """``"Us win with 1012 points — reached the target with the last trick"``."""
    return (t("winner", lang, team=team_name(team, lang), points=tn("points_dat", points, lang))
            + " — " + t(f"reason.{reason}", lang))


def summary_rows(rd: Round, start: tuple[int, int], lang: str) -> list[tuple[str, str, str]]:
    """The hand summary as (label, us, them) rows: trick points, Match bonus, Weis, Stöck,
    multiplier, hand total and game total (from the engine's :meth:`Round.hand_score`)."""
    hs = rd.hand_score()
    rows: list[tuple[str, str, str]] = []

    def row(key: str, pair: list[int]) -> None:
        rows.append((t(key, lang), str(pair[0]), str(pair[1])))

    row("summary.tricks", hs["trick_points"])
    if any(hs["match_bonus"]):
        row("summary.match", hs["match_bonus"])
    row("summary.weis", hs["weis"])
    row("summary.stoeck", hs["stoeck"])
    rows.append((t("summary.multiplier", lang), f"×{hs['multiplier']}", f"×{hs['multiplier']}"))
    row("summary.total", hs["total"])
    row("summary.game", [start[0] + hs["total"][0], start[1] + hs["total"][1]])
    return rows


def match_line(rd: Round, lang: str) -> str:
    """"Match for Us!" / "Kontermatch for Them!" or empty."""
    hs = rd.hand_score()
    if hs["match"] < 0:
        return ""
    key = "summary.kontermatch_for" if hs["kontermatch"] else "summary.match_for"
    return t(key, lang, team=team_name(hs["match"], lang))


def tafel_lines(points: int, name: str, lang: str, striche: int = 0, width: int = 26,
                markup: bool = False) -> list[str]:
    """One team's half of the Jasstafel: a Z whose top bar carries a stroke per 100 (``V`` for
    five hundreds), the diagonal a stroke per 50 and the bottom bar a stroke per 20, with the
    rest under 20 written beside (rule book §2.11)."""
    s = tafel_strokes(points)
    w = max(width, 12)

    def bar(marks: str) -> str:
        # Strokes cross the bar from its left end, leaving a little space between them.
        cells = ["━"] * w
        pos = 1
        for m in marks:
            if pos >= w - 1:
                break
            cells[pos] = m
            pos += 2 if m == "┿" else 3
        line = "".join(cells)
        if markup:
            line = line.replace("┿", "[bold]┿[/]").replace("V", "[bold]V[/]")
        return line

    top = bar("V" * (s.hundreds // 5) + "┿" * (s.hundreds % 5))
    diag_rows = 4
    marks = t("pair", lang, a=t("striche", lang), b="X" * striche) if striche else ""
    lines = [f"{name}  {points}" + (f"   {marks}" if marks else "")]
    lines.append(top + "  100")
    for i in range(diag_rows):
        col = w - 2 - (w - 3) * (i + 1) // (diag_rows + 1)
        # At most one 50 stroke: two would make a 100.
        mark = "╳" if s.fifties and i == 1 else "╱"
        suffix = "   50" if i == 1 else ""
        row = (" " * col + mark).ljust(w) + suffix
        if markup:
            row = row.replace("╳", "[bold]╳[/]")
        lines.append(row)
    lines.append(bar("┿" * s.twenties) + "   20   " + t("rest", lang, n=s.rest))
    return [line.rstrip() for line in lines]


def observation_summary(obs: Observation, deck: str, lang: str) -> list[str]:
    """A few plain lines about the hand in play: contract, who chose, hand points."""
    out: list[str] = []
    if obs.contract < 0:
        out.append(t("no_contract", lang))
    else:
        line = t("contract_by", lang, contract=contract_name(obs.contract, deck, lang),
                 mult=obs.rules.multiplier(obs.contract), seat=seat_name(obs.chooser, lang))
        if obs.pushed:
            line += ", " + t("pushed_by", lang, seat=seat_name(obs.forehand, lang))
        out.append(line)
    out.append(hand_points_text(obs.credited, lang))
    return out


def hand_points_text(points: tuple[int, ...], lang: str) -> str:
    """``"This hand: 57 : 100"``, the points both teams made in the hand so far."""
    return t("pair", lang, a=t("this_hand", lang), b=f"{points[0]} : {points[1]}")


def format_token(card: int) -> str:
    """The notation token of a card (``HJ``), for typing it in the line mode."""
    return format_card(card)
