"""Real games in every phase of every preset, and forgeries of their documents,
for ``test_forgeries.py`` and ``test_view_forgeries.py``.

:func:`catalogue` plays, for each rule set of ``_games.PRESETS`` (every named
preset of :data:`spades.PRESETS`, and a few more variants), seeded and
unseeded games until it holds a state in each phase those rules can reach;
which phases those are is worked out here from the rules text
(:func:`reachable_phases`), not asked of the library.

:func:`plausible_values` and :func:`forge` make the generic forgeries: one
value of a JSON document replaced by another of the same JSON type that could
stand there (a nearby number, another card or bid or phase, another option
value, a flipped boolean, list entries swapped, dropped or duplicated; and a
seat where there was none).
"""

from __future__ import annotations

import copy
import functools
import random
from collections.abc import Iterator, Sequence
from typing import Any, Final, Protocol, TypeVar, cast

import attrs

import pytest

from spades import Bid, CardSet, GameState, Phase, Record, Rules, SeatView, SpadesError, StateError, new_game
from spades._witness import game_behind
from spades.bots import simple_action
from spades.events import HandScored, events
from spades.serial import event_from_dict, event_to_dict, to_dict, view_from_dict

from _games import PRESETS
from invariants import check_hand_record, check_state, playout, random_action

CARD_NAMES: tuple[str, ...] = (
    tuple(f"{rank}{suit}" for suit in "CDHS" for rank in "23456789TJQKA") + ("LJ", "BJ")
)
"""Every card's name: the 52 of C-1 and the two jokers of V-9."""

BID_TEXTS: tuple[str, ...] = tuple(str(n) for n in range(1, 19)) + ("nil", "double nil")
"""Bids as the documents write them, some the rules refuse (C-3: 0..13).
Only the spellings the library writes: the loaders also read others (``"0"``,
``"dn"``), which are the same bid, not a forgery."""

PHASE_NAMES: tuple[str, ...] = tuple(phase.name for phase in Phase)

T = TypeVar("T")


class Chooser(Protocol):
    """Picks one of some options (a Hypothesis draw, or a random choice);
    ``label`` names what is picked."""

    def __call__(self, options: Sequence[T], label: str) -> T: ...


# The string options of Rules and their values (V-4, V-7, V-8, V-9, V-10).
_CHOICES: tuple[tuple[str, ...], ...] = (
    ("standard", "jokers", "joker-joker-deuce-deuce"),
    ("set-aside", "remove-two-of-clubs"),
    ("bags", "partner", "ignored"),
    ("left-of-dealer", "two-of-clubs"),
    ("none", "bonus", "win"),
    ("keep", "reject"),
)


# ----------------------------------------------------------------------
# Real games.


def reachable_phases(rules: Rules, seeded: bool) -> frozenset[Phase]:
    """The phases a game under ``rules`` goes through, from the rules text."""
    phases = {Phase.BID, Phase.PLAY, Phase.GAME_OVER}
    if not seeded:
        phases.add(Phase.DEAL)  # P-2, T-2: the caller supplies the deal or the stock
    double_nil = rules.double_nil_allowed and rules.double_nil_exchange > 0  # V-3
    if rules.players == 2:
        phases.add(Phase.DRAFT)  # T-2
        if double_nil:
            phases.add(Phase.DISCARD)  # T-6: discard up to three...
            if not seeded:
                phases.add(Phase.REPLACE)  # ...and draw as many at random
    if rules.partners and double_nil:
        phases.add(Phase.EXCHANGE)  # P-6
    return frozenset(phases)


def _policy(state: GameState, rng: random.Random) -> Any:
    """Double Nil often (the exchanges get played); sensible bids for two
    hands (a score sheet builds up), random bids after (the game then ends
    at the losing floor, V-1)."""
    if state.is_chance:
        return state.sample_chance(rng)
    if Bid.DOUBLE_NIL in state.legal_actions() and rng.random() < 0.4:
        return Bid.DOUBLE_NIL
    if len(state.sheet) < 2:
        return simple_action(state, rng)
    return random_action(state, rng, double_nil=0.0)


@attrs.frozen
class Sample:
    """One real state of a game, and where it comes from."""

    preset: str
    seeded: bool
    state: GameState

    @property
    def name(self) -> str:
        return (f"{self.preset}/{'seeded' if self.seeded else 'unseeded'}/{self.state.phase.name}/"
                f"hand {self.state.hand_number}")


def _pick(states: list[GameState], rng: random.Random) -> GameState:
    """A state of one phase; in play, one with a finished trick and a trick
    in progress when there is one (more for the forgeries to change)."""
    rich = [s for s in states if s.phase is not Phase.PLAY or (s.trick and any(s.tricks_won))]
    return rng.choice(rich or states)


@functools.lru_cache(maxsize=None)
def catalogue() -> tuple[Sample, ...]:
    """For each rule set, seeded and unseeded, a state in every reachable
    phase in the first hand, and another in a later hand where the games
    reach one (asserted: every reachable phase is found)."""
    samples: list[Sample] = []
    for index, preset in enumerate(sorted(PRESETS)):
        rules = PRESETS[preset]
        for seeded in (False, True):
            wanted = reachable_phases(rules, seeded)
            found: dict[tuple[Phase, bool], list[GameState]] = {}
            for seed in range(1000 * index, 1000 * index + 40):
                for state in playout(rules, seed, hands=None, seeded=seeded, check=False, policy=_policy):
                    later = bool(state.sheet) and not state.is_over
                    found.setdefault((state.phase, later), []).append(state)
                if {phase for phase, _ in found} >= wanted and any(later for _, later in found):
                    break
            assert {phase for phase, _ in found} == wanted, (preset, seeded, sorted(p.name for p, _ in found))
            rng = random.Random(index)
            for key in sorted(found, key=lambda k: (k[0], k[1])):
                samples.append(Sample(preset, seeded, _pick(found[key], rng)))
    return tuple(samples)


def samples_in(*phases: Phase) -> list[Sample]:
    return [s for s in catalogue() if s.state.phase in phases]


def check_game(state: GameState) -> None:
    """``state`` is one a real game reaches: the shared invariant checker,
    and every finished hand replayed from its actions (C-1..C-8, S-1..S-9)."""
    check_state(state)
    scores: tuple[int, ...] = (0,) * len(state.rules.sides)
    for row in state.sheet:
        check_hand_record(state.rules, row, scores=scores)
        scores = row.result.scores


# ----------------------------------------------------------------------
# Generic forgeries of JSON documents.


def paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path in a JSON value, the value itself first."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, path + (index,))


def get(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


def _card_set_variants(text: str) -> list[str]:
    """A set of cards in CardSet's text (``spades.hearts.diamonds.clubs``)
    with one card more or one card fewer."""
    if text.count(".") != 3:
        return []
    try:
        cards = CardSet.parse(text)
    except SpadesError:
        return []
    if str(cards) != text:
        return []
    return [str(cards ^ CardSet(1 << index)) for index in range(54)]


# Lists that are sets of cards: their order is not part of the value.
_UNORDERED: frozenset[str] = frozenset(("exchange", "replacement"))


def plausible_values(value: Any, key: object = None) -> list[Any]:
    """Other values of ``value``'s JSON type that could stand in its place
    (``key``: the key or index it stands at)."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        near = [value + d for d in (-10, -2, -1, 1, 2, 10)] + [0, -1, 1, 2, 3, 13, 14]
        return sorted({v for v in near if v != value})
    if value is None:
        return [0, 1, 2, 3]  # a seat, a seed, a winner where none is
    if isinstance(value, str):
        if value in CARD_NAMES:
            return [c for c in CARD_NAMES if c != value]
        if value in BID_TEXTS:
            return [b for b in BID_TEXTS if b != value]
        if value in PHASE_NAMES:
            return [p for p in PHASE_NAMES if p != value]
        for choices in _CHOICES:
            if value in choices:
                return [c for c in choices if c != value]
        variants = _card_set_variants(value)
        if variants:
            return variants
        return [value + "x", value.upper() if value != value.upper() else value.lower()]
    if isinstance(value, list) and value:
        # Encoded as ("swap", i, j), ("drop", i), ("dup", i); see apply_change.
        n = len(value)
        changes: list[Any] = [("drop", i) for i in range(n)] + [("dup", i) for i in range(n)]
        if key not in _UNORDERED:
            changes += [("swap", i, j) for i in range(n) for j in range(i + 1, n) if value[i] != value[j]]
        return changes
    return []


def apply_change(document: Any, path: tuple[Any, ...], change: Any) -> Any:
    """A deep copy of ``document`` with the value at ``path`` changed as
    :func:`plausible_values` describes."""
    forged = copy.deepcopy(document)
    parent = get(forged, path[:-1])
    key = path[-1]
    value = parent[key]
    if isinstance(value, list) and isinstance(change, tuple):
        items = list(value)
        if change[0] == "drop":
            del items[change[1]]
        elif change[0] == "dup":
            items.insert(change[1], copy.deepcopy(items[change[1]]))
        else:
            _, i, j = change
            items[i], items[j] = items[j], items[i]
        parent[key] = items
    else:
        parent[key] = change
    return forged


def mutable_paths(document: dict[str, Any], skip: tuple[str, ...] = ("format", "version")) -> list[tuple[Any, ...]]:
    """The paths of ``document`` that have plausible replacements."""
    return [
        path
        for path in paths(document)
        if path and path[0] not in skip and plausible_values(get(document, path), path[-1])
    ]


def forge(document: dict[str, Any], choose: Chooser) -> tuple[dict[str, Any], str]:
    """One generic forgery of ``document`` and its description.  ``choose``
    picks among options (a Hypothesis draw, or a random choice): a top-level
    field first (so small fields are as likely as the long action list), then
    a path under it, then a replacement."""
    every = mutable_paths(document)
    field = choose(sorted({path[0] for path in every}), "field")
    path = choose([p for p in every if p[0] == field], "path")
    change = choose(plausible_values(get(document, path), path[-1]), "change")
    return apply_change(document, path, change), f"{'/'.join(map(str, path))} -> {change!r}"


# ----------------------------------------------------------------------
# Helpers for the targeted forgeries.


def with_value(document: dict[str, Any], path: Sequence[Any], value: Any) -> dict[str, Any]:
    """``document`` with ``value`` at ``path``: the containers on the path are
    copied, the rest is shared (the loaders only read their input)."""
    root = copy.copy(document)
    node: Any = root
    for step in path[:-1]:
        node[step] = copy.copy(node[step])
        node = node[step]
    node[path[-1]] = value
    return root


def pick(rng: random.Random, items: Sequence[T], count: int) -> list[T]:
    """At most ``count`` of ``items``, chosen at random (a few forgeries per
    document keep the suites fast; the documents are many)."""
    return rng.sample(list(items), min(count, len(items)))


def one_card(card: int) -> CardSet:
    return CardSet(1 << card)


def moved(hands: Sequence[str], giver: int, taker: int, card: int) -> list[str]:
    """Hands written as CardSet text, with ``card`` moved from ``giver``'s
    hand to ``taker``'s."""
    out = list(hands)
    out[giver] = str(CardSet.parse(hands[giver]) - one_card(card))
    out[taker] = str(CardSet.parse(hands[taker]) | one_card(card))
    return out


def split_path(path: str) -> tuple[Any, ...]:
    """``"sheet/0/tricks"`` as a path: ``("sheet", 0, "tricks")``."""
    return tuple(int(p) if p.isdigit() else p for p in path.split("/"))


def plain_dict(value: GameState | SeatView | Record | Rules) -> dict[str, Any]:
    """``to_dict(value)`` as a plain dict, to take apart and forge (its
    ``TypedDict`` admits only the document's own keys and types)."""
    return cast("dict[str, Any]", to_dict(value))


NO_GAME: Final = "no game gives this view: "
"""How the view loader's refusals of a view no game gives begin."""


def loads_as_itself(view: SeatView) -> None:
    """``view``'s document loads back as ``view``."""
    assert view_from_dict(plain_dict(view)) == view


def refused_behind(view: SeatView, message: str, **changes: Any) -> None:
    """``view`` loads; with ``changes`` it is refused in exactly these
    words, by :func:`spades._witness.game_behind` and by the loader."""
    loads_as_itself(view)
    forged = attrs.evolve(view, **changes)
    with pytest.raises(StateError) as caught:
        game_behind(forged)
    assert str(caught.value) == NO_GAME + message
    with pytest.raises(StateError) as caught:
        view_from_dict(plain_dict(forged))
    assert str(caught.value) == NO_GAME + message


def hand_scored_document() -> dict[str, Any]:
    """The ``hand_scored`` event of a partnership hand (bids 2, nil, 4, 2;
    the first legal card each time), as :func:`event_to_dict` writes it,
    in a copy the caller may change."""
    rules = Rules.partnership()
    state = new_game(rules, seed=2)
    for bid in (Bid(2), Bid.NIL, Bid(4), Bid(2)):
        state = state.apply(bid)
    after = state
    while not after.sheet:
        after = after.apply(after.legal_actions()[0])
    scored = [event for event in events(state, after, 0) if type(event) is HandScored]
    assert len(scored) == 1
    document = copy.deepcopy(dict(event_to_dict(scored[0])))
    assert event_from_dict(document, rules) == scored[0]  # what event_to_dict writes reads back
    return document
