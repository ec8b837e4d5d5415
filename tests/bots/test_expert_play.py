"""Errors no expert makes, in constructed Schieber positions: the rule player (deterministic)
and the search player (fixed seed, a fixed number of sampled deals) must not make them, and
the search player's model of the others' play reads the rule player's signals."""

from __future__ import annotations

import random

from puur.actions import A_CHOOSE, A_WEIS
from puur.bots import SearchBot
from puur.bots.dds import analyse
from puur.bots.inference import RuleModel
from puur.bots.rules import RuleBot
from puur.bots.sampler import DealSampler
from puur.cards import CardSet, parse_card
from puur.contracts import Contract
from puur.round import Round
from puur.rules import PRESETS

FAMILY = PRESETS["family"]


def position(hands: tuple[str, str, str, str], forehand: int, contract: int,
             cards: str) -> Round:
    """A hand of ``contract`` chosen by ``forehand`` with ``cards`` played (no Weis, no
    Stöck announced)."""
    bits = [CardSet.from_text(t).bits for t in hands]
    assert sum(h.bit_count() for h in bits) == 36
    rnd = Round(FAMILY, bits, forehand=forehand)
    rnd.push(A_CHOOSE + contract)
    for tok in cards.split():
        while rnd.phase in ("weis", "stoeck"):
            rnd.push(A_WEIS if rnd.phase == "weis" else 63)
        rnd.push(parse_card(tok))
    while rnd.phase in ("weis", "stoeck"):
        rnd.push(A_WEIS if rnd.phase == "weis" else 63)
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


def test_rules_returns_a_trump_to_the_partner_who_led_trumps() -> None:
    rnd = trump_return()
    assert rnd.to_move == 0
    values = dict(analyse(rnd))
    assert values[parse_card("HT")] == max(values.values())  # cards open: as good as any
    card = rules_card(rnd)
    assert card // 9 == Contract.ROSEN


def test_the_search_model_reads_the_anziehen_signal() -> None:
    """Obenabe by seat 0, who leads the ♣A; seat 1 has no club and throws the ♦6, a small
    card: anziehen, "I hold the ♦ Bock, lead diamonds to me" (docs/bots-rules.md). Seen from
    seat 3, its partner, the rule-player model of the search (``play_model="rules"``) must
    give the deals where seat 1 holds the ♦A more weight than uniform sampling does."""
    rnd = position(("CA CK CQ HA HK HQ SA SK SQ", "DA D6 D7 H6 H7 S6 S7 S8 HT",
                    "C6 C7 C8 C9 CT CJ H8 H9 HJ", "D8 D9 DT DJ DQ DK S9 ST SJ"), 0,
                   Contract.OBENABE, "CA D6 C6")
    assert rnd.to_move == 3
    obs = rnd.observation(3)
    sampler = DealSampler(obs)
    model = RuleModel(obs)
    rng = random.Random(4)
    ace = 1 << parse_card("DA")
    uniform = weighted = total = 0.0
    n = 300
    for _ in range(n):
        hands = sampler.sample(rng)
        w = model(tuple(hands))
        holds = bool(hands[1] & ace)
        uniform += holds
        weighted += w * holds
        total += w
    assert weighted / total > uniform / n + 0.2
