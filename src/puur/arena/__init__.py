"""The arena: bots play many mirrored deals or games against each other, in any variant.

>>> from puur.arena import run_arena
>>> from puur.rules import PRESETS
>>> res = run_arena(["rules", "random"], PRESETS["bare"], deals=2, seed=1)
>>> res.pairs[0].to_dict()["deals"]["pairs"]
2
>>> res = run_arena(["rules", "random"], deals=2, seed=1, variant="differenzler")
>>> res.pairs[0].to_dict()["deals"]["plays"]  # each deal in 4 seatings
8

See ``docs/arena.md`` for the command line, the statistics and the JSON format.
"""

from __future__ import annotations

from puur.arena.match import (
    ARENA_JSON_VERSION,
    ArenaResult,
    BotSpec,
    DealPair,
    GamePair,
    PairResult,
    Progress,
    default_workers,
    parse_bot_spec,
    play_deal_pair,
    play_game_pair,
    run_arena,
)
from puur.arena.stats import (
    Interval,
    bradley_terry,
    elo_expected,
    mean_interval,
    percentile,
    share_interval,
    wilson_interval,
)
from puur.arena.tournament import Tournament, rating_intervals, run_tournament
from puur.arena.variant_match import (
    VariantArenaResult,
    VariantPair,
    VariantPlay,
    play_variant,
    run_variant_arena,
    seatings,
)

__all__ = [
    "ARENA_JSON_VERSION",
    "ArenaResult",
    "BotSpec",
    "DealPair",
    "GamePair",
    "Interval",
    "PairResult",
    "Progress",
    "Tournament",
    "VariantArenaResult",
    "VariantPair",
    "VariantPlay",
    "bradley_terry",
    "default_workers",
    "elo_expected",
    "mean_interval",
    "parse_bot_spec",
    "percentile",
    "play_deal_pair",
    "play_game_pair",
    "play_variant",
    "rating_intervals",
    "run_arena",
    "run_tournament",
    "run_variant_arena",
    "seatings",
    "share_interval",
    "wilson_interval",
]
