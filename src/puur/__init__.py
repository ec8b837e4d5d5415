"""Puur: Swiss Jass - an exact Schieber engine, computer players, terminal and web play.

The core (cards, contracts, rules, weis, round, game, scoring, observation, notation, record)
is standard-library Python. Start with :class:`puur.game.Game` or :class:`puur.round.Round`.
"""

from __future__ import annotations

__version__ = "0.1.0"
