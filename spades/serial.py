"""JSON for rules, states, views and records, safe on untrusted input.

Every document is a JSON object with a ``"format"`` name (``"spades.rules"``,
``"spades.state"``, ``"spades.view"`` or ``"spades.record"``) and a
``"version"`` number: 2 for views (:data:`VIEW_VERSION`: a finished hand's
row is a short code such as ``"22n4/7411"``, see :func:`view_from_dict`),
1 for the others (:data:`VERSION`).  The schema is
``spades/schema/spades.schema.json`` (:func:`schema` returns it).

**Who may see which document.**  A state document (``to_json(state)``) and a
record document hold every hand, the two-player stock and discards, and the
seed, from which every later hand follows: they are the server's, for its
own storage, and never go to a player.  A player gets the document of its
own view, ``to_json(seat_view(state, seat))``, which holds only what that
seat may know; rules documents hold no cards.

A state travels as its rules, seed and every action (chance steps included)
*plus* everything derived from them (hands, trick, scores, score sheet...).
Loading replays the actions, which checks that every one is legal, and then
checks every derived field against the replayed game: a forged document (a
card twice, 14 cards in a hand, a trick given to the wrong seat, scores that
do not follow from the score sheet, bags out of range) raises
:class:`~spades.StateError` naming the problem.  Loaders raise only
:class:`~spades.SpadesError` subclasses, with messages of bounded length.

A state document exactly as this library writes it (the compact text of
:func:`to_json`, or the dicts of :func:`to_dict`, keys in any order) is
checked after the replay in one step: only its rules, seed and actions are
read, and the replayed state's own document must be the given one, to the
last character (or, for dicts, to the last type: ``true`` is not ``1``).
Any other spelling is read field by field.  Both ways give the same
states, the same refusals and the same messages; the first costs a small
multiple of the replay itself (``benchmarks/README.md`` has the figures).

**Limits.**  Every JSON loader (:func:`from_json`, :func:`state_from_json`,
:func:`view_from_json`, :func:`record_from_json`, :func:`rules_from_json`)
refuses a text longer than ``max_size`` (default :data:`MAX_SIZE`, 4 MiB;
characters of a ``str``, bytes of ``bytes``) before it parses it; pass a
larger ``max_size=`` for longer games.  Within the limit, loading a state or
a record costs about as much as playing its game again (the replay is the
check): 0.1 to 0.5 ms a hand on a small machine, so seconds for a
document of several MiB, thousands of hands.  A server that reads
documents from people it does not trust passes a ``max_size`` that fits
its own games.  The dict loaders (:func:`from_dict` and the typed ones)
read a value the caller already holds, so they have no size limit of their
own: they take plain JSON values only (dicts with string keys, lists,
strings, whole or finite numbers, booleans and ``None``, of exactly these
types, as :func:`json.loads` makes them: not subclasses), nested at most
:data:`MAX_DEPTH` (64) deep, with at most :data:`~spades.record.MAX_ACTIONS`
(1,000,000) entries in a list, as many as a record holds, standing for at
most :data:`MAX_VALUES` values (a list or an object the dicts share
counts in each place, and nests in each place, as the JSON text would
write it out).  Anything
else (bytes, sets, tuples, ``nan``, a cycle) raises
:class:`~spades.StateError`.  Every loader works in time linear in its
input.

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
import marshal
import math
import operator
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from itertools import chain, compress, islice, repeat
from importlib import resources
from typing import Any, Final, Union, cast, overload

import attrs

from spades.actions import (
    ACTION_TYPES, BIDS, MAX_ACTIONS, MAX_BID_TRICKS, Action, Bid, Deal, Draft, Exchange, ExchangeChoices, Replacement, Stock,
    exchange_of_mask,
)
from spades.cards import Card, CardSet, text_of_mask
from spades.errors import (
    check_flags,
    is_a,
    ArgumentError,
    ArgumentTypeError,
    ParseError,
    RulesError,
    RulesTypeError,
    SpadesError,
    StateError,
    clip,
    exact_str,
    short_repr,
    type_name,
)
from spades.record import MAX_TAGS, SEED_LIMIT, Record, replay
from spades.rules import Rules
from spades.documents import ActionDocument, EventDocument, RecordDocument, RulesDocument, StateDocument, ViewDocument
from spades.deal import dealer_of_hand
from spades.scoring import HandScore, SideScore, score_hand
from spades.sheet import MAX_HAND_NUMBER, HandRecord
from spades.state import GameState, Phase, apply_all, document_fields, history_size_and_first, new_game
from spades.tricks import first_leader_of_masks, walk_tricks_of
from spades.view import HandSummary, PlayedTrick, SeatView, seat_view
from spades._witness import game_behind
from spades.events import (
    BidMade,
    CardPlayed,
    Dealt,
    Discarded,
    Drafted,
    Event,
    Exchanged,
    GameOver,
    HandScored,
    HandStarted,
    Replaced,
    TopOfStock,
    TrickWon,
    Turn,
)

__all__ = [
    "VERSION",
    "VIEW_VERSION",
    "event_to_dict",
    "event_to_json",
    "event_from_dict",
    "event_from_json",
    "MAX_ACTION_SIZE",
    "action_to_dict",
    "action_to_json",
    "action_from_dict",
    "action_from_json",
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
    "MAX_DEPTH",
    "MAX_VALUES",
    "MAX_VIEW_HANDS",
]

VERSION: Final = 1
"""The version of the rules, state and record documents this library
writes and reads."""
VIEW_VERSION: Final = 2
"""The version of the view documents (``"spades.view"``) this library
writes and reads.  Version 2 writes a score-sheet row without history as
a short code (see :func:`view_from_dict`); views are messages, not
archives, so version 1 is not read: ask for a fresh view."""
MAX_SIZE: Final = 4 * 1024 * 1024
"""The default ``max_size`` of the JSON loaders (4 MiB)."""
MAX_DEPTH: Final = 64
"""The deepest nesting of lists and objects a loader reads."""
MAX_VALUES: Final = 8 * MAX_ACTIONS
"""The most values (objects, lists, strings, numbers, booleans and nulls)
a dict document may stand for, a list or an object in several places
counted in each, as its JSON text would write it out: a record of
:data:`~spades.record.MAX_ACTIONS` actions holds fewer."""
MAX_VIEW_HANDS: Final = 10_000
"""The most finished hands the score sheet of a view document may hold.
A row of a view's sheet is a few characters, yet the loader plays a hand
for it (the proof that a real game gives the view): about 0.3 ms a hand,
so a few seconds at this limit.  A game this long is one that never ends
(no losing floor, and no side ever reaching the target); its view is
written, but not read back."""

Document = Union[Rules, GameState, SeatView, Record]
"""Any value with a JSON document form."""

_RULES: Final = "spades.rules"
_STATE: Final = "spades.state"
_VIEW: Final = "spades.view"
_RECORD: Final = "spades.record"
_MAX_ACTIONS: Final = MAX_ACTIONS  # the most entries of any list of a document
_MAX_DEPTH: Final = MAX_DEPTH
MAX_ACTION_SIZE: Final = 4096
"""The default ``max_size`` of :func:`action_from_json`: 4 KiB."""
_HUGE: Final = 10**4000  # Python writes whole numbers of up to 4300 digits


# ----------------------------------------------------------------------
# Writing.


_BID_NAMES: Final = tuple(str(bid) for bid in BIDS)  # by the tricks bid (BIDS[0] is Nil)
_DOUBLE_NIL_NAME: Final = str(Bid.DOUBLE_NIL)


def _bid(bid: Bid | None) -> str | None:
    """``str(bid)``, or ``None`` for no bid yet."""
    return None if bid is None else _DOUBLE_NIL_NAME if bid.double_nil else _BID_NAMES[bid.tricks]


def _card_texts(cards: Iterable[Card]) -> list[str]:
    """The text of each card of ``cards``, in order (an exchange's, a stock's
    or a replacement's cards in a document)."""
    return list(map(_CARD_TEXTS.__getitem__, cards))


def _hands_texts(hands: Sequence[CardSet]) -> list[str]:
    """The text of each of ``hands`` (a deal's or a finished hand's hands in
    a document), as :func:`_hand_texts` gives it."""
    return _hand_texts(list(map(_MASK_OF, hands)))


def _action(action: Action) -> dict[str, Any]:
    kind = type(action)
    if kind is Card:
        return {"play": str(action)}
    if is_a(action, Bid):
        return {"bid": str(action)}
    if is_a(action, Draft):
        return {"draft": action.value}
    if is_a(action, Exchange):
        return {"exchange": _card_texts(action.cards)}
    if is_a(action, Deal):
        return {"deal": _hands_texts(action.hands)}
    if is_a(action, Stock):
        return {"stock": _card_texts(action.cards)}
    if is_a(action, Replacement):
        return {"replacement": _card_texts(action.cards)}
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


# ----------------------------------------------------------------------
# Writing states.
#
# A state's document is written straight from the state: its actions, the
# tricks of each hand (their winners worked out card by card, C-7), its
# score sheet and its own fields, with no record, view or summary built on
# the way.  to_dict gives fresh dicts; to_json (compact) writes the same
# document as text directly, the text json.dumps gives for the dicts.

_CARD_TEXTS: Final = tuple(str(Card(index)) for index in range(54))
_MASK_OF: Final = operator.attrgetter("mask")
_QUOTED_CARDS: Final = tuple(f'"{text}"' for text in _CARD_TEXTS)
_PLAY_TEXTS: Final = tuple(f'{{"play": "{text}"}}' for text in _CARD_TEXTS)
_JSON_BOOL: Final = {True: "true", False: "false"}
_QUOTES: Final = '", "'
_SIDE_VALUES: Final = operator.attrgetter(*_SIDE_FIELDS)
# One side of a hand's result as JSON text: every field a whole number but
# made and boston, the booleans.
_SIDE_TEXT: Final = "{" + ", ".join(
    f'"{name}": %s' if name in ("made", "boston") else f'"{name}": %d' for name in _SIDE_FIELDS
) + "}"
_TRICK_HEADS: Final = tuple(f'{{"leader": {seat}, "cards": [' for seat in range(4))
_TRICK_TAILS: Final = {seat: f'], "winner": {seat}}}' for seat in range(-1, 4)}
_PHASE_NAMES: Final = tuple(phase.name for phase in Phase)
_RULES_WRITTEN: dict[Rules, tuple[dict[str, Any], str, bytes]] = {}
_LAST_WRITTEN: list[tuple[Rules | None, tuple[dict[str, Any], str, bytes]]] = [(None, ({}, "", b""))]
_STATE_HEAD: Final = f'{{"format": "{_STATE}", "version": {VERSION}, "rules": '
_CACHE_LIMIT: Final = 256


def _game_actions(sheet: Sequence[HandRecord], history: Sequence[Action]) -> Sequence[Action]:
    """Every action of a game: the finished hands' (``sheet``), then the
    hand in progress' (``history``); a StateError for more than a document
    holds (:data:`~spades.record.MAX_ACTIONS`), which no loader would read."""
    if not sheet:
        return history
    actions: list[Action] = []
    for row in sheet:
        actions += row.actions
    actions += history
    if len(actions) > _MAX_ACTIONS:
        raise StateError(f"the game holds {len(actions)} actions, more than a document holds ({_MAX_ACTIONS}): "
                         "no loader would read it")
    return actions


def _row_plays(rules: Rules, row: HandRecord) -> Sequence[Card]:
    """The cards played in a finished hand, in order: its last actions, one
    a seat for each trick (nothing but cards is played once the play of
    tricks begins, C-4)."""
    actions = row.actions
    return actions[len(actions) - sum(row.tricks) * rules.players :]  # type: ignore[return-value]


def _completed_plays(
    history: Sequence[Action], trick: Sequence[Card], won: Sequence[int], players: int
) -> Sequence[Card]:
    """The cards of the tricks completed in the hand in progress, whose
    actions are ``history``, from its trick in progress and the tricks
    each seat has won: the cards played before that trick."""
    end = len(history) - len(trick)
    return history[end - sum(won) * players : end]  # type: ignore[return-value]


def _walked(rules: Rules, leader: int, plays: Sequence[Card], *, partial: bool) -> list[tuple[int, Sequence[Card], int]]:
    """The tricks of a hand's ``plays`` as (leader, cards, winner), the
    first led by ``leader`` (:func:`~spades.tricks.walk_tricks_of`, C-7).
    An incomplete last trick has winner -1 when ``partial``, and is left
    out otherwise."""
    tricks: list[tuple[int, Sequence[Card], int]] = walk_tricks_of(rules.players, rules.deck_facts, leader, plays)  # type: ignore[assignment]
    if not partial and tricks and tricks[-1][2] == -1:
        tricks.pop()
    return tricks


def _row_first(rules: Rules, row: HandRecord) -> int:
    """The seat that led a finished hand's first trick (P-7, T-7, V-7)."""
    return first_leader_of_masks(rules, row.dealer, [hand.mask for hand in row.hands])


def _state_dict(state: GameState) -> dict[str, Any]:
    rows = state.sheet
    history = state.history
    texts = _CARD_TEXTS
    actions = [{"play": texts[a]} if type(a) is Card else _action(a) for a in _game_actions(rows, history)]
    head = [_STATE, VERSION, dict(_rules_written(state.rules)[0]), state.seed, actions]
    return dict(zip(_STATE_KEYS, head + _derived_values(state, rows, history)))


def _derived_parts(
    state: GameState, history: Sequence[Action] | None, walked: _Walked | None
) -> tuple[list[Any], list[tuple[int, Sequence[Card], int]], list[Any], int | None]:
    """A state's document values from ``"phase"`` on, in order, in four
    parts: the values before ``"tricks"``, the completed tricks of the hand
    in progress (as :func:`_hand_tricks` gives them, ``walked`` as it takes
    it), the values from ``"tricks_won"`` to ``"bags"``, and the winner
    (the score sheet, between the last two, is made from the rows)."""
    (phase, turn, dealer, number, held, bids, trick, leader, first, won, broken, pile, top, left, scores, bags,
     winner) = document_fields(state)
    texts = _CARD_TEXTS
    head = [_PHASE_NAMES[phase], turn, dealer, number, _hand_texts(held), list(map(_bid, bids)),
            [texts[c] for c in trick], leader]
    tricks = [] if first is None else _hand_tricks(state, number, first, history, trick, won, walked)
    tail = [list(won), broken, text_of_mask(pile), None if top is None else texts[top], left, list(scores), list(bags)]
    return head, tricks, tail, winner


def _derived_values(
    state: GameState, rows: Sequence[HandRecord], history: Sequence[Action] | None, walked: _Walked | None = None
) -> list[Any]:
    """The values of a state's document from ``"phase"`` on (the fields
    that follow from the rules, seed and actions), in order; ``history``
    (``None``: read when needed) and ``walked`` as :func:`_hand_tricks`
    takes them."""
    head, tricks, tail, winner = _derived_parts(state, history, walked)
    return [*head, _trick_dicts_of(tricks), *tail, _sheet_dicts(state.rules, rows, walked), winner]


def _row_head(row: HandRecord) -> dict[str, Any]:
    """A score-sheet row's fields before its tricks."""
    return {
        "number": row.number, "dealer": row.dealer, "bids": list(map(_bid, row.bids)), "tricks_won": list(row.tricks),
    }


def _row_tail(row: HandRecord) -> dict[str, Any]:
    """A score-sheet row's fields after its tricks."""
    return {
        "result": [dict(zip(_SIDE_FIELDS, _SIDE_VALUES(side))) for side in row.result.sides],
        "hands": _hands_texts(row.hands),
    }


def _sheet_dicts(rules: Rules, rows: Sequence[HandRecord], walked: _Walked | None = None) -> list[dict[str, Any]]:
    """The score sheet of a state's document: a dict for each finished hand
    (``walked`` as :func:`_row_tricks` takes it)."""
    return [
        {**_row_head(row), "tricks": _trick_dicts_of(_row_tricks(rules, row, walked)), **_row_tail(row)} for row in rows
    ]


def _rules_written(rules: Rules) -> tuple[dict[str, Any], str, bytes]:
    """``rules.to_dict()``, its JSON text and its marshal form (see
    :func:`_exactly`), remembered for the Rules values written lately (do
    not change the dict: copy it)."""
    last = _LAST_WRITTEN[0]
    if last[0] is rules:
        return last[1]
    known = _RULES_WRITTEN.get(rules)
    if known is None:
        options = rules.to_dict()
        known = (options, json.dumps(options, ensure_ascii=False), _form(options))
        if len(_RULES_WRITTEN) >= _CACHE_LIMIT:
            _RULES_WRITTEN.clear()
        _RULES_WRITTEN[rules] = known
    _LAST_WRITTEN[0] = (rules, known)
    return known


def _rules_text(rules: Rules) -> str:
    return _rules_written(rules)[1]


def _number(value: int | None) -> str:
    return "null" if value is None else str(value)


_MASK_TEXTS: dict[int, str] = {}
_MASK_TEXT_LIMIT: Final = 4096


def _hand_texts(masks: Sequence[int]) -> list[str]:
    """The text of each mask's cards (``str(CardSet(mask))``), remembered
    for the masks written lately: a hand's deal and most of its seats'
    cards are written again in each document of the hand."""
    known = _MASK_TEXTS
    texts = []
    for mask in masks:
        text = known.get(mask)
        if text is None:
            if len(known) >= _MASK_TEXT_LIMIT:
                known.clear()
            text = known[mask] = text_of_mask(mask)
        texts.append(text)
    return texts


def _quoted_cards(cards: Iterable[Card]) -> str:
    """The JSON text of ``cards``' texts in order (the list's inside: an
    exchange's, a stock's or a replacement's cards)."""
    return ", ".join(map(_QUOTED_CARDS.__getitem__, cards))


def _quoted_hands(hands: Sequence[CardSet]) -> str:
    return '"' + _QUOTES.join(_hands_texts(hands)) + '"'


_QUOTED_BIDS: Final = tuple(f'"{bid}"' for bid in BIDS)  # by the tricks bid (BIDS[0] is Nil)
_QUOTED_DOUBLE_NIL: Final = f'"{Bid.DOUBLE_NIL}"'


def _bid_text(bid: Bid | None) -> str:
    return "null" if bid is None else _QUOTED_DOUBLE_NIL if bid.double_nil else _QUOTED_BIDS[bid.tricks]


def _action_text(action: Action) -> str:
    """``json.dumps(_action(action))``."""
    if is_a(action, Card):
        return _PLAY_TEXTS[action]
    if is_a(action, Bid):
        return f'{{"bid": "{action}"}}'
    if is_a(action, Draft):
        return f'{{"draft": "{action.value}"}}'
    if is_a(action, Deal):
        return f'{{"deal": [{_quoted_hands(action.hands)}]}}'
    name = "exchange" if is_a(action, Exchange) else "stock" if is_a(action, Stock) else "replacement"
    return f'{{"{name}": [{_quoted_cards(action.cards)}]}}'


_Walked = dict[int, list[Any]]
"""The tricks the loaders' replay walked, by hand number (see
:func:`~spades.state.apply_all`)."""


def _hand_tricks(
    state: GameState, number: int, first: int, history: Sequence[Action] | None, trick: Sequence[Card],
    won: Sequence[int], walked: _Walked | None,
) -> list[tuple[int, Sequence[Card], int]]:
    """The tricks completed in ``state``'s hand in progress (number
    ``number``, led first by ``first``), from its ``history`` (``None``:
    read when needed), trick in progress and tricks won: those the loaders'
    replay walked when it holds them all (``walked``), else walked here."""
    known = walked.get(number) if walked else None
    if known is not None and len(known) == sum(won) and (not known or known[0][0] == first):
        return known
    rules = state.rules
    plays = _completed_plays(state.history if history is None else history, trick, won, rules.players)
    return _walked(rules, first, plays, partial=False)


def _row_tricks(rules: Rules, row: HandRecord, walked: _Walked | None) -> list[tuple[int, Sequence[Card], int]]:
    """The tricks of a finished hand (C-7): those the loaders' replay
    walked (every trick but the last, whose last card ``apply()`` played)
    and the last walked here from the winner of the one before, or all
    walked here."""
    plays = _row_plays(rules, row)
    players = rules.players
    known = walked.get(row.number) if walked else None
    if known and len(known) == len(plays) // players - 1:
        return known + _walked(rules, known[-1][2], plays[len(plays) - players :], partial=True)
    return _walked(rules, _row_first(rules, row), plays, partial=True)


def _tricks_text_of(walked: Sequence[tuple[int, Sequence[Card], int]]) -> str:
    """The JSON text of the tricks ``walked`` (the list's inside)."""
    quoted = _QUOTED_CARDS
    head = _TRICK_HEADS
    tail = _TRICK_TAILS
    parts = []
    for first, cards, winner in walked:
        if len(cards) == 4:  # the common case, written out
            a, b, c, d = cards
            parts.append(f"{head[first]}{quoted[a]}, {quoted[b]}, {quoted[c]}, {quoted[d]}{tail[winner]}")
        else:
            parts.append(f'{head[first]}{", ".join(map(quoted.__getitem__, cards))}{tail[winner]}')
    return ", ".join(parts)


def _trick_dicts_of(walked: Sequence[tuple[int, Sequence[Card], int]]) -> list[dict[str, Any]]:
    """The dicts of the tricks ``walked``."""
    texts = _CARD_TEXTS
    tricks = []
    for first, cards, winner in walked:
        if len(cards) == 4:  # the common case, written out
            a, b, c, d = cards
            tricks.append({"leader": first, "cards": [texts[a], texts[b], texts[c], texts[d]], "winner": winner})
        else:
            tricks.append({"leader": first, "cards": [texts[card] for card in cards], "winner": winner})
    return tricks


def _row_text(rules: Rules, row: HandRecord, walked: _Walked | None = None) -> str:
    sides = ", ".join([
        _SIDE_TEXT % (v[0], v[1], _JSON_BOOL[v[2]], *v[3:12], _JSON_BOOL[v[12]])
        for v in map(_SIDE_VALUES, row.result.sides)
    ])
    return (
        f'{{"number": {row.number}, "dealer": {row.dealer}, "bids": ["{_QUOTES.join(map(str, row.bids))}"], '
        f'"tricks_won": [{", ".join(map(str, row.tricks))}], '
        f'"tricks": [{_tricks_text_of(_row_tricks(rules, row, walked))}], '
        f'"result": [{sides}], "hands": [{_quoted_hands(row.hands)}]}}'
    )


def _state_text(state: GameState) -> str:
    """``json.dumps(_state_dict(state), ensure_ascii=False)``, written directly."""
    rules = state.rules
    rows = state.sheet
    history = state.history
    plays = _PLAY_TEXTS
    actions = ", ".join([plays[a] if type(a) is Card else _action_text(a) for a in _game_actions(rows, history)])
    return (
        f'{_STATE_HEAD}{_rules_text(rules)}, "seed": {_number(state.seed)}, "actions": [{actions}], '
        + _derived_text(state, rows, history)
    )


def _derived_text(
    state: GameState, rows: Sequence[HandRecord], history: Sequence[Action] | None, walked: _Walked | None = None
) -> str:
    """The end of a state's JSON text, from ``"phase"`` on: every field
    that follows from the rules, seed and actions; ``walked`` as
    :func:`_hand_tricks` takes it."""
    (phase, turn, dealer, number, held, bids, trick, leader, first, won, broken, pile, top, left, scores, bags,
     winner) = document_fields(state)
    quoted = _QUOTED_CARDS
    tricks = ""
    if first is not None:  # the tricks completed: the cards played before the trick in progress
        tricks = _tricks_text_of(_hand_tricks(state, number, first, history, trick, won, walked))
    sheet = ", ".join([_row_text(state.rules, row, walked) for row in rows]) if rows else ""
    return (
        f'"phase": "{_PHASE_NAMES[phase]}", "turn": {"null" if turn is None else turn}, '
        f'"dealer": {dealer}, "hand_number": {number}, '
        f'"hands": ["{_QUOTES.join(_hand_texts(held))}"], '
        f'"bids": [{", ".join(map(_bid_text, bids))}], '
        f'"trick": [{", ".join(map(quoted.__getitem__, trick))}], '
        f'"leader": {"null" if leader is None else leader}, '
        f'"tricks": [{tricks}], '
        f'"tricks_won": [{", ".join(map(str, won))}], "spades_broken": {_JSON_BOOL[broken]}, '
        f'"discard_pile": "{text_of_mask(pile)}", "top_of_stock": {"null" if top is None else quoted[top]}, '
        f'"stock_left": {left}, "scores": [{", ".join(map(str, scores))}], '
        f'"bags": [{", ".join(map(str, bags))}], "sheet": [{sheet}], "winner": {"null" if winner is None else winner}}}'
    )


def _legal_dict(legal: Sequence[Action]) -> list[dict[str, Any]] | dict[str, Any]:
    """A view's legal actions: a list of actions, or in the exchange phases
    ``{"exchange": {"sizes": [3], "cards": "<hand>"}}``: give that many of
    these cards (P-6, T-6)."""
    if type(legal) is ExchangeChoices:
        return {"exchange": {"sizes": list(legal.sizes), "cards": str(legal.hand)}}
    return [_action(a) for a in legal]


# A score-sheet row of a view without history is a short code: one
# character for each seat's bid, in seat order, then "/", then one for the
# tricks each seat won (see view_from_dict).  A number of tricks 0..17 is
# written as card ranks write them, 0-9 then T J Q K for 10 to 13, and
# W X Y Z for 14 to 17 (the 17-card hands of three players, V-10); a bid
# of 1..17 tricks the same way, Nil "n" and Double (Blind) Nil "d".
_ROW_NUMBERS: Final = "0123456789TJQKWXYZ"
_ROW_BID_CODES: Final = {bid: code for bid, code in zip(BIDS[1:], _ROW_NUMBERS[1:])} | {Bid.NIL: "n", Bid.DOUBLE_NIL: "d"}
_ROW_BIDS: Final = {code: bid for bid, code in _ROW_BID_CODES.items()}
_ROW_BID_NUMBERS: Final = "n" + _ROW_NUMBERS[1:]  # a bid's code by its tricks, but Double Nil's
_ROW_TRICKS: Final = {code: number for number, code in enumerate(_ROW_NUMBERS)}
_ROW_CODE_LIMIT: Final = 40  # the longest code a message quotes in full


def _row(summary: HandSummary) -> str:
    """A score-sheet row of a view without history: what decides it, the
    bids and the tricks each seat won, as a short code (its number, dealer
    and score follow from the rows before it): ``"2412/2713"``."""
    numbers = _ROW_NUMBERS
    bids = "".join(["d" if b.double_nil else _ROW_BID_NUMBERS[b.tricks] for b in summary.bids])
    return bids + "/" + "".join([numbers[t] for t in summary.tricks_won])


def _view_dict(view: SeatView) -> dict[str, Any]:
    return {
        "format": _VIEW,
        "version": VIEW_VERSION,
        "rules": view.rules.to_preset_dict(),
        "seat": view.seat,
        "phase": view.phase.name,
        "turn": view.turn,
        "dealer": view.dealer,
        "hand_number": view.hand_number,
        "hand": str(view.hand),
        "sealed": view.sealed,
        "hand_sizes": list(view.hand_sizes),
        "bids": [_bid(b) for b in view.bids],
        "double_nil_open": view.double_nil_open,
        "gave": str(view.gave),
        "received": str(view.received),
        "cards_given": list(view.cards_given),
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
        "history": view.history,
        "sheet": [_summary(s) for s in view.sheet] if view.history else [_row(s) for s in view.sheet],
        "legal_actions": _legal_dict(view.legal_actions),
        "winner": view.winner,
    }


def _record_dict(record: Record) -> dict[str, Any]:
    # A record is written only of a game that can be played, as its text
    # form is (a record built directly is replayed once; StateError names
    # the first action that cannot be played): nothing else would load.
    record.replay()
    return {
        "format": _RECORD,
        "version": VERSION,
        "rules": record.rules.to_dict(),
        "seed": record.seed,
        "actions": [_action(a) for a in record.actions],
        "tags": [[name, value] for name, value in record.tags],
    }


@overload
def to_dict(value: GameState) -> StateDocument: ...


@overload
def to_dict(value: SeatView) -> ViewDocument: ...


@overload
def to_dict(value: Record) -> RecordDocument: ...


@overload
def to_dict(value: Rules) -> RulesDocument: ...


def to_dict(value: Document) -> StateDocument | ViewDocument | RecordDocument | RulesDocument:
    """The JSON document of ``value`` (a :class:`~spades.Rules`,
    :class:`~spades.GameState`, :class:`~spades.view.SeatView` or
    :class:`~spades.record.Record`) as plain dicts, lists, strings, numbers,
    booleans and ``None``.  A record built directly whose actions cannot
    all be played raises :class:`~spades.StateError`, as its
    :meth:`~spades.record.Record.to_text` does: no loader would read it.

    >>> to_dict(Rules.two_player())["players"], to_dict(Rules())["format"]
    (2, 'spades.rules')
    >>> from spades import Bid, Record
    >>> to_dict(Record(rules=Rules.partnership(), actions=[Bid(3)]))
    Traceback (most recent call last):
    ...
    spades.errors.StateError: action 1 (3) is illegal: Bid 3 cannot be applied in phase DEAL (rule P-2)
    """
    if is_a(value, GameState):
        return cast(StateDocument, _state_dict(value))
    if is_a(value, SeatView):
        return cast(ViewDocument, _view_dict(value))
    if is_a(value, Record):
        return cast(RecordDocument, _record_dict(value))
    if is_a(value, Rules):
        return cast(RulesDocument, {"format": _RULES, "version": VERSION, **value.to_dict()})
    raise StateError(f"cannot serialise a {type_name(value)}: expected Rules, GameState, SeatView or Record")


def to_json(value: Document, *, indent: int | None = None) -> str:
    """The JSON text of ``value``'s document (see :func:`to_dict`), on one
    line, or with ``indent`` (0 to 16) spaces a level: ``json.dumps(to_dict(value),
    indent=indent, ensure_ascii=False)``.  The compact text of a state is
    written directly, without the dicts."""
    if indent is not None and (type(indent) is not int or not 0 <= indent <= 16):
        raise ArgumentError(f"indent: None or a number of spaces from 0 to 16, got {short_repr(indent)}")
    if indent is None and is_a(value, GameState):
        return _state_text(value)
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
        return StateError(f"{self.path}: {message}" if self.path else message)

    def get(self, key: str) -> _At:
        data = self.value
        if not is_a(data, dict) or key not in data:
            raise self.fail(f"expected an object with the key {short_repr(key)}")
        return _At(data[key], f"{self.path}.{key}" if self.path else key)

    def obj(self, keys: Sequence[str]) -> _At:
        data = self.value
        if not is_a(data, dict):
            raise self.fail(f"expected an object, got {_kind(data)}")
        missing = [k for k in keys if k not in data]
        if missing:
            raise self.fail("missing field(s): " + ", ".join(missing))
        extra = sorted(str(k) for k in data if k not in keys)
        if extra:
            raise self.fail("unknown field(s): " + ", ".join(short_repr(k) for k in extra))
        return self

    def items(self, length: int | None = None, limit: int = _MAX_ACTIONS) -> list[_At]:
        data = self.value
        if not is_a(data, list):
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
            raise self.fail(f"{short_repr(data)} is out of range {_bound(low)}..{_bound(high)}")
        return data

    def boolean(self) -> bool:
        if type(self.value) is not bool:
            raise self.fail(f"expected true or false, got {_kind(self.value)}")
        return self.value

    def text(self, *, optional: bool = False) -> Any:
        if self.value is None and optional:
            return None
        if not is_a(self.value, str):
            raise self.fail(f"expected a string, got {_kind(self.value)}")
        return self.value

    def card(self, rules: Rules | None) -> Card:
        try:
            card = Card.parse(self.text())
        except ParseError as error:
            raise self.fail(str(error)) from None
        if rules is not None and not rules.deck_mask >> card & 1:
            raise self.fail(f"{card} is not in this deck (C-1, V-9, V-10)")
        return card

    def cards(self, rules: Rules | None, limit: int = 54) -> tuple[Card, ...]:
        cards = tuple(item.card(rules) for item in self.items(limit=limit))
        mask = 0
        for card in cards:
            if mask >> card & 1:
                raise self.fail(f"card {card} appears twice (C-1)")
            mask |= 1 << card
        return cards

    def cardset(self, rules: Rules | None) -> CardSet:
        text = self.text()
        if len(text) > 200:
            raise self.fail("too long to be a set of cards")
        try:
            cards = CardSet.parse(text)
        except ParseError as error:
            raise self.fail(str(error).replace("cannot read", "cannot read the cards")) from None
        extra = cards.mask & ~rules.deck_mask if rules is not None else 0
        if extra:
            raise self.fail(f"{CardSet(extra)} not in this deck (C-1, V-9, V-10)")
        return cards

    def bid(self, rules: Rules | None, *, optional: bool = False) -> Bid | None:
        text = self.text(optional=optional)
        if text is None:
            return None
        try:
            bid = Bid.parse(text)
        except ParseError as error:
            raise self.fail(str(error)) from None
        if rules is not None and bid.tricks > rules.hand_size:
            raise self.fail(f"a bid is 0..{rules.hand_size} tricks, not {bid.tricks} (C-3)")
        return bid

    def seat(self, rules: Rules, *, optional: bool = False) -> Any:
        return self.integer(0, rules.players - 1, optional=optional)

    def ints(self, length: int, low: int | None = None, high: int | None = None) -> tuple[int, ...]:
        return tuple(item.integer(low, high) for item in self.items(length))


def _bound(value: int | None) -> str:
    """A bound of a range in a refusal: the bound of scores and bags as a
    power of ten (its 4,001 digits would fill the message)."""
    if value is not None and abs(value) == _HUGE:
        return "-10**4000" if value < 0 else "10**4000"
    return str(value)


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if is_a(value, bool):
        return "a boolean"
    if is_a(value, (int, float)):
        return "a number"
    if is_a(value, str):
        return f"the string {short_repr(value)}"
    if is_a(value, list):
        return "a list"
    if is_a(value, dict):
        return "an object"
    return type_name(value)


def _plain(data: object) -> None:
    """Refuse what is not a JSON value (see the module's doc), in time linear
    in the number of values, without recursion.  A list or an object in
    several places (json.loads never shares one, but a caller's dicts may)
    is walked once and counts in each place, as its JSON text would write
    it out: a document standing for more than :data:`MAX_VALUES` values is
    refused (a few lists that share lists stand for billions of values,
    which a later walk would visit one by one), and so is one nesting more
    than :data:`MAX_DEPTH` levels deep in any of those places."""
    path: list[tuple[int, Any, Any]] = []  # the containers being walked: id, iterator, container
    counts: list[int] = []  # the values in each, the containers' own counted so far
    heights: list[int] = []  # the levels below each, so far
    active: set[int] = set()
    sizes: dict[int, tuple[int, int]] = {}  # each container walked: its values, itself included, and its levels
    value: Any = data
    while True:
        kind = type(value)
        if kind in _SCALARS:
            pass
        elif kind is dict or kind is list:
            ident = id(value)
            if ident in active:
                raise _refusal(path, "the document refers to itself: it is not a JSON value")
            seen = sizes.get(ident)
            if seen is not None:  # in one more place: its values once more, and its levels from here
                size, levels = seen
                if len(path) + levels > _MAX_DEPTH:
                    raise _too_deep()
                counts[-1] += size - 1
                if counts[-1] > MAX_VALUES:
                    raise _too_many_values()
                if levels > heights[-1]:
                    heights[-1] = levels
            else:
                if len(path) >= _MAX_DEPTH:
                    raise _too_deep()
                if kind is dict:
                    for key in value:
                        if type(key) is not str:
                            shown = type_name(key) if is_a(key, str) else _kind(key)  # not a str subclass's repr
                            raise _refusal(path, f"the keys of a JSON object are strings, not {shown}")
                    items: Any = iter(value.values())
                else:
                    items = iter(value)
                active.add(ident)
                path.append((ident, items, value))
                counts.append(1 + len(value))
                heights.append(0)
        elif kind is float:
            if not math.isfinite(value):
                raise _refusal(path, f"{value} is not a JSON number")
        elif is_a(value, (dict, list, str, int, float)):
            # Its own methods could say or raise anything: json.loads makes
            # none, and a document is read as json.loads makes one.
            raise _refusal(path, f"{type_name(value)} is not a JSON value: a document holds dicts, lists, strings "
                                 f"and numbers of exactly those types, not of a subclass")
        else:
            raise _refusal(path, f"{_kind(value)} is not a JSON value: only objects, lists, strings, numbers, "
                                 f"booleans and null are")
        while path:
            ident, items, _container = path[-1]
            value = next(items, _END)
            if value is not _END:
                break
            path.pop()
            active.discard(ident)
            size = counts.pop()
            levels = heights.pop() + 1
            sizes[ident] = (size, levels)
            if counts:
                if levels > heights[-1]:
                    heights[-1] = levels
                counts[-1] += size - 1
                if counts[-1] > MAX_VALUES:
                    raise _too_many_values()
            elif size > MAX_VALUES:
                raise _too_many_values()
        else:
            return


def _refusal(path: Sequence[tuple[int, Any, Any]], message: str) -> StateError:
    """The refusal ``message`` of the value :func:`_plain` took last, named
    by where it is: the key or index taken from each container of ``path``
    (the last one taken from each, as its iterator's length hint tells).
    A key that is not a short name is quoted: ``actions[3].play``,
    ``rules['a b']``."""
    place = []
    for _ident, items, container in path:
        index = len(container) - items.__length_hint__() - 1
        if type(container) is list:
            place.append(f"[{index}]")
        else:
            key = next(islice(container, index, None))
            place.append(f".{key}" if _NAME.fullmatch(key) else f"[{short_repr(key)}]")
    where = "".join(place).removeprefix(".")
    return StateError(clip(f"{where}: {message}" if where else message))


_NAME: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,39}")


def _too_deep() -> StateError:
    return StateError(f"the document nests more than {_MAX_DEPTH} levels deep")


def _too_many_values() -> StateError:
    return StateError(f"the document stands for more than {MAX_VALUES:,} values (a list or an object in several "
                      f"places counts in each, as its JSON text would write it out)")


_END: Final = object()
_SCALARS: Final = frozenset((str, int, bool, type(None)))


def _header(data: object, expected: str | None) -> tuple[_At, str]:
    top = _At(data, "")
    if not is_a(data, dict):
        raise top.fail(f"a document is a JSON object, got {_kind(data)}")
    _plain(data)
    if "format" not in data:
        raise top.fail("missing field: format")
    kind = top.get("format").text()
    if kind not in (_RULES, _STATE, _VIEW, _RECORD):
        raise StateError(f"format: unknown format {short_repr(kind)}; expected one of {_RULES}, {_STATE}, {_VIEW}, "
                         f"{_RECORD}")
    if expected is not None and kind != expected:
        raise StateError(f"format: expected a {expected} document, got {kind}")
    if "version" not in data:
        raise top.fail("missing field: version")
    version = top.get("version").value
    wanted = VIEW_VERSION if kind == _VIEW else VERSION
    if type(version) is not int:
        raise StateError(f"version: a whole number, got {_kind(version)}; this library reads version {wanted} of {kind}")
    if version != wanted:
        shown = short_repr(version)
        note = ""
        if kind == _VIEW and version == 1:
            note = " (a view is a message, not an archive: ask for a fresh one)"
        raise StateError(f"version: unsupported version {shown} of {kind}; this library reads version {wanted}{note}")
    return top, kind


def _rules(at: _At) -> Rules:
    if not is_a(at.value, dict):
        raise at.fail(f"expected an object of options, got {_kind(at.value)}")
    for key, value in at.value.items():
        # JSON text holds no such number, nor can this library write one.
        if is_a(value, int) and abs(value) >= _HUGE:
            name = key if type(key) is str and _NAME.fullmatch(key) else short_repr(key)  # as _refusal names a key
            raise at.fail(f"{name}: {short_repr(value)} is too large")
    try:
        return Rules.from_dict(at.value)
    except RulesError as error:
        raise at.fail(str(error)) from None


def _read_action(at: _At, rules: Rules | None) -> Action:
    data = at.value
    if not is_a(data, dict) or len(data) != 1:
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
        raise inner.fail(f"expected 'keep' or 'reject', got {short_repr(text)}")
    if key == "exchange":
        return Exchange(CardSet.from_cards(inner.cards(rules, limit=3)))
    if key == "replacement":
        return Replacement(CardSet.from_cards(inner.cards(rules, limit=3)))
    if key == "stock":
        return Stock(inner.cards(rules))
    if key == "deal":
        hands = inner.items(None if rules is None else rules.players, 4)
        if len(hands) < 2:  # P-2, T-2, V-10: two to four seats are dealt
            raise inner.fail(f"a deal gives a hand to each of 2 to 4 seats, not {len(hands)}")
        return Deal(tuple(item.cardset(rules) for item in hands))
    raise at.fail(f"unknown action {short_repr(str(key))}")


def action_to_dict(action: Action) -> ActionDocument:
    """The JSON form of one action, as views list the legal actions:
    ``{"play": "QH"}``, ``{"bid": "nil"}``, ``{"draft": "keep"}``,
    ``{"exchange": ["3C", "7H", "5S"]}``, and for chance steps ``{"deal":
    [...]}``, ``{"stock": [...]}``, ``{"replacement": [...]}``.

    >>> from spades import Bid, Card
    >>> action_to_dict(Card.parse("QH")), action_to_dict(Bid.DOUBLE_NIL)
    ({'play': 'QH'}, {'bid': 'double nil'})
    """
    if type(action) not in ACTION_TYPES:
        raise ArgumentTypeError(f"not an action: {short_repr(action) if is_a(action, str) else type_name(action)}")
    return cast(ActionDocument, _action(action))


def action_to_json(action: Action) -> str:
    """:func:`action_to_dict` as compact JSON text.

    >>> from spades import Exchange
    >>> action_to_json(Exchange("3C 7H 5S"))
    '{"exchange": ["3C", "7H", "5S"]}'
    """
    return json.dumps(action_to_dict(action), ensure_ascii=False)


_CHANCE_KEYS: Final = frozenset(("deal", "stock", "replacement"))


def action_from_dict(data: object, rules: Rules | None = None, *, chance: bool = False) -> Action:
    """The action of a JSON object such as ``{"play": "QH"}`` (see
    :func:`action_to_dict`), checked as strictly as every document: one
    known key, values of the right type, every card readable and, when
    ``rules`` is given, in its deck (and a bid within its hand size);
    anything else raises :class:`~spades.StateError`.  A chance step
    (``deal``, ``stock``, ``replacement``) is read only with
    ``chance=True``: a player never sends one.  Whether the action
    is legal is the state's business (:meth:`GameState.apply
    <spades.GameState.apply>`, :meth:`GameState.explain
    <spades.GameState.explain>`).

    >>> action_from_dict({"bid": "nil"}), action_from_dict({"draft": "reject"})
    (Bid(0), <Draft.REJECT: 'reject'>)
    >>> action_from_dict({"play": "QH", "bid": "4"})
    Traceback (most recent call last):
    ...
    spades.errors.StateError: an action is an object with one key: play, bid, draft, exchange, deal, stock or replacement
    """
    if rules is not None and type(rules) is not Rules:
        raise RulesTypeError(f"rules: expected a Rules value, got {type(rules).__name__}")
    check_flags(chance=chance)
    _plain(data)
    if not chance and is_a(data, dict) and len(data) == 1 and next(iter(data)) in _CHANCE_KEYS:
        raise StateError(f"{next(iter(data))}: a chance step, not a player's action (chance=True reads one)")
    return _read_action(_At(data, ""), rules)


def action_from_json(
    text: str | bytes, rules: Rules | None = None, *, max_size: int = MAX_ACTION_SIZE, chance: bool = False
) -> Action:
    """An action from JSON text (see :func:`action_from_dict`); a text over
    ``max_size`` (default :data:`MAX_ACTION_SIZE`, 4 KiB: an action is a
    few words, a deal at most a few hundred bytes) is refused unread.

    >>> from spades import Rules
    >>> action_from_json('{"play": "Q\u2665"}')
    Card('QH')
    >>> action_from_json('{"play": "BJ"}', Rules.partnership())
    Traceback (most recent call last):
    ...
    spades.errors.StateError: play: BJ is not in this deck (C-1, V-9, V-10)
    """
    return action_from_dict(_parse_json(text, max_size), rules, chance=chance)


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
        raise StateError(f"actions: {error}") from None


# ----------------------------------------------------------------------
# Events (spades.events).

_EVENT_NAMES: Final = {
    HandStarted: "hand_started", Dealt: "dealt", TopOfStock: "top_of_stock", Drafted: "drafted", BidMade: "bid",
    Exchanged: "exchanged", Discarded: "discarded", Replaced: "replaced", CardPlayed: "card_played",
    TrickWon: "trick_won", HandScored: "hand_scored", GameOver: "game_over", Turn: "turn",
}
_EVENT_KINDS: Final = {name: kind for kind, name in _EVENT_NAMES.items()}


def event_to_dict(event: Event) -> EventDocument:
    """The JSON form of one event of :mod:`spades.events`: an object whose
    ``"event"`` names the kind (``"card_played"``, ``"bid"``, ...), with the
    event's fields; cards as in every document, a hand summary as in a
    view's score sheet.

    >>> from spades import Card
    >>> from spades.events import CardPlayed
    >>> event_to_dict(CardPlayed(seat=2, card=Card.parse("QH")))
    {'event': 'card_played', 'seat': 2, 'card': 'QH'}
    """
    kind = type(event)
    if kind not in _EVENT_NAMES:
        raise ArgumentTypeError(f"not an event: {type(event).__name__}")
    out: dict[str, Any] = {"event": _EVENT_NAMES[kind]}
    for field in attrs.fields(kind):
        value = getattr(event, field.name)
        if is_a(value, (Card, CardSet)):
            value = str(value)
        elif is_a(value, Bid):
            value = str(value)
        elif is_a(value, Phase):
            value = value.name
        elif is_a(value, HandSummary):
            value = _summary(value)
        out[field.name] = value
    return cast(EventDocument, out)


def event_to_json(event: Event) -> str:
    """:func:`event_to_dict` as compact JSON text."""
    return json.dumps(event_to_dict(event), ensure_ascii=False)


def event_from_dict(data: object, rules: Rules) -> Event:
    """The event of a JSON object written by :func:`event_to_dict`, for a
    game under ``rules``, checked as strictly as every document
    (:class:`~spades.StateError`).  Whether it fits a view is checked by
    :func:`spades.events.advance`.

    >>> from spades import Rules
    >>> event_from_dict({"event": "trick_won", "seat": 3}, Rules.partnership())
    TrickWon(seat=3)
    """
    if type(rules) is not Rules:
        raise RulesTypeError(f"rules: expected a Rules value, got {type(rules).__name__}")
    _plain(data)
    at = _At(data, "")
    if not is_a(data, dict) or "event" not in data:
        raise at.fail("an event is an object with an \"event\" field")
    name = at.get("event").text()
    kind = _EVENT_KINDS.get(name)
    if kind is None:
        raise at.get("event").fail(f"unknown event {short_repr(name)}")
    fields = [f.name for f in attrs.fields(kind)]
    at.obj(("event", *fields))
    values: dict[str, Any] = {}
    for field in fields:
        item = at.get(field)
        if field in ("seat", "giver", "receiver") and not (kind is Turn and item.value is None):
            values[field] = item.seat(rules)
        elif field == "seat":
            values[field] = None
        elif field in ("card", "kept", "discarded"):
            values[field] = None if item.value is None and kind is Drafted else item.card(rules)
        elif field == "cards":
            values[field] = None if item.value is None and kind is not Dealt else item.cardset(rules)
        elif field == "bid":
            values[field] = item.bid(rules)
        elif field == "count":
            values[field] = item.integer(0, rules.double_nil_exchange)
        elif field == "number":
            values[field] = item.integer(0, MAX_HAND_NUMBER)
        elif field == "dealer":
            values[field] = item.seat(rules)
        elif field == "winner":
            values[field] = item.integer(0, len(rules.sides) - 1)
        elif field == "phase":
            values[field] = _phase(item)
        elif field == "summary":
            values[field] = _read_summary(item, rules)
    try:
        return kind(**values)  # type: ignore[no-any-return]
    except SpadesError as error:
        raise at.fail(str(error)) from None


def event_from_json(text: str | bytes, rules: Rules, *, max_size: int = MAX_SIZE) -> Event:
    """An event from JSON text (see :func:`event_from_dict`)."""
    return event_from_dict(_parse_json(text, max_size), rules)


# ----------------------------------------------------------------------
# The parts of a view, read for their form only: whether they fit together
# is the business of the game behind the view (spades._witness).


def _read_trick(at: _At, rules: Rules) -> PlayedTrick:
    """A finished trick (C-7): a card from each seat, and the seat that won it."""
    at.obj(("leader", "cards", "winner"))
    players = rules.players
    cards = at.get("cards")
    if len(cards.items(limit=players)) != players:
        raise cards.fail(f"a finished trick holds {players} cards, one from each seat (C-7)")
    return PlayedTrick(leader=at.get("leader").seat(rules), cards=cards.cards(rules, limit=players),
                       winner=at.get("winner").seat(rules))


def _read_tricks(at: _At, rules: Rules) -> tuple[PlayedTrick, ...]:
    return tuple(_read_trick(item, rules) for item in at.items(limit=rules.hand_size))


def _read_result(at: _At, rules: Rules) -> HandScore:
    sides = []
    for item in at.items(len(rules.sides)):
        item.obj(_SIDE_FIELDS)
        values: dict[str, Any] = {}
        for name in _SIDE_FIELDS:
            field = item.get(name)
            values[name] = field.boolean() if name in ("made", "boston") else field.integer(-_HUGE, _HUGE)
        try:
            sides.append(SideScore(**values))
        except SpadesError as error:
            raise item.fail(str(error)) from None
    return HandScore(tuple(sides))


_SUMMARY_KEYS: Final = ("number", "dealer", "bids", "tricks_won", "tricks", "result")


def _read_summary(at: _At, rules: Rules) -> HandSummary:
    at.obj(_SUMMARY_KEYS)
    players = rules.players
    return HandSummary(
        number=at.get("number").integer(0, MAX_HAND_NUMBER),
        dealer=at.get("dealer").seat(rules),
        bids=tuple(b.bid(rules) for b in at.get("bids").items(players)),  # type: ignore[misc]
        tricks_won=at.get("tricks_won").ints(players, 0, rules.hand_size),
        tricks=_read_tricks(at.get("tricks"), rules),
        result=_read_result(at.get("result"), rules),
    )


def _difference(given: object, expected: object, path: str) -> tuple[str, object, object] | None:
    """The first place where two JSON values differ (in value or in JSON
    type: ``true`` is not ``1``), as ``(path, given, expected)``."""
    if type(given) is not type(expected):
        return path, given, expected
    if is_a(expected, dict):
        assert isinstance(given, dict)
        if list(given) != list(expected) and set(given) != set(expected):
            return path, given, expected
        for key, value in expected.items():
            found = _difference(given[key], value, f"{path}.{key}" if path else key)
            if found is not None:
                return found
        return None
    if is_a(expected, list):
        assert isinstance(given, list)
        for index, (mine, theirs) in enumerate(zip(given, expected)):
            found = _difference(mine, theirs, f"{path}[{index}]")
            if found is not None:
                return found
        return (path, given, expected) if len(given) != len(expected) else None
    return None if given == expected else (path, given, expected)


def _phase(at: _At) -> Phase:
    name = at.text()
    try:
        return Phase[name]
    except KeyError:
        raise at.fail(f"unknown phase {short_repr(name)}") from None


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
    :class:`~spades.StateError` names the problem.

    A document exactly as :func:`to_dict` writes it is recognised after
    the replay by one comparison with the replayed state's own document
    (exact in every type: ``true`` is not ``1``); any other document is
    read field by field."""
    state = _own_state_dict(data)
    if state is not None:
        return state
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
        want = _json_text(ours[at]) if at < len(ours) else "nothing"
        got = _json_text(theirs[at]) if at < len(theirs) else "nothing"
        raise StateError(f"actions: action {at + 1} of this game is {want}, not {got} (a state lists "
                         f"every action, chance steps included)")
    for key in _STATE_KEYS:
        if key in ("format", "version", "rules", "seed", "actions"):
            continue  # the inputs of the replay, not derived from it
        mine, theirs = given[key], expected[key]
        if _exactly(mine, theirs):
            continue
        if mine != theirs or _types(mine) != _types(theirs):
            found = _difference(mine, theirs, key)  # where, deep in a list or an object: a trick, a row...
            path, said, gives = found if found is not None else (key, mine, theirs)
            raise StateError(clip(f"{path}: the document says {_json_text(said)}, but its actions give {_json_text(gives)}"))
    return state


def _exactly(given: object, expected: object) -> bool:
    """Whether ``given`` is ``expected`` to the last type and key order:
    their marshal forms match (version 2 has no references, so the bytes
    do not depend on sharing).  Only exact ``str``, ``int``, ``bool``,
    ``None``, ``list`` and ``dict`` marshal like a JSON value; anything else
    differs or does not marshal at all (then False: let the caller look)."""
    try:
        return _form(given) == _form(expected)
    except ValueError:  # not marshallable, or nested too deep
        return False


# The fast way in: a document exactly as this library writes it.  The
# actions are read by look-up and replayed; the replayed state's own
# document, compared with the given one in a single step, then checks every
# field at once (the derived fields against the replay, and the inputs
# against what was read).  Anything else, or any doubt, returns None, and
# the field-by-field reading above decides, with its messages.

_ACTION_BY_FRAGMENT: Final[dict[str, Action]] = {
    **{f'"play": "{text}"': Card(index) for index, text in enumerate(_CARD_TEXTS)},
    **{f'"bid": "{bid}"': bid for bid in BIDS[: MAX_BID_TRICKS + 1]},  # the objects the legal bids are made of
    '"bid": "double nil"': Bid.DOUBLE_NIL,
    '"draft": "keep"': Draft.KEEP,
    '"draft": "reject"': Draft.REJECT,
}
_ACTION_BY_PAIR: Final[dict[tuple[str, str], Action]] = {
    json.loads("{" + fragment + "}").popitem(): action for fragment, action in _ACTION_BY_FRAGMENT.items()
}
_STATE_KEY_SET: Final = frozenset(_STATE_KEYS)
_JUST_DICT: Final = frozenset((dict,))
_JUST_STR: Final = frozenset((str,))
_OPTION_TYPES: Final = frozenset((str, int, bool, type(None)))
_BIT_BY_TEXT: Final = {text: 1 << index for index, text in enumerate(_CARD_TEXTS)}
_CARD_BY_TEXT: Final[dict[str, Action]] = {text: Card(index) for index, text in enumerate(_CARD_TEXTS)}
_BIT_BY_QUOTED: Final = {text: 1 << index for index, text in enumerate(_QUOTED_CARDS)}


def _mask_of(texts: Sequence[str], bits: dict[str, int]) -> int:
    """The mask of the cards of ``texts`` (each one a card's text as this
    library writes it, a key of ``bits``), or a KeyError (not this
    library's text: a card unknown or given twice)."""
    mask = 0
    for text in texts:
        if type(text) is not str:  # a str subclass may say anything of its hash
            raise KeyError("not a str")
        mask |= bits[text]
    if mask.bit_count() != len(texts):
        raise KeyError("a card given twice")
    return mask


_EXCHANGE_HEAD: Final = '"exchange": ['
_DERIVED_KEYS: Final = _STATE_KEYS[5:]
_CHANCE_FRAGMENTS: Final = tuple(f'"{key}": ' for key in sorted(_CHANCE_KEYS))
_SEED_AND_ACTIONS: Final = re.compile(r', "seed": (null|0|[1-9][0-9]{0,19}), "actions": \[')
_RULES_BY_TEXT: dict[str, Rules] = {}
# The rules read last, tried first (without cutting their text out).
_LAST_RULES: list[tuple[str, Rules | None]] = [("\0", None)]
_RULES_BY_FORM: dict[bytes, Rules] = {}
# The rules read last from a dict: its keys, the exact types of its keys
# then of its values, its values (see _rules_of_dict).
_LAST_RULES_DICT: list[tuple[list[str], list[type], list[object], Rules | None]] = [([], [type(None)], [], None)]


def _form(value: object) -> bytes:
    """``value``'s marshal form, version 2 (as :func:`_exactly` compares values)."""
    return marshal.dumps(cast(Any, value), 2)


def _own_state_text(text: str) -> GameState | None:
    """The state of ``text`` if it is exactly the JSON :func:`to_json`
    writes for that state, else ``None``.  Only the rules, seed and actions
    are read; after the replay, each action's text must be the one this
    library writes for it, and the rest of the text the replayed state's
    own, character for character."""
    try:
        head = _head_of_text(text)
        if head is None:
            return None
        rules, seed, fragments, stop = head
        actions, unchecked = _actions_of_fragments(fragments, rules, seeded=seed is not None)
        walked: _Walked = {}
        state = _played(rules, seed, actions, walked)
        if state is None:
            return None
        rows = state.sheet
        game = _actions_at(state, rows, len(fragments), unchecked)
        if game is None:
            return None
        # The fragments not known yet to be this library's text: chance
        # steps the seed drew (the other places then hold the actions
        # applied, in order) and actions read one by one.
        for index, action in zip(unchecked, game):
            written = _action_text(action)
            if len(written) != len(fragments[index]) + 2 or not written.startswith(fragments[index], 1):
                return None
        derived = _derived_text(state, rows, None, walked)
        return state if len(derived) == len(text) - stop - 3 and text.endswith(derived) else None
    except Exception:  # any doubt: the full reading decides
        return None


def _head_of_text(text: str) -> tuple[Rules, int | None, list[str], int] | None:
    """The rules, the seed and the actions' fragments of a state's JSON
    text written as :func:`to_json` writes it, and where ``"phase"`` starts
    (less 3), or ``None``."""
    if not text.startswith(_STATE_HEAD):
        return None
    begin = len(_STATE_HEAD)
    last_text, rules = _LAST_RULES[0]
    end = begin + len(last_text)
    if not (rules is not None and text.startswith(last_text, begin) and text.startswith(', "seed": ', end)):
        end = text.find(', "seed": ', begin)
        rules = _rules_of_text(text[begin:end]) if end > 0 else None
    match = _SEED_AND_ACTIONS.match(text, end) if rules is not None else None
    if rules is None or match is None:
        return None
    seed = None if match[1] == "null" else int(match[1])
    start = match.end()
    stop = text.find('], "phase": ', start)
    if stop < 0 or (seed is not None and seed >= SEED_LIMIT):
        return None
    if stop == start:
        return rules, seed, [], stop
    if text[start] != "{" or text[stop - 1] != "}":
        return None
    fragments = text[start + 1 : stop - 1].split("}, {")
    return (rules, seed, fragments, stop) if len(fragments) <= _MAX_ACTIONS else None


def _own_state_dict(data: object) -> GameState | None:
    """The state of ``data`` if it is exactly the document :func:`to_dict`
    writes for that state (keys in any order), else ``None``: as
    :func:`_own_state_text`, with the derived fields compared with the
    replayed state's values (:func:`_derived_values`), then in their marshal
    form (as :func:`_exactly` compares values)."""
    try:
        # The keys' types first: a key of another type is not hashed nor
        # compared here (the full reading refuses it).
        if type(data) is not dict or not _JUST_STR.issuperset(map(type, data)):
            return None
        if data.get("format") != _STATE or data.keys() != _STATE_KEY_SET:
            return None
        version = data["version"]
        seed = data["seed"]
        if type(data["format"]) is not str or type(version) is not int or version != VERSION:
            return None
        if not (seed is None or (type(seed) is int and 0 <= seed < SEED_LIMIT)):
            return None
        rules = _rules_of_dict(data["rules"])
        if rules is None:
            return None
        items = data["actions"]
        read = _actions_of_items(items, rules, seeded=seed is not None)
        if read is None:
            return None
        walked: _Walked = {}
        state = _played(rules, seed, read[0], walked)
        if state is None:
            return None
        rows = state.sheet
        game = _actions_at(state, rows, len(items), read[1])
        if game is None:
            return None
        # Every action as to_dict writes it: the items found by look-up are
        # (see _actions_of_items); the others equal, then exactly equal, the
        # dict to_dict writes for the game's action in their place.  The
        # chance steps the seed drew are then where the document has them.
        for index, action in zip(read[1], game):
            if type(action) is Deal:  # the common one: a deal the seed drew
                given = items[index].get("deal")
                if type(given) is not list or given != _hands_texts(action.hands) or set(map(type, given)) != _JUST_STR:
                    return None
            else:
                expected = _action(action)
                if items[index] != expected or not _exactly(items[index], expected):
                    return None
        # The derived fields: equal to the replay's (a comparison that stops
        # at the first difference, whatever the given values hold: lists
        # that share lists, which marshal writes out path by path, are never
        # marshalled), then exactly so, in marshal form.
        derived = _derived_values(state, rows, None, walked)
        given = list(map(data.__getitem__, _DERIVED_KEYS))
        return state if given == derived and _form(given) == _form(derived) else None
    except Exception:  # any doubt: the full reading decides
        return None


def _actions_at(state: GameState, rows: Sequence[HandRecord], count: int, indexes: Sequence[int]) -> list[Action] | None:
    """The actions at ``indexes`` of the game ``state`` has reached (its
    finished hands' actions, ``rows``, then its hand in progress'), or
    ``None`` when the game holds other than ``count`` actions.  The hand in
    progress' first action (a deal the seed drew, most often) is read
    without making its history."""
    size, first = history_size_and_first(state)
    start = count - size  # where the hand in progress starts
    if sum([len(row.actions) for row in rows]) != start:
        return None
    game: Sequence[Action] | None = None
    found = []
    for index in indexes:
        if index == start and first is not None:
            found.append(first)
            continue
        if game is None:
            game = _game_actions(rows, state.history)
        found.append(game[index])
    return found


def _played(rules: Rules, seed: int | None, actions: list[Action], walked: _Walked) -> GameState | None:
    """The state ``actions`` reach, each applied (and so checked) by the
    engine, or ``None`` if one is illegal; the tricks the replay walked
    put in ``walked`` (see :func:`~spades.state.apply_all`).  In a seeded
    game the actions leave out the chance steps: the seed draws them, and
    the comparison of the whole document checks the ones the document lists."""
    try:
        return apply_all(new_game(rules, seed), actions, walked)
    except SpadesError:
        return None


def _rules_of_text(text: str) -> Rules | None:
    """The rules whose JSON text :func:`to_json` writes as ``text``."""
    rules = _RULES_BY_TEXT.get(text)
    if rules is None:
        rules = _rules(_At(json.loads(text), "rules"))
        if _rules_text(rules) != text:
            return None
        if len(_RULES_BY_TEXT) >= _CACHE_LIMIT:
            _RULES_BY_TEXT.clear()
        _RULES_BY_TEXT[text] = rules
    _LAST_RULES[0] = (text, rules)
    return rules


def _rules_of_dict(options: object) -> Rules | None:
    """The rules whose options :func:`to_dict` writes exactly as
    ``options`` (every type and the order of the keys): the rules read
    last when the keys, the values and the types of both are theirs,
    else remembered by their marshal form (see :func:`_exactly`; a
    ValueError for a value that does not marshal, a subclass among them:
    the caller declines)."""
    if type(options) is not dict:
        return None
    # The rules read last, tried first: keys and values of the same exact
    # types (a str subclass is not a str, True is not 1), then the same keys
    # in the same order and the same values.
    last_keys, last_types, last_values, last_rules = _LAST_RULES_DICT[0]
    types = [*map(type, options), *map(type, options.values())]
    if types == last_types and list(options) == last_keys and list(options.values()) == last_values:
        return last_rules
    if set(types[len(options) :]) - _OPTION_TYPES:
        return None  # an option's value is a number, a string, true, false or null: nothing to walk
    form = _form(options)
    rules = _RULES_BY_FORM.get(form)
    if rules is None:
        rules = _rules(_At(options, "rules"))
        if _rules_written(rules)[2] != form:
            return None
        if len(_RULES_BY_FORM) >= _CACHE_LIMIT:
            _RULES_BY_FORM.clear()
        _RULES_BY_FORM[form] = rules
    _LAST_RULES_DICT[0] = (list(options), types, list(options.values()), rules)
    return rules


def _not_found(found: list[Action | None]) -> list[int]:
    """The indexes of the ``None`` entries of ``found``, in order, found by
    identity (a bid's ``==`` is a Python call)."""
    return list(compress(range(len(found)), map(operator.is_, found, repeat(None))))


def _actions_of_fragments(fragments: list[str], rules: Rules, *, seeded: bool) -> tuple[list[Action], list[int]]:
    """The actions of a document's text, one fragment each (``"play": "QH"``,
    as :func:`to_json` writes them, braces left out): a card, a bid or a
    draft choice in one look-up; an exchange by its cards' texts (in the
    order to_json writes them, else a KeyError); a chance step in a seeded
    game left out (the seed draws it); any other action read one by one.
    With them, the indexes of the fragments left to check against the
    replayed game: the chance steps left out and the actions read one by
    one."""
    found: list[Action | None] = list(map(_ACTION_BY_FRAGMENT.get, fragments))
    unchecked = []
    drawn = []  # the chance steps left out
    for index in _not_found(found):
        fragment = fragments[index]
        if fragment.startswith(_EXCHANGE_HEAD) and fragment[-1] == "]":
            # Its cards by look-up (a KeyError: not this library's text), in
            # the order to_json writes them: then this is the exchange's text.
            inner = fragment[len(_EXCHANGE_HEAD) : -1]
            exchange = exchange_of_mask(_mask_of(inner.split(", ") if inner else (), _BIT_BY_QUOTED))
            if inner != _quoted_cards(exchange.cards):
                raise KeyError("not the order to_json writes")
            found[index] = exchange
            continue
        unchecked.append(index)
        if seeded and fragment.startswith(_CHANCE_FRAGMENTS):
            drawn.append(index)
            continue
        found[index] = _read_action(_At(json.loads("{" + fragment + "}"), ""), rules)
    for index in reversed(drawn):
        del found[index]
    return found, unchecked  # type: ignore[return-value]


def _actions_of_items(items: object, rules: Rules, *, seeded: bool) -> tuple[list[Action], list[int]] | None:
    """The actions of a document's ``"actions"`` list, each item a dict of
    one key: a card, a bid or a draft choice as :func:`to_dict` writes it
    in one look-up of its key and value (so that item is that action's
    dict), an exchange by its cards' texts (in the order to_dict writes
    them, else ``None``), the others one by one; with them, the indexes of
    the items left to compare with the replayed game's actions: the chance
    steps left out in a seeded game (the seed draws them) and the actions
    read one by one."""
    if type(items) is not list or len(items) > _MAX_ACTIONS:
        return None
    # Every item exactly a dict, its key exactly a str (the methods of a
    # subclass could say anything: the full reading refuses one), as many
    # keys as items (an empty one, which would let another have two, is
    # refused below).
    if set(map(type, items)) - _JUST_DICT:
        return None
    keys = list(chain.from_iterable(items))
    if len(keys) != len(items) or set(map(type, keys)) - _JUST_STR:
        return None
    # The cards first, by the text of each "play" ("" for the other items).
    # Each text an exact str (a subclass may say anything of its hash and
    # its equality: the full reading judges it).
    texts = list(map(dict.get, items, repeat("play"), repeat("")))
    kinds = set(map(type, texts))
    if kinds and kinds != {str}:
        return None
    found: list[Action | None] = list(map(_CARD_BY_TEXT.get, texts))
    get = _ACTION_BY_PAIR.get
    unchecked = []
    drawn = []  # the chance steps left out
    for index in _not_found(found):
        ((key, value),) = dict.items(items[index])  # a ValueError for an empty dict
        if type(value) is str:
            action = get((key, value))
            if action is not None:
                found[index] = action
                continue
        if key == "exchange" and type(value) is list:
            # Its cards by look-up (a KeyError or TypeError: not this
            # library's text), in the order to_dict writes them: then this
            # item is the exchange's dict.
            exchange = exchange_of_mask(_mask_of(value, _BIT_BY_TEXT))
            if value != _card_texts(exchange.cards) or set(map(type, value)) - _JUST_STR:
                return None
            found[index] = exchange
            continue
        unchecked.append(index)
        if seeded and key in _CHANCE_KEYS:
            drawn.append(index)
        else:
            found[index] = _read_action(_At(items[index], ""), rules)
    for index in reversed(drawn):
        del found[index]
    return found, unchecked  # type: ignore[return-value]


def _types(value: object) -> object:
    """The shape of a JSON value with types (True == 1 in Python, not in JSON)."""
    if is_a(value, list):
        return [_types(v) for v in value]
    if is_a(value, dict):
        return {k: _types(v) for k, v in value.items()}
    return type(value).__name__


def _json_text(value: object) -> str:
    """``value``'s JSON text for a message, cut short (a number too long for
    JSON text is described by its size)."""
    try:
        return clip(json.dumps(value), 120)
    except (ValueError, RecursionError):
        return short_repr(value)


# ----------------------------------------------------------------------
# Views.

_VIEW_KEYS: Final = (
    "format", "version", "rules", "seat", "phase", "turn", "dealer", "hand_number", "hand", "sealed", "hand_sizes",
    "bids", "double_nil_open", "gave", "received", "cards_given", "drafted", "draft_discards", "top_of_stock",
    "stock_left", "tricks", "trick", "leader", "tricks_won", "spades_broken", "scores", "bags", "history", "sheet",
    "legal_actions", "winner",
)


def _read_row(at: _At, rules: Rules) -> tuple[tuple[Bid, ...], tuple[int, ...]]:
    """The bids and tricks won of a score-sheet row's code (``"2412/2713"``,
    see :func:`view_from_dict`), read strictly."""
    code = at.value
    if not is_a(code, str):
        raise at.fail(f"a score-sheet row is a code such as \"2412/2713\" (bids, then tricks won), got {_kind(code)}")
    players = rules.players
    size = rules.hand_size
    length = 2 * players + 1
    shown = short_repr(code, _ROW_CODE_LIMIT)
    if len(code) != length or code[players] != "/":
        raise at.fail(f"the row {shown} is not {players} bids, \"/\" and {players} trick counts "
                      f"({length} characters)")
    bids = []
    for seat, char in enumerate(code[:players]):
        bid = _ROW_BIDS.get(char)
        if bid is None:
            raise at.fail(f"the row {shown}: seat {seat}'s bid {short_repr(char)} is not a bid: 1-9, T J Q K "
                          f"for 10-13, W X Y Z for 14-17, n for Nil, d for Double Nil (C-3, P-6)")
        if bid.tricks > size:
            raise at.fail(f"the row {shown}: seat {seat} bids {bid.tricks} tricks, over the {size} of a hand (C-3)")
        bids.append(bid)
    won = []
    for seat, char in enumerate(code[players + 1 :]):
        number = _ROW_TRICKS.get(char)
        if number is None or number > size:
            raise at.fail(f"the row {shown}: seat {seat}'s tricks {short_repr(char)} are not 0..{size} "
                          f"(0-9, T J Q K for 10-13, W X Y Z for 14-17; C-8)")
        won.append(number)
    if sum(won) != size:
        raise at.fail(f"the row {shown}: the tricks won add up to {sum(won)}, not the {size} of a hand (C-8)")
    return tuple(bids), tuple(won)


def _read_sheet(at: _At, rules: Rules, history: bool) -> tuple[HandSummary, ...]:
    """Score-sheet rows: whole summaries with their tricks (``history``), or
    codes of the bids and tricks won only, numbered, dealt and scored here
    in order with the functions the engine uses (P-8, T-8, S-1..S-8)."""
    rows_given = at.value
    if is_a(rows_given, list) and len(rows_given) > MAX_VIEW_HANDS:
        raise at.fail(f"a view's score sheet holds at most {MAX_VIEW_HANDS:,} finished hands, got {len(rows_given):,} "
                      f"(each is played again to check it)")
    items = at.items()
    if history:
        return tuple(_read_summary(item, rules) for item in items)
    rows: list[HandSummary] = []
    scores: tuple[int, ...] = (0,) * len(rules.sides)
    bags = scores
    for number, item in enumerate(items):
        bids, won = _read_row(item, rules)
        try:
            result = score_hand(bids, won, rules, scores=scores, bags=bags)
        except SpadesError as error:
            raise item.fail(str(error)) from None
        rows.append(HandSummary(number=number, dealer=dealer_of_hand(rules, number), bids=bids,
                                tricks_won=won, tricks=(), result=result))
        scores, bags = result.scores, result.total_bags
    return tuple(rows)


def _read_view(top: _At, rules: Rules) -> SeatView:
    """The fields of a view document, each of the right form."""
    history = top.get("history").boolean()
    players = rules.players
    size = rules.hand_size
    most = size + rules.double_nil_exchange  # P-6: a hand holds 16 cards in the middle of an exchange
    top_card_at = top.get("top_of_stock")
    return SeatView(
        rules=rules,
        seat=top.get("seat").seat(rules),
        phase=_phase(top.get("phase")),
        turn=top.get("turn").seat(rules, optional=True),
        dealer=top.get("dealer").seat(rules),
        hand_number=top.get("hand_number").integer(0, MAX_HAND_NUMBER),
        hand=top.get("hand").cardset(rules),
        sealed=top.get("sealed").boolean(),
        hand_sizes=top.get("hand_sizes").ints(players, 0, most),
        bids=tuple(b.bid(rules, optional=True) for b in top.get("bids").items(players)),
        double_nil_open=top.get("double_nil_open").boolean(),
        gave=top.get("gave").cardset(rules),
        received=top.get("received").cardset(rules),
        cards_given=top.get("cards_given").ints(players, 0, rules.double_nil_exchange),
        drafted=top.get("drafted").cardset(rules),
        draft_discards=top.get("draft_discards").cardset(rules),
        top_of_stock=None if top_card_at.value is None else top_card_at.card(rules),
        stock_left=top.get("stock_left").integer(0, rules.deck_facts.size),
        tricks=_read_tricks(top.get("tricks"), rules),
        trick=top.get("trick").cards(rules, limit=players - 1),
        leader=top.get("leader").seat(rules, optional=True),
        tricks_won=top.get("tricks_won").ints(players, 0, size),
        spades_broken=top.get("spades_broken").boolean(),
        scores=top.get("scores").ints(len(rules.sides), -_HUGE, _HUGE),
        bags=top.get("bags").ints(len(rules.sides), 0, _HUGE),
        history=history,
        sheet=_read_sheet(top.get("sheet"), rules, history),
        legal_actions=_read_legal(top.get("legal_actions"), rules),
        winner=top.get("winner").integer(0, len(rules.sides) - 1, optional=True),
    )


# The rules that decide each field of a view, for the message when a field
# is not what the game gives.
_VIEW_FIELD_RULES: Final = {
    "seat": "", "phase": "C-3, P-6, T-2, T-6, S-9", "turn": "P-3, P-7, T-2, T-4, T-7, C-7",
    "dealer": "P-2, P-8, T-1, T-8", "hand_number": "P-8, T-8, S-9", "hand": "C-8", "sealed": "P-6, T-6", "hand_sizes": "P-2, P-6, T-3, C-8",
    "bids": "C-3, P-3, T-4, T-6", "double_nil_open": "P-6, T-6, V-3", "gave": "P-6, T-6", "received": "P-6, T-6", "cards_given": "P-6, T-6",
    "drafted": "T-2", "draft_discards": "T-2", "top_of_stock": "T-2", "stock_left": "T-3",
    "tricks": "C-7", "trick": "C-7", "leader": "C-7, P-7, T-7, V-7", "tricks_won": "C-8", "spades_broken": "C-6",
    "scores": "S-1..S-8", "bags": "S-2, S-8", "history": "", "sheet": "C-7, C-8, S-1..S-9", "legal_actions": "C-3..C-6, P-6, T-2, T-6, V-6, V-7",
    "winner": "S-9",
}


def _played_twice(view: SeatView) -> int:
    """The cards that are both in the hand and among the cards played, or
    played twice, this hand (C-1)."""
    seen = view.hand.mask
    twice = 0
    for card in [c for trick in view.tricks for c in trick.cards] + list(view.trick):
        twice |= seen & 1 << card
        seen |= 1 << card
    return twice


def _read_legal(at: _At, rules: Rules) -> Sequence[Action]:
    if is_a(at.value, dict):
        inner = at.obj(("exchange",)).get("exchange").obj(("sizes", "cards"))
        sizes = tuple(item.integer(0, rules.double_nil_exchange) for item in inner.get("sizes").items(limit=4))
        return ExchangeChoices(inner.get("cards").cardset(rules), sizes)
    return tuple(_read_action(item, rules) for item in at.items(limit=2000))


def view_from_dict(data: object) -> SeatView:
    """The :class:`~spades.view.SeatView` of a ``spades.view`` document.

    A view is accepted only if some real game under its rules gives exactly
    that view to its seat: the loader deals the cards the seat cannot see
    so that everything it saw was legal, plays that game through the
    engine, and compares the seat's view of it with the document, field by
    field.  Otherwise :class:`~spades.StateError` names the first field
    that no game fits, or the rule that the document's play breaks.  That
    game plays a hand for each finished hand of the score sheet; the games
    behind the latest sheets are kept, so the views of one game, loaded in
    turn, play each finished hand once, but a view of a sheet not seen
    before takes time that grows with the hands played (a few tenths of
    a millisecond a hand), though its size hardly does.

    **The score sheet** (version 2).  With ``"history": true`` each
    finished hand is an object with its tricks, card by card.  Otherwise
    (the default view) each is a short code of what decides the hand: one
    character for each seat's bid, in seat order, then ``/``, then one
    character for the tricks each seat won.  A number of tricks is ``0`` to
    ``9``, ``T`` ``J`` ``Q`` ``K`` for 10 to 13 (as card ranks write them)
    and ``W`` ``X`` ``Y`` ``Z`` for 14 to 17 (the 17-card hands of three
    players, V-10); a bid is such a number of 1 or more, ``n`` for Nil or
    ``d`` for Double (Blind) Nil (P-5, P-6, T-5, T-6), the only bids there
    are.  ``"2n42/3064"``: seats 0 to 3 bid 2, Nil, 4 and 2, and won 3, 0,
    6 and 4 tricks.  The number, dealer and score of a row follow from the
    rows before it.  A code of the wrong length, with a character out of
    place or tricks that do not add up to a hand (C-8) is refused, naming
    the row; so is a bid the rules forbid, by the game behind the view.

    >>> from spades import Bid, Rules, new_game, seat_view
    >>> state = new_game(Rules.partnership(), seed=2)
    >>> for bid in (Bid(2), Bid.NIL, Bid(4), Bid(2)):  # seats 1, 2, 3, 0 (P-3)
    ...     state = state.apply(bid)
    >>> while not state.sheet:
    ...     state = state.apply(state.legal_actions()[0])
    >>> data = to_dict(seat_view(state, 0))
    >>> data["sheet"], state.sheet[0].tricks
    (['22n4/7411'], (7, 4, 1, 1))
    >>> view_from_dict(data) == seat_view(state, 0)
    True
    >>> data["sheet"] = ["22n4/7412"]
    >>> view_from_dict(data)
    Traceback (most recent call last):
    ...
    spades.errors.StateError: sheet[0]: the row '22n4/7412': the tricks won add up to 14, not the 13 of a hand (C-8)
    """
    top, _kind_name = _header(data, _VIEW)
    top.obj(_VIEW_KEYS)
    rules = _rules(top.get("rules"))
    view = _read_view(top, rules)
    twice = _played_twice(view)
    if twice:
        raise top.fail(f"card(s) {CardSet(twice)} appear twice this hand: in the hand and among the cards played, "
                       f"or played twice (C-1)")
    # The hand's number follows from the score sheet's length alone (the
    # last hand's at the game's end): checked before the sheet's hands are
    # played again, which takes a while for a long one.
    over = view.phase is Phase.GAME_OVER
    if view.sheet or not over:
        number = len(view.sheet) - over
        if view.hand_number != number:
            raise StateError(f"hand_number: the document says {view.hand_number}, but the game it describes gives "
                             f"{number} ({_VIEW_FIELD_RULES['hand_number']})")
    state = game_behind(view)
    actual = seat_view(state, view.seat, sealed=view.sealed, history=view.history)
    given = dict(top.value)  # type: ignore[call-overload]
    expected = _view_dict(actual)
    given["rules"] = expected["rules"]  # read by rules_from_dict: options left out take their defaults
    found = _difference(given, expected, "")
    if found is not None:
        path, said, gives = found
        field = path.split(".")[0].split("[")[0]
        rule = _VIEW_FIELD_RULES.get(field, "")
        raise StateError(
            clip(f"{path}: the document says {_json_text(said)}, but the game it describes gives {_json_text(gives)}"
                     + (f" ({rule})" if rule else ""))
        )
    return actual


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
    try:
        record.replay()  # checks every action; the record keeps the state
    except StateError as error:
        raise StateError(f"actions: {error}") from None
    return record


def rules_from_dict(data: object) -> Rules:
    """The :class:`~spades.Rules` of a ``spades.rules`` document."""
    top, _kind_name = _header(data, _RULES)
    if not is_a(data, dict):
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
    """The value of any document, chosen by its ``"format"``.  Like the typed
    dict loaders, it reads a value the caller already holds, with no size
    limit but the format's (see the module's **Limits**)."""
    state = _own_state_dict(data)
    if state is not None:
        return state
    _top, kind = _header(data, None)
    return _LOADERS[kind](data)


def _reject_constant(name: str) -> None:
    raise StateError(f"{name} is not a JSON number")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise StateError(f"field {short_repr(key)} appears twice in one object")
        result[key] = value
    return result


def _parse_json(text: object, max_size: int) -> object:
    return _loads(_document_text(text, max_size))


def _document_text(text: object, max_size: int) -> str:
    """``text`` as a ``str`` to parse, once its size and type are checked."""
    if type(max_size) is not int:
        raise ArgumentTypeError(f"max_size is an int, got {type_name(max_size)}")
    if max_size < 0:
        raise ArgumentError(f"max_size must be >= 0, got {short_repr(max_size)}")
    # The length first, read without a subclass's own methods; then the
    # text as an exact str or bytes.
    if is_a(text, (str, bytes, bytearray)):
        size = str.__len__(text) if is_a(text, str) else memoryview(cast(bytes, text)).nbytes
        if size > max_size:
            unit = "characters" if is_a(text, str) else "bytes"
            raise StateError(f"the document is {size} {unit} long, over the limit of {max_size} "
                             f"(raise it with max_size=)")
        text = exact_str(text) if is_a(text, str) else text if type(text) is bytes else bytes(memoryview(cast(bytes, text)))
    if is_a(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            message = f"a JSON document must be UTF-8 text: {error}"
        else:
            message = ""
        if message:  # raised here, not in the handler: the decoder's error (its context) holds all the bytes
            raise StateError(message)
    if not is_a(text, str):
        raise StateError(f"a JSON document must be text, got {type_name(text)}")
    return text


def _loads(text: str) -> object:
    try:
        return json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_no_duplicates)
    except StateError:
        raise
    except RecursionError:  # Python's own message names its decoder
        message = "not valid JSON here: nested deeper than this reader goes"
    except ValueError as error:
        if "integer string conversion" in str(error):  # Python's limit; its message suggests raising it
            message = f"not valid JSON here: a number of more than {sys.get_int_max_str_digits():,} digits"
        else:
            message = f"not valid JSON: {error}"
    # Raised out of the handler, so with no context: the decoder's error
    # holds the whole document (a JSONDecodeError's .doc), which an error
    # kept by a server would keep alive.
    raise StateError(message)


def from_json(text: str | bytes, *, max_size: int = MAX_SIZE) -> Document:
    """The value of any JSON document, chosen by its ``"format"``.

    A text longer than ``max_size`` (characters of a ``str``, bytes of
    ``bytes``; default :data:`MAX_SIZE`, 4 MiB) raises
    :class:`~spades.StateError` before it is parsed, here and in the typed
    loaders below."""
    source = _document_text(text, max_size)
    state = _own_state_text(source)
    return state if state is not None else from_dict(_loads(source))


def state_from_json(text: str | bytes, *, max_size: int = MAX_SIZE) -> GameState:
    """A :class:`~spades.GameState` from JSON text (see :func:`state_from_dict`); a
    text longer than ``max_size`` (default :data:`MAX_SIZE`, 4 MiB) raises
    :class:`~spades.StateError` before it is parsed.

    The compact text :func:`to_json` writes is recognised without parsing
    the derived fields: after the replay, the replayed state's own text
    must be the given text, character for character."""
    source = _document_text(text, max_size)
    state = _own_state_text(source)
    return state if state is not None else state_from_dict(_loads(source))


def view_from_json(text: str | bytes, *, max_size: int = MAX_SIZE) -> SeatView:
    """A :class:`~spades.view.SeatView` from JSON text (see :func:`view_from_dict`); a
    text longer than ``max_size`` (default :data:`MAX_SIZE`, 4 MiB) raises
    :class:`~spades.StateError` before it is parsed."""
    return view_from_dict(_parse_json(text, max_size))


def record_from_json(text: str | bytes, *, max_size: int = MAX_SIZE) -> Record:
    """A :class:`~spades.record.Record` from JSON text (see :func:`record_from_dict`); a
    text longer than ``max_size`` (default :data:`MAX_SIZE`, 4 MiB) raises
    :class:`~spades.StateError` before it is parsed."""
    return record_from_dict(_parse_json(text, max_size))


def rules_from_json(text: str | bytes, *, max_size: int = MAX_SIZE) -> Rules:
    """A :class:`~spades.Rules` from JSON text (see :func:`rules_from_dict`); a
    text longer than ``max_size`` (default :data:`MAX_SIZE`, 4 MiB) raises
    :class:`~spades.StateError` before it is parsed."""
    return rules_from_dict(_parse_json(text, max_size))


def schema() -> dict[str, Any]:
    """The JSON Schema of the documents (``spades/schema/spades.schema.json``)."""
    text = resources.files("spades").joinpath("schema/spades.schema.json").read_text(encoding="utf-8")
    result: dict[str, Any] = json.loads(text)
    return result
