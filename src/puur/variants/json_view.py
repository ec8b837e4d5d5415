"""What a seat (or a spectator) is shown of any variant's game, as plain data for interfaces.

A seat's view of a game has two parts, each built from one observation:

* the **shared part** (:func:`shared_view`), which every client of the table gets alike, built
  from the spectator's observation (seat ``-1``: everything public, no hand) and the public
  record of the game (the totals, the tricks and hands already finished); it holds the seats and
  sides, the contract, trumps and the turned card, the trick and the history, the Weis as the
  table learns them, and the variant's public panel (the observation's ``panel()``: a
  Differenzler table's forecasts where they are public and its penalties, a Coiffeur sheet);
* the **own part** (:func:`own_view`), built from the seat's own observation: its phase (the
  phases ``weis`` and ``stoeck`` show only to the seat that decides them), its hand, its legal
  actions (:func:`puur.variants.json_actions.action_data`), its Weis options, the melds it may
  see and its private panel (the observation's ``own()``: its own forecast).

The shared part built from any seat's observation equals the spectator's (the tests hold every
step of whole games of every variant to it), so a server builds it once per step.

Nothing here decides a rule: every field comes from an observation, from the hand's public
record or from the variant (:meth:`~puur.variants.base.Variant.hand_data`,
:meth:`~puur.variants.base.Variant.result_data`). Fields an observation may lack (a dealer, a
turned card, who chose) are ``None`` where a variant has none; Schieber's score slate is
``jasstafel`` and its target ``target``. Cards are notation tokens, seats that do not apply
``None``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from weakref import WeakKeyDictionary

from puur.cards import CARD_TOKENS, bits, format_card
from puur.contracts import format_contract
from puur.hand import OVER, PLAY, STOECK, WEIS, TrickHand
from puur.variants.json_actions import action_data, actions_data, announced
from puur.weis import Meld

__all__ = [
    "hand_summary",
    "last_hand",
    "last_trick",
    "meld_data",
    "own_view",
    "replay_hands",
    "shared_view",
    "trick_data",
]


def _seat(s: int) -> int | None:
    return s if s >= 0 else None


def _token(c: int) -> str | None:
    return format_contract(c) if c >= 0 else None


def _cards(mask: int) -> list[str]:
    return [CARD_TOKENS[c] for c in bits(mask)]


def meld_data(meld: Meld) -> dict[str, Any]:
    """A Weis meld as ``{"cards": [...], "points": N}``."""
    return {"cards": [format_card(c) for c in meld.card_list()], "points": meld.points}


def trick_data(hand: TrickHand, t: int) -> dict[str, Any]:
    """Trick ``t`` (0-based, finished) of ``hand``: leader, cards, winner and its card points
    (the last trick's bonus included, before any multiplier)."""
    leader, cards, winner = hand.tricks()[t]
    seats = hand.trick_seats(leader)
    return {
        "leader": leader,
        "cards": [{"seat": s, "card": CARD_TOKENS[c]} for s, c in zip(seats, cards, strict=True)],
        "winner": winner,
        "points": hand.trick_values[t],
    }


def last_trick(game: Any) -> dict[str, Any] | None:
    """The last finished trick, also across the end of a hand (``None`` before the first)."""
    hand = game.round
    if not hand.trick_winners:
        rounds = game.rounds
        if len(rounds) < 2 or not rounds[-2].trick_winners:
            return None
        hand = rounds[-2]
    winners = hand.trick_winners
    k = len(winners)
    leader = winners[-2] if k > 1 else hand.first_leader
    seats = hand.trick_seats(leader)  # the seats that play the hand, from the leader on
    n = len(seats)
    cards = tuple(hand.played[n * (k - 1):n * k])
    # Kept while the same trick is the last one: the key names everything the data says.
    key = (seats, k, winners[-1], hand.trick_values[k - 1], cards)
    return _memo(game, "last_trick", key, lambda: {  # type: ignore[no-any-return]
        "leader": leader,
        "cards": [{"seat": s, "card": CARD_TOKENS[c]} for s, c in zip(seats, cards, strict=True)],
        "winner": winners[-1],
        "points": hand.trick_values[k - 1],
    })


def hand_summary(game: Any, index: int) -> dict[str, Any]:
    """Hand ``index`` (0-based, finished) of ``game``: its contract, who chose it, what it
    scored (``score``, the variant's :meth:`~puur.variants.base.Variant.hand_data`) and each
    side's game total after it (``scores``)."""
    variant = game.variant
    hand = game.rounds[index]
    return {
        "hand_no": index + 1,
        "contract": _token(hand.contract) if hasattr(hand, "contract") else None,
        "chooser": _seat(getattr(hand, "chooser", -1)),
        "pushed": bool(getattr(hand, "pushed", False)),
        "score": variant.hand_data(game, index),
        "scores": list(variant.hand_scores(game, index)),
    }


def last_hand(game: Any) -> dict[str, Any] | None:
    """The summary of the hand finished last (``None`` before the first is over)."""
    n = len(game.rounds)
    if game.is_over and game.round.is_over:
        return hand_summary(game, n - 1)
    return hand_summary(game, n - 2) if n > 1 else None


# What the shared view holds of the finished hands (the last hand's summary, Schieber's slate
# with its Striche) changes only when a hand ends or a side is credited, but takes all the
# hands to work out; a server builds the view after every action. So each game keeps the last
# such value with the key it was built for, and a view reuses it while the key holds. The
# values are shared between views: read them, never change them.
_MEMO: WeakKeyDictionary[Any, dict[str, tuple[object, Any]]] = WeakKeyDictionary()


def _memo(game: Any, name: str, key: object, build: Callable[[], Any]) -> Any:
    try:
        slot = _MEMO.setdefault(game, {})
    except TypeError:  # a game that cannot be weakly referenced: built each time
        return build()
    hit = slot.get(name)
    if hit is not None and hit[0] == key:
        return hit[1]
    value = build()
    slot[name] = (key, value)
    return value


def shared_view(game: Any, obs: Any) -> dict[str, Any]:
    """The part of the view every client of the table gets alike, from the spectator's
    observation ``obs`` (from any seat's it comes out the same) and the game's public record."""
    hand = game.round
    n = game.num_seats
    sides = game.sides
    scores = list(game.scores)
    places = list(game.standings())
    credited = list(hand.credited)
    won = [0] * n
    for w in obs.trick_winners:
        won[w] += 1
    contract = obs.contract
    rules = game.rules
    jasstafel = getattr(game, "jasstafel", None)
    panel = getattr(obs, "panel", None)
    return {
        "hand_no": len(game.rounds),
        "variant": game.variant.key,
        "to_move": None if game.is_over else obs.to_move,
        "forehand": hand.opener,
        "dealer": _seat(getattr(obs, "dealer", -1)),
        "contract": _token(contract),
        "trump": _token(obs.trump),
        "mode": _token(obs.mode) if contract >= 0 else None,
        "turned": format_card(obs.turned) if getattr(obs, "turned", -1) >= 0 else None,
        "chooser": _seat(getattr(obs, "chooser", -1)),
        "pushed": bool(getattr(obs, "pushed", False)),
        "pushed_back": bool(getattr(obs, "pushed_back", False)),
        "multiplier": hand.multiplier,
        "trick_no": obs.trick_no,
        "num_tricks": hand.num_tricks,
        "leader": obs.leader,
        "trick": [{"seat": s, "card": CARD_TOKENS[c]} for s, c in obs.trick],
        "last_trick": last_trick(game),
        "history": [[s, CARD_TOKENS[c]] for s, c in obs.history],
        "tricks_won": won,
        "hand_sizes": list(obs.hand_sizes),
        "sides": [[s for s in range(n) if sides[s] == k] for k in range(len(scores))],
        "weis_announced": [
            [{"points": p, "length": m} for p, m in obs.weis_announced[s]]  # best first
            for s in range(n)
        ],
        "weis_seat": _seat(obs.weis_seat),
        "stoeck_seat": _seat(obs.stoeck_seat),
        "credited": credited,
        "scores": scores,
        "places": places,
        "target": getattr(rules, "target", None),
        "jasstafel": _memo(game, "jasstafel", (len(game.rounds), hand.credits, game.is_over),
                           lambda: jasstafel().as_dict()) if callable(jasstafel) else None,
        "panel": panel() if callable(panel) else {},
        "last_hand": _memo(game, "last_hand", (len(game.rounds), game.is_over, hand.is_over),
                           lambda: last_hand(game)),
    }


def own_view(game: Any, obs: Any) -> dict[str, Any]:
    """The part of the view that is the observer's own, from its observation ``obs`` (seat
    ``-1``: a spectator, who has no hand and sees only the public melds)."""
    seat = obs.seat
    deciding = seat >= 0 and obs.to_move == seat and not game.is_over
    phase = OVER if game.is_over else obs.phase
    if phase in (WEIS, STOECK) and not deciding:
        phase = PLAY
    legal: list[dict[str, Any]] = []
    options: list[list[dict[str, Any]]] = []
    if deciding:
        hand = game.round
        legal = actions_data(game.variant, hand, obs.legal_actions)
        options = [[meld_data(m) for m in split] for split in obs.weis_options]
    own = getattr(obs, "own", None)
    return {
        "phase": phase,
        "hand": _cards(obs.hand) if seat >= 0 else [],
        "legal": legal,
        "weis_options": options,
        "weis_shown": ([[meld_data(m) for m in melds] for melds in obs.weis_shown]
                       if any(obs.weis_shown) else [[] for _ in obs.weis_shown]),
        "own": own() if callable(own) and seat >= 0 else {},
    }


def replay_hands(game: Any) -> list[dict[str, Any]]:
    """Every hand of ``game`` with all cards open (for a replay viewer): the deal, each action
    with the seat that made it (a declared Weis with its melds), the tricks, the scores and the
    variant's public panel as the hand ended, and the cards face down outside the hands
    (``piles``: the blind, the dead hand, a talon nobody took)."""
    variant = game.variant
    rounds = game.rounds
    fresh = variant.new_game(game.rules, game.seed, [game.deal_for(i) for i in range(len(rounds))])
    out: list[dict[str, Any]] = []
    for i, rd in enumerate(rounds):
        actions: list[dict[str, Any]] = []
        for a in rd.actions:
            hand = fresh.round
            seat = hand.to_move
            act = action_data(variant, hand, a)
            if act["type"] == "weis" and act["option"] > 0:
                act["melds"] = [meld_data(m) for m in hand.weis_options(seat)[act["option"] - 1]]
            actions.append({"seat": seat, "action": act})
            fresh.push(a)
        obs = rd.observation(-1)
        panel = getattr(obs, "panel", None)
        out.append({
            "hand_no": i + 1,
            "forehand": rd.opener,
            "dealer": _seat(getattr(obs, "dealer", -1)),
            "turned": format_card(obs.turned) if getattr(obs, "turned", -1) >= 0 else None,
            "deal": [_cards(h) for h in rd.initial_hands],
            "contract": _token(getattr(rd, "contract", -1)),
            "chooser": _seat(getattr(rd, "chooser", -1)),
            "pushed": bool(getattr(rd, "pushed", False)),
            "multiplier": rd.multiplier,
            "actions": actions,
            "weis": [[meld_data(m) for m in rd.declared[s]] for s in range(rd.num_seats)],
            "weis_announced": [announced(rd, s) for s in range(rd.num_seats)],
            # As the table saw it: no best Weis where every holder scores his own (Molotow).
            "weis_seat": _seat(getattr(obs, "weis_seat", rd.weis_seat)),
            "stoeck_seat": _seat(rd.stoeck_seat if rd.stoeck_state == 1 else -1),
            "tricks": [trick_data(rd, t) for t in range(len(rd.trick_winners))],
            "score": variant.hand_data(game, i),
            "scores_after": list(variant.hand_scores(game, i)),
            "panel": panel() if callable(panel) else {},
            "piles": {name: _cards(cards)
                      for name, cards in variant.open_piles(rd).items() if cards},
        })
    return out
