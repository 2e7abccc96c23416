"""Every document the library writes has the keys its ``TypedDict`` in
``spades.documents`` describes and validates against the shipped schema."""

from __future__ import annotations

import random
import typing
from typing import Any

import pytest

from spades import Record, Rules, new_game, seat_view
from spades import documents as docs
from spades.events import events
from spades.serial import action_to_dict, event_to_dict, schema, to_dict

from _games import PRESETS, play, sample
from _forgery import plain_dict


def _keys(kind: Any) -> tuple[frozenset[str], frozenset[str]]:
    return frozenset(kind.__required_keys__), frozenset(kind.__optional_keys__)


def _fits(document: dict[str, Any], kind: Any) -> None:
    required, optional = _keys(kind)
    assert required <= set(document) <= required | optional, (kind.__name__, set(document) ^ required)


def _validator(name: str) -> Any:
    jsonschema = pytest.importorskip("jsonschema")
    return jsonschema.Draft202012Validator({"$ref": f"#/$defs/{name}", "$defs": schema()["$defs"]})


_ACTION_KINDS = {
    "play": docs.PlayAction, "bid": docs.BidAction, "draft": docs.DraftAction, "exchange": docs.ExchangeAction,
    "deal": docs.DealAction, "stock": docs.StockAction, "replacement": docs.ReplacementAction,
}


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_document_kind_has_its_described_keys_and_validates(name: str) -> None:
    rules = PRESETS[name]
    states = play(rules, 3, seeded=False, double_nil=0.5)
    state_schema, view_schema, action_schema, event_schema = (
        _validator("state_document"), _validator("view_document"), _validator("action_document"),
        _validator("event_document"),
    )
    for state in sample(states, 3, 6):
        data = plain_dict(state)
        _fits(data, docs.StateDocument)
        state_schema.validate(data)
        for row in data["sheet"]:
            _fits(row, docs.HandRecordDocument)
        for seat in range(rules.players):
            for options in ({}, {"history": True}, {"sealed": True}):
                view = plain_dict(seat_view(state, seat, **options))
                _fits(view, docs.ViewDocument)
                view_schema.validate(view)
                for row in view["sheet"]:
                    if view["history"]:
                        _fits(row, docs.HandSummaryDocument)
                    else:
                        assert type(row) is str and len(row) == 2 * rules.players + 1
                if isinstance(view["legal_actions"], dict):
                    _fits(view["legal_actions"], docs.ExchangeChoicesDocument)
                    _fits(view["legal_actions"]["exchange"], docs.ExchangeOffer)
    record = plain_dict(Record.of_state(states[-1]))
    _fits(record, docs.RecordDocument)
    rules_document = plain_dict(rules)
    _fits(rules_document, docs.RulesDocument)
    assert set(rules.to_preset_dict()) <= set(docs.RulesOptions.__optional_keys__)
    for action in Record.of_state(states[-1]).actions:
        action_document = action_to_dict(action)
        (key,) = action_document
        _fits(dict(action_document), _ACTION_KINDS[key])
        action_schema.validate(action_document)
    rng = random.Random(name)
    for seat in range(rules.players):
        for event in events(states[0], states[-1], seat)[:: rng.randint(1, 5)]:
            event_document = event_to_dict(event)
            _fits(dict(event_document), docs.EventDocument)
            event_schema.validate(event_document)


def test_the_schema_refuses_what_the_loaders_refuse() -> None:
    action_schema, event_schema = _validator("action_document"), _validator("event_document")
    bad_actions: list[dict[str, Any]] = [{"play": "QH", "bid": "3"}, {"card": "QH"}, {"play": 3}, {"bid": "18"},
                                         {"draft": "take"}]
    for bad in bad_actions:
        assert not action_schema.is_valid(bad), bad
    bad_events: list[dict[str, Any]] = [
        {"event": "card_played", "seat": 1}, {"event": "nap"}, {"event": "trick_won", "seat": 7},
                {"event": "exchanged", "giver": 0, "receiver": 2, "count": 4, "cards": None}]
    for bad in bad_events:
        assert not event_schema.is_valid(bad), bad


def test_every_event_kind_is_in_the_schema_and_described() -> None:
    kinds = {entry["properties"]["event"]["const"] for entry in schema()["$defs"]["event_document"]["oneOf"]}
    assert kinds == set(typing.get_args(docs.EventDocument.__annotations__["event"]))


def test_the_schemas_row_code_pattern() -> None:  # C-3, C-8, V-10
    row = _validator("sheet_row")
    for good in ("22n4/7411", "dnKn/K000", "Wn2/X02", "Z11/Z00", "1d/67", "TJ/QK"):
        assert row.is_valid(good), good
    for bad in ("22n4/741", "22n4-7411", "02n4/7411", "22N4/7411", "22n4/741t", "2W11/7411", "22n4/W000",
                "Wn/X0", "22n4/7411 ", "", {"bids": ["2"], "tricks_won": [13]}):
        assert not row.is_valid(bad), bad
    view = _validator("view_document")
    data = plain_dict(seat_view(play(PRESETS["partnership"], 3, seeded=True)[-1], 0))
    assert data["sheet"] and data["version"] == 2
    view.validate(data)
    data["version"] = 1
    assert not view.is_valid(data)


def test_a_rules_document_naming_a_preset_fits_the_schema() -> None:  # V-1
    from spades import Rules
    from spades.serial import rules_from_dict

    document = {"format": "spades.rules", "version": 1, "preset": "two-player", "target": 300}
    assert _validator("rules_document").is_valid(document)
    assert rules_from_dict(document) == Rules.two_player(target=300)


def test_a_scored_hand_event_holds_finished_tricks_only() -> None:  # C-7
    """What the event loader takes, it writes back as a document its schema
    takes: each trick of a scored hand's summary has a card from each seat
    and a winner among the seats."""
    from spades import Rules, StateError
    from spades.events import HandScored
    from spades.serial import event_from_dict

    rules = Rules.partnership(losing_floor=-200)
    states = play(rules, 2, seeded=True)
    at = next(i for i in range(len(states) - 1) if states[i + 1].sheet and not states[i].sheet)
    scored = next(e for e in events(states[at], states[at + 1], 0) if isinstance(e, HandScored))
    document = event_to_dict(scored)
    assert event_from_dict(document, rules) == scored and _validator("event_document").is_valid(document)
    trick = document["summary"]["tricks"][0]
    changes: list[dict[str, Any]] = [{"cards": []}, {"cards": trick["cards"][:1]}, {"cards": trick["cards"][:3]},
                                     {"winner": -1}, {"winner": 4}, {"leader": -1}]
    for change in changes:
        forged = {**document, "summary": {**document["summary"], "tricks": [{**trick, **change},
                                                                            *document["summary"]["tricks"][1:]]}}
        # The schema knows no number of seats: 2 to 4 cards are a trick to it.
        assert not _validator("event_document").is_valid(forged) or len(change.get("cards", ())) == 3, change
        with pytest.raises(StateError, match="summary.tricks"):
            event_from_dict(forged, rules)


def test_the_schemas_record_tags_are_the_loaders() -> None:
    """A tag the record loader refuses, the schema refuses: a name of the
    format's own, a value of more than one line (every line boundary
    ``str.splitlines`` knows) or holding a lone surrogate."""
    from spades import Rules, StateError
    from spades.record import _RESERVED_TAGS
    from spades.serial import record_from_dict

    validator = _validator("record_document")
    document = plain_dict(Record(rules=Rules()))
    assert validator.is_valid({**document, "tags": [["Event", "a club night"]]})
    assert validator.is_valid({**document, "tags": [["Event", "a \U0001F0A1 night"]]})  # beyond the BMP: text
    refused = [[[name, "x"]] for name in sorted(_RESERVED_TAGS)]
    refused += [[["Event", f"a{end}b"]] for end in "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"]
    refused += [[["Event", f"a{lone}b"]] for lone in ("\ud800", "\udbff", "\udc00", "\udfff")]  # not Unicode text
    for tags in refused:
        assert not validator.is_valid({**document, "tags": tags}), tags
        with pytest.raises(StateError):
            record_from_dict({**document, "tags": tags})


def test_a_hands_number_has_one_limit_in_the_events_the_loaders_and_the_schema() -> None:  # C-2
    """A hand's number up to 10**9 is made, written, read back and valid
    to the schema, in an event, a score-sheet row and a view; one more is
    refused by all three."""
    import attrs

    from spades import ArgumentError, Rules, StateError
    from spades.events import HandScored, HandStarted
    from spades.serial import event_from_dict, view_from_dict

    rules = Rules.partnership()
    event_schema, view_schema = _validator("event_document"), _validator("view_document")
    states = play(rules, 2, seeded=True)
    row = next(e for e in events(states[0], states[-1], 0) if isinstance(e, HandScored)).summary
    for number, fits in ((10**9, True), (10**9 + 1, False)):
        scored = event_to_dict(HandScored(summary=row))
        for document in ({"event": "hand_started", "number": number, "dealer": 0},
                         {**scored, "summary": {**scored["summary"], "number": number}}):
            assert event_schema.is_valid(document) is fits, document
            if fits:
                assert event_to_dict(event_from_dict(document, rules)) == document
            else:
                with pytest.raises(StateError, match="out of range 0..1000000000"):
                    event_from_dict(document, rules)
        view = plain_dict(seat_view(states[0], 1))
        view["hand_number"] = number
        assert view_schema.is_valid(view) is fits
        with pytest.raises(StateError, match="hand_number: the document says" if fits else "out of range 0..1000000000"):
            view_from_dict(view)  # a game at hand 10**9 is not this one: read, then found not to fit
        if fits:
            assert HandStarted(number=number, dealer=0).number == attrs.evolve(row, number=number).number == number
        else:
            with pytest.raises(ArgumentError):
                HandStarted(number=number, dealer=0)
            with pytest.raises(ArgumentError):
                attrs.evolve(row, number=number)


def test_a_rules_document_with_a_null_preset_is_refused_as_by_the_schema() -> None:  # V-1
    """A rules document without a preset has no ``"preset"`` key: ``null``
    there is not a preset's name, to the loader as to the schema."""
    from spades import Rules, RulesError, StateError
    from spades.serial import rules_from_dict

    validator = _validator("rules_document")
    for preset in (None, 1, ["two-player"]):
        document = {"format": "spades.rules", "version": 1, "preset": preset}
        assert not validator.is_valid(document)
        with pytest.raises(StateError, match="preset: a preset's name, got "):
            rules_from_dict(document)
        with pytest.raises(RulesError, match="^preset: a preset's name, got "):
            Rules.from_dict({"preset": preset})
    assert validator.is_valid({"format": "spades.rules", "version": 1}) and rules_from_dict(
        {"format": "spades.rules", "version": 1}) == Rules()


def test_the_schemas_two_documented_differences_from_the_loaders() -> None:  # C-1, C-3
    """The schema's description names where it and the loaders differ: the
    loaders read other spellings of a card or a bid and write back their
    own; a whole number written with a fraction is the schema's and not the
    loaders'."""
    from spades import Rules, StateError
    from spades.serial import action_from_dict, rules_from_dict

    assert "the action, event and record loaders also read the other common spellings" in schema()["description"]
    validator = _validator("action_document")
    for given, written in (({"play": "qh"}, {"play": "QH"}), ({"play": "10H"}, {"play": "TH"}),
                           ({"play": "Q\u2665"}, {"play": "QH"}), ({"bid": "Nil"}, {"bid": "nil"})):
        assert not validator.is_valid(given) and validator.is_valid(written)
        assert action_to_dict(action_from_dict(given)) == written
    # ... in a record's actions too, and not in a state's, which must be as the library writes it.
    from spades import Bid, new_game
    from spades.serial import record_from_dict, state_from_dict

    state = new_game(Rules.partnership(), seed=1).apply(Bid(3))
    record, data = plain_dict(Record.of_state(state)), plain_dict(state)
    for document, load in ((record, record_from_dict), (data, state_from_dict)):
        lenient = {**document, "actions": [*document["actions"][:-1], {"bid": "03"}]}
        if load is record_from_dict:
            assert plain_dict(load(lenient)) == document
        else:
            with pytest.raises(StateError, match='is {"bid": "3"}, not {"bid": "03"}'):
                load(lenient)
    document = {"format": "spades.rules", "version": 1, "target": 500.0}
    assert _validator("rules_document").is_valid(document)
    with pytest.raises(StateError):
        rules_from_dict(document)
    assert rules_from_dict({**document, "target": 500}) == Rules(target=500)


def test_the_document_functions_return_their_typed_documents() -> None:
    """to_dict, action_to_dict and event_to_dict are typed with the
    TypedDicts above (mypy --strict checks this file): a document's fields
    have their types, without a cast."""
    state = new_game(Rules.partnership(), seed=1)
    state_document: docs.StateDocument = to_dict(state)
    view_document: docs.ViewDocument = to_dict(seat_view(state, 1))
    record_document: docs.RecordDocument = to_dict(Record.of_state(state))
    rules_document: docs.RulesDocument = to_dict(state.rules)
    action_document: docs.ActionDocument = action_to_dict(state.legal_actions()[0])
    after = state.apply(state.legal_actions()[0])
    (event_document, *_rest) = [event_to_dict(event) for event in events(state, after, 1)]
    phase: str = state_document["phase"]
    hand: str = view_document["hand"]
    format_name: str = record_document["format"]
    target: int | None = rules_document.get("target")
    kind: str = event_document["event"]
    assert (phase, len(hand), format_name, target, kind) == ("BID", 16, "spades.record", 500, "bid")
    assert action_document == {"bid": "nil"}
