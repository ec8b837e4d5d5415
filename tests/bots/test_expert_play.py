"""Errors no expert makes, in constructed Schieber positions: the rule player (deterministic)
and the search player (fixed seed, a fixed number of sampled deals) must not make them, and
the search player's model of the others' play reads the rule player's signals."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from tests.bots.test_rules_bot import FAMILY, deal, play

from puur.actions import A_CHOOSE
from puur.bots import SearchBot
from puur.bots.dds import analyse
from puur.bots.inference import RuleModel
from puur.bots.playout import Playout
from puur.bots.rules import RuleBot
from puur.bots.sampler import DealSampler
from puur.bots.search import play_likelihood
from puur.cards import parse_card
from puur.contracts import Contract
from puur.observation import Observation
from puur.round import Round


def position(hands: tuple[str, str, str, str], forehand: int, contract: int,
             cards: str) -> Round:
    """A hand of ``contract`` chosen by ``forehand`` with ``cards`` played (no Weis, no
    Stöck announced)."""
    rnd = Round(FAMILY, deal(*hands), forehand=forehand)
    rnd.push(A_CHOOSE + contract)
    play(rnd, cards)
    return rnd


def rules_card(rnd: Round) -> int:
    return RuleBot().act(rnd.observation(rnd.to_move))


def search_card(rnd: Round) -> int:
    # A generous budget with a fixed number of deals: the decision does not depend on the
    # machine's speed.
    bot = SearchBot(budget=120.0, seed=1, max_deals=40)
    return bot.act(rnd.observation(rnd.to_move))


def cards(text: str) -> set[int]:
    return {parse_card(t) for t in text.split()}


def obenabe_aces() -> Round:
    """Obenabe by seat 0, who ran four tricks of kings and Obers and is on lead with
    ♦A ♥A ♠A ♣7 ♣6. The three aces are sure tricks (Bocks, nobody can ruff in Obenabe); a
    small club gives the lead to the opponents, who hold every other club and run them while
    seat 0, with two clubs, must throw aces on the third."""
    return position(("DK DQ DA HK HQ HA SA C7 C6", "D6 D9 H6 H9 CA CK CQ S6 S7",
                     "D7 DT H7 HT S8 S9 ST SJ C8", "D8 DJ H8 HJ CJ CT C9 SQ SK"), 0,
                    Contract.OBENABE, "DK D6 D7 D8 DQ D9 DT DJ HK H6 H7 H8 HQ H9 HT HJ")


def test_obenabe_declarer_cashes_his_aces() -> None:
    rnd = obenabe_aces()
    aces = cards("DA HA SA")
    values = dict(analyse(rnd))
    assert min(values[c] for c in aces) > max(values[c] for c in cards("C6 C7"))  # cards open
    assert rules_card(rnd) in aces
    assert search_card(rnd) in aces


def ruffed_ace() -> Round:
    """Schellen (♦) by seat 2. Trick 1: seat 2's ♥K was ruffed by seat 1 (so seat 1 has no
    heart and holds trumps); trick 2 went to seat 2's ♣A. Now seat 2 leads the ♥A, seat 3
    follows, and seat 0 holds ♥10 ♥6 ♥J ♥Q: seat 1, known void in hearts, is still to play and
    will ruff, so the ten onto the partner's ace would be the opponents' (schmieren onto a
    trick the opponents will ruff)."""
    return position(("H8 HT H6 HJ HQ DT DQ CQ CK", "D6 D7 D8 C6 C7 S8 S9 ST SJ",
                     "HK HA CA DJ D9 DA DK S6 S7", "H9 H7 C8 C9 CT CJ SQ SK SA"), 2,
                    Contract.SCHELLEN, "HK H9 H8 D6 C6 CA C8 CQ HA H7")


def test_no_points_onto_a_trick_the_opponents_will_ruff() -> None:
    rnd = ruffed_ace()
    assert rnd.to_move == 0
    ten = parse_card("HT")
    assert rules_card(rnd) != ten
    assert search_card(rnd) != ten


def second_seat() -> Round:
    """Obenabe by seat 3, who leads the ♣7. Seat 0, second to play, has no club: seat 1 (an
    opponent, still to play before seat 0's partner) may take the trick, and the declarer
    leading small from ♣A ♣7 ♣6 is likely to have the trick covered; a ten thrown here is
    most likely the opponents' (no schmieren in second seat). The ♦6 costs nothing."""
    return position(("DT D6 D7 H6 H7 H8 S6 S7 S8", "CK CQ CJ D8 D9 H9 HT S9 ST",
                     "CT C9 C8 DJ DQ HJ HQ SJ SQ", "C7 C6 CA HA HK SA SK DA DK"), 3,
                    Contract.OBENABE, "C7")


def test_no_points_thrown_in_second_seat() -> None:
    rnd = second_seat()
    assert rnd.to_move == 0
    ten = parse_card("DT")
    assert rules_card(rnd) != ten
    assert search_card(rnd) != ten


def trump_return() -> Round:
    """Rosen (♥) by seat 2, who led the Puur (everybody followed) and then the ♦6, which seat
    0 took with the ♦A. Seat 0 holds ♥10 ♥7 and side cards without a Bock. The partner chose
    trumps and started drawing them; an opponent may still hold trumps (seat 1 followed with
    the ♥Q): an expert returns a trump to the partner rather than open a side suit."""
    return position(("H7 HT DA D8 S8 S9 C9 CT DT", "HK HQ DJ DQ D9 ST SJ SQ CJ",
                     "HJ H9 HA H8 SA SK CA D6 C6", "H6 D7 DK S6 S7 C7 C8 CQ CK"), 2,
                    Contract.ROSEN, "HJ H6 H7 HQ D6 D7 DA D9")


def test_rules_returns_a_trump_to_the_partner_who_chose_and_led_trumps() -> None:
    rnd = trump_return()
    assert rnd.to_move == 0
    values = dict(analyse(rnd))
    assert values[parse_card("HT")] == max(values.values())  # cards open: as good as any
    card = rules_card(rnd)
    assert card // 9 == Contract.ROSEN


def test_trumps_are_drawn_before_the_side_aces() -> None:
    """Schilten (♠) by seat 0 with ♠J ♠9 ♠A ♠6 and the three other aces, on lead at the first
    trick. Three trumps are out (the ♠K among them); a side ace led now can be ruffed by any
    opponent short in the suit (here seat 1 has no heart and no club), while the Puur and the
    Nell draw the trumps in two rounds and the aces stand up afterwards."""
    rnd = position(("SJ S9 SA S6 DA HA CA C6 H6", "S7 S8 D6 D7 D8 D9 DT DJ DQ",
                    "ST SQ H7 H8 H9 C7 C8 C9 DK", "SK HT HJ HQ HK CT CJ CQ CK"), 0,
                   Contract.SCHILTEN, "")
    trumps = cards("SJ S9 SA S6")
    assert rules_card(rnd) in trumps
    assert search_card(rnd) in trumps


def test_the_nell_is_not_thrown_under_an_unseen_puur() -> None:
    """Rosen (♥) by seat 2, who took the first trick and leads the ♥A; seat 3 follows with the
    ♥7. Seat 0 holds ♥9 ♥6: the Puur is unseen and seat 1 plays after it. The Nell on the ace
    is 14 points for the opponents whenever seat 1 has the Puur; the ♥6 follows as well and
    costs nothing (cards open: 79 against 58)."""
    rnd = position(("H9 H6 DT DJ S8 S9 CT CJ D9", "HJ HT HQ DQ ST SJ SQ CQ CK",
                    "HA HK DA DK SA SK CA C6 D6", "H7 H8 D7 D8 S6 S7 C7 C8 C9"), 2,
                   Contract.ROSEN, "DA D7 D9 DQ HA H7")
    assert rnd.to_move == 0
    values = dict(analyse(rnd))
    six, nell = parse_card("H6"), parse_card("H9")
    assert values[six] > values[nell]
    assert rules_card(rnd) == six
    assert search_card(rnd) == six


def test_a_bock_is_kept_when_discarding() -> None:
    """Obenabe by seat 3, who ran the ♦A, ♥K, ♠K and ♣9 (everybody followed) and now leads the
    ♣A. Seat 0 has no club left; its ♦K is the Bock of diamonds (the ♦A is gone) and a sure
    trick once the declarer has to lead his ♦9. Any other card can go (cards open: 12 points
    against 0 for throwing the king)."""
    rnd = position(("DT HT ST C6 DK D6 H6 S6 S7", "DJ HJ SJ C7 CQ D7 D8 H7 S8",
                    "DQ HQ SQ C8 CJ CT H9 S9 H8", "DA HK SK C9 CA CK HA SA D9"), 3,
                   Contract.OBENABE, "DA DT DJ DQ HK HT HJ HQ SK ST SJ SQ C9 C6 C7 C8 CA")
    assert rnd.to_move == 0
    king = parse_card("DK")
    values = dict(analyse(rnd))
    assert values[king] < min(v for c, v in values.items() if c != king)
    assert rules_card(rnd) != king
    assert search_card(rnd) != king


def anziehen() -> Round:
    """Obenabe by seat 0, who leads the ♣A; seat 1 has no club and throws the ♦6, a small
    card: anziehen, "I hold the ♦ Bock, lead diamonds to me" (docs/bots-rules.md); seat 2
    follows. Seat 3, seat 1's partner, is to play."""
    return position(("CA CK CQ HA HK HQ SA SK SQ", "DA D6 D7 H6 H7 S6 S7 S8 HT",
                     "C6 C7 C8 C9 CT CJ H8 H9 HJ", "D8 D9 DT DJ DQ DK S9 ST SJ"), 0,
                    Contract.OBENABE, "CA D6 C6")


def signal_share(weight: Callable[[Observation, tuple[int, ...]], float]) -> tuple[float, float]:
    """Over 300 deals sampled for seat 3 in :func:`anziehen`: the share in which seat 1 holds
    the ♦A, uniform and weighted by ``weight``."""
    obs = anziehen().observation(3)
    sampler = DealSampler(obs)
    rng = random.Random(4)
    ace = 1 << parse_card("DA")
    uniform = weighted = total = 0.0
    n = 300
    for _ in range(n):
        hands = tuple(sampler.sample(rng))
        w = weight(obs, hands)
        holds = bool(hands[1] & ace)
        uniform += holds
        weighted += w * holds
        total += w
    return uniform / n, weighted / total


@pytest.mark.parametrize("play_model", ["rules", "playout"])
def test_the_search_reads_the_anziehen_signal(play_model: str) -> None:
    """Both models of the others' play behind the search's ``infer_play`` give the deals in
    which the seat that threw the small ♦6 holds the ♦A more weight than uniform sampling."""
    def weight(obs: Observation, hands: tuple[int, ...]) -> float:
        if play_model == "rules":
            return RuleModel(obs)(hands)
        return play_likelihood(obs, hands, Playout(obs.rules, obs.contract, obs.chooser & 1))

    uniform, weighted = signal_share(weight)
    assert weighted > uniform + 0.2
