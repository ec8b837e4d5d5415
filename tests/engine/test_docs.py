"""The examples in docs/rules.md and docs/records.md are real: they parse and replay."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

from puur.game import Game
from puur.record import format_record, iter_records, replay
from puur.rules import rules_from_dict

DOCS = Path(__file__).resolve().parents[2] / "docs"


def blocks(name: str, lang: str = "") -> list[str]:
    text = (DOCS / name).read_text(encoding="utf-8")
    return re.findall(rf"```{lang}\n(.*?)```", text, re.S)


def test_rule_file_examples_agree() -> None:
    (toml_text,) = blocks("rules.md", "toml")
    (json_text,) = blocks("rules.md", "json")
    a = rules_from_dict(tomllib.loads(toml_text))
    b = rules_from_dict(json.loads(json_text))
    assert a == b and a.name == "our table" and a.push_back and a.target == 2500


def test_record_example_replays() -> None:
    example = blocks("records.md")[0]
    (rec,) = list(iter_records(example.splitlines()))
    game = replay(rec)
    assert game.is_over and len(rec.deals) == 2
    assert format_record(game, rec.seats) == example
    assert isinstance(game, Game)
