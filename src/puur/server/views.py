"""What each client is sent: a seat's view of the game, a spectator's view, hand and game summaries,
and the replay of a finished game (hidden cards stay hidden).

A seat's view is built from ``round.observation(seat)`` and nothing else of the hand in play; a
spectator's view from the public parts of an observation (no hand, Weis only as the table learns
them, no own declaration). The phases ``weis`` and ``stoeck`` are shown only to the seat that is
deciding; everyone else sees ``play`` with the same seat to move, because the mere question would
tell that the seat holds a Weis or the Stöck (docs/protocol.md). The replay, with every hand
open, is built only for finished games.

**Secret decisions.** A seat is asked about its Weis (and, with ``stoeck_announce =
"with-weis"``, about its Stöck) in trick 1 only when it holds one (rule book §2.5, §2.6), so the
decision itself, whichever it is, must not reach anyone else when it is made: the table learns a
declared Weis or an announced Stöck together with the seat's next card, as it is said aloud at
the table, and of a seat that keeps quiet it learns nothing at all. :func:`is_secret` says which
actions these are, :func:`withheld` how many of them the table has not been told yet, and
:func:`as_the_table_sees_it` shows the game without them, for every view but the deciding
seat's own.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from puur.actions import A_STOECK, A_STOECK_NO, A_WEIS, MAX_WEIS_OPTIONS
from puur.cards import bits, format_card
from puur.contracts import POINTS, contract_mode, format_contract
from puur.game import Game
from puur.observation import Observation
from puur.round import Round
from puur.rules import RuleSet, rules_to_dict
from puur.server.messages import PROTOCOL_VERSION, action_json, meld_json

__all__ = [
    "as_the_table_sees_it",
    "describe_action",
    "game_view",
    "hand_summary",
    "is_secret",
    "private_view",
    "public_event",
    "public_view",
    "replay_json",
    "result_json",
    "revealed_json",
    "step_summaries",
    "trick_points",
    "withheld",
]


def is_secret(rules: RuleSet, action: int) -> bool:
    """Whether ``action`` is a decision the table learns only with the seat's next card: a Weis
    decision, or a Stöck decision when Stöck is announced with the Weis."""
    if A_WEIS <= action <= A_WEIS + MAX_WEIS_OPTIONS:
        return True
    return action in (A_STOECK, A_STOECK_NO) and rules.stoeck_announce == "with-weis"


def withheld(game: Game) -> int:
    """How many of the last actions are secret decisions the table has not been told yet (those
    of the seat to move, before its card); none once the game is over."""
    if game.is_over:
        return 0
    n = 0
    for a in reversed(game.round.actions):
        if not is_secret(game.rules, a):
            break
        n += 1
    return n


@contextmanager
def as_the_table_sees_it(game: Game) -> Iterator[Game]:
    """``game`` without the decisions :func:`withheld` counts, for as long as the block runs
    (they are undone and then applied again)."""
    undone = [game.pop() for _ in range(withheld(game))]
    try:
        yield game
    finally:
        for a in reversed(undone):
            game.push(a)


def revealed_json(rnd: Round, seat: int, actions: list[int]) -> list[dict[str, Any]]:
    """What the table learns of ``seat``'s secret decisions ``actions`` of hand ``rnd`` with its
    card: a declared Weis (points and length of each meld) and an announced Stöck; a seat that
    kept quiet reveals nothing."""
    out: list[dict[str, Any]] = []
    for a in actions:
        if A_WEIS < a <= A_WEIS + MAX_WEIS_OPTIONS:
            out.append({"type": "weis", "declared": [
                {"points": m.points, "length": m.length} for m in rnd.declared[seat]]})
        elif a == A_STOECK:
            out.append({"type": "stoeck", "announce": True})
    return out


def public_event(
    seat: int, action: int, rnd: Round, by: str, revealed: list[dict[str, Any]]
) -> dict[str, Any] | None:
    """The event the others get for ``seat``'s step ``action`` in hand ``rnd``, with the
    secret decisions it makes public (``revealed``, from :func:`revealed_json`)."""
    if action == A_STOECK_NO:
        return None  # keeping quiet about Stöck (after the second card) is not announced
    public = action_json(action)
    if public["type"] == "weis":  # only a step when it ends the game, which it cannot
        shown = revealed_json(rnd, seat, [action])
        if not shown:
            return None
        public = shown[0]
    ev: dict[str, Any] = {"type": "action", "seat": seat, "action": public, "by": by}
    if revealed:
        ev["with"] = revealed
    return ev


def step_summaries(game: Game, index: int, game_id: int) -> list[dict[str, Any]]:
    """``hand_over`` when a step ended hand ``index`` (0-based), and ``game_over`` when it ended
    the game: the messages sent just before that step's state."""
    out: list[dict[str, Any]] = []
    if game.rounds[index].is_over:
        out.append({"v": PROTOCOL_VERSION, "type": "hand_over", **hand_summary(game, index)})
    if game.is_over:
        out.append({
            "v": PROTOCOL_VERSION, "type": "game_over", "game_id": game_id,
            "winner": game.winner, "reason": game.end_reason, "scores": list(game.scores),
            "striche": list(game.striche()), "jasstafel": game.jasstafel().as_dict(),
        })
    return out


def describe_action(action: int) -> str:
    """An action as an error message names it."""
    a = action_json(action)
    if a["type"] == "play":
        return str(a["card"])
    if a["type"] == "choose":
        return f"choose {a['contract']}"
    if a["type"] == "weis":
        return "weis quiet" if action == A_WEIS else f"weis {a['option']}"
    if a["type"] == "stoeck":
        return "stoeck" if a["announce"] else "stoeck quiet"
    return str(a["type"])


def _seat(s: int) -> int | None:
    return s if s >= 0 else None


def _contract(c: int) -> str | None:
    return format_contract(c) if c >= 0 else None


def _cards(mask: int) -> list[str]:
    return [format_card(c) for c in bits(mask)]


def trick_points(rnd: Round, t: int) -> int:
    """Card points of trick ``t`` (0-based) of ``rnd``, with the last-trick bonus, unmultiplied."""
    mode = contract_mode(rnd.contract, t)
    pts = sum(POINTS[mode][c] for c in rnd.played[4 * t:4 * t + 4])
    if t == 8:
        pts += rnd.rules.last_trick_bonus
    return pts


def _trick_json(rnd: Round, t: int) -> dict[str, Any]:
    leader, cards, winner = rnd.tricks()[t]
    return {
        "leader": leader,
        "cards": [{"seat": (leader + i) % 4, "card": format_card(c)} for i, c in enumerate(cards)],
        "winner": winner,
        "points": trick_points(rnd, t),
    }


def _score_json(rnd: Round) -> dict[str, Any]:
    hs = rnd.hand_score()
    hs["match"] = _seat(hs["match"])
    return hs


def hand_summary(game: Game, index: int) -> dict[str, Any]:
    """The summary of hand ``index`` (0-based) of ``game``: contract, breakdown, totals after."""
    rnd = game.rounds[index]
    start = game.start_scores[index]
    return {
        "hand_no": index + 1,
        "contract": _contract(rnd.contract),
        "chooser": _seat(rnd.chooser),
        "pushed": rnd.pushed,
        "score": _score_json(rnd),
        "scores": [start[0] + rnd.credited[0], start[1] + rnd.credited[1]],
    }


def result_json(game: Game, game_id: int) -> dict[str, Any] | None:
    """The game's result (``None`` while it runs)."""
    if not game.is_over:
        return None
    return {
        "winner": game.winner,
        "reason": game.end_reason,
        "scores": list(game.scores),
        "striche": list(game.striche()),
        "game_id": game_id,
    }


def _last_trick(game: Game) -> dict[str, Any] | None:
    rnd = game.round
    if rnd.trick_winners:
        return _trick_json(rnd, len(rnd.trick_winners) - 1)
    if len(game.rounds) > 1:
        prev = game.rounds[-2]
        if prev.trick_winners:
            return _trick_json(prev, len(prev.trick_winners) - 1)
    return None


def _last_hand(game: Game) -> dict[str, Any] | None:
    n = len(game.rounds)
    if game.is_over and game.round.is_over:
        return hand_summary(game, n - 1)
    return hand_summary(game, n - 2) if n > 1 else None


def private_view(game: Game, obs: Observation, seat: int | None) -> dict[str, Any]:
    """The parts of a ``game`` view that differ between seats, from the seat's own
    observation (``seat`` ``None``: a spectator, who gets no hand and only public Weis)."""
    deciding = seat is not None and obs.to_move == seat and not game.is_over
    phase = "over" if game.is_over else obs.phase
    if phase in ("weis", "stoeck") and not deciding:
        phase = "play"
    trick1_over = len(obs.trick_winners) > 0
    shown: list[list[dict[str, Any]]] = []
    for s in range(4):
        public = trick1_over and obs.weis_seat >= 0 and (s & 1) == (obs.weis_seat & 1)
        if public or (seat is not None and s == seat):
            shown.append([meld_json(m) for m in obs.weis_shown[s]])
        else:
            shown.append([])
    legal: list[dict[str, Any]] = []
    options: list[list[dict[str, Any]]] = []
    if deciding:
        legal = [action_json(a) for a in obs.legal_actions]
        options = [[meld_json(m) for m in split] for split in obs.weis_options]
    return {
        "phase": phase,
        "hand": _cards(obs.hand) if seat is not None else [],
        "legal": legal,
        "weis_options": options,
        "weis_shown": shown,
    }


def public_view(
    game: Game, obs: Observation, game_id: int, deadline: float | None
) -> dict[str, Any]:
    """The parts of a ``game`` view every client gets alike, from public fields of an
    observation (any seat's: these fields are the same for all)."""
    won = [0, 0, 0, 0]
    for w in obs.trick_winners:
        won[w] += 1
    return {
        "game_id": game_id,
        "hand_no": len(game.rounds),
        "to_move": None if game.is_over else obs.to_move,
        "forehand": obs.forehand,
        "contract": _contract(obs.contract),
        "chooser": _seat(obs.chooser),
        "pushed": obs.pushed,
        "pushed_back": obs.pushed_back,
        "multiplier": game.round.multiplier,
        "trick_no": obs.trick_no,
        "leader": obs.leader,
        "trick": [{"seat": s, "card": format_card(c)} for s, c in obs.trick],
        "last_trick": _last_trick(game),
        "history": [{"seat": s, "card": format_card(c)} for s, c in obs.history],
        "tricks_won": won,
        "hand_sizes": list(obs.hand_sizes),
        "weis_announced": [
            [{"points": p, "length": n} for p, n in obs.weis_announced[s]] for s in range(4)
        ],
        "weis_seat": _seat(obs.weis_seat),
        "stoeck_seat": _seat(obs.stoeck_seat),
        "credited": list(obs.credited),
        "scores": list(game.scores),
        "target": game.rules.target,
        "jasstafel": game.jasstafel().as_dict(),
        "last_hand": _last_hand(game),
        "result": result_json(game, game_id),
        "deadline": deadline,
    }


def game_view(
    game: Game, game_id: int, seat: int | None, deadline: float | None
) -> dict[str, Any]:
    """The whole ``game`` object of a ``state`` message for ``seat`` (``None``: a spectator)."""
    obs = game.round.observation(seat if seat is not None else 0)
    return {**public_view(game, obs, game_id, deadline), **private_view(game, obs, seat)}


def replay_json(
    game: Game, game_id: int, code: str | None, seats: list[dict[str, Any]]
) -> dict[str, Any]:
    """Every hand of a finished game with all hands open (for the replay viewer)."""
    hands: list[dict[str, Any]] = []
    for i, rd in enumerate(game.rounds):
        fresh = Round(rd.rules, rd.initial_hands, rd.forehand)
        actions: list[dict[str, Any]] = []
        for a in rd.actions:
            seat = fresh.to_move
            act = action_json(a)
            if act["type"] == "weis" and act["option"] > 0:
                act["melds"] = [meld_json(m) for m in fresh.weis_options(seat)[act["option"] - 1]]
            actions.append({"seat": seat, "action": act})
            fresh.push(a)
        start = game.start_scores[i]
        hands.append({
            "hand_no": i + 1,
            "forehand": rd.forehand,
            "deal": [_cards(h) for h in rd.initial_hands],
            "contract": _contract(rd.contract),
            "chooser": _seat(rd.chooser),
            "pushed": rd.pushed,
            "multiplier": rd.multiplier,
            "actions": actions,
            "weis": [[meld_json(m) for m in rd.declared[s]] for s in range(4)],
            "weis_seat": _seat(rd.weis_seat),
            "stoeck_seat": _seat(rd.stoeck_seat if rd.stoeck_state == 1 else -1),
            "tricks": [_trick_json(rd, t) for t in range(len(rd.trick_winners))],
            "score": _score_json(rd),
            "scores_after": [start[0] + rd.credited[0], start[1] + rd.credited[1]],
        })
    return {
        "v": 1,
        "type": "replay",
        "game_id": game_id,
        "code": code,
        "rules": rules_to_dict(game.rules),
        "seats": seats,
        "result": result_json(game, game_id),
        "jasstafel": game.jasstafel().as_dict(),
        "hands": hands,
    }
