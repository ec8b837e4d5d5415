"""The line mode of every variant: whole games by piped answers (in every language), the prompts
say what is asked, forecasts by number and rows by number or name, refusals say why, ``help``
lists the variant's commands, and the replay of a variant's record."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from tests.tui.conftest import (
    COIFFEUR,
    COIFFEUR_TEN,
    DIFFERENZLER,
    DIFFERENZLER_THREE,
    Answers,
    variant_session,
)

from puur.i18n import t
from puur.record import read_record
from puur.tui.plain import EXIT_EOF, EXIT_OK, EXIT_QUIT, run_plain, run_plain_replay

ROOT = Path(__file__).resolve().parents[2]


def _run(session: Any, script: list[str], answer: bool = False, **kw: Any) -> tuple[int, str]:
    """Play ``session`` in line mode: the ``script`` lines, then (with ``answer``) the first
    answer to every prompt, else the end of the input."""
    out = io.StringIO()
    inp = Answers(out, script, limit=3000 if answer else 0)
    code = run_plain(session, inp, out, **kw)  # type: ignore[arg-type]
    return code, out.getvalue()


def _prompts(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("? ")]


def _coiffeur_vorhand(rules: Any) -> Any:
    for seed in range(40):
        s = variant_session(rules, seed=seed)
        if s.human_to_move():
            return s
    raise AssertionError("no deal where South chooses first")


@pytest.mark.parametrize("rules, lang", [(DIFFERENZLER, "en"), (DIFFERENZLER_THREE, "de"),
                                         (COIFFEUR, "fr"), (COIFFEUR_TEN, "it")],
                         ids=["differenzler-en", "three-de", "coiffeur-fr", "ten-it"])
def test_a_whole_game_by_piped_answers(rules: Any, lang: str) -> None:
    s = variant_session(rules, seed=7)
    code, text = _run(s, [], answer=True, lang=lang, deck="french")
    assert code == EXIT_OK and s.is_over
    assert t("gameover", lang) in text
    assert text.count(t("summary.hand", lang, n=1)) == 1
    assert set(_prompts(text)) <= {"? forecast", "? row", "? way", "? play", "? weis",
                                   "? stoeck"}
    if rules is not COIFFEUR:  # on two rows South's team may have filled its column first
        assert ("? forecast" if s.variant.key == "differenzler" else "? row") in _prompts(text)
    assert text.splitlines()[0].startswith(f"Puur — {s.variant.name}.")


def test_a_forecast_is_a_number_in_the_range() -> None:
    s = variant_session(DIFFERENZLER, seed=2)
    before = None
    while not s.human_to_move():
        s.bot_step()
    before = s.observation()
    code, text = _run(s, ["banana", "158", "forecast:200", "help", "score", "sheet"])
    assert code == EXIT_EOF and s.observation() == before
    assert "Legal: your forecast, a whole number from 0 to 157" in text
    assert "Not understood: banana — answer with your forecast, a whole number (e.g. 40)" in text
    assert "Not legal: 158 — a forecast is a whole number from 0 to 157" in text
    assert "Not legal: forecast:200" not in text and "bad action 'forecast:200'" not in text
    assert "Not understood: forecast:200" in text
    assert "  score        every player's penalty total" in text
    assert "  sheet        every player's penalty in every hand (tafel works too)" in text
    assert "Commands: hint, undo, last, score, sheet, save [FILE], help, quit" in text
    assert "Penalties after hand 1 of 2: South (You) 0, East 0, North 0, West 0" in text
    assert "Score sheet:" in text
    code, text = _run(s, ["forecast:37"])
    assert "South (You) forecasts 37" in text and s.game.round.forecasts[0] == 37


def test_rows_by_number_or_name_and_the_way_to_play_them() -> None:
    s = _coiffeur_vorhand(COIFFEUR_TEN)
    before = s.observation()
    code, text = _run(s, ["11", "free", "3 Obenabe", "Slalom", "back", "9", "banana",
                          "Rosen"])
    assert code == EXIT_EOF
    assert "Legal: 1=Row 1: Eicheln ×1  2=Row 2: Rosen ×2" in text
    assert "7=Row 7: Slalom ×7 …" in text and "push=Schieben" in text
    assert "Not legal: 11 — there is no row 11: the rows are 1 to 10" in text
    assert "Not legal: free — rows 9, 10 are open: type the row's number" in text
    assert ("Not legal: 3 Obenabe — Row 3: Schilten ×3 cannot be played as Obenabe" in text)
    assert "How to play Row 7: Slalom ×7?" in text
    assert ("Legal: 1=Slalom (Obenabe first)  2=Slalom (Undenufe first)  "
            "back=Back to the rows") in text
    assert "How to play Row 9: free ×9?" in text
    assert "Not understood: banana — answer with the number of a way" in text
    assert _prompts(text) == ["? row", "? row", "? row", "? row", "? way", "? row", "? way",
                              "? way", "? play"]
    assert "South (You) chooses Row 9: free ×9 — Rosen trumps" in text
    assert s.observation().row == 8 and before.row == -1


def test_a_written_row_is_refused_and_push_goes_on() -> None:
    s = _coiffeur_vorhand(COIFFEUR_TEN)
    _code, text = _run(s, ["1"])  # Eicheln, a row of one way: chosen at once
    assert "South (You) chooses Row 1: Eicheln ×1" in text
    # On to South's next choice, with row 1 of Us written.
    while s.game.hand_no == 1 or not (s.human_to_move() and s.observation().phase == "choose"):
        if s.human_to_move():
            s.act(s.legal_actions()[0])
        else:
            s.bot_step()
    before = s.observation()
    assert before.sheet[0][0] is not None
    _code, text = _run(s, ["1"])
    assert "Not legal: 1 — Row 1: Eicheln ×1 is already written in your team's column" in text
    assert s.observation() == before
    s = _coiffeur_vorhand(COIFFEUR)
    _code, text = _run(s, ["push"])
    assert "South (You) pushes on to East" in text


def test_help_lists_the_coiffeur_commands() -> None:
    s = _coiffeur_vorhand(COIFFEUR)
    code, text = _run(s, ["help", "score", "sheet"], lang="de")
    assert code == EXIT_EOF
    assert t("help.answer_coiffeur", "de") in text
    assert "  score        der Stand beider Teams" in text
    assert "  sheet        das Punkteblatt (auch tafel)" in text
    assert "Wir 0 : 0 Gegner" in text
    assert "Punkteblatt:" in text and "  Zeile 1: frei ×1: Wir ·, Gegner ·" in text


def test_quit_saves_a_variant_game_and_it_resumes(tmp_path: Path) -> None:
    from puur.tui.session import PlaySession

    save = tmp_path / "g.puur"
    s = variant_session(DIFFERENZLER_THREE, seed=3)
    code, _text = _run(s, ["40", "quit"], autosave=str(save))
    assert code == EXIT_QUIT and save.exists()
    r = PlaySession.resume(save)
    assert r.variant.key == "differenzler" and r.observation() == s.observation()


@pytest.mark.parametrize("rules", [DIFFERENZLER_THREE, COIFFEUR], ids=["three", "coiffeur"])
def test_replay_of_a_variant_record(rules: Any, tmp_path: Path) -> None:
    s = variant_session(rules, seed=8)
    _run(s, [], answer=True)
    rec = read_record(s.save(tmp_path / "done.puur"))
    out = io.StringIO()
    assert run_plain_replay(rec, io.StringIO(""), out) == EXIT_OK
    text = out.getvalue()
    assert sum(1 for line in text.splitlines() if line.startswith("Hand ")) == s.game.hand_no
    assert text.rstrip().splitlines()[-1].startswith("First place: ")
    if s.variant.key == "differenzler":
        # The replay shows every forecast, also the hidden ones.
        assert all(f"forecasts {f}" in text for f in s.game.rounds[0].forecasts)
        assert "  Penalties: South " in text and "West: " in text and "North: " not in text
    else:
        assert " chooses Row " in text and " for " in text


def test_variants_through_real_pipes(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), XDG_CONFIG_HOME=str(tmp_path))
    base = [sys.executable, "-m", "puur.cli", "play", "--plain", "--bots", "random",
            "--seed", "9", "--no-remember"]
    proc = subprocess.run(
        [*base, "--variant", "differenzler", "--rules", "three", "--set", "hands=1"],
        input="xyz\n" + "1\n" * 40, capture_output=True, text=True, timeout=60, env=env,
    )
    assert proc.returncode == EXIT_OK, proc.stderr
    assert "Not understood: xyz" in proc.stdout and "South (You) forecasts 1" in proc.stdout
    assert "Game over" in proc.stdout
    proc = subprocess.run(
        [*base, "--variant", "coiffeur", "--set", "sheet=custom", "--set",
         "custom_rows=H:1 obe:2"],
        input="1\n2\n" * 80, capture_output=True, text=True, timeout=60, env=env,
    )
    assert proc.returncode == EXIT_OK, proc.stderr
    assert "Game over" in proc.stdout and "First place: " in proc.stdout
    proc = subprocess.run([*base, "--variant", "coiffeur", "--target", "300"],
                          capture_output=True, text=True, timeout=60, env=env)
    assert proc.returncode == 2 and "option 'target': no such option" in proc.stderr
