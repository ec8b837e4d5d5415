"""``puur play --plain``: the game as plain lines, for pipes, screen readers and scripts. Every
decision of a Schieber hand (RULES.md §2.3-§2.6) is asked here; the engine's legal actions are the
only answers accepted.

Protocol (see ``docs/terminal.md``): the program writes what happens, one event per line. When
it needs a decision it writes the state the player needs, a line ``Legal: 1=… 2=…`` and then a
prompt line of its own, ``? play``, ``? choose``, ``? weis`` or ``? stoeck``. The player answers
with one line: the number of a legal choice, or its token (a card such as ``HJ`` or ``♥J``,
``push``, a contract ``H`` / ``obe`` / ``unde``, ``quiet``, ``yes``/``no``), or a command
(``hint``, ``undo``, ``last``, ``score``, ``tafel``, ``save FILE``, ``help``, ``quit``). Input
that is not legal is answered with the legal choices and changes nothing.

Exit codes: 0 the game was played to its end; 3 the input ended before that; 4 the player quit;
2 bad arguments, an unreadable record or a record that cannot be continued.
"""

from __future__ import annotations

import contextlib
from typing import IO

from puur.actions import A_CHOOSE, A_PUSH, A_STOECK, A_STOECK_NO, A_WEIS
from puur.cards import format_card
from puur.contracts import ContractError, parse_contract
from puur.i18n import t
from puur.notation import NotationError, parse_action
from puur.record import GameRecord, replay
from puur.tui.render import (
    card_text,
    contract_name,
    event_text,
    match_line,
    meld_text,
    observation_summary,
    seat_name,
    sort_hand,
    summary_rows,
    tafel_lines,
    team_name,
)
from puur.tui.session import HUMAN, Event, PlaySession, SessionError

__all__ = ["EXIT_EOF", "EXIT_OK", "EXIT_QUIT", "EXIT_USAGE", "run_plain", "run_plain_replay"]

EXIT_OK = 0
EXIT_USAGE = 2
EXIT_EOF = 3
EXIT_QUIT = 4


class _Quit(Exception):
    def __init__(self, code: int) -> None:
        self.code = code


class PlainGame:
    """The line-mode conversation around one :class:`PlaySession`."""

    def __init__(self, session: PlaySession, inp: IO[str], out: IO[str], lang: str = "en",
                 deck: str = "swiss", autosave: str | None = None) -> None:
        self.s = session
        self.inp = inp
        self.out = out
        self.lang = lang
        self.deck = deck
        self.autosave = autosave

    def say(self, text: str = "") -> None:
        """Write one or more lines."""
        self.out.write(text + "\n")
        self.out.flush()

    # -----------------------------------------------------------------------------------------

    def label(self, action: int) -> str:
        """A legal action in words, with its token."""
        lang, deck = self.lang, self.deck
        obs = self.s.observation()
        if action < A_CHOOSE:
            return f"{card_text(action, deck, lang)} ({format_card(action)})"
        if A_CHOOSE <= action < A_PUSH:
            return contract_name(action - A_CHOOSE, deck, lang)
        if action == A_PUSH:
            return t("push_back" if obs.pushed else "push", lang)
        if action == A_WEIS:
            return t("weis.quiet", lang)
        if A_WEIS < action < A_STOECK:
            split = obs.weis_options[action - A_WEIS - 1]
            melds = " + ".join(meld_text(m, deck, lang) for m in split)
            extra = f" [{t('weis.suggested', lang)}]" if action == A_WEIS + 1 else ""
            return f"{melds} = {sum(m.points for m in split)}{extra}"
        if action == A_STOECK:
            return t("stoeck.announce", lang)
        return t("stoeck.quiet", lang)

    def legal_line(self) -> str:
        """``Legal: 1=… 2=…``."""
        return "Legal: " + "  ".join(
            f"{i}={self.label(a)}" for i, a in enumerate(self.s.legal_actions(), start=1)
        )

    def parse(self, text: str) -> int | None:
        """The action a line names, or None when it names none of the legal ones."""
        legal = self.s.legal_actions()
        word = text.strip()
        low = word.lower()
        if low.isdigit():
            k = int(low)
            return legal[k - 1] if 1 <= k <= len(legal) else None
        phase = self.s.observation().phase
        aliases: dict[str, int] = {}
        if phase == "weis":
            aliases = {"quiet": A_WEIS, "no": A_WEIS, "n": A_WEIS, "-": A_WEIS,
                       "yes": A_WEIS + 1, "y": A_WEIS + 1, "weis": A_WEIS + 1}
        elif phase == "stoeck":
            aliases = {"yes": A_STOECK, "y": A_STOECK, "quiet": A_STOECK_NO, "no": A_STOECK_NO,
                       "n": A_STOECK_NO}
        elif phase == "choose":
            aliases = {"schiebe": A_PUSH, "schieben": A_PUSH, "pass": A_PUSH}
            with contextlib.suppress(ContractError):
                aliases[low] = A_CHOOSE + parse_contract(word)
        if low in aliases:
            a = aliases[low]
            return a if a in legal else None
        try:
            a = parse_action(self.s.round, word)
        except NotationError:
            return None
        return a if a in legal else None

    # -----------------------------------------------------------------------------------------

    def show_events(self, events: list[Event]) -> None:
        """Print events; a finished hand gets its summary and the slate."""
        for ev in events:
            self.say(event_text(ev, self.deck, self.lang))
            if ev.kind == "hand_over":
                self.show_summary(ev.hand_no)

    def show_summary(self, hand_no: int) -> None:
        """The summary of hand ``hand_no`` and the Jasstafel."""
        g = self.s.game
        rd = g.rounds[hand_no - 1]
        start = g.start_scores[hand_no - 1]
        self.say(t("summary.title", self.lang, n=hand_no))
        ml = match_line(rd, self.lang)
        if ml:
            self.say(ml)
        for label, us, them in summary_rows(rd, start, self.lang):
            self.say(f"  {label}: {team_name(0, self.lang)} {us}, {team_name(1, self.lang)} {them}")
        self.show_tafel(hand_no)

    def show_tafel(self, hand_no: int | None = None) -> None:
        """Both halves of the slate for the scores after ``hand_no`` (now by default)."""
        g = self.s.game
        if hand_no is None:
            scores = g.scores
        else:
            rd = g.rounds[hand_no - 1]
            st = g.start_scores[hand_no - 1]
            scores = (st[0] + rd.credited[0], st[1] + rd.credited[1])
        striche = g.striche()
        self.say(t("tafel", self.lang) + ":")
        for team in (0, 1):
            for line in tafel_lines(scores[team], team_name(team, self.lang), self.lang,
                                    striche[team]):
                self.say("  " + line)

    def show_state(self) -> None:
        """What the player needs to decide: contract, trick on the table, hand."""
        obs = self.s.observation()
        lang, deck = self.lang, self.deck
        self.say(t("hand_no", lang, n=self.s.game.hand_no) + " — "
                 + " | ".join(observation_summary(obs, deck, lang)))
        if obs.phase in ("play", "weis", "stoeck") and obs.trick:
            table = ", ".join(f"{seat_name(s, lang)} {card_text(c, deck, lang)}"
                              for s, c in obs.trick)
            self.say(t("trick", lang, n=obs.trick_no + 1) + ": " + table)
        elif obs.phase == "play":
            self.say(t("trick", lang, n=obs.trick_no + 1) + ": " + seat_name(HUMAN, lang)
                     + " " + t("leads", lang))
        hand = ", ".join(card_text(c, deck, lang) for c in sort_hand(obs.hand, obs.trump))
        self.say(f"{t('your_hand', lang)}: {hand}")

    def show_last_trick(self) -> None:
        """The last completed trick of the hand in play (or of the previous hand)."""
        obs = self.s.observation()
        if not obs.trick_winners:
            last = self.s.last_finished_observation()
            if last is None or not last.trick_winners:
                self.say(t("no_last_trick", self.lang))
                return
            obs = last
        k = len(obs.trick_winners) - 1
        cards = obs.history[4 * k:4 * k + 4]
        table = ", ".join(f"{seat_name(s, self.lang)} {card_text(c, self.deck, self.lang)}"
                          for s, c in cards)
        self.say(f"{t('last_trick', self.lang)}: {table} — "
                 + t("trick_won_by", self.lang, seat=seat_name(obs.trick_winners[k], self.lang)))

    def command(self, line: str) -> bool:
        """Run a command line; True when it was one."""
        word, _, arg = line.strip().partition(" ")
        word = word.lower()
        lang = self.lang
        if word == "help":
            self.say(t("commands", lang))
            self.say(self.legal_line())
        elif word == "hint":
            a, value = self.s.hint()
            if value is None:
                self.say(t("hint_plain", lang, action=self.label(a)))
            else:
                self.say(t("hint", lang, action=self.label(a), value=f"{value:.1f}"))
        elif word == "undo":
            try:
                self.s.undo()
            except SessionError:
                self.say(t("nothing_to_undo", lang))
            else:
                self.say(t("undone", lang))
        elif word == "last":
            self.show_last_trick()
        elif word == "score":
            g = self.s.game
            self.say(t("score_line", lang, team0=team_name(0, lang), team1=team_name(1, lang),
                       s0=g.scores[0], s1=g.scores[1], target=g.rules.target))
        elif word == "tafel":
            self.show_tafel()
        elif word == "save":
            path = arg.strip() or self.autosave
            if not path:
                self.say("save FILE")
                return True
            try:
                p = self.s.save(path)
            except OSError as e:
                self.say(t("save_failed", lang, error=e.strerror or str(e)))
            else:
                self.say(t("saved", lang, path=p))
        elif word in ("quit", "exit"):
            raise _Quit(EXIT_QUIT)
        else:
            return False
        return True

    def decide(self) -> None:
        """Ask for one decision until a legal answer comes; apply it."""
        self.show_state()
        obs = self.s.observation()
        if obs.phase == "choose" and obs.pushed:
            self.say(t("choose.pushed_back" if obs.pushed_back else "choose.pushed", self.lang))
        if obs.phase == "weis":
            self.say(t("weis.prompt", self.lang))
        if obs.phase == "stoeck":
            self.say(t("stoeck.prompt", self.lang))
        while True:
            self.say(self.legal_line())
            self.say(f"? {obs.phase}")
            line = self.inp.readline()
            if not line:
                raise _Quit(EXIT_EOF)
            text = line.strip()
            if not text:
                continue
            if self.command(text):
                if obs != self.s.observation():
                    return  # undo changed the state: ask again from the new state
                continue
            action = self.parse(text)
            if action is None:
                what = "not_understood" if not self._looks_like_action(text) else "not_legal"
                self.say(t(what, self.lang, what=text, legal=", ".join(
                    f"{i}" for i in range(1, len(self.s.legal_actions()) + 1))))
                continue
            self.show_events(self.s.act(action))
            return

    def _looks_like_action(self, text: str) -> bool:
        if text.strip().isdigit():
            return True
        try:
            parse_action(self.s.round, text.strip())
        except NotationError:
            return False
        return True

    def run(self) -> int:
        """Play to the end; returns the exit code."""
        lang = self.lang
        self.say(f"Puur — Schieber. {seat_name(HUMAN, lang)}; {t('partner', lang)}: "
                 f"{seat_name(2, lang)}. {t('setup.target', lang)}: {self.s.rules.target}.")
        self.say(t("commands", lang))
        try:
            while not self.s.is_over:
                if self.s.human_to_move():
                    self.decide()
                else:
                    self.show_events(self.s.bot_step())
        except _Quit as q:
            if self.autosave and not self.s.is_over:
                self.s.save(self.autosave)
                self.say(t("saved", lang, path=self.autosave))
            self.say(t("bye", lang))
            return q.code
        self.say(t("game_over", lang))
        return EXIT_OK


def run_plain(session: PlaySession, inp: IO[str], out: IO[str], lang: str = "en",
              deck: str = "swiss", autosave: str | None = None) -> int:
    """Play ``session`` in line mode on ``inp``/``out``; returns the exit code."""
    return PlainGame(session, inp, out, lang, deck, autosave).run()


def run_plain_replay(rec: GameRecord, inp: IO[str], out: IO[str], lang: str = "en",
                     deck: str = "swiss") -> int:
    """Replay a record move by move with all hands open: Enter for the next move, ``q`` to stop.
    At the end of the input the rest is written at once."""
    from puur.notation import format_action

    def say(text: str) -> None:
        out.write(text + "\n")
        out.flush()

    waiting = True
    for h, acts in enumerate(rec.actions, start=1):
        game = replay(rec, h, 0)
        rd = game.round
        say(t("hand_no", lang, n=h))
        for s in range(4):
            cards = ", ".join(card_text(c, deck, lang) for c in sort_hand(rd.hands[s]))
            say(f"  {seat_name(s, lang, mark_you=False)}: {cards}")
        for a in acts:
            if waiting:
                line = inp.readline()
                if not line:
                    waiting = False
                elif line.strip().lower() in ("q", "quit"):
                    return EXIT_QUIT
            seat = rd.to_move
            token = format_action(rd, a)
            shown = card_text(a, deck, lang) if a < A_CHOOSE else token
            trick_before = len(rd.trick_winners)
            game.push(a)
            say(f"{seat_name(seat, lang, mark_you=False)}: {shown}")
            if len(rd.trick_winners) > trick_before:
                say("  " + t("trick_won_by", lang,
                             seat=seat_name(rd.trick_winners[-1], lang, mark_you=False)))
        hs = rd.hand_score()
        say(f"  {t('summary.hand_total', lang)}: {hs['total'][0]} : {hs['total'][1]}")
    final = replay(rec)
    if final.is_over:
        say(t("winner", lang, team=team_name(final.winner, lang),
              points=final.scores[final.winner]) + " — " + t(f"reason.{final.end_reason}", lang))
    return EXIT_OK

