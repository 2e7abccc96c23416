"""JSON for rules, states, views and records, safe on untrusted input.

Every document is a JSON object with a ``"format"`` name (``"spades.rules"``,
``"spades.state"``, ``"spades.view"`` or ``"spades.record"``) and a
``"version"`` number.  The schema is ``spades/schema/spades.schema.json``
(:func:`schema` returns it).

A state travels as its rules, seed and every action (chance steps included)
*plus* everything derived from them (hands, trick, scores, score sheet...).
Loading replays the actions, which checks that every one is legal, and then
checks every derived field against the replayed game: a forged document (a
card twice, 14 cards in a hand, a trick given to the wrong seat, scores that
do not follow from the score sheet, bags out of range) raises
:class:`~spades.StateError` naming the problem.  Loaders raise only
:class:`~spades.SpadesError` subclasses, with messages of bounded length.

The JSON loaders refuse a text longer than ``max_size`` (default
:data:`MAX_SIZE`, 4 MiB; characters of a ``str``, bytes of ``bytes``)
before they parse it.  The dict loaders take plain JSON values only: dicts
with string keys, lists, strings, whole or finite numbers, booleans and
``None``, nested at most 64 deep; anything else (bytes, sets, tuples, ``nan``,
a cycle) raises :class:`~spades.StateError`.

>>> from spades import Rules, new_game, seat_view
>>> from spades.serial import from_json, to_json
>>> state = new_game(Rules.two_player(), seed=4)
>>> from_json(to_json(state)) == state
True
>>> from_json(to_json(seat_view(state, 1))) == seat_view(state, 1)
True
>>> from_json('{"format": "spades.state", "version": 99}')
Traceback (most recent call last):
...
spades.errors.StateError: version: unsupported version 99 of spades.state; this library reads version 1
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from importlib import resources
from typing import Any, Final, Union

from spades.actions import Action, Bid, Deal, Draft, Exchange, Replacement, Stock
from spades.bidding import double_nil_open, legal_bids
from spades.cards import Card, CardSet
from spades.deal import dealer_of_hand
from spades.draft import cards_drawn, double_nil_declarable, draft_actions
from spades.errors import ArgumentError, ArgumentTypeError, ParseError, RulesError, SpadesError, StateError, short_repr
from spades.exchange import exchange_choices
from spades.record import MAX_TAGS, SEED_LIMIT, Record, replay
from spades.rules import Rules
from spades.scoring import HandScore, SideScore, score_hand, winner_after
from spades.state import GameState, Phase
from spades.tricks import first_leader, legal_plays, spades_broken, trick_winner_seat
from spades.view import HandSummary, PlayedTrick, SeatView, current_tricks, hand_summary

__all__ = [
    "VERSION",
    "Document",
    "to_dict",
    "to_json",
    "from_dict",
    "from_json",
    "rules_from_dict",
    "state_from_dict",
    "view_from_dict",
    "record_from_dict",
    "rules_from_json",
    "state_from_json",
    "view_from_json",
    "record_from_json",
    "schema",
    "MAX_SIZE",
]

VERSION: Final = 1
"""The version of the JSON documents this library writes and reads."""
MAX_SIZE: Final = 4 * 1024 * 1024
"""The default ``max_size`` of the JSON loaders (4 MiB)."""

Document = Union[Rules, GameState, SeatView, Record]
"""Any value with a JSON document form."""

_RULES: Final = "spades.rules"
_STATE: Final = "spades.state"
_VIEW: Final = "spades.view"
_RECORD: Final = "spades.record"
_MAX_ACTIONS: Final = 1_000_000
_MAX_DEPTH: Final = 64
_MAX_MESSAGE: Final = 300
_HUGE: Final = 10**4000  # Python writes whole numbers of up to 4300 digits


# ----------------------------------------------------------------------
# Writing.


def _bid(bid: Bid | None) -> str | None:
    return None if bid is None else str(bid)


def _action(action: Action) -> dict[str, Any]:
    kind = type(action)
    if kind is Card:
        return {"play": str(action)}
    if isinstance(action, Bid):
        return {"bid": str(action)}
    if isinstance(action, Draft):
        return {"draft": action.value}
    if isinstance(action, Exchange):
        return {"exchange": [str(c) for c in action.cards]}
    if isinstance(action, Deal):
        return {"deal": [str(h) for h in action.hands]}
    if isinstance(action, Stock):
        return {"stock": [str(c) for c in action.cards]}
    if isinstance(action, Replacement):
        return {"replacement": [str(c) for c in action.cards]}
    raise StateError(f"{short_repr(action)} is not an action")


def _trick(trick: PlayedTrick) -> dict[str, Any]:
    return {"leader": trick.leader, "cards": [str(c) for c in trick.cards], "winner": trick.winner}


_SIDE_FIELDS: Final = (
    "contract", "tricks", "made", "contract_points", "bags", "bag_points", "nil_points", "bonus_points",
    "penalty_points", "points", "total_bags", "score", "boston",
)


def _result(result: HandScore) -> list[dict[str, Any]]:
    return [{name: getattr(side, name) for name in _SIDE_FIELDS} for side in result.sides]


def _summary(summary: HandSummary) -> dict[str, Any]:
    return {
        "number": summary.number,
        "dealer": summary.dealer,
        "bids": [_bid(b) for b in summary.bids],
        "tricks_won": list(summary.tricks_won),
        "tricks": [_trick(t) for t in summary.tricks],
        "result": _result(summary.result),
    }


def _state_dict(state: GameState) -> dict[str, Any]:
    rules = state.rules
    record = Record.of_state(state)
    sheet = []
    for row in state.sheet:
        entry = _summary(hand_summary(rules, row))
        entry["hands"] = [str(h) for h in row.hands]
        sheet.append(entry)
    top = state.top_of_stock
    return {
        "format": _STATE,
        "version": VERSION,
        "rules": rules.to_dict(),
        "seed": state.seed,
        "actions": [_action(a) for a in record.actions],
        "phase": state.phase.name,
        "turn": state.turn,
        "dealer": state.dealer,
        "hand_number": state.hand_number,
        "hands": [str(h) for h in state.hands],
        "bids": [_bid(b) for b in state.bids],
        "trick": [str(c) for c in state.trick],
        "leader": state.leader,
        "tricks": [_trick(t) for t in current_tricks(state)],
        "tricks_won": list(state.tricks_won),
        "spades_broken": state.spades_broken,
        "discard_pile": str(state.discard_pile),
        "top_of_stock": None if top is None else str(top),
        "stock_left": state.stock_left,
        "scores": list(state.scores),
        "bags": list(state.bags),
        "sheet": sheet,
        "winner": state.winner,
    }


def _view_dict(view: SeatView) -> dict[str, Any]:
    return {
        "format": _VIEW,
        "version": VERSION,
        "rules": view.rules.to_dict(),
        "seat": view.seat,
        "phase": view.phase.name,
        "turn": view.turn,
        "dealer": view.dealer,
        "hand_number": view.hand_number,
        "hand": str(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "bids": [_bid(b) for b in view.bids],
        "double_nil_open": view.double_nil_open,
        "gave": str(view.gave),
        "received": str(view.received),
        "drafted": str(view.drafted),
        "draft_discards": str(view.draft_discards),
        "top_of_stock": None if view.top_of_stock is None else str(view.top_of_stock),
        "stock_left": view.stock_left,
        "tricks": [_trick(t) for t in view.tricks],
        "trick": [str(c) for c in view.trick],
        "leader": view.leader,
        "tricks_won": list(view.tricks_won),
        "spades_broken": view.spades_broken,
        "scores": list(view.scores),
        "bags": list(view.bags),
        "sheet": [_summary(s) for s in view.sheet],
        "legal_actions": [_action(a) for a in view.legal_actions],
        "winner": view.winner,
    }


def _record_dict(record: Record) -> dict[str, Any]:
    return {
        "format": _RECORD,
        "version": VERSION,
        "rules": record.rules.to_dict(),
        "seed": record.seed,
        "actions": [_action(a) for a in record.actions],
        "tags": [[name, value] for name, value in record.tags],
    }


def to_dict(value: Document) -> dict[str, Any]:
    """The JSON document of ``value`` (a :class:`~spades.Rules`,
    :class:`~spades.GameState`, :class:`~spades.view.SeatView` or
    :class:`~spades.record.Record`) as plain dicts, lists, strings, numbers,
    booleans and ``None``.

    >>> to_dict(Rules.two_player())["players"], to_dict(Rules())["format"]
    (2, 'spades.rules')
    """
    if isinstance(value, GameState):
        return _state_dict(value)
    if isinstance(value, SeatView):
        return _view_dict(value)
    if isinstance(value, Record):
        return _record_dict(value)
    if isinstance(value, Rules):
        return {"format": _RULES, "version": VERSION, **value.to_dict()}
    raise StateError(f"cannot serialise a {type(value).__name__}: expected Rules, GameState, SeatView or Record")


def to_json(value: Document, *, indent: int | None = None) -> str:
    """The JSON text of ``value``'s document (see :func:`to_dict`)."""
    return json.dumps(to_dict(value), indent=indent, ensure_ascii=False)


# ----------------------------------------------------------------------
# Reading: a cursor over untrusted data that names where a fault is.


class _At:
    """A value of the document and its path (for error messages)."""

    __slots__ = ("value", "path")

    def __init__(self, value: object, path: str) -> None:
        self.value = value
        self.path = path

    def fail(self, message: str) -> StateError:
        return StateError(_bounded(f"{self.path}: {message}" if self.path else message))

    def get(self, key: str) -> _At:
        data = self.value
        if not isinstance(data, dict) or key not in data:
            raise self.fail(f"expected an object with the key {key!r}")
        return _At(data[key], f"{self.path}.{key}" if self.path else key)

    def obj(self, keys: Sequence[str]) -> _At:
        data = self.value
        if not isinstance(data, dict):
            raise self.fail(f"expected an object, got {_kind(data)}")
        missing = [k for k in keys if k not in data]
        if missing:
            raise self.fail("missing field(s): " + ", ".join(missing))
        extra = sorted(str(k) for k in data if k not in keys)
        if extra:
            raise self.fail("unknown field(s): " + ", ".join(_short(k) for k in extra))
        return self

    def items(self, length: int | None = None, limit: int = _MAX_ACTIONS) -> list[_At]:
        data = self.value
        if not isinstance(data, list):
            raise self.fail(f"expected a list, got {_kind(data)}")
        if length is not None and len(data) != length:
            raise self.fail(f"expected {length} entries, got {len(data)}")
        if len(data) > limit:
            raise self.fail(f"too many entries ({len(data)})")
        return [_At(v, f"{self.path}[{i}]") for i, v in enumerate(data)]

    def integer(self, low: int | None = None, high: int | None = None, *, optional: bool = False) -> Any:
        data = self.value
        if data is None and optional:
            return None
        if type(data) is not int:
            raise self.fail(f"expected a whole number{' or null' if optional else ''}, got {_kind(data)}")
        if (low is not None and data < low) or (high is not None and data > high):
            raise self.fail(f"{short_repr(data)} is out of range {low}..{high}")
        return data

    def boolean(self) -> bool:
        if type(self.value) is not bool:
            raise self.fail(f"expected true or false, got {_kind(self.value)}")
        return self.value

    def text(self, *, optional: bool = False) -> Any:
        if self.value is None and optional:
            return None
        if not isinstance(self.value, str):
            raise self.fail(f"expected a string, got {_kind(self.value)}")
        return self.value

    def card(self, rules: Rules) -> Card:
        try:
            card = Card.parse(self.text())
        except ParseError as error:
            raise self.fail(str(error)) from None
        if not rules.deck_mask >> card & 1:
            raise self.fail(f"{card} is not in this deck (C-1, V-9, V-10)")
        return card

    def cards(self, rules: Rules, limit: int = 54) -> tuple[Card, ...]:
        cards = tuple(item.card(rules) for item in self.items(limit=limit))
        mask = 0
        for card in cards:
            if mask >> card & 1:
                raise self.fail(f"card {card} appears twice (C-1)")
            mask |= 1 << card
        return cards

    def cardset(self, rules: Rules) -> CardSet:
        text = self.text()
        if len(text) > 200:
            raise self.fail("too long to be a set of cards")
        try:
            cards = CardSet.parse(text)
        except ParseError as error:
            raise self.fail(str(error).replace("cannot read", "cannot read the cards")) from None
        extra = cards.mask & ~rules.deck_mask
        if extra:
            raise self.fail(f"{CardSet(extra)} not in this deck (C-1, V-9, V-10)")
        return cards

    def bid(self, rules: Rules, *, optional: bool = False) -> Bid | None:
        text = self.text(optional=optional)
        if text is None:
            return None
        try:
            bid = Bid.parse(text)
        except ParseError as error:
            raise self.fail(str(error)) from None
        if bid.tricks > rules.hand_size:
            raise self.fail(f"a bid is 0..{rules.hand_size} tricks, not {bid.tricks} (C-3)")
        return bid

    def seat(self, rules: Rules, *, optional: bool = False) -> Any:
        return self.integer(0, rules.players - 1, optional=optional)

    def ints(self, length: int, low: int | None = None, high: int | None = None) -> tuple[int, ...]:
        return tuple(item.integer(low, high) for item in self.items(length))


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return f"the string {_short(value)}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _short(text: str) -> str:
    text = repr(text)
    return text if len(text) <= 40 else text[:37] + "..."


def _bounded(message: str) -> str:
    return message if len(message) <= _MAX_MESSAGE else message[: _MAX_MESSAGE - 3] + "..."


def _plain(data: object) -> None:
    """Refuse what is not a JSON value (see the module's doc), in time linear
    in the number of values, without recursion."""
    path: list[tuple[int, Any]] = []  # the containers being walked, and their iterators
    active: set[int] = set()
    done: set[int] = set()
    value = data
    while True:
        if type(value) in _SCALARS:
            pass
        elif isinstance(value, (dict, list)):
            ident = id(value)
            if ident in active:
                raise StateError("the document refers to itself: it is not a JSON value")
            if ident not in done:
                if len(path) >= _MAX_DEPTH:
                    raise StateError(f"the document nests more than {_MAX_DEPTH} levels deep")
                if isinstance(value, dict):
                    for key in value:
                        if not isinstance(key, str):
                            raise StateError(f"the keys of a JSON object are strings, not {_kind(key)}")
                    items: Any = iter(value.values())
                else:
                    items = iter(value)
                active.add(ident)
                path.append((ident, items))
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise StateError(f"{value} is not a JSON number")
        elif not (value is None or isinstance(value, (str, int))):
            raise StateError(f"{_kind(value)} is not a JSON value: only objects, lists, strings, numbers, booleans "
                             f"and null are")
        while path:
            ident, items = path[-1]
            value = next(items, _END)
            if value is not _END:
                break
            path.pop()
            active.discard(ident)
            done.add(ident)
        else:
            return


_END: Final = object()
_SCALARS: Final = frozenset((str, int, bool, type(None)))


def _header(data: object, expected: str | None) -> tuple[_At, str]:
    top = _At(data, "")
    if not isinstance(data, dict):
        raise top.fail(f"a document is a JSON object, got {_kind(data)}")
    _plain(data)
    if "format" not in data:
        raise top.fail("missing field: format")
    kind = top.get("format").text()
    if kind not in (_RULES, _STATE, _VIEW, _RECORD):
        raise StateError(f"format: unknown format {_short(kind)}; expected one of {_RULES}, {_STATE}, {_VIEW}, "
                         f"{_RECORD}")
    if expected is not None and kind != expected:
        raise StateError(f"format: expected a {expected} document, got {kind}")
    if "version" not in data:
        raise top.fail("missing field: version")
    version = top.get("version").value
    if type(version) is not int or version != VERSION:
        shown = short_repr(version) if type(version) is int else _kind(version)
        raise StateError(f"version: unsupported version {shown} of {kind}; this library reads version {VERSION}")
    return top, kind


def _rules(at: _At) -> Rules:
    if not isinstance(at.value, dict):
        raise at.fail(f"expected an object of options, got {_kind(at.value)}")
    for key, value in at.value.items():
        # JSON text holds no such number, nor can this library write one.
        if isinstance(value, int) and abs(value) >= _HUGE:
            raise at.fail(f"{_short(key)}: the number is too large")
    try:
        return Rules.from_dict(at.value)
    except RulesError as error:
        raise at.fail(str(error)) from None


def _read_action(at: _At, rules: Rules) -> Action:
    data = at.value
    if not isinstance(data, dict) or len(data) != 1:
        raise at.fail("an action is an object with one key: play, bid, draft, exchange, deal, stock or replacement")
    key = next(iter(data))
    inner = at.get(key)
    if key == "play":
        return inner.card(rules)
    if key == "bid":
        bid = inner.bid(rules)
        assert bid is not None
        return bid
    if key == "draft":
        text = inner.text()
        if text == "keep":
            return Draft.KEEP
        if text == "reject":
            return Draft.REJECT
        raise inner.fail(f"expected 'keep' or 'reject', got {_short(text)}")
    if key == "exchange":
        return Exchange(CardSet.from_cards(inner.cards(rules, limit=3)))
    if key == "replacement":
        return Replacement(CardSet.from_cards(inner.cards(rules, limit=3)))
    if key == "stock":
        return Stock(inner.cards(rules))
    if key == "deal":
        return Deal(tuple(item.cardset(rules) for item in inner.items(rules.players)))
    raise at.fail(f"unknown action {_short(str(key))}")


def _read_actions(at: _At, rules: Rules) -> tuple[Action, ...]:
    return tuple(_read_action(item, rules) for item in at.items())


def _read_seed(at: _At) -> int | None:
    """A seed: ``null`` or ``0 <= seed < 2**64`` (:data:`spades.record.SEED_LIMIT`)."""
    seed = at.value
    if type(seed) is int and not 0 <= seed < SEED_LIMIT:
        raise at.fail("a seed is from 0 to 2**64 - 1" + ("" if seed.bit_length() > 128 else f", not {seed}"))
    return at.integer(optional=True)  # type: ignore[no-any-return]


def _replayed(rules: Rules, seed: int | None, actions: Sequence[Action]) -> GameState:
    """The state the actions reach, played through the engine."""
    try:
        return replay(rules, seed, actions)
    except StateError as error:
        raise StateError(_bounded(f"actions: {error}")) from None


# ----------------------------------------------------------------------
# Consistency checks shared by states and views.


def _read_trick(at: _At, rules: Rules) -> PlayedTrick:
    at.obj(("leader", "cards", "winner"))
    leader = at.get("leader").seat(rules)
    cards_at = at.get("cards")
    cards = cards_at.cards(rules, limit=rules.players)
    if len(cards) != rules.players:
        raise cards_at.fail(f"a finished trick holds {rules.players} cards, not {len(cards)} (C-7)")
    winner = at.get("winner").seat(rules)
    try:
        actual = trick_winner_seat(leader, cards, rules)
    except SpadesError as error:
        raise cards_at.fail(str(error)) from None
    if winner != actual:
        raise at.get("winner").fail(
            f"the trick {' '.join(str(c) for c in cards)} led by seat {leader} is won by seat {actual}, "
            f"not seat {winner} (C-7)"
        )
    return PlayedTrick(leader=leader, cards=cards, winner=winner)


def _read_tricks(at: _At, rules: Rules, first: int | None) -> tuple[PlayedTrick, ...]:
    """Finished tricks in order: each led by the previous one's winner (C-7)."""
    tricks: list[PlayedTrick] = []
    for item in at.items(limit=rules.hand_size):
        trick = _read_trick(item, rules)
        expected = tricks[-1].winner if tricks else first
        if expected is not None and trick.leader != expected:
            raise item.get("leader").fail(
                f"this trick is led by seat {expected}, "
                + ("who won the trick before (C-7)" if tricks else "the first leader of the hand (P-7, T-7)")
            )
        tricks.append(trick)
    return tuple(tricks)


def _played_mask(tricks: Sequence[PlayedTrick], at: _At) -> int:
    mask = 0
    for trick in tricks:
        for card in trick.cards:
            if mask >> card & 1:
                raise at.fail(f"card {card} is played twice in one hand (C-8)")
            mask |= 1 << card
    return mask


def _won(tricks: Sequence[PlayedTrick], players: int) -> tuple[int, ...]:
    won = [0] * players
    for trick in tricks:
        won[trick.winner] += 1
    return tuple(won)


def _read_result(at: _At, rules: Rules) -> HandScore:
    sides = []
    for item in at.items(len(rules.sides)):
        item.obj(_SIDE_FIELDS)
        values: dict[str, Any] = {}
        for name in _SIDE_FIELDS:
            field = item.get(name)
            values[name] = field.boolean() if name in ("made", "boston") else field.integer()
        sides.append(SideScore(**values))
    return HandScore(tuple(sides))


_SUMMARY_KEYS: Final = ("number", "dealer", "bids", "tricks_won", "tricks", "result")


def _read_sheet(at: _At, rules: Rules) -> tuple[HandSummary, ...]:
    """Score-sheet rows: numbered in order, dealers in rotation (P-8, T-8),
    every card played once, tricks won as the tricks say, results as
    ``score_hand`` gives them from the bids and tricks (S-1..S-8), and no
    winner before the last row (S-9)."""
    players = rules.players
    rows: list[HandSummary] = []
    scores = (0,) * len(rules.sides)
    bags = (0,) * len(rules.sides)
    items = at.items()
    for number, item in enumerate(items):
        item.obj(_SUMMARY_KEYS)
        if item.get("number").integer() != number:
            raise item.get("number").fail(f"expected hand number {number}")
        dealer = item.get("dealer").seat(rules)
        expected_dealer = dealer_of_hand(rules, number)
        if dealer != expected_dealer:
            raise item.get("dealer").fail(
                f"the dealer of hand {number} is seat {expected_dealer}, not {dealer} (P-2, P-8, T-1, T-8)"
            )
        bids = tuple(b.bid(rules) for b in item.get("bids").items(players))
        first: int | None = None
        if rules.first_lead != "two-of-clubs":
            # Without the 2♣ rule the first leader does not depend on the cards.
            first = first_leader(rules, dealer, (CardSet(0),) * players)
        tricks_at = item.get("tricks")
        tricks = _read_tricks(tricks_at, rules, first)
        if len(tricks) != rules.hand_size:
            raise tricks_at.fail(f"a hand is {rules.hand_size} tricks, not {len(tricks)} (C-8)")
        _played_mask(tricks, tricks_at)  # every card at most once (C-8)
        if rules.first_lead == "two-of-clubs" and tricks[0].cards[0] != 0:
            raise tricks_at.fail("the first lead must be the 2C (V-7)")
        won = item.get("tricks_won").ints(players, 0, rules.hand_size)
        if won != _won(tricks, players):
            raise item.get("tricks_won").fail(f"the tricks give {list(_won(tricks, players))}, not {list(won)} (C-8)")
        result = _read_result(item.get("result"), rules)
        if None in bids:
            raise item.get("bids").fail("every seat bids in a finished hand (C-3)")
        try:
            expected = score_hand(bids, won, rules, scores=scores, bags=bags)  # type: ignore[arg-type]
        except SpadesError as error:
            raise item.fail(str(error)) from None
        if result != expected:
            raise item.get("result").fail(
                f"does not follow from the bids and tricks: expected scores {_numbers(expected.scores)} and bags "
                f"{_numbers(expected.total_bags)}, got {_numbers(result.scores)} and {_numbers(result.total_bags)} "
                f"(S-1..S-8)"
            )
        if number < len(items) - 1 and winner_after(result, rules) is not None:
            raise item.fail(f"side {winner_after(result, rules)} won the game in this hand, but the sheet goes on (S-9)")
        scores, bags = result.scores, result.total_bags
        rows.append(
            HandSummary(number=number, dealer=dealer, bids=bids, tricks_won=won, tricks=tricks,  # type: ignore[arg-type]
                        result=result)
        )
    return tuple(rows)


def _check_totals(top: _At, rules: Rules, sheet: Sequence[HandSummary]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Scores and bags must be the sheet's last totals (S-1..S-8); bags stay
    below a penalty (S-8)."""
    sides = len(rules.sides)
    bags = top.get("bags").ints(sides)
    for side, count in enumerate(bags):
        if not 0 <= count < rules.bags_per_penalty:
            raise top.get("bags").fail(
                f"side {side} has {short_repr(count)} bags; bags stay in 0..{rules.bags_per_penalty - 1} after "
                f"penalties (S-8)"
            )
    scores = top.get("scores").ints(sides)
    expected = sheet[-1].result.scores if sheet else (0,) * sides
    if scores != expected:
        raise top.get("scores").fail(
            f"scores {_numbers(scores)} do not follow from the score sheet, which gives {_numbers(expected)} (S-1..S-8)"
        )
    expected_bags = sheet[-1].result.total_bags if sheet else (0,) * sides
    if bags != expected_bags:
        raise top.get("bags").fail(
            f"bags {list(bags)} do not follow from the score sheet, which gives {list(expected_bags)} (S-8)"
        )
    winner = top.get("winner").integer(0, sides - 1, optional=True)
    expected_winner = winner_after(sheet[-1].result, rules) if sheet else None
    if winner != expected_winner:
        raise top.get("winner").fail(f"the score sheet gives winner {expected_winner}, not {winner} (S-9)")
    return scores, bags


def _phase(at: _At) -> Phase:
    name = at.text()
    try:
        return Phase[name]
    except KeyError:
        raise at.fail(f"unknown phase {_short(name)}") from None


# ----------------------------------------------------------------------
# States.

_STATE_KEYS: Final = (
    "format", "version", "rules", "seed", "actions", "phase", "turn", "dealer", "hand_number", "hands", "bids",
    "trick", "leader", "tricks", "tricks_won", "spades_broken", "discard_pile", "top_of_stock", "stock_left",
    "scores", "bags", "sheet", "winner",
)


def state_from_dict(data: object) -> GameState:
    """The :class:`~spades.GameState` of a ``spades.state`` document.

    The actions are replayed (each must be legal) and must be every action
    of the game, chance steps included, written as :func:`to_dict` writes
    them; every derived field must be what the replay gives.  Otherwise
    :class:`~spades.StateError` names the problem."""
    top, _kind_name = _header(data, _STATE)
    top.obj(_STATE_KEYS)
    rules = _rules(top.get("rules"))
    seed = _read_seed(top.get("seed"))
    actions = _read_actions(top.get("actions"), rules)
    state = _replayed(rules, seed, actions)
    expected = _state_dict(state)
    given = top.value
    assert isinstance(given, dict)
    # Every action of the game, chance steps included, as this library writes
    # it: not a seeded game without its last chance steps, nor "0" for "nil".
    theirs, ours = given["actions"], expected["actions"]
    if theirs != ours:
        at = next((i for i, (a, b) in enumerate(zip(theirs, ours)) if a != b), min(len(theirs), len(ours)))
        want = _clip(ours[at]) if at < len(ours) else "nothing"
        got = _clip(theirs[at]) if at < len(theirs) else "nothing"
        raise StateError(_bounded(f"actions: action {at + 1} of this game is {want}, not {got} (a state lists "
                                  f"every action, chance steps included)"))
    for key in _STATE_KEYS:
        if key in ("format", "version", "rules", "seed", "actions"):
            continue  # the inputs of the replay, not derived from it
        if given[key] != expected[key] or _types(given[key]) != _types(expected[key]):
            raise StateError(
                f"{key}: the document says {_clip(given[key])}, but its actions give {_clip(expected[key])}"
            )
    return state


def _types(value: object) -> object:
    """The shape of a JSON value with types (True == 1 in Python, not in JSON)."""
    if isinstance(value, list):
        return [_types(v) for v in value]
    if isinstance(value, dict):
        return {k: _types(v) for k, v in value.items()}
    return type(value).__name__


def _clip(value: object) -> str:
    try:
        text = json.dumps(value)
    except ValueError:  # a number of more digits than str() writes
        text = short_repr(value)
    return text if len(text) <= 120 else text[:117] + "..."


def _numbers(values: Sequence[int]) -> str:
    """``values`` for a message (a number too long to write is described)."""
    return "[" + ", ".join(short_repr(v) for v in values) + "]"


# ----------------------------------------------------------------------
# Views.

_VIEW_KEYS: Final = (
    "format", "version", "rules", "seat", "phase", "turn", "dealer", "hand_number", "hand", "hand_sizes", "bids",
    "double_nil_open", "gave", "received", "drafted", "draft_discards", "top_of_stock", "stock_left", "tricks",
    "trick", "leader", "tricks_won", "spades_broken", "scores", "bags", "sheet", "legal_actions", "winner",
)
_NO_TURN: Final = (Phase.DEAL, Phase.REPLACE, Phase.GAME_OVER)


def view_from_dict(data: object) -> SeatView:
    """The :class:`~spades.view.SeatView` of a ``spades.view`` document,
    checked for consistency (cards, tricks and their winners, scores against
    the score sheet, legal actions against the rules)."""
    top, _kind_name = _header(data, _VIEW)
    top.obj(_VIEW_KEYS)
    rules = _rules(top.get("rules"))
    players = rules.players
    size = rules.hand_size
    seat = top.get("seat").seat(rules)
    phase = _phase(top.get("phase"))
    turn = top.get("turn").seat(rules, optional=True)
    if (turn is None) != (phase in _NO_TURN):
        raise top.get("turn").fail(f"in phase {phase.name} " + ("no seat acts" if turn is not None else "a seat acts"))
    if phase in (Phase.DRAFT, Phase.DISCARD, Phase.REPLACE) and not rules.is_draft:
        raise top.get("phase").fail(f"phase {phase.name} belongs to the two-player game (T-2, T-6)")
    if phase is Phase.EXCHANGE and not rules.partners:
        raise top.get("phase").fail("the Double Nil exchange is between partners (P-6)")
    dealer = top.get("dealer").seat(rules)
    sheet = _read_sheet(top.get("sheet"), rules)
    over = phase is Phase.GAME_OVER
    hand_number = top.get("hand_number").integer(0)
    if hand_number != len(sheet) - (1 if over else 0):
        raise top.get("hand_number").fail(f"the score sheet has {len(sheet)} finished hands")
    if dealer != dealer_of_hand(rules, hand_number):
        raise top.get("dealer").fail(f"hand {hand_number} is dealt by seat {dealer_of_hand(rules, hand_number)} (P-8, T-8)")
    scores, bags = _check_totals(top, rules, sheet)
    winner = top.get("winner").integer(optional=True)
    if (winner is not None) != over:
        raise top.get("winner").fail("a game has a winner exactly when it is over (S-9)")
    hand = top.get("hand").cardset(rules)
    most = size + (rules.double_nil_exchange if phase is Phase.EXCHANGE else 0)  # P-6: 16 cards mid-exchange
    sizes = top.get("hand_sizes").ints(players, 0, most)
    bids = tuple(b.bid(rules, optional=True) for b in top.get("bids").items(players))
    tricks = _read_tricks(top.get("tricks"), rules, None)
    played = _played_mask(tricks, top.get("tricks"))
    trick = top.get("trick").cards(rules, limit=players - 1)
    trick_mask = CardSet.from_cards(trick).mask
    if played & trick_mask or (played | trick_mask) & hand.mask:
        twice = CardSet((played & trick_mask) | ((played | trick_mask) & hand.mask))
        raise top.fail(f"card(s) {twice} appear twice: in the hand and among the cards played (C-1)")
    if over and (hand or any(sizes)):
        raise top.get("hand").fail("no one holds cards after the game (S-9)")
    if sizes[seat] != len(hand):
        raise top.get("hand_sizes").fail(f"seat {seat} holds {len(hand)} cards, not {sizes[seat]}")
    leader = top.get("leader").seat(rules, optional=True)
    won = top.get("tricks_won").ints(players, 0, size)
    broken = top.get("spades_broken").boolean()
    if phase is Phase.PLAY:
        if leader is None or (tricks and tricks[-1].winner != leader):
            raise top.get("leader").fail("the trick is led by the winner of the trick before (C-7)")
        if turn != (leader + len(trick)) % players:
            raise top.get("turn").fail("play goes clockwise from the leader (P-7, T-7)")
        if won != _won(tricks, players):
            raise top.get("tricks_won").fail(f"the tricks give {list(_won(tricks, players))} (C-8)")
        if len(tricks) >= size:
            raise top.get("tricks").fail(f"a hand is {size} tricks (C-8)")
        for other in range(players):
            left = size - len(tricks) - (1 if (other - leader) % players < len(trick) else 0)
            if sizes[other] != left:
                raise top.get("hand_sizes").fail(f"seat {other} should hold {left} cards after the tricks played (C-8)")
        if broken != spades_broken(CardSet(played | trick_mask), rules):
            raise top.get("spades_broken").fail("spades are broken exactly when a spade has been played (C-6)")
    elif not over:
        if tricks or trick or leader is not None or any(won) or broken:
            raise top.fail(f"no card is played before the play of the hand (phase {phase.name})")
    gave = top.get("gave").cardset(rules)
    received = top.get("received").cardset(rules)
    drafted = top.get("drafted").cardset(rules)
    discards = top.get("draft_discards").cardset(rules)
    top_card_at = top.get("top_of_stock")
    top_card = None if top_card_at.value is None else top_card_at.card(rules)
    stock_left = top.get("stock_left").integer(0, 54)
    if drafted.mask & discards.mask:
        raise top.get("draft_discards").fail("a drafted card is either kept or discarded (T-2)")
    if not rules.is_draft:
        if drafted or discards or top_card is not None or stock_left:
            raise top.fail("only the two-player game has a draft (T-2)")
    if phase is Phase.DRAFT:
        left = rules.deck_facts.size - cards_drawn(sum(sizes))
        if stock_left != left:
            raise top.get("stock_left").fail(f"{left} cards are left after the turns drafted (T-3)")
        if (top_card is not None) != (turn == seat):
            raise top_card_at.fail("the drawn card is shown to the drafting seat only (T-2)")
        if top_card is not None and (hand.mask >> top_card & 1 or discards.mask >> top_card & 1):
            raise top_card_at.fail(f"{top_card} is already drafted (T-2)")
    elif top_card is not None or stock_left:
        raise top_card_at.fail("only the draft has a stock (T-2)")
    dn_open = top.get("double_nil_open").boolean()
    if rules.is_draft:
        expect_dn = phase is Phase.DRAFT and double_nil_declarable(
            seat, rules, scores, cards_taken=len(hand), bid=bids[seat]
        )
    else:
        expect_dn = phase is Phase.BID and bids[seat] is None and double_nil_open(seat, rules, scores)
    if dn_open != expect_dn:
        raise top.get("double_nil_open").fail(f"Double Nil is {'' if expect_dn else 'not '}open to this seat (P-6, "
                                              "T-6, V-3)")
    if phase is Phase.BID and turn is not None and bids[turn] is not None:
        raise top.get("bids").fail(f"seat {turn} is to bid but has bid already (C-3)")
    if phase in (Phase.EXCHANGE, Phase.PLAY) and any(b is None for b in bids):
        raise top.get("bids").fail("every seat bids before the exchange and the play (C-3)")
    legal_at = top.get("legal_actions")
    legal = tuple(_read_action(item, rules) for item in legal_at.items(limit=2000))
    expected_legal: tuple[Action, ...] = ()
    if turn == seat:
        expected_legal = _legal_for(rules, phase, seat, hand, bids, scores, trick, broken, won, dn_open)
    if legal != expected_legal:
        raise legal_at.fail("these are not the seat's legal actions here")
    return SeatView(
        rules=rules, seat=seat, phase=phase, turn=turn, dealer=dealer, hand_number=hand_number, hand=hand,
        hand_sizes=sizes, bids=bids, double_nil_open=dn_open, gave=gave, received=received, drafted=drafted,
        draft_discards=discards, top_of_stock=top_card, stock_left=stock_left, tricks=tricks, trick=trick,
        leader=leader, tricks_won=won, spades_broken=broken, scores=scores, bags=bags, sheet=sheet,
        legal_actions=legal, winner=winner,
    )


def _legal_for(
    rules: Rules,
    phase: Phase,
    seat: int,
    hand: CardSet,
    bids: tuple[Bid | None, ...],
    scores: tuple[int, ...],
    trick: tuple[Card, ...],
    broken: bool,
    won: tuple[int, ...],
    dn_open: bool,
) -> tuple[Action, ...]:
    """The legal actions of the seat to act, recomputed from the view with
    the same pure functions the state uses (same order)."""
    if phase is Phase.PLAY:
        return tuple(legal_plays(hand, trick, broken, rules, first_trick=not any(won)))
    if phase is Phase.BID:
        return legal_bids(seat=seat, bids=bids, rules=rules, scores=scores)
    if phase is Phase.DRAFT:
        return draft_actions(dn_open)
    if phase is Phase.EXCHANGE or phase is Phase.DISCARD:
        return tuple(exchange_choices(hand, rules, discard=phase is Phase.DISCARD))
    return ()


# ----------------------------------------------------------------------
# Records and rules.

_RECORD_KEYS: Final = ("format", "version", "rules", "seed", "actions", "tags")


def record_from_dict(data: object) -> Record:
    """The :class:`~spades.record.Record` of a ``spades.record`` document,
    replayed to check every action."""
    top, _kind_name = _header(data, _RECORD)
    top.obj(_RECORD_KEYS)
    rules = _rules(top.get("rules"))
    seed = _read_seed(top.get("seed"))
    actions = _read_actions(top.get("actions"), rules)
    tags_at = top.get("tags")
    tags = []
    for item in tags_at.items(limit=MAX_TAGS):
        pair = item.items(2)
        name: str = pair[0].text()
        value: str = pair[1].text()
        tags.append((name, value))
    try:
        Record(rules=rules)  # whole-number options of at most 40 digits
    except SpadesError as error:
        raise top.get("rules").fail(str(error)) from None
    try:
        record = Record(rules=rules, seed=seed, actions=actions, tags=tuple(tags))
    except SpadesError as error:
        raise tags_at.fail(str(error)) from None
    _replayed(rules, seed, actions)
    return record


def rules_from_dict(data: object) -> Rules:
    """The :class:`~spades.Rules` of a ``spades.rules`` document."""
    top, _kind_name = _header(data, _RULES)
    if not isinstance(data, dict):
        raise top.fail("expected an object")
    options = {k: v for k, v in data.items() if k not in ("format", "version")}
    return _rules(_At(options, ""))


_LOADERS: Final[dict[str, Callable[[object], Document]]] = {
    _RULES: rules_from_dict,
    _STATE: state_from_dict,
    _VIEW: view_from_dict,
    _RECORD: record_from_dict,
}


def from_dict(data: object) -> Document:
    """The value of any document, chosen by its ``"format"``."""
    _top, kind = _header(data, None)
    return _LOADERS[kind](data)


def _reject_constant(name: str) -> None:
    raise StateError(f"{name} is not a JSON number")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise StateError(f"field {_short(key)} appears twice in one object")
        result[key] = value
    return result


def _parse_json(text: object, max_size: int) -> object:
    if type(max_size) is not int:
        raise ArgumentTypeError(f"max_size is an int, got {type(max_size).__name__}")
    if max_size < 0:
        raise ArgumentError(f"max_size must be >= 0, got {short_repr(max_size)}")
    if isinstance(text, (str, bytes, bytearray)) and len(text) > max_size:
        unit = "characters" if isinstance(text, str) else "bytes"
        raise StateError(f"the document is {len(text)} {unit} long, over the limit of {max_size} "
                         f"(raise it with max_size=)")
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise StateError(f"a JSON document must be UTF-8 text: {error}") from None
    if not isinstance(text, str):
        raise StateError(f"a JSON document must be text, got {type(text).__name__}")
    try:
        return json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_no_duplicates)
    except StateError:
        raise
    except (ValueError, RecursionError) as error:
        raise StateError(_bounded(f"not valid JSON: {error}")) from None


def from_json(text: str | bytes, *, max_size: int = MAX_SIZE) -> Document:
    """The value of any JSON document, chosen by its ``"format"``.

    A text longer than ``max_size`` (characters of a ``str``, bytes of
    ``bytes``; default :data:`MAX_SIZE`, 4 MiB) raises
    :class:`~spades.StateError` before it is parsed, here and in the typed
    loaders below."""
    return from_dict(_parse_json(text, max_size))


def state_from_json(text: str | bytes, *, max_size: int = MAX_SIZE) -> GameState:
    """A :class:`~spades.GameState` from JSON text (see :func:`state_from_dict`)."""
    return state_from_dict(_parse_json(text, max_size))


def view_from_json(text: str | bytes, *, max_size: int = MAX_SIZE) -> SeatView:
    """A :class:`~spades.view.SeatView` from JSON text (see :func:`view_from_dict`)."""
    return view_from_dict(_parse_json(text, max_size))


def record_from_json(text: str | bytes, *, max_size: int = MAX_SIZE) -> Record:
    """A :class:`~spades.record.Record` from JSON text (see :func:`record_from_dict`)."""
    return record_from_dict(_parse_json(text, max_size))


def rules_from_json(text: str | bytes, *, max_size: int = MAX_SIZE) -> Rules:
    """A :class:`~spades.Rules` from JSON text (see :func:`rules_from_dict`)."""
    return rules_from_dict(_parse_json(text, max_size))


def schema() -> dict[str, Any]:
    """The JSON Schema of the documents (``spades/schema/spades.schema.json``)."""
    text = resources.files("spades").joinpath("schema/spades.schema.json").read_text(encoding="utf-8")
    result: dict[str, Any] = json.loads(text)
    return result
