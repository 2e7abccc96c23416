"""Players that see only a view: the :class:`Bot` protocol, the bots, and
:func:`play_game`, which plays a game with one bot per seat.

A player is a function of a view: given its seat's
:class:`~spades.SeatView` and a ``random.Random``, a :class:`Bot` returns a
legal action.  It never sees a :class:`~spades.GameState`, so it cannot
peek at the other hands.  The bots here:

* :func:`random_bot` picks uniformly among the legal actions.  Random
  *bids* almost never make their contracts, so whole games between purely
  random players drift below zero and rarely reach the target;
* :func:`simple_bot` plays random legal cards too but bids by a rough
  estimate of the hand (:func:`estimate_bid`), which makes games end in a
  few dozen hands;
* :func:`spades.heuristic.heuristic_bot` bids and plays as a club player
  would (:mod:`spades.heuristic`);
* :class:`SamplingBot` imagines the hidden hands (:mod:`spades.sampling`)
  and plays each card out in them with the heuristic player.

:data:`BOTS` names them for the command line (:func:`bot_named`).
:func:`play_game` hands each seat only its own view, draws every chance
step from the seed and gives each seat a ``random.Random`` of its own,
derived from the seed: no hidden randomness.

>>> from spades import Rules
>>> from spades.bots import play_game, random_bot, simple_bot
>>> final = play_game(Rules.two_player(), (simple_bot, simple_bot), seed=3)
>>> final.is_over, final.winner in (0, 1)
(True, True)
>>> play_game(Rules.two_player(), (simple_bot, simple_bot), seed=3) == final
True

:func:`random_action` and :func:`simple_action` are the same players for
callers that hold a whole state (rollouts, simulations, the demo): each
resolves a chance step with the caller's ``rng`` and otherwise asks the view
bot with the view of the seat to act.

>>> import random
>>> from spades import new_game
>>> from spades.bots import simple_action
>>> state, rng = new_game(Rules.two_player(), seed=3), random.Random(3)
>>> while not state.is_over:
...     state = state.apply(simple_action(state, rng))
>>> state.winner in (0, 1)
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final, Protocol, cast

import attrs

from spades.actions import Action, Bid, ExchangeChoices
from spades.bidding import double_nil_forced
from spades.cards import NUM_CARD_INDEXES, Card, CardSet, Rank, card_set_of_mask, cards_of_mask
from spades.deal import check_rng, check_seed, random_bits, random_choice, random_fraction, seeded_bytes
from spades.errors import (
    check_flags,
    check_seat,
    is_a,
    ArgumentError, ArgumentTypeError, IllegalActionError, Reason, RulesTypeError, StateError, PER_SEAT_LIMIT, read_bounded,
    short_repr, stopped, type_name,
)
from spades.heuristic import hand_tricks, heuristic_bot, play_out_hand
from spades.rules import Rules, check_hand, check_rules
from spades.sampling import Deals
from spades.state import BIT_LENGTHS, GameState, Phase, held_masks, new_game, worked_out_actions
from spades.view import SeatView, seat_view, view_to_act

__all__ = [
    "Bot",
    "random_bot",
    "simple_bot",
    "estimate_bid",
    "SamplingBot",
    "play_game",
    "player_seed",
    "BOTS",
    "bot_named",
    "random_action",
    "simple_action",
]


class Bot(Protocol):
    """A player: ``bot(view, rng)`` returns one of ``view.legal_actions``.

    ``view`` is the :class:`~spades.SeatView` of the seat to act (its turn,
    ``view.is_my_turn``); ``rng`` is the player's own ``random.Random``, its
    only source of randomness.  In the exchange phases the legal actions are
    an :class:`~spades.ExchangeChoices` ("give N of these cards", P-6, T-6):
    the bot returns one :class:`~spades.Exchange` of it.

    A *sealed* view (``view.sealed``, :func:`play_game` with
    ``sealed=True``) withholds the cards while Double Nil is open to the
    seat (P-6, T-6): the bot answers :attr:`Bid.DOUBLE_NIL
    <spades.Bid.DOUBLE_NIL>` to bid it blind, or any other legal action to
    decline and look at its cards (it is then asked again, with its cards
    and without Double Nil among the legal actions).

    >>> from spades import Rules, new_game, seat_view
    >>> view = seat_view(new_game(Rules.partnership(), seed=1), 1)
    >>> bot: Bot = simple_bot
    >>> bot(view, random.Random(1)) in view.legal_actions
    True
    """

    def __call__(self, view: SeatView, rng: random.Random, /) -> Action:
        """The action this player takes in ``view`` (both given by position:
        a bot's parameters may have any names)."""
        ...


def random_bot(view: SeatView, rng: random.Random) -> Action:
    """A legal action chosen uniformly with ``rng``.

    >>> from spades import Rules, new_game, seat_view
    >>> view = seat_view(new_game(Rules.partnership(), seed=1), 1)
    >>> random_bot(view, random.Random(4)) in view.legal_actions
    True
    >>> random_bot(seat_view(new_game(Rules.partnership(), seed=1), 2), random.Random(4))
    Traceback (most recent call last):
    ...
    spades.errors.StateError: seat 2 has no action to take (it is not its turn)
    """
    return random_choice(check_rng(rng, "a bot"), view_to_act(view).legal_actions)


# The cards estimate_bid counts as high: the kings, the aces and the jokers.
_HIGH_CARDS: Final = sum(
    1 << index for index in range(NUM_CARD_INDEXES)
    if Card(index).is_joker or Card(index).rank >= Rank.KING
)


def estimate_bid(hand: CardSet, rules: Rules) -> int:
    """A rough number of tricks ``hand`` should take: the seat's share of the
    tricks, adjusted for spades and high cards, less one for safety (at least 1).

    Worked out as ``size / players + 0.6 * (spades - size * 13 / deck) +
    0.5 * (high - size * 8 / deck) - 1``, rounded: ``size`` is the cards of
    a hand and ``deck`` of the deck in play, ``spades`` and ``high`` the
    hand's spades (the jokers and V-9's 2 of diamonds among them) and high
    cards (kings, aces, jokers); ``13 / deck`` and ``8 / deck`` are the
    shares of a usual deck's 13 spades and 8 kings and aces.

    >>> from spades import CardSet, Rules
    >>> estimate_bid(CardSet.parse("AKQJT98.A.A.A32"), Rules.partnership())
    6

    Anything but a :class:`~spades.CardSet` and a :class:`~spades.Rules`
    raises :class:`~spades.ArgumentTypeError`; a set of cards no seat can
    hold under the rules (a card of no deck of theirs, or more cards than a
    hand holds), :class:`~spades.ArgumentError`.
    """
    rules = check_rules(rules)
    hand = check_hand(hand, rules)
    size = rules.hand_size
    deck = rules.deck_mask.bit_count()
    spades = (hand.mask & rules.suit_masks[3]).bit_count()
    high = (hand.mask & _HIGH_CARDS).bit_count()
    estimate = size / rules.players + 0.6 * (spades - size * 13 / deck) + 0.5 * (high - size * 8 / deck)
    return max(1, round(estimate - 1))


def simple_bot(view: SeatView, rng: random.Random) -> Action:
    """Bid the legal number nearest :func:`estimate_bid` of the hand (never
    Nil or Double Nil; on a sealed view it declines Double Nil); otherwise
    act like :func:`random_bot`.

    >>> from spades import Bid, Rules, new_game, seat_view
    >>> view = seat_view(new_game(Rules.partnership(), seed=1), 1)
    >>> simple_bot(view, random.Random(1)) == Bid(estimate_bid(view.hand, view.rules))
    True
    """
    actions = view_to_act(view).legal_actions
    return _simple_choice(view.phase, view.hand, view.rules, actions, check_rng(rng, "a bot"))


def _simple_choice(phase: Phase, hand: CardSet | None, rules: Rules, actions: Sequence[Action],
                   rng: random.Random) -> Action:
    """:func:`simple_bot`'s choice, from what it reads of a seat's view: the
    phase, the seat's hand (read in the bidding only: ``None`` will do in
    the other phases) and its legal actions (:func:`simple_action` reads
    the same from a state)."""
    if phase is Phase.BID and hand is not None:
        want = estimate_bid(hand, rules)
        # The number bid nearest want, the lower of two as near (Nil only
        # when no number is legal; never Double Nil).
        best: Bid | None = None
        nil: Bid | None = None
        nearest = 0  # abs(best.tricks - want), once best is set
        for action in actions:
            if type(action) is Bid and not action.double_nil:
                tricks = action.tricks
                if not tricks:
                    nil = action
                    continue
                distance = tricks - want if tricks >= want else want - tricks
                if best is None or distance < nearest or (distance == nearest and tricks < best.tricks):
                    best = action
                    nearest = distance
        if best is not None:
            return best
        if nil is not None:
            return nil
    if phase is Phase.PLAY or type(actions) is ExchangeChoices:
        return random_choice(rng, actions)  # nothing but cards, or exchanges
    choices: list[Action] = [a for a in actions if type(a) is not Bid] or list(actions)
    return random_choice(rng, choices)


def player_seed(seed: int, seat: int) -> int:
    """The seed of seat ``seat``'s ``random.Random`` in :func:`play_game`
    with ``seed``: the first 8 bytes, little-endian, of
    ``spades.deal.seeded_bytes(seed, seat, "player")``.

    >>> player_seed(1, 0) == player_seed(1, 0) != player_seed(1, 1)
    True
    """
    check_seat(seat, 4)
    return int.from_bytes(seeded_bytes(seed, seat, "player")(8), "little")


def play_game(
    rules: Rules,
    players: Sequence[Bot],
    seed: int,
    *,
    sealed: bool = False,
    hands: int | None = None,
) -> GameState:
    """Play a game under ``rules`` with ``players[seat]`` at each seat and
    return its final state.

    Every chance step (deal, stock, replacements) comes from ``seed``
    (:func:`~spades.new_game`); seat ``s`` gets a ``random.Random`` of its
    own, seeded with :func:`player_seed` ``(seed, s)``.  Each player is
    called with its own seat's view only (:func:`~spades.seat_view`), so the
    same arguments always give the same game.

    ``sealed=True`` hands a seat a sealed view while Double Nil is open to
    it (P-6, T-6): a player that answers anything but Double Nil has looked
    at its cards; it is asked again with its full view, which no longer
    offers Double Nil (its legal actions leave it out), unless the rules
    leave the seat no other bid (:func:`~spades.bidding.double_nil_forced`).
    ``hands``: stop after that many hands (the state is then the start of
    the next hand) instead of at the end of the game (S-9).  Without it the
    game is played to its end however long that takes: players who bid at
    random seldom reach the target, and under rules without a losing floor
    (V-1) such a game can last thousands of hands; give ``hands`` (or a
    losing floor) to bound it.  An illegal
    action from a player raises :class:`~spades.IllegalActionError`; what
    else a player raises reaches the caller as it is, but a
    :class:`StopIteration`, raised as a :class:`RuntimeError` from it (a
    loop or a ``map`` around the game would take it for its own end).

    >>> from spades import Rules
    >>> final = play_game(Rules.partnership(), (simple_bot,) * 4, seed=5, hands=2)
    >>> len(final.sheet)
    2
    >>> play_game(Rules.partnership(), (simple_bot,) * 3, seed=5)
    Traceback (most recent call last):
    ...
    spades.errors.ArgumentError: play_game needs one player per seat (4), got 3
    """
    if not is_a(rules, Rules):
        raise RulesTypeError(f"play_game needs a Rules value, got {type_name(rules)}")
    if is_a(players, (str, bytes)) or not issubclass(type(players), Sequence):
        raise ArgumentTypeError(f"the players are a sequence of bots, got {type_name(players)}")
    players = read_bounded(players, PER_SEAT_LIMIT, ArgumentError, "", f"play_game needs one player per seat ({rules.players}), got more")
    if len(players) != rules.players:
        raise ArgumentError(f"play_game needs one player per seat ({rules.players}), got {len(players)}")
    for player in players:
        if not callable(player):
            raise ArgumentTypeError(f"a player is a bot (view, rng) -> action, got {type_name(player)}")
    check_seed(seed)
    check_flags(sealed=sealed)
    if hands is not None and (type(hands) is not int or hands < 1):
        raise ArgumentError(f"hands is a positive int or None, got {short_repr(hands)}")
    state = new_game(rules, seed)
    rngs = tuple(random.Random(player_seed(seed, seat)) for seat in range(rules.players))
    looked = [False] * rules.players
    hand_number = 0
    try:
        while not state.is_over and (hands is None or len(state.sheet) < hands):
            seat = state.turn
            if seat is None:  # pragma: no cover - a seeded game resolves chance itself
                raise StateError("the game waits for a chance step")
            if state.hand_number != hand_number:
                hand_number = state.hand_number
                looked = [False] * rules.players
            state = state.apply(ask_seat(state, seat, players[seat], rngs[seat], looked, sealed=sealed), seat=seat)
    except StopIteration as stop:  # a loop or a map around the game would take it for its own end
        raise stopped(stop) from stop
    return state


def ask_seat(
    state: GameState, seat: int, player: Bot, rng: random.Random, looked: list[bool], *, sealed: bool
) -> Action:
    """The action ``player`` chooses for ``seat``, the seat to act at
    ``state``, given that seat's view only (internal: the one statement of
    the sealed protocol, for :func:`play_game` and
    :func:`spades.match.play_match`).

    With ``sealed``, a seat to which Double Nil is open and that has not
    looked at its cards this hand (``looked[seat]`` false) is asked first
    with its sealed view (P-6, T-6): Double Nil is its answer, or it has
    looked (``looked[seat]`` becomes true) and is asked again with its full
    view, which then no longer offers Double Nil (its legal actions leave it
    out); Double Nil after looking raises
    :class:`~spades.IllegalActionError`, unless the rules leave the seat no
    other bid (:func:`~spades.bidding.double_nil_forced`, V-6).  The caller
    clears ``looked`` at each new hand."""
    if sealed and not looked[seat] and state.double_nil_open(seat):
        answer = player(seat_view(state, seat, sealed=True), rng)
        if type(answer) is Bid and answer.double_nil is True:  # the player's object asked nothing before its type
            return answer
        looked[seat] = True
    view = seat_view(state, seat)
    # P-6: a seat that has seen its cards is no longer offered Double Nil,
    # unless it is the one bid the rules leave it (V-6).
    if sealed and looked[seat] and view.double_nil_open and not double_nil_forced(view.legal_actions):
        legal = tuple(a for a in view.legal_actions if a != Bid.DOUBLE_NIL)
        view = attrs.evolve(view, legal_actions=legal, double_nil_open=False)
    action = player(view, rng)
    if (sealed and looked[seat] and type(action) is Bid and action.double_nil is True
            and not double_nil_forced(view.legal_actions)):
        raise IllegalActionError(
            Reason.DOUBLE_NIL_NOT_ALLOWED, f"seat {seat} has looked at its cards: no Double Nil this hand", "P-6"
        )
    return action


def _samples(_instance: Any, _attribute: Any, value: Any) -> None:
    if type(value) is not int or not 1 <= value <= 10**6:
        raise ArgumentError(f"samples is an int from 1 to 10**6, got {short_repr(value)}")


def _seconds(_instance: Any, _attribute: Any, value: Any) -> None:
    if value is None:
        return
    if type(value) not in (int, float) or not 0 < value <= 3600:
        raise ArgumentError(f"seconds is None or a number of seconds above 0 (at most 3600), got {short_repr(value)}")


def _margin(_instance: Any, _attribute: Any, value: Any) -> None:
    if type(value) not in (int, float) or not 0 <= value <= 1000:
        raise ArgumentError(f"margin is a number of points from 0 to 1000, got {short_repr(value)}")


def _policy(_instance: Any, _attribute: Any, value: Any) -> None:
    if not callable(value):
        raise ArgumentTypeError(f"the playout policy is a bot (view, rng) -> action, got {type_name(value)}")


@attrs.frozen(slots=True)
class SamplingBot:
    """A determinised Monte Carlo player (perfect-information sampling).

    For each card it may play, it deals the cards it cannot see in
    ``samples`` ways consistent with its view (:class:`spades.sampling.Deals`,
    drawn with the player's ``rng``, uniformly, then kept the more often
    the better the other seats' hands fit their bids, by
    :func:`spades.heuristic.hand_tricks`), plays the rest of the
    hand out in each deal with ``policy`` at every seat (each seat seeing
    only its own view of that deal), and plays the card with the best mean
    result for its side: the hand's points for its side less the best of
    the other sides' (contracts, bags, Nil, S-1 to S-7), each bag counted at
    its share of the penalty to come (S-8).  Every card is tried on the same
    deals, and the ``policy``'s own card is kept unless another one does
    better by more than ``margin`` points.  Bids, the exchange and the
    draft are the ``policy``'s (the heuristic player's by default), as is a
    play with only one legal card.

    ``seconds``, when given, is a time budget per move: the player stops
    dealing once it is spent (after at least one deal), so its choices then
    depend on the machine's speed.  With ``seconds=None`` (the default) the
    player is reproducible from its ``rng``.

    >>> import random
    >>> from spades import Rules, new_game, seat_view
    >>> from spades.heuristic import hand_tricks, heuristic_bot, play_out_hand
    >>> state = new_game(Rules.partnership(), seed=2)
    >>> while state.phase.name == "BID":
    ...     state = state.apply(heuristic_bot(seat_view(state, state.turn), random.Random(0)))
    >>> bot, view = SamplingBot(samples=4), seat_view(state, state.turn)
    >>> card = bot(view, random.Random(1))
    >>> card in view.legal_actions, card == bot(view, random.Random(1))
    (True, True)
    >>> SamplingBot(samples=0)
    Traceback (most recent call last):
    ...
    spades.errors.ArgumentError: samples is an int from 1 to 10**6, got 0
    """

    samples: int = attrs.field(default=32, validator=_samples)
    """Deals sampled per move (the whole budget when ``seconds`` is ``None``)."""
    seconds: float | None = attrs.field(default=None, validator=_seconds)
    """A time budget per move, or ``None`` for none."""
    policy: Bot = attrs.field(default=heuristic_bot, validator=_policy)
    """The player of every seat in the playouts, and of the moves the
    sampling player does not search (bids, exchange, draft)."""
    margin: float = attrs.field(default=0.0, validator=_margin)
    """How many points a card's mean must beat the ``policy``'s own card by
    for the player to prefer it (ties keep the policy's card)."""

    def __call__(self, view: SeatView, rng: random.Random) -> Action:
        """The card with the best mean playout result (see the class)."""
        legal = view_to_act(view).legal_actions
        check_rng(rng, "a bot")
        if view.phase is not Phase.PLAY or len(legal) == 1:
            return self.policy(view, rng)
        start = time.perf_counter()
        usual = self.policy(view, random.Random(random_bits(rng, 64)))
        candidates = _distinct_cards(view, legal, usual)  # type: ignore[arg-type]
        if len(candidates) == 1:
            return candidates[0]
        deals = Deals(view)
        side = view.rules.side_of[view.seat]
        totals = [0.0] * len(candidates)
        dealt = 0
        played = _played_by(view)
        for _ in range(self.samples):
            world = _likely_world(view, deals, played, rng)
            seed = random_bits(rng, 64)
            for index, action in enumerate(candidates):
                totals[index] += _playout(world.apply(action), self.policy, random.Random(seed), side)
            dealt += 1
            if self.seconds is not None and time.perf_counter() - start >= self.seconds:
                break
        best = max(range(len(candidates)), key=totals.__getitem__)
        if usual in candidates and totals[best] - totals[candidates.index(usual)] <= self.margin * dealt:
            return usual  # no clear gain over the policy's own move
        return candidates[best]


def _played_by(view: SeatView) -> list[int]:
    """The mask of the cards each seat has played this hand."""
    players = view.rules.players
    played = [0] * players
    for trick in view.tricks:
        for position, card in enumerate(trick.cards):
            played[(trick.leader + position) % players] |= 1 << card
    if view.leader is not None:
        for position, card in enumerate(view.trick):
            played[(view.leader + position) % players] |= 1 << card
    return played


_DRAWS: Final = 12
"""Deals drawn at most per deal kept by :func:`_likely_world`."""


def _likely_world(view: SeatView, deals: Deals, played: list[int], rng: random.Random) -> GameState:
    """A deal consistent with the view, drawn uniformly and kept with a
    probability that falls as the others' hands (as dealt) fit their bids
    worse: a seat that bid 5 seldom holds a hand worth 1 trick, a Nil bidder
    seldom a strong one.  After ``_DRAWS`` refusals the best fit (the first
    of equals) is kept.

    The probability is the product, over the other seats that have bid, of
    ``exp(-miss ** 2 / 2)``: ``miss`` is how far the seat's hand as dealt,
    with the cards it has played, is worth (:func:`~spades.heuristic.hand_tricks`)
    from its bid, or for Nil and Double Nil how far it is worth above 1.5
    tricks."""
    rules = view.rules
    best: GameState | None = None
    best_fit = -1.0
    for _ in range(_DRAWS):
        world = deals.state(rng)
        fit = 1.0
        for seat, bid in enumerate(view.bids):
            if seat == view.seat or bid is None:
                continue
            worth = hand_tricks(CardSet(world.hand(seat).mask | played[seat]), rules)
            miss = max(0.0, worth - 1.5) if bid.tricks == 0 else abs(worth - bid.tricks)
            fit *= math.exp(-0.5 * miss * miss)
        if random_fraction(rng) < fit:
            return world
        if fit > best_fit:
            best, best_fit = world, fit
    assert best is not None
    return best


def _distinct_cards(view: SeatView, legal: Sequence[Card], usual: Action) -> list[Card]:
    """The legal cards less those equal to another: two cards of a suit
    with no card still out between them take the same tricks, so only one
    of them (``usual`` if it is one, else the lower) is tried."""
    rules = view.rules
    power, suit_of, masks = rules.power, rules.suit_of, rules.suit_masks
    played = 0
    for trick in view.tricks:
        for card in trick.cards:
            played |= 1 << card
    for card in view.trick:
        played |= 1 << card
    out = rules.deck_mask & ~view.hand.mask & ~played
    groups: list[list[Card]] = []
    for card in sorted(legal, key=lambda c: (suit_of[c], power[c])):
        last = groups[-1][-1] if groups else None
        if last is not None and suit_of[last] == suit_of[card]:
            low, high = power[last], power[card]
            between = any(low < power[c] < high for c in cards_of_mask(out & masks[suit_of[card]]))
            if not between:
                groups[-1].append(card)
                continue
        groups.append([card])
    return [usual if usual in group else group[0] for group in groups]


def _playout(state: GameState, policy: Bot, rng: random.Random, side: int) -> float:
    """Play the hand out with ``policy`` at every seat; ``side``'s worth
    less the best of the other sides'.  A side's worth is its points for the
    hand with each bag it took counted at its share of the penalty to come
    (S-8: ``bag_penalty / bags_per_penalty``) instead of any penalty paid
    this hand, so that bags cost what they will cost."""
    done = len(state.sheet)
    before = state.bags
    if policy is heuristic_bot:
        state = play_out_hand(state)  # the same cards, without a view per card
    while len(state.sheet) == done:
        seat = state.turn
        assert seat is not None  # a seeded game's hand ends with the scoring
        state = state.apply(policy(seat_view(state, seat), rng), seat=seat)
    rules = state.rules
    share = rules.bag_penalty / rules.bags_per_penalty
    worth = [s.points - share * (s.total_bags - bags) for s, bags in zip(state.sheet[done].result.sides, before)]
    return worth[side] - max(w for other, w in enumerate(worth) if other != side)


BOTS: Final[Mapping[str, Bot]] = MappingProxyType(
    {"random": random_bot, "simple": simple_bot, "heuristic": heuristic_bot, "sampling": SamplingBot()}
)
"""The bots by name, for the command line: ``"random"`` (:func:`random_bot`),
``"simple"`` (:func:`simple_bot`), ``"heuristic"``
(:func:`spades.heuristic.heuristic_bot`) and ``"sampling"``
(:class:`SamplingBot` with its defaults).

>>> sorted(BOTS)
['heuristic', 'random', 'sampling', 'simple']
"""


def bot_named(name: str) -> Bot:
    """The bot called ``name`` in :data:`BOTS`.

    >>> bot_named("simple") is simple_bot
    True
    >>> bot_named("clever")
    Traceback (most recent call last):
    ...
    spades.errors.ArgumentError: no bot is called 'clever': the bots are random, simple, heuristic, sampling
    """
    bot = BOTS.get(name) if type(name) is str else None
    if bot is None:
        raise ArgumentError(f"no bot is called {short_repr(name)}: the bots are {', '.join(BOTS)}")
    return bot


# How CPython's random.Random draws rng.choice(seq): seq[n] for the first
# n = rng.getrandbits(len(seq).bit_length()) below len(seq)
# (random.Random._randbelow_with_getrandbits).  The state drivers write that
# out for a plain random.Random (not a subclass, which may draw its own way)
# when this Python's random.Random draws so, making the same choices.
_PLAIN: Final[type[random.Random] | None] = (
    random.Random
    if getattr(random.Random, "_randbelow", None) is getattr(random.Random, "_randbelow_with_getrandbits", 0)
    else None
)


def _seat_to_act(state: object, rng: object) -> int | None:
    """The seat to act in ``state`` (``None`` at a chance step), after the
    drivers' checks of their arguments."""
    if not is_a(state, GameState):
        raise ArgumentTypeError(f"a player needs a GameState, got {type_name(state)}")
    check_rng(rng, "a bot")
    if state.is_chance:
        return None
    seat = state.turn
    if seat is None:
        raise StateError("the game is over: there is no action to take (S-9)")
    return seat


def random_action(state: GameState, rng: random.Random) -> Action:
    """:func:`random_bot` for a caller holding a whole state: a chance
    outcome drawn with ``rng`` when the state waits for one, else a legal
    action chosen uniformly with ``rng``: the choice :func:`random_bot`
    makes on the view of the seat to act (the state's legal actions are the
    view's, in the same order).  No view is built: this is the cheap
    driver for simulations.  A plain ``random.Random`` is drawn from as
    its class draws (a method replaced on the object itself is not
    consulted, where :func:`random_bot` would call it): to draw another
    way, use a subclass."""
    legal = worked_out_actions(state)
    if legal and type(rng) is _PLAIN:
        # The play of tricks and the bidding: rng.choice(legal), written out
        # as a plain random.Random draws it (see _PLAIN).
        n = len(legal)
        k = BIT_LENGTHS[n]  # n.bit_length()
        r = rng.getrandbits(k)
        while r >= n:
            r = rng.getrandbits(k)
        return legal[r]
    if legal and is_a(rng, random.Random):
        return random_choice(rng, legal)
    if _seat_to_act(state, rng) is None:
        return state.sample_chance(rng)
    return random_choice(rng, state.legal_actions())


def simple_action(state: GameState, rng: random.Random) -> Action:
    """:func:`simple_bot` for a caller holding a whole state: a chance
    outcome drawn with ``rng`` when the state waits for one, else the
    choice ``simple_bot`` makes on the view of the seat to act, read from
    the state directly (the seat's phase, hand and legal actions; no view
    is built)."""
    legal = worked_out_actions(state)
    if legal and type(legal[0]) is Card and is_a(rng, random.Random):
        return random_action(state, rng)  # the play of tricks: as simple_bot plays, a card chosen uniformly
    if legal and type(legal[0]) is Bid and is_a(rng, random.Random):  # the bidding
        bidder = card_set_of_mask(held_masks(state)[cast(int, state.turn)])  # state.hand(turn), the seat known good
        return _simple_choice(Phase.BID, bidder, state.rules, legal, rng)
    seat = _seat_to_act(state, rng)
    if seat is None:
        return state.sample_chance(rng)
    phase = state.phase
    hand = state.hand(seat) if phase is Phase.BID else None
    return _simple_choice(phase, hand, state.rules, state.legal_actions(), rng)
