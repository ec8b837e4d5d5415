"""Deals players can check: a game's seed committed before it starts, revealed once it is over.

Every deal of a game comes from its seed (each variant shuffles hand ``i`` from ``"{seed}:{i}"``,
by its own rules). Before the first card the server shows the **commitment**, the SHA-256 of
:data:`COMMIT_PREFIX` followed by the seed, as 64 hexadecimal digits; once the game is over it
reveals the seed. Anyone can then hash the seed and compare it with what was shown, and deal
every hand again from it (:func:`verify`, ``puur verify RECORD``): a server that chose the cards
as the game went along could not have known, before the start, a seed that gives them.

The seed is a secret of :data:`SEED_BITS` random bits (:func:`new_seed`, 64 hexadecimal digits).
A shorter one would not do: a seed of 62 bits can be found by trying every value against the
hash (or against the cards a player holds), and whoever finds it knows every deal still to
come. 256 bits cannot be tried out. The domain prefix makes the hash this project's and this
use's alone: it cannot be taken for the hash of anything else.
"""

from __future__ import annotations

import hashlib
import random
import re
import secrets
from dataclasses import dataclass
from typing import Any, Final

from puur.record import GameRecord, RecordError, replay

__all__ = [
    "COMMIT_PREFIX",
    "SEED_BITS",
    "FairnessError",
    "Verified",
    "commitment",
    "is_commitment",
    "new_seed",
    "verify",
]

#: What the seed is prefixed with before it is hashed (the version names this scheme).
COMMIT_PREFIX: Final = "puur-deal-seed-v1:"
#: Random bits of a seed drawn by :func:`new_seed`.
SEED_BITS: Final = 256
_HEX64: Final = re.compile(r"[0-9a-f]{64}")


class FairnessError(RecordError):
    """A record whose deals cannot be checked (no seed, no commitment) or do not check out
    (a seed that does not hash to the commitment, a deal that the seed does not give)."""


def new_seed(rng: random.Random | None = None) -> str:
    """A fresh secret seed: :data:`SEED_BITS` random bits as 64 hexadecimal digits, from the
    operating system's randomness (or from ``rng``: a seeded one makes tests repeatable)."""
    return f"{(rng or secrets.SystemRandom()).getrandbits(SEED_BITS):064x}"


def commitment(seed: str | int) -> str:
    """The commitment to ``seed``: ``sha256(COMMIT_PREFIX + seed)`` as 64 hexadecimal digits."""
    return hashlib.sha256(f"{COMMIT_PREFIX}{seed}".encode()).hexdigest()


def is_commitment(text: object) -> bool:
    """Whether ``text`` has the form of a commitment (64 lower-case hexadecimal digits)."""
    return isinstance(text, str) and _HEX64.fullmatch(text) is not None


@dataclass(frozen=True)
class Verified:
    """A record whose deals check out: its variant, commitment and number of hands."""

    variant: str
    commitment: str
    hands: int


def verify(record: GameRecord) -> Verified:
    """Check a record's deals against its revealed seed and commitment: the seed hashes to the
    commitment, and dealing every hand again from the seed by the variant's own rules gives
    exactly the record's deals (with the record's actions in between, which decide who deals
    next in some variants). Raises :class:`FairnessError` saying what does not hold."""
    if not isinstance(record, GameRecord):
        raise FairnessError(0, f"not a GameRecord: {record!r:.60}")
    if not record.seed:
        raise FairnessError(0, "the record has no seed: its deals cannot be dealt again "
                               "(a game still running keeps its seed secret)")
    if not record.commitment:
        raise FairnessError(0, "the record has no 'commit' line: nothing shows that its seed "
                               "was fixed before the game began")
    expected = commitment(record.seed)
    if expected != record.commitment:
        raise FairnessError(0, f"bad commitment: the seed hashes to {expected}, but the record "
                               f"commits to {record.commitment}")
    game: Any = replay(record)
    variant = game.variant
    fresh: Any = variant.new_game(game.rules, record.seed)
    for i, acts in enumerate(record.actions):
        dealt = variant.format_hand(fresh, i)
        recorded = variant.format_hand(game, i)
        if dealt != recorded:
            raise FairnessError(0, f"hand {i + 1}: the seed deals {dealt}, but the record has "
                                   f"{recorded}")
        for a in acts:
            fresh.push(a)
    return Verified(variant.key, record.commitment, len(record.actions))
