"""Determinised search for every variant, through the variant interface alone.

:class:`VariantSearch` answers any decision of any registered variant (a card, a Weis, Stöck,
a contract, a row of the Coiffeur sheet, a Differenzler forecast) the same way:

1. draw *worlds* consistent with the seat's observation (:class:`~puur.bots.worlds.WorldSampler`:
   the unseen cards dealt as the play allows, hidden decisions of the others drawn);
2. on each world, push each candidate action on a copy of the world's hand and finish the hand:
   with at most ``exact_tricks`` tricks left, exactly (every seat picks the continuation best
   for itself, max-n over the engine's legal moves), otherwise by a play-out of the default
   policy (:mod:`puur.bots.variant_policy`);
3. score the finished hand by the variant's value for the seat
   (:meth:`~puur.bots.worlds.VariantModel.values`) and keep the mean over the worlds; the
   candidate with the best mean is played. All candidates are evaluated on the same worlds;
   candidates that play the same hand (:meth:`~puur.bots.worlds.VariantModel.same_play`: a
   Coiffeur contract in different rows) share one play-out, scored for each.

Until the time budget is spent (92% of it; a world is dropped half-way at 97%) or ``max_worlds``
worlds are done. A decision with very many actions (the 158 forecasts of Differenzler) is first
narrowed by the variant's :meth:`~puur.bots.worlds.VariantModel.shortlist`.

Which variant an observation belongs to is read from its type in :data:`MODELS`, the one table
of the variant search; a variant whose model sets ``own_search`` (Schieber) is played by the
``search`` bot with its own tuned search (:mod:`puur.bots.search`), and by this one when asked.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable
from typing import Any, Final

from puur.bots.variant_bieter import BieterModel
from puur.bots.variant_chratzer import ChratzerModel
from puur.bots.variant_coiffeur import CoiffeurModel
from puur.bots.variant_darts import DartsModel
from puur.bots.variant_differenzler import DifferenzlerModel
from puur.bots.variant_fahnder import FahnderModel
from puur.bots.variant_guggitaler import GuggitalerModel
from puur.bots.variant_handjass import HandjassModel
from puur.bots.variant_hindersi import HindersiModel
from puur.bots.variant_koenigsjass import KoenigsjassModel
from puur.bots.variant_kreuzjass import KreuzjassModel
from puur.bots.variant_mittlere import MittlereModel
from puur.bots.variant_molotow import MolotowModel
from puur.bots.variant_offener_jass import OffenerJassModel
from puur.bots.variant_pandur import PandurModel
from puur.bots.variant_penalty_jass import PenaltyJassModel
from puur.bots.variant_policy import play_out
from puur.bots.variant_reservejass import ReservejassModel
from puur.bots.variant_schaffhauser import SchaffhauserModel
from puur.bots.variant_schaggi_haas import SchaggiHaasModel
from puur.bots.variant_schellenjass import SchellenjassModel
from puur.bots.variant_schieber import SchieberModel
from puur.bots.variant_schmaus import SchmausModel
from puur.bots.variant_sechser import SechserModel
from puur.bots.variant_sidi_barrani import SidiBarraniModel
from puur.bots.variant_zuger import ZugerModel
from puur.bots.worlds import VariantModel, WorldSampler
from puur.hand import PLAY, STOECK, WEIS, TrickHand
from puur.observation import Observation
from puur.variants.bieter_view import BieterObservation
from puur.variants.chratzer_view import ChratzerObservation
from puur.variants.coiffeur_view import CoiffeurObservation
from puur.variants.darts_view import DartsObservation
from puur.variants.differenzler_view import DifferenzlerObservation
from puur.variants.fahnder_view import FahnderObservation
from puur.variants.guggitaler_view import GuggitalerObservation
from puur.variants.handjass_view import HandjassObservation
from puur.variants.hindersi_view import HindersiObservation
from puur.variants.koenigsjass_view import KoenigsjassObservation
from puur.variants.kreuzjass_view import KreuzjassObservation
from puur.variants.mittlere_view import MittlereObservation
from puur.variants.molotow_view import MolotowObservation
from puur.variants.offener_jass_view import OffenerJassObservation
from puur.variants.pandur_view import PandurObservation
from puur.variants.penalty_jass_view import PenaltyJassObservation
from puur.variants.reservejass_view import ReservejassObservation
from puur.variants.schaffhauser_view import SchaffhauserObservation
from puur.variants.schaggi_haas_view import SchaggiHaasObservation
from puur.variants.schellenjass_view import SchellenjassObservation
from puur.variants.schmaus_view import SchmausObservation
from puur.variants.sechser_view import SechserObservation
from puur.variants.sidi_barrani_view import SidiBarraniObservation
from puur.variants.zuger_view import ZugerObservation

__all__ = ["MODELS", "VariantSearch", "model_for"]

MODELS: Final[dict[type, VariantModel]] = {
    Observation: SchieberModel(),
    DifferenzlerObservation: DifferenzlerModel(),
    CoiffeurObservation: CoiffeurModel(),
    MolotowObservation: MolotowModel(),
    HandjassObservation: HandjassModel(),
    BieterObservation: BieterModel(),
    SidiBarraniObservation: SidiBarraniModel(),
    ZugerObservation: ZugerModel(),
    KreuzjassObservation: KreuzjassModel(),
    SchaffhauserObservation: SchaffhauserModel(),
    FahnderObservation: FahnderModel(),
    SchellenjassObservation: SchellenjassModel(),
    GuggitalerObservation: GuggitalerModel(),
    KoenigsjassObservation: KoenigsjassModel(),
    HindersiObservation: HindersiModel(),
    MittlereObservation: MittlereModel(),
    SchaggiHaasObservation: SchaggiHaasModel(),
    SechserObservation: SechserModel(),
    ReservejassObservation: ReservejassModel(),
    PenaltyJassObservation: PenaltyJassModel(),
    OffenerJassObservation: OffenerJassModel(),
    DartsObservation: DartsModel(),
    PandurObservation: PandurModel(),
    SchmausObservation: SchmausModel(),
    ChratzerObservation: ChratzerModel(),
}
"""The variant search's model of each variant, by the type of the variant's observation."""



def model_for(obs: Any) -> VariantModel:
    """The search model of the variant ``obs`` belongs to (``ValueError`` when none)."""
    model = MODELS.get(type(obs))
    if model is None:
        raise ValueError(f"the search knows no variant with observations {type(obs).__name__}")
    return model


class VariantSearch:
    """Determinised search over sampled worlds within ``budget`` seconds per decision.

    >>> from puur.variants import get
    >>> game = get("coiffeur").new_game(seed=4)
    >>> obs = game.observation(game.to_move)
    >>> VariantSearch(budget=0.05, seed=1).act(obs) in obs.legal_actions
    True
    """

    def __init__(
        self, budget: float = 1.0, seed: int | None = None, max_worlds: int | None = None,
        exact_tricks: int = 2, rng: random.Random | None = None,
    ) -> None:
        if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not (
            0 < budget <= 600
        ):
            raise ValueError(f"budget must be seconds per decision in (0, 600], not {budget!r}")
        if max_worlds is not None and (type(max_worlds) is not int or max_worlds < 1):
            raise ValueError("max_worlds must be at least 1")
        if type(exact_tricks) is not int or not 0 <= exact_tricks <= 3:
            raise ValueError("exact_tricks must be 0..3")
        self.budget = float(budget)
        self.max_worlds = max_worlds
        self.exact_tricks = exact_tricks
        self.rng = rng or random.Random(seed)
        #: Worlds evaluated for the last decision (for reports and tests).
        self.last_worlds = 0
        self._sampler: WorldSampler | None = None
        self._model: VariantModel | None = None
        self._start = 0.0

    def act(self, obs: Any) -> int:
        """The best action found within the budget."""
        if len(obs.legal_actions) == 1:
            return int(obs.legal_actions[0])
        return self.ranked(obs)[0][0]

    def ranked(self, obs: Any) -> list[tuple[int, float]]:
        """Every legal action with its estimated value for the seat (the variant's value: the
        points difference, minus the Differenzler penalty, the Coiffeur row), best first;
        actions left out by the shortlist follow the evaluated ones."""
        if not obs.legal_actions:
            raise ValueError("it is not this seat's turn to act")
        start = time.perf_counter()
        deadline = start + self.budget * 0.92
        hard = start + self.budget * 0.97
        model = model_for(obs)
        sampler = WorldSampler(obs, model)
        self._sampler, self._model = sampler, model
        self._start = start
        cands, others = model.shortlist(obs, self)
        me = obs.seat
        totals = dict.fromkeys(cands, 0.0)
        # Actions that play the same hand (a Coiffeur contract in several rows) share a play-out.
        groups: dict[Hashable, list[int]] = {}
        for a in cands:
            groups.setdefault(model.same_play(obs, a), []).append(a)
        n = 0
        slowest = 0.0
        while len(cands) > 1:
            t0 = time.perf_counter()
            world = sampler.sample(self.rng)
            vals: dict[int, float] = {}
            for group in groups.values():
                if n and time.perf_counter() > hard:
                    break
                for a, v in self.evaluate_group(world, group, model).items():
                    vals[a] = v[me]
            if len(vals) < len(cands):
                break
            for a in cands:
                totals[a] += vals[a]
            n += 1
            now = time.perf_counter()
            slowest = max(slowest, now - t0)
            if now + slowest > deadline or now > hard or n == self.max_worlds:
                break
        self.last_worlds = n
        out = [(a, totals[a] / n if n else 0.0) for a in cands]
        out.sort(key=lambda av: -av[1])
        rest = sorted(others.items(), key=lambda av: -av[1])
        return out + rest

    # -----------------------------------------------------------------------------------------

    def probe(self, action: int, count: int, share: float) -> list[TrickHand]:
        """Finished hands of up to ``count`` worlds played out after ``action`` by the default
        policy, within ``share`` of the decision's budget (at least one; for a shortlist).
        With ``max_worlds`` set, at most four times as many."""
        sampler, model = self._sampler, self._model
        assert sampler is not None and model is not None, "probe() belongs to a decision"
        if self.max_worlds is not None:
            count = min(count, 4 * self.max_worlds)
        until = self._start + self.budget * 0.92 * share
        out: list[TrickHand] = []
        while len(out) < count and (not out or time.perf_counter() < until):
            h = sampler.sample(self.rng).copy()
            h.push_unchecked(action)
            play_out(h, model)
            out.append(h)
        return out

    def evaluate_group(self, world: TrickHand, group: list[int],
                       model: VariantModel) -> dict[int, tuple[float, ...]]:
        """:meth:`evaluate` for actions that play the same hand: one play-out, scored for each
        (each its own when the end is solved exactly)."""
        if len(group) == 1:
            return {group[0]: self.evaluate(world, group[0], model)}
        h = world.copy()
        h.push_unchecked(group[0])
        if h.phase in (PLAY, WEIS, STOECK) and h.num_tricks - h.trick_no <= self.exact_tricks:
            return {a: self.evaluate(world, a, model) for a in group}
        play_out(h, model)
        return {a: model.values_as(h, a) for a in group}

    def evaluate(self, world: TrickHand, action: int, model: VariantModel) -> tuple[float, ...]:
        """Every seat's value once ``world`` is finished after ``action`` (``world`` is left
        as it was)."""
        h = world.copy()
        h.push_unchecked(action)
        if h.phase in (PLAY, WEIS, STOECK) and h.num_tricks - h.trick_no <= self.exact_tricks:
            return _maxn(h, model)
        play_out(h, model)
        return model.values(h)


def _maxn(h: TrickHand, model: VariantModel) -> tuple[float, ...]:
    """The values of the hand when every seat picks the continuation best for itself."""
    if h.is_over:
        return model.values(h)
    mover = h.to_move
    best: tuple[float, ...] | None = None
    for a in h.legal_actions():
        h.push_unchecked(a)
        v = _maxn(h, model)
        h.pop()
        if best is None or v[mover] > best[mover]:
            best = v
    assert best is not None
    return best
