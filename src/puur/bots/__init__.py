"""Computer players. Every bot sees only an :class:`~puur.observation.Observation`.

Use :func:`make_bot` to build one by name: ``"random"``, ``"rules"`` (the expert rule player) and
``"search"`` (determinized search; Schieber by :mod:`puur.bots.search`, every other variant by
:mod:`puur.bots.variant_search`), all registered in :data:`BOTS`.
"""

from __future__ import annotations

from puur.bots.base import BOTS, Bot, RandomBot, make_bot, play_game, play_round
from puur.bots.rules import RuleBot  # registers BOTS["rules"]
from puur.bots.search import SearchBot  # registers BOTS["search"]

__all__ = [
    "BOTS", "Bot", "RandomBot", "RuleBot", "SearchBot", "make_bot", "play_game", "play_round",
]
