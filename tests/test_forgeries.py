"""Forged documents of real games: states, records and record texts.

Each document comes from a real game (``_forgery.catalogue``: every phase of
every preset, seeded and unseeded) and has ONE thing changed.  Whatever the
change, the loader either refuses the document with a
:class:`~spades.SpadesError` or returns a real game:

* a state passes the shared invariant checker, its finished hands replay
  (``_forgery.check_game``), and it writes back as exactly the document it
  was read from;
* a record replays to such a state, and writes to JSON and to text and reads
  back equal.

The targeted forgeries change what the rules fix (each cites the rule it
protects) and must be refused; a few change what is free (a tag, the seed of
a game whose chance steps are all listed) and must be accepted; the rest
(an action replaced, swapped, dropped) may go either way.  The generic ones
(Hypothesis) change a random value to a plausible one.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spades import Card, CardSet, Phase, Rules, SpadesError
from spades.record import Record
from spades.serial import record_from_dict, record_from_json, state_from_dict, to_json

from _forgery import (
    CARD_NAMES,
    PHASE_NAMES,
    Sample,
    T,
    catalogue,
    check_game,
    forge,
    plain_dict,
    moved,
    one_card,
    pick,
    split_path,
    with_value,
)
from invariants import ref_deck, ref_hand_size

Document = dict[str, Any]
Forgeries = Iterator[tuple[str, Document]]
TAGS = (("Event", "club night"), ("Round", "3"))


# ----------------------------------------------------------------------
# The documents and the two outcomes.


@functools.lru_cache(maxsize=None)
def _state_document(index: int) -> Document:
    return plain_dict(catalogue()[index].state)


def _record(sample: Sample) -> Record:
    record = Record.of_state(sample.state)
    return Record(rules=record.rules, seed=record.seed, actions=record.actions, tags=TAGS)


@functools.lru_cache(maxsize=None)
def _record_document(index: int) -> Document:
    return plain_dict(_record(catalogue()[index]))


@functools.lru_cache(maxsize=None)
def _record_text(index: int) -> str:
    return _record(catalogue()[index]).to_text()


def _load_state(document: Document) -> Any:
    """The state of ``document``, checked to be a real game that writes back
    as ``document``; ``None`` when the loader refuses it (only a SpadesError
    may escape)."""
    try:
        state = state_from_dict(document)
    except SpadesError:
        return None
    check_game(state)
    assert plain_dict(state) == document, "the accepted document does not write back as itself"
    return state


def _check_record(record: Record) -> None:
    check_game(record.replay())
    assert record_from_json(to_json(record)) == record
    assert Record.parse(record.to_text()) == record


def _load_record(document: Document) -> Record | None:
    try:
        record = record_from_dict(document)
    except SpadesError:
        return None
    _check_record(record)
    return record


def _parse_record(text: str) -> Record | None:
    try:
        record = Record.parse(text)
    except SpadesError:
        return None
    _check_record(record)
    return record


_LOADERS: dict[str, Callable[[Any], object]] = {"state": _load_state, "record": _load_record, "text": _parse_record}
_SOURCES: dict[str, Callable[[int], Any]] = {"state": _state_document, "record": _record_document, "text": _record_text}


def _run(kind: str, forgeries: Callable[[Sample, Any, random.Random], Iterator[tuple[str, Any]]],
         expect: str, per_sample: int = 1) -> int:
    """Forgeries of every sample, loaded (``per_sample`` of each sample's,
    chosen at random, to keep the suite fast): ``expect`` is "refused",
    "accepted" or "either".  Returns how many forgeries were tried."""
    tried = 0
    wrong: list[str] = []
    for index, sample in enumerate(catalogue()):
        rng = random.Random(f"{sample.name} {forgeries.__name__}")
        made = list(forgeries(sample, _SOURCES[kind](index), rng))
        for description, forged in pick(rng, made, per_sample):
            tried += 1
            loaded = _LOADERS[kind](forged)
            if expect == "refused" and loaded is not None:
                wrong.append(f"{sample.name}: {description} was accepted")
            elif expect == "accepted" and loaded is None:
                wrong.append(f"{sample.name}: {description} was refused")
    assert not wrong, f"{len(wrong)} of {tried}: " + "; ".join(wrong[:6])
    return tried


def _cards(text: str) -> CardSet:
    return CardSet.parse(text)


def _rows(document: Document) -> list[tuple[str, Document]]:
    """The score-sheet rows, by path."""
    return [(f"sheet/{i}", row) for i, row in enumerate(document["sheet"])]


def test_the_real_documents_load() -> None:
    # The forgeries start from real games, in every phase, that load back.
    for index, sample in enumerate(catalogue()):
        check_game(sample.state)
        assert state_from_dict(_state_document(index)) == sample.state, sample.name
        assert record_from_dict(_record_document(index)) == _record(sample), sample.name
        assert Record.parse(_record_text(index)) == _record(sample), sample.name
    assert {sample.state.phase for sample in catalogue()} == set(Phase)


# ----------------------------------------------------------------------
# Targeted forgeries of states: what the rules fix.  Each one must be refused.


def hand_card_moved(sample: Sample, doc: Document, rng: random.Random) -> Forgeries:
    # C-1: each card in one place; P-2, T-3, C-8: how many cards each seat holds.
    hands = doc["hands"]
    for giver in range(len(hands)):
        held = _cards(hands[giver]).cards()
        if held:
            card = rng.choice(held)
            taker = (giver + 1 + rng.randrange(len(hands) - 1)) % len(hands)
            yield f"{card} moved from seat {giver} to seat {taker}", with_value(doc, ("hands",),
                                                                           moved(hands, giver, taker, card))


def played_card_back_in_a_hand(sample: Sample, doc: Document, rng: random.Random) -> Forgeries:
    # C-1: a card played to the trick (or to a finished trick) left the hand.
    played = list(doc["trick"]) + [c for trick in doc["tricks"] for c in trick["cards"]]
    for card in pick(rng, played, 2):
        seat = rng.randrange(len(doc["hands"]))
        hand = _cards(doc["hands"][seat]) | CardSet.from_cards([card])
        yield f"{card} also in seat {seat}'s hand", with_value(doc, ("hands", seat), str(hand))


def held_card_in_the_trick(sample: Sample, doc: Document, rng: random.Random) -> Forgeries:
    # C-1, C-5: the trick holds only cards played, none still held.
    held = [str(c) for hand in doc["hands"] for c in _cards(hand)]
    players = len(doc["hands"])
    for card in pick(rng, held, 2):
        trick = list(doc["trick"])
        if trick:
            trick[-1] = card
        elif players > 1:
            trick = [card]
        yield f"{card} in the trick {trick}", with_value(doc, ("trick",), trick)


def finished_trick_changed(sample: Sample, doc: Document, rng: random.Random) -> Forgeries:
    # C-5, C-7: the finished tricks are the cards played, in order.
    sources = [("tricks", doc["tricks"])] + [(f"{p}/tricks", row["tricks"]) for p, row in _rows(doc)]
    for where, tricks in pick(rng, [s for s in sources if len(s[1]) >= 2], 2):
        i, j = rng.sample(range(len(tricks)), 2)
        changed = list(tricks)
        first_i, first_j = tricks[i]["cards"][0], tricks[j]["cards"][0]
        changed[i] = {**tricks[i], "cards": [first_j] + tricks[i]["cards"][1:]}
        changed[j] = {**tricks[j], "cards": [first_i] + tricks[j]["cards"][1:]}
        yield f"{where}: first cards of tricks {i} and {j} swapped", with_value(doc, split_path(where), changed)


def trick_winner_changed(sample: Sample, doc: Document, rng: random.Random) -> Forgeries:
    # C-7: the highest spade, else the highest card of the suit led, wins.
    players = len(doc["hands"])
    sources = [("tricks", doc["tricks"])] + [(f"{p}/tricks", row["tricks"]) for p, row in _rows(doc)]
    for where, tricks in pick(rng, [s for s in sources if s[1]], 3):
        i = rng.randrange(len(tricks))
        winner = (tricks[i]["winner"] + rng.randrange(1, players)) % players
        yield f"{where}/{i}: winner {winner}", with_value(doc, (*split_path(where), i, "winner"), winner)


def bid_changed(sample: Sample, doc: Document, rng: random.Random) -> Forgeries:
    # C-3, P-3, T-4: the bids are the ones made, in turn.
    choices = ["nil", "1", "4", "13", "double nil"]
    for seat, bid in enumerate(doc["bids"]):
        other = rng.choice([b for b in choices if b != bid])
        yield f"seat {seat} bids {other} not {bid}", with_value(doc, ("bids", seat), other)
        if bid is not None:
            yield f"seat {seat} has not bid", with_value(doc, ("bids", seat), None)
    for path, row in pick(rng, _rows(doc), 1):
        seat = rng.randrange(len(row["bids"]))
        other = rng.choice([b for b in choices if b != row["bids"][seat]])
        yield f"{path}: seat {seat} bid {other}", with_value(doc, (*split_path(path), "bids", seat), other)


def score_changed(sample: Sample, doc: Document, rng: random.Random) -> Forgeries:
    # S-1..S-8: scores are the score sheet's totals, each hand scored by the rules.
    for side in range(len(doc["scores"])):
        delta = rng.choice((-10, -1, 1, 10))
        yield f"side {side} score {delta:+}", with_value(doc, ("scores", side), doc["scores"][side] + delta)
    for path, row in pick(rng, _rows(doc), 2):
        side = rng.randrange(len(row["result"]))
        field = rng.choice(["contract", "tricks", "contract_points", "bags", "bag_points", "nil_points",
                            "bonus_points", "penalty_points", "points", "score"])
        value = row["result"][side][field] + rng.choice((-1, 1))
        yield f"{path}: side {side} {field} {value}", with_value(doc, (*split_path(path), "result", side, field), value)
        flag = rng.choice(["made", "boston"])
        yield f"{path}: side {side} {flag} flipped", with_value(
            doc, (*split_path(path), "result", side, flag), not row["result"][side][flag]
        )


def bags_changed(sample: Sample, doc: Document, rng: random.Random) -> Forgeries:
    # S-2, S-8: bags are the sheet's carried bags, below the penalty threshold.
    limit = sample.state.rules.bags_per_penalty
    for side, bags in enumerate(doc["bags"]):
        for value in {bags + 1, bags - 1, limit} - {bags}:
            yield f"side {side} has {value} bags", with_value(doc, ("bags", side), value)
    for path, row in pick(rng, _rows(doc), 1):
        side = rng.randrange(len(row["result"]))
        value = row["result"][side]["total_bags"] + 1
        yield f"{path}: side {side} total bags {value}", with_value(doc, (*split_path(path), "result", side, "total_bags"),
                                                                 value)


def tricks_won_changed(sample: Sample, doc: Document, rng: random.Random) -> Forgeries:
    # C-7, C-8: each seat's tricks are the tricks it won.
    for seat, won in enumerate(doc["tricks_won"]):
        yield f"seat {seat} won {won + 1}", with_value(doc, ("tricks_won", seat), won + 1)
    for path, row in pick(rng, _rows(doc), 1):
        won = list(row["tricks_won"])
        i, j = rng.sample(range(len(won)), 2)
        won[i], won[j] = won[i] + 1, won[j] - 1
        yield f"{path}: tricks won {won}", with_value(doc, (*split_path(path), "tricks_won"), won)


def turn_changed(sample: Sample, doc: Document, rng: random.Random) -> Forgeries:
    # P-3, P-7, T-3, T-4, C-7: whose turn it is follows from the actions; no
    # seat acts at a chance step or after the game.
    for turn in [*range(len(doc["hands"])), None]:
        if turn != doc["turn"]:
            yield f"turn {turn}", with_value(doc, ("turn",), turn)


def leader_changed(sample: Sample, doc: Document, rng: random.Random) -> Forgeries:
    # P-7, T-7, C-7: the first leader, then the winner of the trick before.
    for leader in [*range(len(doc["hands"])), None]:
        if leader != doc["leader"]:
            yield f"leader {leader}", with_value(doc, ("leader",), leader)


def dealer_changed(sample: Sample, doc: Document, rng: random.Random) -> Forgeries:
    # P-2, P-8, T-1, T-8: the dealer moves one seat on each hand.
    players = len(doc["hands"])
    for dealer in range(players):
        if dealer != doc["dealer"]:
            yield f"dealer {dealer}", with_value(doc, ("dealer",), dealer)
    for path, row in pick(rng, _rows(doc), 1):
        dealer = (row["dealer"] + 1) % players
        yield f"{path}: dealer {dealer}", with_value(doc, (*split_path(path), "dealer"), dealer)


def phase_changed(sample: Sample, doc: Document, rng: random.Random) -> Forgeries:
    # The phases follow each other as P-2..P-7, T-2..T-7 and S-9 say.
    for phase in PHASE_NAMES:
        if phase != doc["phase"]:
            yield f"phase {phase}", with_value(doc, ("phase",), phase)


def hand_number_changed(sample: Sample, doc: Document, rng: random.Random) -> Forgeries:
    # P-8, S-9: one hand after another, numbered from 0.
    for delta in (-1, 1):
        yield f"hand number {doc['hand_number'] + delta}", with_value(doc, ("hand_number",), doc["hand_number"] + delta)
    for path, row in pick(rng, _rows(doc), 1):
        yield f"{path}: number {row['number'] + 1}", with_value(doc, (*split_path(path), "number"), row["number"] + 1)


def spades_broken_flipped(sample: Sample, doc: Document, rng: random.Random) -> Forgeries:
    # C-6: spades are broken once a spade has been played this hand.
    yield "spades broken flipped", with_value(doc, ("spades_broken",), not doc["spades_broken"])


def winner_changed(sample: Sample, doc: Document, rng: random.Random) -> Forgeries:
    # S-9, V-1, V-8: the winner follows from the scores.
    for winner in [*range(len(doc["scores"])), None]:
        if winner != doc["winner"]:
            yield f"winner {winner}", with_value(doc, ("winner",), winner)


def draft_fields_changed(sample: Sample, doc: Document, rng: random.Random) -> Forgeries:
    # T-2, T-3: the pile and the stock follow from the stock and the draft;
    # P-2, V-10: the cards set aside by a deal.
    pile = _cards(doc["discard_pile"])
    deck = sorted(ref_deck(sample.state.rules))
    for card in pick(rng, deck, 2):
        yield f"{Card(card)} in or out of the pile", with_value(doc, ("discard_pile",), str(pile ^ one_card(card)))
    yield "one more card in the stock", with_value(doc, ("stock_left",), doc["stock_left"] + 1)
    top = doc["top_of_stock"]
    other = rng.choice([str(Card(c)) for c in deck if str(Card(c)) != top])
    yield f"top of stock {other}", with_value(doc, ("top_of_stock",), other)


def sheet_hands_changed(sample: Sample, doc: Document, rng: random.Random) -> Forgeries:
    # P-2, T-3, C-1: the hands a finished hand was played with.
    for path, row in pick(rng, _rows(doc), 2):
        hands = row["hands"]
        giver = rng.randrange(len(hands))
        taker = (giver + 1) % len(hands)
        card = rng.choice(_cards(hands[giver]).cards())
        yield f"{path}: {card} moved from seat {giver} to seat {taker}", with_value(
            doc, (*split_path(path), "hands"), moved(hands, giver, taker, card)
        )


def seed_changed(sample: Sample, doc: Document, rng: random.Random) -> Forgeries:
    # P-2, T-2, T-6: a seeded game's chance steps are the seed's; an unseeded
    # game given a seed would have the seed's deal instead of its own.
    seed = doc["seed"]
    for other in ([seed - 1, seed + 1] if seed is not None else [0, 1]):
        if other >= 0:
            yield f"seed {other}", with_value(doc, ("seed",), other)


def last_action_dropped(sample: Sample, doc: Document, rng: random.Random) -> Forgeries:
    # Every action changes the state (a card played, a bid, a turn passed):
    # the game one action earlier is not the one the document describes.
    if doc["actions"]:
        yield "last action dropped", with_value(doc, ("actions",), doc["actions"][:-1])


STATE_REFUSED: list[Callable[[Sample, Document, random.Random], Forgeries]] = [
    hand_card_moved,
    played_card_back_in_a_hand,
    held_card_in_the_trick,
    finished_trick_changed,
    trick_winner_changed,
    bid_changed,
    score_changed,
    bags_changed,
    tricks_won_changed,
    turn_changed,
    leader_changed,
    dealer_changed,
    phase_changed,
    hand_number_changed,
    spades_broken_flipped,
    winner_changed,
    draft_fields_changed,
    sheet_hands_changed,
    seed_changed,
    last_action_dropped,
]


@pytest.mark.parametrize("forgeries", STATE_REFUSED, ids=[f.__name__ for f in STATE_REFUSED])
def test_state_forgeries_are_refused(forgeries: Callable[[Sample, Document, random.Random], Forgeries]) -> None:
    assert _run("state", forgeries, "refused") > 0


# ----------------------------------------------------------------------
# What the rules leave free, and changes to the actions.


def seed_dropped(sample: Sample, doc: Document, rng: random.Random) -> Forgeries:
    # A seeded game's actions list its chance steps too (P-2, T-2, T-6): without
    # the seed they are the same game with its chance steps supplied.
    if doc["seed"] is not None:
        yield "seed dropped", with_value(doc, ("seed",), None)


def test_a_seeded_state_without_its_seed_is_the_same_game() -> None:  # P-2, T-2, T-6
    assert _run("state", seed_dropped, "accepted") > 0


def _other_action(action: Document, rng: random.Random, rules: Rules) -> Document:
    """Another action of the same kind, one that looks legal: another bid,
    another card, the other draft choice, a card of an exchange or a
    replacement changed, two cards of a deal or a stock swapped."""
    (key, value), = action.items()
    deck = [str(Card(c)) for c in sorted(ref_deck(rules))]
    if key == "bid":
        return {"bid": rng.choice([b for b in ("nil", "1", "2", "3", "5", "double nil") if b != value])}
    if key == "play":
        return {"play": rng.choice([c for c in deck if c != value])}
    if key == "draft":
        return {"draft": "reject" if value == "keep" else "keep"}
    if key in ("exchange", "replacement"):
        cards = list(value)
        spare = [c for c in deck if c not in cards]
        if cards:
            cards[rng.randrange(len(cards))] = rng.choice(spare)
        else:
            cards = [rng.choice(spare)]
        return {key: [str(c) for c in CardSet.from_cards(cards)]}
    if key == "stock":
        cards = list(value)
        i, j = rng.sample(range(len(cards)), 2)
        cards[i], cards[j] = cards[j], cards[i]
        return {"stock": cards}
    assert key == "deal"
    hands = [_cards(h) for h in value]
    i, j = rng.sample(range(len(hands)), 2)
    a, b = rng.choice(hands[i].cards()), rng.choice(hands[j].cards())
    hands[i] = hands[i] - one_card(a) | one_card(b)
    hands[j] = hands[j] - one_card(b) | one_card(a)
    return {"deal": [str(h) for h in hands]}


def actions_changed(sample: Sample, doc: Document, rng: random.Random) -> Forgeries:
    # An action dropped, two swapped, one repeated or replaced by another that
    # looks legal: a real game, or refused (C-3..C-7, P-2..P-7, T-2..T-7).
    actions = doc["actions"]
    if not actions:
        return
    for i in pick(rng, range(len(actions)), 2):
        yield f"action {i} dropped", with_value(doc, ("actions",), actions[:i] + actions[i + 1 :])
        yield f"action {i} repeated", with_value(doc, ("actions",), actions[: i + 1] + actions[i:])
        replaced = _other_action(actions[i], rng, sample.state.rules)
        yield f"action {i} is {replaced}", with_value(doc, ("actions", i), replaced)
        if i + 1 < len(actions):
            swapped = actions[:i] + [actions[i + 1], actions[i]] + actions[i + 2 :]
            yield f"actions {i} and {i + 1} swapped", with_value(doc, ("actions",), swapped)


def test_state_with_changed_actions_is_refused_or_real() -> None:  # C-3..C-7, P-2..P-7, T-2..T-7
    assert _run("state", actions_changed, "either", per_sample=2) > 0


# ----------------------------------------------------------------------
# Records (JSON).


def record_seed_changed(sample: Sample, doc: Document, rng: random.Random) -> Forgeries:
    # P-2, T-2: a seeded game's chance steps, listed in the record, are the seed's.
    if doc["seed"] is not None:
        for other in (doc["seed"] + 1, doc["seed"] - 1):
            if other >= 0:
                yield f"seed {other}", with_value(doc, ("seed",), other)


def record_chance_forged(sample: Sample, doc: Document, rng: random.Random) -> Forgeries:
    # P-2, V-10: each seat is dealt its 13 (17) cards; T-2: the stock is the
    # whole deck, each card once.
    for i, action in enumerate(doc["actions"]):
        if "deal" in action and rng.random() < 0.5:
            hands = action["deal"]
            giver, taker = rng.sample(range(len(hands)), 2)
            card = rng.choice(_cards(hands[giver]).cards())
            yield f"action {i}: {card} dealt to seat {taker}", with_value(doc, ("actions", i, "deal"),
                                                                     moved(hands, giver, taker, card))
        if "stock" in action and rng.random() < 0.5:
            cards = list(action["stock"])
            cards[rng.randrange(len(cards))] = cards[rng.randrange(len(cards))]
            if len(set(cards)) < len(cards):
                yield f"action {i}: a card twice in the stock", with_value(doc, ("actions", i, "stock"), cards)


def record_bid_forged(sample: Sample, doc: Document, rng: random.Random) -> Forgeries:
    # C-3: a bid is 0..13 tricks (V-10: 17); V-3: Double Nil only where allowed.
    rules = sample.state.rules
    for i, action in enumerate(doc["actions"]):
        if "bid" in action:
            yield f"action {i}: bid {ref_hand_size(rules) + 1}", with_value(doc, ("actions", i),
                                                                       {"bid": str(ref_hand_size(rules) + 1)})
            if not rules.double_nil_allowed:
                yield f"action {i}: double nil", with_value(doc, ("actions", i), {"bid": "double nil"})
            return


def record_play_forged(sample: Sample, doc: Document, rng: random.Random) -> Forgeries:
    # C-4, C-5, P-7: a seat plays a card it holds; a card another seat holds
    # is never playable.
    record = record_from_dict(doc)
    before = {_count(state): state for state in record.states()}  # the state each action is applied to
    plays = [i for i, a in enumerate(record.actions) if type(a) is Card]
    for i in pick(rng, plays, 2):
        turn = before[i].turn
        assert turn is not None
        held = [c for seat, hand in enumerate(before[i].hands) if seat != turn for c in hand]
        if not held:
            continue  # the last card of the hand: the others have played theirs
        card = rng.choice(held)
        yield f"action {i}: seat {turn} plays {card}, held by another seat", with_value(doc, ("actions", i),
                                                                                  {"play": str(card)})


def _count(state: Any) -> int:
    """How many actions of the record lead to ``state``."""
    return sum(len(row.actions) for row in state.sheet) + len(state.history)


def record_exchange_forged(sample: Sample, doc: Document, rng: random.Random) -> Forgeries:
    # P-6: exactly the exchange size (V-3); T-6: at most that many, from the hand.
    rules = sample.state.rules
    for i, action in enumerate(doc["actions"]):
        if "exchange" in action:
            cards = list(action["exchange"])
            deck = [str(Card(c)) for c in sorted(ref_deck(rules))]
            more = cards + [c for c in deck if c not in cards][: rules.double_nil_exchange + 1 - len(cards)]
            yield f"action {i}: exchange {more}", with_value(doc, ("actions", i, "exchange"),
                                                        [str(c) for c in CardSet.from_cards(more)])
            if rules.partners and cards:
                yield f"action {i}: exchange {cards[1:]}", with_value(doc, ("actions", i, "exchange"), cards[1:])


def record_tag_forged(sample: Sample, doc: Document, rng: random.Random) -> Forgeries:
    # Not rules: a record's tags are unique names of the format's own shape,
    # each with one line of text.
    yield "a tag of the format", with_value(doc, ("tags", 0, 0), "Deal")
    yield "a tag twice", with_value(doc, ("tags",), doc["tags"] + [doc["tags"][0]])
    yield "a tag of two lines", with_value(doc, ("tags", 0, 1), "club\nnight")


RECORD_REFUSED = [record_seed_changed, record_chance_forged, record_bid_forged, record_play_forged,
                  record_exchange_forged, record_tag_forged]


@pytest.mark.parametrize("forgeries", RECORD_REFUSED, ids=[f.__name__ for f in RECORD_REFUSED])
def test_record_forgeries_are_refused(forgeries: Callable[[Sample, Document, random.Random], Forgeries]) -> None:
    assert _run("record", forgeries, "refused") > 0


def record_free_changes(sample: Sample, doc: Document, rng: random.Random) -> Forgeries:
    # Tags are free text; a record lists every chance step, so it replays
    # without its seed too (P-2, T-2, T-6).
    yield "tag value changed", with_value(doc, ("tags", 0, 1), "another night")
    yield "tag dropped", with_value(doc, ("tags",), doc["tags"][1:])
    if doc["seed"] is not None:
        yield "seed dropped", with_value(doc, ("seed",), None)


def test_record_free_changes_are_accepted() -> None:
    assert _run("record", record_free_changes, "accepted", per_sample=1) > 0


def test_record_with_changed_actions_is_refused_or_real() -> None:  # C-3..C-7, P-2..P-7, T-2..T-7
    assert _run("record", actions_changed, "either") > 0


# ----------------------------------------------------------------------
# Records (text).


def _lines(text: str, pattern: str) -> list[int]:
    return [i for i, line in enumerate(text.splitlines()) if re.match(pattern, line)]


def _replace_line(text: str, index: int, line: str) -> str:
    lines = text.splitlines()
    lines[index] = line
    return "\n".join(lines) + "\n"


def text_tags_forged(sample: Sample, text: str, rng: random.Random) -> Iterator[tuple[str, str]]:
    lines = text.splitlines()
    players = sample.state.rules.players
    for i in pick(rng, _lines(text, r'\[Score "'), 2):
        # S-1..S-8: the score after a hand is what the rules give it.
        scores = re.findall(r"-?\d+", lines[i])
        scores[0] = str(int(scores[0]) + rng.choice((-1, 1, 10)))
        yield f"line {i + 1}: score {scores}", _replace_line(text, i, f'[Score "{" ".join(scores)}"]')
    for i in pick(rng, _lines(text, r'\[Dealer "'), 2):
        # P-8, T-8: the dealer moves one seat on each hand.
        dealer = (int(re.findall(r"\d", lines[i])[0]) + rng.randrange(1, players)) % players
        yield f"line {i + 1}: dealer {dealer}", _replace_line(text, i, f'[Dealer "{dealer}"]')
    for i in pick(rng, _lines(text, r'\[Hand "'), 2):
        # P-8: hands are numbered in order from 0.
        number = int(re.findall(r"\d+", lines[i])[0]) + 1
        yield f"line {i + 1}: hand {number}", _replace_line(text, i, f'[Hand "{number}"]')
    for i in pick(rng, _lines(text, r'\[(Auction|Play|Draft|Exchange|Discard) "\d"'), 3):
        # P-3, P-7, T-3, T-4, P-6, T-6: the seat a section starts from is the one to act.
        name, seat = re.findall(r'\[(\w+) "(\d)"', lines[i])[0]
        other = (int(seat) + rng.randrange(1, players)) % players
        yield f"line {i + 1}: [{name} {other}]", _replace_line(text, i, f'[{name} "{other}"]')
    for i in pick(rng, _lines(text, r'\[Seed "\d'), 1):
        # P-2, T-2: the chance steps of a seeded game are the seed's.
        seed = int(re.findall(r"\d+", lines[i])[0]) + 1
        yield f"line {i + 1}: seed {seed}", _replace_line(text, i, f'[Seed "{seed}"]')
    for i in pick(rng, _lines(text, r'\[Deal "'), 2):
        # P-2, V-10: 13 (17) cards to each seat.
        start, hands_text = re.findall(r'\[Deal "(\d):(.*)"\]', lines[i])[0]
        hands = [_cards(h) for h in hands_text.split()]
        giver, taker = rng.sample(range(len(hands)), 2)
        card = rng.choice(hands[giver].cards())
        hands[giver] -= one_card(card)
        hands[taker] |= one_card(card)
        line = f'[Deal "{start}:{" ".join(str(h) for h in hands)}"]'
        yield f"line {i + 1}: {card} dealt to another seat", _replace_line(text, i, line)
    auction = [i + 1 for i in _lines(text, r'\[Auction "')]
    for i in pick(rng, auction, 1):
        # C-3: at most 13 tricks (V-10: 17).
        tokens = lines[i].split()
        tokens[0] = str(ref_hand_size(sample.state.rules) + 1)
        yield f"line {i + 1}: bid {tokens[0]}", _replace_line(text, i, " ".join(tokens))
    for i in pick(rng, _lines(text, r'\[(?!Format|Rules|Seed|Hand|Dealer|Deal|Stock|Draft|Auction|Play|Exchange|'
                                      r'Discard|Replacement|Score)'), 1):
        yield f"line {i + 1}: a tag repeated", "\n".join(lines[: i + 1] + [lines[i]] + lines[i + 1 :]) + "\n"


def test_record_text_forgeries_are_refused() -> None:
    assert _run("text", text_tags_forged, "refused", per_sample=3) > 0


def text_free_changes(sample: Sample, text: str, rng: random.Random) -> Iterator[tuple[str, str]]:
    # A descriptive tag is free text.
    yield "tag value changed", text.replace('[Event "club night"]', '[Event "another \\"night\\""]')
    yield "tag dropped", text.replace('[Round "3"]\n', "")


def test_record_text_free_changes_are_accepted() -> None:
    assert _run("text", text_free_changes, "accepted", per_sample=1) > 0


def text_plays_changed(sample: Sample, text: str, rng: random.Random) -> Iterator[tuple[str, str]]:
    # Two cards, bids or draft choices of a line swapped, or one dropped or
    # repeated: a real game (C-5, C-7, P-3, T-2), or refused.
    lines = text.splitlines()
    actions = [i for i, line in enumerate(lines) if line and not line.startswith("[")]
    for i in pick(rng, actions, 3):
        tokens = lines[i].split()
        if len(tokens) >= 2:
            j = rng.randrange(len(tokens) - 1)
            tokens[j], tokens[j + 1] = tokens[j + 1], tokens[j]
            yield f"line {i + 1}: tokens {j} and {j + 1} swapped", _replace_line(text, i, " ".join(tokens))
        tokens = lines[i].split()
        j = rng.randrange(len(tokens))
        yield f"line {i + 1}: token {j} dropped", _replace_line(text, i, " ".join(tokens[:j] + tokens[j + 1 :]))
        yield f"line {i + 1}: token {j} repeated", _replace_line(text, i, " ".join(tokens[: j + 1] + tokens[j:]))


def test_record_text_with_changed_actions_is_refused_or_real() -> None:
    assert _run("text", text_plays_changed, "either", per_sample=2) > 0


# ----------------------------------------------------------------------
# Generic forgeries: a random value replaced by a plausible one.


def _chooser(data: st.DataObject) -> Any:
    def choose(options: Sequence[T], label: str) -> T:
        return data.draw(st.sampled_from(options), label=label)

    return choose


_SAMPLE_INDEXES = st.integers(min_value=0).map(lambda n: n % len(catalogue()))


@given(data=st.data(), index=_SAMPLE_INDEXES)
def test_generic_state_forgeries_are_refused_or_real(data: st.DataObject, index: int) -> None:
    forged, description = forge(_state_document(index), _chooser(data))
    data.draw(st.just(description), label="forgery")
    _load_state(forged)


@given(data=st.data(), index=_SAMPLE_INDEXES)
def test_generic_record_forgeries_are_refused_or_real(data: st.DataObject, index: int) -> None:
    forged, description = forge(_record_document(index), _chooser(data))
    data.draw(st.just(description), label="forgery")
    _load_record(forged)


_TOKEN_POOLS: tuple[tuple[str, ...], ...] = (
    CARD_NAMES,
    ("nil", "dn", "0", "1", "2", "3", "4", "5", "13", "14"),
    ("keep", "reject", "dn"),
)


@given(data=st.data(), index=_SAMPLE_INDEXES)
def test_generic_record_text_forgeries_are_refused_or_real(data: st.DataObject, index: int) -> None:
    """One token of a record's text (of a line of actions, or of a tag's
    value) replaced by another of its kind (a card, a bid, a draft choice, a
    nearby number), or swapped with the next, dropped or repeated."""
    text = _record_text(index)
    lines = text.splitlines()
    at = data.draw(st.sampled_from([i for i, line in enumerate(lines) if line.strip()]), label="line")
    tag = re.fullmatch(r'\[(\w+) "(.*)"\]', lines[at])
    tokens = (tag.group(2) if tag else lines[at]).split(" ")
    j = data.draw(st.integers(0, len(tokens) - 1), label="token")
    token = tokens[j]
    pool = next((p for p in _TOKEN_POOLS if token in p), ())
    if re.fullmatch(r"-?\d+", token):
        value = int(token)
        pool = tuple(str(v) for v in (value - 10, value - 1, value + 1, value + 2, 0, 13, 14))
    choices = [t for t in pool if t != token]
    how = data.draw(st.sampled_from(["replace"] * bool(choices) + ["swap", "drop", "repeat"]), label="how")
    if how == "replace":
        tokens[j] = data.draw(st.sampled_from(choices), label="by")
    elif how == "swap" and j + 1 < len(tokens):
        tokens[j], tokens[j + 1] = tokens[j + 1], tokens[j]
    elif how == "drop":
        del tokens[j]
    else:
        tokens.insert(j, token)
    line = f'[{tag.group(1)} "{" ".join(tokens)}"]' if tag else " ".join(tokens)
    _parse_record(_replace_line(text, at, line))
