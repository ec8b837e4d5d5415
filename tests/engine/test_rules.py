"""Rule sets: defaults, presets, files (TOML and JSON) and rejection of bad values."""

from __future__ import annotations

import dataclasses
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puur.cards import parse_card
from puur.contracts import Contract
from puur.rules import (
    PRESETS,
    RULES_VERSION,
    RuleError,
    RuleSet,
    load_rules,
    rules_from_dict,
    rules_to_dict,
    save_rules,
)


def test_defaults_follow_the_rule_book() -> None:
    r = RuleSet()
    assert r.start_card == parse_card("D7")
    assert not r.push_back and not r.large_weis and not r.weis_four_low and not r.kreuzweis
    assert r.stoeck_announce == "second-card" and r.kontermatch == "match"
    assert r.multipliers == (1,) * 9 and r.target == 1000
    assert r.count_order == "stoeck-weis-stich" and not r.striche
    assert r.last_trick_bonus == 5 and r.match_bonus == 100
    assert r.contracts() == (0, 1, 2, 3, 4, 5)


def test_presets() -> None:
    assert {"family", "standard-2500", "online-1000", "online-1500", "online-2500", "bare"} <= set(
        PRESETS
    )
    std = PRESETS["standard-2500"]
    assert std.target == 2500
    assert [std.multiplier(c) for c in range(6)] == [2, 1, 2, 1, 3, 3]
    for t in (1000, 1500, 2500):
        online = PRESETS[f"online-{t}"]
        assert online.target == t and online.start_card == parse_card("H7")
        assert online.multiplier(Contract.SCHELLEN) == online.multiplier(Contract.SCHILTEN) == 2
        assert online.multiplier(Contract.OBENABE) == online.multiplier(Contract.UNDENUFE) == 3
    assert PRESETS["family"].multipliers == (1,) * 9 and PRESETS["family"].target == 1000
    for name, preset in PRESETS.items():
        assert preset.name == name


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_file_round_trip(tmp_path: Path, name: str, suffix: str) -> None:
    rules = PRESETS[name]
    path = tmp_path / f"rules{suffix}"
    save_rules(rules, path)
    assert load_rules(path) == rules


def test_file_round_trip_of_every_option(tmp_path: Path) -> None:
    rules = RuleSet(
        name="every option", start_card=parse_card("SA"), push_back=True,
        extra_contracts=frozenset({Contract.MISERE, Contract.SLALOM, Contract.SLALOM_UNDE}),
        weis=True, large_weis=True, weis_four_low=True, kreuzweis=True, stoeck=False,
        stoeck_announce="with-weis", last_trick_bonus=0, match_bonus=50, kontermatch="bonus",
        kontermatch_bonus=200, multipliers=(1, 2, 3, 4, 5, 6, 7, 8, 9), target=3000,
        count_order="stoeck-stich-weis", striche=True, strich_win=2, strich_bergpreis=0,
        strich_schneider=3, strich_match=1,
    )
    for suffix in (".toml", ".json"):
        path = tmp_path / f"all{suffix}"
        save_rules(rules, path)
        assert load_rules(path) == rules
    assert rules_from_dict(rules_to_dict(rules)) == rules
    assert rules_to_dict(rules)["version"] == RULES_VERSION


def test_hand_written_toml(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text(
        'preset = "standard-2500"\n'
        'name = "our table"\n'
        'start_card = "H7"\n'
        "push_back = true\n"
        'extra_contracts = ["misere"]\n'
        "[multipliers]\n"
        "unde = 4\n",
        encoding="utf-8",
    )
    r = load_rules(path)
    assert r.name == "our table" and r.target == 2500 and r.push_back
    assert r.start_card == parse_card("H7")
    assert r.extra_contracts == frozenset({Contract.MISERE})
    assert r.multiplier(Contract.UNDENUFE) == 4 and r.multiplier(Contract.OBENABE) == 3


@pytest.mark.parametrize(
    ("data", "option"),
    [
        ({"target": 0}, "target"),
        ({"target": "1000"}, "target"),
        ({"target": 1.5}, "target"),
        ({"target": True}, "target"),
        ({"push_back": "yes"}, "push_back"),
        ({"large_weis": 1}, "large_weis"),
        ({"kreuzweis": None}, "kreuzweis"),
        ({"weis_four_low": "no"}, "weis_four_low"),
        ({"weis": 0}, "weis"),
        ({"stoeck": "on"}, "stoeck"),
        ({"striche": 1}, "striche"),
        ({"start_card": "X9"}, "start_card"),
        ({"start_card": 1}, "start_card"),
        ({"stoeck_announce": "never"}, "stoeck_announce"),
        ({"kontermatch": "triple"}, "kontermatch"),
        ({"kontermatch": []}, "kontermatch"),
        ({"count_order": "weis-first"}, "count_order"),
        ({"multipliers": {"obe": 0}}, "multipliers"),
        ({"multipliers": {"nonsense": 2}}, "multipliers"),
        ({"multipliers": [1, 2]}, "multipliers"),
        ({"multipliers": "lots"}, "multipliers"),
        ({"multipliers": {"D": "2"}}, "multipliers"),
        ({"extra_contracts": ["H"]}, "extra_contracts"),
        ({"extra_contracts": ["bogus"]}, "extra_contracts"),
        ({"extra_contracts": "misere"}, "extra_contracts"),
        ({"last_trick_bonus": -5}, "last_trick_bonus"),
        ({"match_bonus": "100"}, "match_bonus"),
        ({"kontermatch_bonus": 10**6}, "kontermatch_bonus"),
        ({"strich_win": -1}, "strich_win"),
        ({"strich_bergpreis": 1.0}, "strich_bergpreis"),
        ({"strich_schneider": False}, "strich_schneider"),
        ({"strich_match": None}, "strich_match"),
        ({"name": 5}, "name"),
        ({"no_such_option": 1}, "no_such_option"),
        ({"preset": "nope"}, "preset"),
        ({"preset": ["family"]}, "preset"),
        ({"version": 99}, "version"),
    ],
)
def test_bad_values_rejected_naming_the_option(data: dict[str, Any], option: str) -> None:
    with pytest.raises(RuleError, match=f"'{option}'"):
        rules_from_dict(data)


def test_bad_value_in_code_rejected() -> None:
    with pytest.raises(RuleError, match="'target'"):
        RuleSet(target=-1)
    with pytest.raises(RuleError, match="'multipliers'"):
        RuleSet().replace(multipliers=(1, 1))
    with pytest.raises(dataclasses.FrozenInstanceError):
        RuleSet().target = 5  # type: ignore[misc]


def test_bad_files(tmp_path: Path) -> None:
    bad_toml = tmp_path / "bad.toml"
    bad_toml.write_text("target = \n", encoding="utf-8")
    with pytest.raises(RuleError, match="not a valid rule file"):
        load_rules(bad_toml)
    bad_json = tmp_path / "bad.json"
    bad_json.write_text("{", encoding="utf-8")
    with pytest.raises(RuleError, match="not a valid rule file"):
        load_rules(bad_json)
    not_mapping = tmp_path / "list.json"
    not_mapping.write_text(json.dumps([1, 2]), encoding="utf-8")
    with pytest.raises(RuleError, match="mapping"):
        load_rules(not_mapping)
    wrong = tmp_path / "wrong.toml"
    wrong.write_text("target = 0\n", encoding="utf-8")
    with pytest.raises(RuleError, match="'target'"):
        load_rules(wrong)


# ---------------------------------------------------------------------------------------------
# Loading never lets another exception escape.


@pytest.mark.parametrize(
    ("name", "content", "why"),
    [
        ("deep.json", b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        ("deep.toml", b"a = " + b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        ("table.toml", b"x = " + b"{a = " * 5_000 + b"1" + b"}" * 5_000, "not a valid rule file"),
        ("latin1.toml", 'name = "Zürich"\n'.encode("latin-1"), "not UTF-8"),
        ("binary.json", bytes(range(256)), "not UTF-8"),
        ("long.json", b'{"target": ' + b"9" * 5000 + b"}", "not a valid rule file"),
        ("version.json", b'{"version": true}', "'version'"),
    ],
)
def test_bad_rule_files_give_a_rule_error(
    tmp_path: Path, name: str, content: bytes, why: str
) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(RuleError, match=why):
        load_rules(path)


@given(st.binary(max_size=300) | st.sampled_from(["[", "{", "a = [", 'x = {y = ']).flatmap(
    lambda head: st.integers(0, 3000).map(
        lambda n: head if isinstance(head, bytes) else (head * n).encode())),
       st.sampled_from([".toml", ".json"]))
def test_fuzz_rule_files(content: bytes, suffix: str) -> None:
    load_or_rule_error(content, suffix)


def load_or_rule_error(content: bytes, suffix: str) -> None:
    """Load ``content`` as a rule file: a rule set or a RuleError, nothing else."""
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / f"rules{suffix}"
        path.write_bytes(content)
        try:
            rules = load_rules(path)
        except RuleError as e:
            assert str(e)
        else:
            assert isinstance(rules, RuleSet)


@st.composite
def mutated_rule_files(draw: st.DrawFn) -> tuple[bytes, str]:
    """A saved rule set with a few bytes changed, cut or inserted."""
    suffix = draw(st.sampled_from([".toml", ".json"]))
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / f"r{suffix}"
        save_rules(draw(st.sampled_from(sorted(PRESETS.values(), key=lambda r: r.name))), path)
        data = bytearray(path.read_bytes())
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(data)))
        kind = draw(st.sampled_from(["flip", "cut", "insert"]))
        if kind == "flip" and i < len(data):
            data[i] = draw(st.integers(0, 255))
        elif kind == "cut":
            del data[i:i + draw(st.integers(1, 20))]
        else:
            data[i:i] = draw(st.binary(min_size=1, max_size=8) | st.sampled_from(
                [b"[", b"{", b'"', b"=", b"true", b"-1", b"\xff", b"\n"]))
    return bytes(data), suffix


@given(mutated_rule_files())
def test_fuzz_mutated_rule_files(file: tuple[bytes, str]) -> None:
    load_or_rule_error(*file)


names = st.text(max_size=30).filter(lambda t: not any(0xD800 <= ord(c) <= 0xDFFF for c in t))


@given(names, st.sampled_from(sorted(PRESETS)), st.sampled_from([".toml", ".json"]))
def test_any_name_survives_a_file(name: str, preset: str, suffix: str) -> None:
    rules = PRESETS[preset].replace(name=name)
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / f"r{suffix}"
        save_rules(rules, path)
        assert load_rules(path) == rules


def test_a_name_that_is_not_utf8_is_refused() -> None:
    with pytest.raises(RuleError, match="'name'"):
        RuleSet(name="\ud800")
