"""The family of Jass games on one engine: a registry of variants.

Every variant is a module on the shared trick engine (:mod:`puur.tricks`, :mod:`puur.hand`)
with a static description (:class:`~puur.variants.base.Variant`) and a game that bots and
interfaces drive through the same calls: ``legal_actions()``, ``push()``, ``pop()``,
``observation(seat)``. Schieber is the first; ``variants()`` lists them all.

>>> from puur.variants import get
>>> game = get("differenzler").new_game(seed=1)
>>> game.num_seats, game.round.phase
(4, 'forecast')
"""

from __future__ import annotations

from puur.variants import (
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
    schieber,
    schmaus,
    sechser,
    sidi_barrani,
    zuger,
)
from puur.variants.base import Variant, VariantError, VariantGame
from puur.variants.registry import get, register, variants

__all__ = ["Variant", "VariantError", "VariantGame", "get", "register", "variants"]

register(schieber.VARIANT)
register(differenzler.VARIANT)
register(coiffeur.VARIANT)
register(molotow.VARIANT)
register(handjass.VARIANT)
register(bieter.VARIANT)
register(sidi_barrani.VARIANT)
register(kreuzjass.VARIANT)
register(zuger.VARIANT)
register(guggitaler.VARIANT)
register(schellenjass.VARIANT)
register(fahnder.VARIANT)
register(koenigsjass.VARIANT)
register(schaffhauser.VARIANT)
register(mittlere.VARIANT)
register(hindersi.VARIANT)
register(pandur.VARIANT)
register(schaggi_haas.VARIANT)
register(schmaus.VARIANT)
register(offener_jass.VARIANT)
register(reservejass.VARIANT)
register(penalty_jass.VARIANT)
register(darts.VARIANT)
register(sechser.VARIANT)
register(chratzer.VARIANT)
