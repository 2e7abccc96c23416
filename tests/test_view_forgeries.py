"""Forged seat views: documents no real game produces must be refused.

Each document is ``to_dict(seat_view(state, seat, history=True))`` of a real state
(``_forgery.catalogue``: every phase of every preset, seeded and unseeded)
with ONE thing changed so that, by the rules, no game can show that seat
that view: a card both in the hand and on the table, a trick given to a seat
that did not win it, the turn given to a seat that is not next, a bid the
rules forbid, scores and bags that do not follow from the score sheet, a
hand one card too large or too small, a card on the table after the game,
draft fields that contradict the draft, a legal action added or removed.
A view shows less than the state, so only what the view itself rules out is
forged here: where the view cannot tell two moments apart (whose turn it is
in the middle of the Double Nil exchanges, say) nothing is changed.

``view_from_dict`` must refuse each forgery with a
:class:`~spades.SpadesError` (nothing else may escape).  The generic
forgeries (Hypothesis) change any value to a plausible one; a view the
loader accepts must write back as exactly the document it was read from.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spades import Card, CardSet, Rules, SpadesError, seat_view
from spades.serial import view_from_dict

from _forgery import PHASE_NAMES, Sample, T, catalogue, forge, one_card, pick, split_path, with_value
from invariants import ref_deck, ref_double_nil_open, ref_hand_size, ref_sides
from _forgery import plain_dict

Document = dict[str, Any]
Forgeries = Iterator[tuple[str, Document]]
Forger = Callable[["View"], Forgeries]

_TURN_PHASES = ("DRAFT", "BID", "DISCARD", "EXCHANGE", "PLAY")
_NO_TURN_PHASES = ("DEAL", "REPLACE", "GAME_OVER")


class View:
    """One seat's view document of one sample, and what the forgeries need."""

    def __init__(self, sample: Sample, seat: int, doc: Document) -> None:
        self.sample = sample
        self.seat = seat
        self.doc = doc
        self.rules: Rules = sample.state.rules
        self.rng = random.Random(f"{sample.name} seat {seat}")
        self.players = self.rules.players
        self.deck = sorted(ref_deck(self.rules))

    @property
    def name(self) -> str:
        return f"{self.sample.name}/seat {self.seat}"

    @property
    def phase(self) -> str:
        return str(self.doc["phase"])

    def cards(self, field: str) -> CardSet:
        return CardSet.parse(self.doc[field])

    def played(self) -> CardSet:
        """The cards on the table this hand: finished tricks and the trick."""
        cards = [c for trick in self.doc["tricks"] for c in trick["cards"]] + list(self.doc["trick"])
        return CardSet.from_cards(cards)

    def unseen(self) -> list[int]:
        """Cards of the deck this view shows nowhere this hand."""
        shown = (self.cards("hand") | self.played() | self.cards("gave") | self.cards("received")
                 | self.cards("drafted") | self.cards("draft_discards"))
        return [c for c in self.deck if not shown.mask >> c & 1]

    def with_value(self, path: tuple[Any, ...], value: Any) -> Document:
        return with_value(self.doc, path, value)

    def choose(self, items: list[T]) -> T:
        return self.rng.choice(items)


@functools.lru_cache(maxsize=None)
def _views() -> tuple[View, ...]:
    """Two seats' views of each sample (every seat of a two-player game)."""
    views = []
    for sample in catalogue():
        rng = random.Random(sample.name)
        seats = pick(rng, range(sample.state.rules.players), 2)
        turn = sample.state.turn
        if turn is not None and turn not in seats:
            seats[0] = turn  # the seat to act: its legal actions get forged too
        for seat in sorted(seats):
            views.append(View(sample, seat, plain_dict(seat_view(sample.state, seat, history=True))))
    return tuple(views)


def _refused(forged: Document) -> bool:
    """Whether the view loader refuses ``forged`` (only a SpadesError may
    escape); an accepted view must write back as ``forged`` (its rules as a
    preset and the options that differ from it, however they were spelt:
    options left out take their defaults)."""
    try:
        view = view_from_dict(forged)
    except SpadesError:
        return True
    expected = dict(forged)
    expected["rules"] = Rules.from_dict(forged["rules"]).to_preset_dict()
    assert plain_dict(view) == expected, "the accepted view does not write back as itself"
    return False


def _run(forgeries: Forger, per_view: int = 1) -> None:
    tried = 0
    accepted: list[str] = []
    for view in _views():
        made = list(forgeries(view))
        for description, forged in pick(view.rng, made, per_view):
            tried += 1
            if not _refused(forged):
                accepted.append(f"{view.name}: {description}")
    assert tried > 0, "no view to forge"
    assert not accepted, f"{len(accepted)} of {tried} impossible views accepted: " + "; ".join(accepted[:5])


def _rows(view: View) -> list[tuple[str, Document]]:
    return [(f"sheet/{i}", row) for i, row in enumerate(view.doc["sheet"])]


# ----------------------------------------------------------------------
# Cards in two places, and tricks.


def hand_card_in_the_trick(view: View) -> Forgeries:
    # C-1: a card in the hand has not been played; C-5: the trick holds cards
    # played, none still held.
    for card in pick(view.rng, view.cards("hand").cards(), 2):
        trick = list(view.doc["trick"])
        if trick:
            trick[-1] = str(card)
        else:
            trick = [str(card)]
        yield f"{card} in the hand and in the trick {trick}", view.with_value(("trick",), trick)


def hand_card_in_a_finished_trick(view: View) -> Forgeries:
    # C-1: a card in the hand has not been played in a trick of this hand.
    tricks = view.doc["tricks"]
    for card in pick(view.rng, view.cards("hand").cards(), 2):
        if tricks:
            i = view.rng.randrange(len(tricks))
            k = view.rng.randrange(len(tricks[i]["cards"]))
            cards = list(tricks[i]["cards"])
            cards[k] = str(card)
            yield f"{card} in the hand and in trick {i}", view.with_value(("tricks", i, "cards"), cards)


def trick_winner_changed(view: View) -> Forgeries:
    # C-7: the highest spade, else the highest card of the suit led, wins.
    sources = [("tricks", view.doc["tricks"])] + [(f"{p}/tricks", row["tricks"]) for p, row in _rows(view)]
    for where, tricks in pick(view.rng, [s for s in sources if s[1]], 2):
        i = view.rng.randrange(len(tricks))
        winner = (tricks[i]["winner"] + view.rng.randrange(1, view.players)) % view.players
        yield f"{where}/{i} won by seat {winner}", view.with_value((*split_path(where), i, "winner"), winner)


def card_on_the_table_after_the_game(view: View) -> Forgeries:
    # S-9, C-8: the game ends when a hand is over: every card has been played
    # and gathered, no trick is on the table.
    if view.phase != "GAME_OVER":
        return
    last = view.doc["sheet"][-1]["tricks"]
    yield "a card in the trick", view.with_value(("trick",), [str(Card(view.choose(view.deck)))])
    yield "a finished trick on the table", view.with_value(("tricks",), [last[-1]])
    yield "a seat to lead", view.with_value(("leader",), view.rng.randrange(view.players))


# ----------------------------------------------------------------------
# Whose turn it is, and the phase.


def turn_not_next(view: View) -> Forgeries:
    # P-3, T-4: bidding goes clockwise from the seat the rules name; P-7, C-7:
    # play goes clockwise from the leader; T-3: the draft alternates.  (In the
    # exchanges the view cannot always tell whose turn it is: not forged.)
    if view.phase in ("BID", "PLAY", "DRAFT"):
        for seat in range(view.players):
            if seat != view.doc["turn"]:
                yield f"turn {seat}, not {view.doc['turn']}", view.with_value(("turn",), seat)


def leader_changed(view: View) -> Forgeries:
    # C-7, P-7, T-7: the trick is led by the winner of the one before (the
    # first by the first leader), and play goes clockwise from the leader.
    if view.phase == "PLAY":
        for seat in range(view.players):
            if seat != view.doc["leader"]:
                yield f"leader {seat}", view.with_value(("leader",), seat)


def phase_contradicts_the_turn(view: View) -> Forgeries:
    # A seat acts in the draft, bidding, exchanges and play; none at a chance
    # step (P-2, T-2, T-6) or after the game (S-9).
    other = _NO_TURN_PHASES if view.doc["turn"] is not None else _TURN_PHASES
    for phase in other:
        if phase != view.phase:
            yield f"phase {phase} with turn {view.doc['turn']}", view.with_value(("phase",), phase)


def phase_of_another_game(view: View) -> Forgeries:
    # T-2, T-6: only two players draft, discard and draw replacements; P-6:
    # only partners exchange cards.
    with_turn = view.doc["turn"] is not None
    phases: list[str] = []
    if view.players != 2:
        phases += ["DRAFT", "DISCARD"] if with_turn else ["REPLACE"]
    if not view.rules.partners and with_turn:
        phases.append("EXCHANGE")
    for phase in phases:
        if phase != view.phase:
            yield f"phase {phase} with {view.players} players", view.with_value(("phase",), phase)


def dealer_changed(view: View) -> Forgeries:
    # P-2, P-8, T-1, T-8: the dealer moves one seat on each hand.
    dealer = (view.doc["dealer"] + view.rng.randrange(1, view.players)) % view.players
    yield f"dealer {dealer}", view.with_value(("dealer",), dealer)
    for path, row in pick(view.rng, _rows(view), 1):
        yield f"{path} dealt by {(row['dealer'] + 1) % view.players}", view.with_value(
            (*split_path(path), "dealer"), (row["dealer"] + 1) % view.players
        )


def hand_number_changed(view: View) -> Forgeries:
    # P-8, S-9: hands are numbered in order; the sheet holds the finished ones.
    for delta in (-1, 1):
        yield f"hand number {view.doc['hand_number'] + delta}", view.with_value(
            ("hand_number",), view.doc["hand_number"] + delta
        )


# ----------------------------------------------------------------------
# Bids.


def bid_above_the_hand_size(view: View) -> Forgeries:
    # C-3: a bid is 0..13 tricks (V-10: 0..17).
    too_many = str(ref_hand_size(view.rules) + 1)
    for seat, bid in enumerate(view.doc["bids"]):
        if bid is not None:
            yield f"seat {seat} bids {too_many}", view.with_value(("bids", seat), too_many)
    for path, row in pick(view.rng, _rows(view), 1):
        seat = view.rng.randrange(view.players)
        yield f"{path}: seat {seat} bid {too_many}", view.with_value((*split_path(path), "bids", seat), too_many)


def double_nil_the_rules_forbid(view: View) -> Forgeries:
    # V-3: Double Nil only where the rules allow it, and with a trailing
    # margin only for a side that far behind when it bids (P-6, T-6).
    rules = view.rules
    if view.phase not in ("DEAL", "GAME_OVER"):
        # The current hand: bid at the scores the view shows.
        for seat, bid in enumerate(view.doc["bids"]):
            if bid is not None and bid != "double nil" and not ref_double_nil_open(rules, seat, view.doc["scores"]):
                yield f"seat {seat} bids double nil", view.with_value(("bids", seat), "double nil")
    scores = [0] * len(ref_sides(rules))
    for path, row in _rows(view):
        for seat, bid in enumerate(row["bids"]):
            if bid != "double nil" and not ref_double_nil_open(rules, seat, scores):
                yield f"{path}: seat {seat} bid double nil", view.with_value((*split_path(path), "bids", seat),
                                                                             "double nil")
        scores = [side["score"] for side in row["result"]]


def contract_above_the_maximum(view: View) -> Forgeries:
    # V-6: a side's contract is at most max_side_contract (P-4: the sum of
    # its members' bids).
    limit = view.rules.max_side_contract
    if limit is None:
        return
    rows = [("", view.doc["bids"])] if view.phase not in ("DEAL", "GAME_OVER") else []
    rows += [(f"{path}/", row["bids"]) for path, row in _rows(view)]
    for where, bids in rows:
        for members in ref_sides(view.rules):
            for seat in members:
                others = sum(_tricks(bids[s]) for s in members if s != seat)
                bid = limit + 1 - others
                if bids[seat] is not None and 0 < bid <= ref_hand_size(view.rules):
                    path = (*split_path(where + "bids"), seat)
                    yield f"{where}seat {seat} bids {bid} (side contract {limit + 1})", view.with_value(path, str(bid))


def _tricks(bid: str | None) -> int:
    return int(bid) if bid is not None and bid.isdigit() else 0


def bid_out_of_turn(view: View) -> Forgeries:
    # P-3, T-4: the seats bid one after the other, clockwise from the first
    # bidder, each once: those before the seat to bid have bid, the others
    # have not.
    if view.phase != "BID":
        return
    for seat, bid in enumerate(view.doc["bids"]):
        if seat == view.doc["turn"]:
            continue
        if bid is None:
            yield f"seat {seat} has bid before its turn", view.with_value(("bids", seat), "3")
        elif bid != "double nil" or view.players != 2:
            yield f"seat {seat}'s bid taken back", view.with_value(("bids", seat), None)


# ----------------------------------------------------------------------
# Scores and tricks.


def score_changed(view: View) -> Forgeries:
    # S-1..S-8: the scores are the score sheet's, each hand scored by the rules.
    for side, score in enumerate(view.doc["scores"]):
        delta = view.rng.choice((-10, -1, 1, 10))
        yield f"side {side} score {score + delta}", view.with_value(("scores", side), score + delta)
    for path, row in pick(view.rng, _rows(view), 1):
        side = view.rng.randrange(len(row["result"]))
        field = view.choose(["points", "score", "contract_points", "bag_points", "nil_points"])
        value = row["result"][side][field] + 1
        yield f"{path}: side {side} {field} {value}", view.with_value((*split_path(path), "result", side, field),
                                                                      value)


def bags_changed(view: View) -> Forgeries:
    # S-2, S-8: bags carried are the sheet's, below the penalty threshold.
    limit = view.rules.bags_per_penalty
    for side, bags in enumerate(view.doc["bags"]):
        value = bags + 1 if bags + 1 < limit else bags - 1
        yield f"side {side} carries {value} bags", view.with_value(("bags", side), value)
    for path, row in pick(view.rng, _rows(view), 1):
        side = view.rng.randrange(len(row["result"]))
        value = row["result"][side]["total_bags"] + 1
        yield f"{path}: side {side} total bags {value}", view.with_value(
            (*split_path(path), "result", side, "total_bags"), value
        )


def tricks_won_changed(view: View) -> Forgeries:
    # C-7, C-8: each seat's tricks are the tricks it won (after the game: the
    # last hand's, as the score sheet gives them).
    for seat, won in enumerate(view.doc["tricks_won"]):
        yield f"seat {seat} won {won + 1} tricks", view.with_value(("tricks_won", seat), won + 1)
    for path, row in pick(view.rng, _rows(view), 1):
        won = list(row["tricks_won"])
        i, j = view.rng.sample(range(len(won)), 2)
        won[i], won[j] = won[i] + 1, won[j] - 1
        yield f"{path}: tricks won {won}", view.with_value((*split_path(path), "tricks_won"), won)


def spades_broken_flipped(view: View) -> Forgeries:
    # C-6: spades are broken once a spade has been played this hand (and
    # stay so once the game is over, the last hand's).
    yield "spades broken flipped", view.with_value(("spades_broken",), not view.doc["spades_broken"])


def winner_changed(view: View) -> Forgeries:
    # S-9, V-1, V-8: the winner follows from the scores, once the game is over.
    for winner in [*range(len(view.doc["scores"])), None]:
        if winner != view.doc["winner"]:
            yield f"winner {winner}", view.with_value(("winner",), winner)


# ----------------------------------------------------------------------
# The hand.


def _count(view: View, size: int) -> Document:
    sizes = list(view.doc["hand_sizes"])
    sizes[view.seat] = size
    return {"hand_sizes": sizes}


def hand_one_card_more(view: View) -> Forgeries:
    # P-2, T-3, C-8, P-6, T-6: how many cards a seat holds follows from the
    # phase, the exchanges and the tricks played; the count shown agrees.
    hand = view.cards("hand")
    for card in pick(view.rng, view.unseen(), 1):
        forged = view.with_value(("hand",), str(hand | one_card(card)))
        forged.update(_count(view, len(hand) + 1))
        yield f"{Card(card)} added to the hand (and its count)", forged


def hand_one_card_fewer(view: View) -> Forgeries:
    # P-2, T-3, C-8, P-6, T-6 (as above).
    hand = view.cards("hand")
    for card in pick(view.rng, hand.cards(), 1):
        forged = view.with_value(("hand",), str(hand - one_card(card)))
        forged.update(_count(view, len(hand) - 1))
        yield f"{card} taken from the hand (and its count)", forged


def hand_not_its_count(view: View) -> Forgeries:
    # The count of the seat's own cards is its hand's size.
    hand = view.cards("hand")
    for card in pick(view.rng, view.unseen(), 1):
        yield f"{Card(card)} added to the hand only", view.with_value(("hand",), str(hand | one_card(card)))


def gave_more_than_the_exchange(view: View) -> Forgeries:
    # P-6: exactly the exchange size is given; T-6: at most that many are
    # discarded (V-3).
    gave = view.cards("gave")
    extra = view.rules.double_nil_exchange + 1 - len(gave)
    unseen = view.unseen()
    if 0 < extra <= len(unseen):
        more = gave | CardSet.from_cards(pick(view.rng, unseen, extra))
        yield f"gave {more}", view.with_value(("gave",), str(more))


# ----------------------------------------------------------------------
# The two-player draft.


def draft_fields_without_a_draft(view: View) -> Forgeries:
    # T-2: only the two-player game drafts.
    if view.players == 2:
        return
    card = Card(view.choose(view.deck))
    yield "a drafted card", view.with_value(("drafted",), str(CardSet.from_cards([card])))
    yield "a draft discard", view.with_value(("draft_discards",), str(CardSet.from_cards([card])))
    yield "a top of stock", view.with_value(("top_of_stock",), str(card))
    yield "a stock", view.with_value(("stock_left",), 2)


def draft_card_kept_and_discarded(view: View) -> Forgeries:
    # T-2: of the two cards of a turn, one is kept and the other discarded.
    if view.players == 2:
        for card in pick(view.rng, view.cards("drafted").cards(), 1):
            discards = view.cards("draft_discards") | one_card(card)
            yield f"{card} kept and discarded", view.with_value(("draft_discards",), str(discards))


def draft_discards_one_more(view: View) -> Forgeries:
    # T-2, T-3: each draft turn keeps one card and discards one, so a seat has
    # kept as many cards as it has discarded.
    if view.players == 2:
        for card in pick(view.rng, view.unseen(), 1):
            discards = view.cards("draft_discards") | one_card(card)
            yield f"{Card(card)} also discarded", view.with_value(("draft_discards",), str(discards))


def drafted_one_fewer(view: View) -> Forgeries:
    # T-2, T-3 (as above); during the draft the hand is the cards kept.
    if view.players == 2:
        for card in pick(view.rng, view.cards("drafted").cards(), 1):
            yield f"{card} not drafted", view.with_value(("drafted",), str(view.cards("drafted") - one_card(card)))


def stock_left_changed(view: View) -> Forgeries:
    # T-3: two cards leave the stock each turn; it is empty after the draft.
    if view.players == 2:
        for value in (view.doc["stock_left"] + 2, view.doc["stock_left"] - 2):
            if value >= 0:
                yield f"stock of {value}", view.with_value(("stock_left",), value)


def top_of_stock_misshown(view: View) -> Forgeries:
    # T-2: the drawing seat sees the top card during its draft turn; nobody
    # else sees it, and there is no stock outside the draft.
    if view.players != 2:
        return
    if view.doc["top_of_stock"] is not None:
        yield "top of stock hidden from the drawing seat", view.with_value(("top_of_stock",), None)
    else:
        for card in pick(view.rng, view.unseen(), 1):
            yield f"top of stock {Card(card)} shown", view.with_value(("top_of_stock",), str(Card(card)))


# ----------------------------------------------------------------------
# Legal actions and Double Nil.


def _action_like(view: View) -> Document | None:
    """An action of the kind the phase takes that is not legal now."""
    listed = view.doc["legal_actions"]
    phase = view.phase
    if phase == "PLAY":
        hand = view.cards("hand")
        legal = {a["play"] for a in listed}
        others = [str(c) for c in hand if str(c) not in legal] or [str(Card(c)) for c in view.unseen()]
        return {"play": view.choose(others)} if others else None
    if phase == "BID":
        bids = {a["bid"] for a in listed}
        others = [b for b in ["nil", *map(str, range(1, ref_hand_size(view.rules) + 1)), "double nil"]
                  if b not in bids]
        return {"bid": view.choose(others)} if others else None
    if phase == "DRAFT":
        return {"bid": "double nil"} if {"bid": "double nil"} not in listed else None
    if phase in ("EXCHANGE", "DISCARD"):
        unseen = view.unseen()  # not in the hand: never given
        size = view.rules.double_nil_exchange if phase == "EXCHANGE" else 1
        if len(unseen) >= size:
            return {"exchange": [str(c) for c in CardSet.from_cards(pick(view.rng, unseen, size))]}
    return None


def legal_action_added(view: View) -> Forgeries:
    # C-3..C-5, P-6, T-2, T-6, V-2, V-3, V-6, V-7: the legal actions are the
    # ones the rules give the seat to act, each listed once.
    listed = view.doc["legal_actions"]
    if isinstance(listed, dict):  # P-6, T-6: "give N of these cards"
        choice = listed["exchange"]
        yield "a size more", view.with_value(("legal_actions",), {"exchange": {**choice, "sizes": choice["sizes"] + [max(choice["sizes"]) + 1]}})
        unseen = view.unseen()
        if unseen:
            more = str(CardSet.parse(choice["cards"]) | CardSet.from_cards(unseen[:1]))
            yield "a card more to give", view.with_value(("legal_actions",), {"exchange": {**choice, "cards": more}})
        return
    if view.doc["turn"] == view.seat and listed:
        yield "an action listed twice", view.with_value(("legal_actions",), listed + [listed[0]])
        extra = _action_like(view)
        if extra is not None:
            yield f"{extra} listed", view.with_value(("legal_actions",), listed + [extra])


def legal_action_removed(view: View) -> Forgeries:
    # As above: none of the seat's legal actions is left out.
    listed = view.doc["legal_actions"]
    if isinstance(listed, dict):  # P-6, T-6: "give N of these cards"
        choice = listed["exchange"]
        cards = list(CardSet.parse(choice["cards"]))
        yield "a card fewer to give", view.with_value(("legal_actions",), {"exchange": {**choice, "cards": str(CardSet.from_cards(cards[1:]))}})
        yield "no sizes", view.with_value(("legal_actions",), {"exchange": {**choice, "sizes": []}})
        return
    for i in pick(view.rng, range(len(listed)), 2):
        yield f"{listed[i]} left out", view.with_value(("legal_actions",), listed[:i] + listed[i + 1 :])


def legal_actions_for_a_seat_not_to_act(view: View) -> Forgeries:
    # Only the seat to act has legal actions.
    if view.doc["turn"] != view.seat:
        extra = _action_like(view) or {"bid": "3"}
        yield f"{extra} listed for seat {view.seat}", view.with_value(("legal_actions",), [extra])


def double_nil_open_flipped(view: View) -> Forgeries:
    # P-6, T-6, V-3: Double Nil is open to a seat that has not bid (two
    # players: not yet drafted) where the rules allow it.
    yield "double nil open flipped", view.with_value(("double_nil_open",), not view.doc["double_nil_open"])


IMPOSSIBLE: list[Forger] = [
    hand_card_in_the_trick,
    hand_card_in_a_finished_trick,
    trick_winner_changed,
    card_on_the_table_after_the_game,
    turn_not_next,
    leader_changed,
    phase_contradicts_the_turn,
    phase_of_another_game,
    dealer_changed,
    hand_number_changed,
    bid_above_the_hand_size,
    double_nil_the_rules_forbid,
    contract_above_the_maximum,
    bid_out_of_turn,
    score_changed,
    bags_changed,
    tricks_won_changed,
    spades_broken_flipped,
    winner_changed,
    hand_one_card_more,
    hand_one_card_fewer,
    hand_not_its_count,
    gave_more_than_the_exchange,
    draft_fields_without_a_draft,
    draft_card_kept_and_discarded,
    draft_discards_one_more,
    drafted_one_fewer,
    stock_left_changed,
    top_of_stock_misshown,
    legal_action_added,
    legal_action_removed,
    legal_actions_for_a_seat_not_to_act,
    double_nil_open_flipped,
]


@pytest.mark.parametrize("forgeries", IMPOSSIBLE, ids=[f.__name__ for f in IMPOSSIBLE])
def test_impossible_views_are_refused(forgeries: Forger) -> None:
    _run(forgeries)


def test_the_real_views_load() -> None:
    # The forgeries start from views the loader accepts.
    for view in _views():
        assert not _refused(view.doc), view.name
    phases = {view.phase for view in _views()}
    assert phases == set(PHASE_NAMES), phases
    assert {view.seat for view in _views() if view.doc["turn"] == view.seat}, "no seat to act"


# ----------------------------------------------------------------------
# Generic forgeries.


@given(data=st.data(), index=st.integers(min_value=0))
def test_generic_view_forgeries_are_refused_or_write_back(data: st.DataObject, index: int) -> None:
    def choose(options: Any, label: str) -> Any:
        return data.draw(st.sampled_from(options), label=label)

    views = _views()
    forged, description = forge(views[index % len(views)].doc, choose)
    data.draw(st.just(description), label="forgery")
    _refused(forged)
