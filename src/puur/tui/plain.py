"""``puur play --plain``: the game as plain lines, for pipes, screen readers and scripts. Every
decision of a Schieber hand (rule book §2.3-§2.6, ``docs/rulebook.md``) is asked here; the
engine's legal actions are the only answers accepted.

Protocol (see ``docs/terminal.md``): the program writes what happens, one event per line. When
it needs a decision it writes the state the player needs, a line ``Legal: 1=… 2=…`` (cards in
the order of the hand) and then a prompt line of its own, ``? play``, ``? choose``, ``? weis``
or ``? stoeck``. The player answers with one line: the number of a legal choice, or its name as
printed or its token (:mod:`puur.tui.names`: ``Schilten A``, ``SA``, ``Rosen``, ``push``,
``quiet``, ``yes``/``no``), or a command (``hint``, ``undo``, ``last``, ``score``, ``tafel``,
``save [FILE]``, ``help``, ``quit``). Input that is not understood or not legal is answered
with the reason (``you must follow Rosen``) and changes nothing; the legal line and the prompt
repeat.

Exit codes: 0 the game was played to its end; 3 the input ended before that; 4 the player quit
(in both cases the unfinished game is saved first, to ``--save FILE`` or the default save file);
2 bad arguments, an unreadable record or a record that cannot be continued.
"""

from __future__ import annotations

from pathlib import Path
from typing import IO

from puur.i18n import t
from puur.record import GameRecord, replay
from puur.tui.names import action_from_text
from puur.tui.notes import action_arg, note, render_arg, render_note
from puur.tui.reasons import why_illegal
from puur.tui.render import (
    card_text,
    event_text,
    match_line,
    observation_summary,
    replay_action_text,
    seat_name,
    sort_hand,
    summary_rows,
    tafel_lines,
    team_name,
    winner_text,
)
from puur.tui.session import HUMAN, Event, PlaySession, SessionError
from puur.tui.settings import default_save_path

__all__ = ["EXIT_EOF", "EXIT_OK", "EXIT_QUIT", "EXIT_USAGE", "run_plain", "run_plain_replay"]

EXIT_OK = 0
EXIT_USAGE = 2
EXIT_EOF = 3
EXIT_QUIT = 4

_HELP = ("help.hint", "help.undo", "help.last", "help.score", "help.tafel", "help.save",
         "help.help", "help.quit")


class _Quit(Exception):
    def __init__(self, code: int) -> None:
        self.code = code


def ordered_choices(session: PlaySession) -> list[int]:
    """The human's legal actions in the order they are offered: cards in the order of the hand
    as it is listed (trumps first, by suit, high cards first), everything else as the engine
    lists it."""
    legal = session.legal_actions()
    obs = session.observation()
    if obs.phase != "play":
        return legal
    order = {c: i for i, c in enumerate(sort_hand(obs.hand, obs.trump))}
    return sorted(legal, key=lambda a: order.get(a, len(order) + a))


class PlainGame:
    """The line-mode conversation around one :class:`PlaySession`."""

    def __init__(self, session: PlaySession, inp: IO[str], out: IO[str], lang: str = "en",
                 deck: str = "swiss", autosave: str | Path | None = None) -> None:
        self.s = session
        self.inp = inp
        self.out = out
        self.lang = lang
        self.deck = deck
        #: Where ``save`` without a name, ``quit`` and the end of the input save the game.
        self.save_path = Path(autosave) if autosave else default_save_path()

    def say(self, text: str = "") -> None:
        """Write one or more lines."""
        self.out.write(text + "\n")
        self.out.flush()

    # -----------------------------------------------------------------------------------------

    def label(self, action: int) -> str:
        """A legal action in words; a card with its token, e.g. ``Schilten A (SA)``."""
        return render_arg(action_arg(action, self.s.observation(), token=True), self.deck,
                          self.lang)

    def legal_line(self) -> str:
        """``Legal: 1=… 2=…``."""
        return "Legal: " + "  ".join(
            f"{i}={self.label(a)}" for i, a in enumerate(ordered_choices(self.s), start=1)
        )

    def parse(self, text: str) -> int | None:
        """The action a line names: the number of a choice or a name or token (legal or not),
        or None when it names no action; a number out of range gives -1."""
        word = text.strip()
        if word.isdigit():
            choices = ordered_choices(self.s)
            k = int(word)
            return choices[k - 1] if 1 <= k <= len(choices) else -1
        return action_from_text(word, self.s.observation(), self.s.round)

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
        self.say(t("summary.hand", self.lang, n=hand_no))
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
        self.say(t("jasstafel", self.lang) + ":")
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
            self.say(t("replay.step", lang, n=obs.trick_no + 1) + ": " + table)
        elif obs.phase == "play":
            self.say(t("replay.step", lang, n=obs.trick_no + 1) + ": " + seat_name(HUMAN, lang)
                     + " " + t("leads", lang))
        hand = ", ".join(card_text(c, deck, lang) for c in sort_hand(obs.hand, obs.trump))
        self.say(f"{t('aria.hand', lang)}: {hand}")

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
                 + t("trick_by", self.lang, who=seat_name(obs.trick_winners[k], self.lang)))

    def show_hint(self) -> None:
        """What the strongest computer player would do, with what its value means."""
        lang = self.lang
        obs = self.s.observation()
        a, value = self.s.hint()
        what = self.label(a)
        if value is not None and obs.phase == "play":
            self.say(t("hint.play", lang, action=what, value=f"{value:.0f}"))
        elif value is not None and obs.phase == "choose":
            self.say(t("hint.choose", lang, action=what, value=f"{value:+.0f}"))
        else:
            self.say(t("hint_plain", lang, action=what))

    def save(self, path: str | Path) -> None:
        """Save the game to ``path`` and say where and how to continue it."""
        try:
            p = self.s.save(path)
        except OSError as e:
            self.say(t("save_failed", self.lang, error=e.strerror or str(e)))
        else:
            self.say(t("saved_resume", self.lang, path=p))

    def command(self, line: str) -> bool:
        """Run a command line; True when it was one."""
        word, _, arg = line.strip().partition(" ")
        word = word.lower()
        lang = self.lang
        if word == "help":
            self.say(t("help.answer", lang))
            self.say(t("commands", lang))
            for key in _HELP:
                self.say(t(key, lang, path=self.save_path) if key == "help.save"
                         else t(key, lang))
        elif word == "hint":
            self.show_hint()
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
            self.save(arg.strip() or self.save_path)
        elif word in ("quit", "exit"):
            raise _Quit(EXIT_QUIT)
        else:
            return False
        return True

    def refuse(self, text: str, action: int | None) -> None:
        """Say why ``text`` is not taken: not understood, or not legal and why."""
        lang, deck = self.lang, self.deck
        if action is None:
            hand = sort_hand(self.s.observation().hand)
            example = card_text(hand[0], deck, lang) if hand else "SA"
            self.say(t("not_understood", lang, what=text, example=example))
            return
        obs = self.s.observation()
        if action < 0:
            why = note("why.number", n=text.strip(), count=len(obs.legal_actions))
        else:
            why = why_illegal(obs, action)
        self.say(t("not_legal", lang, what=text, why=render_note(why, deck, lang)))

    def decide(self) -> None:
        """Ask for one decision until a legal answer comes; apply it."""
        self.show_state()
        obs = self.s.observation()
        if obs.phase == "choose" and obs.pushed:
            self.say(t("choose.pushed_back" if obs.pushed_back else "pushed_to_you", self.lang))
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
            if action is None or action not in obs.legal_actions:
                self.refuse(text, action)
                continue
            self.show_events(self.s.act(action))
            return

    def run(self) -> int:
        """Play to the end; returns the exit code."""
        lang = self.lang
        self.say(f"Puur — Schieber. {seat_name(HUMAN, lang)}; {t('partner', lang)}: "
                 f"{seat_name(2, lang)}. {t('lobby.target', lang)}: {self.s.rules.target}.")
        self.say(t("commands", lang))
        try:
            while not self.s.is_over:
                if self.s.human_to_move():
                    self.decide()
                else:
                    self.show_events(self.s.bot_step())
        except _Quit as q:
            if not self.s.is_over and not self.s.is_saved():
                self.save(self.save_path)
            self.say(t("bye", lang))
            return q.code
        self.say(t("gameover", lang))
        return EXIT_OK


def run_plain(session: PlaySession, inp: IO[str], out: IO[str], lang: str = "en",
              deck: str = "swiss", autosave: str | Path | None = None) -> int:
    """Play ``session`` in line mode on ``inp``/``out``; returns the exit code. ``save`` without
    a name, ``quit`` and the end of the input save to ``autosave`` (default: the default save
    file)."""
    return PlainGame(session, inp, out, lang, deck, autosave).run()


def run_plain_replay(rec: GameRecord, inp: IO[str], out: IO[str], lang: str = "en",
                     deck: str = "swiss") -> int:
    """Replay a record move by move with all hands open: Enter for the next move, ``q`` to stop.
    At the end of the input the rest is written at once."""
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
            trick_before = len(rd.trick_winners)
            say(replay_action_text(rd, a, deck, lang))
            game.push(a)
            if len(rd.trick_winners) > trick_before:
                say("  " + t("trick_by", lang,
                             who=seat_name(rd.trick_winners[-1], lang, mark_you=False)))
        hs = rd.hand_score()
        say(f"  {t('summary.total', lang)}: {hs['total'][0]} : {hs['total'][1]}")
    final = replay(rec)
    if final.is_over:
        say(winner_text(final.winner, final.scores[final.winner], final.end_reason, lang))
    return EXIT_OK

