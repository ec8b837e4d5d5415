"""How the terminal shows Fahnder (``docs/variants/fahnder.md``): the auction (the highest bid
and who holds it), the Fahnder with his bid and contract, the called card and, once the
human may know it, its holder (★ on the Fahnder, ☆ on the partner); the pair's card points
while they are public; each player's net marks (Striche less Nuller, or game points) after so
many of the game's hands. At the end of a hand each player's card points and marks, whether
the bid was made, and the totals after it.

Everything comes from the human's :class:`~puur.variants.fahnder_view.FahnderObservation`
and, for finished hands, their spectator's observations (a finished hand is public). With
``partner_reveal = on_play`` the holder of the called card and the pair's points stay hidden
until the card falls, as the observation hides them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puur.i18n import t
from puur.tui.faces import Grid, GridFace, grid_markup
from puur.tui.notes import Note, note
from puur.tui.render import card_markup, card_text, contract_name, seat_name

if TYPE_CHECKING:
    from puur.tui.session import PlaySession

__all__ = ["FahnderFace"]


def _seat(s: int, lang: str, mark_you: bool = True) -> str:
    return seat_name(s, lang, mark_you=mark_you, seats=4)


class FahnderFace(GridFace):
    """Fahnder: the highest bidder and the holder of the card he calls against the others."""

    key = "fahnder"
    bid_field = True  # a number field for the numeric bids, not a button for each
    narrow_scores = True
    help_score_key = "help.score_fahnder"
    help_sheet_key = "help.sheet_fahnder"

    def intro(self, session: PlaySession, lang: str) -> str:
        r = session.rules
        key = "fa.intro_points" if r.scoring == "game_points" else "fa.intro_striche"
        return super().intro(session, lang) + " " + t(key, lang, hands=r.hands)

    def seat_mark(self, obs: Any, seat: int) -> str:
        """★ on the Fahnder, ☆ on his partner once the observer knows him."""
        if seat == obs.fahnder:
            return " ★"
        return " ☆" if seat == obs.partner else ""

    # -----------------------------------------------------------------------------------------
    # What the hand in play is

    def auction_text(self, obs: Any, lang: str) -> str:
        """The auction as it stands, or the Fahnder and his bid."""
        if obs.fahnder >= 0:
            return t("fa.fahnder", lang, seat=_seat(obs.fahnder, lang), bid=obs.bid)
        if obs.thrown_in:
            return t("sb.thrown_in", lang)
        if obs.bidder < 0:
            return t("bi.no_bid", lang, seat=_seat(obs.to_move, lang))
        return t("bi.auction", lang, bid=obs.bid, seat=_seat(obs.bidder, lang))

    def contract_text(self, obs: Any, lang: str, deck: str, markup: bool) -> str:
        """The contract, the called card and its holder (when the observer knows him)."""
        parts: list[str] = []
        if obs.contract >= 0:
            parts.append(t("bi.contract_named", lang,
                           contract=contract_name(obs.contract, deck, lang),
                           seat=_seat(obs.fahnder, lang)))
        if obs.called >= 0:
            card = (card_markup(obs.called, deck) if markup
                    else card_text(obs.called, deck, lang))
            parts.append(t("bi.called", lang, card=card))
            if obs.alone:
                parts.append(t("fa.alone", lang))
            elif obs.partner >= 0:
                parts.append(t("bi.partner", lang, seat=_seat(obs.partner, lang)))
            else:
                parts.append(t("fa.partner_secret", lang))
        return " — ".join(parts)

    def pair_text(self, obs: Any, lang: str) -> str:
        """The pair's card points against the bid (``""`` while they are hidden)."""
        if obs.fahnder < 0 or not obs.team_points:
            return ""
        return t("fa.pair", lang, points=obs.team_points[0], bid=obs.bid)

    def status(self, session: PlaySession, obs: Any, lang: str, deck: str) -> tuple[str, str]:
        line1 = (t("hand_no", lang, n=session.game.hands_played + 1) + "   "
                 + self.auction_text(obs, lang))
        pair = self.pair_text(obs, lang)
        if pair:
            line1 += "   " + pair
        return line1, self.contract_text(obs, lang, deck, markup=True)

    def state_lines(self, session: PlaySession, obs: Any, lang: str, deck: str) -> list[str]:
        out = [t("hand_no", lang, n=session.game.hands_played + 1) + " — "
               + self.auction_text(obs, lang), self.score_line(session.game, lang)]
        contract = self.contract_text(obs, lang, deck, markup=False)
        pair = self.pair_text(obs, lang)
        return out + [x for x in (contract, pair) if x]

    # -----------------------------------------------------------------------------------------
    # The score panel, the hand summary, the sheet

    def scores(self, session: PlaySession, lang: str, deck: str, width: int) -> str:
        g = session.game
        obs = session.observation()
        up, down = g.sheet()
        rows = [[_seat(s, lang), str(obs.made[s]), str(up[s]), str(down[s]), str(g.scores[s])]
                for s in range(4)]
        return grid_markup(Grid(self._sheet_head(g, lang, t("fa.card_points", lang)), rows),
                           width)

    def _sheet_head(self, game: Any, lang: str, first: str) -> list[str]:
        striche = game.rules.scoring == "striche"
        return ["", first, t("mo.striche" if striche else "fa.plus", lang),
                t("mo.nuller" if striche else "fa.minus", lang), t("bi.total", lang)]

    def summary_grid(self, game: Any, hand_no: int, lang: str, deck: str,
                     brief: bool = False) -> Grid:
        rd = game.rounds[hand_no - 1]
        obs = rd.observation(-1)
        head = ["", *(_seat(s, lang, False) for s in range(4))]
        if rd.thrown_in:
            return Grid(head, [], [t("sb.thrown_in", lang)])
        after = [a + b for a, b in zip(rd.totals, rd.marks, strict=True)]
        rows = [[t("fa.card_points", lang), *(str(p) for p in rd.credited)],
                [t("bi.hand", lang), *(f"{m:+d}" for m in rd.marks)],
                [t("bi.total", lang), *(str(v) for v in after)]]
        before = [self.auction_text(obs, lang)]
        contract = self.contract_text(obs, lang, deck, markup=False)
        if contract:
            before.append(contract)
        if rd.made is not None:
            before.append(t("fa.made" if rd.made else "fa.failed", lang, bid=rd.bid,
                            points=rd.pair_points()))
        return Grid(head, rows, before)

    def sheet_grid(self, game: Any, lang: str, deck: str) -> Grid:
        head = ["", *(_seat(s, lang, False) for s in range(4))]
        rows = [[t("hand_no", lang, n=i + 1), *(f"{m:+d}" for m in rd.marks)]
                for i, rd in enumerate(r for r in game.rounds
                                       if r.is_over and not r.thrown_in)]
        up, down = game.sheet()
        striche = game.rules.scoring == "striche"
        rows.append([t("mo.striche" if striche else "fa.plus", lang), *(str(v) for v in up)])
        rows.append([t("mo.nuller" if striche else "fa.minus", lang), *(str(v) for v in down)])
        rows.append([t("bi.total", lang), *(str(v) for v in game.scores)])
        return Grid(head, rows)

    def score_line(self, game: Any, lang: str) -> str:
        each = ", ".join(f"{_seat(s, lang, False)} {game.scores[s]}" for s in range(4))
        return t("fa.totals", lang, each=each, hand=game.hands_played, hands=game.rules.hands)

    # -----------------------------------------------------------------------------------------
    # The hint, the replay

    def hint_note(self, session: PlaySession, obs: Any, action: Any, value: float | None,
                  raw: int) -> Note:
        # The search's value of a card is what the seat writes for the hand.
        if value is None or obs.phase != "play":
            return note("hint_plain", style="orange1", action=action)
        return note("fa.hint", style="orange1", action=action, value=f"{value:+.1f}")

    def replay_points(self, rd: Any, lang: str) -> str:
        obs = rd.observation(-1)
        return self.pair_text(obs, lang)

    def replay_info(self, rd: Any, lang: str, deck: str) -> str:
        obs = rd.observation(-1)
        contract = self.contract_text(obs, lang, deck, markup=True)
        return self.auction_text(obs, lang) + ("   " + contract if contract else "")
