"""JSON documents: round trips, and forged documents rejected with a reason."""

from __future__ import annotations

import copy
import functools
import json
import random
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spades import Bid, Card, CardSet, Deal, GameState, Phase, Replacement, Rules, SpadesError, StateError, new_game
from spades.record import Record
from spades.view import seat_view
from spades.serial import (
    from_dict,
    from_json,
    record_from_json,
    rules_from_json,
    schema,
    state_from_dict,
    state_from_json,
    to_json,
    view_from_dict,
    view_from_json,
)

from _games import PRESETS, play, presets, sample, seeds
from _forgery import plain_dict

# ----------------------------------------------------------------------
# A small JSON Schema checker (the subset the schema file uses).


def _schema_errors(value: Any, node: dict[str, Any], root: dict[str, Any], path: str = "$") -> list[str]:
    if "$ref" in node:
        target: Any = root
        for part in node["$ref"].lstrip("#/").split("/"):
            target = target[part]
        found = _schema_errors(value, target, root, path)
        rest = {k: v for k, v in node.items() if k != "$ref"}
        return found + (_schema_errors(value, rest, root, path) if rest else [])
    errors: list[str] = []
    names = {"null": type(None), "boolean": bool, "string": str, "array": list, "object": dict}
    if "type" in node:
        kinds = node["type"] if isinstance(node["type"], list) else [node["type"]]
        ok = any(
            (type(value) is int if k == "integer" else isinstance(value, names[k]) and not (
                k != "boolean" and isinstance(value, bool)))
            for k in kinds
        )
        if not ok:
            return [f"{path}: {value!r} is not {kinds}"]
    if "const" in node and value != node["const"]:
        errors.append(f"{path}: {value!r} != {node['const']!r}")
    if "enum" in node and value not in node["enum"]:
        errors.append(f"{path}: {value!r} not in {node['enum']}")
    if "pattern" in node and isinstance(value, str) and not re.search(node["pattern"], value):
        errors.append(f"{path}: {value!r} does not match {node['pattern']}")
    if type(value) is int:
        if "minimum" in node and value < node["minimum"]:
            errors.append(f"{path}: {value} < {node['minimum']}")
        if "maximum" in node and value > node["maximum"]:
            errors.append(f"{path}: {value} > {node['maximum']}")
    if isinstance(value, dict):
        for key in node.get("required", []):
            if key not in value:
                errors.append(f"{path}: missing {key}")
        properties = node.get("properties", {})
        for key, item in value.items():
            if key in properties:
                errors += _schema_errors(item, properties[key], root, f"{path}.{key}")
            elif node.get("additionalProperties") is False:
                errors.append(f"{path}: unexpected {key}")
    if isinstance(value, list):
        if "minItems" in node and len(value) < node["minItems"]:
            errors.append(f"{path}: too few items")
        if "maxItems" in node and len(value) > node["maxItems"]:
            errors.append(f"{path}: too many items")
        prefix = node.get("prefixItems", [])
        for index, item in enumerate(value):
            sub = prefix[index] if index < len(prefix) else node.get("items")
            if sub is not None:
                errors += _schema_errors(item, sub, root, f"{path}[{index}]")
    if "oneOf" in node:
        matches = [alt for alt in node["oneOf"] if not _schema_errors(value, alt, root, path)]
        if len(matches) != 1:
            errors.append(f"{path}: matches {len(matches)} of the oneOf alternatives")
    return errors


def _assert_schema(document: dict[str, Any]) -> None:
    root = schema()
    errors = _schema_errors(document, root, root)
    assert not errors, errors[:5]


# ----------------------------------------------------------------------
# Round trips.


@given(preset=presets, seed=seeds, seeded=st.booleans())
def test_round_trips_of_states_views_and_records(preset: str, seed: int, seeded: bool) -> None:
    states = play(PRESETS[preset], seed, seeded=seeded, double_nil=0.3)
    for state in sample(states, seed, 4):
        text = to_json(state)
        loaded = state_from_json(text)
        assert loaded == state
        assert to_json(loaded) == text
        for seat in range(state.rules.players):
            view = seat_view(state, seat)
            assert view_from_json(to_json(view)) == view
    record = Record.of_state(states[-1])
    assert record_from_json(to_json(record)) == record
    assert record_from_json(to_json(record)).replay() == states[-1]


def test_documents_follow_the_schema() -> None:
    for preset in sorted(PRESETS):
        states = play(PRESETS[preset], 4, seeded=False, double_nil=0.5)
        for state in sample(states, 4, 6):
            _assert_schema(plain_dict(state))
            for seat in range(state.rules.players):
                _assert_schema(plain_dict(seat_view(state, seat)))
        _assert_schema(plain_dict(Record.of_state(states[-1])))
        _assert_schema(plain_dict(PRESETS[preset]))


def test_the_schema_checker_can_fail() -> None:
    document = plain_dict(new_game(Rules.partnership(), seed=1))
    root = schema()
    document["hands"][0] = "AKX..."
    assert _schema_errors(document, root, root)


# ----------------------------------------------------------------------
# The schema's bounds are the loaders' (read from the code, not copied).


def _rules_properties() -> list[dict[str, Any]]:
    defs = schema()["$defs"]
    return [defs["rules"]["properties"], defs["rules_document"]["properties"]]


def test_the_schemas_option_bounds_are_the_rules_bounds() -> None:  # V-1..V-10
    import attrs

    from spades.rules import OPTION_CHOICES, OPTION_RANGES

    options = {f.name: f for f in attrs.fields(Rules) if f.init}
    for properties in _rules_properties():
        assert set(properties) - {"format", "version", "preset"} == set(options)
        integers = {name for name, p in properties.items() if "integer" in p.get("type", ())}
        assert integers == set(OPTION_RANGES)
        for name, (low, high) in OPTION_RANGES.items():
            assert (properties[name].get("minimum"), properties[name].get("maximum")) == (low, high), name
        for name, allowed in OPTION_CHOICES.items():
            assert properties[name]["enum"] == list(allowed), name


def test_the_schemas_other_bounds_are_the_loaders() -> None:
    from spades.cards import NUM_CARD_INDEXES
    from spades.record import MAX_ACTIONS, MAX_TAG_LENGTH, MAX_TAGS, SEED_LIMIT
    from spades.rules import BAGS_PER_PENALTY_LIMIT, hand_size

    defs = schema()["$defs"]
    for document in ("state_document", "record_document"):
        assert defs[document]["properties"]["seed"]["maximum"] == SEED_LIMIT - 1
    assert defs["actions"]["maxItems"] == MAX_ACTIONS and defs["cards"]["maxItems"] == NUM_CARD_INDEXES
    tags = defs["record_document"]["properties"]["tags"]
    assert tags["maxItems"] == MAX_TAGS and tags["items"]["prefixItems"][1]["maxLength"] == MAX_TAG_LENGTH
    most_tricks = max(hand_size(players) for players in (2, 3, 4))
    for document in ("state_document", "view_document"):
        properties = defs[document]["properties"]
        assert properties["stock_left"]["maximum"] == NUM_CARD_INDEXES
        assert properties["tricks_won"]["items"]["maximum"] == most_tricks
        assert properties["bags"]["items"]["maximum"] == BAGS_PER_PENALTY_LIMIT - 1
    assert defs["view_document"]["properties"]["hand_sizes"]["items"]["maximum"] == most_tricks


def _out_of_range_rules() -> list[dict[str, Any]]:
    from spades.rules import OPTION_RANGES

    documents = []
    for name, (low, high) in OPTION_RANGES.items():
        for value in (low - 1, high + 1):
            documents.append({"format": "spades.rules", "version": 1, name: value})
    return documents


def test_an_option_out_of_range_fails_the_schema_and_the_loader() -> None:  # V-1..V-10
    root = schema()
    for document in _out_of_range_rules():
        assert _schema_errors(document, root, root), document
        with pytest.raises(StateError):
            rules_from_json(json.dumps(document))


def test_documents_validate_against_the_schema_with_jsonschema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(schema())
    jsonschema.Draft202012Validator.check_schema(schema())
    for preset in sorted(PRESETS):
        states = play(PRESETS[preset], 5, seeded=True, double_nil=0.5, limit=400)
        for state in sample(states, 5, 3):
            validator.validate(plain_dict(state))
            for seat in range(state.rules.players):
                validator.validate(plain_dict(seat_view(state, seat)))
        validator.validate(plain_dict(Record.of_state(states[-1])))
        validator.validate(plain_dict(PRESETS[preset]))
    for document in _out_of_range_rules():
        assert not validator.is_valid(document), document


@pytest.mark.parametrize(
    "rules",
    [Rules.partnership(), Rules.two_player(target=300), Rules(players=3, partners=False), Rules(deck="jokers")],
)
def test_rules_round_trip(rules: Rules) -> None:  # V-1..V-10 options travel as data
    assert rules_from_json(to_json(rules)) == rules
    assert from_json(to_json(rules)) == rules
    assert json.loads(to_json(rules))["format"] == "spades.rules"


def test_every_document_names_format_and_version() -> None:
    state = new_game(Rules.two_player(), seed=2)
    for value in (state, seat_view(state, 0), Record.of_state(state), state.rules):
        data = plain_dict(value)
        assert data["format"] in ("spades.state", "spades.view", "spades.record", "spades.rules")
        assert data["version"] == (2 if data["format"] == "spades.view" else 1)


def test_rules_options_left_out_take_their_defaults() -> None:  # V-1
    state = new_game(Rules.partnership(target=300), seed=2)
    data = plain_dict(state)
    data["rules"] = {"target": 300}
    assert state_from_dict(data) == state
    data = plain_dict(seat_view(state, 0))
    data["rules"] = {"target": 300}
    assert view_from_dict(data) == seat_view(state, 0)


def test_from_json_dispatches_on_format() -> None:
    state = new_game(Rules.partnership(), seed=6)
    assert isinstance(from_json(to_json(state)), GameState)
    assert isinstance(from_json(to_json(Record.of_state(state))), Record)
    assert from_json(to_json(seat_view(state, 2))) == seat_view(state, 2)


# ----------------------------------------------------------------------
# Forged and malformed documents.


@functools.lru_cache(maxsize=1)
def _played_state() -> GameState:
    """A partnership game with one hand scored and three tricks of the next."""
    rng = random.Random(21)
    state = new_game(Rules.partnership(), seed=21)
    while not (len(state.sheet) == 1 and sum(state.tricks_won) == 3 and not state.trick):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _rejected(data: dict[str, Any], *words: str) -> str:
    with pytest.raises(StateError) as info:
        from_dict(data)
    message = str(info.value)
    for word in words:
        assert word in message, message
    return message


def test_card_twice_is_rejected() -> None:  # C-1
    data = plain_dict(_played_state())
    first = CardSet.parse(data["hands"][0]).cards()[0]
    data["hands"][1] = str(CardSet.parse(data["hands"][1]) | CardSet(first.mask))
    _rejected(data, "hands", "its actions give")


def test_fourteen_cards_in_a_hand_is_rejected() -> None:  # P-2
    data = plain_dict(new_game(Rules.partnership(), seed=8))
    # Move one of seat 1's cards to seat 0: 14 and 12.
    moved = CardSet(CardSet.parse(data["hands"][1]).cards()[0].mask)
    data["hands"][0] = str(CardSet.parse(data["hands"][0]) | moved)
    data["hands"][1] = str(CardSet.parse(data["hands"][1]) - moved)
    _rejected(data, "hands", "its actions give")


def test_trick_won_by_the_wrong_seat_is_rejected() -> None:  # C-7
    data = plain_dict(_played_state())
    trick = data["tricks"][0]
    trick["winner"] = (trick["winner"] + 1) % 4
    _rejected(data, "tricks", "its actions give")
    data = plain_dict(_played_state())
    row = data["sheet"][0]["tricks"][5]
    row["winner"] = (row["winner"] + 1) % 4
    _rejected(data, "sheet", "its actions give")


def test_scores_not_following_from_the_sheet_are_rejected() -> None:  # S-1
    data = plain_dict(_played_state())
    data["scores"][0] += 10
    _rejected(data, "scores", "its actions give")
    data = plain_dict(_played_state())
    data["sheet"][0]["result"][0]["score"] += 10
    data["sheet"][0]["result"][0]["points"] += 10
    data["scores"][0] += 10
    _rejected(data, "its actions give")


def test_bags_out_of_range_are_rejected() -> None:  # S-8
    data = plain_dict(_played_state())
    data["bags"][1] = 10
    _rejected(data, "bags", "its actions give")
    data["bags"][1] = -1
    _rejected(data, "bags", "its actions give")


def test_unknown_format_or_version_is_rejected() -> None:
    data = plain_dict(new_game(Rules.partnership(), seed=1))
    for key, value, word in (("version", 2, "version"), ("version", "1", "version"), ("format", "chess", "format")):
        forged = copy.deepcopy(data)
        forged[key] = value
        _rejected(forged, word)
    forged = copy.deepcopy(data)
    del forged["version"]
    _rejected(forged, "version")


def test_missing_and_unknown_fields_are_rejected() -> None:
    data = plain_dict(new_game(Rules.partnership(), seed=1))
    forged = copy.deepcopy(data)
    del forged["bids"]
    _rejected(forged, "missing", "bids")
    forged = copy.deepcopy(data)
    forged["colour"] = "red"
    _rejected(forged, "unknown", "colour")


def test_illegal_action_in_the_list_is_rejected() -> None:  # C-5
    state = new_game(Rules.partnership()).apply(
        Deal(("AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.", "...AKQJT98765432"))
    )
    for _ in range(4):
        state = state.apply(Bid(3))
    state = state.apply(Card.parse("AH"))
    data = plain_dict(state)
    data["actions"][-1] = {"play": "AS"}  # seat 1 holds no spade
    _rejected(data, "action 6", "illegal")


def test_derived_field_contradicting_the_actions_is_rejected() -> None:
    data = plain_dict(_played_state())
    data["turn"] = (data["turn"] + 1) % 4
    _rejected(data, "turn")
    data = plain_dict(_played_state())
    data["spades_broken"] = not data["spades_broken"]
    _rejected(data, "spades_broken")
    data = plain_dict(_played_state())
    data["tricks_won"][0] += 1
    data["tricks_won"][1] -= 1
    _rejected(data, "tricks_won")


def test_seeded_chance_step_must_be_the_seeds() -> None:  # P-2
    state = new_game(Rules.partnership(), seed=3)
    data = plain_dict(state)
    other = plain_dict(new_game(Rules.partnership(), seed=4))
    data["actions"][0] = other["actions"][0]
    _rejected(data, "chance step")


def test_a_state_lists_every_action_as_written() -> None:  # P-2, T-6
    # A seeded game resolves its chance steps by itself, so a document that
    # left out the last of them (the deal of the next hand, the cards drawn
    # after a two-player discard) replayed to the same state, and was taken
    # although it is not the document of that state.
    state = new_game(Rules.partnership(), seed=3)
    data = plain_dict(state)
    assert list(data["actions"][0]) == ["deal"]
    data["actions"] = []
    _rejected(data, "actions", "action 1", "chance steps")
    two = new_game(Rules.two_player(), seed=1)
    for _ in range(100):  # seat 0 declares Double Nil, then discards three cards
        if two.history and type(two.history[-1]) is Replacement:
            break
        legal = two.legal_actions()
        two = two.apply(Bid.DOUBLE_NIL if two.turn == 0 and Bid.DOUBLE_NIL in legal
                        else legal[-1] if two.phase is Phase.DISCARD else legal[0])
    data = plain_dict(two)
    assert list(data["actions"][-1]) == ["replacement"]
    data["actions"] = data["actions"][:-1]
    _rejected(data, "actions", "replacement")
    # Other spellings that read as the same actions are not what to_dict writes.
    state = new_game(Rules.partnership(), seed=3).apply(Bid.NIL).apply(Bid.DOUBLE_NIL)
    data = plain_dict(state)
    assert data["actions"][1:] == [{"bid": "nil"}, {"bid": "double nil"}]
    for index, spelling in ((1, "0"), (2, "dn")):
        forged = copy.deepcopy(data)
        forged["actions"][index] = {"bid": spelling}
        _rejected(forged, "actions", spelling)
    assert state_from_dict(data) == state


def test_bad_json_text_is_rejected() -> None:
    for text in ("", "{", "[1, 2", "NaN", '{"format": NaN}', "[" * 5000 + "]" * 5000, '{"a": 1, "a": 2}',
                 b"\xff\xfe", "1" * 5000):
        with pytest.raises(StateError):
            from_json(text)


def _int_paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if type(value) is int:
        return [path]
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else []
    return [p for key, item in items for p in _int_paths(item, path + (key,))]


def test_a_huge_number_anywhere_is_refused_with_a_short_message() -> None:
    # Messages wrote the number out, which fails beyond 4300 digits
    # (ValueError): a version, a seat, scores, bags, a score-sheet result.
    state = _played_state()
    documents = [plain_dict(state), plain_dict(seat_view(state, 1)), plain_dict(Record.of_state(state))]
    for document in documents:
        paths = _int_paths(document)
        assert len(paths) > 10
        for path in paths:
            for huge in (10**5000, -(10**5000)):
                forged = copy.deepcopy(document)
                target: Any = forged
                for key in path[:-1]:
                    target = target[key]
                target[path[-1]] = huge
                with pytest.raises(StateError) as info:
                    from_dict(forged)
                assert len(str(info.value)) <= 300, path


def test_bool_is_not_a_number() -> None:
    data = plain_dict(_played_state())
    data["dealer"] = True if data["dealer"] == 1 else data["dealer"]
    data["version"] = True
    _rejected(data, "version")


# ----------------------------------------------------------------------
# Forged views.


def _view_data() -> dict[str, Any]:
    return plain_dict(seat_view(_played_state(), 1, history=True))


def test_forged_views_are_rejected() -> None:  # C-7, S-1, S-8
    good = _view_data()
    assert view_from_dict(good) == seat_view(_played_state(), 1, history=True)
    cases: list[tuple[str, Any, str]] = [
        ("scores", [1, 2], "scores[0]: the document says 1"),
        ("bags", [10, 0], "S-8"),
        ("hand_sizes", [13, 13, 13, 13], "hand sizes"),
        ("legal_actions", [{"play": "AS"}], "legal_actions"),
        ("phase", "DRAFT", "phase"),
        ("seat", 4, "out of range"),
    ]
    for key, value, word in cases:
        data = copy.deepcopy(good)
        data[key] = value
        with pytest.raises(StateError) as info:
            view_from_dict(data)
        assert word in str(info.value), (key, str(info.value))
    data = copy.deepcopy(good)
    data["tricks"][0]["winner"] = (data["tricks"][0]["winner"] + 1) % 4
    with pytest.raises(StateError, match="C-7"):
        view_from_dict(data)
    data = copy.deepcopy(good)
    data["sheet"][0]["result"][0]["score"] += 1
    with pytest.raises(StateError, match="S-1"):
        view_from_dict(data)


def test_forged_view_with_a_played_card_in_the_hand() -> None:  # C-1
    data = _view_data()
    card = data["tricks"][0]["cards"][0]
    data["hand"] = str(CardSet.parse(data["hand"]) | CardSet.from_cards([card]))
    with pytest.raises(StateError, match="twice"):
        view_from_dict(data)


def test_loaders_reject_the_wrong_document_kind() -> None:
    state = new_game(Rules.partnership(), seed=1)
    with pytest.raises(StateError, match="expected a spades.state"):
        state_from_dict(plain_dict(seat_view(state, 0)))
    with pytest.raises(StateError, match="expected a spades.view"):
        view_from_dict(plain_dict(state))


def test_to_dict_refuses_other_values() -> None:
    with pytest.raises(SpadesError):
        plain_dict(42)  # type: ignore[arg-type]
