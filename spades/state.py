"""The immutable game state: a whole game, hand after hand, to the end.

A :class:`GameState` never changes; :meth:`~GameState.apply` returns a new one.
Keeping the old state is undo.  Chance steps (the deal, the two-player stock,
Double Nil replacement draws) are actions too: a game made with a ``seed``
resolves them by itself, reproducibly; without one, the state waits for the
caller to apply one.

>>> import random
>>> from spades import Rules, new_game
>>> state = new_game(Rules.partnership(losing_floor=-200), seed=7)
>>> rng = random.Random(7)
>>> while not state.is_over:
...     state = state.apply(rng.choice(state.legal_actions()))
>>> state.winner in (0, 1), max(state.scores) >= 500 or min(state.scores) <= -200
(True, True)
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, cast

import attrs

from spades.actions import Action, Bid, ChanceAction, Deal, Draft, Exchange, ExchangeChoices, Replacement, Stock
from spades.bidding import bid_error, double_nil_open, exchange_order, legal_bids
from spades.cards import Card, CardSet, cards_of_mask
from spades.deal import deal_error, random_deal, random_replacement, random_stock, seeded_random, stock_error
from spades.errors import IllegalActionError, Reason, RulesError, SpadesError
from spades.rules import Rules
from spades.scoring import HandScore, game_winner, score_hand
from spades.sheet import HandRecord
from spades.tricks import first_leader, legal_mask, play_error, winner_position

if TYPE_CHECKING:
    from spades.record import Record
    from spades.view import SeatView

__all__ = ["GameState", "Phase", "new_game"]


class Phase(enum.IntEnum):
    """The phases of a hand, in the order they occur."""

    DEAL = 0
    """Chance: waiting for the :class:`~spades.Deal` (or two-player
    :class:`~spades.Stock`)."""
    DRAFT = 1
    """Two-player: keep or reject the top card of the stock (T-2)."""
    DISCARD = 2
    """Two-player Double Nil: discard up to three cards (T-6)."""
    REPLACE = 3
    """Chance: the :class:`~spades.Replacement` cards drawn (T-6)."""
    BID = 4
    """One round of bidding (C-3)."""
    EXCHANGE = 5
    """Partnership Double Nil: cards passed between partners (P-6)."""
    PLAY = 6
    """Playing the tricks (C-4..C-8)."""
    GAME_OVER = 7
    """The game has ended (S-9)."""


_DEAL: Final = 0
_DRAFT: Final = 1
_DISCARD: Final = 2
_REPLACE: Final = 3
_BID: Final = 4
_EXCHANGE: Final = 5
_PLAY: Final = 6
_OVER: Final = 7
_DRAFT_ACTIONS: Final = (Draft.KEEP, Draft.REJECT)
_DRAFT_ACTIONS_DN: Final = (Draft.KEEP, Draft.REJECT, Bid.DOUBLE_NIL)


@attrs.frozen(slots=True)
class _Hand:
    """Facts of the current hand that change only outside the play of tricks."""

    number: int
    dealer: int
    bids: tuple[Bid | None, ...]
    # Cards out of play: the two-player discard pile, a card set aside (V-10).
    pile: int
    # The two-player stock, top card first (empty for a dealt hand).
    stock: tuple[Card, ...]
    # Exchanges still to make: (giver, receiver) pairs; receiver -1 for a
    # two-player discard.
    exchanges: tuple[tuple[int, int], ...]
    # A two-player discard awaiting its replacement draw: (seat, discarded
    # mask, pool mask), or None.
    pending: tuple[int, int, int] | None
    # Each seat's cards as the play of tricks began.
    at_play: tuple[int, ...]


@attrs.frozen(slots=True, eq=True)
class GameState:
    """A whole game of Spades at one moment.  Build one with
    :func:`new_game`; get the next with :meth:`apply`.

    States compare and hash by value (the rules, the seed and everything
    that has happened).  Public attributes are read-only properties.
    """

    rules: Rules
    """The rules of the game."""
    seed: int | None
    """The seed that resolves chance steps, or ``None`` when the caller
    supplies them."""
    _sheet: tuple[HandRecord, ...]
    _hand: _Hand
    _phase: int
    _turn: int
    _hands: tuple[int, ...]
    _trick: tuple[Card, ...]
    _won: tuple[int, ...]
    _broken: bool
    # The current hand's actions as a chain of pairs (earlier, action).
    _log: tuple[Any, ...]

    # ------------------------------------------------------------------
    # What the state shows.

    @property
    def phase(self) -> Phase:
        """The current :class:`Phase`."""
        return Phase(self._phase)

    @property
    def is_over(self) -> bool:
        """True once a side has won (S-9)."""
        return self._phase == _OVER

    @property
    def is_chance(self) -> bool:
        """True when the next action is a chance step (deal, stock or
        replacement draw) for the caller to supply (only in unseeded games)."""
        return self._phase == _DEAL or self._phase == _REPLACE

    @property
    def turn(self) -> int | None:
        """The seat to act, or ``None`` at a chance step or after the game."""
        return self._turn if self._turn >= 0 else None

    @property
    def dealer(self) -> int:
        """The current hand's dealer (two-player: the first player, T-1)."""
        return self._hand.dealer

    @property
    def hand_number(self) -> int:
        """The number of the current hand, from 0."""
        return self._hand.number

    @property
    def hands(self) -> tuple[CardSet, ...]:
        """Every seat's cards (the whole truth: give players :meth:`view`
        instead, when that exists, or only their own hand)."""
        return tuple(CardSet(h) for h in self._hands)

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds."""
        if type(seat) is not int or not 0 <= seat < self.rules.players:
            raise SpadesError(f"no seat {seat!r}: the seats are 0..{self.rules.players - 1}")
        return CardSet(self._hands[seat])

    @property
    def bids(self) -> tuple[Bid | None, ...]:
        """Each seat's bid this hand, ``None`` while not yet made."""
        return self._hand.bids

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards played to the trick in progress, in order."""
        return self._trick

    @property
    def leader(self) -> int | None:
        """The seat that led (or is to lead) the trick in progress."""
        if self._phase != _PLAY:
            return None
        return (self._turn - len(self._trick)) % self.rules.players

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks each seat has won this hand (C-8)."""
        return self._won

    @property
    def spades_broken(self) -> bool:
        """Whether spades have been broken this hand (C-6)."""
        return self._broken

    @property
    def discard_pile(self) -> CardSet:
        """Cards out of play this hand: the two-player draft's discards (T-3),
        or the card set aside in three-player cutthroat (V-10)."""
        return CardSet(self._hand.pile)

    @property
    def stock_left(self) -> int:
        """Cards still in the two-player stock (T-3)."""
        if not self._hand.stock:
            return 0
        used = self._stock_drawn()
        return max(0, len(self._hand.stock) - used) if self._phase == _DRAFT else 0

    @property
    def top_of_stock(self) -> Card | None:
        """The card the drafting player has drawn and must decide on (T-2);
        only that player may see it."""
        if self._phase != _DRAFT:
            return None
        used = self._stock_drawn()
        return self._hand.stock[used]

    def _stock_drawn(self) -> int:
        """Cards drawn from the two-player stock so far: every card is either
        in a hand or on the pile (T-2)."""
        return sum(h.bit_count() for h in self._hands) + self._hand.pile.bit_count()

    @property
    def sheet(self) -> tuple[HandRecord, ...]:
        """The score sheet: one :class:`~spades.HandRecord` per finished hand."""
        return self._sheet

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's score (sides as in ``rules.sides``)."""
        if self._sheet:
            return self._sheet[-1].result.scores
        return (0,) * len(self.rules.sides)

    @property
    def bags(self) -> tuple[int, ...]:
        """Each side's bags carried, 0..bags_per_penalty-1 (S-8)."""
        if self._sheet:
            return self._sheet[-1].result.total_bags
        return (0,) * len(self.rules.sides)

    @property
    def winner(self) -> int | None:
        """The index of the winning side once the game is over, else ``None``."""
        if self._phase != _OVER:
            return None
        return _winner_of(self._sheet[-1].result, self.rules)

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action of the current hand so far, chance steps included."""
        return _unchain(self._log)

    def double_nil_open(self, seat: int) -> bool:
        """Whether ``seat`` may still bid Double Nil this hand (P-6, T-6, V-3).

        A client must ask the player *before* showing them their cards."""
        if type(seat) is not int or not 0 <= seat < self.rules.players:
            raise SpadesError(f"no seat {seat!r}: the seats are 0..{self.rules.players - 1}")
        hand = self._hand
        if self.rules.is_draft:
            # T-6: before the seat's first draft decision.
            if self._phase != _DRAFT or hand.bids[seat] is not None or self._hands[seat]:
                return False
        elif self._phase != _BID or hand.bids[seat] is not None:
            return False
        return double_nil_open(seat, self.rules, self.scores)

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now: a :class:`~spades.view.SeatView`."""
        from spades.view import seat_view

        return seat_view(self, seat)

    def record(self) -> Record:
        """The game so far as a :class:`~spades.record.Record` (rules, seed
        and every action, chance steps included)."""
        from spades.record import Record

        return Record.of_state(self)

    # ------------------------------------------------------------------
    # Legal actions.

    def legal_actions(self) -> Sequence[Action]:
        """Every legal action, in a fixed order, as a tuple (in the exchange
        phases, an :class:`~spades.ExchangeChoices`: a lazy read-only sequence
        of the hundreds of possible exchanges):

        * play: the cards, in index order (clubs 2..A, diamonds, hearts,
          spades, jokers);
        * bid: the numbers ascending (Nil first), then Double Nil;
        * draft: ``Draft.KEEP``, ``Draft.REJECT``, then Double Nil on the
          player's first turn (T-6);
        * exchange and discard: each possible :class:`~spades.Exchange`, the
          smaller ones first, then in the lexicographic order of card indexes;
        * chance steps and a finished game: none (``()``).
        """
        phase = self._phase
        if phase == _PLAY:
            turn = self._turn
            trick = self._trick
            rules = self.rules
            first = rules._first_trick_options and not any(self._won)
            led = rules._suit_of[trick[0]] if trick else -1
            return cards_of_mask(legal_mask(self._hands[turn], led, self._broken, rules, first))
        if phase == _BID:
            return legal_bids(
                seat=self._turn,
                bids=self._hand.bids,
                rules=self.rules,
                scores=self.scores,
                double_nil=not self.rules.is_draft,
            )
        if phase == _DRAFT:
            seat = self._turn
            if self._hands[seat] == 0 and self._hand.bids[seat] is None and double_nil_open(
                seat, self.rules, self.scores
            ):
                return _DRAFT_ACTIONS_DN
            return _DRAFT_ACTIONS
        if phase == _EXCHANGE or phase == _DISCARD:
            limit = self.rules.double_nil_exchange
            sizes = tuple(range(limit + 1)) if phase == _DISCARD else (limit,)
            return ExchangeChoices(CardSet(self._hands[self._turn]), sizes)
        return ()

    # ------------------------------------------------------------------
    # Applying actions.

    def explain(self, action: object, seat: int | None = None) -> IllegalActionError | None:
        """Why ``action`` (by ``seat``, if given) is illegal here, or ``None``
        if it is legal.  Never raises for bad input: this is how a server
        checks a client's move.

        >>> from spades import Rules, new_game, Bid
        >>> state = new_game(Rules.partnership(), seed=1)
        >>> print(state.explain(Bid(3)))
        None
        >>> state.explain(Bid(3), seat=3).reason.name
        'NOT_YOUR_TURN'
        """
        try:
            self.apply(cast(Action, action), seat)
        except IllegalActionError as error:
            return error
        return None

    def is_legal(self, action: object, seat: int | None = None) -> bool:
        """Whether :meth:`apply` would accept ``action`` (by ``seat``)."""
        return self.explain(action, seat) is None

    def apply(self, action: Action, seat: int | None = None) -> GameState:
        """The state after ``action``.  ``self`` is left unchanged.

        If ``seat`` is given, the action is refused unless it is that seat's
        turn.  An illegal action raises :class:`~spades.IllegalActionError`
        with a :class:`~spades.Reason` and the rule that forbids it.
        """
        phase = self._phase
        if phase == _PLAY and type(action) is Card and seat is None:
            # The hot path: playing a card (C-4..C-8), with no more work than
            # one legality mask and one new state.
            rules = self.rules
            turn = self._turn
            held = self._hands[turn]
            trick = self._trick
            bit = 1 << action
            first = rules._first_trick_options and not any(self._won)
            if not legal_mask(held, rules._suit_of[trick[0]] if trick else -1, self._broken, rules, first) & bit:
                raise self._play_error(action, first)
            hands = list(self._hands)
            hands[turn] = held & ~bit
            broken = self._broken or rules._suit_of[action] == 3  # C-6
            trick = trick + (action,)
            players = rules.players
            log = (self._log, action)
            if len(trick) < players:
                return _play_successor(self, (turn + 1) % players, tuple(hands), trick, self._won, broken, log)
            # The trick is complete (C-7): the winner takes it and leads next.
            winner = (turn + 1 + winner_position(trick, rules)) % players
            won = list(self._won)
            won[winner] += 1
            if hands[winner]:
                return _play_successor(self, winner, tuple(hands), (), tuple(won), broken, log)
            return self._end_hand(tuple(won), log)
        if seat is not None and seat != self._turn:
            raise self._turn_error(seat)
        if phase == _PLAY:
            if type(action) is Card:
                return self.apply(action)
            raise self._wrong_phase(action)
        if phase == _OVER:
            raise IllegalActionError(Reason.GAME_OVER, f"the game is over; {action!r} cannot be applied", "S-9")
        if phase == _BID:
            state = self._bid(action)
        elif phase == _DEAL:
            state = self._deal(action)
        elif phase == _DRAFT:
            state = self._draft(action)
        elif phase == _EXCHANGE or phase == _DISCARD:
            state = self._exchange(action)
        elif phase == _REPLACE:
            state = self._replace(action)
        else:
            raise self._wrong_phase(action)
        if state.seed is not None and (state._phase == _DEAL or state._phase == _REPLACE):
            state = state._resolve_chance()
        return state

    def sample_chance(self, rng: random.Random) -> ChanceAction:
        """Draw the pending chance step with ``rng`` (the caller's seeded
        source).  Raises :class:`~spades.IllegalActionError` when the state is
        not at a chance step."""
        phase = self._phase
        if phase == _DEAL:
            if self.rules.is_draft:
                return random_stock(rng, self.rules)
            return random_deal(rng, self.rules)
        if phase == _REPLACE and self._hand.pending is not None:
            _seat, discarded, pool = self._hand.pending
            return random_replacement(rng, CardSet(pool), discarded.bit_count())
        raise IllegalActionError(Reason.WRONG_PHASE, f"no chance step is pending in phase {self.phase.name}")

    def _resolve_chance(self) -> GameState:
        state = self
        seed = self.seed
        if seed is None:
            return self
        while state._phase == _DEAL or state._phase == _REPLACE:
            if state._phase == _DEAL:
                step = "deal"
            else:
                pending = state._hand.pending
                step = f"replace/{pending[0] if pending else -1}"
            rng = seeded_random(seed, state._hand.number, step)
            state = state._apply_chance(state.sample_chance(rng))
        return state

    def _apply_chance(self, action: ChanceAction) -> GameState:
        if self._phase == _DEAL:
            return self._deal(action, trusted=True)
        return self._replace(action)

    # -- errors ----------------------------------------------------------

    def _turn_error(self, seat: object) -> IllegalActionError:
        if self._phase == _OVER:
            return IllegalActionError(Reason.GAME_OVER, "the game is over", "S-9")
        if self._turn < 0:
            return IllegalActionError(Reason.NOT_YOUR_TURN, f"no seat is to act: a chance step is pending, not seat {seat}")
        rule = {_BID: "P-3", _DRAFT: "T-3", _PLAY: "P-7"}.get(self._phase, "P-6")
        if self.rules.is_draft:
            rule = {_BID: "T-4", _DRAFT: "T-3", _PLAY: "T-7"}.get(self._phase, "T-6")
        return IllegalActionError(Reason.NOT_YOUR_TURN, f"it is seat {self._turn}'s turn, not seat {seat}'s", rule)

    def _wrong_phase(self, action: object) -> IllegalActionError:
        kinds = (Card, Bid, Draft, Exchange, Deal, Stock, Replacement)
        if not isinstance(action, kinds) or isinstance(action, bool):
            return IllegalActionError(
                Reason.NOT_AN_ACTION, f"{action!r} is not an action; expected one of {self.phase.name}'s actions"
            )
        return IllegalActionError(
            Reason.WRONG_PHASE, f"{type(action).__name__} {action} cannot be applied in phase {self.phase.name}"
        )

    # -- chance ----------------------------------------------------------

    def _deal(self, action: object, trusted: bool = False) -> GameState:
        """Apply the deal (or stock); ``trusted`` skips re-checking a deal
        this library has just drawn itself from the seed."""
        rules = self.rules
        hand = self._hand
        if rules.is_draft:
            if type(action) is not Stock:
                raise self._wrong_phase(action)
            if not trusted:
                error = stock_error(action, rules)
                if error is not None:
                    raise error
            new_hand = _Hand(
                hand.number, hand.dealer, hand.bids, hand.pile, action.cards, hand.exchanges, hand.pending, hand.at_play
            )
            return self._next(
                hand=new_hand, phase=_DRAFT, turn=hand.dealer, hands=(0,) * rules.players, log=(self._log, action)
            )
        if type(action) is not Deal:
            raise self._wrong_phase(action)
        if not trusted:
            error = deal_error(action, rules)
            if error is not None:
                raise error
        masks = tuple(h.mask for h in action.hands)
        aside = rules.deck_mask
        for mask in masks:
            aside &= ~mask
        return self._next(
            hand=_Hand(hand.number, hand.dealer, hand.bids, aside, hand.stock, hand.exchanges, hand.pending, hand.at_play),
            phase=_BID,
            turn=(hand.dealer + 1) % rules.players,  # P-3
            hands=masks,
            log=(self._log, action),
        )

    def _replace(self, action: object) -> GameState:
        if type(action) is not Replacement:
            raise self._wrong_phase(action)
        hand = self._hand
        if hand.pending is None:
            raise self._wrong_phase(action)
        seat, discarded, pool = hand.pending
        drawn = action.cards.mask
        if drawn.bit_count() != discarded.bit_count() or drawn & ~pool:
            raise IllegalActionError(
                Reason.BAD_CHANCE,
                f"the replacement must be {discarded.bit_count()} cards of the discard pile {CardSet(pool)}, "
                f"got {action.cards}",
                "T-6",
            )
        hands = list(self._hands)
        hands[seat] |= drawn
        new_hand = attrs.evolve(hand, pile=(hand.pile & ~drawn) | discarded, pending=None)
        return self._after_exchange(new_hand, tuple(hands), (self._log, action))

    # -- draft (two-player) ----------------------------------------------

    def _draft(self, action: object) -> GameState:
        seat = self._turn
        hand = self._hand
        if isinstance(action, Bid):
            if not action.double_nil:
                raise IllegalActionError(
                    Reason.WRONG_PHASE, f"cannot bid {action} during the draft: bidding follows it", "T-4"
                )
            if self._hands[seat] or hand.bids[seat] is not None:
                raise IllegalActionError(
                    Reason.DOUBLE_NIL_TOO_LATE,
                    "Double Nil must be declared at the start of the player's first draft turn",
                    "T-6",
                )
            error = bid_error(action, seat=seat, bids=hand.bids, rules=self.rules, scores=self.scores)
            if error is not None:
                raise error
            bids = list(hand.bids)
            bids[seat] = action
            return self._next(hand=attrs.evolve(hand, bids=tuple(bids)), log=(self._log, action))
        if action is not Draft.KEEP and action is not Draft.REJECT:
            raise self._wrong_phase(action)
        used = self._stock_drawn()
        first, second = hand.stock[used], hand.stock[used + 1]
        kept, discarded = (first, second) if action is Draft.KEEP else (second, first)  # T-2
        hands = list(self._hands)
        hands[seat] |= 1 << kept
        pile = hand.pile | 1 << discarded
        new_hand = _Hand(hand.number, hand.dealer, hand.bids, pile, hand.stock, hand.exchanges, hand.pending, ())
        log = (self._log, action)
        if used + 2 < len(hand.stock):
            return self._next(hand=new_hand, turn=1 - seat, hands=tuple(hands), log=log)  # T-3
        # The draft is over: Double Nil discards, second player first (T-6).
        exchanges = exchange_order(self.rules, hand.dealer, hand.bids)
        return self._after_exchange(attrs.evolve(new_hand, exchanges=exchanges), tuple(hands), log)

    # -- bidding -----------------------------------------------------------

    def _bid(self, action: object) -> GameState:
        rules = self.rules
        hand = self._hand
        seat = self._turn
        if isinstance(action, Bid) and action.double_nil and rules.is_draft:
            raise IllegalActionError(
                Reason.DOUBLE_NIL_TOO_LATE,
                "Double Nil must be declared at the start of the player's first draft turn",
                "T-6",
            )
        if not isinstance(action, Bid):
            raise self._wrong_phase(action)
        error = bid_error(action, seat=seat, bids=hand.bids, rules=rules, scores=self.scores)
        if error is not None:
            raise error
        bids = list(hand.bids)
        bids[seat] = action
        log = (self._log, action)
        players = rules.players
        for step in range(1, players):
            nxt = (seat + step) % players
            if bids[nxt] is None:
                new_hand = _Hand(
                    hand.number, hand.dealer, tuple(bids), hand.pile, hand.stock, hand.exchanges, hand.pending, hand.at_play
                )
                return self._next(hand=new_hand, turn=nxt, log=log)
        # The two-player Double Nil discards came after the draft (T-6).
        exchanges = () if rules.is_draft else exchange_order(rules, hand.dealer, bids)
        new_hand = attrs.evolve(hand, bids=tuple(bids), exchanges=exchanges)
        return self._after_exchange(new_hand, self._hands, log)

    # -- exchanges ---------------------------------------------------------

    def _exchange(self, action: object) -> GameState:
        if type(action) is not Exchange:
            raise self._wrong_phase(action)
        rules = self.rules
        hand = self._hand
        giver, receiver = hand.exchanges[0]
        cards = action.cards.mask
        size = cards.bit_count()
        limit = rules.double_nil_exchange
        if self._phase == _DISCARD:
            if size > limit:
                raise IllegalActionError(
                    Reason.WRONG_EXCHANGE_SIZE, f"a Double Nil bidder may discard at most {limit} cards, not {size}", "T-6"
                )
        elif size != limit:
            raise IllegalActionError(
                Reason.WRONG_EXCHANGE_SIZE, f"the Double Nil exchange is exactly {limit} cards, not {size}", "P-6"
            )
        held = self._hands[giver]
        if cards & ~held:
            raise IllegalActionError(
                Reason.CARD_NOT_IN_HAND,
                f"cannot give {CardSet(cards & ~held)}: not in seat {giver}'s hand {CardSet(held)}",
                "T-6" if self._phase == _DISCARD else "P-6",
            )
        hands = list(self._hands)
        hands[giver] &= ~cards
        log = (self._log, action)
        rest = hand.exchanges[1:]
        if receiver >= 0:
            hands[receiver] |= cards
            return self._after_exchange(attrs.evolve(hand, exchanges=rest), tuple(hands), log)
        if size == 0:
            return self._after_exchange(attrs.evolve(hand, exchanges=rest), tuple(hands), log)
        # T-6: replacements come from the pile as it stood before this discard.
        new_hand = attrs.evolve(hand, exchanges=rest, pending=(giver, cards, hand.pile))
        return self._next(hand=new_hand, phase=_REPLACE, turn=-1, hands=tuple(hands), log=log)

    def _after_exchange(
        self, hand: _Hand, hands: tuple[int, ...], log: tuple[Any, ...]
    ) -> GameState:
        """Move on once an exchange step (or the bidding, or the draft) is done."""
        rules = self.rules
        if hand.exchanges:
            giver = hand.exchanges[0][0]
            phase = _DISCARD if hand.exchanges[0][1] < 0 else _EXCHANGE
            return self._next(hand=hand, phase=phase, turn=giver, hands=hands, log=log)
        if rules.is_draft and any(b is None for b in hand.bids):
            # Bidding after the draft: the second player first (T-4).
            seat = (hand.dealer + 1) % 2
            if hand.bids[seat] is not None:
                seat = hand.dealer
            return self._next(hand=hand, phase=_BID, turn=seat, hands=hands, log=log)
        hand = attrs.evolve(hand, at_play=hands)
        leader = first_leader(rules, hand.dealer, [CardSet(m) for m in hands])
        return self._next(hand=hand, phase=_PLAY, turn=leader, hands=hands, log=log)

    def _play_error(self, card: Card, first: bool) -> IllegalActionError:
        error = play_error(card, CardSet(self._hands[self._turn]), self._trick, self._broken, self.rules, first_trick=first)
        if error is None:  # cannot happen: the mask and play_error share legal_mask
            error = IllegalActionError(Reason.NOT_AN_ACTION, f"cannot play {card} now")
        return error

    def _end_hand(self, won: tuple[int, ...], log: tuple[Any, ...]) -> GameState:
        rules = self.rules
        hand = self._hand
        bids = tuple(b if b is not None else Bid(0) for b in hand.bids)
        result = score_hand(bids, won, rules, scores=self.scores, bags=self.bags)
        actions = _unchain(log)
        record = HandRecord(
            number=hand.number,
            dealer=hand.dealer,
            hands=tuple(CardSet(m) for m in hand.at_play),
            bids=bids,
            tricks=won,
            result=result,
            actions=actions,
        )
        sheet = self._sheet + (record,)
        players = rules.players
        if _winner_of(result, rules) is not None:
            return GameState(rules, self.seed, sheet, hand, _OVER, -1, (0,) * players, (), won, self._broken, ())
        state = GameState(
            rules, self.seed, sheet, _new_hand(hand.number + 1, (hand.dealer + 1) % players, players),  # P-8, T-8
            _DEAL, -1, (0,) * players, (), (0,) * players, False, (),
        )
        if self.seed is not None:
            state = state._resolve_chance()
        return state

    def _next(
        self,
        *,
        hand: _Hand | None = None,
        phase: int | None = None,
        turn: int | None = None,
        hands: tuple[int, ...] | None = None,
        log: tuple[Any, ...],
    ) -> GameState:
        return GameState(
            self.rules,
            self.seed,
            self._sheet,
            self._hand if hand is None else hand,
            self._phase if phase is None else phase,
            self._turn if turn is None else turn,
            self._hands if hands is None else hands,
            self._trick,
            self._won,
            self._broken,
            log,
        )

    # ------------------------------------------------------------------
    # Copying an immutable value is the value itself.

    def __copy__(self) -> GameState:
        return self

    def __repr__(self) -> str:
        seat = "-" if self._turn < 0 else str(self._turn)
        return (
            f"<GameState hand {self._hand.number} {self.phase.name} turn {seat} "
            f"scores {self.scores} bags {self.bags}>"
        )


_new_state = object.__new__
# The slot setters of GameState's fields, in field order: the play of a card
# builds its successor with them directly (attrs' frozen __init__ is the same
# thing with more indirection, and this is the hottest path of the library).
(
    _set_rules, _set_seed, _set_sheet, _set_hand, _set_phase, _set_turn,
    _set_hands, _set_trick, _set_won, _set_broken, _set_log,
) = (getattr(GameState, f.name).__set__ for f in attrs.fields(GameState))


def _play_successor(
    old: GameState, turn: int, hands: tuple[int, ...], trick: tuple[Card, ...],
    won: tuple[int, ...], broken: bool, log: tuple[Any, ...],
) -> GameState:
    new: GameState = _new_state(GameState)
    _set_rules(new, old.rules)
    _set_seed(new, old.seed)
    _set_sheet(new, old._sheet)
    _set_hand(new, old._hand)
    _set_phase(new, _PLAY)
    _set_turn(new, turn)
    _set_hands(new, hands)
    _set_trick(new, trick)
    _set_won(new, won)
    _set_broken(new, broken)
    _set_log(new, log)
    return new


def _winner_of(result: HandScore, rules: Rules) -> int | None:
    boston = next((i for i, side in enumerate(result.sides) if side.boston), None)
    return game_winner(result.scores, rules, boston=boston)


def _unchain(log: tuple[Any, ...]) -> tuple[Action, ...]:
    actions = []
    node = log
    while node:
        node, action = node
        actions.append(action)
    actions.reverse()
    return tuple(actions)


def _new_hand(number: int, dealer: int, players: int) -> _Hand:
    return _Hand(number, dealer, (None,) * players, 0, (), (), None, ())


def new_game(rules: Rules | None = None, seed: int | None = None) -> GameState:
    """A new game under ``rules`` (default: :meth:`Rules.partnership`).

    With a ``seed`` (an int), every chance step resolves from it, so the same
    seed and the same actions give the same game.  Without one the state
    starts at the deal, waiting for a chance action.

    >>> from spades import Rules, new_game
    >>> new_game(Rules.partnership(), seed=5).phase.name
    'BID'
    >>> new_game(Rules.partnership()).is_chance
    True
    """
    if rules is None:
        rules = Rules.partnership()
    if not isinstance(rules, Rules):
        raise RulesError(f"new_game needs a Rules value, got {rules!r}")
    if seed is not None and type(seed) is not int:
        raise SpadesError(f"the seed must be an int or None, got {seed!r}")
    players = rules.players
    state = GameState(
        rules, seed, (), _new_hand(0, rules.first_dealer, players), _DEAL, -1, (0,) * players, (), (0,) * players, False, ()
    )
    if seed is not None:
        state = state._resolve_chance()
    return state
