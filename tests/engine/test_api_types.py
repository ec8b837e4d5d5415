"""The public API refuses wrong types cleanly: the module's own error with a message, never an
AttributeError or TypeError from deep inside, never a ``bool`` taken for a number, and a
failed call changes nothing."""

from __future__ import annotations

import copy
import random
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puur.actions import A_CHOOSE, ActionError, Choose, DeclareWeis, Play, Stoeck, decode, encode
from puur.cards import (
    SWISS,
    CardError,
    CardSet,
    Rank,
    Suit,
    bits,
    card_of,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
    popcount,
    rank_of,
    suit_of,
)
from puur.contracts import (
    Contract,
    ContractError,
    card_points,
    contract_mode,
    format_contract,
    parse_contract,
    trump_of,
)
from puur.deal import DealError, check_deal, deal_hands
from puur.fastsim import (
    FastSim,
    FastSimError,
    deal,
    play_round_randomly,
    random_hand,
    random_hands,
)
from puur.fastweis import WeisOffers
from puur.game import Game, GameError
from puur.notation import (
    NotationError,
    format_action,
    format_deal,
    format_position,
    parse_action,
    parse_deal,
    parse_position,
)
from puur.observation import ObservationError, observe
from puur.record import (
    GameRecord,
    RecordError,
    SeatInfo,
    format_record,
    iter_records,
    read_record,
    replay,
    write_record,
)
from puur.round import IllegalActionError, Round, RoundError
from puur.rules import (
    PRESETS,
    RuleError,
    RuleSet,
    load_rules,
    rules_from_dict,
    rules_to_dict,
    save_rules,
)
from puur.scoring import Jasstafel, ScoringError, TafelStrokes, render_jasstafel, tafel_strokes
from puur.weis import (
    WeisError,
    best_split,
    find_melds,
    meld_key,
    split_points,
    stoeck_cards,
    weis_options,
    weis_winner,
)

from .util import play_random_game

TMP = Path(tempfile.mkdtemp(prefix="puur-api-types-"))
RULES_FILE = TMP / "rules.toml"
save_rules(PRESETS["family"], RULES_FILE)
RECORD_FILE = TMP / "game.puur"
write_record(play_random_game(Game(RuleSet(target=300), seed=1), random.Random(1)),
             RECORD_FILE)
RECORD_LINES = RECORD_FILE.read_text(encoding="utf-8").splitlines()
RECORD = read_record(RECORD_FILE)


class Ctx:
    """Fresh objects for one call: a hand in its first trick, a game under way, a game before
    its first action, an observation, a record, a fast simulator."""

    def __init__(self) -> None:
        rules = RuleSet(stoeck_announce="with-weis", push_back=True)
        self.round = Round.deal(rules, seed=3)
        self.round.push(A_CHOOSE + Contract.OBENABE)
        rng = random.Random(3)
        for _ in range(3):
            self.round.push(rng.choice(self.round.legal_actions()))
        self.game = Game(RuleSet(target=300), seed=2)
        for _ in range(50):
            self.game.push(rng.choice(self.game.legal_actions()))
        self.fresh = Game(seed=5)
        self.obs = self.round.observation(1)
        self.record = copy.deepcopy(RECORD)
        self.sim = FastSim(RuleSet())
        self.melds = find_melds(CardSet.from_text("D6 D7 D8 D9 H6 H7 H8 S6 C6").bits, rules)

    def fingerprint(self) -> Any:
        """Everything a call may change."""

        def state(r: Round) -> Any:
            d = dict(r.__dict__)
            d.pop("_options_cache")
            d["_stack"] = len(r._stack)
            return d

        games = [(g.actions, g.scores, len(g.rounds), list(g._deals), state(g.round))
                 for g in (self.game, self.fresh)]
        return state(self.round), games, copy.deepcopy(self.record), self.sim.rules


HANDS = list(Round.deal(seed=4).initial_hands)
RULES = PRESETS["family"]


@dataclass
class Api:
    """One public function or method: how to call it, valid arguments, the errors it may
    raise. ``path`` marks arguments that name files (only wrong types are tried there)."""

    name: str
    call: Callable[..., object]
    args: Callable[[Ctx], list[object]]
    errors: tuple[type[Exception], ...]
    path: tuple[int, ...] = ()
    #: Arguments kept as they are: the object a method is called on.
    fixed: tuple[int, ...] = ()


def _api() -> list[Api]:
    c, ct, r, a, w, s = CardError, ContractError, RuleError, ActionError, WeisError, ScoringError
    rd, g, o, n, rc, f = RoundError, GameError, ObservationError, NotationError, RecordError, (
        FastSimError)
    field_names = [fl.name for fl in fields(RuleSet)]
    out = [
        Api("card_of", card_of, lambda x: [1, 5], (c,)),
        Api("suit_of", suit_of, lambda x: [7], (c,)),
        Api("rank_of", rank_of, lambda x: [7], (c,)),
        Api("popcount", popcount, lambda x: [7], (c,)),
        Api("bits", bits, lambda x: [7], (c,)),
        Api("format_card", format_card, lambda x: [7], (c,)),
        Api("parse_card", parse_card, lambda x: ["HJ"], (c,)),
        Api("parse_cards", parse_cards, lambda x: ["HJ D7"], (c,)),
        Api("format_cards", format_cards, lambda x: [[1, 2]], (c,)),
        Api("CardSet", CardSet, lambda x: [7], (c,)),
        Api("CardSet.of", CardSet.of, lambda x: [[1, 2]], (c,)),
        Api("CardSet.from_text", CardSet.from_text, lambda x: ["D7 HJ"], (c,)),
        Api("CardSet.suit", lambda cs, suit: cs.suit(suit), lambda x: [CardSet(7), 0], (c,),
            fixed=(0,)),
        Api("DeckStyle.card_name", SWISS.card_name, lambda x: [3], (c,)),
        Api("DeckStyle.card_label", SWISS.card_label, lambda x: [3], (c,)),
        Api("trump_of", trump_of, lambda x: [2], (ct,)),
        Api("contract_mode", contract_mode, lambda x: [7, 3], (ct,)),
        Api("card_points", card_points, lambda x: [7, 3, 1], (ct,)),
        Api("format_contract", format_contract, lambda x: [4], (ct,)),
        Api("parse_contract", parse_contract, lambda x: ["obe"], (ct,)),
        *(Api(f"RuleSet({k}=…)", lambda v, k=k: RuleSet(**{k: v}),
              lambda x, k=k: [getattr(RULES, k)], (r,)) for k in field_names),
        *(Api(f"RuleSet.replace({k}=…)", lambda v, k=k: RULES.replace(**{k: v}),
              lambda x, k=k: [getattr(RULES, k)], (r,)) for k in field_names),
        Api("RuleSet.multiplier", lambda rs, k: rs.multiplier(k), lambda x: [RULES, 4], (r,),
            fixed=(0,)),
        Api("rules_to_dict", rules_to_dict, lambda x: [RULES], (r,)),
        Api("rules_from_dict", rules_from_dict, lambda x: [{"target": 500}, RULES], (r,)),
        Api("save_rules", save_rules, lambda x: [RULES, TMP / "out.json"], (r,), path=(1,)),
        Api("load_rules", load_rules, lambda x: [RULES_FILE], (r,), path=(0,)),
        Api("encode", encode, lambda x: [Play(3)], (a,)),
        Api("decode", decode, lambda x: [40], (a,)),
        Api("Play", Play, lambda x: [3], (a,)),
        Api("Choose", Choose, lambda x: [3], (a,)),
        Api("DeclareWeis", DeclareWeis, lambda x: [1], (a,)),
        Api("Stoeck", Stoeck, lambda x: [True], (a,)),
        Api("find_melds", find_melds, lambda x: [HANDS[0], RULES], (w,)),
        Api("weis_options", weis_options, lambda x: [HANDS[0], RULES, 4, -1], (w,)),
        Api("best_split", best_split, lambda x: [HANDS[0], RULES, 2, 2], (w,)),
        Api("weis_winner", weis_winner,
            lambda x: [[tuple(x.melds), (), (), ()], 1, 4, -1], (w,)),
        Api("meld_key", meld_key, lambda x: [x.melds[0], 5, 0], (w,)),
        Api("split_points", split_points, lambda x: [tuple(x.melds)], (w,)),
        Api("stoeck_cards", stoeck_cards, lambda x: [1], (w,)),
        Api("tafel_strokes", tafel_strokes, lambda x: [336], (s,)),
        Api("TafelStrokes", TafelStrokes, lambda x: [3, 0, 1, 16], (s,)),
        Api("Jasstafel", Jasstafel, lambda x: [("A", "B"), (336, 118), (1, 0)], (s,)),
        Api("Jasstafel.strokes", lambda t, team: t.strokes(team),
            lambda x: [Jasstafel(("A", "B"), (1, 2)), 1], (s,), fixed=(0,)),
        Api("render_jasstafel", render_jasstafel,
            lambda x: [Jasstafel(("A", "B"), (1, 2)), 14], (s,)),
        Api("check_deal", check_deal, lambda x: [HANDS], (DealError,)),
        Api("deal_hands", deal_hands, lambda x: [5, None], (DealError,)),
        Api("Round", Round, lambda x: [RULES, HANDS, 2, (10, 20)], (rd,)),
        Api("Round.deal", Round.deal, lambda x: [RULES, 7, 1, (0, 0), None], (rd,)),
        Api("Round.push", lambda x, act: x.round.push(act),
            lambda x: [x, x.round.legal_actions()[0]], (IllegalActionError,)),
        Api("Round.hand", lambda x, seat: x.round.hand(seat), lambda x: [x, 2], (rd,)),
        Api("Round.weis_options", lambda x, seat: x.round.weis_options(seat),
            lambda x: [x, 2], (rd,)),
        Api("Round.observation", lambda x, seat: x.round.observation(seat),
            lambda x: [x, 2], (rd,)),
        Api("Round.team_of", lambda x, seat: x.round.team_of(seat), lambda x: [x, 2], (rd,)),
        Api("Round.is_legal", lambda x, act: x.round.is_legal(act), lambda x: [x, 3], ()),
        Api("Round.points_of", lambda x, card: x.round.points_of(card), lambda x: [x, 3], (rd,)),
        Api("Game", Game, lambda x: [RULES, "seed", [tuple(HANDS)], ("Us", "Them")], (g,)),
        Api("Game.push", lambda x, act: x.game.push(act),
            lambda x: [x, x.game.legal_actions()[0]], (g, IllegalActionError)),
        Api("Game.deal_for", lambda x, i: x.game.deal_for(i), lambda x: [x, 0], (g,)),
        Api("Game.set_deal", lambda x, h: x.fresh.set_deal(h), lambda x: [x, HANDS], (g,)),
        Api("observe", observe, lambda x: [x.round, 3], (o,)),
        Api("Observation.known_cards", lambda x, seat: x.obs.known_cards(seat),
            lambda x: [x, 0], (o,)),
        Api("Observation.played_by", lambda x, seat: x.obs.played_by(seat),
            lambda x: [x, 0], (o,)),
        Api("format_action", format_action,
            lambda x: [x.round, x.round.legal_actions()[0]], (n,)),
        Api("parse_action", parse_action, lambda x: [x.round, "D7"], (n,)),
        Api("format_deal", format_deal, lambda x: [HANDS], (n,)),
        Api("parse_deal", parse_deal, lambda x: [format_deal(HANDS)], (n,)),
        Api("format_position", format_position, lambda x: [x.round], (n,)),
        Api("parse_position", parse_position, lambda x: [format_position(x.round), None], (n,)),
        Api("SeatInfo", SeatInfo, lambda x: ["human", "Anna"], (rc,)),
        Api("format_record", format_record,
            lambda x: [x.game, {0: SeatInfo("human", "A")}], (rc,)),
        Api("write_record", write_record,
            lambda x: [x.game, TMP / "out.puur", None], (rc,), path=(1,)),
        Api("read_record", read_record, lambda x: [RECORD_FILE], (rc,), path=(0,)),
        Api("iter_records", lambda lines: list(iter_records(lines)),
            lambda x: [RECORD_LINES], (rc,)),
        Api("replay", replay, lambda x: [x.record, 1, 5], (rc,)),
        Api("GameRecord.to_game", lambda rec, hand, upto: rec.to_game(hand, upto),
            lambda x: [x.record, 2, 0], (rc,), fixed=(0,)),
        Api("replay(GameRecord(…))", lambda *a: replay(GameRecord(*a)),
            lambda x: [RULES, "s", {}, [0], [tuple(HANDS)], [[A_CHOOSE]]], (rc,)),
        Api("FastSim", FastSim, lambda x: [RULES], (f,)),
        Api("WeisOffers", WeisOffers, lambda x: [RULES], (ValueError,)),
        Api("FastSim.play", lambda x, *a: x.sim.play(a[0], a[1], a[2], game_scores=a[3],
                                                     trace=a[4]),
            lambda x: [x, random.Random(1), HANDS, 0, (5, 5), []], (f,)),
        Api("FastSim.weis_offer", lambda x, *a: x.sim.weis_offer(*a),
            lambda x: [x, HANDS[0], 4, -1], (f,)),
        Api("random_hand", lambda *a: random_hand(a[0], a[1], a[2], a[3], game_scores=a[4],
                                                   trace=a[5]),
            lambda x: [RULES, random.Random(1), None, None, None, None], (f,)),
        Api("random_hands", random_hands, lambda x: [RULES, 2, random.Random(1)], (f,)),
        Api("deal", deal, lambda x: [random.Random(1)], (f,)),
        Api("play_round_randomly", play_round_randomly,
            lambda x: [x.round, random.Random(1)], (f,)),
    ]
    return out


API = _api()

# Anything at all: wrong types, right types out of range, bools, containers, odd objects.
ANYTHING = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.integers(-3, 70),
    st.floats(), st.text(max_size=12), st.binary(max_size=6),
    st.lists(st.integers(-2, 40) | st.booleans() | st.none(), max_size=5),
    st.tuples(st.integers(-2, 2000), st.integers(-2, 2000)),
    st.tuples(st.booleans(), st.booleans()),
    st.dictionaries(st.text(max_size=4) | st.integers(-1, 4), st.integers(-1, 40) | st.none(),
                    max_size=3),
    st.sampled_from([object(), 1.5, 2j, float("nan"), Suit.ROSEN, Rank.ACE, Contract.SLALOM,
                     b"D7", bytearray(b"HJ"), frozenset({6}), {6, 7}, range(3), print,
                     RuleSet, Play(1), SeatInfo(), CardSet(3), Path("no/such/file")]),
)


@pytest.mark.parametrize("api", [pytest.param(a, id=a.name) for a in API])
@given(data=st.data())
def test_every_public_function_refuses_wrong_types_cleanly(api: Api, data: st.DataObject) -> None:
    ctx = Ctx()
    args = api.args(ctx)
    # Change one or more arguments; file arguments only to values that are not paths, so
    # that no file outside the temporary folder is read or written.
    # Methods called through the context (``lambda x, …``) keep it as their first argument.
    code = getattr(api.call, "__code__", None)
    ctx_first = code is not None and code.co_varnames[:1] == ("x",)
    fixed = {0} if ctx_first else set(api.fixed)
    positions = [i for i in range(len(args)) if i not in fixed]
    chosen = data.draw(st.lists(st.sampled_from(positions), min_size=1, unique=True))
    for i in chosen:
        values = ANYTHING.filter(lambda v: not isinstance(v, str | Path)) if i in api.path \
            else ANYTHING
        args[i] = data.draw(values, label=f"argument {i}")
    before = ctx.fingerprint()
    kept = copy.deepcopy([v for v in args if isinstance(v, list | dict)])
    try:
        api.call(*args)
    except api.errors as e:
        assert str(e), f"{api.name}: an error without a message"
        assert ctx.fingerprint() == before, f"{api.name}: a failed call changed the state"
        assert [v for v in args if isinstance(v, list | dict)] == kept, (
            f"{api.name}: a failed call changed its arguments")


# ---------------------------------------------------------------------------------------------
# A bool is never a number.

BOOL_REFUSED: list[tuple[str, Callable[[Ctx, bool], object], type[Exception]]] = [
    ("card_of", lambda x, b: card_of(b, 0), CardError),
    ("suit_of", lambda x, b: suit_of(b), CardError),
    ("rank_of", lambda x, b: rank_of(b), CardError),
    ("popcount", lambda x, b: popcount(b), CardError),
    ("bits", lambda x, b: bits(b), CardError),
    ("format_card", lambda x, b: format_card(b), CardError),
    ("format_cards", lambda x, b: format_cards([b]), CardError),
    ("CardSet", lambda x, b: CardSet(b), CardError),
    ("CardSet.of", lambda x, b: CardSet.of([b]), CardError),
    ("CardSet.suit", lambda x, b: CardSet(3).suit(b), CardError),
    ("card_name", lambda x, b: SWISS.card_name(b), CardError),
    ("trump_of", lambda x, b: trump_of(b), ContractError),
    ("contract_mode contract", lambda x, b: contract_mode(b, 0), ContractError),
    ("contract_mode trick", lambda x, b: contract_mode(7, b), ContractError),
    ("card_points", lambda x, b: card_points(4, b), ContractError),
    ("format_contract", lambda x, b: format_contract(b), ContractError),
    ("RuleSet start_card", lambda x, b: RuleSet(start_card=b), RuleError),
    ("RuleSet target", lambda x, b: RuleSet(target=b), RuleError),
    ("RuleSet last_trick_bonus", lambda x, b: RuleSet(last_trick_bonus=b), RuleError),
    ("RuleSet match_bonus", lambda x, b: RuleSet(match_bonus=b), RuleError),
    ("RuleSet kontermatch_bonus", lambda x, b: RuleSet(kontermatch_bonus=b), RuleError),
    ("RuleSet strich_win", lambda x, b: RuleSet(strich_win=b), RuleError),
    ("RuleSet multipliers", lambda x, b: RuleSet(multipliers=(b,) * 9), RuleError),
    ("RuleSet extra_contracts", lambda x, b: RuleSet(extra_contracts=frozenset({b})),
     RuleError),
    ("RuleSet.multiplier", lambda x, b: RULES.multiplier(b), RuleError),
    ("rules version", lambda x, b: rules_from_dict({"version": b}), RuleError),
    ("rules target", lambda x, b: rules_from_dict({"target": b}), RuleError),
    ("rules multiplier", lambda x, b: rules_from_dict({"multipliers": {"D": b}}), RuleError),
    ("rules multiplier list", lambda x, b: rules_from_dict({"multipliers": [b] * 9}), RuleError),
    ("decode", lambda x, b: decode(b), ActionError),
    ("Play", lambda x, b: Play(b), ActionError),
    ("Choose", lambda x, b: Choose(b), ActionError),
    ("DeclareWeis", lambda x, b: DeclareWeis(b), ActionError),
    ("find_melds", lambda x, b: find_melds(b, RULES), WeisError),
    ("weis_options mode", lambda x, b: weis_options(HANDS[0], RULES, b), WeisError),
    ("weis_options trump", lambda x, b: weis_options(HANDS[0], RULES, 4, b), WeisError),
    ("weis_winner", lambda x, b: weis_winner([(), (), (), ()], b, 4, -1), WeisError),
    ("stoeck_cards", lambda x, b: stoeck_cards(b), WeisError),
    ("tafel_strokes", lambda x, b: tafel_strokes(b), ScoringError),
    ("Jasstafel points", lambda x, b: Jasstafel(("A", "B"), (b, 0)), ScoringError),
    ("render width", lambda x, b: render_jasstafel(Jasstafel(("A", "B"), (1, 2)), b),
     ScoringError),
    ("check_deal", lambda x, b: check_deal([b, *HANDS[1:]]), DealError),
    ("deal_hands", lambda x, b: deal_hands(b), DealError),
    ("Round forehand", lambda x, b: Round(RULES, HANDS, forehand=b), RoundError),
    ("Round game_scores", lambda x, b: Round(RULES, HANDS, 0, (b, 0)), RoundError),
    ("Round.deal seed", lambda x, b: Round.deal(RULES, seed=b), RoundError),
    ("Round.deal forehand", lambda x, b: Round.deal(RULES, seed=1, forehand=b), RoundError),
    ("Round.push", lambda x, b: x.round.push(b), IllegalActionError),
    ("Round.hand", lambda x, b: x.round.hand(b), RoundError),
    ("Round.weis_options", lambda x, b: x.round.weis_options(b), RoundError),
    ("Round.observation", lambda x, b: x.round.observation(b), RoundError),
    ("Round.team_of", lambda x, b: x.round.team_of(b), RoundError),
    ("Round.points_of", lambda x, b: x.round.points_of(b), RoundError),
    ("Game seed", lambda x, b: Game(seed=b), GameError),
    ("Game.push", lambda x, b: x.game.push(b), IllegalActionError),
    ("Game.deal_for", lambda x, b: x.game.deal_for(b), GameError),
    ("observe", lambda x, b: observe(x.round, b), ObservationError),
    ("known_cards", lambda x, b: x.obs.known_cards(b), ObservationError),
    ("played_by", lambda x, b: x.obs.played_by(b), ObservationError),
    ("format_action", lambda x, b: format_action(x.round, b), NotationError),
    ("format_deal", lambda x, b: format_deal([b, *HANDS[1:]]), NotationError),
    ("format_record seat", lambda x, b: format_record(x.game, {b: SeatInfo()}), RecordError),
    ("replay hand", lambda x, b: replay(x.record, b), RecordError),
    ("replay upto", lambda x, b: replay(x.record, 1, b), RecordError),
    ("FastSim.play forehand", lambda x, b: x.sim.play(random.Random(1), forehand=b),
     FastSimError),
    ("FastSim.play game_scores", lambda x, b: x.sim.play(random.Random(1), game_scores=(b, 0)),
     FastSimError),
    ("FastSim.weis_offer", lambda x, b: x.sim.weis_offer(HANDS[0], b, -1), FastSimError),
    ("random_hands", lambda x, b: random_hands(RULES, b, random.Random(1)), FastSimError),
]


@pytest.mark.parametrize("value", [True, False])
@pytest.mark.parametrize(("call", "error"), [pytest.param(c, e, id=n) for n, c, e in BOOL_REFUSED])
def test_a_bool_is_never_taken_for_a_number(
    call: Callable[[Ctx, bool], object], error: type[Exception], value: bool
) -> None:
    ctx = Ctx()
    before = ctx.fingerprint()
    with pytest.raises(error):
        call(ctx, value)
    assert ctx.fingerprint() == before


def test_is_legal_says_no_to_a_bool() -> None:
    rnd = Round.deal(seed=1)
    rnd.push(A_CHOOSE + Contract.OBENABE)
    card = next(a for a in rnd.legal_actions() if a in (0, 1))  # D6 or D7 ... when legal
    assert rnd.is_legal(card) and not rnd.is_legal(bool(card))


# ---------------------------------------------------------------------------------------------
# The calls found to fail deep inside.


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda x: x.round.push("choose:H"), IllegalActionError, "parse_action"),
        (lambda x: Round("family", HANDS), RoundError, "RuleSet"),
        (lambda x: parse_card(None), CardError, "string"),
        (lambda x: parse_deal(None), NotationError, "string"),
        (lambda x: Game("family"), GameError, "RuleSet"),
        (lambda x: observe("round", 0), ObservationError, "Round"),
        (lambda x: format_position(None), NotationError, "Round"),
        (lambda x: replay("record"), RecordError, "GameRecord"),
        (lambda x: iter_records("puur-record 1"), RecordError, "splitlines"),
        (lambda x: encode("push"), ActionError, "typed action"),
        (lambda x: RULES.replace(bogus=1), RuleError, "bogus"),
        (lambda x: FastSim("family"), FastSimError, "RuleSet"),
    ],
)
def test_wrong_types_get_the_modules_error(
    call: Callable[[Ctx], object], error: type[Exception], message: str
) -> None:
    ctx = Ctx()
    before = ctx.fingerprint()
    with pytest.raises(error, match=message):
        call(ctx)
    assert ctx.fingerprint() == before
