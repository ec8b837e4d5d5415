"""``puur play --plain``: prompts, one decision per line, bad input answered, exit codes."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from tests.tui.conftest import FAST, crafted_game

from puur.actions import A_CHOOSE
from puur.cards import parse_card, parse_cards
from puur.round import Round
from puur.tui.notes import render_note
from puur.tui.plain import EXIT_EOF, EXIT_OK, EXIT_QUIT, run_plain, run_plain_replay
from puur.tui.reasons import why_illegal
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
    assert "Jasstafel:" in text and "Card points:" in text
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
    assert " chooses " in text and "choose:" not in text and "weis:" not in text
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
    assert "You hold Weis" in text
    assert "Declare 3 in a row (Schellen 6 7 8): 20 points (suggested)" in text
    assert "South (You) announces Stöck (20)" in text
    assert s.observation().stoeck_seat == 0 and s.observation().weis_announced[0] == ()


# South holds D6 D7 D8 HQ HK H6 S6 C6 C8 and leads trick 1 after choosing.
@pytest.mark.parametrize("typed, played", [
    ("Schilten 6", "Schilten 6"), ("schilten 6", "Schilten 6"), ("6 SCHILTEN", "Schilten 6"),
    ("spades 6", "Schilten 6"), ("pique 6", "Schilten 6"), ("Schaufel 6", "Schilten 6"),
    ("picche 6", "Schilten 6"), ("Rosen O", "Rosen O"), ("cœur Q", "Rosen O"),
    ("coeur Q", "Rosen O"), ("Herz Q", "Rosen O"), ("cuori O", "Rosen O"),
    ("trèfle 8", "Eicheln 8"), ("trefle 8", "Eicheln 8"), ("Kreuz 8", "Eicheln 8"),
    ("clubs 8", "Eicheln 8"), ("Ecken 7", "Schellen 7"), ("carreau 7", "Schellen 7"),
    ("quadri 7", "Schellen 7"), ("diamonds 7", "Schellen 7"), ("C8", "Eicheln 8"),
])
def test_a_card_is_taken_by_the_name_the_game_prints(typed: str, played: str) -> None:
    s = PlaySession(game=crafted_game(), bots=["random"] * 3)
    code, text = _run(s, ["Rosen", "quiet", typed])
    assert code == EXIT_EOF
    assert f"South (You) plays {played}" in text, text[-600:]
    assert "Not understood" not in text


def test_printed_contract_and_stoeck_answers_in_other_languages() -> None:
    rules = FAST.replace(stoeck_announce="with-weis")
    s = PlaySession(game=crafted_game(rules), bots=["random"] * 3)
    code, text = _run(s, ["Rosen Trumpf", "Nicht melden", "Stoeck"], lang="de")
    assert code == EXIT_EOF
    assert "Süd (Du) macht Rosen Trumpf" in text and "Süd (Du) sagt Stöck (20)" in text
    s = PlaySession(game=crafted_game(), bots=["random"] * 3)
    _code, text = _run(s, ["atout cœur"], lang="fr", deck="french")
    assert "Sud (Vous) choisit atout cœur" in text


def _round_with(hands: dict[int, str], forehand: int, contract: int) -> Round:
    """A hand where seat ``s`` holds ``hands[s]`` (the other cards go round the other seats),
    ``forehand`` chose ``contract`` and nobody declared Weis or Stöck yet."""
    given = {s: parse_cards(h) for s, h in hands.items()}
    rest = [c for c in range(36) if not any(c in v for v in given.values())]
    cards = {s: list(given.get(s, [])) for s in range(4)}
    for c in rest:
        s = min((s for s in range(4) if len(cards[s]) < 9), key=lambda s: len(cards[s]))
        cards[s].append(c)
    rd = Round(FAST, [sum(1 << c for c in cards[s]) for s in range(4)], forehand)
    rd.push(A_CHOOSE + contract)
    return rd


def _play(rd: Round, *tokens: str) -> None:
    for tok in tokens:
        while rd.observation(rd.to_move).phase != "play":
            rd.push(min(rd.legal_actions()))  # keep every Weis quiet
        rd.push(parse_card(tok))


def test_why_a_card_is_refused() -> None:
    # North leads Schellen A, West trumps with the Rosen U (Rosen are trumps): South holds
    # Schellen and a lower trump.
    rd = _round_with({0: "D6 H6 C6 C7 C9 S6 S7 S9 SK", 2: "DA", 3: "HJ"}, 2, 1)
    _play(rd, "DA", "HJ")
    obs = rd.observation(0)
    assert rd.to_move == 0

    def why(tok: str) -> str:
        return render_note(why_illegal(obs, parse_card(tok)), "swiss", "en")

    assert why("C6") == "you must follow Schellen"
    assert why("H6") == ("you may not undertrump: Rosen 6 is lower than Rosen U, the trump "
                         "already in the trick")
    assert why("SA") == "you do not hold Schilten A"
    assert render_note(why_illegal(obs, parse_card("C6")), "french", "de") == (
        "du musst Ecken angeben")
    # Trumps led: South must follow with its trump.
    rd = _round_with({0: "D6 H6 C6 C7 C9 S6 S7 S9 SK", 1: "H7 H8 H9 HT HQ HK", 2: "HA",
                      3: "HJ D7"}, 2, 1)
    _play(rd, "HA", "D7")
    obs = rd.observation(0)
    assert render_note(why_illegal(obs, parse_card("C6")), "swiss", "en") == (
        "trumps were led: you must follow trumps (Rosen)")


def test_a_refusal_in_line_mode_says_why() -> None:
    s = PlaySession(game=crafted_game(), bots=["random"] * 3, seed=1)
    code, text = _run(s, ["Rosen", "quiet", "1"] + ["C6", "S6", "H6", "D6"] * 8)
    assert code == EXIT_EOF
    refusals = [line for line in text.splitlines() if line.startswith("Not legal:")]
    assert refusals and all(" — " in line for line in refusals)
    assert any("you must follow" in line or "undertrump" in line for line in refusals)
    assert not any("Legal: 1, 2" in line for line in refusals)


def test_the_hand_and_the_legal_cards_are_listed_in_one_order() -> None:
    s = PlaySession(game=crafted_game(), bots=["random"] * 3, seed=2)
    _code, text = _run(s, ["Rosen", "quiet", "1", "1", "1"])
    lines = text.splitlines()
    checked = 0
    for i, line in enumerate(lines):
        if line.startswith("Your cards: "):
            hand = line.removeprefix("Your cards: ").split(", ")
            legal_line = next(x for x in lines[i:] if x.startswith("Legal: "))
            if "trumps" in legal_line or "Keep quiet" in legal_line:
                continue
            legal = [part.split("=", 1)[1].rsplit(" (", 1)[0]
                     for part in legal_line.removeprefix("Legal: ").split("  ")]
            assert legal == [c for c in hand if c in legal], (hand, legal)
            checked += 1
    assert checked >= 2


def test_help_lists_every_command_once_and_the_legal_line_once() -> None:
    s = PlaySession(game=crafted_game(), bots=["random"] * 3)
    _code, text = _run(s, ["help"])
    after = text.split("? choose", 1)[1]
    assert after.count("Legal: ") == 1
    for cmd in ("hint", "undo", "last", "score", "tafel", "save [FILE]", "help", "quit"):
        assert f"  {cmd} " in after, cmd


def test_save_without_a_name_saves_to_the_default_file_and_says_where(
        private_config: Path) -> None:
    s = PlaySession(game=crafted_game(), bots=["random"] * 3)
    _code, text = _run(s, ["push", "save"])
    path = private_config / "puur" / "saved-game.puur"
    assert f"Game saved to {path}; continue it with: puur play --resume {path}" in text
    assert PlaySession.resume(path).observation() == s.observation()


def test_bad_command_arguments_change_nothing(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    s = PlaySession(game=crafted_game(), bots=["random"] * 3)
    before = s.observation()
    code, text = _run(s, [f"save {blocker}/x.puur", "undo", "last", "0", "99", "weis:-"])
    assert code == EXIT_EOF
    assert "Could not save" in text
    assert "Nothing to undo" in text and "No trick played yet" in text
    assert "Not legal: 0 — there is no choice 0: the choices are 1 to 7" in text
    assert "Not legal: 99 — there is no choice 99" in text
    assert "Not legal: weis:- — first choose the contract (or push)" in text
    assert s.observation() == before


def test_the_end_of_the_input_saves_the_unfinished_game(private_config: Path) -> None:
    s = PlaySession(game=crafted_game(), bots=["random"] * 3)
    code, text = _run(s, ["push"])
    assert code == EXIT_EOF
    path = private_config / "puur" / "saved-game.puur"
    assert "Game saved to" in text and path.exists()
