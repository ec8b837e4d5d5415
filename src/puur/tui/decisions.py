"""The dialogs of the human's decisions in the full-screen game, for every variant: the contract
or push (Schieber), a row of the sheet and how to play it, or push on (Coiffeur), the forecast
(Differenzler, a number field with the legal range), Weis and Stöck.

What is offered is the engine's legal actions, read through the variant's action space
(:mod:`puur.tui.moves`); a dialog's answer is one of them (a row with several ways to play it
first opens the dialog of its ways, which can go back).
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from puur.i18n import t, tn
from puur.tui.moves import DECLARE_WORDS, decode, row_groups, variant_of
from puur.tui.notes import Row, action_arg, pushes_back, render_arg
from puur.tui.render import card_markup, contract_name, contract_way, seat_name, sort_hand
from puur.tui.widgets import ChoiceDialog, NumberDialog

__all__ = ["BACK", "BID_NUMBER", "MAX_BIDS", "bid_dialog", "bid_number_dialog", "choice_dialog",
           "forecast_dialog", "group_code", "rows_dialog", "shown_bids", "ways_dialog"]

#: The answer of a ways dialog that goes back to the rows.
BACK = -1
#: The answer of a bid dialog that opens the number field of the numeric bids.
BID_NUMBER = -2


def group_code(row: int) -> int:
    """The answer of a rows dialog that opens the ways of playing ``row`` (below any action)."""
    return -2 - row


def _hand_line(obs: Any, deck: str) -> str:
    return "  ".join(card_markup(c, deck) for c in sort_hand(obs.hand, obs.trump))


#: The most bids a dialog lists (with the text over them they fit a screen of 24 rows).
MAX_BIDS = 10


def shown_bids(legal: list[int], moves: dict[int, Any]) -> list[int]:
    """The legal actions a dialog lists: all of them, but of more than :data:`MAX_BIDS` bids
    the lowest half of that many and the rest spread evenly up to the highest (an auction that
    allows every raise up to 157; the line mode takes any bid typed, ``bid:N``)."""
    bids = [a for a in legal if moves[a].kind == "bid"]
    if len(bids) <= MAX_BIDS:
        return legal
    low = MAX_BIDS // 2
    rest = bids[low:]
    spread = {rest[round(i * (len(rest) - 1) / (MAX_BIDS - low - 1))]
              for i in range(MAX_BIDS - low)}
    keep = set(bids[:low]) | spread
    return [a for a in legal if moves[a].kind != "bid" or a in keep]


def choice_dialog(obs: Any, lang: str, deck: str) -> ChoiceDialog | None:
    """The dialog of a contract or push (Schieber), of Weis or of Stöck, or of a variant's
    own decision (Handjass's declaring: play, drop, swap; a bid, a discard, a call …); None
    for card play."""
    variant = variant_of(obs)
    legal = list(obs.legal_actions)
    moves = {a: decode(variant, a) for a in legal}
    if obs.phase == "choose":
        mult = obs.rules.multipliers
        show_mult = any(m != 1 for m in mult)
        choices = [(a, render_arg(action_arg(a, obs), deck, lang)
                    + (f"  ×{mult[m.contract]}" if show_mult else ""))
                   for a, m in moves.items() if m.kind == "choose"]
        choices += [(a, t("push_back" if pushes_back(obs) else "push", lang))
                    for a, m in moves.items() if m.kind == "push"]
        text = ""
        if obs.pushed:
            text = t("choose.pushed_back" if obs.pushed_back else "pushed_to_you", lang)
        hand = "  ".join(card_markup(c, deck) for c in sort_hand(obs.hand))
        text = (text + "\n" if text else "") + hand
        return ChoiceDialog("choose", t("choose", lang), text, choices)
    if obs.phase == "weis":
        choices = [(a, render_arg(action_arg(a, obs), deck, lang))
                   for a, m in moves.items() if m.kind == "weis" and m.value]
        choices += [(a, t("weis.quiet", lang)) for a, m in moves.items()
                    if m.kind == "weis" and not m.value]
        return ChoiceDialog("weis", t("weis", lang), t("weis.prompt", lang), choices)
    if obs.phase == "declare":
        choices = [(a, t(f"declare.{DECLARE_WORDS[m.value]}", lang))
                   for a, m in moves.items() if m.kind == "declare"]
        text = t("declare.prompt", lang, trumps=contract_name(obs.trump, deck, lang),
                 card=card_markup(obs.turned, deck))
        return ChoiceDialog("declare", t("declare", lang), text + "\n" + _hand_line(obs, deck),
                            choices)
    if obs.phase == "stoeck":
        choices = sorted(((a, t("stoeck.yes" if m.value else "stoeck.no", lang))
                          for a, m in moves.items() if m.kind == "stoeck"),
                         key=lambda c: c[1] != t("stoeck.yes", lang))
        return ChoiceDialog("stoeck", t("stoeck", lang), t("stoeck.prompt", lang), choices)
    if obs.phase != "play" and legal:
        # A decision of a variant's own (an auction, a talon, a call): its legal actions in
        # the engine's order, each in words.
        from puur.tui.faces import face_for

        choices = [(a, render_arg(action_arg(a, obs), deck, lang))
                   for a in shown_bids(legal, moves)]
        said = face_for(variant.key).decision_text(obs, lang)
        return ChoiceDialog(str(obs.phase), t(f"decide.{obs.phase}", lang),
                            (said + "\n" if said else "") + _hand_line(obs, deck), choices)
    return None


def forecast_dialog(obs: Any, lang: str, deck: str) -> NumberDialog:
    """The forecast: the hand, the trumps, what the others have forecast as far as the rules
    show it, and a number field from the lowest to the highest legal figure."""
    variant = variant_of(obs)
    values = [decode(variant, a).value for a in obs.legal_actions]
    lo, hi = min(values), max(values)
    n = obs.num_seats
    what = contract_name(obs.contract, deck, lang)
    if obs.turned >= 0:
        trumps = t("dz.trumps_turned", lang, contract=what, card=card_markup(obs.turned, deck),
                   seat=seat_name(obs.dealer, lang, seats=n))
    else:
        trumps = t("dz.trumps_drawn", lang, contract=what,
                   seat=seat_name(obs.dealer, lang, seats=n))
    others = []
    for s in range(n):
        if s == obs.seat:
            continue
        if obs.forecasts[s] >= 0:
            others.append(f"{seat_name(s, lang, seats=n)} {obs.forecasts[s]}")
        elif obs.forecast_done[s]:
            others.append(t("dz.has_forecast", lang, seat=seat_name(s, lang, seats=n)))
    text = f"{trumps}\n{_hand_line(obs, deck)}"
    if others:
        text += "\n" + ", ".join(others)
    return NumberDialog("forecast", t("dz.forecast_title", lang), text,
                        t("dz.forecast_label", lang), lo, hi,
                        t("dz.forecast_bad", lang, lo=lo, hi=hi),
                        t("dz.forecast_submit", lang))


def rows_dialog(obs: Any, lang: str, deck: str) -> ChoiceDialog:
    """The open rows of the human's team column (each with its discipline and multiplier) and
    push; a row played in one way only is chosen at once, the others open their ways."""
    choices: list[tuple[int, str]] = []
    for row, actions in row_groups(obs):
        if row < 0:
            choices.append((actions[0], t("push", lang)))
            continue
        discipline, mult = obs.sheet_rows[row]
        if len(actions) == 1:
            label = render_arg(action_arg(actions[0], obs), deck, lang)
            choices.append((actions[0], label))
        else:
            label = render_arg(Row(row, discipline, mult), deck, lang)
            choices.append((group_code(row), label + " …"))
    lines = []
    if obs.pushes:
        lines.append(t("row.pushed_to_you", lang, pushes=tn("pushes.count", obs.pushes, lang)))
    lines.append(_hand_line(obs, deck))
    return ChoiceDialog("row", t("row.choose", lang), "\n".join(lines), choices)


def ways_dialog(obs: Any, row: int, lang: str, deck: str) -> ChoiceDialog:
    """The ways a row may be played (a free row: each trump, Obenabe, Undenufe …; Slalom and
    Guschti: which way they start), and back to the rows."""
    discipline, mult = obs.sheet_rows[row]
    actions = dict(row_groups(obs))[row]
    variant = variant_of(obs)
    choices = [(a, contract_way(decode(variant, a).contract, deck, lang)) for a in actions]
    choices.append((BACK, t("row.back", lang)))
    title = t("row.how", lang, row=render_arg(Row(row, discipline, mult), deck, lang))
    return ChoiceDialog("way", title, _hand_line(obs, deck), choices)


def _numeric_bids(obs: Any) -> list[int]:
    variant = variant_of(obs)
    return sorted(m.value for m in (decode(variant, a) for a in obs.legal_actions)
                  if m.kind == "bid")


def bid_dialog(obs: Any, lang: str, deck: str) -> ChoiceDialog:
    """An auction of many numeric bids (``Face.bid_field``): pass, one button that opens a
    number field for the numeric bids (:data:`BID_NUMBER`), and the bids in words."""
    from puur.tui.faces import face_for

    variant = variant_of(obs)
    moves = {a: decode(variant, a) for a in obs.legal_actions}
    numbers = _numeric_bids(obs)
    choices = [(a, render_arg(action_arg(a, obs), deck, lang))
               for a, m in moves.items() if m.kind == "pass"]
    if numbers:
        choices.append((BID_NUMBER, t("bid.number", lang, lo=numbers[0], hi=numbers[-1])))
    choices += [(a, render_arg(action_arg(a, obs), deck, lang))
                for a, m in moves.items() if m.kind == "bid_word"]
    said = face_for(variant.key).decision_text(obs, lang)
    return ChoiceDialog("bid", t("decide.bid", lang),
                        (said + "\n" if said else "") + _hand_line(obs, deck), choices)


def bid_number_dialog(obs: Any, lang: str, deck: str) -> NumberDialog:
    """The number field of the numeric bids the auction allows, in their steps."""
    numbers = _numeric_bids(obs)
    lo, hi = numbers[0], numbers[-1]
    step = min((b - a for a, b in pairwise(numbers)), default=1)
    return NumberDialog("bid-number", t("decide.bid", lang), _hand_line(obs, deck),
                        t("bid.label", lang), lo, hi,
                        t("bid.bad", lang, lo=lo, hi=hi, step=step), t("bid.submit", lang),
                        step=step)

