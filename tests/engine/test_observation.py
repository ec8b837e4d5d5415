"""The Observation: what one seat may know, and the tensor layout of docs/observation.md."""

from __future__ import annotations

import pytest

from puur.actions import A_STOECK, NUM_ACTIONS
from puur.cards import bits
from puur.observation import OBS_SIZE, OBS_VERSION, observe
from puur.round import Round
from puur.rules import RuleSet
from puur.weis import stoeck_cards

from .util import card, deal_with, drive, play_lowest

HAND, HISTORY, TRICK, CONTRACT, CHOOSER, PUSHED, LEADER, PHASE, STOECK = (
    0, 36, 180, 324, 333, 337, 338, 342, 346,
)
KNOWN, RESERVED, WEIS, CREDITED, GAME, TRICK_NO = 350, 458, 486, 490, 492, 494


def ones(v: list[float], start: int, n: int) -> list[int]:
    return [i for i in range(n) if v[start + i]]


def test_version_and_size() -> None:
    assert OBS_VERSION == 1 and OBS_SIZE == 495
    obs = Round.deal(seed=1).observation(0)
    assert len(obs.to_tensor()) == OBS_SIZE and len(obs.action_mask()) == NUM_ACTIONS


def test_tensor_layout_in_the_first_trick() -> None:
    # Forehand 2 pushes to seat 0, which chooses Schellen and announces Stöck with its Weis
    # decision; seat 1 declares a four-card Weis.
    rules = RuleSet(stoeck_announce="with-weis", target=1000)
    hs = deal_with("DK DQ", "H6 H7 H8 H9", "", "", voids={0: "D", 1: "H"})
    r = Round(rules, hs, forehand=2, game_scores=(300, 150))
    drive(r, "push")
    r.push(36 + 0)  # seat 0 chooses Schellen
    assert r.chooser == 0 and r.pushed
    play_lowest(r, 2, declare=(1,))  # seat 2 leads, seat 3 follows; then seat 0's turn
    assert r.to_move == 0 and r.phase == "play"
    assert r.stoeck_state == 1 and r.credits == ((0, 20, "stoeck"),)
    assert r.actions[-1] == A_STOECK
    for seat in range(4):
        obs = observe(r, seat)
        v = obs.to_tensor()
        rel = [(s - seat) % 4 for s in range(4)]
        assert ones(v, HAND, 36) == bits(r.hands[seat])
        for s, c in obs.history:
            assert v[HISTORY + 36 * rel[s] + c] == 1.0
            assert v[TRICK + 36 * rel[s] + c] == 1.0  # still in the first trick
        assert sum(v[HISTORY:CONTRACT]) == 2 * len(obs.history)
        assert ones(v, CONTRACT, 9) == [0]
        assert ones(v, CHOOSER, 4) == [rel[0]]
        assert v[PUSHED] == 1.0
        assert ones(v, LEADER, 4) == [rel[2]]
        assert ones(v, PHASE, 4) == [2]  # play
        assert ones(v, STOECK, 4) == [rel[0]]
        assert ones(v, RESERVED, WEIS - RESERVED) == []
        assert ones(v, WEIS, 4) == []  # seat 1 has not yet had its turn
        team = seat & 1
        assert v[CREDITED] == pytest.approx(r.credited[team] / 157)
        assert v[CREDITED + 1] == pytest.approx(r.credited[1 - team] / 157)
        assert v[GAME] == pytest.approx((300, 150)[team] / 1000)
        assert v[GAME + 1] == pytest.approx((300, 150)[1 - team] / 1000)
        assert v[TRICK_NO] == 0.0
        # Known cards of others: the Stöck pair of seat 0, nothing else during trick 1.
        for s in range(4):
            if s == seat:
                continue
            block = ones(v, KNOWN + 36 * (rel[s] - 1), 36)
            expected = bits(stoeck_cards(0) & r.hands[s]) if s == 0 else []
            assert block == expected
    play_lowest(r, 1, declare=(1,))  # seat 0 plays; seat 1 declares its Weis (50)
    assert r.to_move == 1 and r.declared[1]
    for seat in range(4):
        obs = observe(r, seat)
        v = obs.to_tensor()
        assert v[WEIS + (1 - seat) % 4] == pytest.approx(0.5)  # announced to everyone
        assert obs.weis_announced[1] == ((50, 4),)
        assert obs.weis_shown[1] == (r.declared[1] if seat == 1 else ())


def test_winning_weis_shown_after_trick_one_only_to_its_extent() -> None:
    hs = deal_with("S6 S7 S8", "H6 H7 H8 H9", "", "C6 C7 C8", voids={0: "S", 1: "H", 3: "C"})
    r = Round(RuleSet(), hs, forehand=0)
    drive(r, "choose:obe", declare=(0, 1, 3))
    play_lowest(r, 4, declare=(0, 1, 3))
    assert r.weis_seat == 1
    obs = observe(r, 2)
    assert obs.weis_seat == 1
    assert obs.weis_shown[1] == r.declared[1] and obs.weis_shown[3] == r.declared[3]
    obs0 = observe(r, 1)
    assert obs0.weis_shown[0] == ()  # the losing Weis stays hidden, only its points are told
    assert obs0.weis_announced[0] == ((20, 3),)
    shown = 0
    for m in r.declared[1]:
        shown |= m.cards
    assert obs.known_cards(1) == shown & r.hands[1]
    assert obs.known_cards(0) == 0


def test_observer_partner_weis_is_not_seen_without_winning() -> None:
    # Only the best team's Weis is shown; the partner's own losing Weis stays hidden too.
    hs = deal_with("S6 S7 S8", "H6 H7 H8 H9", "", "", voids={0: "S", 1: "H"})
    r = Round(RuleSet(), hs, forehand=0)
    drive(r, "choose:obe", declare=(0, 1))
    play_lowest(r, 4, declare=(0, 1))
    obs2 = observe(r, 2)
    assert obs2.weis_shown[0] == () and obs2.known_cards(0) == 0


def test_legal_actions_only_for_the_seat_to_move() -> None:
    r = Round.deal(seed=2)
    for seat in range(4):
        obs = r.observation(seat)
        if seat == r.to_move:
            assert list(obs.legal_actions) == r.legal_actions()
            assert sum(obs.action_mask()) == len(r.legal_actions())
        else:
            assert obs.legal_actions == () and sum(obs.action_mask()) == 0
    with pytest.raises(ValueError, match="seat"):
        observe(r, 4)


def test_played_by_and_history_order() -> None:
    hs = deal_with("DA", "", "", "")
    r = Round(RuleSet(), hs, forehand=0)
    drive(r, "choose:obe DA")
    play_lowest(r, 5)
    obs = r.observation(3)
    assert [s for s, _c in obs.history][:4] == [0, 1, 2, 3]
    assert obs.played_by(0) & (1 << card("DA"))
    assert sum(obs.played_by(s).bit_count() for s in range(4)) == len(r.played)


def test_weis_decision_of_another_seat_looks_like_a_turn_to_play() -> None:
    """The question 'declare your Weis?' must not tell the others that a seat holds one."""
    from puur.cards import CardSet
    from puur.round import Round

    hands = [
        CardSet.from_text("H6 H7 H8 D6 D7 S6 S7 C6 C7").bits,  # a Weis: H6-H7-H8
        CardSet.from_text("D8 D9 DT S8 S9 ST C8 C9 CT").bits,
        CardSet.from_text("H9 HT DJ DQ SJ SQ CJ CQ HJ").bits,
        CardSet.from_text("HQ HK HA DK DA SK SA CK CA").bits,
    ]
    r = Round(None, hands, forehand=0)
    r.push(36 + 4)  # Obenabe
    assert r.phase == "weis" and r.to_move == 0
    assert r.observation(0).phase == "weis"
    for other in (1, 2, 3):
        obs = r.observation(other)
        assert obs.phase == "play"
        assert obs.to_tensor()[342:346] == [0.0, 0.0, 1.0, 0.0]


def test_order_of_announced_melds_tells_nothing_about_their_suits() -> None:
    """Seat 1 declares a three- and a four-card sequence; which suit holds which is hidden
    until trick 1 is over, so seat 0 must not learn it from the order of the announcement."""
    from puur.actions import A_WEIS
    from puur.cards import CardSet

    def deal(one: str, three: str) -> list[int]:
        return [CardSet.from_text(t).bits for t in (
            "S6 S8 ST SQ SA C6 C8 CT CQ", one, "DT DQ DA HJ HK S7 S9 SJ C7", three)]

    views = []
    for one, three in (("D6 D7 D8 H6 H7 H8 H9 SK CA", "D9 DJ DK HT HQ HA C9 CJ CK"),
                       ("D6 D7 D8 D9 H6 H7 H8 SK CA", "H9 DJ DK HT HQ HA C9 CJ CK")):
        r = Round(RuleSet(), deal(one, three), forehand=0)
        drive(r, "choose:obe")
        r.push(card("S6"))
        assert r.phase == "weis" and r.to_move == 1
        r.push(A_WEIS + 1)  # both sequences
        assert sorted(m.points for m in r.declared[1]) == [20, 50]
        views.append(observe(r, 0))
    assert views[0] == views[1]
    assert views[0].weis_announced[1] == ((50, 4), (20, 3))  # best first, whatever the suits
    assert views[0].to_tensor() == views[1].to_tensor()


def test_observation_is_the_dataclass_built_field_by_field() -> None:
    # observe() fills a new Observation's fields directly (for speed): the result must be the
    # very object Observation(...) builds, with every field set, at every step of whole hands.
    import dataclasses
    import random

    from puur.observation import Observation
    from puur.rules import PRESETS

    rng = random.Random(7)
    names = [f.name for f in dataclasses.fields(Observation)]
    for rules in PRESETS.values():
        for _ in range(2):
            rnd = Round.deal(rules, rng=rng)
            while rnd.phase != "over":
                for seat in (-1, 0, 1, 2, 3):
                    obs = observe(rnd, seat)
                    assert sorted(vars(obs)) == sorted(names)
                    again = Observation(**{n: getattr(obs, n) for n in names})
                    assert again == obs
                    assert hash(again) == hash(obs)
                    with pytest.raises(dataclasses.FrozenInstanceError):
                        obs.seat = 3  # type: ignore[misc]
                rnd.push(rng.choice(list(rnd.legal_actions())))
