"""One human against computer players: the game loop shared by the full-screen app and the
plain line mode, for every variant of :mod:`puur.variants` (rule book §2, ``docs/rulebook.md``,
and each variant's page: every decision of a hand comes from the engine).

A :class:`PlaySession` owns a game of any variant (Schieber's :class:`~puur.game.Game`, a
Differenzler or Coiffeur game), the computer players of the other seats and the seat of the
human (always seat 0, South; in a team game the partner is North). It never decides a rule: the
legal actions, trick winners and scores come from the engine. What it hands to an interface is
the human's own observation and :class:`~puur.tui.events.Event` values built from public
information (cards played, contracts, rows, forecasts as the rules show them, announced Weis and
Stöck, trick winners, scores). The bots' hidden decisions (a Weis kept quiet, Stöck not
announced, a hidden forecast's figure) make no event that tells them.

Undo takes back the human's last card of the current hand together with the bots' actions that
followed it, also when that card completed a trick; the bots then play again from there. Save
and resume use game records (:mod:`puur.record`) with the seats written in them;
:meth:`PlaySession.history_events` tells a resumed game's past again for the log.

A computer player may think in a worker thread: :meth:`PlaySession.bot_turn` hands out a frozen
observation, the bot decides on it alone, and :meth:`PlaySession.bot_apply` refuses the answer
when the game moved on meanwhile (an undo, say), so the thread never reads a changing game.
"""

from __future__ import annotations

import sys
import threading
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from puur.bots import BOTS, Bot, make_bot
from puur.i18n import t
from puur.record import GameRecord, SeatInfo, format_record, read_record
from puur.tui.events import HUMAN, Event, apply_action
from puur.variants import Variant, VariantError, get, variants

__all__ = [
    "HUMAN",
    "Event",
    "PlaySession",
    "SessionError",
    "available_bots",
    "best_bot_name",
    "build_bot",
    "default_bot_name",
    "seat_labels",
    "seat_positions",
    "variant_of_rules",
]


#: Bots from strongest to weakest; the hint and the default opponents use the first available.
_STRENGTH_ORDER = ("search", "ismcts", "pimc", "rules", "random")


class SessionError(ValueError):
    """A request the session cannot carry out (not your turn, illegal action …); nothing changed."""


def _levels(name: str) -> list[str]:
    # A bot module may publish strength levels (e.g. seconds per decision) as ``LEVELS``.
    factory = BOTS.get(name)
    module = sys.modules.get(getattr(factory, "__module__", ""), None)
    levels = getattr(module, "LEVELS", None)
    return [str(k) for k in levels] if isinstance(levels, dict) else []


def available_bots() -> list[str]:
    """The computer players to choose from, strongest first where known: each registered bot,
    and ``name:level`` for each strength level a bot offers (e.g. ``search:fast``)."""
    names = list(BOTS)
    known = [n for n in _STRENGTH_ORDER if n in names and n != "random"]
    rest = sorted(n for n in names if n not in known and n != "random")
    out: list[str] = []
    for n in known + rest:
        out.append(n)
        out.extend(f"{n}:{lvl}" for lvl in _levels(n))
    return out + (["random"] if "random" in names else [])


def best_bot_name() -> str:
    """The strongest registered computer player (at its default strength)."""
    return available_bots()[0]


def default_bot_name() -> str:
    """The default opponent: the strongest player at a quick level when it offers one, so that
    play does not drag."""
    best = best_bot_name()
    levels = _levels(best)
    for lvl in ("fast", "quick"):
        if lvl in levels:
            return f"{best}:{lvl}"
    return best


def build_bot(spec: str, seed: int | None = None) -> Bot:
    """A bot from ``name`` or ``name:level``; options it does not take are left out."""
    name, _, level = spec.partition(":")
    options: dict[str, object] = {"seed": seed}
    if level:
        options["budget"] = level
    try:
        return make_bot(name, **options)
    except TypeError:
        options.pop("seed")
        return make_bot(name, **options)


def variant_of_rules(rules: Any) -> Variant:
    """The registered variant whose option set ``rules`` is (Schieber for ``None``)."""
    if rules is None:
        return get("schieber")
    for v in variants():
        if v.is_rules(rules):
            return v
    raise SessionError(f"no variant plays with {type(rules).__name__}")


def seat_labels(n: int) -> str:
    """The computer players' seats in words, for messages: ``East, North, West``."""
    return ", ".join(t(f"seat.{p}", "en") for p in seat_positions(n)[1:])


def seat_positions(n: int) -> tuple[int, ...]:
    """Where each seat sits at the table: 0 South, 1 East, 2 North, 3 West, 4 North-East,
    5 North-West; at a table of two the other player sits North, at a table of three the
    second player sits East and the third West, at a table of five South, East, North-East,
    North-West, West, at a table of six North sits between North-East and North-West, at a
    table of seven the last player sits South-West (6) (the seats go round counter-clockwise)."""
    if n == 2:
        return (0, 2)
    if n == 3:
        return (0, 1, 3)
    if n == 5:
        return (0, 1, 4, 5, 3)
    if n == 6:
        return (0, 1, 4, 2, 5, 3)
    if n == 7:
        return (0, 1, 4, 2, 5, 3, 6)
    return tuple(range(n))


class PlaySession:
    """The game of one human (seat 0) with computer players at the other seats."""

    def __init__(
        self,
        rules: Any = None,
        bots: Sequence[str] | None = None,
        seed: int | str | None = None,
        game: Any = None,
        player_name: str = "human",
        hint_bot: str | None = None,
        variant: str | None = None,
    ) -> None:
        if game is None:
            try:
                v = get(variant) if variant is not None else variant_of_rules(rules)
                game = v.new_game(v.check_rules(rules), seed=seed)
            except VariantError as e:
                raise SessionError(str(e)) from None
        n = game.num_seats
        if bots is None:
            bots = ["random"] * (n - 1)
        if len(bots) != n - 1:
            words = {2: "two", 3: "three"}.get(n - 1, str(n - 1))
            raise SessionError(f"{words} computer players are needed ({seat_labels(n)})")
        for b in bots:
            if b not in available_bots():
                raise SessionError(
                    f"unknown computer player {b!r}; known: {', '.join(available_bots())}"
                )
        self.game: Any = game
        self.variant: Variant = game.variant
        self.rules: Any = self.game.rules
        self.num_seats: int = n
        self.bot_names: tuple[str, ...] = tuple(bots)
        seed_ = self.game.seed
        base = seed_ if isinstance(seed_, int) else zlib.crc32(str(seed_).encode())
        self.bots: dict[int, Bot] = {
            s: build_bot(bots[s - 1], seed=(base + s) % 2**32) for s in range(1, n)
        }
        self.player_name = player_name
        self.hint_bot_name = hint_bot
        self._hint_bot: Bot | None = None
        self._hint_lock = threading.Lock()
        #: Where the game was last saved (or resumed from) and the record text written there.
        self._saved: tuple[Path, str] | None = None

    # -----------------------------------------------------------------------------------------
    # What the human may see

    @property
    def round(self) -> Any:
        """The hand in play (engine object: interfaces read only public fields of it)."""
        return self.game.round

    @property
    def sides(self) -> tuple[int, ...]:
        """The side of each seat (two teams, or one side per player)."""
        return tuple(self.game.sides)

    @property
    def alone(self) -> bool:
        """True when every player plays alone."""
        return len(set(self.game.sides)) == self.num_seats

    def observation(self) -> Any:
        """The human's view of the current hand."""
        return self.game.round.observation(HUMAN)

    def last_finished_observation(self) -> Any:
        """The human's view of the hand that finished last (None before the first ends)."""
        done = [r for r in self.game.rounds if r.is_over]
        return done[-1].observation(HUMAN) if done else None

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return bool(self.game.is_over)

    def human_to_move(self) -> bool:
        """True when the game waits for the human."""
        return not self.game.is_over and self.game.to_move == HUMAN

    def legal_actions(self) -> list[int]:
        """The human's legal actions now (empty when it is not their turn)."""
        return list(self.observation().legal_actions) if self.human_to_move() else []

    def seats(self) -> dict[int, SeatInfo]:
        """Who sits where, for records."""
        info = {HUMAN: SeatInfo("human", self.player_name)}
        for s in range(1, self.num_seats):
            info[s] = SeatInfo(f"bot:{self.bot_names[s - 1]}", self.bots[s].name)
        return info

    def player(self, seat: int) -> str:
        """The computer player at ``seat`` (``""`` for the human's seat)."""
        return self.bot_names[seat - 1] if seat != HUMAN else ""

    # -----------------------------------------------------------------------------------------
    # Acting

    def act(self, action: int) -> list[Event]:
        """The human's action; an illegal one raises :class:`SessionError` and changes nothing."""
        if not self.human_to_move():
            raise SessionError("it is not your turn")
        if action not in self.legal_actions():
            raise SessionError(f"action {action} is not legal now")
        return self._push(action)

    def bot_turn(self) -> tuple[Bot, Any]:
        """The bot to move and its observation (frozen: the bot may decide on it in a worker
        thread while the game is changed here)."""
        if self.game.is_over or self.game.to_move == HUMAN:
            raise SessionError("no computer player is to move")
        seat = self.game.to_move
        return self.bots[seat], self.game.round.observation(seat)

    def bot_decide(self) -> int:
        """The action the bot to move chooses (not applied)."""
        bot, obs = self.bot_turn()
        return bot.act(obs)

    def bot_apply(self, action: int, obs: Any = None) -> list[Event]:
        """Apply an action the bot to move chose; with ``obs`` (from :meth:`bot_turn`) it is
        refused with :class:`SessionError` when the game is no longer where the bot decided."""
        if self.game.is_over or self.game.to_move == HUMAN:
            raise SessionError("no computer player is to move")
        seat = self.game.to_move
        now = self.game.round.observation(seat)
        if obs is not None and obs != now:
            raise SessionError("the game moved on while the computer player was thinking")
        if action not in now.legal_actions:
            raise SessionError(f"computer player at seat {seat} chose an illegal action")
        return self._push(action)

    def bot_step(self) -> list[Event]:
        """Let the bot to move take one action (nothing when the human is to move)."""
        if self.game.is_over or self.game.to_move == HUMAN:
            return []
        return self.bot_apply(self.bot_decide())

    def run_bots(self) -> list[Event]:
        """Let the bots act until the human is to move or the game ends."""
        out: list[Event] = []
        while not self.game.is_over and self.game.to_move != HUMAN:
            out.extend(self.bot_step())
        return out

    def _push(self, action: int) -> list[Event]:
        return apply_action(self.game, action)

    def history_events(self) -> list[Event]:
        """The events of the whole game so far, as the human saw them (to fill the log of a
        resumed game): the game is played again from its deals on a copy."""
        g = self.game
        copy = self.variant.new_game(self.rules, g.seed,
                                     [g.deal_for(i) for i in range(len(g.rounds))])
        out: list[Event] = []
        for acts in g.actions:
            for a in acts:
                out.extend(apply_action(copy, a))
        return out

    # -----------------------------------------------------------------------------------------
    # Undo and hint

    def can_undo(self) -> bool:
        """True when the human has played a card in the current hand (and the game runs)."""
        if self.game.is_over:
            return False
        rd = self.game.round
        return any(s == HUMAN for s, _c in rd.observation(HUMAN).history)

    def undo(self) -> None:
        """Take back the human's last card in this hand and everything after it.

        Raises :class:`SessionError` (changing nothing) when there is no such card.
        """
        if not self.can_undo():
            raise SessionError("nothing to undo in this hand")
        rd = self.game.round
        history = rd.observation(HUMAN).history
        last = max(i for i, (s, _c) in enumerate(history) if s == HUMAN)
        while len(rd.played) > last:
            rd.pop()

    def hint(self, obs: Any = None) -> tuple[int, float | None]:
        """What the strongest computer player would do for the human, and its estimated value
        (None when that player gives no value). Schieber: in card play the card points (with
        the last-trick and Match bonus, before the multiplier) the human's team can expect from
        the current trick to the end of the hand; choosing: the expected point difference
        between the teams in this hand times the multiplier; Weis and Stöck: their points. The
        other variants: the variant's value for the seat (:mod:`puur.bots.variant_search`:
        minus the expected Differenzler penalty; the Coiffeur row against its baseline).

        ``obs`` is the human's observation to decide on (taken now by default); a worker thread
        passes one taken before. Raises :class:`SessionError` when it is not the human's turn.
        """
        if obs is None:
            if not self.human_to_move():
                raise SessionError("it is not your turn")
            obs = self.observation()
        if not obs.legal_actions:
            raise SessionError("it is not your turn")
        with self._hint_lock:  # one hint at a time: the hint player is not shared by threads
            return self._hint(obs)

    def _hint(self, obs: Any) -> tuple[int, float | None]:
        if self._hint_bot is None:
            self._hint_bot = build_bot(self.hint_bot_name or best_bot_name(), seed=1)
        bot = self._hint_bot
        ranked = getattr(bot, "ranked", None)
        if callable(ranked):
            ranking = ranked(obs)
            if ranking:
                # The player's own choice comes first (actions its search left out follow).
                best = ranking[0]
                return int(best[0]), float(best[1])
        return bot.act(obs), None

    # -----------------------------------------------------------------------------------------
    # Records

    def record_text(self) -> str:
        """The game so far as a record (see :mod:`puur.record`)."""
        return format_record(self.game, self.seats())

    def save(self, path: str | Path) -> Path:
        """Write the game to ``path`` as a record; returns the path."""
        p = Path(path)
        p.parent.mkdir(parents=True, exist_ok=True)
        text = self.record_text()
        p.write_text(text, encoding="utf-8")
        self._saved = (p, text)
        return p

    def is_saved(self) -> bool:
        """True when the file the game was last saved to (or resumed from) still holds it as it
        stands now."""
        if self._saved is None:
            return False
        path, text = self._saved
        if text != self.record_text():
            return False
        try:
            return path.read_text(encoding="utf-8") == text
        except OSError:
            return False

    @classmethod
    def resume(
        cls, path: str | Path, bots: Sequence[str] | None = None, player_name: str = "human"
    ) -> PlaySession:
        """Continue a saved game. The bots are the record's (or ``bots``); a seat that named a
        computer player not available here gets the strongest available one."""
        rec = read_record(path)
        session = cls.from_record(rec, bots, player_name)
        # Resumed as the file holds it: leaving at once loses nothing.
        session._saved = (Path(path), session.record_text())
        return session

    @classmethod
    def from_record(
        cls, rec: GameRecord, bots: Sequence[str] | None = None, player_name: str = "human"
    ) -> PlaySession:
        """A session continuing the game of ``rec``."""
        if rec.seats.get(HUMAN) is not None and rec.seats[HUMAN].kind != "human":
            raise SessionError("this record has no human at seat 0 (South) to continue")
        game = rec.to_game()
        if game.is_over:
            raise SessionError("this game is already over; replay it instead")
        names: list[str] = []
        for s in range(1, game.num_seats):
            kind = rec.seats[s].kind if s in rec.seats else ""
            # Seats are written as bot:NAME (NAME may carry a level, bot:search:fast).
            name = kind.removeprefix("bot:") if kind.startswith("bot:") else ""
            if bots is not None:
                name = bots[s - 1]
            names.append(name if name in available_bots() else default_bot_name())
        name = rec.seats[HUMAN].name if HUMAN in rec.seats else player_name
        return cls(bots=names, game=game, player_name=name or player_name)
