"""The hands one seat cannot see, as far as it knows: counted exactly and
sampled uniformly.

A bot that sees only its :class:`~spades.view.SeatView` plays well by
imagining the other hands: it deals the unseen cards to the other seats in
every way consistent with what it knows (its own hand, every card played,
every suit a seat has shown out of, the cards it gave and received in an
exchange, the draft cards it saw, the hand sizes) and looks at each.
:class:`Deals` holds those ways for one view: :attr:`Deals.count` is their
number, exactly; :meth:`Deals.sample` draws one uniformly at random (each
consistent assignment of the unseen cards to the other seats' hands, the
cards set aside and the two-player pile equally likely); :meth:`Deals.state`
builds a whole game behind the view with those hands, whose view for the
seat is the view itself.

The constraints are the view loader's (:func:`spades.serial.view_from_dict`
checks a view the same way); the counting groups the unseen cards by where
they may go and counts the ways to fill each place with binomial
coefficients, so it is exact and quick.

>>> import math, random
>>> from spades import Rules, new_game, seat_view
>>> state = new_game(Rules.partnership(), seed=4)
>>> deals = Deals(seat_view(state, 0))
>>> deals.count == math.factorial(39) // math.factorial(13) ** 3  # before any card is played
True
>>> hands = deals.sample(random.Random(1))
>>> hands[0] == state.hand(0), [len(hand) for hand in hands]
(True, [13, 13, 13, 13])
>>> seat_view(deals.state(random.Random(1)), 0) == seat_view(state, 0)
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

import attrs

from spades._witness import first_match, game_behind
from spades.cards import CardSet
from spades.deal import check_rng, random_below, random_shuffle
from spades.errors import ArgumentTypeError, Immutable, StateError, short_repr, type_name
from spades.state import GameState
from spades.view import SeatView, seat_view

__all__ = ["Deals", "count_deals", "sample_hands"]


class _Table:
    """The ways to fill exact capacities with cards of given allowed places,
    by classes of cards that may go to the same places."""

    def __init__(self, cards: int, allowed: dict[int, list[str]], capacity: dict[str, int]) -> None:
        self.places = sorted(capacity)
        index = {place: i for i, place in enumerate(self.places)}
        classes: dict[tuple[int, ...], list[int]] = {}
        for card in sorted(allowed):
            if cards >> card & 1:
                key = tuple(sorted({index[place] for place in allowed[card] if place in index}))
                classes.setdefault(key, []).append(card)
        self.classes = sorted(classes.items())
        self.capacity = tuple(capacity[place] for place in self.places)
        start = (0,) * len(self.places)
        layers: list[dict[tuple[int, ...], int]] = [{start: 1}]
        for places, members in self.classes:
            following: dict[tuple[int, ...], int] = {}
            for state, ways in layers[-1].items():
                for split, weight in self._splits(len(members), places, state):
                    filled = list(state)
                    for place, taken in zip(places, split):
                        filled[place] += taken
                    key = tuple(filled)
                    following[key] = following.get(key, 0) + ways * weight
            layers.append(following)
        self.layers = layers
        self.count = layers[-1].get(self.capacity, 0)

    def _splits(self, count: int, places: tuple[int, ...], state: Sequence[int]) -> list[tuple[tuple[int, ...], int]]:
        """Every way to put ``count`` cards of one class in ``places`` within
        the room left after ``state``, with the number of ways to choose
        which cards go where."""
        room = [self.capacity[place] - state[place] for place in places]
        out: list[tuple[tuple[int, ...], int]] = []

        def walk(i: int, left: int, taken: tuple[int, ...], weight: int) -> None:
            if i == len(places) - 1:
                if left <= room[i]:
                    out.append((taken + (left,), weight))
                return
            for here in range(min(left, room[i]) + 1):
                walk(i + 1, left - here, taken + (here,), weight * math.comb(left, here))

        if not places:
            if count == 0:
                out.append(((), 1))
            return out
        walk(0, count, (), 1)
        return out

    def sample(self, rng: random.Random) -> dict[str, int]:
        """One filling, uniformly among all :attr:`count` of them."""
        placed = [0] * len(self.places)
        state = self.capacity
        for k in range(len(self.classes) - 1, -1, -1):
            places, members = self.classes[k]
            before = self.layers[k]
            choices: list[tuple[tuple[int, ...], tuple[int, ...], int]] = []
            for split, weight in self._splits(len(members), places, (0,) * len(self.places)):
                previous = list(state)
                for place, taken in zip(places, split):
                    previous[place] -= taken
                key = tuple(previous)
                ways = before.get(key, 0) if min(previous) >= 0 else 0
                if ways:
                    choices.append((split, key, ways * weight))
            pick = random_below(rng, sum(w for _s, _k, w in choices))
            for split, key, weight in choices:
                if pick < weight:
                    break
                pick -= weight
            shuffled = list(members)
            random_shuffle(rng, shuffled)
            at = 0
            for place, taken in zip(places, split):
                for card in shuffled[at : at + taken]:
                    placed[place] |= 1 << card
                at += taken
            state = key
        return dict(zip(self.places, placed))


class _Problem:
    """What the game behind a view leaves to chance: the placer records it."""

    def __init__(self) -> None:
        self.cards = 0
        self.allowed: dict[int, list[str]] = {}
        self.alternatives: list[dict[str, int]] = []
        self.placed: dict[str, int] = {}

    def __call__(self, cards: int, allowed: dict[int, list[str]], alternatives: list[dict[str, int]]) -> dict[str, int]:
        self.cards, self.allowed, self.alternatives = cards, allowed, alternatives
        self.placed = first_match(cards, allowed, alternatives)
        return self.placed


class Deals(Immutable):
    """The deals of the unseen cards consistent with ``view``: what the seat
    cannot see of the current hand, as far as it knows (see the module).
    Raises :class:`~spades.StateError` if no real game gives the view.

    A value, as everything the library hands out: its attributes cannot
    be set or deleted, and a copy or a pickle is the deals of the same view,
    equal to it (the deals of equal views are equal, with equal hashes).

    >>> from spades import Rules, new_game, seat_view
    >>> deals = Deals(seat_view(new_game(Rules.partnership(), seed=1), 0))
    >>> deals.count  # the other 39 cards, 13 to each other seat
    84478098072866400
    >>> deals == Deals(seat_view(new_game(Rules.partnership(), seed=1), 0))
    True
    >>> deals.view = None
    Traceback (most recent call last):
    ...
    AttributeError: Deals is immutable: cannot set 'view'
    """

    __slots__ = ("view", "_witness", "_tables", "_known")

    view: SeatView
    """The view whose unseen cards these are the deals of."""
    _witness: GameState
    _tables: tuple[_Table, ...]
    _known: tuple[int, ...]

    def __init__(self, view: SeatView) -> None:
        if type(view) is not SeatView:
            raise ArgumentTypeError(f"Deals needs a SeatView, got {type_name(view)}")
        setter = object.__setattr__
        setter(self, "view", view)
        problem = _Problem()
        witness = game_behind(view, problem)
        _check_behind(witness, view)
        setter(self, "_witness", witness)
        setter(self, "_tables", tuple(_Table(problem.cards, problem.allowed, capacity) for capacity in problem.alternatives))
        # What the witness holds beyond its placement: the cards each seat is
        # known to hold (its own; a partner's exchanged cards, P-6).
        setter(self, "_known", tuple(
            hand.mask & ~self._placed_for(problem.placed, seat) for seat, hand in enumerate(witness.hands)
        ))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Deals, (self.view,))

    def __eq__(self, other: object) -> bool:
        """Equal when of equal views: the deals are the view's alone."""
        if type(other) is not Deals:
            return NotImplemented
        return self.view == other.view

    def __hash__(self) -> int:
        return hash((Deals, self.view))

    def __repr__(self) -> str:
        return f"Deals(seat={self.view.seat}, hand_number={self.view.hand_number}, phase={self.view.phase.name}, count={self.count})"

    def _placed_for(self, placement: dict[str, int], seat: int) -> int:
        """The cards a placement gives ``seat``: its own place, and for the
        other seat of the two-player game its replacement draw (T-6)."""
        mask = placement.get(f"seat {seat}", 0)
        if seat != self.view.seat:
            mask |= placement.get("replacement", 0)
        return mask

    @property
    def count(self) -> int:
        """The number of consistent deals, exactly (1 when nothing is
        hidden, as before the deal or after the game)."""
        if not self._tables:
            return 1
        return sum(table.count for table in self._tables)

    def _placement(self, rng: random.Random) -> dict[str, int]:
        check_rng(rng, "the sampler")
        if not self._tables:
            return {}
        pick = random_below(rng, self.count)
        for table in self._tables:
            if pick < table.count:
                return table.sample(rng)
            pick -= table.count
        raise StateError("no consistent deal")  # the count says otherwise: unreachable

    def sample(self, rng: random.Random) -> tuple[CardSet, ...]:
        """Each seat's hand now, the unseen cards dealt uniformly at random
        among the consistent deals."""
        placement = self._placement(rng)
        return tuple(CardSet(known | self._placed_for(placement, seat)) for seat, known in enumerate(self._known))

    def state(self, rng: random.Random) -> GameState:
        """A whole game behind the view, its unseen cards dealt uniformly at
        random among the consistent deals; its view for the seat is the view."""
        if not self._tables:
            return self._witness
        chosen = self._placement(rng)

        def placer(cards: int, allowed: dict[int, list[str]], alternatives: list[dict[str, int]]) -> dict[str, int]:
            return chosen

        return game_behind(self.view, placer)


def _check_behind(state: GameState, view: SeatView) -> None:
    """Refuse ``view`` unless ``state``, a game built to fit its cards and
    its score sheet, gives exactly that view: a view made by hand may say
    what no game gives (a phase, a turn, scores or legal actions of its
    own), as :func:`spades.serial.view_from_dict` refuses such a document."""
    actual = seat_view(state, view.seat, sealed=view.sealed, history=view.history)
    if actual == view:
        return
    for field in attrs.fields(SeatView):
        said, gives = getattr(view, field.name), getattr(actual, field.name)
        if said != gives:
            raise StateError(f"no game gives this view: its {field.name} is {short_repr(said, 60)}, but the game "
                             f"behind the rest of it gives {short_repr(gives, 60)}")
    raise StateError("no game gives this view")  # equal field by field, yet not equal: not a view made by seat_view


def count_deals(view: SeatView) -> int:
    """``Deals(view).count``: the number of consistent deals of the cards
    ``view``'s seat cannot see.

    >>> import math
    >>> from spades import Rules, new_game, seat_view
    >>> view = seat_view(new_game(Rules.partnership(), seed=1), 0)
    >>> count_deals(view) == math.factorial(39) // math.factorial(13) ** 3  # 39 cards, 13 to each other seat
    True
    """
    return Deals(view).count


def sample_hands(view: SeatView, rng: random.Random) -> tuple[CardSet, ...]:
    """``Deals(view).sample(rng)``: each seat's hand, the unseen cards dealt
    uniformly at random among those consistent with the view.

    >>> import random
    >>> from spades import Rules, new_game, seat_view
    >>> state = new_game(Rules.partnership(), seed=1)
    >>> hands = sample_hands(seat_view(state, 0), random.Random(2))
    >>> hands[0] == state.hand(0), [len(hand) for hand in hands]  # its own hand as it is
    (True, [13, 13, 13, 13])
    """
    return Deals(view).sample(rng)

