"""Records of the variants: the variant line, each variant's hand line and tokens, bad input."""

from __future__ import annotations

import random

import pytest

from puur.cards import CARD_TOKENS
from puur.record import RecordError, format_record, iter_records
from puur.variants import get


def played(key: str, preset: str | None = None, hands: int = 2) -> list[str]:
    v = get(key)
    game = v.new_game(v.preset(preset) if preset else None, seed=f"rec-{key}")
    rng = random.Random(key)
    while not game.is_over and len(game.rounds) <= hands:
        game.push(rng.choice(game.legal_actions()))
    return format_record(game).splitlines()


def other_dealer(lines: list[str], i: int) -> None:
    """Name the next seat as the dealer of the hand line ``i``."""
    _hand, n, dealer, rest = lines[i].split(" ", 3)
    lines[i] = f"hand {n} {(int(dealer) + 1) % 4} {rest}"


def card_twice(lines: list[str], i: int) -> None:
    """Deal the first card of the first hand of the hand line ``i`` to the second hand too."""
    head, rest = lines[i].split(" ", 3)[:3], lines[i].split(" ", 3)[3]
    hands = [h.split() for h in rest.split(" / ")]
    hands[1][0] = hands[0][0]
    lines[i] = " ".join(head) + " " + " / ".join(" ".join(h) for h in hands)
def other_bottom(lines: list[str], i: int) -> None:
    """Name a card the dealer does not hold as the bottom card of the hand line ``i``."""
    _hand, n, dealer, _bottom, rest = lines[i].split(" ", 4)
    held = rest.split(" / ")[int(dealer)].split()
    stranger = next(h for k, part in enumerate(rest.split(" / ")) if k != int(dealer)
                    for h in part.split() if h not in held)
    lines[i] = f"hand {n} {dealer} {stranger} {rest}"


def other_kreuzjass_dealer(lines: list[str], i: int) -> None:
    """Name the next seat as the dealer of the Kreuzjass hand line ``i``, with a bottom card
    that seat holds."""
    _hand, n, dealer, _bottom, rest = lines[i].split(" ", 4)
    seat = (int(dealer) + 1) % 4
    lines[i] = f"hand {n} {seat} {rest.split(' / ')[seat].split()[0]} {rest}"


def other_koenigsjass_dealer(lines: list[str], i: int) -> None:
    """Name the next of the three seats as the dealer of the Königsjass hand line ``i``."""
    _hand, n, dealer, rest = lines[i].split(" ", 3)
    lines[i] = f"hand {n} {(int(dealer) + 1) % 3} {rest}"


def other_schaggi_haas_dealer(lines: list[str], i: int) -> None:
    """Name the other player as the dealer of the Schaggi Haas hand line ``i``."""
    _hand, n, dealer, rest = lines[i].split(" ", 3)
    lines[i] = f"hand {n} {1 - int(dealer)} {rest}"


def other_schmaus_dealer(lines: list[str], i: int) -> None:
    """Name the other of the two seats as the dealer of the Schmaus hand line ``i``."""
    _hand, n, dealer, rest = lines[i].split(" ", 3)
    lines[i] = f"hand {n} {1 - int(dealer)} {rest}"


def seventh_card(lines: list[str], i: int) -> None:
    """Give the first hand of the hand line ``i`` a card nobody was dealt (a dead card)."""
    dealt = set(lines[i].replace("/", " ").split()[3:])
    spare = next(c for c in CARD_TOKENS if c not in dealt)
    head, rest = lines[i].split(" ", 3)[:3], lines[i].split(" ", 3)[3]
    lines[i] = " ".join(head) + f" {spare} " + rest


def schmaus_stock(lines: list[str], i: int, first: str | None, drop_last: bool) -> None:
    """Change the stock of the Schmaus hand line ``i``: its first card replaced by ``first``,
    or its last card dropped."""
    head, stock = lines[i].split(" ; stock ")
    cards = stock.split()
    if first is not None:
        cards[0] = first
    if drop_last:
        cards = cards[:-1]
    lines[i] = f"{head} ; stock {' '.join(cards)}"


def read(lines: list[str]) -> object:
    return next(iter(iter_records(lines)))


def index(lines: list[str], prefix: str, nth: int = 0) -> int:
    return [i for i, ln in enumerate(lines) if ln.startswith(prefix)][nth]


@pytest.mark.parametrize(
    ("key", "change", "reason"),
    [
        ("differenzler", lambda ls: ls.__setitem__(1, "variant nonesuch"), "unknown variant"),
        ("differenzler", lambda ls: ls.insert(3, "variant coiffeur"), "must come before"),
        ("differenzler", lambda ls: other_dealer(ls, index(ls, "hand", 1)), "dealer"),
        ("differenzler", lambda ls: ls.__setitem__(index(ls, "act"), "act forecast:158"),
         "forecast is 0..157"),
        ("differenzler", lambda ls: ls.__setitem__(index(ls, "score"), "score 1 0 0 0 0"),
         "on replay"),
        ("differenzler", lambda ls: ls.__setitem__(index(ls, "score"), "score 1 0 0"),
         "needs 5 numbers"),
        ("differenzler", lambda ls: ls.insert(index(ls, "hand"), "seat 4 human Anna"),
         "seat 0..3"),
        ("coiffeur", lambda ls: ls.__setitem__(index(ls, "act"), "act row:99:H"), "no row 99"),
        ("coiffeur", lambda ls: ls.__setitem__(index(ls, "act"), "act row:1:zz"),
         "unknown contract"),
        ("coiffeur", lambda ls: ls.__setitem__(index(ls, "rules"), 'rules {"sheet": "nine"}'),
         "option 'sheet'"),
        ("molotow", lambda ls: other_dealer(ls, index(ls, "hand", 1)), "is dealt by seat"),
        ("molotow", lambda ls: ls.__setitem__(index(ls, "act"), "act weis:HQ.HK"),
         "cannot declare"),
        ("molotow", lambda ls: ls.__setitem__(index(ls, "rules"),
                                              'rules {"players": 3, "scoring": "striche"}'),
         "4 players only"),
        ("handjass", lambda ls: other_dealer(ls, index(ls, "hand", 1)), "dealer"),
        ("handjass", lambda ls: ls.__setitem__(index(ls, "act"), "act fold"), "bad action"),
        ("handjass", lambda ls: ls.__setitem__(index(ls, "rules"),
                                               'rules {"players": 4, "deal_12": true}'),
         "2 or 3 players only"),
        ("handjass", lambda ls: ls.__setitem__(
            index(ls, "hand"), ls[index(ls, "hand")].replace("; turned ", "; turned S6 ; x ")),
         "reads"),
        ("bieter", lambda ls: other_dealer(ls, index(ls, "hand", 1)), "dealer"),
        ("bieter", lambda ls: ls.__setitem__(index(ls, "act"), "act bid:abc"), "bad action"),
        ("bieter", lambda ls: ls.__setitem__(index(ls, "act"), "act discard:HJ"), "may not"),
        ("bieter", lambda ls: ls.__setitem__(index(ls, "rules"), 'rules {"players": 5, '
                                             '"deal": "ten_with_talon"}'),
         "three players only"),
        ("sidi_barrani", lambda ls: other_dealer(ls, index(ls, "hand", 1)), "is dealt by seat"),
        ("sidi_barrani", lambda ls: ls.__setitem__(index(ls, "act"), "act bid:abc"),
         "bad action"),
        ("sidi_barrani", lambda ls: ls.__setitem__(index(ls, "act"), "act double"), "may not"),
        ("sidi_barrani", lambda ls: ls.__setitem__(index(ls, "rules"), 'rules {"min_bid": 200}'),
         "option 'min_bid'"),
        ("sidi_barrani", lambda ls: card_twice(ls, index(ls, "hand")),
         "repeats a card"),
        ("kreuzjass", lambda ls: other_kreuzjass_dealer(ls, index(ls, "hand", 1)),
         "is dealt by seat"),
        ("kreuzjass", lambda ls: ls.__setitem__(index(ls, "act"), "act choose:misere"),
         "no such contract"),
        ("kreuzjass", lambda ls: ls.__setitem__(index(ls, "rules"), 'rules {"trump_by": "x"}'),
         "option 'trump_by'"),
        ("kreuzjass", lambda ls: other_bottom(ls, index(ls, "hand")), "does not hold it"),
        ("zuger", lambda ls: other_dealer(ls, index(ls, "hand", 1)), "deals and sits out"),
        ("zuger", lambda ls: ls.__setitem__(index(ls, "act"), "act fold"), "bad action"),
        ("zuger", lambda ls: ls.__setitem__(index(ls, "rules"), 'rules {"players": 5}'),
         "option 'players'"),
        ("zuger", lambda ls: ls.__setitem__(
            index(ls, "hand"), ls[index(ls, "hand")].replace("; turned ", "; trumps ")),
         "reads"),
        ("schaffhauser", lambda ls: other_dealer(ls, index(ls, "hand", 1)), "dealer"),
        ("schaffhauser", lambda ls: ls.__setitem__(index(ls, "act"), "act decline:x"),
         "bad action"),
        ("schaffhauser", lambda ls: ls.__setitem__(index(ls, "rules"),
                                                   'rules {"ranking": "points"}'),
         "option 'ranking'"),
        ("schaffhauser", lambda ls: other_bottom(ls, index(ls, "hand")),
         "in the dealer's hand"),
        ("fahnder", lambda ls: other_dealer(ls, index(ls, "hand", 1)), "is dealt by seat"),
        ("fahnder", lambda ls: ls.__setitem__(index(ls, "act"), "act double"), "bad action"),
        ("fahnder", lambda ls: ls.__setitem__(index(ls, "act"), "act bid:79"), "may not"),
        ("fahnder", lambda ls: ls.__setitem__(index(ls, "rules"),
                                              'rules {"scoring": "bands"}'), "option 'scoring'"),
        ("fahnder", lambda ls: card_twice(ls, index(ls, "hand")), "repeats a card"),
        ("schellenjass", lambda ls: other_dealer(ls, index(ls, "hand", 1)), "is dealt by seat"),
        ("schellenjass", lambda ls: ls.__setitem__(index(ls, "act"), "act weis:-"),
         "expected a card"),
        ("schellenjass", lambda ls: ls.__setitem__(index(ls, "rules"), 'rules {"players": 5}'),
         "option 'players'"),
        ("schellenjass", lambda ls: card_twice(ls, index(ls, "hand")), "dealt twice"),
        ("guggitaler", lambda ls: other_dealer(ls, index(ls, "hand", 1)), "is dealt by seat"),
        ("guggitaler", lambda ls: ls.__setitem__(index(ls, "act"), "act fold"), "bad action"),
        ("guggitaler", lambda ls: ls.__setitem__(index(ls, "act"), "act pass"), "may not"),
        ("guggitaler", lambda ls: ls.__setitem__(index(ls, "rules"),
                                                 'rules {"players": 3, "domino": "1/2"}'),
         "option 'domino'"),
        ("guggitaler", lambda ls: card_twice(ls, index(ls, "hand")), "twice"),
        ("koenigsjass", lambda ls: other_koenigsjass_dealer(ls, index(ls, "hand", 1)),
         "is dealt by seat"),
        ("koenigsjass", lambda ls: ls.__setitem__(index(ls, "act"), "act drop"), "bad action"),
        ("koenigsjass", lambda ls: ls.__setitem__(index(ls, "rules"), 'rules {"target": 50}'),
         "option 'target'"),
        ("koenigsjass", lambda ls: ls.__setitem__(
            index(ls, "hand"), ls[index(ls, "hand")].split(" ; turned ")[0] + " ; turned "
            + ls[index(ls, "hand")].split()[3]),
         "must lie in the talon"),
        ("koenigsjass", lambda ls: ls.__setitem__(
            index(ls, "hand"), ls[index(ls, "hand")].replace(" ; talon ", " ; pile ")),
         "names the talon"),
        ("hindersi", lambda ls: other_kreuzjass_dealer(ls, index(ls, "hand", 1)),
         "is dealt by seat"),
        ("hindersi", lambda ls: ls.__setitem__(index(ls, "act"), "act bid:3"), "bad action"),
        ("hindersi", lambda ls: ls.__setitem__(index(ls, "rules"), 'rules {"players": 5}'),
         "option 'players'"),
        ("hindersi", lambda ls: other_bottom(ls, index(ls, "hand")), "in his hand"),
        ("mittlere", lambda ls: other_dealer(ls, index(ls, "hand", 1)), "is dealt by seat"),
        ("mittlere", lambda ls: ls.__setitem__(index(ls, "act"), "act stoeck"),
         "expected a card"),
        ("mittlere", lambda ls: ls.__setitem__(index(ls, "rules"), 'rules {"ties": "split"}'),
         "option 'ties'"),
        ("mittlere", lambda ls: card_twice(ls, index(ls, "hand")), "dealt twice"),
        ("schaggi_haas", lambda ls: other_schaggi_haas_dealer(ls, index(ls, "hand", 1)),
         "the lower card of the cut deals"),
        ("schaggi_haas", lambda ls: ls.__setitem__(index(ls, "act"), "act drop"), "bad action"),
        ("schaggi_haas", lambda ls: ls.__setitem__(index(ls, "rules"), 'rules {"target": 50}'),
         "option 'target'"),
        ("schaggi_haas", lambda ls: card_twice(ls, index(ls, "hand")), "dealt twice"),
        ("schaggi_haas", lambda ls: ls.__setitem__(
            index(ls, "hand"), ls[index(ls, "hand")].replace(" ; stock ", " ; talon ")),
         "names the turned card"),
        ("sechser", lambda ls: other_dealer(ls, index(ls, "hand", 1)), "is dealt by seat"),
        ("sechser", lambda ls: ls.__setitem__(index(ls, "act"), "act choose:misere"),
         "no such contract"),
        ("sechser", lambda ls: ls.__setitem__(index(ls, "rules"), 'rules {"target": 50}'),
         "option 'target'"),
        ("sechser", lambda ls: card_twice(ls, index(ls, "hand")), "dealt twice"),
        ("sechser", lambda ls: seventh_card(ls, index(ls, "hand")), "exactly 6 cards"),
        ("reservejass", lambda ls: other_koenigsjass_dealer(ls, index(ls, "hand", 1)),
         "is dealt by seat"),
        ("reservejass", lambda ls: ls.__setitem__(index(ls, "act"), "act choose:misere"),
         "not a mode of Reservejass"),
        ("reservejass", lambda ls: ls.__setitem__(index(ls, "rules"), 'rules {"reserve_seen": 2}'),
         "option 'reserve_seen'"),
        ("reservejass", lambda ls: card_twice(ls, index(ls, "hand")), "dealt twice"),
        ("reservejass", lambda ls: ls.__setitem__(
            index(ls, "hand"), ls[index(ls, "hand")].replace(" ; reserve ", " ; talon ")),
         "reserve CARDS"),
        ("penalty_jass", lambda ls: other_dealer(ls, index(ls, "hand", 1)), "is dealt by seat"),
        ("penalty_jass", lambda ls: ls.__setitem__(index(ls, "act"), "act stoeck"),
         "expected a card, declare or quiet"),
        ("penalty_jass",
         lambda ls: ls.__setitem__(index(ls, "rules"), 'rules {"penalty_card": "CT"}'),
         "option 'penalty_card'"),
        ("penalty_jass", lambda ls: card_twice(ls, index(ls, "hand")), "dealt twice"),
        ("offener_jass", lambda ls: ls.__setitem__(index(ls, "act"), "act double"),
         "bad action"),
        ("offener_jass", lambda ls: ls.__setitem__(index(ls, "act"), "act pass"), "may not"),
        ("offener_jass", lambda ls: ls.__setitem__(index(ls, "act"), "act bid:55"), "may not"),
        ("offener_jass", lambda ls: ls.__setitem__(index(ls, "rules"),
                                                   'rules {"min_bid": 200}'),
         "option 'min_bid'"),
        ("offener_jass", lambda ls: ls.__setitem__(
            index(ls, "hand"), ls[index(ls, "hand")].replace(" ; down ", " ; up ")),
         "reads 'DEALER"),
        ("offener_jass", lambda ls: card_twice(ls, index(ls, "hand")), "dealt twice"),
        ("darts", lambda ls: other_dealer(ls, index(ls, "hand", 1)), "is dealt by seat"),
        ("darts", lambda ls: ls.__setitem__(index(ls, "act"), "act choose:misere"),
         "a suit, Obenabe or Undenufe"),
        ("darts", lambda ls: ls.__setitem__(index(ls, "act"), "act bid:90"), "bad action"),
        ("darts", lambda ls: ls.__setitem__(index(ls, "rules"), 'rules {"players": 5}'),
         "option 'players'"),
        ("darts", lambda ls: ls.__setitem__(index(ls, "rules"),
                                            'rules {"darts_three_split": "all"}'),
         "option 'darts_three_split'"),
        ("darts", lambda ls: card_twice(ls, index(ls, "hand")), "dealt twice"),
        ("pandur", lambda ls: other_dealer(ls, index(ls, "hand", 1)), "is dealt by seat"),
        ("pandur", lambda ls: ls.__setitem__(index(ls, "act"), "act fold"), "bad action"),
        ("pandur", lambda ls: ls.__setitem__(index(ls, "act"), "act bid:95"),
         "not a Pandur bid"),
        ("pandur", lambda ls: ls.__setitem__(index(ls, "rules"), 'rules {"scale": "c"}'),
         "option 'scale'"),
        ("pandur", lambda ls: ls.__setitem__(
            index(ls, "hand"), ls[index(ls, "hand")].replace(" D9 ", " D6 ", 1)),
         "9, 10, Under"),
        ("pandur", lambda ls: ls.__setitem__(
            index(ls, "hand"), ls[index(ls, "hand")].replace(" ; dead ", " ; out ")),
         "reads"),
        ("schmaus", lambda ls: other_schmaus_dealer(ls, index(ls, "hand", 1)),
         "is dealt by seat"),
        ("schmaus", lambda ls: ls.__setitem__(index(ls, "act"), "act drop"), "bad action"),
        ("schmaus", lambda ls: ls.__setitem__(index(ls, "rules"), 'rules {"target": 50}'),
         "option 'target'"),
        ("schmaus", lambda ls: schmaus_stock(ls, index(ls, "hand"), None, True),
         "eighteen cards"),
        ("schmaus", lambda ls: schmaus_stock(
            ls, index(ls, "hand"), ls[index(ls, "hand")].split()[3], False), "dealt twice"),
        ("schmaus", lambda ls: ls.__setitem__(
            index(ls, "hand"), ls[index(ls, "hand")].replace(" ; stock ", " ; talon ")),
         "reads 'DEALER"),
        ("chratzer", lambda ls: other_dealer(ls, index(ls, "hand", 1)), "is dealt by seat"),
        ("chratzer", lambda ls: ls.__setitem__(index(ls, "act"), "act bid:3"), "bad action"),
        ("chratzer", lambda ls: ls.__setitem__(index(ls, "rules"), 'rules {"ante": 0}'),
         "option 'ante'"),
        ("chratzer", lambda ls: card_twice(ls, index(ls, "hand")), "dealt twice"),
        ("chratzer", lambda ls: ls.__setitem__(
            index(ls, "hand"), ls[index(ls, "hand")].split(" ; turned ")[0] + " ; turned "
            + " ".join(ls[index(ls, "hand")].split()[3:6])),
         "lies in a hand"),
    ],
)
def test_bad_variant_records_name_the_line_and_the_reason(
    key: str, change: object, reason: str
) -> None:
    lines = played(key)
    change(lines)  # type: ignore[operator]
    with pytest.raises(RecordError) as info:
        read(lines)
    assert reason in info.value.reason, str(info.value)
    assert info.value.line > 0


def test_a_three_player_differenzler_record_reads_back() -> None:
    lines = played("differenzler", "three", hands=12)
    assert lines[1] == "variant differenzler"
    assert lines[-1].startswith("result ") and " / " in lines[-1]
    rec = read(lines)
    assert len(rec.deals) == 12  # type: ignore[attr-defined]


def test_a_wrong_result_is_refused() -> None:
    lines = played("coiffeur", hands=99)
    assert lines[-1].startswith("result ")
    lines[-1] = "result 1 2 / 0 0"
    with pytest.raises(RecordError, match="replay gives result"):
        read(lines)


def test_a_five_player_molotow_record_reads_back_and_refuses_the_schilten_6() -> None:
    lines = played("molotow", "five", hands=1)
    rec = read(lines)
    assert len(rec.deals[0].hands) == 5  # type: ignore[attr-defined]
    i = index(lines, "hand")
    dealer, rest = lines[i].split(" ", 3)[2:]
    first = rest.split(" / ")[0].split()
    lines[i] = f"hand 1 {dealer} " + " ".join(["S6", *first[1:]]) + rest[len(" ".join(first)):]
    with pytest.raises(RecordError) as info:
        read(lines)
    assert "Schilten 6" in info.value.reason


def test_a_handjass_record_refuses_a_turned_card_outside_the_dealers_hand() -> None:
    lines = played("handjass", hands=1)
    i = index(lines, "hand")
    head, _, rest = lines[i].partition(" ; turned ")
    dealer = int(head.split()[2])
    hands = head.split(" ", 3)[3].split(" / ")
    other = hands[(dealer + 1) % 4].split()[0]
    lines[i] = f"{head} ; turned {other} ; {rest.split(' ; ', 1)[1]}"
    with pytest.raises(RecordError) as info:
        read(lines)
    assert "in the dealer's hand" in info.value.reason


def test_a_three_player_handjass_record_keeps_the_blind() -> None:
    lines = played("handjass", "three", hands=3)
    rec = read(lines)
    deal = rec.deals[0]  # type: ignore[attr-defined]
    assert deal.blind.bit_count() == 9 and deal.blind >> deal.turned & 1


def test_a_five_player_guggitaler_record_refuses_the_removed_card() -> None:
    v = get("guggitaler")
    game = v.new_game(v.default_rules().replace(players=5), seed="five")
    rng = random.Random(5)
    while len(game.rounds) < 2:
        game.push(rng.choice(game.legal_actions()))
    lines = format_record(game).splitlines()
    read(lines)  # as written, it reads back
    i = index(lines, "hand")
    dealer, rest = lines[i].split(" ", 3)[2:]
    first = rest.split(" / ")[0].split()
    lines[i] = f"hand 1 {dealer} " + " ".join(["S6", *first[1:]]) + rest[len(" ".join(first)):]
    with pytest.raises(RecordError) as info:
        read(lines)
    assert "left out" in info.value.reason
