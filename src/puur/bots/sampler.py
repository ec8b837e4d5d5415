"""Deal sampling for search players: the unseen hands, consistent with one seat's knowledge.

Implements the inference side of RULES.md §2.4-§2.6. From an :class:`~puur.observation.Observation`
alone (never the real deal) the sampler works out what each other seat may still hold:

* cards played and the observer's own hand are out of the pool; cards shown in a Weis and the
  King and Ober of a Stöck announced with the Weis are placed with their holder;
* a card of another suit than the one led, when it is not a trump, proves the player void in the
  led suit (a ruff proves nothing: ruffing is allowed while holding the suit);
* a player who does not follow a trump lead holds no trump except possibly the Puur;
* an undertrump (a trump below the best trump already in a trick of another suit) is only legal
  with nothing but trumps in hand, so the player held only trumps from then on;
* announced Weis (points and length, heard in trick 1) must be found in the seat's nine cards as
  the very split it declared, and the holder of the best Weis must come out the same; cards are
  first placed to make the announced melds likely and the result is checked;
* the hand sizes.

Sampling is exact and never loops: the unseen cards are grouped by the set of seats that may
hold them, the number of completions is counted by dynamic programming over the seats' remaining
sizes, and each group's split is drawn in proportion to its completions. Without Weis
constraints every consistent deal is equally likely. Announced but unshown Weis are met by
rejection with a bounded number of tries; after that the sampler returns a deal that respects
every card-play inference and hand size and only misses the unshown Weis (documented
simplification; it is rare and only changes points already credited).

Simplifications: no inference from the choice of contract, from pushing, from Weis a player kept
quiet about, or from Stöck not announced (announcing is optional).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import comb
from typing import Final

from puur.actions import A_CHOOSE, A_PUSH, A_STOECK, A_STOECK_NO, A_WEIS
from puur.cards import ALL_CARDS, NUM_CARDS, SUIT_MASK, bits
from puur.contracts import PUUR, STRENGTH, contract_mode
from puur.observation import Observation
from puur.round import Round
from puur.weis import FOUR, SEQUENCE, Meld, find_melds, weis_options, weis_winner

__all__ = [
    "DealSampler",
    "InconsistentDealError",
    "determinize",
    "infer_forbidden",
    "is_consistent",
    "sample_deals",
]

_SUIT_OF: Final = tuple(c // 9 for c in range(NUM_CARDS))
_MAX_TRIES: Final = 60


class InconsistentDealError(ValueError):
    """A deal that contradicts what the observation shows."""


def infer_forbidden(obs: Observation) -> list[int]:
    """Per seat, the mask of cards the seat cannot hold now, learnt from the card play.

    The observer's own entry is 0 (its hand is known). See the module header for the rules.
    """
    forbid = [0, 0, 0, 0]
    trump = obs.trump
    hist = obs.history
    for start in range(0, len(hist), 4):
        trick = hist[start:start + 4]
        lead = _SUIT_OF[trick[0][1]]
        best_trump = -1
        for seat, card in trick:
            s = _SUIT_OF[card]
            if trump >= 0 and s == trump:
                if lead != trump and best_trump >= 0 and STRENGTH[trump][card] < STRENGTH[trump][
                    best_trump
                ]:
                    forbid[seat] |= ALL_CARDS & ~SUIT_MASK[trump]  # undertrump: only trumps
                if best_trump < 0 or STRENGTH[trump][card] > STRENGTH[trump][best_trump]:
                    best_trump = card
            elif s != lead:
                if trump >= 0 and lead == trump:
                    forbid[seat] |= SUIT_MASK[trump] & ~PUUR[trump]
                else:
                    forbid[seat] |= SUIT_MASK[lead]
    forbid[obs.seat] = 0
    return forbid


def _signature(split: Sequence[Meld] | Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    out = []
    for m in split:
        out.append((m.points, m.length) if isinstance(m, Meld) else (m[0], m[1]))
    return sorted(out)


class DealSampler:
    """Draws the current hands of all four seats, consistent with ``obs``.

    >>> from puur.round import Round
    >>> r = Round.deal(seed=3)
    >>> s = DealSampler(r.observation(0))
    >>> hands = s.sample(random.Random(1))
    >>> hands[0] == r.hands[0] and sum(h.bit_count() for h in hands)
    36
    """

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        me = obs.seat
        self.others: tuple[int, ...] = tuple(s for s in range(4) if s != me)
        played = 0
        for _s, c in obs.history:
            played |= 1 << c
        self.played = played
        self.played_by = [obs.played_by(s) for s in range(4)]
        self.forbidden = infer_forbidden(obs)
        known = [0, 0, 0, 0]
        for s in self.others:
            known[s] = obs.known_cards(s)
        known[me] = obs.hand
        self.known = known
        pool = ALL_CARDS & ~played
        for k in known:
            pool &= ~k
        self.pool = pool
        self.need = [obs.hand_sizes[s] - known[s].bit_count() for s in range(4)]
        if any(n < 0 for n in self.need) or sum(self.need[s] for s in self.others) != (
            pool.bit_count()
        ):
            raise InconsistentDealError("hand sizes do not match the unseen cards")
        self.allowed = [ALL_CARDS & ~self.forbidden[s] for s in range(4)]
        # Per card: the indexes (into ``others``) of the seats that may hold it.
        self._card_keys = tuple(
            tuple(i for i, s in enumerate(self.others) if self.allowed[s] >> c & 1)
            for c in range(NUM_CARDS)
        )
        self._cache: dict[tuple[int, tuple[int, ...]], tuple[
            list[tuple[tuple[int, ...], list[int]]], _Counter]] = {}
        # Announced Weis whose cards are not shown must come from the seat's own nine cards.
        self.weis_hints: dict[int, list[tuple[int, int]]] = {}
        #: Some other seat declared Weis: a draw is checked (run lengths, winner).
        self.check_weis = False
        self._weis_failed = False
        for s in self.others:
            ann = obs.weis_announced[s]
            if ann:
                self.check_weis = True
                if not obs.weis_shown[s]:
                    self.weis_hints[s] = _signature(ann)
        if self._count(self.known, self.pool) == 0:
            raise InconsistentDealError("no deal is consistent with the observation")

    # ------------------------------------------------------------------------------------------

    def _groups(self, pool: int) -> list[tuple[tuple[int, ...], list[int]]]:
        by_key: dict[tuple[int, ...], list[int]] = {}
        keys = self._card_keys
        for c in bits(pool):
            key = keys[c]
            got = by_key.get(key)
            if got is None:
                by_key[key] = [c]
            else:
                got.append(c)
        return sorted(by_key.items())

    def _count(self, known: list[int], pool: int) -> int:
        need = tuple(self.obs.hand_sizes[s] - known[s].bit_count() for s in self.others)
        if min(need) < 0:
            return 0
        groups = self._groups(pool)
        return _Counter(groups).count(0, need)

    def _draw(self, known: list[int], pool: int, rng: random.Random) -> tuple[int, ...] | None:
        need = tuple(self.obs.hand_sizes[s] - known[s].bit_count() for s in self.others)
        if min(need) < 0:
            return None
        cache_key = (pool, need)
        cached = self._cache.get(cache_key)
        if cached is None:
            groups = self._groups(pool)
            cached = (groups, _Counter(groups))
            if len(self._cache) < 64:
                self._cache[cache_key] = cached
        groups, counter = cached
        if counter.count(0, need) == 0:
            return None
        hands = list(known)
        rem = need
        for gi, (seats, cards) in enumerate(groups):
            options = []
            for split in _splits(len(cards), seats, rem):
                rest = tuple(rem[i] - split[i] for i in range(3))
                ways = _multinomial(len(cards), split) * counter.count(gi + 1, rest)
                if ways:
                    options.append((ways, split, rest))
            pick = rng.randrange(sum(o[0] for o in options))
            k = 0
            while pick >= options[k][0]:
                pick -= options[k][0]
                k += 1
            _w, split, rest = options[k]
            cards = cards[:]
            rng.shuffle(cards)
            k = 0
            for i in range(3):
                for c in cards[k:k + split[i]]:
                    hands[self.others[i]] |= 1 << c
                k += split[i]
            rem = rest
        return tuple(hands)

    def _place_weis(self, rng: random.Random) -> tuple[list[int], int] | None:
        """Place cards for announced but unshown Weis; None if no placement fits."""
        known = list(self.known)
        pool = self.pool
        for s, sig in self.weis_hints.items():
            free = (pool & self.allowed[s]) | self.played_by[s] | known[s]
            for points, length in sig:
                four = length == 4 and points >= 100  # a sequence of four scores 50
                cands = [
                    m.cards for m in find_melds(free, self.obs.rules)
                    if (m.kind == FOUR and four and m.points == points)
                    or (m.kind == SEQUENCE and not four and m.length >= length)
                ]
                windows: list[int] = []
                for cards in cands:
                    if cards.bit_count() == length:
                        windows.append(cards)
                    else:  # a longer run holds several windows of the announced length
                        cs = bits(cards)
                        for i in range(len(cs) - length + 1):
                            w = 0
                            for c in cs[i:i + length]:
                                w |= 1 << c
                            windows.append(w)
                if not windows:
                    return None
                w = rng.choice(windows)
                add = w & pool
                known[s] |= add
                pool &= ~add
                free &= ~w
        return known, pool

    # ------------------------------------------------------------------------------------------

    def sample(self, rng: random.Random, strict: bool = False) -> tuple[int, ...]:
        """The current hands of the four seats (the observer's own hand included).

        With announced Weis the draw is checked; after a bounded number of
        tries it falls back to a deal that meets every other inference, unless ``strict`` (then
        :class:`InconsistentDealError`).
        """
        if self.check_weis:
            # Once the announced Weis have proved hard to meet, later draws try less.
            tries = _MAX_TRIES if strict else 3 if self._weis_failed else 12
            for _ in range(tries):
                placed = self._place_weis(rng)
                if placed is None:
                    continue
                hands = self._draw(placed[0], placed[1], rng)
                if hands is not None and self._weis_ok(hands):
                    return hands
            self._weis_failed = True
            if strict:
                raise InconsistentDealError("no deal found that matches the announced Weis")
        hands = self._draw(self.known, self.pool, rng)
        assert hands is not None  # the count was checked in __init__
        return hands


    def _weis_ok(self, hands: tuple[int, ...]) -> bool:
        """Every seat could declare what it announced, and the best Weis stays where it is."""
        obs = self.obs
        mode0 = contract_mode(obs.contract, 0) if obs.contract >= 0 else 4
        declared: list[tuple[Meld, ...]] = [(), (), (), ()]
        for s in range(4):
            ann = obs.weis_announced[s]
            if not ann:
                continue
            if s == obs.seat:
                declared[s] = obs.weis_shown[s]
                continue
            sig = _signature(ann)
            shown = 0
            for m in obs.weis_shown[s]:
                shown |= m.cards
            initial = hands[s] | self.played_by[s]
            for split in weis_options(initial, obs.rules, mode0, obs.trump):
                if _signature(split) != sig:
                    continue
                if shown:
                    cards = 0
                    for m in split:
                        cards |= m.cards
                    if cards != shown:
                        continue
                declared[s] = split
                break
            else:
                return False
        if obs.trick_winners:
            return weis_winner(declared, obs.forehand, mode0, obs.trump) == obs.weis_seat
        return True


class _Counter:
    """Number of ways to deal groups ``i..`` of cards to three seats with sizes ``need``."""

    def __init__(self, groups: list[tuple[tuple[int, ...], list[int]]]) -> None:
        self.groups = groups
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def count(self, i: int, need: tuple[int, ...]) -> int:
        if i == len(self.groups):
            return 1 if not any(need) else 0
        key = (i, need)
        got = self.memo.get(key)
        if got is not None:
            return got
        seats, cards = self.groups[i]
        total = 0
        for split in _splits(len(cards), seats, need):
            rest = tuple(need[j] - split[j] for j in range(3))
            sub = self.count(i + 1, rest)
            if sub:
                total += _multinomial(len(cards), split) * sub
        self.memo[key] = total
        return total


def _splits(n: int, seats: tuple[int, ...], need: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """Ways to give ``n`` cards to the allowed seats (indexes 0..2) within their needs."""
    out: list[tuple[int, int, int]] = []
    lim = [need[i] if i in seats else 0 for i in range(3)]
    for a in range(min(n, lim[0]) + 1):
        for b in range(min(n - a, lim[1]) + 1):
            c = n - a - b
            if c <= lim[2]:
                out.append((a, b, c))
    return out


def _multinomial(n: int, split: tuple[int, int, int]) -> int:
    return comb(n, split[0]) * comb(n - split[0], split[1])


def sample_deals(obs: Observation, n: int, rng: random.Random | None = None) -> list[
    tuple[int, ...]
]:
    """``n`` independent samples of the four current hands consistent with ``obs``."""
    r = rng or random.Random()
    sampler = DealSampler(obs)
    return [sampler.sample(r) for _ in range(n)]


# ----------------------------------------------------------------------------------------------
# Rebuilding a full state from a sampled deal


def determinize(obs: Observation, hands: Sequence[int], strict: bool = True) -> Round:
    """A :class:`Round` in the same public state as ``obs`` with the given current hands.

    The recorded history (choice, Weis, Stöck, cards) is pushed into a round dealt from the
    sampled hands plus the cards each seat played. With ``strict`` any mismatch (an illegal
    card, a Weis that cannot be declared as announced, a different Weis winner or different
    points) raises :class:`InconsistentDealError`; otherwise undeclarable Weis are kept quiet.
    """
    if len(hands) != 4:
        raise InconsistentDealError("a deal needs four hands")
    initial = [hands[s] | obs.played_by(s) for s in range(4)]
    gs = obs.game_scores if obs.game_scores != (0, 0) else None
    try:
        r = Round(obs.rules, initial, obs.forehand, gs)
    except ValueError as e:
        raise InconsistentDealError(str(e)) from None
    if hands[obs.seat] != obs.hand:
        raise InconsistentDealError("the observer's hand differs")
    try:
        if obs.pushed:
            r.push(A_PUSH)
            if obs.pushed_back:
                r.push(A_PUSH)
        if obs.contract >= 0:
            r.push(A_CHOOSE + obs.contract)
        for seat, card in obs.history:
            _settle(r, obs, strict, stop_at=None)
            if r.phase != "play" or r.to_move != seat:
                raise InconsistentDealError("the replay is out of step")
            r.push(card)
        if obs.phase != "over":
            _settle(r, obs, strict, stop_at=(obs.phase, obs.to_move))
    except InconsistentDealError:
        raise
    except ValueError as e:
        raise InconsistentDealError(str(e)) from None
    if strict:
        # Another seat's Weis or Stöck question is not the observer's to see coming, so the
        # state only has to match exactly when the observer is the one to act.
        same = r.phase == obs.phase and (r.phase == "over" or r.to_move == obs.to_move)
        if obs.to_move == obs.seat and not same:
            raise InconsistentDealError("the replay ends in another state")
        if r.trick_winners and r.weis_seat != obs.weis_seat:
            raise InconsistentDealError("another seat would hold the best Weis")
        if r.credited != obs.credited:
            raise InconsistentDealError("the points credited differ")
        if obs.stoeck_seat >= 0 and (r.stoeck_seat != obs.stoeck_seat or r.stoeck_state != 1):
            raise InconsistentDealError("Stöck was announced by another seat")
    return r


def _settle(r: Round, obs: Observation, strict: bool, stop_at: tuple[str, int] | None) -> None:
    """Answer the Weis and Stöck questions the way the table heard them."""
    while r.phase in ("weis", "stoeck"):
        if stop_at is not None and (r.phase, r.to_move) == stop_at:
            return
        seat = r.to_move
        if r.phase == "stoeck":
            r.push(A_STOECK if obs.stoeck_seat == seat else A_STOECK_NO)
            continue
        ann = obs.weis_announced[seat]
        choice = 0
        if ann:
            sig = _signature(ann)
            shown = 0
            for m in obs.weis_shown[seat]:
                shown |= m.cards
            for k, split in enumerate(r.weis_options(seat), start=1):
                if _signature(split) != sig:
                    continue
                cards = 0
                for m in split:
                    cards |= m.cards
                if shown and cards != shown:
                    continue
                choice = k
                break
            if choice == 0 and strict:
                raise InconsistentDealError(f"seat {seat} cannot declare its announced Weis")
        r.push(A_WEIS + choice)


def is_consistent(obs: Observation, hands: Sequence[int]) -> bool:
    """Whether the current hands ``hands`` agree with everything ``obs`` shows."""
    try:
        determinize(obs, hands, strict=True)
    except InconsistentDealError:
        return False
    return True
