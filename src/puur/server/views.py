"""What each client is sent: the game view of a seat or a spectator, the events, hand and game
summaries, and the replay of a finished game, for every variant (hidden cards stay hidden).

The game view (:class:`~puur.server.protocol.GameView`) comes from the variant layer
(:mod:`puur.variants.json_view`): its shared part from the spectator's observation (seat ``-1``)
and the game's public record, built and encoded once per step, and each seat's own part from
that seat's observation. Nothing here branches on a variant: what differs between variants
comes from the variant's observation (its panels) and its description (``hand_data``,
``result_data``, ``hides_action``). The replay, with every hand open, is built only for
finished games.

**Secret decisions.** A seat is asked about its Weis (and, with ``stoeck_announce =
"with-weis"``, about its Stöck) in trick 1 only when it holds one (rule book §2.5, §2.6), so the
decision itself, whichever it is, must not reach anyone else when it is made: the table learns a
declared Weis or an announced Stöck together with the seat's next card, as it is said aloud at
the table, and of a seat that keeps quiet it learns nothing at all
(:func:`~puur.variants.json_actions.is_secret`, :func:`withheld`, :func:`as_the_table_sees_it`:
every view but the deciding seat's own is built from the game without them). A decision whose
content the rules hide but not its existence (a hidden Differenzler forecast) is a step the
table sees, without its content (:func:`action_events`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal, cast
from weakref import WeakKeyDictionary

from puur.server.protocol import (
    PROTOCOL_VERSION,
    ActionData,
    ActionEvent,
    GameOverMessage,
    HandOverMessage,
    Result,
    Revealed,
)
from puur.server.seats import dumps
from puur.variants import VariantGame
from puur.variants.json_actions import (
    as_the_table_sees_it,
    is_secret,
    public_action,
    quiet_stoeck,
    revealed,
    withheld,
)
from puur.variants.json_view import hand_summary, own_view, replay_hands, shared_view

__all__ = [
    "action_events",
    "as_the_table_sees_it",
    "describe_action",
    "game_texts",
    "is_secret",
    "jasstafel_data",
    "replay_json",
    "result_json",
    "step_summaries",
    "withheld",
]


def describe_action(game: VariantGame, action: int) -> str:
    """An action as an error message names it: its record token (or its name)."""
    variant = game.variant
    try:
        return variant.format_action(game.round, action)
    except ValueError:
        names = variant.action_space(game.rules).names
        return names[action] if 0 <= action < len(names) else str(action)


By = Literal["player", "bot", "auto"]


def action_events(
    game: Any, index: int, seat: int, last: ActionData, by: By, pending: list[int],
) -> tuple[ActionEvent, ActionEvent | None]:
    """The events of ``seat``'s step that ended with the action ``last`` (its data taken before
    it was applied) in hand ``index`` (0-based), after the secret decisions ``pending``: the
    seat's own, and the one everyone else gets (``None`` when the step is not announced)."""
    hand = game.rounds[index]
    shown = cast(list[Revealed], revealed(hand, seat, pending))
    own: ActionEvent = {"type": "action", "seat": seat, "action": last, "by": by}
    if shown:
        own["with"] = shown
    action = last["id"]
    if quiet_stoeck(hand, action):
        return own, None  # keeping quiet about Stöck after the second card is not announced
    public = cast(ActionData, public_action(game.variant, game.rules, dict(last)))
    if is_secret(hand, action):  # a step only when it ends the game: say only what is public
        told = revealed(hand, seat, [action])
        if not told:
            return own, None
        public = cast(ActionData, told[0])
    other: ActionEvent = {"type": "action", "seat": seat, "action": public, "by": by}
    if shown:
        other["with"] = shown
    return own, other


def jasstafel_data(game: Any) -> dict[str, Any] | None:
    """Schieber's score slate (``None`` for a variant without one)."""
    slate = getattr(game, "jasstafel", None)
    return slate().as_dict() if callable(slate) else None


def result_json(game: VariantGame, game_id: int) -> Result | None:
    """The game's result (``None`` while it runs)."""
    if not game.is_over:
        return None
    return cast(Result, {**game.variant.result_data(game), "game_id": game_id})


def step_summaries(
    game: VariantGame, index: int, game_id: int, commitment: str | None = None
) -> list[HandOverMessage | GameOverMessage]:
    """``hand_over`` when a step ended hand ``index`` (0-based), and ``game_over`` when it ended
    the game: the messages sent just before that step's state. ``game_over`` reveals the seed
    of the deals beside the ``commitment`` shown at the start (:mod:`puur.fairness`)."""
    out: list[HandOverMessage | GameOverMessage] = []
    if game.rounds[index].is_over:  # type: ignore[attr-defined]
        out.append(cast(HandOverMessage, {"v": PROTOCOL_VERSION, "type": "hand_over",
                                          **hand_summary(game, index)}))
    if game.is_over:
        result = game.variant.result_data(game)
        out.append(cast(GameOverMessage, {
            "v": PROTOCOL_VERSION, "type": "game_over", "game_id": game_id, **result,
            "jasstafel": jasstafel_data(game), "commitment": commitment,
            "seed": str(game.seed),
        }))
    return out


def game_texts(
    game: VariantGame, game_id: int, keys: Iterable[int | None], deadline: float | None,
) -> dict[int | None, str]:
    """The encoded ``game`` of a state for each view (a seat, or ``None`` for spectators):
    the shared part encoded once, then each view's own part from its own observation.

    The shared part comes out the same from every observation (the tests hold every step of
    whole games of every variant to it), so it is built from the first view's own: the
    spectator's only when a spectator is there to see it. Its parts that change only now and
    then (the last trick, the last hand's summary, the slate) are kept encoded while they
    hold."""
    views = list(keys)
    if not views:
        return {}
    seen = [(key, game.observation(-1 if key is None else key)) for key in views]
    view = shared_view(game, seen[0][1])
    kept = "".join(f',"{name}":{_encoded(game, name, view.pop(name))}' for name in _KEPT)
    shared = dumps({"game_id": game_id, **view, "result": result_json(game, game_id),
                    "deadline": deadline})
    head = shared[:-1] + kept + ","
    return {key: head + dumps(own_view(game, obs))[1:] for key, obs in seen}


# The parts of the shared view that json_view keeps between steps (the same object while it
# holds), and their text for each game: encoded again only when the object is another one.
_KEPT = ("last_trick", "last_hand", "jasstafel")
_TEXTS: WeakKeyDictionary[Any, dict[str, tuple[object, str]]] = WeakKeyDictionary()


def _encoded(game: Any, name: str, value: object) -> str:
    if value is None:
        return "null"
    try:
        slot = _TEXTS.setdefault(game, {})
    except TypeError:  # a game that cannot be weakly referenced: encoded each time
        return dumps(value)
    hit = slot.get(name)
    if hit is not None and hit[0] is value:
        return hit[1]
    text = dumps(value)
    slot[name] = (value, text)  # holding the object keeps its identity from being reused
    return text


def replay_json(
    game: VariantGame, game_id: int, code: str | None, seats: list[dict[str, Any]],
    commitment: str | None = None,
) -> dict[str, Any]:
    """Every hand of a finished game with all hands open (for the replay viewer), with the
    seed of its deals and the commitment to it shown at its start (``None``: a game stored
    before seeds were committed)."""
    variant = game.variant
    return {
        "v": PROTOCOL_VERSION,
        "type": "replay",
        "game_id": game_id,
        "code": code,
        "variant": variant.key,
        "rules": variant.rules_to_dict(game.rules),
        "seats": seats,
        "result": result_json(game, game_id),
        "jasstafel": jasstafel_data(game),
        "hands": replay_hands(game),
        "seed": str(game.seed),
        "commitment": commitment,
    }
