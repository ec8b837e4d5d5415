"""Self-play for learners: bots play many games; records and numpy arrays come out.

:func:`selfplay` plays ``games`` games of a variant with a bot (a spec: ``rules``,
``search:budget=0.05`` …) in each seat and writes to ``out``:

* ``games.puur``: every game's record (:mod:`puur.record`, read back with
  ``puur.record.iter_records``), seats named by their bot specs;
* ``selfplay.npz``: one row per decision, in the order of play, game after game:

  ========== ============== =====================================================
  array      shape, dtype   content
  ========== ============== =====================================================
  obs        (T, O) float32 the acting seat's observation tensor
  mask       (T, A) int8    its action mask
  action     (T,)   int16   the action it took
  seat       (T,)   int8    the acting seat
  game       (T,)   int32   the game's number (0-based; its record is the same)
  hand       (T,)   int16   the hand's number in the game (0-based)
  rewards    (T, S) float32 what each seat was paid at this step
  returns    (T,)   float32 the acting seat's rewards from this step to the end
  ========== ============== =====================================================

* ``meta.json``: the variant, its rules, the players, the seed, the sizes and the
  observation version.

Rewards are those of :class:`~puur.env.table.Table`. Game ``i`` is dealt from
``"{seed}:{i}"`` and each bot seeded from the seed, the game and the seat, so the same
arguments write the same files.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from puur.arena.common import BotSpec, seed_for
from puur.env.table import EnvError, Table, bot_specs
from puur.record import SeatInfo, format_record

__all__ = ["SelfPlayResult", "selfplay"]


@dataclass
class SelfPlayResult:
    """What a self-play run wrote: the paths and the number of decisions."""

    records: Path
    arrays: Path
    meta: Path
    games: int
    decisions: int


def selfplay(variant: str = "schieber", rules: Any = None,
             players: Sequence[str | BotSpec] = ("rules",), games: int = 10,
             seed: int | str = 0, out: str | Path = "selfplay", episode: str = "game",
             reward: str = "values") -> SelfPlayResult:
    """Play ``games`` games and write the files (see the module's text)."""
    if type(games) is not int or games < 1:
        raise EnvError(f"games must be a whole number of at least 1, not {games!r}")
    table = Table(variant, rules, episode, reward)
    n = table.num_seats
    specs = bot_specs(players, n)
    seed = str(seed)
    if not seed or seed != seed.strip() or "\n" in seed:
        raise EnvError("seed must be a whole number or one line of text without surrounding "
                       f"spaces, not {seed!r}")
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    obs: list[Any] = []
    masks: list[Any] = []
    cols: dict[str, list[int]] = {"action": [], "seat": [], "game": [], "hand": []}
    paid: list[list[float]] = []
    returns: list[float] = []
    texts: list[str] = []
    seats_info = {s: SeatInfo(f"bot:{sp.name}", sp.text()) for s, sp in enumerate(specs)}
    for g in range(games):
        table.reset(f"{seed}:{g}")
        bots = [sp.make(seed_for(seed, "selfplay", g, s)) for s, sp in enumerate(specs)]
        start = len(paid)
        while not table.done:
            s = table.to_move
            o = table.observation(s)
            tensor, mask = table.observe(s)
            action = bots[s].act(o)
            if action not in o.legal_actions:
                raise RuntimeError(f"bot {bots[s].name!r} chose an illegal action {action!r}")
            obs.append(tensor)
            masks.append(mask)
            cols["action"].append(action)
            cols["seat"].append(s)
            cols["game"].append(g)
            cols["hand"].append(table.hands_played)
            paid.append(table.step(action))
        togo = [0.0] * n
        back: list[float] = []
        for t in range(len(paid) - 1, start - 1, -1):
            togo = [a + b for a, b in zip(togo, paid[t], strict=True)]
            back.append(togo[cols["seat"][t]])
        returns.extend(reversed(back))
        texts.append(format_record(table.game, seats_info))
    records = out / "games.puur"
    records.write_text("".join(texts), encoding="utf-8")
    arrays = out / "selfplay.npz"
    np.savez_compressed(
        arrays,
        obs=np.asarray(obs, dtype=np.float32).reshape(len(obs), table.obs_size),
        mask=np.asarray(masks, dtype=np.int8).reshape(len(masks), table.num_actions),
        action=np.asarray(cols["action"], dtype=np.int16),
        seat=np.asarray(cols["seat"], dtype=np.int8),
        game=np.asarray(cols["game"], dtype=np.int32),
        hand=np.asarray(cols["hand"], dtype=np.int16),
        rewards=np.asarray(paid, dtype=np.float32).reshape(len(paid), n),
        returns=np.asarray(returns, dtype=np.float32),
    )
    meta = out / "meta.json"
    meta.write_text(json.dumps({
        "variant": table.variant.key, "rules": table.variant.rules_to_dict(table.rules),
        "players": [sp.text() for sp in specs], "games": games, "seed": seed,
        "episode": episode, "reward": reward, "obs_version": table.variant.obs_version,
        "obs_size": table.obs_size, "num_actions": table.num_actions, "seats": n,
        "decisions": len(paid),
    }, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return SelfPlayResult(records, arrays, meta, games, len(paid))
