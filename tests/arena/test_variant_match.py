"""The arena in every variant: seatings, the same deals for every seating, reproducibility,
the report and JSON, the command line (``--variant``, ``--rules``) and ``puur variants``."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from puur.arena import (
    ArenaResult,
    BotSpec,
    VariantArenaResult,
    play_variant,
    run_arena,
    seatings,
)
from puur.cli import main
from puur.rules import PRESETS
from puur.variants import get, variants


@pytest.mark.parametrize("sides", [(0, 1, 0, 1), (0, 1, 2, 3), (0, 1, 2)])
def test_seatings_put_every_bot_in_every_seat_equally_often(sides: tuple[int, ...]) -> None:
    lay = seatings(sides)
    assert len(set(lay)) == len(lay)
    for seat in range(len(sides)):
        count = Counter(s[seat] for s in lay)
        assert count[0] == count[1] == len(lay) // 2
    # Exchanging the two bots gives the same seatings: neither bot is favoured.
    assert {tuple(1 - x for x in s) for s in lay} == set(lay)
    # Partners sit together: both seats of a side always hold the same bot.
    for s in lay:
        for a in range(len(sides)):
            for b in range(len(sides)):
                if sides[a] == sides[b]:
                    assert s[a] == s[b]
        assert 0 in s and 1 in s


@pytest.mark.parametrize("key", ["differenzler", "coiffeur"])
def test_every_seating_plays_the_same_deal(key: str) -> None:
    v = get(key)
    play = play_variant(BotSpec("rules"), BotSpec("random"), v, v.default_rules(), "same", 3,
                        keep=True)
    firsts = [g.rounds[0] for g in play.games]  # type: ignore[attr-defined]
    assert len(firsts) == len(seatings(play.games[0].sides)) == len(play.seats)
    assert len({r.initial_hands for r in firsts}) == 1
    # The same seat starts: the Vorhand of Coiffeur, the dealer of Differenzler.
    assert len({r.forehand if key == "coiffeur" else r.dealer for r in firsts}) == 1
    # A deal is one hand: the game has gone no further than its first hand.
    assert all(r.is_over for r in firsts)
    # Each seating's scores are the sides' scores after that hand.
    for g, scores in zip(play.games, play.scores, strict=True):
        assert tuple(g.scores) == scores


def test_a_game_is_played_to_its_end_in_every_seating() -> None:
    v = get("differenzler")
    rules = v.default_rules().replace(hands=3)
    play = play_variant(BotSpec("rules"), BotSpec("random"), v, rules, "g", 0, "game", True)
    assert all(g.is_over and len(g.rounds) == 3 for g in play.games)  # type: ignore[attr-defined]
    deals = {tuple(r.initial_hands for r in g.rounds) for g in play.games}  # type: ignore[attr-defined]
    assert len(deals) == 1
    assert 0.0 <= play.a_first <= 1.0


def test_same_seed_same_result_whatever_the_workers() -> None:
    kw = {"deals": 4, "games": 1, "variant": "differenzler", "rules":
          get("differenzler").default_rules().replace(hands=2)}
    one = run_arena(["rules", "random"], seed=5, workers=1, **kw)
    two = run_arena(["rules", "random"], seed=5, workers=2, **kw)
    assert isinstance(one, VariantArenaResult) and isinstance(two, VariantArenaResult)
    assert one.pairs[0].deals == two.pairs[0].deals
    assert one.pairs[0].games == two.pairs[0].games
    other = run_arena(["rules", "random"], seed=6, workers=1, **kw)
    assert isinstance(other, VariantArenaResult)
    assert other.pairs[0].deals != one.pairs[0].deals


@pytest.mark.parametrize("key", [v.key for v in variants()])
def test_a_small_run_of_every_variant(key: str) -> None:
    res = run_arena(["rules", "random"], deals=3, seed=key, workers=1, variant=key)
    data = json.loads(json.dumps(res.to_dict()))
    if key == "schieber":
        assert isinstance(res, ArenaResult)
        assert "variant" not in data and data["matches"][0]["deals"]["pairs"] == 3
        return
    assert isinstance(res, VariantArenaResult)
    v = get(key)
    assert data["variant"] == key and data["rules"]["name"] == v.default_rules().name
    assert data["score"] == {"name": v.score_name, "lower_is_better": v.lower_is_better}
    m = data["matches"][0]
    assert m["deals"]["count"] == 3 and m["deals"]["plays"] == 3 * m["seatings"]
    assert len(m["deals"]["mean"]) == 2 and len(m["deals"]["ci95"]) == 2
    text = res.report()
    assert ("lower is better" if v.lower_is_better else "higher is better") in text
    assert f"score: {v.score_name}" in text and "rules vs random: 3 deals" in text


def test_schieber_through_the_variant_argument_is_unchanged() -> None:
    plain = run_arena(["rules", "random"], PRESETS["bare"], deals=3, seed=1)
    named = run_arena(["rules", "random"], PRESETS["bare"], deals=3, seed=1, variant="schieber")
    assert isinstance(named, ArenaResult)
    assert plain.pairs[0].deals == named.pairs[0].deals


def test_the_rule_player_has_the_lower_differenzler_penalty() -> None:
    res = run_arena(["rules", "random"], deals=12, seed="dz", variant="differenzler")
    assert isinstance(res, VariantArenaResult)
    summary = res.pairs[0].deal_summary()
    assert summary is not None
    rules, rand, diff = summary
    assert rules.value < rand.value and diff.high < 0
    assert diff.value == pytest.approx(rules.value - rand.value)


def test_round_robin_in_a_variant_rates_every_bot() -> None:
    res = run_arena(["rules", "random", "random"], deals=4, seed=2, variant="coiffeur")
    assert isinstance(res, VariantArenaResult)
    assert len(res.pairs) == 3 and res.bots == ["rules", "random", "random#2"]
    data = res.to_dict()
    assert {r["bot"] for r in data["ratings"]} == set(res.bots)
    assert data["ratings"][0]["bot"] == "rules"


def test_variant_arena_rejects_bad_requests() -> None:
    with pytest.raises(ValueError):
        run_arena(["rules"], deals=1, variant="differenzler")
    with pytest.raises(ValueError):
        run_arena(["rules", "random"], variant="differenzler")
    with pytest.raises(ValueError, match="unknown variant"):
        run_arena(["rules", "random"], deals=1, variant="nosuch")
    with pytest.raises(ValueError, match="cannot be played"):
        run_arena(["rules", "random"], PRESETS["bare"], deals=1, variant="differenzler")
    with pytest.raises(ValueError, match="cannot be played"):
        run_arena(["rules", "random"], get("coiffeur").default_rules(), deals=1)


def test_command_line_with_a_variant(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "res.json"
    rc = main(["arena", "rules", "random", "--variant", "differenzler", "--deals", "2",
               "--seed", "5", "--workers", "1", "--quiet", "--json", str(out)])
    assert rc == 0
    text = capsys.readouterr().out
    assert "variant: differenzler  rules: standard" in text
    assert "penalty (lower is better)" in text and "each in 4 seatings" in text
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["variant"] == "differenzler" and data["matches"][0]["deals"]["plays"] == 8
    # A preset and a rule file of the variant.
    assert main(["arena", "rules", "random", "--variant", "differenzler", "--rules", "three",
                 "--deals", "1", "--workers", "1", "--quiet"]) == 0
    assert "each in 6 seatings" in capsys.readouterr().out
    rule_file = tmp_path / "d.toml"
    rule_file.write_text('preset = "three"\nhands = 2\n', encoding="utf-8")
    assert main(["arena", "rules", "random", "--variant", "differenzler", "--rules",
                 str(rule_file), "--games", "1", "--workers", "1", "--quiet"]) == 0
    assert "each in 6 seatings" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--variant", "nosuch"], "unknown variant"),
        (["--variant", "coiffeur", "--rules", "family"], "no preset or rule file"),
        (["--variant", "coiffeur", "--target", "500"], "Schieber options"),
    ],
)
def test_command_line_rejects_bad_variant_arguments(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["arena", "rules", "random", "--deals", "1", "--quiet", *args]) == 2
    assert message in capsys.readouterr().err


def test_command_line_rejects_a_bad_rule_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("players = 5\n", encoding="utf-8")
    assert main(["arena", "rules", "random", "--variant", "differenzler", "--rules", str(bad),
                 "--deals", "1", "--quiet"]) == 2
    assert "players" in capsys.readouterr().err


def test_variants_command_lists_every_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants"]) == 0
    text = capsys.readouterr().out
    for v in variants():
        line = next(ln for ln in text.splitlines() if ln.startswith(v.key + " "))
        assert v.summary in line and ", ".join(map(str, v.players)) in line
    assert main(["variants", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [d["key"] for d in data] == [v.key for v in variants()]
