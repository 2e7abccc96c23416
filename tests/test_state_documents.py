"""State documents written straight from the state, and read the fast way
when they are exactly what this library writes: the same documents, the
same states, the same refusals and messages as the field-by-field reading.
"""

from __future__ import annotations

import copy
import json
import marshal
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

import pytest
from hypothesis import given
from hypothesis import strategies as st

import spades.serial as serial
from spades import Card, GameState, Rules, SpadesError, StateError, new_game
from spades.record import Record
from spades.serial import from_dict, from_json, state_from_dict, state_from_json, to_dict, to_json
from spades.view import current_tricks, hand_summary

from _games import PRESETS, play, presets, sample, seeds
from _forgery import plain_dict


def _reference_dict(state: GameState) -> dict[str, Any]:
    """The document of ``state`` as it was built before the writer was
    made direct: through a record, the views' trick walk and the score
    sheet's summaries."""
    def trick(t: Any) -> dict[str, Any]:
        return {"leader": t.leader, "cards": [str(c) for c in t.cards], "winner": t.winner}

    sheet = []
    for row in state.sheet:
        summary = hand_summary(state.rules, row)
        sheet.append({
            "number": summary.number,
            "dealer": summary.dealer,
            "bids": [str(b) for b in summary.bids],
            "tricks_won": list(summary.tricks_won),
            "tricks": [trick(t) for t in summary.tricks],
            "result": [{name: getattr(side, name) for name in serial._SIDE_FIELDS} for side in summary.result.sides],
            "hands": [str(h) for h in row.hands],
        })
    top = state.top_of_stock
    return {
        "format": "spades.state", "version": 1, "rules": state.rules.to_dict(), "seed": state.seed,
        "actions": [serial.action_to_dict(a) for a in Record.of_state(state).actions],
        "phase": state.phase.name, "turn": state.turn, "dealer": state.dealer, "hand_number": state.hand_number,
        "hands": [str(h) for h in state.hands], "bids": [None if b is None else str(b) for b in state.bids],
        "trick": [str(c) for c in state.trick], "leader": state.leader,
        "tricks": [trick(t) for t in current_tricks(state)], "tricks_won": list(state.tricks_won),
        "spades_broken": state.spades_broken, "discard_pile": str(state.discard_pile),
        "top_of_stock": None if top is None else str(top), "stock_left": state.stock_left,
        "scores": list(state.scores), "bags": list(state.bags), "sheet": sheet, "winner": state.winner,
    }


def _states(preset: str, seed: int, seeded: bool, count: int = 5) -> list[GameState]:
    return sample(play(PRESETS[preset], seed, seeded=seeded, double_nil=0.4), seed, count)


@contextmanager
def _full_reading_only() -> Iterator[None]:
    """The loaders with the fast way shut: every document read field by field."""
    with mock.patch.object(serial, "_own_state_text", lambda _text: None), \
            mock.patch.object(serial, "_own_state_dict", lambda _data: None):
        yield


@contextmanager
def _fast_way_only() -> Iterator[None]:
    """The loaders with the field-by-field reading shut: only the fast way can load."""
    def refuse(*_args: object) -> None:
        raise AssertionError("read field by field")

    with mock.patch.object(serial, "_header", refuse):
        yield


def _refused_as_before(forged: Any) -> None:
    """``forged`` declined by the fast way and refused by the dict loader
    with the full reading's error."""
    assert serial._own_state_dict(forged) is None
    with _full_reading_only():
        expected = _outcome(state_from_dict, forged)
    assert expected[0] == "StateError"
    assert _outcome(state_from_dict, forged) == expected


def _outcome(load: Callable[[Any], object], document: Any) -> tuple[str, object]:
    try:
        return "loaded", load(document)
    except SpadesError as error:
        return type(error).__name__, str(error)


# ----------------------------------------------------------------------
# Writing.


@given(preset=presets, seed=seeds, seeded=st.booleans())
def test_the_document_is_the_one_built_through_records_and_views(preset: str, seed: int, seeded: bool) -> None:
    for state in _states(preset, seed, seeded):
        document = plain_dict(state)
        assert json.dumps(document) == json.dumps(_reference_dict(state))  # types and key order too
        assert to_json(state) == json.dumps(document, ensure_ascii=False)
        assert to_json(state, indent=2) == json.dumps(document, indent=2, ensure_ascii=False)


def test_to_dict_hands_out_fresh_values() -> None:
    state = _states("partnership", 3, True)[-1]
    first = plain_dict(state)
    first["rules"]["target"] = 1
    first["actions"][0]["deal"] = []
    first["sheet"][0]["tricks"][0]["cards"].clear()
    assert plain_dict(state) == _reference_dict(state)


# ----------------------------------------------------------------------
# Reading what was written: the fast way, no field-by-field reading.


@given(preset=presets, seed=seeds, seeded=st.booleans())
def test_documents_as_written_load_the_fast_way(preset: str, seed: int, seeded: bool) -> None:
    states = _states(preset, seed, seeded)
    with _fast_way_only():
        for state in states:
            text = to_json(state)
            assert state_from_json(text) == state and from_json(text) == state
            assert state_from_json(text.encode("utf-8")) == state
            document = plain_dict(state)
            assert state_from_dict(document) == state and from_dict(document) == state
            reordered = dict(reversed(list(document.items())))  # the keys of an object have no order
            assert state_from_dict(reordered) == state


def test_other_spellings_of_a_document_are_read_field_by_field() -> None:
    state = _states("partnership", 5, True)[-2]
    text = to_json(state)
    document = plain_dict(state)
    respelled = copy.deepcopy(document)
    play = next(i for i, a in enumerate(respelled["actions"]) if "play" in a)
    respelled["actions"][play]["play"] = Card.parse(respelled["actions"][play]["play"]).symbol
    defaults = Rules().to_dict()
    # The options left out take their defaults.
    shorter = {**document, "rules": {k: v for k, v in document["rules"].items() if v != defaults[k]}}
    variants = [
        to_json(state, indent=2),
        text.replace(", ", ","),
        " " + text,
        json.dumps(dict(reversed(list(document.items())))),
        json.dumps(shorter),
    ]
    for variant in variants:
        assert serial._own_state_text(variant) is None
        assert state_from_json(variant) == state
    assert serial._own_state_dict(shorter) is None
    assert state_from_dict(shorter) == state
    # An action spelt otherwise ("K♦" for "KD") is not how the state writes
    # its actions: refused, as every action is read as written.
    with pytest.raises(StateError, match="action"):
        state_from_json(json.dumps(respelled))
    with pytest.raises(StateError, match="action"):
        state_from_dict(respelled)


# ----------------------------------------------------------------------
# Forged documents: the fast way declines, the full reading refuses them
# with the message it always gave.


_PLAIN_CHANGES: list[Callable[[Any], Any]] = [
    lambda v: True, lambda v: False, lambda v: 0, lambda v: 1, lambda v: 1.0, lambda v: -1, lambda v: None,
    lambda v: "", lambda v: "x", lambda v: [], lambda v: {}, lambda v: [v], lambda v: {"v": v},
    lambda v: v + 1 if type(v) is int else v,
    lambda v: float(v) if type(v) is int else v,
    lambda v: int(v) if type(v) is bool else v,
    lambda v: (not v) if type(v) is bool else v,
    lambda v: tuple(v) if type(v) is list else v,
    lambda v: v[::-1] if type(v) in (list, str) else v,
    lambda v: v[1:] if type(v) in (list, str) else v,
    lambda v: _Text(v) if type(v) is str else v,
    lambda v: v.lower() if type(v) is str else v,
]


class _Text(str):
    """A str that is not exactly a str."""


def _nodes(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _nodes(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _nodes(item, path + (index,))


def _changed(document: dict[str, Any], path: tuple[Any, ...], change: Callable[[Any], Any]) -> Any:
    forged = copy.deepcopy(document)
    if not path:
        return change(forged)
    parent = forged
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = change(parent[path[-1]])
    return forged


@given(preset=presets, seed=seeds, seeded=st.booleans(), picks=st.lists(st.integers(0, 10**6), min_size=8, max_size=8))
def test_a_changed_document_gets_the_full_readings_verdict(preset: str, seed: int, seeded: bool, picks: list[int]) -> None:
    state = _states(preset, seed, seeded, 3)[-1 - picks[0] % 3]
    document = plain_dict(state)
    nodes = list(_nodes(document))
    for pick in picks[1:]:
        path = nodes[pick % len(nodes)]
        forged = _changed(document, path, _PLAIN_CHANGES[pick // len(nodes) % len(_PLAIN_CHANGES)])
        fast = _outcome(state_from_dict, forged)
        with _full_reading_only():
            full = _outcome(state_from_dict, forged)
        assert fast == full, path


@given(preset=presets, seed=seeds, seeded=st.booleans(), picks=st.lists(st.integers(0, 10**6), min_size=8, max_size=8))
def test_a_changed_text_gets_the_full_readings_verdict(preset: str, seed: int, seeded: bool, picks: list[int]) -> None:
    state = _states(preset, seed, seeded, 3)[-1 - picks[0] % 3]
    text = to_json(state)
    for pick in picks[1:]:
        at = pick % len(text)
        replacement = ' 0129tfn"{}[],:.-AKQJT'[pick // len(text) % 22]
        kind = pick // len(text) // 22 % 3
        forged = text[:at] + (replacement if kind < 2 else "") + text[at + (kind != 1):]
        fast = _outcome(state_from_json, forged)
        with _full_reading_only():
            full = _outcome(state_from_json, forged)
        assert fast == full, (at, forged[max(0, at - 30) : at + 30])


def test_forgeries_of_every_derived_field_are_refused_as_before() -> None:
    state = _states("two-player-2", 7, True)[-2]
    document = plain_dict(state)
    for key in serial._DERIVED_KEYS:
        for change in _PLAIN_CHANGES:
            forged = _changed(document, (key,), change)
            if forged == document and json.dumps(forged) == json.dumps(document):
                continue
            with _full_reading_only():
                expected = _outcome(state_from_dict, forged)
            assert expected[0] != "loaded" or expected[1] == state
            assert _outcome(state_from_dict, forged) == expected, key
            assert _outcome(from_dict, forged) == expected, key


def test_a_seeded_documents_chance_steps_are_the_seeds() -> None:
    state = new_game(Rules.partnership(), seed=3)
    for _ in range(6):
        state = state.apply(state.legal_actions()[-1])
    other = plain_dict(new_game(Rules.partnership(), seed=4))["actions"][0]
    document = plain_dict(state)
    for forged in (
        {**document, "actions": [other, *document["actions"][1:]]},  # another deal
        {**document, "actions": document["actions"][1:]},  # the deal left out
        {**document, "actions": [*document["actions"], document["actions"][0]]},  # a deal too many
        {**document, "actions": [document["actions"][1], document["actions"][0], *document["actions"][2:]]},
    ):
        assert serial._own_state_dict(forged) is None
        assert serial._own_state_text(json.dumps(forged, ensure_ascii=False)) is None
        with _full_reading_only():
            expected = _outcome(state_from_dict, forged)
        assert _outcome(state_from_dict, forged) == expected
        assert _outcome(state_from_json, json.dumps(forged)) == expected


def test_the_fast_way_declines_what_is_not_json() -> None:
    state = _states("partnership", 2, True)[-1]
    document = plain_dict(state)
    looped: dict[str, Any] = copy.deepcopy(document)
    looped["sheet"].append(looped)
    deep: Any = []
    for _ in range(3000):
        deep = [deep]
    forgeries: list[dict[Any, Any]] = [
        {**document, "scores": tuple(document["scores"])},
        {**document, "hands": {1, 2}},
        {**document, "winner": float("nan")},
        {**document, "bids": deep},
        {**document, 1: 2},
        looped,
    ]
    for forged in forgeries:
        _refused_as_before(forged)


def test_an_unseeded_game_with_exchanges_loads_the_fast_way() -> None:
    rng = random.Random(3)
    for preset in ("partnership", "two-player", "two-player-2", "jokers"):
        states = play(PRESETS[preset], rng.randrange(10**6), seeded=False, double_nil=0.6)
        with _fast_way_only():
            for state in sample(states, 3, 6):
                assert state_from_json(to_json(state)) == state
                assert state_from_dict(plain_dict(state)) == state


def test_an_exchange_spelt_otherwise_gets_the_full_readings_verdict() -> None:  # P-6, T-6
    rng = random.Random(5)
    for preset in ("partnership", "two-player"):
        states = play(PRESETS[preset], rng.randrange(10**6), seeded=True, double_nil=0.9)
        state = next(s for s in reversed(states) if any("exchange" in a for a in plain_dict(s)["actions"]))
        document = plain_dict(state)
        at = next(i for i, a in enumerate(document["actions"]) if "exchange" in a and len(a["exchange"]) >= 2)
        cards = document["actions"][at]["exchange"]
        for spelling in (cards[::-1], [card.lower() for card in cards], cards + cards[:1], cards[1:], tuple(cards),
                         [_Text(card) for card in cards], " ".join(cards)):
            forged = copy.deepcopy(document)
            forged["actions"][at]["exchange"] = spelling
            assert serial._own_state_dict(forged) is None or spelling == cards
            with _full_reading_only():
                expected = _outcome(state_from_dict, forged)
            assert _outcome(state_from_dict, forged) == expected
            if not isinstance(spelling, tuple):
                text = json.dumps(forged, ensure_ascii=False)
                assert serial._own_state_text(text) is None or text == to_json(state)
                with _full_reading_only():
                    expected = _outcome(state_from_json, text)
                assert _outcome(state_from_json, text) == expected


@given(preset=presets, seed=seeds, seeded=st.booleans())
def test_the_derived_fields_written_for_the_fast_way_are_the_documents_own(preset: str, seed: int, seeded: bool) -> None:
    """The fast way's expected derived fields (their values for dicts, the
    text's end for JSON), made with and without the
    tricks the loaders' replay walked and with the hand's history given or
    read when needed (the loaders give none), are exactly the document's
    own."""
    import marshal

    from spades import Deal, Replacement, Stock
    from spades.state import apply_all

    for state in _states(preset, seed, seeded):
        document = plain_dict(state)
        values = [document[key] for key in serial._DERIVED_KEYS]
        rows, history = state.sheet, state.history
        walked: dict[int, list[Any]] = {}
        chance = (Deal, Stock, Replacement) if seeded else ()  # a seeded game's chance steps are the seed's
        actions = [a for a in Record.of_state(state).actions if not isinstance(a, chance)]
        replayed = apply_all(new_game(state.rules, state.seed), actions, walked)
        assert replayed == state
        for tricks in (None, walked):
            for known in (history, None):
                assert marshal.dumps(serial._derived_values(state, rows, known, tricks), 2) == marshal.dumps(values, 2)
                assert to_json(state).endswith(serial._derived_text(state, rows, known, tricks))


class _OneKeyed(dict):  # type: ignore[type-arg]
    """A dict that says it holds one key, whatever it holds."""

    def __len__(self) -> int:
        return 1


def test_an_action_with_a_key_too_many_is_refused_as_before() -> None:
    """Each action is an object of one key: another key, an empty action
    beside one of two keys, or a dict that lies about its size is not this
    library's document, and gets the full reading's refusal."""
    state = _states("partnership", 4, True)[-2]
    document = plain_dict(state)
    actions = document["actions"]
    play = next(i for i, a in enumerate(actions) if "play" in a)
    bid = next(i for i, a in enumerate(actions) if "bid" in a)
    forgeries = []
    for index in (play, bid):
        extra = copy.deepcopy(document)
        extra["actions"][index]["note"] = 1
        forgeries.append(extra)
        lying = copy.deepcopy(document)
        lying["actions"][index] = _OneKeyed({**actions[index], "note": 1})
        forgeries.append(lying)
    pair = copy.deepcopy(document)
    pair["actions"][play] = {**actions[play], **actions[bid]}  # two keys here ...
    pair["actions"][bid] = {}  # ... and none there: as many keys as actions
    forgeries.append(pair)
    for forged in forgeries:
        _refused_as_before(forged)


def test_an_action_holding_the_bytes_of_other_items_is_refused_as_before() -> None:
    """An item whose key or value holds the marshal bytes of other items
    (what a reading of the actions' marshal form would cut at), or that is
    not a dict at all and holds them, gets the full reading's verdict."""
    state = _states("partnership", 4, True)[-2]
    document = plain_dict(state)
    actions = document["actions"]
    play = next(i for i, a in enumerate(actions) if "play" in a)
    bid = next(i for i, a in enumerate(actions) if "bid" in a)
    separator = "0{"
    forgeries = []
    for index, key in ((play, "play"), (bid, "bid")):
        values: list[Any] = [actions[index][key] + separator, separator + actions[index][key], {"x0": {}}, [actions[index]]]
        for value in values:
            forged = copy.deepcopy(document)
            forged["actions"][index] = {key: value}
            forgeries.append(forged)
        forged = copy.deepcopy(document)
        forged["actions"][index] = {key + "0": {key: actions[index][key]}}  # a dict in a dict: "0{" inside
        forgeries.append(forged)
    # Two actions in one item's place, each whole inside it.
    forged = copy.deepcopy(document)
    forged["actions"][play : play + 2] = [{"play": [actions[play], actions[play + 1]]}]
    forgeries.append(forged)
    # An item that is not a dict, holding the bytes of the items it stands
    # for: the pieces line up with the items, but for other items.
    def inside(item: dict[str, Any]) -> str:
        return marshal.dumps(item, 2)[1:-1].decode()

    for hidden in (actions[bid : bid + 1], actions[bid : bid + 3]):
        text = "0{" + "0{".join(map(inside, hidden)) + "0"
        for item in (text, text.encode(), (text,), [text]):
            forged = copy.deepcopy(document)
            forged["actions"][bid : bid + len(hidden)] = [item, *[{"bid": "13"}, None][: len(hidden) - 1]]
            forgeries.append(forged)
    for forged in forgeries:
        _refused_as_before(forged)


class _Contrary(str):
    """A str that is equal to nothing, itself included."""

    def __eq__(self, other: object) -> bool:
        return False

    def __ne__(self, other: object) -> bool:
        return True

    __hash__ = str.__hash__


def test_a_card_in_a_str_that_is_not_a_str_gets_the_full_readings_verdict() -> None:
    """A card's text held by a str subclass (here one equal to nothing) is
    judged as the full reading judges it, whatever the subclass says of
    its equality."""
    state = _states("partnership", 6, True)[-3]
    document = plain_dict(state)
    for key in ("play", "bid"):
        index = next(i for i, a in enumerate(document["actions"]) if key in a)
        forged = copy.deepcopy(document)
        forged["actions"][index] = {key: _Contrary(document["actions"][index][key])}
        with _full_reading_only():
            expected = _outcome(state_from_dict, forged)
        assert _outcome(state_from_dict, forged) == expected


def test_the_fast_way_declines_a_subclass_where_the_full_reading_refuses_one() -> None:
    # A key, a card of an exchange, a hand of a deal or an option's name of a
    # str subclass: the full reading refuses it, so the fast way must not
    # load it (whatever the subclass says of its equality).
    for preset in ("partnership", "two-player"):
        for seed in range(8):
            states = [s for s in play(PRESETS[preset], seed, seeded=True, double_nil=0.9)]
            state = states[-1]
            document = plain_dict(state)
            forged_documents = []
            for index, item in enumerate(document["actions"]):
                ((key, value),) = item.items()
                forged = copy.deepcopy(document)
                forged["actions"][index] = {_Text(key): value}
                forged_documents.append(forged)
                if isinstance(value, list) and value:
                    forged = copy.deepcopy(document)
                    forged["actions"][index] = {key: [_Text(value[0]), *value[1:]]}
                    forged_documents.append(forged)
            forged = copy.deepcopy(document)
            rules = forged["rules"]
            first = next(iter(rules))
            forged["rules"] = {_Text(first): rules[first], **{k: v for k, v in rules.items() if k != first}}
            forged_documents.append(forged)
            state_from_dict(document)  # the rules' options read last: the fast way's first check
            for forged in forged_documents:
                with _fast_way_only(), pytest.raises(AssertionError, match="read field by field"):
                    state_from_dict(forged)
                with pytest.raises(StateError, match="subclass|strings, not _Text"):
                    state_from_dict(forged)


def test_rules_like_the_last_read_in_all_but_type_or_order_get_the_full_readings_verdict() -> None:
    # The rules read last are tried first, by their keys, the exact types of
    # their values and the values: an option written as 1 for true, 1.0 for
    # 1, the options in another order or one under another name is not them.
    state = _states("partnership", 3, True)[-1]
    document = plain_dict(state)
    assert state_from_dict(document) == state  # the rules read last are now these
    options = document["rules"]
    changed = []
    for key, value in options.items():
        for other in (int(value) if type(value) is bool else None, float(value) if type(value) is int else None):
            if other is not None:
                changed.append({**options, key: other})
    changed.append(dict(reversed(options.items())))
    changed.append({("x" + key if index == 0 else key): value for index, (key, value) in enumerate(options.items())})
    assert len(changed) > 3
    for rules in changed:
        forged = {**document, "rules": rules}
        assert serial._own_state_dict(forged) is None
        with _full_reading_only():
            expected = _outcome(state_from_dict, forged)
        assert _outcome(state_from_dict, forged) == expected
        assert state_from_dict(document) == state  # and the last read again


def test_a_game_longer_than_a_document_holds_is_not_written() -> None:
    # A game with no end (no losing floor) can outgrow what the loaders read,
    # MAX_ACTIONS actions: writing it raises, rather than giving a document
    # no loader would read.  The bound is lowered here to reach it quickly.
    state = new_game(Rules.partnership(), seed=5)
    rng = random.Random(5)
    while len(state.sheet) < 2:
        state = state.apply(rng.choice(state.legal_actions()))
    count = len(Record.of_state(state).actions)
    with mock.patch.object(serial, "_MAX_ACTIONS", count):
        assert state_from_json(to_json(state)) == state
    with mock.patch.object(serial, "_MAX_ACTIONS", count - 1):
        for write in (to_json, to_dict):
            with pytest.raises(StateError, match=f"the game holds {count} actions, more than a document holds"):
                write(state)


def test_a_forgery_deep_in_a_state_is_named_where_it_is() -> None:  # C-7
    """A trick given to the wrong seat in a finished hand's row or in the
    current hand: the message names the very field (``sheet[1].tricks[5].winner``)
    and both values, not the whole field cut short, which read the same."""
    rules = Rules.partnership(target=10_000)
    rng = random.Random(4)
    state = new_game(rules, seed=4)
    while len(state.sheet) < 2 or len(plain_dict(state)["tricks"]) < 5:
        state = state.apply(rng.choice(state.legal_actions()))
    data = plain_dict(state)
    for field, trick in (("sheet", data["sheet"][1]["tricks"][5]), ("tricks", data["tricks"][4])):
        forged = copy.deepcopy(data)
        target = forged["sheet"][1]["tricks"][5] if field == "sheet" else forged["tricks"][4]
        target["winner"] = (trick["winner"] + 1) % 4
        where = "sheet[1].tricks[5].winner" if field == "sheet" else "tricks[4].winner"
        message = f"^{where}: the document says {(trick['winner'] + 1) % 4}, but its actions give {trick['winner']}$"
        loads: tuple[Callable[[], object], ...] = (lambda: state_from_dict(forged), lambda: state_from_json(json.dumps(forged)))
        for load in loads:
            with pytest.raises(StateError, match=message.replace("[", "\\[").replace("]", "\\]")):
                load()
