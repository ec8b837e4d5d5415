"""The Strafpunktjass's secret decision over the network: whether the holder of the bare
penalty card declares it reaches no one else before his card, and keeping quiet never, in any
message of a whole game (docs/server.md, "What each client is sent").

The table is driven as in ``test_variant_secrecy`` (people, a computer seat, a spectator, a
turn timer handing seats to stand-ins, connections dropping); every message is checked the
moment it is sent, and each decision is then flipped: every other client's messages stay the
same, moment for moment, until the decider's next card."""

from __future__ import annotations

from typing import Any

from .tablekit import run
from .test_variant_secrecy import Watch, _watched, check_seq, flip_shows

#: A seed whose deals ask people the question twice (seats 0 and 2, hands 1 and 2).
SEED = 9


def test_the_declaration_of_the_bare_card_reaches_no_one_before_its_card() -> None:
    watch = Watch()
    base, script = _watched({}, SEED, "penalty_jass", "standard", watch)
    game: Any = base.table.game
    assert game is not None and game.is_over and watch.messages > 300
    for slot in (*base.people, base.spectator):
        check_seq(base, slot)
    asked = [k for k, _seat, kind, _caller, _hand in script.decisions if kind == "bare_card"]
    assert len(asked) >= 2
    shown = False
    for k in asked:
        other, flipped = run({}, SEED, flip=k, variant="penalty_jass", preset="standard")
        assert flipped.flipped_kind is not None and flipped.flipped_kind[0] == "bare_card"
        shown |= bool(flip_shows(base, other, flipped))
    assert shown, "no flipped declaration showed anywhere"
