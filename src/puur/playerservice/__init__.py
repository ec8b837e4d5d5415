"""Puur's bots as players of the HSLU Jass course kit ("jass-kit"): its player-service HTTP
protocol (``puur player-service``, needs the ``all`` extra). :mod:`.protocol` reads the kit's
game observation into a Puur hand and writes the answers back; :mod:`.app` serves them. See
``docs/research.md``.
"""

from __future__ import annotations

from puur.playerservice.protocol import (
    KIT_RULES,
    KitError,
    KitRequest,
    card_from_kit,
    card_to_kit,
    read_observation,
    seat_from_kit,
    seat_to_kit,
)

__all__ = [
    "KIT_RULES", "KitError", "KitRequest", "card_from_kit", "card_to_kit", "read_observation",
    "seat_from_kit", "seat_to_kit",
]
