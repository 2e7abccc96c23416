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
import operator
import random
from collections.abc import Sequence
from typing import Any, Final, NamedTuple, cast

import attrs

from spades.actions import (
    Action,
    Bid,
    ChanceAction,
    Deal,
    Draft,
    Exchange,
    Replacement,
    Stock,
    deal_of_card_sets,
    malformed_action,
    read_action,
)
from spades._decks import SPADES, DeckFacts
from spades.bidding import double_nil_open_of, fixed_legal_bids, legal_bids_of, limits_of, next_bidder_of
from spades.cards import NUM_CARD_INDEXES, Card, CardSet, card_set_of_mask, card_sets_of_masks, cards_of_mask
from spades.deal import (
    ByteSource,
    check_rng,
    check_seed,
    deal_error,
    deal_from,
    dealer_of_hand,
    next_dealer_of,
    replacement_from,
    seeded_bytes,
    seeded_deal_masks,
    stock_error,
    stock_from,
)
from spades.draft import declarable_of, declaration_error, draft_actions, draft_over_of, next_drafter_of, turn_of
from spades.errors import (
    is_a,
    ArgumentTypeError,
    CheckedEnumType,
    IllegalActionError,
    ParseError,
    Reason,
    RulesTypeError,
    ascii_upper,
    check_seat,
    clip,
    exact_str,
    short_repr,
    type_name,
)
from spades.exchange import exchange_choices_of, exchange_error_of, order_of, replacement_error
from spades.rules import Rules
from spades.scoring import score_sides, winner_after
from spades.sheet import HandRecord, HandSummary, actions_of_log, log_size_and_first, public_row, record_of
from spades.tricks import (
    broken_by,
    first_leader_of_masks,
    first_trick_matters,
    lead_mask,
    legal_mask,
    play_error,
    winner_seat_of,
)

__all__ = ["GameState", "Phase", "new_game"]

_ACTION_TYPES: Final = (Card, Bid, Draft, Exchange, Deal, Stock, Replacement)


class Phase(enum.IntEnum, metaclass=CheckedEnumType):
    """The phases of a hand, in the order they occur.

    ``Phase(n)`` is the phase of number ``n``; any other value raises
    :class:`~spades.ArgumentError` (a ``ValueError``, as for any enum).
    :meth:`parse` reads a phase's name; ``Phase[name]`` is Python's own
    look-up by exact name, which raises ``KeyError``.

    >>> Phase(4), Phase.parse("play")
    (<Phase.BID: 4>, <Phase.PLAY: 6>)
    >>> Phase(8)
    Traceback (most recent call last):
    ...
    spades.errors.ArgumentError: 8 is not a Phase: the values are 0, 1, 2, 3, 4, 5, 6, 7
    """

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

    @classmethod
    def parse(cls, text: str) -> Phase:
        """Read a phase's name, in any case, blanks around ignored
        (``"BID"``, ``"game_over"``); anything else raises
        :class:`~spades.ParseError`.

        >>> Phase.parse(" Game_Over ")
        <Phase.GAME_OVER: 7>
        >>> Phase.parse("bidding")
        Traceback (most recent call last):
        ...
        spades.errors.ParseError: cannot read 'bidding' as a phase: expected DEAL, DRAFT, DISCARD, REPLACE, BID, EXCHANGE, PLAY or GAME_OVER
        """
        if not is_a(text, str):
            raise ParseError(f"a phase must be given as text, got {short_repr(text)}")
        phase = _PHASE_NAMES.get(ascii_upper(exact_str(text).strip()))
        if phase is None:
            names = [member.name for member in cls]
            raise ParseError(
                f"cannot read {short_repr(text)} as a phase: expected {', '.join(names[:-1])} or {names[-1]}"
            )
        return phase


_DEAL: Final = 0
_DRAFT: Final = 1
_DISCARD: Final = 2
_REPLACE: Final = 3
_BID: Final = 4
_EXCHANGE: Final = 5
_PLAY: Final = 6
_OVER: Final = 7
_PHASES: Final = tuple(Phase)
_PHASE_NAMES: Final = {phase.name: phase for phase in Phase}
_MASK_OF: Final = operator.attrgetter("mask")


# For each phase a seat acts in: the kinds of read_action() that are its
# actions, what it expects (for messages) and the rule.
_EXPECTED: Final = {
    _BID: (("bid",), "a bid", "C-3"),  # and which, from the legal bids: see _expected_text
    _DRAFT: (("draft", "bid"), "keep or reject", "T-2"),
    _EXCHANGE: (("exchange",), "the {n} cards to give the partner", "P-6"),
    _DISCARD: (("exchange",), "up to {n} cards to discard, or -", "T-6"),
    _PLAY: (("card",), "a card of the hand", "C-5"),
}
def _expected_text(phase: int, legal: tuple[Action, ...], exchange: int) -> str:
    """What the seat to act may answer in ``phase``, as a refusal names it
    (``legal``: its legal actions; ``exchange``: the rules' Double Nil
    exchange): in the bidding the bids this seat may make now (C-3; a hand
    of 17 cards under V-10; Nil and Double Nil only where open, P-6, T-6,
    V-2, V-3, V-6), in the draft keep or reject (T-2) and Double Nil where
    it may still declare it (T-6)."""
    expects = _EXPECTED[phase][1].replace("{n}", str(exchange))
    double_nil = any(type(action) is Bid and action.double_nil for action in legal)
    if phase == _DRAFT:
        return expects + (", or double nil at the start of the first turn" if double_nil else "")
    if phase != _BID:
        return expects
    numbers = sorted({action.tricks for action in legal if type(action) is Bid and not action.double_nil})
    choices = ["double nil"] * double_nil
    if numbers:
        low, high = numbers[0], numbers[-1]
        missing = [str(n) for n in range(low, high + 1) if n not in numbers]
        span = f"{low}..{high}" + (f" but not {', '.join(missing)}" if missing else "") if high > low else str(low)
        choices = [span] + ["nil"] * (low == 0) + choices
    if not choices:
        return expects
    return expects + ": " + (", ".join(choices[:-1]) + " or " + choices[-1] if len(choices) > 1 else choices[0])


_PHASE_WORDS: Final = {
    _BID: "the bidding", _DRAFT: "the draft", _EXCHANGE: "the Double Nil exchange", _DISCARD: "the Double Nil discard",
    _PLAY: "the play",
}
_KIND_NAMES: Final = {"card": "a card", "bid": "a bid", "draft": "a draft choice", "exchange": "a set of cards"}


class _Context(NamedTuple):
    """Facts of the game that change at most a few times a hand."""

    rules: Rules
    # The deck's facts and whether the first trick has rules of its own
    # (V-7), read on every play.
    facts: DeckFacts
    first_trick: bool
    seed: int | None
    sheet: tuple[HandRecord, ...]
    number: int
    dealer: int
    # The two-player stock, top card first (empty for a dealt hand).
    stock: tuple[Card, ...]
    # Exchanges still to make: (giver, receiver) pairs; receiver -1 for a
    # two-player discard.
    exchanges: tuple[tuple[int, int], ...]
    # A two-player discard awaiting its replacement draw: (seat, discarded
    # mask, pool mask), or None.
    pending: tuple[int, int, int] | None
    # The score sheet as every seat sees it, one row per finished hand,
    # made once when the hand ends (views share them).
    rows: tuple[HandSummary, ...]
    # rules.players, read on every play (by index: the play of a card
    # reads the context as a tuple).
    players: int
    # The legal bids when the rules make them the same at every turn
    # (spades.bidding.fixed_legal_bids), else None.
    fixed_bids: tuple[Bid, ...] | None


_C_RULES: Final = 0
_C_FACTS: Final = 1
_C_FIRST_TRICK: Final = 2
_C_SHEET: Final = 4
_C_EXCHANGES: Final = 8
_C_PLAYERS: Final = 11
_C_FIXED_BIDS: Final = 12


# GameState._play, a plain tuple, so that the successor of a play is one
# tuple and a one-slot object.  This is the one statement of its layout:
#   context the _Context (shared by every state from one change of it to the
#           next);
#   phase   the phase (an int of Phase);
#   turn    the seat to act, -1 at a chance step or after the game;
#   hands   each seat's cards; from the start of play on, the cards it held
#           as play began (its cards now: hands[seat] & ~played);
#   pile    cards out of play: the two-player discard pile, a card set aside
#           (V-10);
#   played  the mask of the cards played so far this hand;
#   trick   the cards of the trick in progress, in order;
#   won     tricks won by each seat this hand, a byte a seat (seat 0 lowest);
#   legal   in the play of tricks, the legal cards of the seat to play, in
#           index order; in the bidding, the legal bids of the seat to bid,
#           and in the two-player draft the seat's draft actions, in the
#           order of legal_actions() (empty in every other phase);
#   log     the hand's actions before the trick in progress, as a chain of
#           pairs (earlier, actions): one action at a time before the play,
#           then one whole trick at a time;
#   bids    each seat's bid, None while not yet made.
# Spades are broken when a spade has been played (C-6: every legal spade
# play breaks them), so that is worked out from ``played`` when asked.
#
# A seeded game's hand that has not been dealt yet: the end of a hand gives
# the next hand's state in phase DEAL, and the seed deals it when something
# first reads what the deal decides (the phase, the turn, the hands, the
# legal actions, ...), in GameState._dealt(), which puts the dealt fields in
# the state's slot.  So the end of a hand costs no deal, and a caller that
# only reads the score sheet, the scores or the hand's number never pays for
# one.  Only such a state is seeded and in phase DEAL.
_CONTEXT: Final = 0
_PHASE: Final = 1
_TURN: Final = 2
_HANDS: Final = 3
_PILE: Final = 4
_PLAYED: Final = 5
_TRICK: Final = 6
_WON: Final = 7
_LEGAL: Final = 8
_LOG: Final = 9
_BIDS: Final = 10
_KEEP: Final = Draft.KEEP
_REJECT: Final = Draft.REJECT
_ONE_TRICK: Final = tuple(1 << (8 * seat) for seat in range(4))
_BIT: Final = tuple(1 << card for card in range(NUM_CARD_INDEXES))


@attrs.frozen(slots=True, eq=False, init=False)
class GameState:
    """A whole game of Spades at one moment.  Build one with
    :func:`new_game`; get the next with :meth:`apply`; load one with
    :func:`spades.serial.state_from_json` or :meth:`spades.Record.replay`.
    ``GameState(...)`` itself raises :class:`~spades.ArgumentTypeError`: a
    state is only ever made by the engine, so every state is a real game.

    States compare and hash by value (the rules, the seed and everything
    that has happened).  Public attributes are read-only properties.

    A state pickles small and loads fast (for process pools): a pickle is
    trusted, as :mod:`pickle` itself must be (loading one can run any
    code), so it is not checked again.  A state from a client or a file is
    loaded from JSON, which replays and checks every action.

    >>> GameState()
    Traceback (most recent call last):
    ...
    spades.errors.ArgumentTypeError: a GameState is made by new_game(), apply() or a loader, not by GameState()
    """

    _play: tuple[Any, ...]

    def __init__(self, *_args: object, **_kwargs: object) -> None:
        raise ArgumentTypeError("a GameState is made by new_game(), apply() or a loader, not by GameState()")

    def _dealt(self) -> tuple[Any, ...]:
        """The play fields, the hand dealt first if the seed has not dealt
        it yet (see the layout above): the same state, worked out further."""
        play: tuple[Any, ...] = self._play
        if play[_PHASE] == _DEAL:
            context: _Context = play[_CONTEXT]
            seed = context.seed
            if seed is not None:
                # The seeded deal, as _resolve_chance() makes it.
                play = (_seeded_deal(context, seed) if context.players != 2 else self._resolve_chance())._play
                _set_play(self, play)
        return play

    def __eq__(self, other: object) -> bool:
        if type(other) is not GameState:
            return NotImplemented
        return self is other or self._dealt() == other._dealt()

    def __ne__(self, other: object) -> bool:
        if type(other) is not GameState:
            return NotImplemented
        return not self.__eq__(other)

    def __hash__(self) -> int:
        # The legal actions follow from the rest (and bids hash slowly).
        play = self._dealt()
        return hash(play[:_LEGAL] + play[_LEGAL + 1 :])

    # ------------------------------------------------------------------
    # What the state shows.

    @property
    def rules(self) -> Rules:
        """The rules of the game."""
        rules: Rules = self._play[_CONTEXT].rules
        return rules

    @property
    def seed(self) -> int | None:
        """The seed that resolves chance steps, or ``None`` when the caller
        supplies them.  It gives away every hand: keep it secret."""
        seed: int | None = self._play[_CONTEXT].seed
        return seed

    @property
    def phase(self) -> Phase:
        """The current :class:`Phase`."""
        play = self._play
        if play[_PHASE] == _DEAL:
            play = self._dealt()
        phase: Phase = _PHASES[play[_PHASE]]
        return phase

    @property
    def is_over(self) -> bool:
        """True once a side has won (S-9)."""
        over: bool = self._play[_PHASE] == _OVER  # ints compared: a bool
        return over

    @property
    def is_chance(self) -> bool:
        """True when the next action is a chance step (deal, stock or
        replacement draw) for the caller to supply (only in unseeded games)."""
        phase: int = self._dealt()[_PHASE]
        return phase == _DEAL or phase == _REPLACE

    @property
    def turn(self) -> int | None:
        """The seat to act, or ``None`` at a chance step or after the game."""
        turn: int = self._dealt()[_TURN]
        return turn if turn >= 0 else None

    @property
    def dealer(self) -> int:
        """The current hand's dealer (two-player: the first player, T-1)."""
        dealer: int = self._play[_CONTEXT].dealer
        return dealer

    @property
    def hand_number(self) -> int:
        """The number of the current hand, from 0."""
        number: int = self._play[_CONTEXT].number
        return number

    def _held(self) -> tuple[int, ...]:
        """Each seat's cards now, as masks."""
        play = self._dealt()
        kept = ~play[_PLAYED]
        hands: tuple[int, ...] = play[_HANDS]
        if len(hands) == 4:
            first, second, third, fourth = hands
            return (first & kept, second & kept, third & kept, fourth & kept)
        return tuple([hand & kept for hand in hands])

    @property
    def hands(self) -> tuple[CardSet, ...]:
        """Every seat's cards (the whole truth: give players their
        :func:`~spades.seat_view` instead)."""
        return tuple(map(card_set_of_mask, self._held()))

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds."""
        return card_set_of_mask(self._held()[check_seat(seat, self.rules.players)])

    @property
    def bids(self) -> tuple[Bid | None, ...]:
        """Each seat's bid this hand, ``None`` while not yet made; once the
        game is over, the last hand's (its row of :attr:`sheet` holds them
        too; a seat's view shows no bids then, no hand being in progress)."""
        bids: tuple[Bid | None, ...] = self._play[_BIDS]
        return bids

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards played to the trick in progress, in order."""
        trick: tuple[Card, ...] = self._play[_TRICK]
        return trick

    @property
    def leader(self) -> int | None:
        """The seat that led (or is to lead) the trick in progress."""
        play = self._play
        if play[_PHASE] != _PLAY:
            return None
        return int((play[_TURN] - len(play[_TRICK])) % self.rules.players)

    @property
    def first_leader(self) -> int | None:
        """The seat that led the hand's first trick (P-7, T-7, V-7), from the
        start of the play of tricks; ``None`` before it and after the game."""
        play = self._play
        if play[_PHASE] != _PLAY:
            return None
        return first_leader_of_masks(play[_CONTEXT].rules, play[_CONTEXT].dealer, play[_HANDS])

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks each seat has won this hand (C-8); once the game is over,
        in the last hand (as :attr:`bids`)."""
        return _unpack_won(self._play[_WON], self.rules.players)

    @property
    def spades_broken(self) -> bool:
        """Whether spades have been broken this hand (C-6)."""
        return broken_by(self._play[_PLAYED], self._play[_CONTEXT].facts)

    @property
    def discard_pile(self) -> CardSet:
        """Cards out of play this hand: the two-player draft's discards (T-3),
        or the card set aside in three-player cutthroat (V-10)."""
        return card_set_of_mask(self._dealt()[_PILE])

    @property
    def stock_left(self) -> int:
        """Cards still in the two-player stock (T-3)."""
        stock = self._dealt()[_CONTEXT].stock
        if not stock or self._play[_PHASE] != _DRAFT:
            return 0
        return max(0, len(stock) - self._stock_drawn())

    @property
    def top_of_stock(self) -> Card | None:
        """The card the drafting player has drawn and must decide on (T-2);
        only that player may see it."""
        if self._dealt()[_PHASE] != _DRAFT:
            return None
        card: Card = self._play[_CONTEXT].stock[self._stock_drawn()]
        return card

    def _stock_drawn(self) -> int:
        """Cards drawn from the two-player stock so far: every card is either
        in a hand or on the pile (T-2)."""
        hands: tuple[int, ...] = self._play[_HANDS]
        pile: int = self._play[_PILE]
        drawn: int = (sum(hands) + pile).bit_count()  # no card is in two places
        return drawn

    @property
    def sheet(self) -> tuple[HandRecord, ...]:
        """The score sheet: one :class:`~spades.HandRecord` per finished hand."""
        sheet: tuple[HandRecord, ...] = self._play[_CONTEXT][_C_SHEET]
        return sheet

    @property
    def score_sheet(self) -> tuple[HandSummary, ...]:
        """The score sheet as every seat may see it: one
        :class:`~spades.HandSummary` per finished hand, with its bids, the
        tricks each seat won and its score, but not its tricks (a view's
        score sheet; :func:`~spades.view.hand_summary` gives a row with its
        tricks).

        >>> from spades import Rules, new_game
        >>> state = new_game(Rules.partnership(), seed=2)
        >>> while not state.sheet:
        ...     state = state.apply(state.legal_actions()[0])
        >>> row = state.score_sheet[0]
        >>> row.tricks_won == state.sheet[0].tricks, row.tricks, row.result == state.sheet[0].result
        (True, (), True)
        """
        rows: tuple[HandSummary, ...] = self._play[_CONTEXT].rows
        return rows

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's score (sides as in ``rules.sides``)."""
        return _scores_of(self._play[_CONTEXT])

    @property
    def bags(self) -> tuple[int, ...]:
        """Each side's bags carried, 0..bags_per_penalty-1 (S-8)."""
        sheet: tuple[HandRecord, ...] = self._play[_CONTEXT].sheet
        return sheet[-1].result.total_bags if sheet else (0,) * len(self.rules.sides)

    @property
    def winner(self) -> int | None:
        """The index of the winning side once the game is over, else ``None``."""
        if self._play[_PHASE] != _OVER:
            return None
        return winner_after(self.sheet[-1].result, self.rules)

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action of the current hand so far, chance steps included."""
        play = self._dealt()
        trick: tuple[Card, ...] = play[_TRICK]
        return _unchain(play[_LOG]) + trick

    def double_nil_open(self, seat: int) -> bool:
        """Whether ``seat`` may still bid Double Nil this hand (P-6, T-6, V-3).
        At the seat's turn to bid, exactly whether Double Nil is among its
        legal bids (the bids before it may rule it out, V-6); before its
        turn, whether the rules and the scores leave it open.

        A client must ask the player *before* showing them their cards.

        >>> from spades import Bid, Rules, new_game
        >>> state = new_game(Rules(bids_may_not_total_tricks=True), seed=1)
        >>> for bid in (Bid(4), Bid(5), Bid(4)):
        ...     state = state.apply(bid)
        >>> state.double_nil_open(state.turn), Bid.DOUBLE_NIL in state.legal_actions()
        (False, False)
        """
        rules = self.rules
        seat = check_seat(seat, rules.players)
        play = self._dealt()
        bid = play[_BIDS][seat]
        if rules.is_draft:
            return play[_PHASE] == _DRAFT and declarable_of(seat, rules, self.scores, play[_HANDS][seat].bit_count(), bid)
        if play[_PHASE] != _BID or bid is not None:
            return False
        if seat == play[_TURN]:
            return any(each is Bid.DOUBLE_NIL for each in play[_LEGAL])
        return double_nil_open_of(seat, rules, self.scores)

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
        play = self._play
        legal: tuple[Action, ...] = play[_LEGAL]
        if legal:
            return legal  # the play, the bidding and the draft: worked out with the state
        play = self._dealt()
        if play[_LEGAL]:
            return cast("tuple[Action, ...]", play[_LEGAL])
        phase = play[_PHASE]
        if phase == _EXCHANGE or phase == _DISCARD:
            return exchange_choices_of(play[_HANDS][play[_TURN]], play[_CONTEXT].rules, phase == _DISCARD)
        return ()

    # ------------------------------------------------------------------
    # Applying actions.

    def explain(self, action: object, seat: int | None = None) -> IllegalActionError | None:
        """Why ``action`` (by ``seat``, if given) is illegal here, or ``None``
        if it is legal.  Never raises for a bad ``action``, whatever it is:
        this is how a server checks a client's move.  ``seat`` must be a
        seat (an ``int``) or ``None``, else :class:`~spades.ArgumentError`.
        The error's message names no card of any hand, only the cards of
        ``action`` itself (``BAD_CHANCE``, about a chance step the caller
        supplied, may show that step's cards); like its reason, it says
        something of the mover's own hand (that it lacks the card, holds
        the suit led...), so it is for the mover only.

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

    def turn_error(self, seat: int) -> IllegalActionError | None:
        """Why ``seat`` may not act now (``GAME_OVER``, or ``NOT_YOUR_TURN``
        with the rule of the turn order; also at a chance step), or ``None``
        when it is that seat's turn: the first check a server makes of a
        message, before reading it.

        >>> from spades import Rules, new_game
        >>> state = new_game(Rules.partnership(), seed=3)
        >>> state.turn_error(1) is None, state.turn_error(2).reason.name
        (True, 'NOT_YOUR_TURN')
        """
        seat = check_seat(seat, self.rules.players)
        play = self._dealt()
        if play[_PHASE] != _OVER and seat == play[_TURN]:
            return None
        return self._turn_error(seat)

    def parse_action(self, text: object, seat: int | None = None) -> Action:
        """The legal action a player's ``text`` stands for here, for a server
        that reads what its clients send.  The checks come in this order:

        1. the game is not over (``GAME_OVER``) and, if ``seat`` is given,
           it is that seat's turn (``NOT_YOUR_TURN``);
        2. the text is an action of this phase (``WRONG_PHASE``, naming what
           the phase expects: a card sent during the bidding is in the
           wrong phase, not an unreadable bid);
        3. the text can be read at all (:class:`~spades.ParseError`, naming
           what the phase expects);
        4. the rules allow it (:class:`~spades.IllegalActionError` with the
           reason and the rule, as :meth:`explain`).

        Every spelling :func:`~spades.actions.read_action` reads is
        accepted; ``str(action)`` of every action a player takes (a card, a
        bid, a draft choice, an exchange or a discard) is its canonical text
        and reads back to an equal action.  The chance steps (a deal, the
        stock, a replacement draw) are no player's: they are not read from
        text here (a :class:`~spades.Record` writes them in tags of its own).

        >>> from spades import Rules, new_game
        >>> state = new_game(Rules.partnership(), seed=3)
        >>> state.parse_action("blind nil", seat=1)
        Bid(0, double_nil=True)
        >>> state.parse_action("QH", seat=1)
        Traceback (most recent call last):
        ...
        spades.errors.IllegalActionError: QH is a card; the bidding expects a bid: 0..13, nil or double nil (rule C-3)
        >>> state.explain(Bid(4), seat=2).reason.name
        'NOT_YOUR_TURN'
        >>> state.parse_action("four", seat=2)
        Traceback (most recent call last):
        ...
        spades.errors.IllegalActionError: it is seat 1's turn, not seat 2's (rule P-3)
        """
        play = self._dealt()
        phase = play[_PHASE]
        turn = play[_TURN]
        if phase == _OVER:
            raise self._turn_error(seat)
        if seat is not None:
            seat = check_seat(seat, self.rules.players)
            if seat != turn:
                raise self._turn_error(seat)
        if turn < 0:
            raise IllegalActionError(
                Reason.WRONG_PHASE, "no player acts now: the state waits for a chance step (a deal, stock or draw)",
                self._phase_rule(phase),
            )
        kinds = _EXPECTED[phase][0]
        try:
            readings = read_action(text)
        except ParseError as error:
            expects = _expected_text(phase, play[_LEGAL], self.rules.double_nil_exchange)  # worked out for a refusal only
            raise ParseError(f"{error}; {_PHASE_WORDS[phase]} expects {expects}") from None
        action = next((readings[kind] for kind in kinds if kind in readings), None)
        if phase == _DRAFT and is_a(action, Bid) and not action.double_nil:
            action = None
        if action is None:
            kind = next(k for k in _KIND_NAMES if k in readings)
            shown = short_repr(exact_str(text).strip()) if is_a(text, str) else "''"
            shown = shown[1:-1] if shown[-1:] == shown[:1] else shown[1:]  # its quotes off (a text cut short has no last one)
            expects = _expected_text(phase, play[_LEGAL], self.rules.double_nil_exchange)
            raise IllegalActionError(
                Reason.WRONG_PHASE, f"{shown} is {_KIND_NAMES[kind]}; {_PHASE_WORDS[phase]} expects {expects}",
                self._phase_rule(phase),
            )
        refusal = self.explain(action, seat)
        if refusal is not None:
            raise refusal
        return action

    def is_legal(self, action: object, seat: int | None = None) -> bool:
        """Whether :meth:`apply` would accept ``action`` (by ``seat``)."""
        return self.explain(action, seat) is None

    def apply(self, action: Action, seat: int | None = None) -> GameState:
        """The state after ``action``.  ``self`` is left unchanged.

        If ``seat`` is given, the action is refused unless it is that seat's
        turn.  An illegal action raises :class:`~spades.IllegalActionError`
        with a :class:`~spades.Reason` and the rule that forbids it.
        """
        context, phase, turn, hands, pile, played, trick, won, legal, log, bids = self._play
        if type(action) is Card and action in legal and (seat is None or (type(seat) is int and seat == turn)):
            # The hot path: a legal card played.  The legal cards were worked
            # out when this state was made, and the successor is one tuple
            # and a one-slot object.
            played |= _BIT[action]
            trick += (action,)
            players = context[_C_PLAYERS]
            if len(trick) < players:
                turn = turn + 1 if turn + 1 < players else 0
                held = hands[turn] & ~played
                # The next seat's legal cards (spades.tricks.legal_mask):
                # following a plain suit (C-5) is one lookup in the deck's
                # table of the cards of each pattern of the suit's bits.
                facts = context[_C_FACTS]
                suit_mask, suit_cards, shift = facts.follow[trick[0]]
                follow = held & suit_mask
                if follow and suit_cards:
                    legal = suit_cards[follow >> shift]
                else:
                    first = context[_C_FIRST_TRICK] and not won
                    if follow or first:
                        # A suit of no table (the V-9 deuces), or the first
                        # trick, which may have rules of its own (V-7).
                        legal = cards_of_mask(
                            legal_mask(held, facts.suit_of[trick[0]], played, context[_C_RULES], first, facts.suit_masks)
                        )
                    else:
                        legal = cards_of_mask(held)  # void in the suit led: any card (C-5, as legal_mask says)
                new = _new_state(GameState)
                _set_play(new, (context, phase, turn, hands, pile, played, trick, won, legal, log, bids))
                return new
            # The trick is complete (C-7): the winner takes it and leads next.
            facts = context[_C_FACTS]
            winner = winner_seat_of(turn + 1 if turn + 1 < players else 0, trick, facts, players)
            won += _ONE_TRICK[winner]
            log = (log, trick)
            held = hands[winner] & ~played
            if held:
                legal = cards_of_mask(lead_mask(held, played, facts.suit_masks[SPADES]))
                new = _new_state(GameState)
                _set_play(new, (context, phase, winner, hands, pile, played, (), won, legal, log, bids))
                return new
            return self._end_hand(won, played, log)
        if type(action) is Bid and phase == _BID and (seat is None or (type(seat) is int and seat == turn)):
            for each in legal:
                if each is action:  # one of the legal bids this state handed out
                    bids = bids[:turn] + (action,) + bids[turn + 1 :]
                    following = next_bidder_of(context[_C_PLAYERS], context.dealer, bids)  # P-3, T-4
                    if following is None:
                        return self._bidding_over(action, bids)
                    # The next seat's legal bids (as _bidding() works them out).
                    legal = context[_C_FIXED_BIDS] or legal_bids_of(following, bids, context[_C_RULES], _scores_of(context))
                    new = _new_state(GameState)
                    _set_play(new, (context, _BID, following, hands, pile, 0, (), 0, legal, (log, (action,)), bids))
                    return new
        if (action is _KEEP or action is _REJECT) and phase == _DRAFT and (seat is None or (type(seat) is int and seat == turn)):
            return self._draft_turn(action)  # T-2: a draft turn (never a chance step next)
        return self._apply_slowly(action, seat)

    def _apply_slowly(self, action: Action, seat: int | None) -> GameState:
        """:meth:`apply` for everything but a legal card: the other phases,
        and the errors."""
        if self._play[_PHASE] == _DEAL and self._play[_CONTEXT].seed is not None:
            self._dealt()  # a hand the seed has not dealt yet: dealt now, in place
            return self.apply(action, seat)
        if seat is not None and check_seat(seat, self.rules.players) != self._play[_TURN]:
            raise self._turn_error(seat)
        if malformed_action(action):  # built around its type's constructor
            raise IllegalActionError(
                Reason.NOT_AN_ACTION, f"{short_repr(action)} is not an action: it holds what {type_name(action)}() refuses"
            )
        phase = self._play[_PHASE]
        if phase == _DRAFT:
            return self._draft(action)  # never a chance step next
        if phase == _PLAY:
            if type(action) is Card:
                raise self._play_error(action)
            raise self._wrong_phase(action)
        if phase == _OVER:
            raise IllegalActionError(Reason.GAME_OVER, f"the game is over; {short_repr(action)} cannot be applied", "S-9")
        if phase == _BID:
            state = self._bid(action)
        elif phase == _EXCHANGE or phase == _DISCARD:
            state = self._exchange(action)
        else:
            state = self._chance(action, trusted=False)
        phase = state._play[_PHASE]
        return state._resolve_chance() if phase == _DEAL or phase == _REPLACE else state

    def sample_chance(self, rng: random.Random) -> ChanceAction:
        """Draw the pending chance step with ``rng`` (the caller's seeded
        source).  Raises :class:`~spades.IllegalActionError` when the state is
        not at a chance step."""
        check_rng(rng, "sample_chance")
        if not self.is_chance:
            raise IllegalActionError(
                Reason.WRONG_PHASE, f"no chance step is pending in phase {self.phase.name}", self._phase_rule(self._dealt()[_PHASE])
            )
        return self._chance_outcome(rng.randbytes)

    def _chance_outcome(self, source: ByteSource) -> ChanceAction:
        """The pending chance step drawn from ``source``: the deal (P-2,
        V-10), the stock (T-2) or a replacement draw (T-6)."""
        context: _Context = self._play[_CONTEXT]
        rules = context.rules
        if self._play[_PHASE] == _DEAL:
            return stock_from(source, rules) if rules.is_draft else deal_from(source, rules)
        _seat, discarded, pool = cast("tuple[int, int, int]", context.pending)
        return replacement_from(source, CardSet(pool), discarded.bit_count())

    def _chance(self, action: Action, *, trusted: bool) -> GameState:
        """Apply a chance step; ``trusted`` skips re-checking one this library
        has just drawn itself."""
        if self._play[_PHASE] == _DEAL:
            return self._deal(action, trusted)
        return self._replace(action, trusted)

    def _resolve_chance(self) -> GameState:
        """In a seeded game, the state after the chance steps now due, each
        drawn from the seed, the hand's number and the step (the deal or
        stock, and two-player replacement draws); else ``self``.  The one
        place where a seeded game draws its chance."""
        state = self
        seed = self._play[_CONTEXT].seed
        if seed is None:
            return self
        while True:
            phase = state._play[_PHASE]
            context: _Context = state._play[_CONTEXT]
            if phase == _DEAL:
                step = "deal"
            elif phase == _REPLACE:
                step = f"replace/{cast('tuple[int, int, int]', context.pending)[0]}"
            else:
                return state
            if phase == _DEAL and context.players != 2:
                state = _seeded_deal(context, seed)
            else:
                outcome = state._chance_outcome(seeded_bytes(seed, context.number, step))
                state = state._deal(outcome, True) if phase == _DEAL else state._replace(outcome, True)

    # -- errors ----------------------------------------------------------

    def _turn_error(self, seat: object) -> IllegalActionError:
        phase = self._play[_PHASE]
        turn = self._play[_TURN]
        if phase == _OVER:
            return IllegalActionError(Reason.GAME_OVER, "the game is over", "S-9")
        if turn < 0:
            return IllegalActionError(
                Reason.NOT_YOUR_TURN, f"no seat is to act: a chance step is pending, not seat {seat}", self._phase_rule(phase)
            )
        rule = {_BID: "P-3", _DRAFT: "T-3", _PLAY: "P-7"}.get(phase, "P-6")
        if self.rules.is_draft:
            rule = {_BID: "T-4", _DRAFT: "T-3", _PLAY: "T-7"}.get(phase, "T-6")
        if phase == _PLAY and not self._play[_TRICK]:
            # A lead: the winner of the trick before leads (C-7); the first
            # lead is the holder of the 2 of clubs' under V-7's option, else
            # the seat P-7 or T-7 names.
            if self._play[_WON]:
                rule = "C-7"
            elif self.rules.first_lead == "two-of-clubs":
                rule = "V-7"
        return IllegalActionError(Reason.NOT_YOUR_TURN, f"it is seat {turn}'s turn, not seat {seat}'s", rule)

    def _wrong_phase(self, action: object) -> IllegalActionError:
        # Exactly these types: a subclass (of Bid, or of int for a card) is
        # not an action, whatever its value.
        kind = type(action)
        if not any(kind is action_type for action_type in _ACTION_TYPES):
            return IllegalActionError(
                Reason.NOT_AN_ACTION, f"{short_repr(action)} is not an action; expected one of {self.phase.name}'s actions"
            )
        text = clip(str(action), 80)  # a deal of many hands
        named = type_name(action)
        if not text.startswith(named.lower() + " "):  # "Bid 3", but "replacement 3H", not "Replacement replacement 3H"
            text = f"{named} {text}"
        return IllegalActionError(
            Reason.WRONG_PHASE, f"{text} cannot be applied in phase {self.phase.name}",
            self._phase_rule(self._dealt()[_PHASE]),
        )

    def _phase_rule(self, phase: int) -> str:
        """The rule of what ``phase`` takes, which a refusal of another
        kind of action names: the deal (P-2) or the stock (T-2), the bidding
        (C-3, T-4 after the draft), the draft (T-2), the exchanges and
        replacement draws (P-6, T-6), the play (C-5), the end (S-9)."""
        if phase == _BID and self.rules.is_draft:
            return "T-4"
        if phase == _DEAL:
            return "T-2" if self.rules.is_draft else "P-2"
        if phase == _OVER:
            return "S-9"
        if phase == _REPLACE:
            return "T-6"
        return _EXPECTED[phase][2]

    def _play_error(self, card: Card) -> IllegalActionError:
        """Why ``card``, not among the legal cards, may not be played: the
        legal cards and :func:`~spades.play_error` follow the same rules."""
        play = self._play
        context: _Context = play[_CONTEXT]
        first = context.first_trick and not play[_WON]
        held = play[_HANDS][play[_TURN]] & ~play[_PLAYED]
        broken = broken_by(play[_PLAYED], context.facts)
        error = play_error(card, CardSet(held), play[_TRICK], broken, context.rules, first_trick=first, seat=play[_TURN])
        return cast(IllegalActionError, error)

    # -- building the next state before the play of tricks ------------------

    def _next(
        self,
        action: Action,
        *,
        context: _Context | None = None,
        phase: int | None = None,
        turn: int | None = None,
        hands: tuple[int, ...] | None = None,
        pile: int | None = None,
        bids: tuple[Bid | None, ...] | None = None,
        legal: tuple[Action, ...] = (),
    ) -> GameState:
        """The successor of a step before the play of tricks (deal, draft,
        bid, exchange), ``action`` logged: nothing played, no trick, and the
        ``legal`` actions worked out with it (a draft turn's; else none)."""
        play = self._play
        return _state(
            (
                play[_CONTEXT] if context is None else context,
                play[_PHASE] if phase is None else phase,
                play[_TURN] if turn is None else turn,
                play[_HANDS] if hands is None else hands,
                play[_PILE] if pile is None else pile,
                0,
                (),
                0,
                legal,
                (play[_LOG], (action,)),
                play[_BIDS] if bids is None else bids,
            )
        )

    # -- chance ----------------------------------------------------------

    def _deal(self, action: Action, trusted: bool, masks: tuple[int, ...] | None = None) -> GameState:
        """Apply the deal (or stock); ``trusted`` skips re-checking a deal
        this library has just drawn itself from the seed, whose hands'
        masks it may give as ``masks``."""
        context: _Context = self._play[_CONTEXT]
        rules = context.rules
        if rules.is_draft:
            if type(action) is not Stock:
                raise self._wrong_phase(action)
            if not trusted:
                error = stock_error(action, rules)
                if error is not None:
                    raise error
            # T-2, T-3: the first player drafts first.
            drafting = context._replace(stock=action.cards)
            empty = (0,) * rules.players
            return self._next(
                action,
                context=drafting,
                phase=_DRAFT,
                turn=context.dealer,
                hands=empty,
                legal=_draft_legal(drafting, context.dealer, empty, self._play[_BIDS]),
            )
        if type(action) is not Deal:
            raise self._wrong_phase(action)
        if not trusted:
            error = deal_error(action, rules)
            if error is not None:
                raise error
        hands = tuple(map(_MASK_OF, action.hands)) if masks is None else masks
        aside = context.facts.mask & ~sum(hands)  # the hands share no card; V-10: the card set aside
        bids = self._play[_BIDS]
        log = (self._play[_LOG], (action,))
        first = next_bidder_of(rules.players, context.dealer, bids)  # P-3, T-4: no seat has bid yet
        return _bidding(context, cast(int, first), hands, aside, log, bids)

    def _replace(self, action: Action, trusted: bool) -> GameState:
        """Apply a two-player Double Nil replacement draw (T-6)."""
        context: _Context = self._play[_CONTEXT]
        seat, discarded, pool = cast("tuple[int, int, int]", context.pending)
        if not trusted:
            if type(action) is not Replacement:
                raise self._wrong_phase(action)
            error = replacement_error(action, CardSet(pool), discarded.bit_count())
            if error is not None:
                raise error
        drawn = cast(Replacement, action).cards.mask
        hands = list(self._play[_HANDS])
        hands[seat] |= drawn
        pile = (self._play[_PILE] & ~drawn) | discarded
        return self._next_step(action, context._replace(pending=None), tuple(hands), pile, self._play[_BIDS])

    # -- draft (two-player) ----------------------------------------------

    def _draft(self, action: Action) -> GameState:
        play = self._play
        context: _Context = play[_CONTEXT]
        seat = play[_TURN]
        hands = play[_HANDS]
        bids = play[_BIDS]
        if type(action) is Bid:
            if not action.double_nil:
                raise IllegalActionError(
                    Reason.WRONG_PHASE, f"cannot bid {action} during the draft: bidding follows it", "T-4"
                )
            error = declaration_error(seat, context.rules, self.scores, cards_taken=hands[seat].bit_count(), bid=bids[seat])
            if error is not None:
                raise error
            bids = bids[:seat] + (action,) + bids[seat + 1 :]
            return self._next(action, bids=bids, legal=_draft_legal(context, seat, hands, bids))
        if action is not Draft.KEEP and action is not Draft.REJECT:
            raise self._wrong_phase(action)
        return self._draft_turn(action)

    def _draft_turn(self, action: Draft) -> GameState:
        """The state after a draft turn, ``Draft.KEEP`` or ``Draft.REJECT``
        (T-2, T-3)."""
        context, _phase, seat, hands, pile, _played, _trick, _won, _legal, log, bids = self._play
        stock = context.stock
        drawn = self._stock_drawn()
        kept, discarded = turn_of(stock, drawn, action)
        hands = (hands[0] | _BIT[kept], hands[1]) if seat == 0 else (hands[0], hands[1] | _BIT[kept])
        pile |= _BIT[discarded]
        if not draft_over_of(len(stock), drawn + 2):
            following = next_drafter_of(seat)
            legal = _draft_legal(context, following, hands, bids)
            return _state((context, _DRAFT, following, hands, pile, 0, (), 0, legal, (log, (action,)), bids))
        # The draft is over: the Double Nil discards (T-6), then the bidding.
        exchanges = order_of(context.rules, context.dealer, bids)
        return self._next_step(action, context._replace(exchanges=exchanges), hands, pile, bids)

    # -- bidding -----------------------------------------------------------

    def _bid(self, action: Action, listed: bool = False) -> GameState:
        """The state after the bid ``action``; ``listed`` when it is one of
        the legal bids this state handed out (no need to check it again)."""
        context, _phase, seat, hands, pile, _played, _trick, _won, legal, log, bids = self._play
        if not listed:
            if type(action) is not Bid:
                raise self._wrong_phase(action)
            if not _listed(action, legal):  # another object than the legal bids handed out: checked in full
                error = limits_of(seat, bids, context.rules, self.scores).error(action)
                if error is not None:
                    raise error
        bids = bids[:seat] + (action,) + bids[seat + 1 :]
        turn = next_bidder_of(context.rules.players, context.dealer, bids)  # P-3, T-4
        if turn is not None:
            return _bidding(context, turn, hands, pile, (log, (action,)), bids)  # P-3, T-4
        return self._bidding_over(action, bids)

    def _bidding_over(self, action: Action, bids: tuple[Bid | None, ...]) -> GameState:
        """The state after ``action``, the last bid, made ``bids``: the
        Double Nil exchanges (P-6), else the first lead."""
        context, _phase, _seat, hands, pile, _played, _trick, _won, _legal, _log, _bids = self._play
        if context.players != 2:  # the two-player discards came after the draft (T-6)
            exchanges = order_of(context.rules, context.dealer, bids)
            if exchanges:
                context = context._replace(exchanges=exchanges)
        if context.exchanges:
            return self._next_step(action, context, hands, pile, bids)
        return self._first_lead(action, context, hands, pile, bids)

    # -- exchanges ---------------------------------------------------------

    def _exchange(self, action: Action) -> GameState:
        play = self._play
        context: _Context = play[_CONTEXT]
        discard = play[_PHASE] == _DISCARD
        giver, receiver = context.exchanges[0]
        held = play[_HANDS][giver]
        if type(action) is not Exchange:
            raise self._wrong_phase(action)
        error = exchange_error_of(action, held, context.rules, discard)  # well-formed: apply() checked
        if error is not None:
            raise error
        cards = action.cards.mask
        hands = list(play[_HANDS])
        hands[giver] &= ~cards
        rest = context.exchanges[1:]
        if not discard:  # P-6: to the partner
            hands[receiver] |= cards
        if not discard or not cards:
            # context._replace(exchanges=rest), without the named tuple's keywords
            following = _new_context(context[:_C_EXCHANGES] + (rest,) + context[_C_EXCHANGES + 1 :])
            return self._next_step(action, following, tuple(hands), play[_PILE], play[_BIDS])
        # T-6: replacements come from the pile as it stood before this discard.
        new_context = context._replace(exchanges=rest, pending=(giver, cards, play[_PILE]))
        return self._next(action, context=new_context, phase=_REPLACE, turn=-1, hands=tuple(hands))

    def _next_step(
        self,
        action: Action,
        context: _Context,
        hands: tuple[int, ...],
        pile: int,
        bids: tuple[Bid | None, ...],
    ) -> GameState:
        """The state after ``action`` ends a step of the hand before the play
        (the bidding, the draft, an exchange or a replacement draw): the next
        exchange due, else the two-player bidding after the draft, else the
        first lead."""
        if context.exchanges:
            giver, receiver = context.exchanges[0]
            phase = _DISCARD if receiver < 0 else _EXCHANGE
            return self._next(action, context=context, phase=phase, turn=giver, hands=hands, pile=pile, bids=bids)
        turn = next_bidder_of(context.rules.players, context.dealer, bids)  # P-3, T-4
        if turn is not None:  # T-4: after the draft
            return _bidding(context, turn, hands, pile, (self._play[_LOG], (action,)), bids)
        return self._first_lead(action, context, hands, pile, bids)

    def _first_lead(
        self, action: Action, context: _Context, hands: tuple[int, ...], pile: int, bids: tuple[Bid | None, ...]
    ) -> GameState:
        """The state after ``action`` ends the steps before the play: the
        play of tricks begins (C-4, P-7, T-7, V-7)."""
        rules = context.rules
        leader = first_leader_of_masks(rules, context.dealer, hands)
        legal = cards_of_mask(legal_mask(hands[leader], -1, 0, rules, context.first_trick, context.facts.suit_masks))
        log = (self._play[_LOG], (action,))
        return _state((context, _PLAY, leader, hands, pile, 0, (), 0, legal, log, bids))

    # -- the end of a hand -------------------------------------------------

    def _end_hand(self, won: int, played: int, log: tuple[Any, ...]) -> GameState:
        play = self._play
        context: _Context = play[_CONTEXT]
        rules = context.rules
        players = context.players
        bids: tuple[Bid, ...] = play[_BIDS]  # every seat has bid
        tricks = tuple(won.to_bytes(players, "little"))  # _unpack_won()
        sheet = context.sheet
        if sheet:
            last = sheet[-1].result
            result = score_sides(bids, tricks, rules, last.scores, last.total_bags)
        else:
            zeros = _ZEROS[len(rules.sides)]
            result = score_sides(bids, tricks, rules, zeros, zeros)
        # The record's hands and actions are made when first read.
        record = record_of(context.number, context.dealer, play[_HANDS], bids, tricks, result, log)
        sheet += (record,)
        rows = context.rows + (public_row(record),)
        if winner_after(result, rules) is not None:  # S-9
            over = _new_context((
                rules, context.facts, context.first_trick, context.seed, sheet, context.number, context.dealer,
                context.stock, context.exchanges, context.pending, rows, players, context.fixed_bids,
            ))
            return _state((over, _OVER, -1, _ZEROS[players], play[_PILE], played, (), won, (), (), bids))
        following = _new_context((
            rules, context.facts, context.first_trick, context.seed, sheet, context.number + 1,
            next_dealer_of(rules, context.dealer), (), (), None, rows, players, context.fixed_bids,
        ))
        # A seeded game's next hand is dealt when it is first read (GameState._dealt).
        new = _new_state(GameState)
        _set_play(new, _no_cards(following))
        return new

    # ------------------------------------------------------------------
    # Copying an immutable value is the value itself.

    def __copy__(self) -> GameState:
        return self

    def __deepcopy__(self, memo: object) -> GameState:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # A pickle holds what happened, not what follows from it: the
        # context's derived facts, the score sheet's public rows and the
        # legal actions are worked out again when it is loaded.
        context, phase, turn, hands, pile, played, trick, won, _legal, log, bids = self._dealt()
        facts = (context.rules, context.seed, context.sheet, context.number, context.dealer, context.stock,
                 context.exchanges, context.pending, phase, turn, hands, pile, played, trick, won, log, bids)
        return (_unpickled, facts)

    def __repr__(self) -> str:
        turn = self._dealt()[_TURN]
        seat = "-" if turn < 0 else str(turn)
        return (
            f"<GameState hand {self.hand_number} {self.phase.name} turn {seat} "
            f"scores {self.scores} bags {self.bags}>"
        )


_new_state = object.__new__
# The slot setter of GameState's one field: the play of a card builds its
# successor with it directly (attrs' frozen __init__ is the same thing with
# more indirection, and this is the hottest path of the library).
(_set_play,) = (getattr(GameState, f.name).__set__ for f in attrs.fields(GameState))


def _unpickled(
    rules: Rules, seed: int | None, sheet: tuple[HandRecord, ...], number: int, dealer: int, stock: tuple[Card, ...],
    exchanges: tuple[tuple[int, int], ...], pending: tuple[int, int, int] | None, phase: int, turn: int,
    hands: tuple[int, ...], pile: int, played: int, trick: tuple[Card, ...], won: int, log: tuple[Any, ...],
    bids: tuple[Bid | None, ...],
) -> GameState:
    """The state of a pickle (see ``GameState.__reduce__``): its context's
    derived facts, its public rows and its legal actions worked out again
    (C-4..C-6, V-7 by :func:`legal_mask`; the bids by
    :func:`~spades.bidding.legal_bids_of`)."""
    facts = rules.deck_facts
    rows = tuple(map(public_row, sheet))
    first_trick = first_trick_matters(rules)
    context = _new_context(
        (rules, facts, first_trick, seed, sheet, number, dealer, stock, exchanges, pending, rows, rules.players,
         fixed_legal_bids(rules))
    )
    legal: tuple[Any, ...] = ()
    if phase == _PLAY:
        led = facts.suit_of[trick[0]] if trick else -1
        held = hands[turn] & ~played
        legal = cards_of_mask(legal_mask(held, led, played, rules, first_trick and not won, facts.suit_masks))
    elif phase == _BID:
        legal = legal_bids_of(turn, bids, rules, _scores_of(context))
    elif phase == _DRAFT:
        legal = _draft_legal(context, turn, hands, bids)
    return _state((context, phase, turn, hands, pile, played, trick, won, legal, log, bids))


def _new_context(fields: tuple[Any, ...]) -> _Context:
    """``_Context(*fields)``, without the named tuple's own ``__new__``."""
    context: _Context = _tuple_new(_Context, fields)
    return context


_tuple_new = tuple.__new__


def _state(play: tuple[Any, ...]) -> GameState:
    """``GameState(play)``, built the fast way."""
    new: GameState = _new_state(GameState)
    _set_play(new, play)
    return new


def _seeded_deal(context: _Context, seed: int) -> GameState:
    """The state after the seeded deal of the hand of ``context`` (a dealt
    hand, not the two-player stock): the hands drawn from the seed and the
    hand's number (:func:`~spades.deal.seeded_deal_masks`, P-2, V-10), the
    card left over set aside, the first seat to bid (P-3) with its legal
    bids; what :meth:`GameState._deal` makes of that deal."""
    masks = seeded_deal_masks(seed, context.number, context.rules)
    deal = deal_of_card_sets(card_sets_of_masks(masks))
    aside = context.facts.mask & ~sum(masks)  # the hands share no card; V-10: the card set aside
    no_bids = _NO_BIDS[context.players]
    first = next_bidder_of(context.players, context.dealer, no_bids)  # P-3: no seat has bid yet
    return _bidding(context, cast(int, first), masks, aside, ((), (deal,)), no_bids)


_NO_BIDS: Final = tuple((None,) * players for players in range(5))
_ZEROS: Final = tuple((0,) * sides for sides in range(5))


def _bidding(
    context: _Context, seat: int, hands: tuple[int, ...], pile: int, log: tuple[Any, ...], bids: tuple[Bid | None, ...]
) -> GameState:
    """The state of ``seat`` to bid, with its legal bids worked out once
    (C-3, P-6, T-6, V-2, V-3, V-6: :func:`~spades.bidding.limits_of`)."""
    legal = context.fixed_bids or legal_bids_of(seat, bids, context.rules, _scores_of(context))
    return _state((context, _BID, seat, hands, pile, 0, (), 0, legal, log, bids))


def _draft_legal(context: _Context, seat: int, hands: tuple[int, ...], bids: tuple[Bid | None, ...]) -> tuple[Action, ...]:
    """The legal actions of ``seat``'s draft turn (T-2; T-6: Double Nil
    while it may still be declared), worked out once with the state."""
    taken = hands[seat].bit_count()
    # The scores matter only at the start of the seat's first turn, the only
    # time Double Nil may be declared (T-6): once it holds a card, none do.
    scores = _scores_of(context) if not taken else _ZEROS[len(context.rules.sides)]
    return draft_actions(declarable_of(seat, context.rules, scores, taken, bids[seat]))


def _scores_of(context: _Context) -> tuple[int, ...]:
    """Each side's score before the hand of ``context``."""
    sheet = context.sheet
    return sheet[-1].result.scores if sheet else _ZEROS[len(context.rules.sides)]


def _listed(bid: Bid, legal: tuple[Bid, ...]) -> bool:
    """Whether ``bid`` is one of the objects of ``legal`` (the legal bids
    a state handed out; another equal bid is checked in full)."""
    for each in legal:
        if each is bid:
            return True
    return False


def _unpack_won(won: int, players: int) -> tuple[int, ...]:
    """Tricks won by each seat, from the packed count of the play fields."""
    return tuple(won.to_bytes(players, "little"))


_unchain = actions_of_log


def _first_hand(rules: Rules, seed: int | None) -> _Context:
    """The context of a new game's first hand, waiting for its deal: the
    facts of ``rules`` that every hand reads are worked out once for the
    rules (kept by their identity; the entry holds them, so no other object
    can take their id while it is kept)."""
    facts = _KEPT_FACTS.get(id(rules))
    if facts is None:
        facts = (rules, rules.deck_facts, first_trick_matters(rules), dealer_of_hand(rules, 0), rules.players,
                 fixed_legal_bids(rules))
        if len(_KEPT_FACTS) >= _KEPT_FACTS_LIMIT:
            _KEPT_FACTS.clear()
        _KEPT_FACTS[id(rules)] = facts
    _rules, deck, first_trick, dealer, players, fixed_bids = facts
    return _new_context((rules, deck, first_trick, seed, (), 0, dealer, (), (), None, (), players, fixed_bids))


# The facts of the rules that _first_hand reads, by the rules' identity (a
# bounded memo, started again when full).
_KEPT_FACTS: Final[dict[int, tuple[Any, ...]]] = {}
_KEPT_FACTS_LIMIT: Final = 256


def _no_cards(context: _Context) -> tuple[Any, ...]:
    """The play fields of a hand waiting for its deal."""
    players = context.players
    return (context, _DEAL, -1, _ZEROS[players], 0, 0, (), 0, (), (), _NO_BIDS[players])


def new_game(rules: Rules | None = None, seed: int | None = None) -> GameState:
    """A new game under ``rules`` (default: :meth:`Rules.partnership`).

    With a ``seed`` (an int, ``0 <= seed < 2**64``), every chance step
    resolves from it, so the same seed and the same actions give the same
    game.  Without one the state starts at the deal, waiting for a chance
    action.

    Every hand of a seeded game follows from the seed: whoever knows or
    guesses it knows every card.  A game with players draws its seed with
    :func:`~spades.new_seed` (64 secret random bits) and keeps it secret;
    small seeds are for tests and examples.  The state, its JSON document
    (:func:`spades.serial.to_json`) and its :class:`~spades.Record` hold
    every hand and the seed, so they never go to a player: a player gets
    its :func:`~spades.seat_view`.

    >>> from spades import Rules, new_game
    >>> new_game(Rules.partnership(), seed=5).phase.name
    'BID'
    >>> new_game(Rules.partnership()).is_chance
    True
    """
    if rules is None:
        rules = Rules.partnership()
    if not is_a(rules, Rules):
        raise RulesTypeError(f"new_game needs a Rules value, got {short_repr(rules)}")
    seed = check_seed(seed, unseeded=True)
    context = _first_hand(rules, seed)
    if seed is not None and context.players != 2:  # the seeded deal, as _resolve_chance() makes it
        return _seeded_deal(context, seed)
    return _state(_no_cards(context))._resolve_chance()


# n.bit_length() for the number of choices n of a decision (at most 54 cards
# or 15 bids): internal, read by play_out, bid_out and the bots' random_action.
BIT_LENGTHS: Final = tuple(n.bit_length() for n in range(64))


def apply_all(state: GameState, actions: Sequence[Action], tricks: dict[int, list[Any]] | None = None) -> GameState:
    """``state`` after each of ``actions`` in turn, exactly the state that
    ``apply()`` one action at a time reaches, raising what it raises
    (internal fast path of the document loaders, whose replay checks every
    action): a run of legal cards within a hand is played without making
    the states between them (:func:`_walk_cards`).  Given a dict
    ``tricks``, each run of cards from the first of a hand puts at the
    hand's number the list of the tricks it completed, as ``(leader, cards,
    winner)`` (as :func:`~spades.tricks.walk_tricks_of` gives them): a
    hand played to its end has every trick there but its last (the hand's
    last card is played by ``apply()``, which scores the hand), the hand in
    progress its completed tricks."""
    index = 0
    count = len(actions)
    while index < count:
        action = actions[index]
        if type(action) is Card and state._play[_PHASE] == _PLAY:
            walked, reached = _walk_cards(state, actions, index, tricks)
            if reached > index:
                state, index = walked, reached
                continue
        state = state.apply(action)
        index += 1
    return state


def _walk_cards(
    state: GameState, actions: Sequence[Action], index: int, tricks: dict[int, list[Any]] | None = None
) -> tuple[GameState, int]:
    """The state after the run of cards ``actions[index:end]`` from
    ``state`` (in the play of tricks), and ``end``: each card checked
    against the legal cards as ``apply()`` checks it, the legal cards
    (:func:`legal_mask`, C-4..C-6, V-7) and each trick's winner
    (:func:`winner_seat_of`, C-7) worked out as ``apply()`` works them out.
    The run stops before anything else: a card that is not legal (or not
    a card), and the hand's last card, whose ``apply()`` scores the hand.
    A run from the hand's first card puts the tricks it completes in
    ``tricks``, when given (see :func:`apply_all`)."""
    context, _phase, turn, hands, pile, played, trick, won, legal, log, bids = state._play
    players = context[_C_PLAYERS]
    facts = context[_C_FACTS]
    rules = context[_C_RULES]
    first_trick = context[_C_FIRST_TRICK]
    suit_of = facts.suit_of
    suit_masks = facts.suit_masks
    bit = _BIT
    held_now = 0
    for hand in hands:
        held_now |= hand
    # The run ends before the hand's last card, or with the actions.
    stop = min(len(actions), index + (held_now & ~played).bit_count() - 1)
    end = index
    first = actions[end] if end < stop else None
    if type(first) is not Card or first not in legal:
        return state, index  # the first card checked against the state's own legal cards
    legal_cards = 1 << first  # so that it passes below
    completed = None
    if tricks is not None and not played:  # the hand's first card
        completed = tricks[context.number] = []
    if trick:  # the suit led to the trick in progress, as apply() follows it (C-5)
        suit_mask = facts.follow[trick[0]][0]
        led = suit_of[trick[0]]
    while end < stop:
        if not trick and end + 4 <= stop and players == 4:
            # A whole trick of four seats at once: each card checked as
            # below, nothing kept unless all four are legal (else the loop
            # below plays them one by one and stops at the first that is not).
            a, b, c, d = actions[end : end + 4]
            if (
                type(a) is Card and type(b) is Card and type(c) is Card and type(d) is Card
                and a >= 0 and b >= 0 and c >= 0 and d >= 0 and legal_cards >> a & 1
            ):
                suit_mask = facts.follow[a][0]
                led = suit_of[a]
                on_first = first_trick and not won
                after = played | bit[a]
                seat = turn
                for follower in (b, c, d):  # each next seat's legal cards, as below
                    seat = seat + 1 if seat < 3 else 0
                    held = hands[seat] & ~after
                    legal_cards = held & suit_mask
                    if not legal_cards:  # void in the suit led: any card (C-5), but on the first trick (V-7)
                        legal_cards = legal_mask(held, led, after, rules, True, suit_masks) if on_first else held
                    if not legal_cards >> follower & 1:
                        break
                    after |= bit[follower]
                else:  # the trick is complete: it is ended below
                    played = after
                    end += 4
                    trick = (a, b, c, d)  # turn is its leader's again
                if not trick:
                    legal_cards = 1 << a  # the lead was checked: the card by card play below plays it again
        if len(trick) < players:  # a card at a time
            card = actions[end]
            if type(card) is not Card or card < 0 or not legal_cards >> card & 1:
                break
            played |= bit[card]
            end += 1
            if not trick:
                suit_mask = facts.follow[card][0]
                led = suit_of[card]
            trick += (card,)
            turn = turn + 1 if turn + 1 < players else 0
            if len(trick) < players:
                # The next seat's legal cards, as apply() works them out: the cards
                # of the suit led it holds (C-5, legal_mask's answer when there are
                # any, jokers and deuces among spades included), else legal_mask.
                held = hands[turn] & ~played
                legal_cards = held & suit_mask
                if not legal_cards:  # void in the suit led: any card (C-5), but on the first trick (V-7)
                    legal_cards = legal_mask(held, led, played, rules, True, suit_masks) if first_trick and not won else held
                continue
        # The trick is complete (C-7): the winner takes it and leads next.
        leader = turn
        turn = winner_seat_of(turn, trick, facts, players)
        if completed is not None:
            completed.append((leader, trick, turn))
        won += _ONE_TRICK[turn]
        log = (log, trick)
        trick = ()
        legal_cards = lead_mask(hands[turn] & ~played, played, suit_masks[SPADES])
    return _state((context, _PLAY, turn, hands, pile, played, trick, won, cards_of_mask(legal_cards), log, bids)), end


def play_out(state: GameState, getrandbits: Any, *, keep_log: bool) -> tuple[GameState | None, int, tuple[int, ...]]:
    """The rest of the play of tricks from ``state`` (in the play phase),
    every card ``rng.choice(legal)`` of the legal cards in index order
    (internal fast path of :func:`spades.rollout`), with ``getrandbits`` the
    ``rng``'s own: CPython's ``Random.choice(seq)`` is
    ``seq[rng._randbelow_with_getrandbits(len(seq))]``, written out below
    (the caller checks that ``rng`` draws that way).  Exactly the cards
    :meth:`apply` would allow (C-4..C-7, V-7, as :func:`legal_mask` and
    :func:`winner_seat_of` state them), without making the states.  Returns
    the state after the hand (``None`` unless ``keep_log``: the hand's
    record needs its actions), the packed tricks won and each seat's tricks."""
    context, _phase, turn, hands, _pile, played, trick, won, legal, log, _bids = state._play
    rules = context.rules
    facts = context.facts
    players = rules.players
    follow_of = facts.follow
    suit_of = facts.suit_of
    suit_masks = facts.suit_masks
    trick_ranks = facts.trick_ranks
    first_trick = context.first_trick
    bit = _BIT
    one_trick = _ONE_TRICK
    bit_length = BIT_LENGTHS
    if trick:  # finish the trick in progress, as apply() would
        cards = list(trick)
        led = suit_of[cards[0]]
        ranks = trick_ranks[led]
        suit_mask, suit_cards, shift = follow_of[cards[0]]
        seat = turn
        leader = (turn - len(cards)) % players
        best = leader
        top = ranks[cards[0]]
        for position in range(1, len(cards)):
            if ranks[cards[position]] > top:
                top = ranks[cards[position]]
                best = (leader + position) % players
        while True:
            n = len(legal)
            k = bit_length[n]
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            card = legal[r]
            played |= bit[card]
            cards.append(card)
            if ranks[card] > top:
                top = ranks[card]
                best = seat
            if len(cards) == players:
                break
            seat = seat + 1 if seat + 1 < players else 0
            held = hands[seat] & ~played
            follow = held & suit_mask
            if follow and suit_cards:
                legal = suit_cards[follow >> shift]
            else:
                legal = cards_of_mask(legal_mask(held, led, played, rules, first_trick and not won, suit_masks))
        won += one_trick[best]
        if keep_log:
            log = (log, tuple(cards))
        turn = best
        held = hands[turn] & ~played
        legal = cards_of_mask(lead_mask(held, played, suit_masks[SPADES])) if held else ()
    followers = range(players - 1)
    while legal:
        # A whole trick: the lead, then each seat in turn (C-5, C-7).
        n = len(legal)
        k = bit_length[n]
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        card = legal[r]
        played |= bit[card]
        cards = [card]
        led = suit_of[card]
        ranks = trick_ranks[led]
        suit_mask, suit_cards, shift = follow_of[card]
        top = ranks[card]
        best = seat = turn
        first = first_trick and not won
        for _ in followers:
            seat = seat + 1 if seat + 1 < players else 0
            held = hands[seat] & ~played
            follow = held & suit_mask
            if follow and suit_cards:
                legal = suit_cards[follow >> shift]
            elif follow or first:
                legal = cards_of_mask(legal_mask(held, led, played, rules, first, suit_masks))
            else:
                legal = cards_of_mask(held)  # void in the suit led: any card (C-5, as legal_mask says)
            n = len(legal)
            k = bit_length[n]
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            card = legal[r]
            played |= bit[card]
            cards.append(card)
            if ranks[card] > top:
                top = ranks[card]
                best = seat
        won += one_trick[best]
        if keep_log:
            log = (log, tuple(cards))
        turn = best
        held = hands[turn] & ~played
        legal = cards_of_mask(lead_mask(held, played, suit_masks[SPADES])) if held else ()
    after = state._end_hand(won, played, log) if keep_log else None
    return after, won, _unpack_won(won, players)


def bid_out(state: GameState, getrandbits: Any) -> GameState:
    """The state after the rest of a round of bidding before the play
    (``state`` in the bid phase of a dealt hand), every bid
    ``rng.choice(legal_actions())`` drawn as :func:`play_out` draws (internal fast path
    of :func:`spades.rollout`): the state :meth:`apply` would reach, without
    the states between."""
    context, _phase, seat, hands, pile, _played, _trick, _won, _legal, log, bids = state._dealt()
    rules = context.rules
    scores = state.scores
    players = rules.players
    dealer = context.dealer
    fixed = context.fixed_bids
    while True:
        legal = fixed or legal_bids_of(seat, bids, rules, scores)
        n = len(legal)
        k = BIT_LENGTHS[n]
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        bid = legal[r]
        bids = bids[:seat] + (bid,) + bids[seat + 1 :]
        turn = next_bidder_of(players, dealer, bids)  # P-3
        if turn is None:
            break
        log = (log, (bid,))
        seat = turn
    # The last bid, as _bid() ends the bidding: the exchanges (P-6), then
    # the play.
    before = _state((context, _BID, seat, hands, pile, 0, (), 0, (), log, bids))
    exchanges = order_of(rules, dealer, bids)
    if exchanges:
        context = context._replace(exchanges=exchanges)
    return before._next_step(bid, context, hands, pile, bids)


def held_masks(state: GameState) -> tuple[int, ...]:
    """Each seat's cards now, as masks (internal fast path of the bots'
    state drivers: ``state.hands`` without the :class:`~spades.CardSet`
    values)."""
    return state._held()


def document_fields(state: GameState) -> tuple[Any, ...]:
    """What a state's document shows after its rules, seed and actions,
    read at once (internal fast path of the document writers): the phase,
    turn, dealer, hand number, each seat's cards as masks, the bids, the
    trick in progress, its leader, the hand's first leader, the tricks each
    seat won, whether spades are broken, the discard pile's mask, the top of
    the stock, the cards left in it, the scores, the bags and the winner,
    each as the property of that name gives it (but the masks)."""
    play = state._dealt()
    context: _Context = play[_CONTEXT]
    rules = context.rules
    code = play[_PHASE]
    turn = play[_TURN]
    trick = play[_TRICK]
    sheet = context.sheet
    if code == _PLAY:
        leader = (turn - len(trick)) % rules.players
        first = first_leader_of_masks(rules, context.dealer, play[_HANDS])
    else:
        leader = first = None
    if code == _DRAFT:
        top, left = state.top_of_stock, state.stock_left
    else:
        top, left = None, 0
    winner = winner_after(sheet[-1].result, rules) if code == _OVER else None  # S-9: a game over has a sheet
    return (
        _PHASES[code], turn if turn >= 0 else None, context.dealer, context.number, state._held(), play[_BIDS],
        trick, leader, first, _unpack_won(play[_WON], rules.players), broken_by(play[_PLAYED], context.facts),
        play[_PILE], top, left, _scores_of(context), state.bags, winner,
    )


def history_size_and_first(state: GameState) -> tuple[int, Action | None]:
    """``len(state.history)`` and ``state.history[0]`` (``None`` for an
    empty history), without making the history (internal fast path of the
    document loaders)."""
    play = state._dealt()
    size, first = log_size_and_first(play[_LOG])
    trick: tuple[Card, ...] = play[_TRICK]
    return size + len(trick), trick[0] if first is None and trick else first


_KIND_TYPES: Final = {"card": Card, "bid": Bid, "draft": Draft, "exchange": Exchange}


def action_types_of(phase: Phase) -> tuple[type, ...]:
    """The types of the actions a seat takes in ``phase`` (the kinds
    :meth:`GameState.parse_action` reads in it): ``()`` where no seat acts
    (internal: for :func:`spades.view.view_to_act`)."""
    expected = _EXPECTED.get(phase)
    return () if expected is None else tuple(_KIND_TYPES[kind] for kind in expected[0])


def worked_out_actions(state: object) -> tuple[Action, ...]:
    """The legal actions ``state`` made when it was made (internal fast path
    of the bots' state drivers): in the play of tricks the legal cards of
    the seat to play (C-5, C-6, V-7: worked out by :meth:`GameState.apply`),
    in the bidding the legal bids, in the two-player draft the draft
    actions, each in the order of :meth:`GameState.legal_actions`; ``()``
    in every other phase and for anything but a :class:`GameState`.  A
    seeded hand not dealt yet is dealt first (as :meth:`GameState._dealt`
    deals it when it is first read)."""
    if type(state) is GameState:
        legal: tuple[Action, ...] = state._play[_LEGAL]
        if not legal and state._play[_PHASE] == _DEAL:
            legal = state._dealt()[_LEGAL]
        return legal
    return ()


def is_play(state: GameState) -> bool:
    """Whether ``state`` is in the play of tricks (internal fast path)."""
    return bool(state._dealt()[_PHASE] == _PLAY)
