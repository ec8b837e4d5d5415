"""Choosing and pushing, a whole game, the game end and Striche (rule book §2.2, §2.3, §2.10,
§2.12)."""

from __future__ import annotations

import random

import pytest

from puur.actions import A_CHOOSE, A_PUSH
from puur.cards import parse_card
from puur.contracts import Contract
from puur.game import Game, GameOverError
from puur.round import IllegalActionError, Round
from puur.rules import PRESETS, RuleSet

from .util import deal_with, drive, hands, play_random, play_random_game

CHOOSE_ANY = [A_CHOOSE + c for c in range(6)]


@pytest.mark.parametrize("push_back", [False, True])
def test_push_and_push_back(push_back: bool) -> None:
    r = Round.deal(RuleSet(push_back=push_back), seed=11, forehand=1)
    assert r.to_move == 1 and r.legal_actions() == [*CHOOSE_ANY, A_PUSH]
    r.push(A_PUSH)
    assert r.pushed and r.to_move == 3
    if not push_back:
        assert r.legal_actions() == CHOOSE_ANY
        with pytest.raises(IllegalActionError):
            r.push(A_PUSH)
        r.push(A_CHOOSE + Contract.ROSEN)
        assert r.chooser == 3
    else:
        assert r.legal_actions() == [*CHOOSE_ANY, A_PUSH]
        r.push(A_PUSH)
        assert r.pushed_back and r.to_move == 1
        assert r.legal_actions() == CHOOSE_ANY  # only once
        r.push(A_CHOOSE + Contract.ROSEN)
        assert r.chooser == 1
    # Whoever chose, the forehand leads trick 1.
    assert r.contract == Contract.ROSEN and r.leader == 1
    assert r.to_move == 1 or r.phase == "weis"
    assert r.declarer_team == r.chooser & 1


def test_start_card_chooses_first_then_rotation() -> None:
    for name, start in (("family", "D7"), ("online-1000", "H7")):
        rules = PRESETS[name]
        assert rules.start_card == parse_card(start)
        g = Game(rules, seed=5)
        first = g.round.forehand
        assert g.round.initial_hands[first] >> rules.start_card & 1
        rng = random.Random(1)
        while len(g.rounds) < 4 and not g.is_over:
            g.push(rng.choice(g.legal_actions()))
        fhs = [rd.forehand for rd in g.rounds]
        assert fhs == [(first + i) % 4 for i in range(len(fhs))]


def test_game_scores_accumulate_and_pop_crosses_hands() -> None:
    g = Game(RuleSet(), seed=3)
    rng = random.Random(3)
    while len(g.rounds) < 2:
        g.push(rng.choice(g.legal_actions()))
    first = g.rounds[0]
    assert g.start_scores[1] == first.credited and g.scores == first.credited
    assert not g.round.actions
    expected_last = first.actions[-1]
    last = g.pop()
    assert len(g.rounds) == 1 and not g.round.is_over and last == expected_last
    g.push(last)
    assert len(g.rounds) == 2


def test_whole_games_reach_the_target() -> None:
    rng = random.Random(9)
    for name in PRESETS:
        g = play_random_game(Game(PRESETS[name], seed=name), rng)
        assert g.is_over and g.winner in (0, 1)
        assert g.scores[g.winner] >= g.rules.target
        assert g.scores[1 - g.winner] < g.rules.target or g.end_reason
        assert g.legal_actions() == []
        with pytest.raises(GameOverError):
            g.push(0)
        with pytest.raises(IllegalActionError):  # as in every variant's finished game
            g.push(0)
        summary = g.summary()
        assert summary["winner"] == g.winner and summary["scores"] == list(g.scores)
        tafel = g.jasstafel()
        assert tafel.points == g.scores
        for team in (0, 1):
            assert tafel.strokes(team).points == g.scores[team]
        assert g.team_names[0] in tafel.render()
        # The total is every credit of every hand.
        total = [0, 0]
        for rd in g.rounds:
            for team, pts, _k in rd.credits:
                total[team] += pts
        assert tuple(total) == g.scores


# Seat 1 holds the 7 of Schellen (it chooses), the Ace, Under, 9 and 10 of trumps; seat 0 holds
# King and Ober (Stöck); seat 2 the 6 and 8; seat 3 no trump at all.
STOECK_DEAL = deal_with("DK DQ", "D7 DA DJ D9 DT", "D6 D8", "", voids={0: "D", 2: "D", 3: "D"})


def test_game_won_mid_hand_by_stoeck() -> None:
    for order in ("stoeck-weis-stich", "stoeck-stich-weis"):
        rules = RuleSet(target=20, count_order=order)  # type: ignore[arg-type]
        g = Game(rules, deals=[tuple(STOECK_DEAL)])
        assert g.round.forehand == 1
        drive(g, "choose:D DA D6")
        g.push(min(g.legal_actions()))  # seat 3 discards its lowest card
        drive(g, "DK")
        assert g.scores[1] < 20 and g.round.trick_winners == (1,)
        drive(g, "DJ D8")
        g.push(min(g.legal_actions()))
        drive(g, "DQ")  # the second Stöck card: announced at once
        assert g.is_over and g.winner == 0 and g.end_reason == "stoeck"
        assert g.scores[0] == 20
        # The trick under way (Puur led: at least 23 to seat 1's team) is never counted.
        assert len(g.round.trick_winners) == 1 and len(g.rounds) == 1


# Seat 0 (holder of D7) leads the Puur; every other seat holds exactly one trump worth points;
# seat 1 holds a four-card Weis (50).
ORDER_DEAL = deal_with(
    "DJ D7", "D9 C6 C7 C8 C9", "DA", "DT", voids={1: "DC", 2: "D", 3: "D"}
)


@pytest.mark.parametrize(
    ("order", "winner", "reason"),
    [("stoeck-weis-stich", 1, "weis"), ("stoeck-stich-weis", 0, "trick")],
)
def test_count_order_decides_the_winner(order: str, winner: int, reason: str) -> None:
    rules = RuleSet(target=50, count_order=order)  # type: ignore[arg-type]
    g = Game(rules, deals=[tuple(ORDER_DEAL)])
    assert g.round.forehand == 0
    drive(g, "choose:D DJ D9 DA DT", declare=(1,))
    # Trick 1 is worth 20 + 14 + 11 + 10 = 55 to team 0; team 1 declared 50.
    assert g.is_over and g.winner == winner and g.end_reason == reason
    assert g.scores[winner] >= 50
    assert g.scores[1 - winner] == 0


def test_round_with_game_scores_stops_at_target() -> None:
    r = Round(RuleSet(), hands(*_seed_hands()), forehand=0, game_scores=(995, 0))
    play_random(r, random.Random(1))
    assert r.is_over and r.winner in (0, 1)
    assert (995, 0)[r.winner] + r.credited[r.winner] >= 1000


def _seed_hands() -> list[str]:
    from puur.cards import bits, format_cards
    from puur.round import deal_hands

    return [format_cards(bits(h)) for h in deal_hands(4)]


# Seat 0 holds the seven highest trumps for Schellen and Ace/King of Rosen: team 0 takes all.
MATCH_DEAL = hands(
    "D7 DJ D9 DA DK DQ DT HA HK",
    "D6 H6 H7 S6 S7 C6 C7 C8 SA",
    "D8 H8 H9 S8 S9 C9 CT CJ SK",
    "HT HJ HQ ST SJ SQ CQ CK CA",
)


def _play_match(g: Game) -> None:
    """Seat 0 declares its Weis (100) and Stöck and plays its strongest card, the others keep
    quiet and play their lowest."""
    from puur.cards import bits
    from puur.contracts import STRENGTH

    rd = g.round
    drive(g, "choose:D", declare=(0,))
    while not rd.is_over:
        if rd.phase in ("weis", "stoeck"):
            g.push(47 if rd.phase == "weis" and rd.to_move == 0 else rd.legal_actions()[0])
        elif rd.to_move == 0:
            g.push(max(bits(rd.legal_cards()), key=lambda c: STRENGTH[rd.mode][c]))
        else:
            g.push(bits(rd.legal_cards())[0])


def test_striche_bergpreis_schneider_and_win() -> None:
    rules = RuleSet(target=300, striche=True)
    g = Game(rules, deals=[tuple(MATCH_DEAL)])
    _play_match(g)
    assert g.is_over and g.winner == 0 and g.scores[1] < 150
    # Bergpreis (first to 150), the win, Schneider (the losers under half): 3 to 0.
    assert g.striche() == (3, 0)
    assert g.jasstafel().striche == (3, 0)
    no = Game(rules.replace(striche=False), deals=[tuple(MATCH_DEAL)])
    _play_match(no)
    assert no.striche() == (0, 0)


def test_match_strich_and_no_schneider() -> None:
    rules = RuleSet(target=1000, striche=True, strich_match=1, strich_schneider=0)
    g = Game(rules, deals=[tuple(MATCH_DEAL)])
    _play_match(g)
    assert not g.is_over and g.rounds[0].hand_score()["match"] == 0
    # A Match Strich; 377 is not yet half of 1000, so no Bergpreis.
    assert g.scores == (257 + 100 + 20, 0)
    assert g.striche() == (1, 0)
