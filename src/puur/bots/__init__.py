"""Computer players. Every bot sees only its seat's observation.

Use :func:`make_bot` to build one by name: ``"random"``, ``"rules"`` (the expert rule player) and
``"search"`` (determinized search), all registered in :data:`BOTS`. All three play every
variant of :mod:`puur.variants`: ``rules`` through the rule player registered for that variant's
observations (:data:`puur.bots.rules.RULE_PLAYERS`), ``search`` through :mod:`puur.bots.search`
for Schieber and :mod:`puur.bots.variant_search` for every other variant.
"""

from __future__ import annotations

from puur.bots import (  # noqa: F401  (register their rule players)
    bieter,
    chratzer,
    coiffeur,
    darts,
    differenzler,
    fahnder,
    guggitaler,
    handjass,
    hindersi,
    koenigsjass,
    kreuzjass,
    mittlere,
    molotow,
    offener_jass,
    pandur,
    penalty_jass,
    reservejass,
    schaffhauser,
    schaggi_haas,
    schellenjass,
    schmaus,
    sechser,
    sidi_barrani,
    zuger,
)
from puur.bots.base import BOTS, Bot, RandomBot, make_bot, play_game, play_round
from puur.bots.rules import RuleBot  # registers BOTS["rules"]
from puur.bots.search import SearchBot  # registers BOTS["search"]

__all__ = [
    "BOTS", "Bot", "RandomBot", "RuleBot", "SearchBot", "make_bot", "play_game", "play_round",
]
