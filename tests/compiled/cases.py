"""Positions for the differential tests of the compiled core against the reference: random
card play under every Schieber preset, and deals skewed towards one team (a Match or a
Kontermatch in reach) under each Kontermatch scoring with Misère and both Slaloms."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine.positions import KONTERMATCH, SCORING, positions
from puur.actions import A_CHOOSE, A_PUSH, A_STOECK, A_STOECK_NO
from puur.round import Round
from puur.rules import PRESETS, RuleSet

#: Every Schieber preset, then the three Kontermatch scorings with every contract.
RULE_SETS: dict[str, RuleSet] = {**PRESETS, **{f"kontermatch-{km}": SCORING[km]
                                               for km in KONTERMATCH}}


def random_positions(rules: RuleSet, seed: str, count: int, min_left: int,
                     max_left: int) -> Iterator[Round]:
    """``count`` card-play positions of random play with ``min_left`` to ``max_left`` tricks to
    go, cycling through the rule set's contracts (pushes, Weis and Stöck at random)."""
    rng = random.Random(seed)
    contracts = rules.contracts()
    made = 0
    while made < count:
        rnd = Round.deal(rules, seed=rng.randrange(1 << 30))
        if rng.random() < 0.3:
            rnd.push(A_PUSH)
        rnd.push(A_CHOOSE + contracts[made % len(contracts)])
        left = rng.randint(min_left, max_left)
        target = (9 - left) * 4 + rng.randrange(4)
        while not rnd.is_over and (len(rnd.played) < target or rnd.phase != "play"):
            acts = rnd.legal_actions()
            if rnd.phase == "stoeck":
                rnd.push(A_STOECK if rng.random() < 0.7 else A_STOECK_NO)
            else:
                rnd.push(rng.choice(acts))
        if rnd.is_over:
            continue
        made += 1
        yield rnd


def all_positions(name: str, seed: str, count: int, min_left: int,
                  max_left: int) -> Iterator[Round]:
    """Random positions of rule set ``name``; for the Kontermatch rule sets as many again,
    skewed towards a Match or a Kontermatch, in every contract."""
    rules = RULE_SETS[name]
    yield from random_positions(rules, f"{seed}:{name}", count, min_left, max_left)
    if name.startswith("kontermatch-"):
        per = max(1, count // len(rules.contracts()))
        for contract in rules.contracts():
            for rnd, _team in positions(rules, contract, seed, per, min_left, max_left):
                yield rnd


def taken(rnd: Round) -> int:
    """Bit ``t`` set when team ``t`` has won a trick."""
    return (1 if rnd.tricks_won[0] else 0) | (2 if rnd.tricks_won[1] else 0)
