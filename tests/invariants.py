"""One invariant checker for every rule set, and random playouts to run it on.

The checker re-derives what a state must be from the rules text, written
here independently of the library: it reads only the option values of
``Rules``, never the tables the library derives from them, and calls none
of the library's rule functions.  From the options it works out the deck
(C-1, V-9, V-10), the hand size (C-8, V-10) and the sides (P-1, T-1, V-10);
which suit a card follows, which card wins a trick (C-7), which cards may be
played (C-4, C-5, V-7), who may bid Double Nil and the order of its
exchanges (P-6, T-6, V-3), how a hand is scored (S-1..S-8, V-2..V-5, V-8)
and when the game ends (S-9, V-1, V-8).  The library is used only to drive
the game (``new_game``, ``apply``, ``legal_actions``, ``sample_chance``)
and for its value types.  A hand is replayed from its actions (the deal or
draft, bids, exchanges and plays) and compared with what the state says, so
any preset, present or future, is checked the moment it is listed in a test.

Entry points:

* :func:`check_state` -- everything that must hold of one state;
* :func:`check_transition` -- what must hold between a state, an action it
  accepted, and the state that came out;
* :func:`check_actions` -- every listed action applies, every other card or
  bid is refused and leaves the state as it was;
* :func:`apply_checked` -- apply one action with all of the above;
* :func:`playout` -- play random hands or games under given rules, checking
  every step.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs

from spades import (
    Bid,
    Card,
    CardSet,
    Deal,
    Draft,
    Exchange,
    GameState,
    HandRecord,
    IllegalActionError,
    Phase,
    Replacement,
    Rules,
    SpadesError,
    Stock,
    new_game,
)

__all__ = [
    "ref_deck",
    "ref_hand_size",
    "ref_cards_set_aside",
    "ref_is_draft",
    "ref_sides",
    "ref_side_of",
    "ref_suit",
    "ref_strength",
    "ref_trick_winner",
    "ref_legal_cards",
    "ref_score",
    "ref_winner",
    "ref_double_nil_open",
    "ref_exchange_order",
    "HandReplay",
    "snapshot",
    "check_state",
    "check_transition",
    "check_actions",
    "check_hand_record",
    "apply_checked",
    "playout",
    "play_to_end",
    "random_action",
]

SPADES = 3
_JJDD = "joker-joker-deuce-deuce"

# The public card encoding (spades/cards.py): suit * 13 + rank, clubs,
# diamonds, hearts, spades, ranks 2..A; then the two jokers (V-9).
TWO_CLUBS = int(Card.parse("2C"))
TWO_DIAMONDS = int(Card.parse("2D"))
TWO_HEARTS = int(Card.parse("2H"))
TWO_SPADES = int(Card.parse("2S"))
LITTLE_JOKER = int(Card.parse("LJ"))
BIG_JOKER = int(Card.parse("BJ"))
STANDARD_DECK = frozenset(range(52))  # C-1: the 52 cards, 0..51


# ----------------------------------------------------------------------
# The rules, written again from RULES.md.  Only the option values of
# ``Rules`` are read (players, partners, deck, ...), never what the library
# derives from them, and no rule function of the library is called.
#
# The deck, the hands and the sides.


def ref_deck(rules: Rules) -> frozenset[int]:
    """The cards in play (C-1; V-9: the jokers come in and two deuces go out;
    V-10: three players may take out the 2 of clubs)."""
    removed: set[int] = set()
    added: set[int] = set()
    if rules.deck == "jokers":
        removed |= {TWO_CLUBS, TWO_DIAMONDS}  # V-9 (a)
        added |= {LITTLE_JOKER, BIG_JOKER}
    elif rules.deck == _JJDD:
        removed |= {TWO_CLUBS, TWO_HEARTS}  # V-9 (b)
        added |= {LITTLE_JOKER, BIG_JOKER}
    if rules.players == 3 and rules.three_player_deck == "remove-two-of-clubs":
        removed.add(TWO_CLUBS)  # V-10
    return (STANDARD_DECK - removed) | added


def ref_hand_size(rules: Rules) -> int:
    """Cards each seat holds when play starts, and so tricks in a hand: 13
    (C-8, P-2, T-3), 17 with three players (V-10)."""
    return 17 if rules.players == 3 else 13


def ref_cards_set_aside(rules: Rules) -> int:
    """Cards of the deck that a deal leaves out: the last card with three
    players and ``three_player_deck="set-aside"`` (V-10), else none (P-2
    deals all the cards).  The draft game deals nothing (T-2, T-3)."""
    return 1 if rules.players == 3 and rules.three_player_deck == "set-aside" else 0


def ref_is_draft(rules: Rules) -> bool:
    """Two players draft their hands instead of being dealt them (T-1, T-2)."""
    return rules.players == 2


def ref_sides(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """The seats of each scoring side: partners sit opposite (P-1), else each
    seat plays for itself (T-1, V-10)."""
    if rules.partners:
        return ((0, 2), (1, 3))  # P-1
    return tuple((seat,) for seat in range(rules.players))


def ref_side_of(rules: Rules, seat: int) -> int:
    """The index, in :func:`ref_sides`, of the side ``seat`` plays for."""
    return next(index for index, members in enumerate(ref_sides(rules)) if seat in members)


# Cards and tricks.


def ref_suit(card: int, rules: Rules) -> int:
    """The suit ``card`` belongs to for following (C-1; V-9: the jokers and,
    in joker-joker-deuce-deuce, the 2 of diamonds are spades)."""
    if card in (LITTLE_JOKER, BIG_JOKER):
        return SPADES
    if rules.deck == _JJDD and card == TWO_DIAMONDS:
        return SPADES
    return card // 13


def ref_strength(card: int, rules: Rules) -> int:
    """Orders cards of one suit; every spade beats every other card (C-1, C-7,
    V-9: Big Joker > Little Joker > [2D > 2S >] AS)."""
    if card == BIG_JOKER:
        return 204
    if card == LITTLE_JOKER:
        return 203
    if rules.deck == _JJDD and card == TWO_DIAMONDS:
        return 202
    if rules.deck == _JJDD and card == TWO_SPADES:
        return 201
    rank = card % 13
    return rank + 100 if ref_suit(card, rules) == SPADES else rank


def ref_trick_winner(trick: Sequence[int], rules: Rules) -> int:
    """Position of the winning card: the highest spade, else the highest card
    of the suit led (C-7)."""
    spades = [i for i, c in enumerate(trick) if ref_suit(c, rules) == SPADES]
    if spades:
        candidates = spades
    else:
        led = ref_suit(trick[0], rules)
        candidates = [i for i, c in enumerate(trick) if ref_suit(c, rules) == led]
    return max(candidates, key=lambda i: ref_strength(trick[i], rules))


def ref_legal_cards(
    hand: frozenset[int], trick: Sequence[int], broken: bool, rules: Rules, first_trick: bool
) -> frozenset[int]:
    """The cards of ``hand`` that may be played (C-4, C-5, V-7)."""
    non_spades = frozenset(c for c in hand if ref_suit(c, rules) != SPADES)
    if trick:
        led = ref_suit(trick[0], rules)
        follow = frozenset(c for c in hand if ref_suit(c, rules) == led)
        if follow:
            return follow  # C-5: follow suit if able
        if first_trick and rules.no_spades_first_trick and non_spades:
            return non_spades  # V-7
        return hand  # C-5: anything, trumping never forced
    if first_trick and rules.first_lead == "two-of-clubs" and 0 in hand:
        return frozenset({0})  # V-7
    if first_trick and rules.no_spades_first_trick and non_spades:
        return non_spades  # V-7
    if not broken and non_spades:
        return non_spades  # C-4
    return hand


@attrs.frozen
class RefSide:
    """One side's hand result as the rules text computes it."""

    points: int
    bags: int
    total_bags: int
    score: int
    boston: bool


def ref_score(
    rules: Rules, bids: Sequence[Bid], tricks: Sequence[int], scores: Sequence[int], bags: Sequence[int]
) -> tuple[RefSide, ...]:
    """Score a hand (S-1..S-8 and the V- scoring options)."""
    out = []
    for index, members in enumerate(ref_sides(rules)):
        contract = sum(bids[s].tricks for s in members if not bids[s].tricks == 0)  # P-4
        counted = sum(tricks[s] for s in members if bids[s].tricks != 0)  # S-6
        nil_points = 0
        nil_bags = 0
        for seat in members:
            bid = bids[seat]
            if bid.tricks != 0:
                continue
            value = rules.double_nil_bonus if bid.double_nil else rules.nil_bonus
            nil_points += value if tricks[seat] == 0 else -value  # P-5, P-6, S-4
            if rules.failed_nil == "bags":
                nil_bags += tricks[seat]  # S-7
            elif rules.failed_nil == "partner":
                counted += tricks[seat]  # V-4
        if counted >= contract:
            contract_points = 10 * contract  # S-1 (S-5: nothing for 0)
            if rules.ten_for_two_hundred and contract >= 10:
                contract_points *= 2  # V-8
            hand_bags = counted - contract  # S-2
        else:
            contract_points = -10 * contract  # S-3
            hand_bags = 0
        hand_bags += nil_bags
        side_tricks = sum(tricks[s] for s in members)
        boston = side_tricks == ref_hand_size(rules)  # V-8: every trick of the hand
        bonus = rules.boston_bonus if boston and rules.boston == "bonus" else 0
        total = bags[index] + hand_bags
        penalty = 0
        while total >= rules.bags_per_penalty:  # S-8
            total -= rules.bags_per_penalty
            penalty += rules.bag_penalty
        points = contract_points + hand_bags * rules.bag_points + nil_points + bonus - penalty
        out.append(RefSide(points, hand_bags, total, scores[index] + points, boston))
    return tuple(out)


def ref_winner(rules: Rules, result: Sequence[RefSide]) -> int | None:
    """The side that has won once a hand is scored, or ``None`` while another
    hand is to be played (S-9, C-2, V-1, V-8)."""
    takers = [index for index, side in enumerate(result) if side.boston]
    assert len(takers) <= 1, "V-8: only one side can take every trick"
    if takers and rules.boston == "win":
        return takers[0]  # V-8: a Boston wins the game at once
    scores = [side.score for side in result]
    reached = [index for index, score in enumerate(scores) if score >= rules.target]  # C-2
    floor = rules.losing_floor
    fallen = [] if floor is None else [index for index, score in enumerate(scores) if score <= floor]  # V-1
    if not reached and not fallen:
        return None  # nobody has reached the target nor fallen to the floor: play on
    if len(reached) == 1:
        return reached[0]  # S-9: exactly one side reached the target
    # S-9: several reached it (or V-1: a side fell to the floor): the highest
    # score wins, and a tie for the highest means another hand.
    ranked = sorted(scores, reverse=True)
    if len(ranked) > 1 and ranked[0] == ranked[1]:
        return None
    return scores.index(ranked[0])


# Double Nil.


def ref_double_nil_open(rules: Rules, seat: int, scores: Sequence[int]) -> bool:
    """Whether the rules let ``seat`` bid Double Nil at side scores ``scores``
    (P-6, T-6; V-3: allowed at all, and with ``double_nil_trailing_by`` only
    for a side at least that many points behind the best other side).  When
    in the hand it may be bid is the replay's business."""
    if not rules.double_nil_allowed:
        return False  # V-3
    if rules.double_nil_trailing_by is None:
        return True
    own = ref_side_of(rules, seat)
    best_other = max(score for side, score in enumerate(scores) if side != own)
    return best_other - scores[own] >= rules.double_nil_trailing_by  # V-3


def ref_exchange_order(rules: Rules, dealer: int, bids: Sequence[Bid | None]) -> list[tuple[int, int]]:
    """The Double Nil exchanges of a hand in order, as ``(giver, receiver)``;
    a receiver of -1 is a two-player discard (T-6)."""
    blind = {seat for seat, bid in enumerate(bids) if bid is not None and bid.double_nil}
    if not blind or rules.double_nil_exchange == 0:
        return []  # V-3: an exchange of 0 cards is none
    if ref_is_draft(rules):
        # T-6: each Double Nil bidder discards and draws again, the second
        # player first; the dealer is the first player (T-1).
        second = (dealer + 1) % 2
        return [(seat, -1) for seat in (second, dealer) if seat in blind]
    if not rules.partners:
        return []  # V-10: in cutthroat there is no partner to exchange with
    # P-6: the partnership holding the seat left of the dealer goes first.
    left = (dealer + 1) % rules.players
    partnerships = sorted(ref_sides(rules), key=lambda members: left not in members)
    steps: list[tuple[int, int]] = []
    for one, other in partnerships:
        if (one in blind) == (other in blind):
            continue  # P-6: no Double Nil, or both partners bid it: no exchange
        bidder, partner = (one, other) if one in blind else (other, one)
        # P-6: the partner gives first, then the bidder gives back.
        steps.append((partner, bidder))
        steps.append((bidder, partner))
    return steps


# ----------------------------------------------------------------------
# Replaying a hand from its actions.


class HandReplay:
    """A hand rebuilt action by action from the rules text.  Raises
    ``AssertionError`` when an action the state accepted breaks a rule.
    ``scores``, the side scores before the hand, if known, lets it check
    V-3's rule on who may bid Double Nil."""

    def __init__(self, rules: Rules, dealer: int, scores: Sequence[int] | None = None) -> None:
        self.rules = rules
        self.n = rules.players
        self.dealer = dealer
        self.scores = scores
        self.deck = ref_deck(rules)
        self.hand_size = ref_hand_size(rules)
        self.draft = ref_is_draft(rules)
        self.stage = Phase.DEAL
        self.turn: int | None = None
        self.hands: list[set[int]] = [set() for _ in range(self.n)]
        self.bids: list[Bid | None] = [None] * self.n
        self.pile: set[int] = set()
        self.stock: tuple[int, ...] = ()
        self.stock_pos = 0
        self.draft_turns = [0] * self.n
        self.exchanges: list[tuple[int, int]] = []
        self.pending: tuple[int, frozenset[int], frozenset[int]] | None = None
        self.at_play: tuple[frozenset[int], ...] = ()
        self.at_draft_end: tuple[frozenset[int], ...] = ()
        self.trick: list[int] = []
        self.leader = -1
        self.won = [0] * self.n
        self.broken = False
        self.plays: list[tuple[int, int]] = []
        self.exchange_log: list[tuple[int, int, frozenset[int]]] = []

    # -- internals --

    def _double_nil_may_be_bid(self, seat: int) -> bool:
        """P-6, T-6, V-3 (the scores part only when they are known)."""
        if self.scores is None:
            return self.rules.double_nil_allowed
        return ref_double_nil_open(self.rules, seat, self.scores)

    def _start_play(self) -> None:
        self.stage = Phase.PLAY
        self.at_play = tuple(frozenset(h) for h in self.hands)
        leader = (self.dealer + 1) % self.n  # P-7, T-7
        if self.rules.first_lead == "two-of-clubs":
            leader = next(s for s in range(self.n) if TWO_CLUBS in self.hands[s])  # V-7
        self.leader = leader
        self.turn = leader

    def _after_exchanges(self) -> None:
        if self.exchanges:
            giver, receiver = self.exchanges[0]
            self.stage = Phase.DISCARD if receiver < 0 else Phase.EXCHANGE
            self.turn = giver
            return
        if self.draft and any(b is None for b in self.bids):
            second = (self.dealer + 1) % 2  # T-4: the second player bids first
            self.stage = Phase.BID
            self.turn = second if self.bids[second] is None else self.dealer
            return
        self._start_play()

    # -- one action --

    def step(self, action: object) -> None:
        rules = self.rules
        stage = self.stage
        if stage is Phase.DEAL:
            deck = self.deck
            if self.draft:
                assert type(action) is Stock, action
                cards = [int(c) for c in action.cards]
                assert sorted(cards) == sorted(deck), "T-2: the stock is the whole deck"
                self.stock = tuple(cards)
                self.stage = Phase.DRAFT
                self.turn = self.dealer  # T-3: the first player starts
                return
            assert type(action) is Deal, action
            assert len(action.hands) == self.n
            seen: set[int] = set()
            for seat, hand in enumerate(action.hands):
                cards_ = {int(c) for c in hand}
                assert len(cards_) == self.hand_size, "P-2: 13 cards each (V-10: 17 for three)"
                assert cards_ <= deck and not cards_ & seen, "C-1: dealt from the deck, once"
                seen |= cards_
                self.hands[seat] = cards_
            self.pile = set(deck - seen)
            # P-2: all the cards are dealt; V-10: with three, one may be set aside.
            assert len(self.pile) == ref_cards_set_aside(rules), sorted(self.pile)
            self.stage = Phase.BID
            self.turn = (self.dealer + 1) % self.n  # P-3
            return
        if stage is Phase.DRAFT:
            drafter = self.turn
            assert drafter is not None
            if isinstance(action, Bid):
                # T-6: Double Nil only at the start of the first draft turn.
                assert action.double_nil and self.draft_turns[drafter] == 0 and self.bids[drafter] is None, action
                assert self._double_nil_may_be_bid(drafter), "V-3"
                self.bids[drafter] = action
                return
            assert action is Draft.KEEP or action is Draft.REJECT, action
            top, nxt = self.stock[self.stock_pos], self.stock[self.stock_pos + 1]
            self.stock_pos += 2
            kept, thrown = (top, nxt) if action is Draft.KEEP else (nxt, top)  # T-2
            self.hands[drafter].add(kept)
            self.pile.add(thrown)
            self.draft_turns[drafter] += 1
            self.turn = 1 - drafter  # T-3: alternate
            if self.stock_pos == len(self.stock):
                # T-3: 13 cards each, 26 out of play.
                assert all(len(h) == self.hand_size for h in self.hands)
                assert len(self.pile) == len(self.stock) - 2 * self.hand_size
                assert self.draft_turns == [self.hand_size] * 2
                self.at_draft_end = tuple(frozenset(h) for h in self.hands)
                self.exchanges = ref_exchange_order(rules, self.dealer, self.bids)  # T-6
                self._after_exchanges()
            return
        if stage is Phase.DISCARD:
            assert type(action) is Exchange, action
            giver, _ = self.exchanges.pop(0)
            thrown_now = frozenset(int(c) for c in action.cards)
            assert len(thrown_now) <= rules.double_nil_exchange, "T-6: up to three"
            assert thrown_now <= self.hands[giver], "T-6: discards from the hand"
            self.hands[giver] -= thrown_now
            self.exchange_log.append((giver, -1, thrown_now))
            if thrown_now:
                # T-6: replacements come from the pile as it was before.
                self.pending = (giver, thrown_now, frozenset(self.pile))
                self.stage = Phase.REPLACE
                self.turn = None
            else:
                self._after_exchanges()
            return
        if stage is Phase.REPLACE:
            assert type(action) is Replacement, action
            assert self.pending is not None
            seat, thrown_cards, pool = self.pending
            drawn = frozenset(int(c) for c in action.cards)
            assert len(drawn) == len(thrown_cards) and drawn <= pool, "T-6: drawn from the earlier discards"
            self.hands[seat] |= drawn
            self.pile = (self.pile - drawn) | thrown_cards
            self.pending = None
            self._after_exchanges()
            return
        if stage is Phase.BID:
            bidder = self.turn
            assert bidder is not None
            assert isinstance(action, Bid), action
            assert self.bids[bidder] is None
            if action.double_nil:
                assert not self.draft, "T-6: Double Nil is declared in the draft"
                assert action.tricks == 0 and self._double_nil_may_be_bid(bidder), "P-6, V-3"
            else:
                assert 0 <= action.tricks <= self.hand_size, "C-3"
                assert action.tricks != 0 or rules.nil_allowed, "V-2"
            self.bids[bidder] = action
            for step in range(1, self.n):
                nxt = (bidder + step) % self.n  # P-3: clockwise
                if self.bids[nxt] is None:
                    self.turn = nxt
                    return
            if self.draft:
                self._start_play()  # T-6: the exchanges came after the draft
                return
            self.exchanges = ref_exchange_order(rules, self.dealer, self.bids)  # P-6
            self._after_exchanges()
            return
        if stage is Phase.EXCHANGE:
            assert type(action) is Exchange, action
            giver, receiver = self.exchanges.pop(0)
            given = frozenset(int(c) for c in action.cards)
            assert len(given) == rules.double_nil_exchange, "P-6: three cards"
            assert given <= self.hands[giver], "P-6: given from the hand"
            self.hands[giver] -= given
            self.hands[receiver] |= given
            self.exchange_log.append((giver, receiver, given))
            self._after_exchanges()
            return
        if stage is Phase.PLAY:
            player = self.turn
            assert player is not None
            assert type(action) is Card, action
            card = int(action)
            first = sum(self.won) == 0
            legal = ref_legal_cards(frozenset(self.hands[player]), self.trick, self.broken, rules, first)
            assert card in legal, f"{action} is not a legal play for player {player}"
            self.hands[player].discard(card)
            self.plays.append((player, card))
            if ref_suit(card, rules) == SPADES:
                self.broken = True  # C-6
            self.trick.append(card)
            if len(self.trick) < self.n:
                self.turn = (player + 1) % self.n  # P-7: clockwise
                return
            winner = (self.leader + ref_trick_winner(self.trick, rules)) % self.n  # C-7
            self.won[winner] += 1
            self.trick = []
            self.leader = winner
            self.turn = winner
            if not self.hands[winner]:
                assert not any(self.hands), "C-8: all hands run out together"
                self.stage = Phase.GAME_OVER  # the hand is over
                self.turn = None
            return
        raise AssertionError(f"action {action!r} after the end of the hand")


# ----------------------------------------------------------------------
# Checking states.


def snapshot(state: GameState) -> tuple[Any, ...]:
    """Every field and public fact of ``state``, to prove it did not change."""
    fields = tuple(getattr(state, f.name) for f in attrs.fields(type(state)))
    public = (
        state.phase,
        state.turn,
        state.hands,
        state.bids,
        state.trick,
        state.tricks_won,
        state.spades_broken,
        state.scores,
        state.bags,
        state.sheet,
        state.history,
        state.discard_pile,
        state.dealer,
        state.hand_number,
        state.is_over,
        state.winner,
    )
    return fields + public


def _cards(cards: CardSet) -> frozenset[int]:
    return frozenset(int(c) for c in cards)


def check_scores(state: GameState) -> None:
    """The score sheet adds up (S-1..S-9) and each row's dealer is the next
    seat (P-8, T-8)."""
    rules = state.rules
    sides = len(ref_sides(rules))  # P-1, T-1, V-10
    scores = [0] * sides
    bags = [0] * sides
    for index, row in enumerate(state.sheet):
        assert row.number == index
        assert row.dealer == (rules.first_dealer + index) % rules.players  # P-8, T-8
        assert sum(row.tricks) == ref_hand_size(rules)  # C-8 (V-10: 17 tricks for three)
        expected = ref_score(rules, row.bids, row.tricks, scores, bags)
        got = row.result.sides
        assert len(got) == sides
        for mine, theirs in zip(expected, got):
            assert (mine.points, mine.bags, mine.total_bags, mine.score, mine.boston) == (
                theirs.points,
                theirs.bags,
                theirs.total_bags,
                theirs.score,
                theirs.boston,
            ), (row, mine, theirs)
            assert 0 <= theirs.total_bags < rules.bags_per_penalty  # S-8
        winner = ref_winner(rules, expected)
        last = index == len(state.sheet) - 1
        if not last:
            assert winner is None, "the game went on after a side had won (S-9)"
        else:
            assert (winner is not None) == state.is_over, (winner, state.is_over)
            if state.is_over:
                assert state.winner == winner
        scores = [s.score for s in expected]
        bags = [s.total_bags for s in expected]
    assert state.scores == tuple(scores)
    assert state.bags == tuple(bags)
    assert all(0 <= b < rules.bags_per_penalty for b in state.bags)  # S-8


def check_state(state: GameState) -> None:
    """Everything that must hold of one state under its rules."""
    rules = state.rules
    n = rules.players
    phase = state.phase
    assert isinstance(phase, Phase)
    assert state.is_over == (phase is Phase.GAME_OVER)
    assert (state.winner is not None) == state.is_over
    assert state.is_chance == (phase in (Phase.DEAL, Phase.REPLACE))
    if state.is_chance or state.is_over:
        assert state.turn is None
        assert state.legal_actions() == ()
    else:
        assert state.turn is not None and 0 <= state.turn < n
        assert state.legal_actions(), "a seat to act always has a legal action"
    if state.seed is not None:
        assert not state.is_chance, "a seeded game resolves chance by itself"
    assert hash(state) == hash(state) and state == state
    check_scores(state)
    if state.is_over:
        assert state.hand_number == len(state.sheet) - 1
        return
    assert state.hand_number == len(state.sheet)
    assert state.dealer == (rules.first_dealer + state.hand_number) % n  # P-8, T-8

    # Cards: in one place at most, all from the deck (C-1, V-9, V-10).
    deck = ref_deck(rules)
    seen: set[int] = set()
    for seat in range(n):
        hand = _cards(state.hand(seat))
        assert state.hands[seat] == state.hand(seat)
        assert hand <= deck and not hand & seen, "a card is in two hands or not in the deck"
        seen |= hand
    pile = _cards(state.discard_pile)
    assert pile <= deck and not pile & seen

    # The current hand, replayed from its history, is this state.
    replay = HandReplay(rules, state.dealer, state.scores)
    for action in state.history:
        replay.step(action)
    assert replay.stage is phase, (replay.stage, phase)
    assert replay.turn == state.turn, (replay.turn, state.turn)
    assert tuple(frozenset(h) for h in replay.hands) == tuple(_cards(h) for h in state.hands)
    assert tuple(replay.bids) == state.bids
    if phase is not Phase.REPLACE:
        assert frozenset(replay.pile) == pile, (sorted(replay.pile), sorted(pile))
    if phase is Phase.DRAFT:
        assert state.top_of_stock == Card(replay.stock[replay.stock_pos])
    if phase is Phase.PLAY:
        assert state.trick == tuple(Card(c) for c in replay.trick)
        assert state.tricks_won == tuple(replay.won)
        assert state.spades_broken == replay.broken  # C-6
        assert state.leader == replay.leader
        # Each seat holds hand size - tricks played, less one if it has
        # played to the trick in progress (C-8).
        done = sum(replay.won)
        for seat in range(n):
            played_now = (seat - replay.leader) % n < len(replay.trick)
            assert len(state.hand(seat)) == ref_hand_size(rules) - done - played_now
        legal = ref_legal_cards(
            _cards(state.hand(state.turn or 0)), replay.trick, replay.broken, rules, done == 0
        )
        listed_cards = [c for c in state.legal_actions() if isinstance(c, Card)]
        assert len(listed_cards) == len(state.legal_actions())
        assert listed_cards == sorted(listed_cards), "cards are listed in index order"
        assert frozenset(int(c) for c in listed_cards) == legal, "legal_actions() differs from C-4/C-5"
    if phase in (Phase.EXCHANGE, Phase.DISCARD):
        # P-6: exactly the exchange size; T-6: 0..that many; listed smaller
        # first, then in the lexicographic order of card indexes.
        held = sorted(int(c) for c in state.hand(state.turn or 0))
        size = rules.double_nil_exchange
        sizes = range(size + 1) if phase is Phase.DISCARD else (size,)
        expected_sets = [frozenset(c) for k in sizes for c in itertools.combinations(held, k)]
        listed_sets = [
            frozenset(int(c) for c in a.cards) for a in state.legal_actions() if isinstance(a, Exchange)
        ]
        assert listed_sets == expected_sets and len(listed_sets) == len(state.legal_actions())
    # Double Nil is open to a seat only before it has bid (P-6) or, in the
    # draft game, before its first draft turn (T-6), and as V-3 allows.
    open_to = []
    for seat in range(n):
        if ref_is_draft(rules):
            in_time = phase is Phase.DRAFT and replay.draft_turns[seat] == 0 and replay.bids[seat] is None
        else:
            in_time = phase is Phase.BID and replay.bids[seat] is None
        open_to.append(in_time and ref_double_nil_open(rules, seat, state.scores))
        if phase is Phase.BID and seat == state.turn and not _plain_bidding(rules):
            # At the seat's turn the bids before it may close Double Nil (V-6:
            # tests/test_bids_reference.py checks the legal bids under it):
            # then it is open exactly when the legal bids hold it.
            expected_open = open_to[seat] and Bid.DOUBLE_NIL in state.legal_actions()
            assert state.double_nil_open(seat) == expected_open, (seat, state.bids)
        else:
            assert state.double_nil_open(seat) == open_to[seat], (seat, phase, state.scores)
    if phase is Phase.DRAFT and state.turn is not None:
        # T-2: keep or not; T-6: Double Nil first, on the seat's first turn.
        expected_draft = [Draft.KEEP, Draft.REJECT] + ([Bid.DOUBLE_NIL] if open_to[state.turn] else [])
        assert list(state.legal_actions()) == expected_draft, state.legal_actions()
    if phase is Phase.BID and state.turn is not None:
        listed_bids = state.legal_actions()
        assert all(isinstance(b, Bid) for b in listed_bids)
        if _plain_bidding(rules):
            # C-3: 0..hand size, Nil first (V-2), then Double Nil (P-6, V-3),
            # which the draft game declares in the draft instead (T-6).
            expected = [Bid(t) for t in range(ref_hand_size(rules) + 1) if t or rules.nil_allowed]
            if not ref_is_draft(rules) and open_to[state.turn]:
                expected.append(Bid.DOUBLE_NIL)
            assert list(listed_bids) == expected, listed_bids


def _plain_bidding(rules: Rules) -> bool:
    """No V-6 restriction on the bids (they would need a fuller model)."""
    return (
        rules.min_bid == 0
        and rules.min_side_bid == 0
        and rules.max_side_contract is None
        and not rules.bids_may_not_total_tricks
    )


def check_hand_record(rules: Rules, row: HandRecord, *, scores: Sequence[int] | None = None) -> None:
    """A finished hand, replayed from its actions, is what its row says:
    every card played exactly once, 13 tricks, the tricks and bids as
    recorded; in the draft game, the deck split 13/13/26 (T-3).  ``scores``,
    the side scores before the hand, if known, are checked against the
    Double Nil bids (V-3)."""
    replay = HandReplay(rules, row.dealer, scores)
    for action in row.actions:
        replay.step(action)
    size = ref_hand_size(rules)
    assert replay.stage is Phase.GAME_OVER, "the row's actions do not finish the hand"
    assert tuple(replay.bids) == row.bids
    assert tuple(replay.won) == row.tricks  # C-7, C-8
    assert tuple(replay.at_play) == tuple(_cards(h) for h in row.hands)
    played = [card for _, card in replay.plays]
    assert len(played) == len(set(played)) == rules.players * size  # every card once
    assert set(played) == set().union(*replay.at_play)
    assert len(played) // rules.players == sum(row.tricks) == size  # C-8: 13 tricks (V-10: 17)
    for seat in range(rules.players):
        assert {c for s, c in replay.plays if s == seat} == replay.at_play[seat]
    deck = ref_deck(rules)
    in_play = set().union(*replay.at_play)
    assert in_play | replay.pile == deck and not in_play & replay.pile
    if ref_is_draft(rules):
        # T-3: 13 + 13 kept, 26 discarded, together the deck.
        assert all(len(h) == size for h in replay.at_draft_end)
        assert len(replay.pile) == len(deck) - 2 * size == 26
        assert all(len(h) == size for h in replay.at_play)
    else:
        assert len(replay.pile) == ref_cards_set_aside(rules)  # P-2, V-10


def check_transition(before: GameState, action: object, after: GameState) -> None:
    """What must hold when ``before.apply(action)`` gave ``after``."""
    rules = before.rules
    assert after.rules == rules and after.seed == before.seed
    if not before.is_chance:
        assert action in before.legal_actions(), f"{action!r} was accepted but is not listed"
    assert before.explain(action) is None
    again = before.apply(action)  # type: ignore[arg-type]
    assert again == after and hash(again) == hash(after), "apply is not deterministic"
    if len(after.sheet) == len(before.sheet):
        history = before.history + (action,)
        if after.seed is None:
            assert after.history == history
        else:
            # A seeded state resolves the chance step that follows itself.
            assert after.history[: len(history)] == history
            assert all(isinstance(a, (Deal, Stock, Replacement)) for a in after.history[len(history) :])
        return
    # A hand ended: one new row ending with this action.
    assert len(after.sheet) == len(before.sheet) + 1
    assert after.sheet[:-1] == before.sheet
    row = after.sheet[-1]
    assert row.actions[: len(before.history)] == before.history
    assert row.actions[len(before.history)] == action
    check_hand_record(rules, row, scores=before.scores)
    if not after.is_over:
        assert after.hand_number == before.hand_number + 1
        assert after.dealer == (before.dealer + 1) % rules.players  # P-8, T-8
        assert after.tricks_won == (0,) * rules.players and not after.spades_broken


# ----------------------------------------------------------------------
# Legal and illegal actions.


def check_actions(state: GameState, *, apply_legal: bool = True) -> None:
    """Every listed action applies (and its successor checks); every card or
    bid not listed is refused with a :class:`SpadesError`, and the state is
    unchanged by the attempt."""
    before = snapshot(state)
    listed = state.legal_actions()
    assert len(set(listed)) == len(listed), "an action is listed twice"
    if apply_legal:
        for action in listed:
            after = state.apply(action)
            check_transition(state, action, after)
    phase = state.phase
    candidates: list[object] = []
    if phase is Phase.PLAY:
        candidates += [Card(i) for i in range(54)]
    elif phase is Phase.BID:
        candidates += [Bid(t) for t in range(rules_size(state) + 2)] + [Bid(99), Bid.DOUBLE_NIL]
    elif phase is Phase.DRAFT:
        candidates += [Draft.KEEP, Draft.REJECT, Bid.DOUBLE_NIL, Bid(1), Bid.NIL]
    else:
        candidates += [Card(0), Bid(1), Draft.KEEP]
    candidates += ["AS", 5, None]
    for candidate in candidates:
        if candidate in listed:
            continue
        error = state.explain(candidate)
        assert isinstance(error, IllegalActionError), (state, candidate)
        try:
            state.apply(candidate)  # type: ignore[arg-type]
        except SpadesError as raised:
            assert type(raised) is type(error) and str(raised) == str(error)
            assert raised.reason == error.reason
        else:
            raise AssertionError(f"{candidate!r} is not listed but was accepted")
    if state.turn is not None:
        for seat in range(state.rules.players):
            if seat != state.turn and listed:
                error = state.explain(listed[0], seat=seat)
                assert error is not None and error.reason.name == "NOT_YOUR_TURN"
    assert snapshot(state) == before, "refusing or trying actions changed the state"


def rules_size(state: GameState) -> int:
    """The hand size of the state's rules (C-8, V-10)."""
    return ref_hand_size(state.rules)


def apply_checked(state: GameState, action: Any) -> GameState:
    """``state.apply(action)`` with every check: the old state unchanged, the
    transition sound, the new state consistent."""
    before = snapshot(state)
    after = state.apply(action)
    assert snapshot(state) == before, "apply changed the old state"
    check_transition(state, action, after)
    check_state(after)
    return after


# ----------------------------------------------------------------------
# Random playouts.


def finish_hand(state: GameState) -> GameState:
    """Play the first legal action, checked, until the hand is scored."""
    rows = len(state.sheet)
    while len(state.sheet) == rows:
        state = apply_checked(state, state.legal_actions()[0])
    return state


def random_action(state: GameState, rng: random.Random, double_nil: float = 0.15) -> Any:
    """A random legal action (or chance step) for ``state``; Double Nil is
    chosen with probability ``double_nil`` when offered, so the exchanges get
    exercised."""
    if state.is_chance:
        return state.sample_chance(rng)
    actions = state.legal_actions()
    if Bid.DOUBLE_NIL in actions and rng.random() < double_nil:
        return Bid.DOUBLE_NIL
    plain = [a for a in actions if a != Bid.DOUBLE_NIL] or list(actions)
    return rng.choice(plain)


def playout(
    rules: Rules,
    seed: int,
    *,
    hands: int | None = 1,
    seeded: bool = False,
    check: bool = True,
    check_all_actions: float = 0.0,
    double_nil: float = 0.15,
    max_steps: int = 100_000,
    policy: Callable[[GameState, random.Random], Any] | None = None,
) -> Iterator[GameState]:
    """Play a random game under ``rules`` from ``seed`` and yield every state.

    Stops after ``hands`` finished hands (``None``: at the end of the game;
    give such rules a losing floor).  With ``seeded`` the game draws its own
    chance steps from ``seed``; otherwise they are sampled here and supplied.
    With ``check`` every step goes through :func:`apply_checked`; with
    ``check_all_actions`` that fraction of states also gets
    :func:`check_actions`.  ``policy(state, rng)`` replaces the uniformly
    random choice of :func:`random_action` (for instance a bot that bids
    sensibly, so that games reach the target).
    """
    rng = random.Random(seed)
    state = new_game(rules, seed=seed if seeded else None)
    if check:
        check_state(state)
    yield state
    steps = 0
    while not state.is_over and (hands is None or len(state.sheet) < hands):
        steps += 1
        assert steps < max_steps, "the game does not end"
        if check and check_all_actions and rng.random() < check_all_actions:
            check_actions(state)
        action = random_action(state, rng, double_nil) if policy is None else policy(state, rng)
        state = apply_checked(state, action) if check else state.apply(action)
        yield state


def play_to_end(rules: Rules, seed: int, **options: Any) -> GameState:
    """The last state of :func:`playout`."""
    state: GameState | None = None
    for state in playout(rules, seed, **options):
        pass
    assert state is not None
    return state
