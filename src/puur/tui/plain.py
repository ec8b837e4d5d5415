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
from typing import IO, Any

from puur.i18n import t
from puur.record import GameRecord, replay
from puur.tui.coaching import coach_hand, coach_lines
from puur.tui.faces import Face, face_for
from puur.tui.moves import Move, action_of, ask_kind, decode, find, row_groups, variant_of
from puur.tui.names import action_from_text, contract_from_text, fold, rows_from_text
from puur.tui.notes import Count, Row, action_arg, note, render_arg, render_note
from puur.tui.reasons import why_illegal, why_row
from puur.tui.render import (
    card_text,
    contract_name,
    contract_way,
    event_text,
    playable_cards,
    replay_action_text,
    seat_name,
    sort_hand,
)
from puur.tui.session import HUMAN, Event, PlaySession, SessionError
from puur.tui.settings import default_save_path

__all__ = ["EXIT_EOF", "EXIT_OK", "EXIT_QUIT", "EXIT_USAGE", "run_plain", "run_plain_replay"]

EXIT_OK = 0
EXIT_USAGE = 2
EXIT_EOF = 3
EXIT_QUIT = 4

_HELP = ("help.hint", "help.undo", "help.last", "help.coach")
_HELP_END = ("help.save", "help.help", "help.quit")
#: An answer that goes back from the ways of playing a row to the rows.
_BACK = -1


class _Quit(Exception):
    def __init__(self, code: int) -> None:
        self.code = code


def ordered_choices(session: PlaySession) -> list[int]:
    """The human's legal actions in the order they are offered: cards in the order of the hand
    as it is listed (trumps first, by suit, high cards first), everything else as the engine
    lists it."""
    legal = session.legal_actions()
    obs = session.observation()
    if _bid_field(session, obs):
        # The numeric bids are typed as their figures (see :meth:`PlainGame.legal_line`).
        return [a for a in legal if decode(session.variant, a).kind != "bid"]
    if obs.phase != "play":
        return legal
    order = {c: i for i, c in enumerate(sort_hand(playable_cards(obs), obs.trump))}
    return sorted(legal, key=lambda a: order.get(a, len(order) + a))


def _bid_field(session: PlaySession, obs: Any) -> bool:
    """Whether the human is asked for a bid of an auction whose numeric bids are typed as
    figures (``Face.bid_field``)."""
    return obs.phase == "bid" and face_for(session.variant.key).bid_field


def _numeric_bids(session: PlaySession, obs: Any) -> dict[int, int]:
    """The legal numeric bids by their points."""
    out = {}
    for a in obs.legal_actions:
        m = decode(session.variant, a)
        if m.kind == "bid":
            out[m.value] = a
    return out


class PlainGame:
    """The line-mode conversation around one :class:`PlaySession`."""

    def __init__(self, session: PlaySession, inp: IO[str], out: IO[str], lang: str = "en",
                 deck: str = "swiss", autosave: str | Path | None = None) -> None:
        self.s = session
        self.inp = inp
        self.out = out
        self.lang = lang
        self.deck = deck
        self.face: Face = face_for(session.variant.key)
        #: Where ``save`` without a name, ``quit`` and the end of the input save the game.
        self.save_path = Path(autosave) if autosave else default_save_path()

    def say(self, text: str = "") -> None:
        """Write one or more lines."""
        self.out.write(text + "\n")
        self.out.flush()

    def seat(self, seat: int) -> str:
        """A seat's name at this table."""
        return seat_name(seat, self.lang, seats=self.s.num_seats)

    # -----------------------------------------------------------------------------------------

    def label(self, action: int) -> str:
        """A legal action in words; a card with its token, e.g. ``Schilten A (SA)``."""
        return render_arg(action_arg(action, self.s.observation(), token=True), self.deck,
                          self.lang)

    def legal_line(self, kind: str = "", way: list[int] | None = None) -> str:
        """``Legal: 1=… 2=…``; a forecast's range; the open rows by their numbers and push;
        the ways of playing a row and back."""
        obs = self.s.observation()
        if kind == "forecast":
            values = [decode(self.s.variant, a).value for a in obs.legal_actions]
            return "Legal: " + t("plain.forecast_range", self.lang, lo=min(values),
                                 hi=max(values))
        if kind == "row":
            parts = []
            for row, actions in row_groups(obs):
                if row < 0:
                    parts.append(f"push={t('push', self.lang)}")
                elif len(actions) == 1:
                    parts.append(f"{row + 1}={self.label(actions[0])}")
                else:
                    discipline, mult = obs.sheet_rows[row]
                    name = render_arg(Row(row, discipline, mult), self.deck, self.lang)
                    parts.append(f"{row + 1}={name} …")
            return "Legal: " + "  ".join(parts)
        if way is not None:
            parts = [f"{i}={contract_way(decode(self.s.variant, a).contract, self.deck, self.lang)}"
                     for i, a in enumerate(way, start=1)]
            return "Legal: " + "  ".join(parts) + f"  back={t('row.back', self.lang)}"
        line = "Legal: " + "  ".join(
            f"{i}={self.label(a)}" for i, a in enumerate(ordered_choices(self.s), start=1)
        )
        bids = sorted(_numeric_bids(self.s, obs)) if _bid_field(self.s, obs) else []
        if bids:
            line += "  " + t("plain.bid_range", self.lang, lo=bids[0], hi=bids[-1])
        return line

    def parse(self, text: str) -> int | None:
        """The action a line names: the number of a choice or a name or token (legal or not),
        or None when it names no action; a number out of range gives -1."""
        word = text.strip()
        obs = self.s.observation()
        if word.isascii() and word.isdigit() and _bid_field(self.s, obs):
            bid = _numeric_bids(self.s, obs).get(int(word))
            if bid is not None:
                return bid
        if word.isdigit():
            choices = ordered_choices(self.s)
            k = int(word)
            return choices[k - 1] if 1 <= k <= len(choices) else -1
        return action_from_text(word, self.s.observation(), self.s.round)

    # -----------------------------------------------------------------------------------------

    def show_events(self, events: list[Event]) -> None:
        """Print events; a finished hand gets its summary (and the slate or the sheet)."""
        for ev in events:
            self.say(event_text(ev, self.deck, self.lang))
            if ev.kind == "hand_over":
                self.show_summary(ev.hand_no)

    def show_summary(self, hand_no: int) -> None:
        """The summary of hand ``hand_no``."""
        self.say(t("summary.hand", self.lang, n=hand_no))
        for line in self.face.summary_lines(self.s.game, hand_no, self.lang, self.deck):
            self.say(line)

    def show_tafel(self) -> None:
        """The score sheet now (Schieber: both halves of the slate)."""
        lines = self.face.sheet_lines(self.s.game, self.lang, self.deck)
        if self.face.sheet_title != "jasstafel":
            self.say(t(self.face.sheet_title, self.lang) + ":")
        for line in lines:
            self.say(line)

    def show_state(self) -> None:
        """What the player needs to decide: the hand's state, the trick on the table, the
        hand."""
        obs = self.s.observation()
        lang, deck = self.lang, self.deck
        for line in self.face.state_lines(self.s, obs, lang, deck):
            self.say(line)
        if obs.phase in ("play", "weis", "stoeck") and obs.trick:
            table = ", ".join(f"{self.seat(s)} {card_text(c, deck, lang)}"
                              for s, c in obs.trick)
            self.say(t("replay.step", lang, n=obs.trick_no + 1) + ": " + table)
        elif obs.phase == "play":
            self.say(t("replay.step", lang, n=obs.trick_no + 1) + ": " + self.seat(HUMAN)
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
        n = self.s.num_seats
        k = len(obs.trick_winners) - 1
        cards = obs.history[n * k:n * k + n]
        table = ", ".join(f"{self.seat(s)} {card_text(c, self.deck, self.lang)}"
                          for s, c in cards)
        self.say(f"{t('last_trick', self.lang)}: {table} — "
                 + t("trick_by", self.lang, who=self.seat(obs.trick_winners[k])))

    def show_coach(self) -> None:
        """What the human's decisions of the last finished hand cost (the coach)."""
        g = self.s.game
        last = g.hand_no if self.s.is_over else g.hand_no - 1
        if last < 1:
            self.say(t("coach.no_hand", self.lang))
            return
        self.say(t("coach.working", self.lang))
        record, report = coach_hand(self.s, last)
        self.say(t("coach.title", self.lang, hand=last))
        for line in coach_lines(record, report, self.lang, self.deck):
            self.say(line)

    def show_hint(self) -> None:
        """What the strongest computer player would do, with what its value means."""
        obs = self.s.observation()
        a, value = self.s.hint()
        hint = self.face.hint_note(self.s, obs, self.label(a), value, a)
        self.say(render_note(hint, self.deck, self.lang))

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
        face = self.face
        if word == "help":
            self.say(t(face.help_key, lang))
            self.say(t(face.commands_key, lang))
            for key in (*_HELP, face.help_score_key, face.help_sheet_key, *_HELP_END):
                self.say(t(key, lang, path=self.save_path) if key == "help.save"
                         else t(key, lang))
        elif word in ("hint", "?"):
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
        elif word == "coach":
            self.show_coach()
        elif word == "score":
            self.say(face.score_line(self.s.game, lang))
        elif word in ("tafel", "sheet"):
            self.show_tafel()
        elif word == "save":
            self.save(arg.strip() or self.save_path)
        elif word in ("quit", "exit"):
            raise _Quit(EXIT_QUIT)
        else:
            return False
        return True

    def refuse(self, text: str, action: int | None, kind: str = "") -> None:
        """Say why ``text`` is not taken: not understood, or not legal and why."""
        lang, deck = self.lang, self.deck
        obs = self.s.observation()
        if action is None:
            if kind in ("forecast", "row", "way"):
                self.say(t(f"plain.not_understood_{kind}", lang, what=text))
                return
            hand = sort_hand(obs.hand)
            example = card_text(hand[0], deck, lang) if hand else "SA"
            self.say(t("not_understood", lang, what=text, example=example))
            return
        if action < 0:
            why = note("why.number", n=text.strip(), count=len(obs.legal_actions))
        else:
            why = why_illegal(obs, action)
        self.say(t("not_legal", lang, what=text, why=render_note(why, deck, lang)))

    def refuse_note(self, text: str, why: Any) -> None:
        """Say that ``text`` is not legal, and why (a note)."""
        self.say(t("not_legal", self.lang, what=text,
                   why=render_note(why, self.deck, self.lang)))

    # -----------------------------------------------------------------------------------------
    # The answers of a forecast and of a row of the sheet

    def forecast_answer(self, text: str) -> int | None:
        """A forecast typed as its figure (or an engine token); a figure out of the range is
        refused here (None is returned after the refusal, -2 means refused)."""
        word = text.strip()
        legal = self.s.observation().legal_actions
        if word.isascii() and word.isdigit():
            a = find(self.s.variant, legal, "forecast", int(word))
            if a < 0:
                values = [decode(self.s.variant, x).value for x in legal]
                self.refuse_note(text, note("why.forecast", lo=min(values), hi=max(values)))
                return -2
            return a
        return action_from_text(word, self.s.observation(), self.s.round)

    def row_answer(self, text: str) -> int | None:
        """A row typed by its number or name (with the way to play it, or asked next), push,
        or an engine token; -2 when the answer was refused here (the reason is said)."""
        obs = self.s.observation()
        variant = variant_of(obs)
        groups = dict(row_groups(obs))
        rows, contract = rows_from_text(text, obs)
        if not rows:
            return action_from_text(text.strip(), obs, self.s.round)
        open_rows = [r for r in rows if r in groups]
        if not open_rows:
            self.refuse_note(text, why_row(obs, rows[0]))
            return -2
        if len(open_rows) > 1:
            self.refuse_note(text, note("why.rows_several", rows=", ".join(
                str(r + 1) for r in open_rows)))
            return -2
        row = open_rows[0]
        if contract >= 0:
            a = find(variant, obs.legal_actions, "row", row, contract)
            if a < 0:
                self.refuse(text, action_of(variant, Move("row", row, contract)))
                return -2
            return a
        if len(groups[row]) == 1:
            return groups[row][0]
        return self.ask_way(row)

    def ask_way(self, row: int) -> int | None:
        """How to play ``row``: a number of the list, a contract by name or token, or back
        (None)."""
        obs = self.s.observation()
        way = dict(row_groups(obs))[row]
        discipline, mult = obs.sheet_rows[row]
        self.say(t("row.how", self.lang, row=render_arg(Row(row, discipline, mult), self.deck,
                                                         self.lang)))
        while True:
            self.say(self.legal_line(way=way))
            self.say("? way")
            text = self.read()
            if self.command(text):
                if obs != self.s.observation():
                    return None
                continue
            word = text.strip()
            if fold(word) in ("back", "zuruck", "retour", "indietro", fold(t("row.back",
                                                                              self.lang))):
                return None
            if word.isdigit():
                k = int(word)
                if 1 <= k <= len(way):
                    return way[k - 1]
                self.refuse(text, -1)
                continue
            c = contract_from_text(word)
            a = -1 if c is None else find(variant_of(obs), way, "row", row, c)
            if a >= 0:
                return a
            if c is not None:
                self.refuse(text, action_of(variant_of(obs), Move("row", row, c)))
            else:
                self.refuse(text, None, "way")

    # -----------------------------------------------------------------------------------------

    def read(self) -> str:
        """The next line that is not empty (the end of the input quits)."""
        while True:
            line = self.inp.readline()
            if not line:
                raise _Quit(EXIT_EOF)
            if line.strip():
                return line.strip()

    def decide(self) -> None:
        """Ask for one decision until a legal answer comes; apply it."""
        self.show_state()
        obs = self.s.observation()
        kind = ask_kind(obs)
        if obs.phase == "choose" and kind == "choose" and obs.pushed:
            self.say(t("choose.pushed_back" if obs.pushed_back else "pushed_to_you", self.lang))
        if kind == "row" and obs.pushes:
            self.say(t("row.pushed_to_you", self.lang,
                       pushes=render_arg(Count("pushes.count", obs.pushes), self.deck,
                                         self.lang)))
        if obs.phase == "weis":
            self.say(t("weis.prompt", self.lang))
        if obs.phase == "stoeck":
            self.say(t("stoeck.prompt", self.lang))
        if obs.phase == "declare":
            self.say(t("declare.prompt", self.lang, trumps=contract_name(obs.trump, self.deck,
                                                                          self.lang),
                       card=card_text(obs.turned, self.deck, self.lang)))
        while True:
            self.say(self.legal_line(kind))
            self.say(f"? {kind}")
            text = self.read()
            if self.command(text):
                if obs != self.s.observation():
                    return  # undo changed the state: ask again from the new state
                continue
            if kind == "forecast":
                action = self.forecast_answer(text)
            elif kind == "row":
                action = self.row_answer(text)
                if action is None and rows_from_text(text, obs)[0]:
                    continue  # back from the ways of a row
            else:
                action = self.parse(text)
            if action == -2:
                continue
            if action is None or action not in obs.legal_actions:
                self.refuse(text, action, kind)
                continue
            self.show_events(self.s.act(action))
            return

    def run(self) -> int:
        """Play to the end; returns the exit code."""
        lang = self.lang
        self.say(self.face.intro(self.s, lang))
        self.say(t(self.face.commands_key, lang))
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
    final = replay(rec)
    face = face_for(final.variant.key)
    for h, acts in enumerate(rec.actions, start=1):
        game = replay(rec, h, 0)
        rd = game.round
        n = rd.num_seats
        say(t("hand_no", lang, n=h))
        for s in range(n):
            cards = ", ".join(card_text(c, deck, lang) for c in sort_hand(rd.hands[s]))
            say(f"  {seat_name(s, lang, mark_you=False, seats=n)}: {cards}")
        for a in acts:
            if waiting:
                line = inp.readline()
                if not line:
                    waiting = False
                elif line.strip().lower() in ("q", "quit"):
                    return EXIT_QUIT
            trick_before = len(rd.trick_winners)
            say(replay_action_text(rd, a, deck, lang, variant=game.variant))
            game.push(a)
            if len(rd.trick_winners) > trick_before:
                say("  " + t("trick_by", lang, who=seat_name(rd.trick_winners[-1], lang,
                                                             mark_you=False, seats=n)))
        total = face.hand_total_line(game, h, lang, deck)
        if total:
            say(total)
    if final.is_over:
        say(face.final_text(final, lang))
    return EXIT_OK
