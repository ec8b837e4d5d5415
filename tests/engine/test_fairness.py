"""Checking a game's deals against its committed seed (puur.fairness, ``puur verify``)."""

from __future__ import annotations

import hashlib
import io
import random
from pathlib import Path

import pytest

from puur.cli import main
from puur.fairness import FairnessError, commitment, new_seed, verify
from puur.record import RecordError, format_record, read_record
from puur.variants import variants

KEYS = [v.key for v in variants()]


def played(key: str, rng_seed: int = 5) -> tuple[str, str]:
    """A whole game of ``key`` dealt from a fresh seed, as a record with its commitment."""
    variant = next(v for v in variants() if v.key == key)
    seed = new_seed(random.Random(rng_seed))
    game = variant.new_game(variant.default_rules(), seed)
    rng = random.Random(rng_seed)
    while not game.is_over:
        game.push(rng.choice(list(game.legal_actions())))
    return seed, format_record(game, None, commitment(seed))


def test_the_commitment_is_the_prefixed_sha256_of_the_seed() -> None:
    seed = new_seed(random.Random(1))
    assert len(seed) == 64 and int(seed, 16) >= 0
    assert commitment(seed) == hashlib.sha256(f"puur-deal-seed-v1:{seed}".encode()).hexdigest()
    assert new_seed() != new_seed()


@pytest.mark.parametrize("key", KEYS)
def test_a_whole_game_of_every_variant_verifies_and_round_trips(key: str) -> None:
    seed, text = played(key)
    rec = read_record(io.StringIO(text))
    assert rec.seed == seed and rec.commitment == commitment(seed)
    ok = verify(rec)
    assert ok.variant == key and ok.hands == len(rec.deals) > 0


def _swap_two_cards(line: str) -> str:
    """The hand line with the last card of the first hand and the first of the second swapped."""
    left, right = line.split(" / ", 1)
    *head, a = left.split(" ")
    b, *tail = right.split(" ")
    return " ".join([*head, b]) + " / " + " ".join([a, *tail])


@pytest.mark.parametrize("key", KEYS)
def test_a_changed_card_is_found(key: str) -> None:
    _seed, text = played(key)
    lines = text.splitlines()
    first_act = next(i for i, line in enumerate(lines) if line.startswith("act "))
    lines = lines[:first_act]  # hand 1 dealt, nothing played: any deal reads
    lines[-1] = _swap_two_cards(lines[-1])
    rec = read_record(io.StringIO("\n".join(lines) + "\n"))
    with pytest.raises(FairnessError, match="hand 1: the seed deals"):
        verify(rec)


def test_a_changed_seed_or_commitment_is_a_bad_commitment() -> None:
    seed, text = played("schieber")
    other = new_seed(random.Random(99))
    for tampered in (text.replace(f"seed {seed}", f"seed {other}"),
                     text.replace(f"commit {commitment(seed)}", f"commit {commitment(other)}")):
        with pytest.raises(FairnessError, match="bad commitment"):
            verify(read_record(io.StringIO(tampered)))


def test_a_missing_seed_or_commitment_cannot_be_checked() -> None:
    seed, text = played("differenzler")
    no_seed = text.replace(f"seed {seed}\n", "")
    with pytest.raises(FairnessError, match="no seed"):
        verify(read_record(io.StringIO(no_seed)))
    no_commit = text.replace(f"commit {commitment(seed)}\n", "")
    with pytest.raises(FairnessError, match="no 'commit' line"):
        verify(read_record(io.StringIO(no_commit)))
    assert read_record(io.StringIO(no_commit)).commitment == ""  # an old record still reads


@pytest.mark.parametrize("bad", ["", "xyz", "A" * 64, "0" * 63, "0" * 64 + " 0"])
def test_a_malformed_commit_line_is_refused(bad: str) -> None:
    _seed, text = played("schieber")
    lines = [f"commit {bad}".rstrip() if line.startswith("commit ") else line
             for line in text.splitlines()]
    with pytest.raises(RecordError, match=r"line 4: .*commit"):
        read_record(io.StringIO("\n".join(lines) + "\n"))


def test_format_record_refuses_a_malformed_commitment() -> None:
    variant = next(v for v in variants() if v.key == "schieber")
    with pytest.raises(RecordError, match="64 lower-case hexadecimal digits"):
        format_record(variant.new_game(seed=1), None, "abc")


def test_puur_verify_says_which_games_check_out(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    seed, good = played("coiffeur")
    path = tmp_path / "games.txt"
    path.write_text(good + good.replace(f"seed {seed}", f"seed {seed[::-1]}"), encoding="utf-8")
    assert main(["verify", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("game 1: verified: coiffeur")
    assert out[1].startswith("game 2: NOT VERIFIED: bad commitment")
    path.write_text(good, encoding="utf-8")
    assert main(["verify", str(path)]) == 0
    path.write_text("not a record\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="not a readable record"):
        main(["verify", str(path)])
    with pytest.raises(SystemExit, match="cannot read"):
        main(["verify", str(tmp_path / "missing.txt")])
