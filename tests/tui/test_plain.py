"""``puur play --plain``: prompts, one decision per line, bad input answered, exit codes."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

from tests.tui.conftest import FAST, crafted_game

from puur.tui.plain import EXIT_EOF, EXIT_OK, EXIT_QUIT, run_plain, run_plain_replay
from puur.tui.session import PlaySession

ROOT = Path(__file__).resolve().parents[2]


def _run(session: PlaySession, lines: list[str], **kw: object) -> tuple[int, str]:
    out = io.StringIO()
    code = run_plain(session, io.StringIO("".join(x + "\n" for x in lines)), out, **kw)  # type: ignore[arg-type]
    return code, out.getvalue()


def _prompts(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("? ")]


def test_a_whole_game_answering_the_first_legal_choice() -> None:
    s = PlaySession(FAST, ["random"] * 3, seed=4)
    code, text = _run(s, ["1"] * 200)
    assert code == EXIT_OK and s.is_over
    assert "Game over" in text and "win with" in text
    assert "Jasstafel:" in text and "Trick points:" in text
    assert _prompts(text) and all(p in ("? play", "? choose", "? weis", "? stoeck")
                                  for p in _prompts(text))


def test_bad_input_is_answered_with_the_legal_choices_and_changes_nothing() -> None:
    s = PlaySession(game=crafted_game(), bots=["random"] * 3)
    before = s.observation()
    code, text = _run(s, ["banana", "D7", "42"])
    assert code == EXIT_EOF
    assert "Not understood: banana" in text
    assert "Not legal: D7" in text  # a card while the contract is to be chosen
    assert "Not legal: 42" in text
    assert s.observation() == before
    assert _prompts(text) == ["? choose"] * 4
    assert text.count("Legal: 1=Schellen trumps") == 4


def test_tokens_aliases_and_commands() -> None:
    s = PlaySession(game=crafted_game(), bots=["random"] * 3, hint_bot="random")
    code, text = _run(s, ["help", "score", "H", "hint", "yes", "no", "last"], lang="en")
    assert code == EXIT_EOF
    assert "South (You) chooses Rosen trumps" in text
    assert "Hint:" in text
    assert "South (You) declares Weis: 20 (3 cards)" in text
    assert "Us 0 : 0 Them" in text


def test_quit_saves_when_asked_and_exits_4(tmp_path: Path) -> None:
    save = tmp_path / "g.puur"
    s = PlaySession(game=crafted_game(), bots=["random"] * 3)
    code, _text = _run(s, ["push", "quit"], autosave=str(save))
    assert code == EXIT_QUIT and save.exists()
    resumed = PlaySession.resume(save)
    assert resumed.observation() == s.observation()


def test_undo_in_line_mode() -> None:
    s = PlaySession(game=crafted_game(), bots=["random"] * 3, seed=1)
    code, text = _run(s, ["H", "n", "n", "1", "undo", "1"])
    assert code == EXIT_EOF
    assert "Your last card was taken back" in text


def test_german_french_deck() -> None:
    s = PlaySession(game=crafted_game(), bots=["random"] * 3)
    _code, text = _run(s, [], lang="de", deck="french")
    assert "Deine Karten: Ecken 8, Ecken 7, Ecken 6" in text
    assert "Schieben" in text and "Obenabe" in text


def test_replay_of_a_record_move_by_move(tmp_path: Path) -> None:
    s = PlaySession(FAST, ["random"] * 3, seed=4)
    _run(s, ["1"] * 200)
    from puur.record import read_record

    path = s.save(tmp_path / "done.puur")
    out = io.StringIO()
    code = run_plain_replay(read_record(path), io.StringIO("\n\n"), out)
    text = out.getvalue()
    assert code == EXIT_OK
    assert sum(1 for line in text.splitlines() if line.startswith("Hand ")) == s.game.hand_no
    assert "West: " in text and "win with" in text
    out = io.StringIO()
    assert run_plain_replay(read_record(path), io.StringIO("\nq\n"), out) == EXIT_QUIT
    assert len(out.getvalue().splitlines()) < len(text.splitlines())


def test_through_real_pipes(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    proc = subprocess.run(
        [sys.executable, "-m", "puur.cli", "play", "--plain", "--target", "200",
         "--bots", "random", "--seed", "9", "--no-remember"],
        input="xyz\n" + "1\n" * 150, capture_output=True, text=True, timeout=60, env=env,
        cwd=tmp_path,
    )
    assert proc.returncode == EXIT_OK, proc.stderr
    assert "Not understood: xyz" in proc.stdout
    assert "Game over" in proc.stdout
    proc = subprocess.run(
        [sys.executable, "-m", "puur.cli", "play", "--plain", "--lang", "xx"],
        capture_output=True, text=True, timeout=60, env=env,
    )
    assert proc.returncode == 2 and "--lang" in proc.stderr


def test_weis_and_stoeck_prompts() -> None:
    rules = FAST.replace(stoeck_announce="with-weis")
    s = PlaySession(game=crafted_game(rules), bots=["random"] * 3)
    code, text = _run(s, ["H", "quiet", "yes"])
    assert code == EXIT_EOF
    assert _prompts(text)[:4] == ["? choose", "? weis", "? stoeck", "? play"]
    assert "You hold Weis" in text and "[suggested]" in text
    assert "South (You) announces Stöck (20)" in text
    assert s.observation().stoeck_seat == 0 and s.observation().weis_announced[0] == ()
