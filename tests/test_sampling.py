"""Hands consistent with a view (``spades.sampling``): exact counts against
a brute-force reference written from the rules, uniform samples (a
chi-square test), no sample that contradicts the view, and a sampler that
depends on the view only."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given, settings

from spades import ArgumentError, CardSet, GameState, Phase, Rules, StateError, new_game, seat_view
from spades.sampling import Deals, count_deals, sample_hands
from spades.view import SeatView

from _games import PRESETS, play, presets, seeds, two_player_hand
from invariants import ref_legal_cards, ref_suit


def _views(rules: Rules, seed: int, *, seeded: bool = False) -> Iterator[tuple[GameState, SeatView]]:
    for state in play(rules, seed, seeded=seeded, double_nil=0.4):
        for seat in range(rules.players):
            yield state, seat_view(state, seat)
            if state.double_nil_open(seat):
                yield state, seat_view(state, seat, sealed=True)


@given(presets, seeds)
@settings(max_examples=12, deadline=None)
def test_no_sample_contradicts_the_view(name: str, seed: int) -> None:  # C-1, C-5, P-6, T-2, T-6
    rules = PRESETS[name]
    rng = random.Random(seed)
    pairs = list(_views(rules, seed))
    for state, view in rng.sample(pairs, min(25, len(pairs))):
        deals = Deals(view)
        assert deals.count >= 1
        for draw in range(3):
            hands = deals.sample(random.Random(draw))
            behind = deals.state(random.Random(draw))
            assert seat_view(behind, view.seat, sealed=view.sealed, history=view.history) == view
            assert hands == behind.hands
            assert tuple(len(hand) for hand in hands) == view.hand_sizes
            if not view.sealed:
                assert hands[view.seat] == view.hand
        assert count_deals(view) == deals.count
        assert sample_hands(view, random.Random(0)) == deals.sample(random.Random(0))


def _reference_count(view: SeatView, truth: GameState) -> tuple[int, Counter[tuple[CardSet, ...]]]:
    """Every deal of the unseen cards to the other seats that the rules allow
    (C-4, C-5, V-7: each card another seat played was legal from its hand
    then), by brute force; ``truth`` only says which cards are unseen."""
    rules = view.rules
    players = rules.players
    seat = view.seat
    plays = [((t.leader + i) % players, c, j, i) for j, t in enumerate(view.tricks) for i, c in enumerate(t.cards)]
    plays += [((view.leader + i) % players, c, len(view.tricks), i) for i, c in enumerate(view.trick)]  # type: ignore[operator]
    others = [o for o in range(players) if o != seat]
    unseen = [c for o in others for c in truth.hand(o)]
    sizes = [view.hand_sizes[o] for o in others]
    found: Counter[tuple[CardSet, ...]] = Counter()
    for hands in _splits(frozenset(unseen), others, sizes):
        key = tuple(CardSet.from_cards(sorted(hands[o])) if o != seat else view.hand for o in range(players))
        ok = True
        broken = False
        led_card = plays[0][1] if plays else None
        for index, (who, card, trick, position) in enumerate(plays):
            if position == 0:
                led_card = card
            if who != seat:
                later = frozenset(c for w, c, _t, _p in plays[index:] if w == who)
                trick_so_far = [] if position == 0 or led_card is None else [led_card]
                if card not in ref_legal_cards(hands[who] | later, trick_so_far, broken, rules, trick == 0):
                    ok = False
                    break
            if ref_suit(card, rules) == 3:
                broken = True
        if ok:
            found[key] = 0
    return len(found), found


def _splits(cards: frozenset[int], seats: list[int], sizes: list[int]) -> Iterator[dict[int, frozenset[int]]]:
    """Every way to give ``sizes[i]`` of ``cards`` to ``seats[i]``."""
    if not seats:
        if not cards:
            yield {}
        return
    for chosen in itertools.combinations(sorted(cards), sizes[0]):
        for rest in _splits(cards - set(chosen), seats[1:], sizes[1:]):
            yield {seats[0]: frozenset(chosen), **rest}


def _endings() -> Iterator[tuple[GameState, SeatView]]:
    """Views late in a hand, where few cards are unseen."""
    for name in ("partnership", "pagat", "cutthroat-4", "two-of-clubs"):
        rules = PRESETS[name]
        for seed in range(3):
            for state in play(rules, seed, seeded=True, double_nil=0.0):
                if state.phase is Phase.PLAY and len(state.hand(0)) == 3 and not state.trick and state.sheet == ():
                    yield state, seat_view(state, (state.turn + 1) % rules.players)  # type: ignore[operator]
                    break


def test_counts_match_a_brute_force_of_the_rules() -> None:  # C-4, C-5, C-7, V-7
    checked = 0
    for truth, view in _endings():
        count, _found = _reference_count(view, truth)
        assert Deals(view).count == count, (view.rules, view.seat)
        checked += 1
    assert checked >= 8



def _two_player_reference_count(view: SeatView) -> int:
    """The hands the other seat of a two-player game may hold, by brute
    force from the rules: cards the seat has not seen elsewhere; of the
    cards the seat knows went to the pile (its draft discards, T-2, and its
    Double Nil discards if it discarded first), at most as many as the other
    seat discarded after its Double Nil and drew again (T-6), counting the
    cards it played; and every card it played legal from its hand (C-4, C-5)."""
    rules = view.rules
    seat, other = view.seat, 1 - view.seat
    plays = [((t.leader + i) % 2, c, j, i) for j, t in enumerate(view.tricks) for i, c in enumerate(t.cards)]
    plays += [((view.leader + i) % 2, c, len(view.tricks), i) for i, c in enumerate(view.trick)]  # type: ignore[operator]
    played = {c for _w, c, _t, _p in plays}
    theirs_played = {c for w, c, _t, _p in plays if w == other}
    # T-6: the second player (left of the first, T-1) discards first when both bid Double Nil.
    doubles = [bid is not None and bid.double_nil for bid in view.bids]
    seat_first = doubles[seat] and (not doubles[other] or seat == (view.dealer + 1) % 2)
    pile = set(view.draft_discards) - set(view.received)
    if view.gave and seat_first:
        pile |= set(view.gave)
    elsewhere = set(view.hand) | played | (set(view.gave) - pile)
    candidates = sorted(set(range(52)) - elsewhere)
    count = 0
    for chosen in itertools.combinations(candidates, view.hand_sizes[other]):
        hand = frozenset(chosen)
        if len((hand | theirs_played) & pile) > view.cards_given[other]:
            continue
        broken = False
        led: int | None = None
        ok = True
        for index, (who, card, trick, position) in enumerate(plays):
            led = card if position == 0 else led
            if who == other:
                later = frozenset(c for w, c, _t, _p in plays[index:] if w == other)
                if card not in ref_legal_cards(hand | later, [] if position == 0 else [led], broken, rules, trick == 0):  # type: ignore[list-item]
                    ok = False
                    break
            broken = broken or ref_suit(card, rules) == 3
        count += ok
    return count


def test_a_two_player_double_nil_discard_counts_in_the_sampling() -> None:  # T-2, T-6, C-5
    """How many cards the other seat discarded after its Double Nil is in
    the view (it is told to both seats); the other seat then holds at most
    that many of the cards this seat knows are in the pile, and the deals
    sampled and counted respect it (a brute force of the rules agrees)."""
    checked: Counter[int] = Counter()
    for seed in range(14):
        for discarded in (0, 1, 2, 3):
            declarers = ((1,), (0, 1), (1, 0))[seed % 3]
            state = two_player_hand(seed, discarded, declarers, 3)
            view = seat_view(state, 0)
            assert view.cards_given[1] == discarded
            assert view.cards_given[0] == (discarded if 0 in declarers else 0)
            deals = Deals(view)
            assert deals.count == _two_player_reference_count(view), (seed, discarded, declarers)
            pile = view.draft_discards.mask & ~view.received.mask
            for draw in range(4):
                hands = deals.sample(random.Random(draw))
                assert (hands[1].mask & pile).bit_count() <= discarded
                assert seat_view(deals.state(random.Random(draw)), 0) == view
            checked[discarded] += 1
    assert min(checked.values()) >= 10


def _chi_square_ok(observed: list[int], expected: float) -> bool:
    """A chi-square test of equal frequencies at the 0.1% level (by the
    Wilson-Hilferty approximation of the chi-square quantile)."""
    k = len(observed)
    statistic = sum((o - expected) ** 2 / expected for o in observed)
    df = k - 1
    z = 3.09  # the 99.9% point of the standard normal
    limit = df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3
    return statistic < limit


def test_samples_are_uniform_over_the_consistent_deals() -> None:
    rng = random.Random(20261201)
    tested = 0
    for truth, view in _endings():
        count, found = _reference_count(view, truth)
        if not 3 <= count <= 400:
            continue
        deals = Deals(view)
        draws = 60 * count
        for _ in range(draws):
            hands = deals.sample(rng)
            assert hands in found  # never a deal the rules rule out
            found[hands] += 1
        assert _chi_square_ok(list(found.values()), draws / count), (count, sorted(found.values())[:5])
        tested += 1
    assert tested >= 3


def test_the_sampler_depends_on_the_view_only() -> None:  # hidden cards never leak into it
    for name in ("partnership", "two-player", "jokers"):
        rules = PRESETS[name]
        for state in play(rules, 7, seeded=False, double_nil=0.4)[::17]:
            for seat in range(rules.players):
                view = seat_view(state, seat)
                other = Deals(view).state(random.Random(5))  # another game with the same view
                assert seat_view(other, seat) == view
                a, b = Deals(view), Deals(seat_view(other, seat))
                assert a.count == b.count
                assert a.sample(random.Random(9)) == b.sample(random.Random(9))


def test_bad_arguments() -> None:
    view = seat_view(play(Rules.partnership(), 1, seeded=True)[5], 0)
    with pytest.raises(ArgumentError):
        Deals("view")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        Deals(view).sample(3)  # type: ignore[arg-type]
    import attrs

    with pytest.raises(StateError):
        Deals(attrs.evolve(view, hand_sizes=(13, 13, 13, 12)))


def test_a_view_no_game_gives_is_refused_whatever_field_it_forges() -> None:  # P-3, C-3, S-1, C-2
    # A SeatView made by hand can say what no game gives beside cards and a
    # score sheet that fit: a phase, a turn, scores, legal actions of its
    # own. Deals refused none of these (it counted and sampled deals, and
    # Deals.state gave a game whose view was another); view_from_dict
    # refuses each as a document.
    import attrs

    from spades import Bid
    from spades.serial import to_dict, view_from_dict

    state = play(Rules.partnership(), 4, seeded=True)[0]  # dealt, seat 1 to bid (P-3)
    view = seat_view(state, 0)
    assert view.phase is Phase.BID and view.turn == 1
    forged = {
        "phase": attrs.evolve(view, phase=Phase.PLAY),  # no bid made yet (C-3)
        "turn": attrs.evolve(view, turn=2),  # seat 1 bids first (P-3)
        "scores": attrs.evolve(view, scores=(10**100, 0)),  # no hand scored yet (S-1)
        "legal_actions": attrs.evolve(view, legal_actions=(Bid(3),)),  # not seat 0's turn
    }
    for field, bad in forged.items():
        with pytest.raises(StateError, match=f"no game gives this view: its {field} is") as raised:
            Deals(bad)
        assert len(str(raised.value)) < 300
        with pytest.raises(StateError):
            view_from_dict(to_dict(bad))  # the document loader agrees
    assert Deals(view).count == math.factorial(39) // math.factorial(13) ** 3  # the true view still counts


# ----------------------------------------------------------------------
# A random source that draws wrong is named, not trusted: a subclass of
# random.Random may draw its own way, and its draws are checked.


class _FarPick(random.Random):
    def randrange(self, *args: object) -> int:
        return 10**30


class _NegativePick(random.Random):
    def randrange(self, *args: object) -> int:
        return -1


class _TextPick(random.Random):
    def randrange(self, *args: object) -> Any:
        return "3"


class _FailingPick(random.Random):
    def randrange(self, *args: object) -> int:
        raise OverflowError("worn out")


class _CopyingShuffle(random.Random):
    def shuffle(self, x: Any, *args: object) -> None:
        x[:] = [x[0]] * len(x)  # the first card everywhere: three seats would hold it


class _EmptyingShuffle(random.Random):
    def shuffle(self, x: Any, *args: object) -> None:
        x.clear()


class _TextShuffle(random.Random):
    def shuffle(self, x: Any, *args: object) -> None:
        x[:] = map(str, x)


class _LastOfAll(random.Random):
    """Draws its own way, but right: the last of every range, shuffles reversed."""

    def randrange(self, *args: Any) -> int:
        return int(args[0]) - 1

    def shuffle(self, x: Any, *args: object) -> None:
        x.reverse()


class _TooWideBits(random.Random):
    def getrandbits(self, k: int) -> int:
        return 1 << (k + 50)  # CPython's randrange() and shuffle() would ask again forever


class _AllOnes(random.Random):
    def getrandbits(self, k: int) -> int:
        return (1 << k) - 1


class _OwnBits(random.Random):
    def getrandbits(self, k: int) -> int:
        return super().getrandbits(k)


def _view_after_the_first_bid() -> SeatView:
    state = new_game(Rules.partnership(), seed=3)
    return seat_view(state.apply(state.legal_actions()[0]), 1)


@pytest.mark.parametrize(
    ("source", "said"),
    [
        (_FarPick, "randrange"), (_NegativePick, "randrange"), (_TextPick, "randrange"), (_FailingPick, "raised OverflowError"),
        (_CopyingShuffle, "shuffle"), (_EmptyingShuffle, "shuffle"), (_TextShuffle, "shuffle"),
        (_TooWideBits, "getrandbits"), (_AllOnes, "in 10000 draws"),
    ],
)
def test_a_random_source_that_draws_wrong_is_named(source: type[random.Random], said: str) -> None:  # P-2
    view = _view_after_the_first_bid()
    for sample in (lambda rng: sample_hands(view, rng), lambda rng: Deals(view).state(rng)):
        with pytest.raises(ArgumentError, match="the random source") as raised:
            sample(source(1))
        assert said in str(raised.value)


def test_a_random_source_that_draws_its_own_way_deals_a_deal() -> None:  # P-2
    view = _view_after_the_first_bid()
    hands = sample_hands(view, _LastOfAll(1))
    assert hands[view.seat] == view.hand
    union = 0
    for hand in hands:
        union |= hand.mask
    assert [len(hand) for hand in hands] == [13, 13, 13, 13] and union.bit_count() == 52  # each card dealt once
    assert seat_view(Deals(view).state(_LastOfAll(1)), view.seat) == view


def test_a_random_source_with_its_own_getrandbits_deals_as_random_random() -> None:  # P-2
    view = _view_after_the_first_bid()
    for seed in range(10):
        assert sample_hands(view, _OwnBits(seed)) == sample_hands(view, random.Random(seed))
        assert Deals(view).state(_OwnBits(seed)) == Deals(view).state(random.Random(seed))


def test_deals_is_a_value_that_cannot_be_changed() -> None:
    """A Deals, as every value the library hands out, cannot be changed
    (its view rebound, attributes added or deleted); a copy or a pickle is
    the deals of the same view, drawing the same hands from the same
    random numbers; its repr is a line, whatever the view."""
    import copy
    import pickle

    from spades.sampling import Deals

    view = seat_view(new_game(Rules.partnership(), seed=4), 0)
    deals = Deals(view)
    other = seat_view(new_game(Rules.partnership(), seed=5), 1)
    changes: tuple[Callable[[], object], ...] = (
        lambda: setattr(deals, "view", other), lambda: setattr(deals, "extra", 1),
        lambda: delattr(deals, "view"), lambda: setattr(deals, "_known", ()))
    for change in changes:
        with pytest.raises(AttributeError, match="^Deals is immutable: cannot "):
            change()
    assert deals.view is view and not hasattr(deals, "__dict__")
    for again in (copy.copy(deals), copy.deepcopy(deals), pickle.loads(pickle.dumps(deals))):
        assert again.view == view and again.count == deals.count
        assert again.sample(random.Random(1)) == deals.sample(random.Random(1))
        assert again == deals and hash(again) == hash(deals) and not again != deals
    assert deals != Deals(other) and Deals(other) == Deals(seat_view(new_game(Rules.partnership(), seed=5), 1))
    assert deals != view and deals != 0 and len({deals, Deals(view), Deals(other)}) == 2
    assert repr(deals) == f"Deals(seat=0, hand_number=0, phase=BID, count={deals.count})"
