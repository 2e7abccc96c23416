"""Game records: the rules, the seed, and every action of a game, chance steps
included, so that replaying one reproduces every state exactly.

A record holds every hand (each deal or stock is one of its actions) and the
seed, from which every later hand of the game follows: like the state, it is
the server's, never a player's (a player gets its
:func:`~spades.seat_view`).  The seed of a game with players comes from
:func:`~spades.new_seed` and stays secret.

A :class:`Record` has a text form modelled on PBN, the Portable Bridge
Notation.  Each line is a tag ``[Name "value"]`` (a ``\\"`` inside a value is
a quote), a line of action tokens, blank, or a ``%`` comment.

The header:

* ``[Format "spades-record 1"]`` -- the format and its version (required);
* ``[Rules "..."]`` -- the options that differ from :class:`~spades.Rules`'
  defaults as ``key=value`` words, e.g. ``"players=2 partners=false"``
  (required; ``""`` for the defaults);
* ``[Seed "7"]`` -- the seed the game's chance steps come from, a whole
  number ``0 <= seed < 2**64`` (:data:`SEED_LIMIT`), or ``"-"`` when the
  caller supplied them (the record lists every chance step either way);
* any other tag (``[Event "..."]``, ``[Date "..."]``) is kept in
  :attr:`Record.tags`: at most :data:`MAX_TAGS` of them, each name unique,
  each value one line of at most :data:`MAX_TAG_LENGTH` characters of
  Unicode text (no lone surrogates).

Then one block per hand:

* ``[Hand "0"]`` -- the hand's number, from 0; ``[Dealer "0"]`` -- its dealer
  (two-player: the first player), checked;
* ``[Deal "0:AKQ2.T98.765.432 ..."]`` -- each seat's cards as
  ``spades.hearts.diamonds.clubs`` groups, clockwise from the seat before
  the colon (``N``, ``E``, ``S``, ``W`` also name seats 0..3), or, in the
  two-player game, ``[Stock "AS 7H ..."]`` -- the stock, top card first;
* ``[Draft "0"]`` -- the two-player draft from that seat: ``keep``,
  ``reject``, and ``dn`` for a Double Nil declared at the start of a turn;
* ``[Auction "1"]`` -- the bids from that seat on: ``3``, ``nil``, ``dn``;
* ``[Exchange "3"]`` -- the cards that seat passes to its partner after a
  Double Nil (P-6); ``[Discard "1"]`` -- a two-player Double Nil bidder's
  discards (``-`` for none), then ``[Replacement "5C 9D"]``, the cards drawn;
* ``[Play "1"]`` -- the cards played from that seat on, one trick per line;
* ``[Score "52 -30"]`` -- each side's score after the hand, checked.

The seats named by section tags are checked too: a record that does not
match its own replay is refused, with the line and column of the fault.

:meth:`Record.parse` reads text of at most :data:`MAX_SIZE` characters unless
given a larger ``max_size``, in time linear in the text.  Whatever it
accepts, or :meth:`Record.of_state` makes, :meth:`Record.to_text` writes and
:meth:`Record.parse` reads back equal (a text longer than :data:`MAX_SIZE`
needs ``max_size``).  A :class:`Record` built directly checks its rules, seed,
actions and tags as values; whether its actions are a game is found when it is
replayed or written, which raises :class:`~spades.StateError` naming the first
action that cannot be played.

>>> from spades import Record, Rules, new_game
>>> state = new_game(Rules.partnership(), seed=11)
>>> for _ in range(6):
...     state = state.apply(state.legal_actions()[-2])
>>> record = Record.of_state(state)
>>> text = record.to_text()
>>> print(text, end="")  # doctest: +ELLIPSIS
[Format "spades-record 1"]
[Rules ""]
[Seed "11"]
<BLANKLINE>
[Hand "0"]
[Dealer "0"]
[Deal "0:J862.K64.J74.T87 AQ974.Q9.K.AKJ65 ... KT3.T8.T8632.Q32"]
[Auction "1"]
13 13 13 13
[Play "1"]
9H JH
>>> Record.parse(text) == record, Record.parse(text).replay() == state
(True, True)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Final

import attrs

from spades.actions import (
    ACTION_TYPES, MAX_ACTIONS, Action, Bid, Deal, Draft, Exchange, Replacement, Stock, malformed_action, not_an_action,
)
from spades.cards import Card, CardSet
from spades.bidding import next_bidder_of
from spades.deal import SEED_LIMIT
from spades.errors import (
    is_a,
    ArgumentError,
    ArgumentTypeError,
    ParseError,
    SpadesError,
    StateError,
    ascii_lower,
    clip,
    exact_str,
    read_bounded,
    short_repr,
    type_name,
)
from spades.exchange import order_of
from spades.rules import OPTION_CHOICES, Rules, check_rules
from spades.state import GameState, new_game
from spades.tricks import first_leader_of_masks

__all__ = [
    "Record",
    "FORMAT",
    "VERSION",
    "SEED_LIMIT",
    "MAX_SIZE",
    "MAX_TAGS",
    "MAX_TAG_LENGTH",
    "MAX_OPTION_DIGITS",
    "MAX_ACTIONS",
    "replay",
    "rules_to_text",
    "rules_from_text",
]

FORMAT: Final = "spades-record"
"""The format name written in the ``[Format]`` tag of a record's text."""
VERSION: Final = 1
"""The version of the record format this library writes and reads."""
MAX_SIZE: Final = 4 * 1024 * 1024
"""The default ``max_size`` of :meth:`Record.parse`, in characters (4 MiB)."""
MAX_TAGS: Final = 10_000
"""The most descriptive tags a record holds."""
MAX_TAG_LENGTH: Final = 10_000
"""The longest value of a descriptive tag, in characters."""
MAX_OPTION_DIGITS: Final = 40
"""The most digits of a whole-number option of a record's rules (the text form
reads options of up to 40 digits)."""

_CHANCE: Final = (Deal, Stock, Replacement)
_HEADER_TAGS: Final = ("Format", "Rules", "Seed")
_TAG_NAME: Final = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,63}\Z")
# A tag line is [Name "value"]: its head is matched, its value read by
# _tag_of_line (a pattern repeating a group over the value would keep state
# for each of its characters: hundreds of bytes each).
_TAG_HEAD: Final = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"')
_ESCAPED: Final = re.compile(r"\\(.)")
_TOKEN: Final = re.compile(r"\S+")
_INT: Final = re.compile(r"-?[0-9]{1,40}\Z")
_SEED: Final = re.compile(r"[0-9]{1,20}\Z")
# Scores follow from options of at most 40 digits over at most MAX_ACTIONS
# actions, so they have fewer than 60 digits.
_SCORE: Final = re.compile(r"-?[0-9]{1,60}\Z")


def _tag_of_line(line: str) -> tuple[str, str] | None:
    """The name and value (unescaped) of ``line``, a stripped tag line
    ``[Name "value"]`` whose value escapes ``"`` and ``\\`` with a backslash,
    or ``None`` if it is not one.  Linear in time and memory."""
    head = _TAG_HEAD.match(line)
    if head is None or not line.endswith("]"):
        return None
    closed = line[:-1].rstrip()
    if len(closed) <= head.end() or not closed.endswith('"'):
        return None
    value = closed[head.end():-1]
    bare = _ESCAPED.sub("", value)  # the value without its escapes, read from the left
    if '"' in bare or "\\" in bare:
        return None  # a quote not escaped, or a backslash escaping the closing quote
    return head.group(1), _ESCAPED.sub(r"\1", value)


class _ReplayError(Exception):
    """An action of a record that cannot be replayed (internal)."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index
        self.message = message


def _is_chance(action: object) -> bool:
    return type(action) in _CHANCE


def _game_actions(state: GameState) -> tuple[Action, ...]:
    actions: list[Action] = []
    for row in state.sheet:
        actions.extend(row.actions)
    actions.extend(state.history)
    return tuple(actions)


def _steps(rules: Rules, seed: int | None, actions: Sequence[object]) -> Iterator[tuple[int, GameState]]:
    """Replay ``actions``; yield ``(consumed, state)`` after each step.

    In a seeded game the state resolves chance by itself: the record's chance
    steps must be the ones the seed gives (a record may stop before the last
    of them).  Raises :class:`_ReplayError` with the index of a bad action."""
    state = new_game(rules, seed)
    total = len(actions)
    done = 0
    # Actions of the finished hands, counted once each (long games stay linear).
    finished = [0, 0]  # rows counted, their actions

    def check_chance(state: GameState, done: int) -> int:
        sheet = state.sheet
        while finished[0] < len(sheet):
            finished[1] += len(sheet[finished[0]].actions)
            finished[0] += 1
        history = state.history
        made = finished[1] + len(history)
        # Chance steps resolved by the seed all belong to the current hand
        # (the actions of the finished hands were all consumed already).
        offset = finished[1]
        for index in range(done, min(made, total)):
            expected = history[index - offset]
            given = actions[index]
            if type(given) is not type(expected) or given != expected:  # a foreign value's __ne__ is never called
                # Neither the seed nor the outcome it gives: the message must
                # not give away hands the caller did not supply.
                raise _ReplayError(
                    index, f"action {index + 1} ({_describe(given)}) is not the chance step the game's seed gives"
                )
        return min(made, total)

    if seed is not None:
        done = check_chance(state, 0)
    yield done, state
    rows = len(state.sheet)
    while done < total:
        action = actions[done]
        if seed is not None and _is_chance(action):
            raise _ReplayError(done, f"action {done + 1} ({_describe(action)}) is a chance step, but the game's "
                               "seed resolves chance and none is pending here")
        try:
            state = state.apply(action)  # type: ignore[arg-type]
        except SpadesError as error:
            raise _ReplayError(done, f"action {done + 1} ({_describe(action)}) is illegal: {error}") from None
        done += 1
        # A seeded game draws chance only when a hand ends (the next deal or
        # stock) or after a two-player discard (the replacement draw): only
        # then can the state hold more actions than were applied, and only
        # then is its history read (reading it after every step would make
        # a hand quadratic in its length).
        if seed is not None and (type(action) is Exchange or len(state.sheet) != rows):
            rows = len(state.sheet)
            done = check_chance(state, done)
        yield done, state


def _describe(action: object) -> str:
    """``action`` for a message: an action's text, anything else's ``repr``,
    cut short."""
    if type(action) in ACTION_TYPES and not malformed_action(action):
        return clip(str(action), 80)
    return short_repr(action)


def replay(rules: Rules, seed: int | None, actions: Sequence[object]) -> GameState:
    """The state reached by playing ``actions`` from a new game under
    ``rules`` and ``seed``; :class:`~spades.StateError` names the first action
    that cannot be played."""
    state = None
    actions = _read_record_actions(actions)  # what is not an action is named where it stands, as an illegal one
    try:
        for _done, state in _steps(rules, seed, actions):
            pass
    except _ReplayError as error:
        raise StateError(error.message) from None
    assert state is not None
    return state


_RESERVED_TAGS: Final = frozenset(
    ("Format", "Rules", "Seed", "Hand", "Dealer", "Deal", "Stock", "Draft", "Auction", "Exchange", "Discard",
     "Replacement", "Play", "Score")
)


def _read_record_actions(actions: Iterable[object]) -> tuple[object, ...]:
    """The items of a caller's sequence of actions, read safely (at most
    :data:`MAX_ACTIONS`), else :class:`~spades.StateError`."""
    return read_bounded(
        actions, MAX_ACTIONS, StateError, "a record's actions are a sequence of actions, got {value}",
        f"a record holds at most {MAX_ACTIONS} actions",
    )


def _action_tuple(actions: Iterable[Action]) -> tuple[Action, ...]:
    """The actions of a record, each a value of one of the action types
    (which hash, compare and pickle as values do: a list or an ``int`` of
    some other class would make the record's own hash or equality fail);
    whether each is legal where it stands is for :meth:`Record.replay`."""
    taken = _read_record_actions(actions)
    stray = not_an_action(taken)
    if stray is not None:
        raise StateError(f"a record's actions are actions (cards, bids, draft choices, exchanges and chance steps): "
                         f"action {stray}")
    return taken  # type: ignore[return-value]  # each item checked above


def _is_unicode(text: str) -> bool:
    """Whether ``text`` encodes as UTF-8 (holds no lone surrogate)."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _tag_tuple(tags: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    pairs = read_bounded(tags, MAX_TAGS, StateError, "tags are (name, value) pairs, got {value}",
                         f"a record holds at most {MAX_TAGS} tags")
    result: list[tuple[str, str]] = []
    names: set[str] = set()
    for pair in pairs:
        if type(pair) is not tuple or len(pair) != 2:
            raise StateError(f"a tag is a (name, value) pair, got {short_repr(pair)}")
        name, value = pair
        if type(name) is not str or not _TAG_NAME.match(name) or name in _RESERVED_TAGS:
            raise StateError(f"{short_repr(name)} cannot be a tag name: a letter, then up to 63 letters, digits and _, "
                             f"not a tag of the format")
        if name in names:
            raise StateError(f"tag [{name}] is given twice")
        if type(value) is not str or len(value) > MAX_TAG_LENGTH or (value and value.splitlines() != [value]):
            raise StateError(f"the value of tag {name} must be one line of at most {MAX_TAG_LENGTH} characters")
        if not _is_unicode(value):
            raise StateError(f"the value of tag {name} is not Unicode text (it holds a lone surrogate)")
        names.add(name)
        result.append((name, value))
    return tuple(result)


def _check_rules(_record: object, _attribute: object, rules: Any) -> None:
    if not is_a(rules, Rules):
        raise StateError(f"a record's rules are a Rules value, got {short_repr(rules)}")
    for key, value in rules.to_dict().items():
        if type(value) is int and abs(value) >= 10**MAX_OPTION_DIGITS:
            raise StateError(f"{key}: a record's options have at most {MAX_OPTION_DIGITS} digits")


def _check_seed(_record: object, _attribute: object, seed: Any) -> None:
    if seed is None:
        return
    if type(seed) is not int:
        raise StateError(f"the seed must be a whole number or None, got {short_repr(seed)}")
    if not 0 <= seed < SEED_LIMIT:
        raise StateError(f"the seed must be from 0 to 2**64 - 1, got {short_repr(seed)}")


@attrs.frozen(slots=True, kw_only=True)
class Record:
    """A whole game, or the game so far, as data: the :attr:`rules`, the
    :attr:`seed` and every action in order, chance steps included.

    :meth:`replay` reproduces the game; :meth:`to_text` and :meth:`parse`
    write and read the PBN-style text form; :mod:`spades.serial` gives the
    JSON form.  Build one with :meth:`of_state`.

    >>> from spades import Bid, Rules, new_game
    >>> state = new_game(Rules.partnership(), seed=1).apply(Bid(3))
    >>> record = Record.of_state(state, tags=[("Event", "club night")])
    >>> record.replay() == state, Record.parse(record.to_text()) == record
    (True, True)
    """

    rules: Rules = attrs.field(validator=_check_rules)
    """The rules of the game (whole-number options of at most 40 digits)."""
    seed: int | None = attrs.field(default=None, validator=_check_seed)
    """The seed of the game (chance steps resolved from it), ``0 <= seed <
    2**64`` (:data:`SEED_LIMIT`), or ``None``."""
    actions: tuple[Action, ...] = attrs.field(default=(), converter=_action_tuple)
    """Every action of the game in order, chance steps included (at most
    :data:`MAX_ACTIONS`)."""
    tags: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_tag_tuple)
    """Extra descriptive tags (``("Event", "Club night")``...), kept in order:
    names are unique, letters, digits and ``_`` (not a tag the format uses);
    values are one line of Unicode text (see :data:`MAX_TAGS` and
    :data:`MAX_TAG_LENGTH`).  Bad tags raise :class:`~spades.StateError`."""

    # The state the actions reach, once known: a cache, not part of the
    # value (not compared, hashed, shown or pickled).  of_state, parse and
    # the JSON loader know it; a record built directly learns it on its
    # first replay.
    _final: GameState | None = attrs.field(default=None, init=False, eq=False, repr=False)

    def __repr__(self) -> str:
        """One bounded line however long the game: the actions and tags
        counted, not listed (the text form, :meth:`to_text`, lists them).

        >>> from spades import Bid, Rules
        >>> Record(rules=Rules.two_player(), seed=3, actions=[Bid(3)], tags=[("Event", "club night")])
        Record(rules=Rules.preset('two-player'), seed=3, actions=<1 action>, tags=<1 tag>)
        """
        rules = self.rules.to_preset_dict()
        name = rules.pop("preset", None)
        options = ", ".join(f"{key}={value!r}" for key, value in rules.items())
        shown = f"Rules.preset({name!r}{', ' if options else ''}{options})" if name is not None else f"Rules({options})"
        actions, tags = len(self.actions), len(self.tags)
        return (f"Record(rules={shown}, seed={self.seed}, actions=<{actions} action{'' if actions == 1 else 's'}>, "
                f"tags=<{tags} tag{'' if tags == 1 else 's'}>)")

    @classmethod
    def of_state(cls, state: GameState, tags: Iterable[tuple[str, str]] = ()) -> Record:
        """The record of ``state``'s game so far, with descriptive ``tags``
        (``("Event", "Club night")``, ...), checked as :class:`Record` checks
        them."""
        if not is_a(state, GameState):
            raise ArgumentTypeError(f"Record.of_state needs a GameState, got {type_name(state)}")
        return _knowing(cls(rules=state.rules, seed=state.seed, actions=_game_actions(state), tags=tags), state)

    def replay(self) -> GameState:
        """The state the record ends in.  Raises :class:`~spades.StateError`
        naming the first action that cannot be played.

        The actions are replayed once: a record made by :meth:`of_state`,
        :meth:`parse` or :func:`spades.serial.record_from_json` already
        knows its state, and a record built directly remembers it after
        the first call."""
        final = getattr(self, "_final", None)  # None in a record unpickled from an older version
        if final is None:
            final = replay(self.rules, self.seed, self.actions)
            _knowing(self, final)
        return final

    def __reduce__(self) -> tuple[Any, ...]:
        return (_record, (self.rules, self.seed, self.actions, self.tags))

    def states(self) -> Iterator[GameState]:
        """Every state of the game in order: the new game, then the state after
        each action (in a seeded game, a chance step resolves within the
        action before it)."""
        try:
            for _done, state in _steps(self.rules, self.seed, self.actions):
                yield state
        except _ReplayError as error:
            raise StateError(error.message) from None

    # ------------------------------------------------------------------
    # Text.

    def to_text(self) -> str:
        """The record in its PBN-style text form (see the module's doc).

        The record's state (see :meth:`replay`) gives each hand's dealer,
        first lead and score; the seat and phase of every other action
        follow from the actions themselves, so a record that knows its
        state is written without replaying it."""
        return _write(self, self.replay())

    def __str__(self) -> str:
        return self.to_text()

    @classmethod
    def parse(cls, text: str, *, max_size: int = MAX_SIZE) -> Record:
        """Read a record's text form, and replay it to check every action.

        Errors raise :class:`~spades.ParseError` with the ``line`` and
        ``column`` of the fault, an illegal action included.  A text longer
        than ``max_size`` characters (default :data:`MAX_SIZE`, 4 MiB) is
        refused before it is read.  The replay costs a few hundred
        microseconds a hand, seconds for a text of several MiB: a server
        reading records from people it does not trust passes a
        ``max_size`` that fits its own games.

        >>> Record.parse('[Format "spades-record 1"]\\n[Rules "players=5"]')
        Traceback (most recent call last):
        ...
        spades.errors.ParseError: line 2, column 9: players: must be >= 2 and <= 4, got 5
        """
        if type(max_size) is not int:
            raise ArgumentTypeError(f"max_size is an int, got {short_repr(max_size)}")
        if max_size < 0:
            raise ArgumentError(f"max_size must be >= 0, got {short_repr(max_size)}")
        if not is_a(text, str):
            raise ParseError(f"a record must be text, got {type_name(text)}")
        if str.__len__(text) > max_size:  # the length without a subclass's own methods
            raise ParseError(f"the record is {str.__len__(text)} characters long, over the limit of {max_size} "
                             f"(raise it with max_size=)")
        text = exact_str(text)
        return _Parser(text).parse()


def _knowing(record: Record, state: GameState) -> Record:
    """``record``, told the state its actions reach (``state``, which must be
    that state: the caller has just replayed them, or they are its game)."""
    object.__setattr__(record, "_final", state)
    return record


def _record(rules: Rules, seed: int | None, actions: tuple[Action, ...], tags: tuple[tuple[str, str], ...]) -> Record:
    """A record from its fields (how a pickled record is rebuilt)."""
    return Record(rules=rules, seed=seed, actions=actions, tags=tags)


# ----------------------------------------------------------------------
# Rules as key=value text.

_DEFAULT_OPTIONS: Final = Rules().to_dict()


def _option_text(value: object) -> str:
    if value is None:
        return "none"
    if value is True:
        return "true"
    if value is False:
        return "false"
    return str(value)


def rules_to_text(rules: Rules) -> str:
    """The options of ``rules`` that differ from the defaults, as
    ``key=value`` words (the value of a record's ``[Rules]`` tag).

    >>> rules_to_text(Rules.two_player(target=300))
    'players=2 partners=false target=300'
    """
    rules = check_rules(rules)
    return " ".join(
        f"{key}={_option_text(value)}" for key, value in rules.to_dict().items() if value != _DEFAULT_OPTIONS[key]
    )


def rules_from_text(text: str) -> Rules:
    """Read ``key=value`` words (see :func:`rules_to_text`); an empty text
    gives the default rules.  Raises :class:`~spades.RulesError`.

    >>> rules_from_text("players=2 partners=false") == Rules.two_player()
    True
    """
    if type(text) is not str:
        raise ArgumentTypeError(f"the rules' text is a str, got {type_name(text)}")
    return Rules.from_dict(_options(text)[0])


def _options(text: str) -> tuple[dict[str, Any], dict[str, int]]:
    from spades.errors import RulesError

    options: dict[str, Any] = {}
    columns: dict[str, int] = {}
    for match in _TOKEN.finditer(text):
        word = match.group()
        key, sep, raw = word.partition("=")
        if not sep or not key:
            raise RulesError(f"expected key=value, got {short_repr(word)}")
        if key in options:
            raise RulesError(f"option {short_repr(key)} is given twice")
        value: Any
        if raw == "true":
            value = True
        elif raw == "false":
            value = False
        elif raw == "none" and "none" not in OPTION_CHOICES.get(key, ()):  # boston=none is a choice's name
            value = None
        elif _INT.match(raw):
            value = int(raw)
        else:
            value = raw
        options[key] = value
        columns[key] = match.start()
    return options, columns


# ----------------------------------------------------------------------
# Writing.


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _bid_token(bid: Bid) -> str:
    return "dn" if bid.double_nil else str(bid)


def _write(record: Record, final: GameState) -> str:
    """The text of ``record``, whose actions reach ``final``.

    Nothing is replayed: ``final``'s score sheet gives each finished hand's
    dealer, hands at the start of play and score, and ``final`` itself the
    dealer and first lead of the hand in progress.  Who made each other
    action follows from the actions, as the engine decides it: the first
    player drafts first and the players alternate (T-2, T-3); the bids go
    clockwise from the dealer's left, past the seats that declared Double
    Nil in the draft (P-3, T-4); the exchanges and discards go in
    :func:`~spades.exchange.order_of`'s order (P-6, T-6); the tricks have
    one card a seat."""
    rules = record.rules
    players = rules.players
    lines = [
        f'[Format "{FORMAT} {VERSION}"]',
        f'[Rules "{_escape(rules_to_text(rules))}"]',
        f'[Seed "{"-" if record.seed is None else record.seed}"]',
    ]
    for name, value in record.tags:
        lines.append(f'[{name} "{_escape(value)}"]')
    sheet = final.sheet
    hand = -1
    section = ""
    line: list[str] = []
    drafts_in_line = 0
    # The hand in progress, as the walk goes.
    dealer = 0
    bids: list[Bid | None] = []
    stock_size = 0  # the two-player stock's cards: the draft lasts until all are drawn (T-3)
    drawn = 0
    drafter = 0
    exchanges: tuple[tuple[int, int], ...] | None = None  # known once the first exchange comes
    exchanged = 0
    plays = 0

    def flush() -> None:
        nonlocal drafts_in_line
        if line:
            lines.append(" ".join(line))
            line.clear()
        drafts_in_line = 0

    def close_hand() -> None:
        flush()
        if 0 <= hand < len(sheet):
            lines.append(f'[Score "{" ".join(str(s) for s in sheet[hand].result.scores)}"]')

    def first_lead() -> int:
        if hand < len(sheet):
            row = sheet[hand]
            return first_leader_of_masks(rules, row.dealer, [h.mask for h in row.hands])
        leader = final.first_leader  # the hand in progress is being played
        assert leader is not None
        return leader

    for action in record.actions:
        kind = type(action)
        if kind is Deal or kind is Stock:
            close_hand()
            hand += 1
            dealer = sheet[hand].dealer if hand < len(sheet) else final.dealer
            lines += ["", f'[Hand "{hand}"]', f'[Dealer "{dealer}"]']
            if is_a(action, Deal):
                lines.append(f'[Deal "0:{" ".join(str(h) for h in action.hands)}"]')
                stock_size = 0
            else:
                assert isinstance(action, Stock)
                lines.append(f'[Stock "{" ".join(str(c) for c in action.cards)}"]')
                stock_size = len(action.cards)
            bids = [None] * players
            drawn = 0
            drafter = dealer  # T-2, T-3: the first player drafts first
            exchanges = None
            exchanged = 0
            plays = 0
            section = ""
            continue
        if kind is Replacement:
            assert isinstance(action, Replacement)
            flush()
            lines.append(f'[Replacement "{" ".join(str(c) for c in action.cards)}"]')  # never empty (T-6)
            section = ""
            continue
        if kind is Draft or (kind is Bid and drawn < stock_size):
            # The draft (T-2): a keep or a reject, or a Double Nil declared
            # at the start of a turn (T-6), by the seat whose turn it is.
            if section != "Draft":
                flush()
                lines.append(f'[Draft "{drafter}"]')
                section = "Draft"
            if is_a(action, Bid):
                bids[drafter] = action
                line.append(_bid_token(action))
            else:
                assert isinstance(action, Draft)
                drawn += 2
                drafter = 1 - drafter
                line.append(action.value)
                drafts_in_line += 1
                if drafts_in_line == players:
                    flush()
        elif kind is Bid:
            assert isinstance(action, Bid)
            seat = next_bidder_of(players, dealer, bids)
            assert seat is not None
            if section != "Auction":
                flush()
                lines.append(f'[Auction "{seat}"]')
                section = "Auction"
            bids[seat] = action
            line.append(_bid_token(action))
        elif kind is Exchange:
            assert isinstance(action, Exchange)
            if exchanges is None:  # the bids (or the draft's declarations) are all in
                exchanges = order_of(rules, dealer, bids)
            giver, receiver = exchanges[exchanged]
            exchanged += 1
            flush()
            lines.append(f'[{"Discard" if receiver < 0 else "Exchange"} "{giver}"]')
            lines.append(" ".join(str(c) for c in action.cards) or "-")
            section = ""
        else:
            if section != "Play":
                flush()
                lines.append(f'[Play "{first_lead()}"]')
                section = "Play"
            if plays % players == 0:  # a new trick
                flush()
            plays += 1
            line.append(str(action))
    close_hand()
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------------
# Reading.

_SEAT_LETTERS: Final = {"N": 0, "E": 1, "S": 2, "W": 3}


@attrs.define
class _Item:
    action: Action
    line: int
    column: int


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.items: list[_Item] = []
        self.header: dict[str, tuple[str, int, int]] = {}
        self.tags: list[tuple[str, str]] = []
        self.tag_names: set[str] = set()
        self.rules = Rules()
        self.seed: int | None = None
        self.hand_start = 0
        self.hand_deal = False
        # Checks made while replaying: index -> (kind, expected, line, column).
        self.before: dict[int, list[tuple[str, Any, int, int]]] = {}
        self.after: dict[int, list[tuple[str, Any, int, int]]] = {}

    # -- lexing --------------------------------------------------------

    def lines(self) -> Iterator[tuple[int, str]]:
        for number, raw in enumerate(self.text.removeprefix("\ufeff").splitlines(), start=1):
            stripped = raw.strip()
            if not stripped or stripped.startswith("%"):
                continue
            yield number, raw

    def parse(self) -> Record:
        hand = -1
        section = ""
        exchange: list[tuple[str, int, int]] | None = None
        exchange_at = (0, 0)
        pending_turn: tuple[int, int, int] | None = None
        empty_section: tuple[str, int, int] | None = None  # a section of actions none of which is read yet

        def finish_exchange() -> None:
            nonlocal exchange
            if exchange is None:
                return
            self.add_exchange(exchange, *exchange_at)
            exchange = None

        def finish_section() -> None:
            # The writer never writes a section without an action: one
            # would go unchecked (its seat, its kind), and not be written back.
            if empty_section is not None:
                name, line, start = empty_section
                raise ParseError(f"the [{name}] section holds no action", line, start)

        for number, raw in self.lines():
            stripped = raw.strip()
            indent = len(raw) - len(raw.lstrip())
            if stripped.startswith("["):
                tag = _tag_of_line(stripped)
                if tag is None:
                    raise ParseError('expected a tag like [Name "value"]', number, indent + 1)
                name, value = tag
                column = indent + stripped.index('"') + 2
                finish_exchange()
                finish_section()
                if hand < 0 and name != "Hand":
                    self.header_tag(name, value, number, column, indent + 1)
                    continue
                if hand < 0:
                    self.start_game(number)
                if name == "Hand":
                    if hand >= 0 and not self.hand_deal:
                        raise ParseError(f"hand {hand} has no [Deal] or [Stock]", number, indent + 1)
                    hand += 1
                    if value != str(hand):
                        raise ParseError(f"expected hand number {hand}, got {short_repr(value)}", number, column)
                    self.hand_start = len(self.items)
                    self.hand_deal = False
                    section = ""
                    continue
                section = ""
                if name == "Dealer":
                    self.check_later(self.hand_start, "dealer", self.seat(value, number, column), number, column)
                elif name in ("Deal", "Stock"):
                    if self.hand_deal or len(self.items) != self.hand_start:
                        raise ParseError(f"[{name}] must come first in a hand, once", number, indent + 1)
                    action = self.deal(value, number, column) if name == "Deal" else self.stock(value, number, column)
                    self.add(action, number, column)
                    self.hand_deal = True
                elif name == "Replacement":
                    cards = self.cards(value, number, column)
                    self.add(Replacement(cards), number, column)
                elif name == "Score":
                    scores = tuple(self.integer(m.group(), number, column + m.start()) for m in _TOKEN.finditer(value))
                    if not self.hand_deal:
                        raise ParseError("[Score] before the hand's actions", number, indent + 1)
                    self.after.setdefault(len(self.items) - 1, []).append(("score", (hand, scores), number, column))
                elif name in ("Draft", "Auction", "Play", "Exchange", "Discard"):
                    if not self.hand_deal:
                        raise ParseError(f"[{name}] before the hand's [Deal] or [Stock]", number, indent + 1)
                    section = name
                    pending_turn = (self.seat(value, number, column), number, column) if value else None
                    empty_section = (name, number, indent + 1) if name in ("Draft", "Auction", "Play") else None
                    if name in ("Exchange", "Discard"):
                        exchange = []
                        exchange_at = (number, indent + 1)
                        if pending_turn is not None:
                            self.check_turn(len(self.items), pending_turn)
                            pending_turn = None
                else:
                    shown = name if len(name) <= 64 else name[:61] + "..."
                    raise ParseError(f"unknown tag [{shown}] inside a hand", number, indent + 1)
                continue
            if hand < 0:
                raise ParseError("actions before the first [Hand] tag", number, indent + 1)
            if not section:
                raise ParseError("actions outside a [Draft], [Auction], [Exchange], [Discard] or [Play] section",
                                 number, indent + 1)
            for match in _TOKEN.finditer(raw):
                token, column = match.group(), match.start() + 1
                if exchange is not None:
                    exchange.append((token, number, column))
                    continue
                if pending_turn is not None:
                    self.check_turn(len(self.items), pending_turn)
                    pending_turn = None
                empty_section = None
                self.add(self.token(section, token, number, column), number, column)
        finish_exchange()
        finish_section()
        if hand < 0:
            self.start_game(1)
        elif not self.hand_deal:
            raise ParseError(f"hand {hand} has no [Deal] or [Stock]", self.last_line(), 1)
        return self.replay()

    def add(self, action: Action, line: int, column: int) -> None:
        """Append an action read at ``line`` and ``column``: at most
        :data:`MAX_ACTIONS` of them, as a record holds."""
        if len(self.items) == MAX_ACTIONS:
            raise ParseError(f"a record holds at most {MAX_ACTIONS} actions", line, column)
        self.items.append(_Item(action, line, column))

    def last_line(self) -> int:
        return len(self.text.splitlines())  # a record that gets here has a [Hand] line

    # -- header --------------------------------------------------------

    def header_tag(self, name: str, value: str, line: int, column: int, start: int) -> None:
        if name in self.header or name in self.tag_names:
            raise ParseError(f"tag [{name}] is given twice", line, start)
        if name in _HEADER_TAGS:
            self.header[name] = (value, line, column)
        else:
            if name in ("Draft", "Auction", "Play", "Exchange", "Discard", "Deal", "Stock", "Dealer", "Score",
                        "Replacement"):
                raise ParseError(f"[{name}] before the first [Hand] tag", line, start)
            if len(self.tags) == MAX_TAGS:
                raise ParseError(f"a record holds at most {MAX_TAGS} tags", line, start)
            try:
                self.tags.extend(_tag_tuple([(name, value)]))
            except StateError as error:
                raise ParseError(str(error), line, start) from None
            self.tag_names.add(name)

    def start_game(self, line: int) -> None:
        from spades.errors import RulesError

        if "Format" not in self.header:
            raise ParseError(f'a record starts with [Format "{FORMAT} {VERSION}"]', line, 1)
        value, fline, fcolumn = self.header["Format"]
        words = value.split()
        if len(words) != 2 or words[0] != FORMAT:
            raise ParseError(f"unknown format {short_repr(value)}: expected {FORMAT!r} and a version", fline, fcolumn)
        if words[1] != str(VERSION):
            raise ParseError(f"unsupported version {short_repr(words[1])} of {FORMAT}: this library reads version "
                             f"{VERSION}", fline, fcolumn)
        if "Rules" not in self.header:
            raise ParseError("a record needs a [Rules] tag", line, 1)
        value, rline, rcolumn = self.header["Rules"]
        try:
            options, columns = _options(value)
        except RulesError as error:
            raise ParseError(str(error), rline, rcolumn) from None
        try:
            self.rules = Rules.from_dict(options)
        except RulesError as error:
            text = str(error)
            key = text.partition(":")[0]
            raise ParseError(text, rline, rcolumn + columns.get(key, 0)) from None
        if "Seed" in self.header:
            value, sline, scolumn = self.header["Seed"]
            if value.strip() not in ("", "-"):
                if not _SEED.match(value.strip()) or int(value.strip()) >= SEED_LIMIT:
                    raise ParseError(f"the seed must be a whole number from 0 to 2**64 - 1, or '-', got "
                                     f"{short_repr(value)}", sline, scolumn)
                self.seed = int(value.strip())

    # -- values --------------------------------------------------------

    def integer(self, text: str, line: int, column: int) -> int:
        if not _SCORE.match(text):
            raise ParseError(f"expected a whole number, got {short_repr(text)}", line, column)
        return int(text)

    def seat(self, text: str, line: int, column: int) -> int:
        text = text.strip()
        players = self.rules.players
        if players == 4 and text in _SEAT_LETTERS:
            return _SEAT_LETTERS[text]
        if len(text) != 1 or text not in "0123456789"[:players]:
            raise ParseError(f"expected a seat 0..{players - 1}, got {short_repr(text)}", line, column)
        return int(text)

    def cards(self, text: str, line: int, column: int) -> CardSet:
        if text.strip() in ("", "-"):
            return CardSet(0)
        mask = 0
        for match in _TOKEN.finditer(text):
            card = self.card(match.group(), line, column + match.start())
            if mask >> card & 1:
                raise ParseError(f"card {card} is given twice", line, column + match.start())
            mask |= 1 << card
        return CardSet(mask)

    def card(self, token: str, line: int, column: int) -> Card:
        try:
            return Card.parse(token)
        except ParseError as error:
            raise ParseError(str(error), line, column) from None

    def deal(self, value: str, line: int, column: int) -> Deal:
        first, colon, rest = value.partition(":")
        if not colon:
            raise ParseError('a deal reads "SEAT:hand hand ...", e.g. "0:AKQ.J.T9.8 ..."', line, column)
        start = self.seat(first, line, column)
        players = self.rules.players
        hands: list[CardSet] = [CardSet(0)] * players
        matches = list(_TOKEN.finditer(rest))
        if len(matches) != players:
            raise ParseError(f"a deal needs {players} hands, got {len(matches)}", line, column)
        for offset, match in enumerate(matches):
            try:
                hands[(start + offset) % players] = CardSet.parse(match.group())
            except ParseError as error:
                raise ParseError(str(error), line, column + len(first) + 1 + match.start()) from None
        return Deal(tuple(hands))  # whether the hands make a deal is the game's to say, at replay

    def stock(self, value: str, line: int, column: int) -> Stock:
        cards = []
        for match in _TOKEN.finditer(value):
            cards.append(self.card(match.group(), line, column + match.start()))
        try:
            return Stock(tuple(cards))
        except SpadesError as error:  # too many cards, or one twice: at the tag's value
            raise ParseError(str(error), line, column) from None

    def token(self, section: str, token: str, line: int, column: int) -> Action:
        if section == "Play":
            return self.card(token, line, column)
        if section == "Draft":
            lowered = ascii_lower(token)
            if lowered in ("keep", "k"):
                return Draft.KEEP
            if lowered in ("reject", "r"):
                return Draft.REJECT
            if lowered in ("dn", "bn"):
                return Bid.DOUBLE_NIL
            raise ParseError(f"expected keep, reject or dn in the draft, got {short_repr(token)}", line, column)
        try:
            return Bid.parse(token)
        except ParseError as error:
            raise ParseError(str(error), line, column) from None

    def add_exchange(self, tokens: list[tuple[str, int, int]], line: int, column: int) -> None:
        mask = 0
        if not (len(tokens) == 1 and tokens[0][0] == "-"):
            for token, tline, tcolumn in tokens:
                card = self.card(token, tline, tcolumn)
                if mask >> card & 1:
                    raise ParseError(f"card {card} is given twice", tline, tcolumn)
                mask |= 1 << card
        if tokens:
            line, column = tokens[0][1], tokens[0][2]
        self.add(Exchange(CardSet(mask)), line, column)

    # -- checks made while replaying --------------------------------------

    def check_later(self, index: int, kind: str, expected: Any, line: int, column: int) -> None:
        self.after.setdefault(index, []).append((kind, expected, line, column))

    def check_turn(self, index: int, turn: tuple[int, int, int]) -> None:
        self.before.setdefault(index, []).append(("turn", turn[0], turn[1], turn[2]))

    def replay(self) -> Record:
        actions = tuple(item.action for item in self.items)
        record = Record(rules=self.rules, seed=self.seed, actions=actions, tags=tuple(self.tags))
        consumed = 0
        after = self.after
        before = self.before
        try:
            for done, state in _steps(self.rules, self.seed, actions):
                for index in range(consumed, done):
                    if index in after:
                        self.verify(after[index], state)
                if done in before:  # a section's seat, checked before its first action
                    self.verify(before[done], state)
                consumed = done
        except _ReplayError as error:
            item = self.items[error.index]
            raise ParseError(error.message, item.line, item.column) from None
        return _knowing(record, state)

    def verify(self, checks: list[tuple[str, Any, int, int]], state: GameState) -> None:
        for kind, expected, line, column in checks:
            if kind == "turn" and state.turn != expected:
                raise ParseError(f"the section names seat {expected}, but it is seat {state.turn}'s turn", line, column)
            if kind == "dealer" and state.dealer != expected:
                raise ParseError(f"the dealer of this hand is seat {state.dealer}, not {expected}", line, column)
            if kind == "score":
                number, scores = expected
                if len(state.sheet) <= number:
                    raise ParseError(f"hand {number} is not finished, so it has no score yet", line, column)
                actual = state.sheet[number].result.scores
                if actual != scores:
                    shown = " ".join(str(s) for s in actual)
                    raise ParseError(f"the scores after hand {number} are {shown}, not "
                                     f"{' '.join(str(s) for s in scores)} (S-1..S-8)", line, column)
