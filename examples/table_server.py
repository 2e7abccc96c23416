"""A table server: Spades over TCP, one JSON object per line, on loopback only.

Usage::

    python examples/table_server.py --port 0                # any free port
    python examples/table_server.py --port 7000 --rules two-player --humans 1
    python examples/table_server.py --port 7000 --table t1 --table t2:2 --records /tmp/records

The server hosts tables by name, each a :mod:`spades` game under the given rules
with a fresh secret seed (``secrets.randbits(64)``).  People join a table by
name; when the table's number of humans have joined, the game starts and
the empty seats are played by a bot (:func:`spades.bots.simple_bot`, given
the seat's view), which moves as soon as it is its turn.  The server holds the one true
:class:`spades.GameState`; each client is sent only its own seat's view and
the events its seat may learn, never a state and never another seat's cards.
When a game ends, its record is saved as JSON and as text.  Standard library
(asyncio) and :mod:`spades` only.

The protocol
------------

Each line a client sends is one JSON object (UTF-8, at most 64 KiB before
its newline) with exactly one key, the command:

``{"join": {"table": "t1", "name": "alice", "seat": 2, "token": "..."}}``
    Sit at table ``t1`` as ``alice``.  ``seat`` is optional (default: the
    first free seat).  ``token`` is needed only to come back to a seat held
    since the game started: the reply to the first join gives it.  A join
    with a token for which the name holds no seat at the table (its game
    has closed) is refused with ``BAD_TOKEN``: no new seat is taken.  A name
    is 1 to 32 printable characters, no space at either end, its first
    character one that shows (not a combining mark) and none of the
    printable characters that show nothing (such as the Hangul filler
    U+3164), and is taken in Unicode's composed form (NFC: an accent
    typed as a separate mark is the same name as the accented letter); the
    reply says the name taken.
    The names at a table differ in more than the case and width of their
    letters and the variation selectors (U+FE00 to U+FE0F, U+E0100 to
    U+E01EF, which show nothing after a letter): ``Alice``, ``alice``,
    ``alice`` followed by U+FE0F and ``ａｌｉｃｅ`` look alike; a join
    under a name that looks like one at the table is ``NAME_TAKEN``.
``{"act": {"text": "QH"}}`` or ``{"act": {"action": {"play": "QH"}}}``
    A move for the client's seat: text as a player types it
    (:meth:`spades.GameState.parse_action`: ``QH``, ``Q♥``, ``4``, ``nil``,
    ``keep``, ``3C 7H 5S``, ...), or an action's JSON form
    (:func:`spades.serial.action_from_dict`, as the view's
    ``legal_actions`` list them).
``{"view": {}}``
    Ask for the seat's current view.
``{"look": {}}``
    Look at the seat's cards, this hand: the views and events the seat is
    sent are no longer sealed, and its Double Nil, which is bid before
    looking at the cards (P-6, T-6), is refused (see "Choices").
``{"leave": {}}``
    Leave the table (the connection stays open and may join again).

Every command gets exactly one reply, in order, before anything the
command causes is pushed:

``{"ok": {...}}``
    join: ``{"table", "seat", "name", "token", "rejoined", "started"}``;
    act: ``{"action": <action JSON>, "text": <its canonical text>}``;
    view, look and leave: ``{}``.
``{"error": {"reason": "NOT_YOUR_TURN", "rule": "P-3", "message": "..."}}``
    The command was refused and changed nothing.  ``reason`` is a
    :class:`spades.Reason` name for a move the rules refuse (``rule`` is
    then the rule's id), else one of this server's: ``BAD_UTF8``,
    ``BAD_JSON``, ``BAD_REQUEST``, ``UNKNOWN_COMMAND``, ``LINE_TOO_LONG``,
    ``BAD_INPUT`` (move text that cannot be read), ``BAD_ACTION`` (action
    JSON that cannot be read), ``NOT_JOINED``, ``ALREADY_JOINED``,
    ``NO_SUCH_TABLE``, ``TOO_MANY_TABLES``, ``TABLE_FULL``, ``SEAT_TAKEN``,
    ``NAME_TAKEN``, ``BAD_TOKEN``, ``NOT_STARTED``, ``TOO_MANY_CLIENTS``,
    ``IDLE``, ``INTERNAL`` (with ``rule`` ``""``).  The messages of refused
    moves are the library's, worked out for the client's own seat: they may
    name that seat's own cards, never another's; but a Double Nil from a
    seat that has looked at its cards is refused by this server, with
    ``DOUBLE_NIL_NOT_ALLOWED`` and rule ``P-6`` (``T-6`` in the two-player
    game), unless the rules leave the seat no other bid
    (:func:`spades.double_nil_forced`, V-6).

Pushed to each client at a table, whenever there is something new:

``{"table": {"name", "humans", "started", "seats": [...]}}``
    Who sits where: each seat ``{"seat", "player", "bot", "connected"}``
    (``player`` is a name or ``null``).  Sent on every join, leave,
    disconnection and at the start; to a client with more than 64 KiB of
    messages unread, only the latest is sent, once it has read them.
``{"view": {...}}``
    The seat's view document (:func:`spades.serial.to_dict` of
    :func:`spades.seat_view`, ``sealed`` unless the seat has looked at its
    cards this hand; see "Choices"): when the game starts, on every
    (re)join after that, and after every ``view`` and ``look`` command.
``{"events": [...]}``
    What the seat has learnt since the last view or events sent to this
    client (:func:`spades.events.events`, ``sealed`` as the view, each
    :func:`spades.serial.event_to_dict`): bids, cards played, tricks won,
    hands scored, whose turn it is...  A client keeps its view up to date
    with :func:`spades.events.advance`, ``sealed`` unless the seat has
    looked at its cards in the hand the events end in.  After an accepted
    ``act`` the next message to the actor is always this push, holding its
    own move and every bot move that followed.
``{"closed": {"table", "reason": "MAX_HANDS", "message"}}``
    The game has played ``--max-hands`` hands (default 1000) without
    ending: the table closes, its record saved as unfinished, and the
    client is at no table (its connection stays open).  Sent after the
    events of the move that ended the last hand.

Choices
-------

* Before the game starts, leaving or disconnecting frees the seat (no one
  has seen any cards: the game is dealt at the start).  Once it has
  started, a seat belongs to its name for the whole game: a client that
  leaves or disconnects keeps it, **no bot takes it over**, and the game
  waits whenever it is that seat's turn until the player comes back with
  the same name and the token of its first join (names are not secret, so
  the token keeps another client from taking the seat, and its cards).
  While the seat's player is connected, no one else may take the name;
  a join with the seat's token replaces the connection that holds it,
  which is closed (a player whose connection died without closing comes
  back at once).  A table whose game has started but where no person is
  connected for ``--abandon-after`` seconds (default 600) closes: its
  record is saved, tagged ``Status unfinished`` (see below), and its name
  and place are free again.
* Tables that open on demand (without ``--table``) are at most
  ``--max-tables`` (default 64).  When that many are open and a join needs
  a new one, a table where no person is connected closes, the same way
  (its record saved as above): one whose game no person has moved in
  first; else the one left empty the longest, once that is
  ``--room-after`` seconds (default 60), so that a player whose
  connection drops for a moment does not lose the game to a stranger
  opening tables.  A table is left empty when its last person goes after
  a person's move; coming back without a move does not restart that
  clock, so joining and leaving over and over holds no table.  If there
  is none, the join is refused with ``TOO_MANY_TABLES``.  A connection
  sits at one table at a time, so holding tables takes one live
  connection for each, or a move in each game every ``--room-after``
  seconds.
* At most 256 connections are open at once, each counted from its accept
  until its socket is closed (a connection the server is hanging up on
  still counts); one more is answered ``TOO_MANY_CLIENTS`` and closed
  after a moment (so that it reads the answer), and beyond 32 of those at
  once it is closed at once, without an answer.  The command line raises
  the process' soft limit of open files (``ulimit -n``) to the 352 these
  may take, as far as the hard limit allows, and warns if it cannot.
* A line longer than 64 KiB is answered with ``LINE_TOO_LONG`` and the
  connection is **closed** (the rest of the line cannot be told from the
  next command).  Every other bad line (non-UTF-8 bytes, malformed JSON,
  ``NaN``, duplicate keys, JSON nested more than 32 deep, a number of more than
  100 digits, a non-object, an unknown command, bad fields) is answered
  with an error and the connection stays open.  Blank lines (of
  JSON's white space only) are ignored.  A client that lets more than 1 MiB
  of messages pile up unread is disconnected (it keeps its seat, as any
  disconnection), and so is a connection that sends no command (a blank
  line is none) for ``--idle-timeout`` seconds (default 600), after
  ``{"error": {"reason": "IDLE", ...}}``, or that reads none of its
  replies for as long.  Once a
  connection is being closed (by the server too: replaced, cut off), nothing
  more is sent to it and none of its lines is carried out, not even one
  already on its way; nor is a last line without its newline, sent as the
  client closes the connection (it may be cut short).  Each connection's lines are answered one at a time,
  taking turns with the other connections: a client that sends many lines
  at once does not hold up the others.
* Double Nil is bid blind (P-6; T-6: at the start of the seat's first
  draft turn in the two-player game).  The server knows, for each
  person's seat, whether it has looked at its cards this hand (a ``look``
  command that showed it a card: the two-player second player holds none
  before its first draft turn), across reconnections; each new hand
  starts unlooked.  While
  Double Nil is open to a seat (:meth:`spades.GameState.double_nil_open`)
  and it has not looked, every view and event sent to it is sealed
  (:func:`spades.seat_view` and :func:`spades.events.events` with
  ``sealed=True``): its cards (and, in the draft, the card on top of the
  stock) are withheld.  It may bid Double Nil blind, or make any other
  move without looking, and is then told its cards.  Once it has looked,
  its views and events are not sealed for the rest of the hand and its
  Double Nil is refused (``DOUBLE_NIL_NOT_ALLOWED``), unless the rules
  leave it no other bid (:func:`spades.double_nil_forced`: with Nil not
  allowed, the partner's bid has filled the side's greatest contract, V-6),
  which the game could not go on without.  The views sent are
  the library's own, which say what the game alone allows (they read back
  with :func:`spades.serial.view_from_dict` and stay up to date with
  :func:`spades.events.advance`): while the game would still take its
  Double Nil, the view of a seat that has looked says ``double_nil_open``
  and lists it, and the client leaves it out of what it offers the
  player, unless it is the only legal action.  Bots are given views that
  are not sealed.
* A finished game's record (:meth:`spades.Record.of_state`, with the table
  and the players' names as tags, ``Seat0`` to ``Seat3``, ``bot`` for a
  bot's seat, and ``Bots``, the bots' seats, such as ``1 3``, or ``-``:
  a person may be called ``bot``) is saved as ``TABLE.json``
  (:func:`spades.serial.to_json`) and ``TABLE.txt``
  (:meth:`spades.Record.to_text`) in the records directory, ``TABLE-2``...
  if those exist.  Each file is written under a temporary name and put in
  place only once whole, and the two together: a failed save leaves
  neither a cut-off record nor one of the two files without the other.  A
  record that could not be saved (the directory missing, the disk full...)
  is logged and kept in memory, and written at the next save of any table
  (each record kept is tried) or as the server stops; at most 100 wait so,
  and beyond that the oldest is dropped (logged).  Games still running
  when the server stops are saved the same way, tagged ``Status
  unfinished``.  The record of a game closed unfinished (here, or
  abandoned, or closed to make room) is saved only if a person made a
  move in it (else the log says that nothing was saved), and one run
  saves at most ``--max-unfinished`` (default 1000) such records: beyond
  that each is dropped, with a warning in the log.  A finished game's
  record is always saved.  A finished table closes when its last client
  leaves, and its name may then host a new game (a join meanwhile is
  told that the game is over).
* A game plays at most ``--max-hands`` hands (default 1000, at most
  10,000: a record holds at most a million actions): under rules without
  a losing floor (V-1) players can keep a game going for ever.  One still
  going then closes (``closed``, above).  A game whose record could not be
  made is logged, and nothing is saved of it.
* The server listens on loopback addresses only (``127.0.0.1``, ``::1``).

In a test or another program, run it in-process::

    server = TableServer(rules=Rules.partnership(target=100), humans=2, records=Path("records"))
    listening = await server.start("127.0.0.1", 0)
    ...
    await server.close()
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import json
import logging
import os
import random
import re
import secrets
import signal
import sys
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import spades
from spades import (
    Bid, GameState, IllegalActionError, ParseError, Reason, Record, Rules, SpadesError, double_nil_forced, seat_view,
)
from spades.bots import simple_bot
from spades.events import events
from spades.serial import action_from_dict, action_to_dict, event_to_dict, to_dict, to_json

__all__ = ["TableConfig", "TableServer", "serve", "main", "MAX_LINE"]

log = logging.getLogger("table_server")

MAX_LINE = 64 * 1024
"""The longest line a client may send, in bytes, not counting its newline."""
MAX_BACKLOG = 1024 * 1024
"""The most bytes of messages that may wait unread for one client."""
MAX_CLIENTS = 256
"""The most connections at once, each counted from its accept until its
socket is closed (also while the server hangs up on it)."""
MAX_REFUSING = 32
"""The most connections over :data:`MAX_CLIENTS` answered
``TOO_MANY_CLIENTS`` and being hung up on at once (each is read from for
a moment, so that it reads its refusal); one more is closed at once,
without a reply."""
MAX_TABLES = 64
"""The most tables open at once, by default (when they open on demand)."""
IDLE_TIMEOUT = 600.0
"""Seconds a connection may go without sending a command, by default."""
ABANDON_AFTER = 600.0
"""Seconds a started game waits with no person connected, by default."""
ROOM_AFTER = 60.0
"""Seconds a started game in which a person has moved keeps its place
among the tables with no person connected, by default."""
MAX_UNFINISHED = 1000
"""The most records of games closed unfinished that one run saves, by default."""
MAX_UNSAVED = 100
"""The most records kept in memory, waiting to be saved, after their save failed."""
MAX_HANDS = 1000
"""The most hands one game plays, by default: a game still going then closes."""
_MOST_HANDS = 10_000
"""The most hands a game may be let play: a record holds at most
:data:`spades.record.MAX_ACTIONS` actions, some 60 a hand."""
_CLOSE_GRACE = 5.0
"""Seconds a replaced connection has to take its last messages before it is cut off."""
_TABLE_BACKLOG = 64 * 1024
"""Bytes waiting unread for a client beyond which a table message waits:
only the latest is sent, once fewer wait."""
_TABLE_RETRY = 0.25
"""Seconds between tries to send a waiting table message."""
_JSON_SPACE = " \t\r\n"
"""The white space of JSON: a line of only these is blank."""
_JSON_SPACE_BYTES = _JSON_SPACE.encode("ascii")
_TABLE_NAME = re.compile(r"[A-Za-z0-9_-]{1,32}\Z")
_MAX_NAME = 32
_MAX_TEXT = 200
_MAX_DIGITS = 100
"""The most digits of a number in a client's line."""
_MAX_DEPTH = 32
"""The deepest a client's line may nest arrays and objects (a command nests
four deep at most).  Python's own decoder stops somewhere else in each
version (3.11 at about 1,000, 3.13 much deeper): this limit is the server's,
the same everywhere."""
_COMMANDS = ("join", "act", "view", "look", "leave")


class Refusal(Exception):
    """A command this server refuses: the ``error`` reply's fields."""

    def __init__(self, reason: str, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message
        self.rule = rule

    def reply(self) -> dict[str, Any]:
        """The ``{"error": ...}`` message."""
        return {"error": {"reason": self.reason, "rule": self.rule, "message": self.message}}


def _refusal_of(error: IllegalActionError) -> Refusal:
    """The library's refusal of a move, as the server sends it.  The message
    was worked out by ``explain``/``parse_action`` for the client's own seat
    (``seat=``), so it names no card but that seat's own."""
    return Refusal(error.reason.value, str(error), error.rule)


def _json_kind(value: object) -> str:
    """What a value read from JSON is, in JSON's words."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


def _shown(value: object, limit: int = 40) -> str:
    """A client's value quoted for a message, cut short."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


@dataclass(frozen=True)
class TableConfig:
    """How a table plays: its rules, and how many of its seats are for
    people (the game starts when that many have joined; bots play the
    others)."""

    rules: Rules
    humans: int

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise TypeError(f"rules must be a spades.Rules, got {type(self.rules).__name__}")
        if type(self.humans) is not int or not 1 <= self.humans <= self.rules.players:
            raise ValueError(f"humans must be from 1 to {self.rules.players}, got {self.humans!r}")


@dataclass(eq=False)
class Client:
    """One connection."""

    writer: asyncio.StreamWriter
    peer: str
    table: Table | None = None
    seat: int | None = None
    seen: GameState | None = None
    """The state the last view or events sent to this client describe."""
    closed: bool = False
    table_message: dict[str, Any] | None = None
    """The latest table message, waiting while the client reads slowly."""
    table_timer: asyncio.TimerHandle | None = None
    """The next try to send :attr:`table_message`."""


@dataclass(eq=False)
class Sitter:
    """A person holding a seat: the name, the token to come back with, and
    the connection while connected."""

    name: str
    token: str
    client: Client | None


@dataclass(eq=False)
class Table:
    """One game and the people at it."""

    name: str
    config: TableConfig
    seats: list[Sitter | None]
    bots: frozenset[int] = frozenset()
    state: GameState | None = None
    rng: random.Random = field(default_factory=lambda: random.Random(secrets.randbits(64)))
    saved: tuple[Path, ...] = ()
    """The record's files, once saved."""
    abandoning: asyncio.TimerHandle | None = None
    """The timer that closes the table if no one comes back."""
    empty_since: float | None = None
    """When (the event loop's clock) the started table was left with no
    person connected, the first time since a person's last move; ``None``
    until then.  Only a person's move resets it: a person who comes back
    and goes again without moving does not restart the clock."""
    looked: dict[int, int] = field(default_factory=dict)
    """For each person's seat that has looked at its cards, the hand
    (:attr:`spades.GameState.hand_number`) in which it last did: it has
    looked this hand if that is the hand being played, so each new hand
    starts unlooked (P-6, T-6)."""
    acted: bool = False
    """Whether a person has made a move in the game."""

    @property
    def started(self) -> bool:
        """Whether the game has started."""
        return self.state is not None

    def clients(self) -> list[Client]:
        """The connections at the table."""
        return [s.client for s in self.seats if s is not None and s.client is not None]

    def has_looked(self, seat: int) -> bool:
        """Whether ``seat`` has looked at its cards in the hand being played."""
        return self.state is not None and self.looked.get(seat) == self.state.hand_number


class TableServer:
    """The server: its tables, its connections, and the records it saves.

    ``tables`` names the tables there are (each with its config); without
    it, a table opens on the first join of its name, under ``rules`` with
    ``humans`` seats for people (default: every seat), up to ``max_tables``
    at once (a whole number, 1 or more): when that many are open, a new one
    takes the place of one no person is connected to, if any: one in which
    no person has moved first, else the one left empty the longest since a
    person's last move, once that is ``room_after`` seconds (a player who
    drops for a moment keeps the game; coming back without a move does not
    restart the clock).  ``idle_timeout`` is how long a
    connection may send no command (a blank line is none),
    ``abandon_after`` how long a started game waits with no person
    connected before it closes (seconds; ``None``: for ever).
    ``max_unfinished`` is the most records of games closed unfinished that
    the server saves (a whole number, 0 or more; those of games in which no
    person made a move are never saved).  ``max_hands`` is the most hands
    a game plays (1 to 10,000): one still going then closes, unfinished.
    """

    def __init__(
        self,
        *,
        rules: Rules | None = None,
        humans: int | None = None,
        tables: Mapping[str, TableConfig] | None = None,
        records: Path = Path("records"),
        max_tables: int = MAX_TABLES,
        idle_timeout: float | None = IDLE_TIMEOUT,
        abandon_after: float | None = ABANDON_AFTER,
        max_unfinished: int = MAX_UNFINISHED,
        room_after: float = ROOM_AFTER,
        max_hands: int = MAX_HANDS,
    ) -> None:
        rules = Rules.partnership() if rules is None else rules
        self.default = TableConfig(rules, rules.players if humans is None else humans)
        self.configs: dict[str, TableConfig] | None = None if tables is None else dict(tables)
        for name in self.configs or {}:
            if not _TABLE_NAME.match(name):
                raise ValueError(f"a table name is 1 to 32 letters, digits, - and _, got {name!r}")
        self.records = records
        if type(max_tables) is not int or max_tables < 1:
            raise ValueError(f"max_tables must be a whole number, 1 or more, got {max_tables!r}")
        self.max_tables = max_tables
        for what, value in (("idle_timeout", idle_timeout), ("abandon_after", abandon_after)):
            if value is not None and (type(value) not in (int, float) or not 0 < value < float("inf")):
                raise ValueError(f"{what} must be a positive number of seconds or None, got {value!r}")
        self.idle_timeout = idle_timeout
        self.abandon_after = abandon_after
        if type(room_after) not in (int, float) or not 0 <= room_after < float("inf"):
            raise ValueError(f"room_after must be a number of seconds, 0 or more, got {room_after!r}")
        self.room_after = room_after
        if type(max_unfinished) is not int or max_unfinished < 0:
            raise ValueError(f"max_unfinished must be a whole number, 0 or more, got {max_unfinished!r}")
        self.max_unfinished = max_unfinished
        if type(max_hands) is not int or not 1 <= max_hands <= _MOST_HANDS:
            raise ValueError(f"max_hands must be a whole number from 1 to {_MOST_HANDS}, got {max_hands!r}")
        self.max_hands = max_hands
        self.unfinished = 0
        """How many records of unfinished games this run has taken to save."""
        self.tables: dict[str, Table] = {}
        self.clients: set[Client] = set()
        """Every connection taken (not refused), from its accept until its
        socket is closed: what ``MAX_CLIENTS`` bounds."""
        self.unsaved: dict[Table, Record] = {}
        """The records that could not be saved yet, oldest first (their
        tables may be closed already), at most ``MAX_UNSAVED``."""
        self._numbers: dict[str, int] = {}
        """For each name a record was saved under, the number to try next
        (``NAME-2``, ...)."""
        self._tasks: set[asyncio.Task[None]] = set()
        self._refusing = 0
        """Connections answered ``TOO_MANY_CLIENTS`` being hung up on."""
        self._server: asyncio.Server | None = None

    # ------------------------------------------------------------------
    # Starting and stopping.

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> asyncio.Server:
        """Listen on ``host`` (a loopback address) and ``port`` (0: any free
        port); :attr:`address` then says where."""
        if not _is_loopback(host):
            raise ValueError(f"this server listens on loopback addresses only (127.0.0.1, ::1), not {host!r}")
        self._server = await asyncio.start_server(self._serve_client, host, port, limit=MAX_LINE)
        return self._server

    @property
    def address(self) -> tuple[str, int]:
        """The host and port the server listens on."""
        assert self._server is not None, "the server has not started"
        host, port = self._server.sockets[0].getsockname()[:2]
        return str(host), int(port)

    async def close(self) -> None:
        """Stop listening, save the record of every game still running and
        every record not saved yet, and close every connection."""
        if self._server is not None:
            self._server.close()
        for table in self.tables.values():
            if table.abandoning is not None:
                table.abandoning.cancel()
            if table.state is not None and not table.saved:
                self._keep(table)
        for table in list(self.unsaved):
            self._write_unsaved(table)  # each one: a record that fails does not keep the others back
        for client in list(self.clients):
            client.closed = True
            client.writer.close()  # what is queued is sent first
        if self._tasks:
            _done, pending = await asyncio.wait(set(self._tasks), timeout=5)
            if pending:  # peers that do not read: cut them off
                for client in list(self.clients):
                    client.writer.transport.abort()
                await asyncio.wait(pending, timeout=5)
        if self._server is not None:
            # Last: from Python 3.12 on, wait_closed() waits for every
            # connection to close, so it would wait for ever before them.
            await self._server.wait_closed()

    # ------------------------------------------------------------------
    # A connection.

    async def _serve_client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        peer = writer.get_extra_info("peername")
        client = Client(writer=writer, peer=str(peer))
        try:
            # Every connection still open counts, those the server is
            # hanging up on too (they are in self.clients until closed).
            if len(self.clients) >= MAX_CLIENTS:
                if self._refusing >= MAX_REFUSING:  # a flood: no descriptor held a moment longer
                    client.closed = True
                    writer.transport.abort()
                    return
                self._refusing += 1
                try:
                    self._send(client, Refusal("TOO_MANY_CLIENTS", f"the server takes at most {MAX_CLIENTS} connections").reply())
                    client.closed = True
                    await _hang_up(reader, writer)  # the reply read, not lost to a reset by lines already sent
                finally:
                    self._refusing -= 1
                return
            self.clients.add(client)
            loop = asyncio.get_running_loop()
            # A command puts the idle deadline off; a blank line does not.
            deadline = None if self.idle_timeout is None else loop.time() + self.idle_timeout
            while not client.closed:
                try:
                    wait = None if deadline is None else max(0.0, deadline - loop.time())
                    line = await asyncio.wait_for(reader.readline(), wait)
                except ValueError:  # asyncio's LimitOverrunError: no newline within MAX_LINE bytes
                    if client.closed:  # closed by the server meanwhile: nothing more to say
                        break
                    self._send(client, Refusal("LINE_TOO_LONG", f"a line is at most {MAX_LINE} bytes; closing").reply())
                    self._gone(client)  # its last message: nothing more is sent while it hangs up
                    await _hang_up(reader, writer)
                    break
                except asyncio.TimeoutError:
                    if client.closed:
                        break
                    log.info("%s sent no command for %g s: disconnected", client.peer, self.idle_timeout)
                    self._send(client, Refusal("IDLE", f"no command for {self.idle_timeout:g} seconds; closing").reply())
                    self._gone(client)
                    await _hang_up(reader, writer)
                    break
                # The server may have closed this connection while the line
                # came in (a join with its seat's token replaced it, or it
                # was cut off for its backlog): the line is not carried out.
                # Nor is a last line the client closed the connection in
                # the middle of (no newline: a command may be cut short).
                if not line.endswith(b"\n") or client.closed:
                    break
                if self.idle_timeout is not None and line.strip(_JSON_SPACE_BYTES):
                    deadline = loop.time() + self.idle_timeout
                self._handle_line(client, line)
                try:
                    await asyncio.wait_for(writer.drain(), self.idle_timeout)
                except asyncio.TimeoutError:  # a peer that sends but does not read its replies
                    log.info("%s read no reply for %g s: disconnected", client.peer, self.idle_timeout)
                    client.closed = True
                    writer.transport.abort()
                    break
                # The other connections' turn (the idle timeout's wait yields
                # too, but not without one): lines already read are not all
                # answered before anyone else's.
                await asyncio.sleep(0)
        except ConnectionError as error:
            _forget(error)
        finally:
            self._gone(client)
            writer.close()  # what is still queued is sent first
            try:
                await asyncio.wait_for(writer.wait_closed(), 5)
            except Exception as error:  # a peer that never reads, or a connection already reset
                _forget(error)
                writer.transport.abort()
            except asyncio.CancelledError:
                writer.transport.abort()
                raise
            finally:
                self.clients.discard(client)  # its socket is closed (or aborted): it no longer counts
                self._tasks.discard(task)

    def _send(self, client: Client, message: dict[str, Any]) -> None:
        """Queue one message to ``client`` (ASCII JSON, one line); a client
        that lets too much pile up unread is cut off."""
        if client.closed or client.writer.is_closing():
            return
        client.writer.write(json.dumps(message, separators=(",", ":")).encode("ascii") + b"\n")
        if client.writer.transport.get_write_buffer_size() > MAX_BACKLOG:
            log.warning("%s reads too slowly: disconnected", client.peer)
            client.closed = True
            client.writer.transport.abort()

    def _handle_line(self, client: Client, line: bytes) -> None:
        """Answer one line: exactly one reply, then whatever it pushes."""
        try:
            request = _decode(line)
            if request is None:
                return  # a blank line
            command, body = request
            if command == "join":
                self._join(client, body)
            elif command == "act":
                self._act(client, body)
            elif command == "view":
                self._view(client, body)
            elif command == "look":
                self._look(client, body)
            else:
                self._leave(client, body)
        except Refusal as refusal:
            self._send(client, refusal.reply())
        except Exception:  # never let one client's line take the server down
            log.exception("internal error on a line from %s", client.peer)
            self._send(client, Refusal("INTERNAL", "the server failed on this command").reply())

    # ------------------------------------------------------------------
    # Commands.

    def _join(self, client: Client, body: dict[str, Any]) -> None:
        _fields(body, required=("table", "name"), optional=("seat", "token"))
        table_name, name = body["table"], body["name"]
        if not isinstance(table_name, str) or not _TABLE_NAME.match(table_name):
            raise Refusal("BAD_REQUEST", "table: a table name is 1 to 32 letters, digits, - and _")
        if not isinstance(name, str) or not name.strip() or len(name) > _MAX_NAME or not name.isprintable():
            raise Refusal("BAD_REQUEST", f"name: a name is 1 to {_MAX_NAME} printable characters")
        if name != name.strip():
            raise Refusal("BAD_REQUEST", "name: a name has no space at either end")
        if _invisible(name):
            raise Refusal("BAD_REQUEST", "name: a name starts with a character that shows, and holds no invisible filler such as U+3164")
        name = unicodedata.normalize("NFC", name)  # one name however its accents were typed
        if len(name) > _MAX_NAME:  # a few characters compose longer
            raise Refusal("BAD_REQUEST", f"name: a name is 1 to {_MAX_NAME} printable characters")
        seat, token = body.get("seat"), body.get("token")
        if client.table is not None:
            raise Refusal("ALREADY_JOINED", f"already at table {client.table.name}; leave it first")
        table = self._table(table_name)
        players = table.config.rules.players
        if seat is not None and (type(seat) is not int or not 0 <= seat < players):
            raise Refusal("BAD_REQUEST", f"seat: the seats are 0..{players - 1}")
        if token is not None and not isinstance(token, str):
            raise Refusal("BAD_REQUEST", "token: a token is a string")
        held = next((i for i, s in enumerate(table.seats) if s is not None and s.name == name), None)
        if held is not None:
            sitter = table.seats[held]
            assert sitter is not None
            if not table.started:  # the seat's player is connected: before the start a seat is freed on leaving
                raise Refusal("NAME_TAKEN", f"{name} is already at table {table.name}, connected")
            proven = token is not None and token.isascii() and secrets.compare_digest(token, sitter.token)
            if sitter.client is not None and not proven:
                raise Refusal("NAME_TAKEN", f"{name} is already at table {table.name}, connected")
            if not proven:
                raise Refusal("BAD_TOKEN", f"seat {held} is {name}'s: coming back to it needs the token of the first join")
            if seat is not None and seat != held:
                raise Refusal("SEAT_TAKEN", f"{name} holds seat {held}, not seat {seat}")
            if sitter.client is not None:  # the seat's token, from another connection: it takes the seat
                replaced = sitter.client
                replaced.table, replaced.seat, replaced.seen = None, None, None
                replaced.closed = True
                replaced.writer.close()  # what is queued is sent first, by a peer that reads in time
                asyncio.get_running_loop().call_later(_CLOSE_GRACE, replaced.writer.transport.abort)
                log.info("table %s: %s comes back on a new connection; the old one is closed", table.name, name)
            if table.abandoning is not None:
                table.abandoning.cancel()
                table.abandoning = None
            sitter.client = client
            self._seat(client, table, held)
            self._send(client, {"ok": {"table": table.name, "seat": held, "name": name, "token": sitter.token,
                                       "rejoined": True, "started": True}})
            log.info("table %s: %s is back at seat %d", table.name, name, held)
            self._push_table(table)
            self._push_view(client)
            return
        if token is not None:
            # A token is for coming back to a seat held since its game
            # started: that game has closed (abandoned, or its place taken),
            # or this name never held a seat here.  No new seat is taken
            # on its strength: the client is told.
            raise Refusal("BAD_TOKEN", f"no seat at table {table.name} is held by {name}: the game of that token "
                                       "has closed; join without a token for a new seat")
        if table.state is not None and table.state.is_over:
            raise Refusal("TABLE_FULL", f"the game at table {table.name} is over; the table opens again once its "
                                        "players have left")
        if table.started:
            raise Refusal("TABLE_FULL", f"the game at table {table.name} has started: every seat is taken")
        if seat is None:
            seat = next((i for i, s in enumerate(table.seats) if s is None), None)
            if seat is None:  # unreachable: the game starts once the seats for people are taken
                raise Refusal("TABLE_FULL", f"table {table.name} is full")
        elif table.seats[seat] is not None:
            raise Refusal("SEAT_TAKEN", f"seat {seat} at table {table.name} is taken")
        if any(s is not None and _look_alike(s.name) == _look_alike(name) for s in table.seats):
            raise Refusal("NAME_TAKEN", f"a name that looks like {name} is at table {table.name}: "
                                        "names at a table differ in more than case, width and variation selectors")
        if self.tables.get(table.name) is not table:
            self._make_room()  # a new table: close one no one is at, if the tables are all open
        sitter = Sitter(name=name, token=secrets.token_urlsafe(16), client=client)
        table.seats[seat] = sitter
        self.tables[table.name] = table
        self._seat(client, table, seat)
        humans = sum(s is not None for s in table.seats)
        started = humans >= table.config.humans
        self._send(client, {"ok": {"table": table.name, "seat": seat, "name": name, "token": sitter.token,
                                   "rejoined": False, "started": started}})
        log.info("table %s: %s takes seat %d", table.name, name, seat)
        if started:
            self._start(table)
        else:
            self._push_table(table)

    def _act(self, client: Client, body: dict[str, Any]) -> None:
        _fields(body, required=(), optional=("text", "action"))
        if ("text" in body) == ("action" in body):
            raise Refusal("BAD_REQUEST", 'act: give either "text" or "action"')
        table, seat, state = self._playing(client)
        if "text" in body:
            text = body["text"]
            if not isinstance(text, str) or len(text) > _MAX_TEXT:
                raise Refusal("BAD_REQUEST", f"text: a move's text is a string of at most {_MAX_TEXT} characters")
            try:
                # Whose turn, the phase, the text, the rules: in that order.
                action = state.parse_action(text, seat=seat)
            except IllegalActionError as error:
                raise _refusal_of(error) from None
            except ParseError as error:
                raise Refusal("BAD_INPUT", str(error)) from None
        else:
            out_of_turn = state.turn_error(seat)  # whose turn first, as parse_action checks it: then the JSON
            if out_of_turn is not None:
                raise _refusal_of(out_of_turn)
            try:
                action = action_from_dict(body["action"], state.rules)
            except SpadesError as error:
                raise Refusal("BAD_ACTION", f"action: {error}") from None
            refused = state.explain(action, seat=seat)
            if refused is not None:
                raise _refusal_of(refused)
        if action == Bid.DOUBLE_NIL and table.has_looked(seat) and not double_nil_forced(state.legal_actions()):
            rule = "T-6" if state.rules.is_draft else "P-6"
            raise _refusal_of(IllegalActionError(
                Reason.DOUBLE_NIL_NOT_ALLOWED, f"seat {seat} has looked at its cards: no Double Nil this hand", rule))
        table.state = state.apply(action, seat=seat)
        table.acted = True
        table.empty_since = None  # a person's move: the table's place is kept for room_after once it is empty
        self._send(client, {"ok": {"action": action_to_dict(action), "text": str(action)}})
        self._moved(table)

    def _view(self, client: Client, body: dict[str, Any]) -> None:
        _fields(body, required=(), optional=())
        self._playing(client)
        self._send(client, {"ok": {}})
        self._push_view(client)

    def _look(self, client: Client, body: dict[str, Any]) -> None:
        _fields(body, required=(), optional=())
        table, seat, state = self._playing(client)
        # A look counts once it shows a card: the two-player second player
        # holds none before its first draft turn, and keeps its Double Nil
        # (T-6) through a look then.
        shown = seat_view(state, seat)
        if shown.hand or shown.top_of_stock is not None:
            table.looked[seat] = state.hand_number
        self._send(client, {"ok": {}})
        self._push_view(client)

    def _leave(self, client: Client, body: dict[str, Any]) -> None:
        _fields(body, required=(), optional=())
        if client.table is None:
            raise Refusal("NOT_JOINED", "not at a table")
        self._send(client, {"ok": {}})
        self._away(client)

    # ------------------------------------------------------------------
    # Tables.

    def _table(self, name: str) -> Table:
        """The open table called ``name``, or a new one (not yet kept: when
        it is, :meth:`_make_room` makes room for it)."""
        table = self.tables.get(name)
        if table is not None:
            return table
        if self.configs is not None:
            config = self.configs.get(name)
            if config is None:
                raise Refusal("NO_SUCH_TABLE", f"no table {name}; the tables are {', '.join(sorted(self.configs))}")
        else:
            config = self.default
            if len(self.tables) >= self.max_tables and not self._unattended():
                raise Refusal("TOO_MANY_TABLES", f"at most {self.max_tables} tables are open at once, and each "
                                                 "has a person connected or a game a person left a moment ago")
        return Table(name=name, config=config, seats=[None] * config.rules.players)

    def _unattended(self) -> list[Table]:
        """The open tables where no person is connected (each a started
        game waiting for its players: other tables close when their last
        person goes) that may give their place to a new table, in the order
        they do: those in which no person has moved (nothing is lost), then
        those left empty for ``room_after`` seconds since a person's last
        move (:attr:`Table.empty_since`), the one empty for the longest first."""
        now = asyncio.get_running_loop().time()

        def since(table: Table) -> float:
            return now if table.empty_since is None else table.empty_since

        empty = [
            table for table in self.tables.values()
            if not table.clients() and (not table.acted or now - since(table) >= self.room_after)
        ]
        return sorted(empty, key=lambda table: (table.acted, since(table)))

    def _make_room(self) -> None:
        """Before a new table opens on demand: while ``max_tables`` are
        open, close the first of :meth:`_unattended` (as if it had been
        abandoned).  A table someone is connected to stays, and so does a
        game a person has moved in, for ``room_after`` seconds after its
        last person goes."""
        if self.configs is not None:
            return  # the tables there are, named on the command line: no limit
        while len(self.tables) >= self.max_tables:
            unattended = self._unattended()
            if not unattended:  # _table has refused the join already
                raise Refusal("TOO_MANY_TABLES", f"at most {self.max_tables} tables are open at once")
            table = unattended[0]
            log.info("table %s: no one is connected and a new table needs its place; the table closes", table.name)
            self._close_unattended(table)

    def _seat(self, client: Client, table: Table, seat: int) -> None:
        client.table, client.seat, client.seen = table, seat, None

    def _playing(self, client: Client) -> tuple[Table, int, GameState]:
        """The client's table, seat and the table's state, for a command
        that needs a game under way."""
        table, seat = client.table, client.seat
        if table is None or seat is None:
            raise Refusal("NOT_JOINED", "join a table first")
        if table.state is None:
            joined = sum(s is not None for s in table.seats)
            raise Refusal("NOT_STARTED", f"the game starts when {table.config.humans} players have joined "
                                         f"({joined} so far)")
        return table, seat, table.state

    def _start(self, table: Table) -> None:
        """Deal the game with a fresh secret seed; bots take the empty seats."""
        table.bots = frozenset(i for i, s in enumerate(table.seats) if s is None)
        table.state = spades.new_game(table.config.rules, seed=secrets.randbits(64))
        log.info("table %s: the game starts (bots at seats %s)", table.name, sorted(table.bots) or "none")
        self._play_bots(table)
        self._push_table(table)
        for client in table.clients():
            self._push_view(client)

    def _moved(self, table: Table) -> None:
        """After a move: the bots' moves, the record if the game is over,
        then each client's events; and a game that has played
        :attr:`max_hands` hands without ending closes."""
        self._play_bots(table)
        for client in table.clients():
            self._push_events(client)
        state = table.state
        if state is not None and not state.is_over and len(state.sheet) >= self.max_hands:
            self._close_at_limit(table)

    def _close_at_limit(self, table: Table) -> None:
        """The game has played :attr:`max_hands` hands and goes on: its
        record is saved (unfinished), each client at the table is told and
        is no longer at it (its connection stays open), and the table closes."""
        log.warning("table %s: the game has played %d hands, the most this server plays; the table closes",
                    table.name, self.max_hands)
        message = {"closed": {"table": table.name, "reason": "MAX_HANDS",
                              "message": f"the game has played {self.max_hands} hands, the most this server plays: "
                                         "the table closes, its record saved as unfinished"}}
        clients = table.clients()
        for client in clients:
            self._send(client, message)
        self._save(table)
        for sitter in table.seats:
            if sitter is not None:
                sitter.client = None
        for client in clients:
            self._off_table(client)
        self._drop(table)

    def _play_bots(self, table: Table) -> None:
        state = table.state
        assert state is not None
        while (seat := state.turn) is not None and seat in table.bots:
            state = state.apply(simple_bot(seat_view(state, seat), table.rng), seat=seat)
        table.state = state
        if state.is_over and not table.saved:
            self._save(table)

    def _away(self, client: Client) -> None:
        """The client is no longer at its table (it left, or disconnected):
        before the start its seat is free again; after it, the seat waits
        for the same name to come back."""
        table, seat = client.table, client.seat
        self._off_table(client)
        if table is None or seat is None:
            return
        sitter = table.seats[seat]
        assert sitter is not None
        if table.started:
            sitter.client = None
            log.info("table %s: %s (seat %d) is away", table.name, sitter.name, seat)
        else:
            table.seats[seat] = None
            log.info("table %s: %s leaves seat %d", table.name, sitter.name, seat)
        empty = table.clients() == []
        if empty and (not table.started or (table.state is not None and table.state.is_over)):
            self._drop(table)  # a table no one is at, not started or finished
            return
        if empty and table.empty_since is None:
            table.empty_since = asyncio.get_running_loop().time()
        if empty and self.abandon_after is not None and table.abandoning is None:
            table.abandoning = asyncio.get_running_loop().call_later(self.abandon_after, self._abandon, table)
        self._push_table(table)

    def _abandon(self, table: Table) -> None:
        """No one has come back to a started game in time: its record is
        saved (unfinished) and the table closes."""
        table.abandoning = None
        if table.clients():
            return
        log.info("table %s: no one has come back; the table closes", table.name)
        self._close_unattended(table)

    def _close_unattended(self, table: Table) -> None:
        """Close a table no person is connected to: the record of its game,
        if not saved yet, is saved (tagged unfinished if it is)."""
        if table.state is not None and not table.saved:
            self._save(table)
        self._drop(table)

    def _drop(self, table: Table) -> None:
        """The table is no longer open (its name may host a new game)."""
        if table.abandoning is not None:
            table.abandoning.cancel()
            table.abandoning = None
        if self.tables.get(table.name) is table:
            del self.tables[table.name]

    def _off_table(self, client: Client) -> None:
        """The client is at no table: nor is a table message waiting for it
        sent (the table it tells of is not the client's any more)."""
        client.table, client.seat, client.seen = None, None, None
        client.table_message = None
        if client.table_timer is not None:
            client.table_timer.cancel()
            client.table_timer = None

    def _gone(self, client: Client) -> None:
        """The connection is closing: nothing more is sent to it, and it is
        no longer at its table.  (It leaves :attr:`clients` only once its
        socket is closed.)"""
        client.closed = True
        self._away(client)

    # ------------------------------------------------------------------
    # What each client is sent.

    def _push_table(self, table: Table) -> None:
        seats = []
        for i, sitter in enumerate(table.seats):
            seats.append({"seat": i, "player": None if sitter is None else sitter.name, "bot": i in table.bots,
                          "connected": sitter is not None and sitter.client is not None})
        message = {"table": {"name": table.name, "humans": table.config.humans, "started": table.started,
                             "seats": seats}}
        for client in table.clients():
            self._send_table(client, message)

    def _send_table(self, client: Client, message: dict[str, Any]) -> None:
        """Send a table message, which says all there is to know of the
        seats: to a client with much unread, only the latest is sent, once
        it reads (joins and leaves at its table cannot fill its backlog)."""
        if client.table_timer is None and client.writer.transport.get_write_buffer_size() <= _TABLE_BACKLOG:
            self._send(client, message)
            return
        client.table_message = message
        if client.table_timer is None:
            client.table_timer = asyncio.get_running_loop().call_later(_TABLE_RETRY, self._flush_table, client)

    def _flush_table(self, client: Client) -> None:
        """Try again to send the latest table message kept for ``client``."""
        client.table_timer = None
        message, client.table_message = client.table_message, None
        if message is not None and not client.closed and client.table is not None:
            self._send_table(client, message)

    def _push_view(self, client: Client) -> None:
        """Send the seat's view: sealed unless the seat has looked at its
        cards this hand (P-6, T-6)."""
        table, seat = client.table, client.seat
        assert table is not None and table.state is not None and seat is not None
        state = table.state
        self._send(client, {"view": to_dict(seat_view(state, seat, sealed=not table.has_looked(seat)))})
        client.seen = state

    def _push_events(self, client: Client) -> None:
        table, seat = client.table, client.seat
        assert table is not None and table.state is not None and seat is not None
        state = table.state
        if client.seen is None:
            self._push_view(client)
            return
        news = events(client.seen, state, seat, sealed=not table.has_looked(seat))
        if news:
            self._send(client, {"events": [event_to_dict(event) for event in news]})
        client.seen = state

    # ------------------------------------------------------------------
    # Records.

    def _save(self, table: Table) -> None:
        """Save the table's record (see :meth:`_write`, and :meth:`_keep`
        for the records not saved at all).  A failure is logged and the
        record kept in :attr:`unsaved`: the game goes on, and the record is
        written at the next save of any table (after that table's own) or
        as the server stops.  Beyond ``MAX_UNSAVED`` records kept, the
        oldest is dropped (logged)."""
        if not self._keep(table):
            return
        if self._write_unsaved(table):
            # The records directory works again: the ones kept waiting
            # too, oldest first, each one (one that fails keeps the others
            # back no more than it would at the server's stop).
            for waiting in list(self.unsaved):
                self._write_unsaved(waiting)
        while len(self.unsaved) > MAX_UNSAVED:
            oldest = next(iter(self.unsaved))
            del self.unsaved[oldest]
            log.error("table %s: the record is dropped, never saved: %d records wait to be saved, the most kept",
                      oldest.name, MAX_UNSAVED)

    def _keep(self, table: Table) -> bool:
        """Put the table's record among those to save (:attr:`unsaved`);
        whether it is.  That of a game closed unfinished is not if no
        person made a move in it, nor beyond ``max_unfinished`` of them."""
        assert table.state is not None
        if not table.state.is_over and table not in self.unsaved:
            if not table.acted:
                log.info("table %s: no person made a move; no record is saved", table.name)
                return False
            if self.unfinished >= self.max_unfinished:
                log.warning("table %s: the record of the unfinished game is dropped: this run has saved "
                            "%d such records, the most it saves (--max-unfinished)", table.name, self.unfinished)
                return False
            self.unfinished += 1
        try:
            self.unsaved[table] = self._record(table)
        except SpadesError as error:  # not a record this library can hold (a game beyond its size)
            log.error("table %s: no record can be made of the game, none is saved: %s", table.name, error)
            return False
        return True

    def _record(self, table: Table) -> Record:
        """The record of the table's game as it stands, with its tags."""
        assert table.state is not None
        played = Record.of_state(table.state)
        tags = [("Table", table.name)]
        for seat, sitter in enumerate(table.seats):
            tags.append((f"Seat{seat}", "bot" if sitter is None else sitter.name))
        # The bots' seats, apart: a person may be called "bot" too.
        tags.append(("Bots", " ".join(map(str, sorted(table.bots))) or "-"))
        if not table.state.is_over:
            tags.append(("Status", "unfinished"))
        return Record(rules=played.rules, seed=played.seed, actions=played.actions, tags=tags)

    def _write_unsaved(self, table: Table) -> bool:
        """Write the table's record waiting in :attr:`unsaved`; whether it
        was (else the failure is logged and the record stays)."""
        try:
            table.saved = self._write(table.name, self.unsaved[table])
        except OSError as error:
            log.error("table %s: the record could not be saved (kept, to try again): %s", table.name, error)
            return False
        del self.unsaved[table]
        log.info("table %s: record saved as %s and %s", table.name, *table.saved)
        return True

    def _write(self, name: str, record: Record) -> tuple[Path, Path]:
        """Write ``record`` as ``NAME.json`` and ``NAME.txt`` (the first of
        ``NAME``, ``NAME-2``, ... whose files are not there, from the one
        after the last this server saved), never over an
        existing file: each is written whole to a temporary file in the
        records directory first, then linked to its name, the ``.json``
        then the ``.txt``, which the ``.json`` does not outlast.  On a
        failure (an OSError) neither file is left, nor the temporaries."""
        self.records.mkdir(parents=True, exist_ok=True)
        texts = {".json": to_json(record, indent=1) + "\n", ".txt": record.to_text()}
        temporaries: dict[str, Path] = {}
        try:
            for suffix, text in texts.items():
                # A hidden name of its own, made with "x": no other file is touched.
                temporary = self.records / f".{name}.{secrets.token_hex(8)}{suffix}.tmp"
                temporaries[suffix] = temporary
                with open(temporary, "x", encoding="utf-8") as out:
                    out.write(text)  # a write (or the close) that fails raises: nothing has the name yet
            number = self._numbers.get(name, 1)
            while True:
                stem = name if number == 1 else f"{name}-{number}"
                paths = (self.records / f"{stem}.json", self.records / f"{stem}.txt")
                number += 1
                try:
                    os.link(temporaries[".json"], paths[0])  # FileExistsError rather than overwrite
                except FileExistsError:
                    continue
                try:
                    os.link(temporaries[".txt"], paths[1])
                except OSError as error:  # not the .json without its twin
                    with suppress(OSError):
                        paths[0].unlink()
                    if isinstance(error, FileExistsError):  # a text record without its JSON twin: leave it be
                        continue
                    raise
                self._numbers[name] = number  # the one after
                return paths
        finally:
            for temporary in temporaries.values():
                with suppress(OSError):
                    temporary.unlink()


def _forget(error: BaseException) -> None:
    """Cut a connection's error from where it was raised: its stream keeps
    it, and its traceback (or the error it was raised while handling) keeps
    the frames that hold the stream, a cycle that only Python's rare full
    collection would free, the lines last read inside it."""
    error.__traceback__ = None
    error.__context__ = None
    error.__cause__ = None


async def _hang_up(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """Close a connection whose peer may still be sending: send what is
    queued and the end of the stream, then read and drop what comes for a
    moment, so that the peer gets the last reply rather than a reset."""

    async def drop() -> None:
        dropped = 0
        while dropped < 16 * MAX_LINE and (chunk := await reader.read(MAX_LINE)):
            dropped += len(chunk)

    try:
        await asyncio.wait_for(writer.drain(), 2)
        if writer.can_write_eof():
            writer.write_eof()
        await asyncio.wait_for(drop(), 2)
    except (asyncio.TimeoutError, ConnectionError, OSError):
        pass


# Printable characters that show nothing, alone or after another: the
# Hangul fillers, the blank Braille pattern, the combining grapheme joiner,
# the Khmer inherent vowels, the Mongolian variation selectors, the Khitan
# small script filler and the musical null notehead.  A name holding one
# looks like the name without it.
_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5\u180b\u180c\u180d\u180f"
                    "\U00016fe4\U0001d159")


def _invisible(name: str) -> bool:
    """Whether ``name`` (printable, no space at either end) could look like
    another name or like nothing: it holds a blank-looking character
    (:data:`_BLANKS`), or starts with a combining mark, which shows only
    on the character before it."""
    return not _BLANKS.isdisjoint(name) or unicodedata.category(name[0]).startswith("M")


# The variation selectors (U+FE00 to U+FE0F, U+E0100 to U+E01EF): after a
# character they choose how it is drawn (an emoji or a text heart), after a
# letter they show nothing.  Two names that differ only by them look alike.
_SELECTORS = dict.fromkeys([*range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)])


def _look_alike(name: str) -> str:
    """What two names that look alike share: the name without its
    variation selectors and with the case and width of its letters and
    digits folded: Unicode's compatibility caseless match (definition
    D146, ``NFKD(casefold(NFKD(casefold(NFD(name)))))``, which also makes
    ``ΐ`` and its capital ``Ϊ́``, ``ῷ`` and its title case ``ῼ͂`` one), so
    that ``Alice``, ``alice``, ``alice`` with a selector after it and the
    full-width ``ａｌｉｃｅ`` are one."""
    folded = unicodedata.normalize("NFD", name.translate(_SELECTORS)).casefold()
    return unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", folded).casefold())


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key {_shown(key)}")
        out[key] = value
    return out


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _whole_number(digits: str) -> int:
    """A whole number of a client's JSON, of at most ``_MAX_DIGITS`` digits
    (Python reads no more than a few thousand)."""
    if len(digits) - digits.startswith("-") > _MAX_DIGITS:
        raise Refusal("BAD_REQUEST", f"a number of too many digits (at most {_MAX_DIGITS})")
    return int(digits)


def _nested_too_deeply(value: object) -> bool:
    """Whether ``value`` nests arrays and objects more than ``_MAX_DEPTH``
    deep: walked level by level, not by recursion."""
    level = [value]
    for _ in range(_MAX_DEPTH):
        inner: list[object] = []
        for item in level:
            if isinstance(item, dict):
                inner.extend(item.values())
            elif isinstance(item, list):
                inner.extend(item)
        level = inner
    # What is left is inside _MAX_DEPTH arrays or objects: one more is too many.
    return any(isinstance(item, (dict, list)) for item in level)


def _decode(line: bytes) -> tuple[str, dict[str, Any]] | None:
    """The command and its body, ``None`` for a blank line; else a
    :class:`Refusal`."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as error:
        raise Refusal("BAD_UTF8", f"the line is not UTF-8 (byte {error.start})") from None
    if not text.strip(_JSON_SPACE):  # JSON's own white space only: other characters are not JSON
        return None
    try:
        request = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constants,
                             parse_int=_whole_number)
    except RecursionError:
        raise Refusal("BAD_JSON", "not JSON this server reads: nested too deeply") from None
    except ValueError as error:  # JSONDecodeError is a ValueError
        raise Refusal("BAD_JSON", f"not JSON: {str(error)[:100]}") from None
    if _nested_too_deeply(request):
        raise Refusal("BAD_JSON", "not JSON this server reads: nested too deeply")
    if not isinstance(request, dict):
        raise Refusal("BAD_REQUEST", f"a command is a JSON object, got {_json_kind(request)}")
    if len(request) != 1:
        raise Refusal("BAD_REQUEST", f"a command is an object with one key: {', '.join(_COMMANDS)}")
    command, body = next(iter(request.items()))
    if command not in _COMMANDS:
        raise Refusal("UNKNOWN_COMMAND", f"unknown command {_shown(command)}; the commands are {', '.join(_COMMANDS)}")
    if not isinstance(body, dict):
        raise Refusal("BAD_REQUEST", f"{command}: expected an object, got {_json_kind(body)}")
    return command, body


def _fields(body: dict[str, Any], *, required: Sequence[str], optional: Sequence[str]) -> None:
    missing = [name for name in required if name not in body]
    unknown = [name for name in body if name not in required and name not in optional]
    if missing:
        raise Refusal("BAD_REQUEST", f"missing field {missing[0]!r}")
    if unknown:
        raise Refusal("BAD_REQUEST", f"unknown field {_shown(unknown[0])}")


async def serve(host: str = "127.0.0.1", port: int = 0, **options: Any) -> TableServer:
    """A started :class:`TableServer` (``options`` as its constructor's)."""
    server = TableServer(**options)
    await server.start(host, port)
    return server


# ----------------------------------------------------------------------
# The command line.


def _plain_text(rst: str) -> str:
    """This module's reStructuredText as plain text for ``--help``."""
    text = re.sub(r":\w+:`~?([^`]*)`", r"\1", rst).replace("``", "").replace("**", "")
    return re.sub(r"::$", ":", text, flags=re.M)


def _option_number(least: int) -> Callable[[str], int]:
    """A reader of a whole number of ``least`` or more, in the digits 0
    to 9 (not ``int()``'s other digits, underscores or plus sign), for the
    command line."""
    def read(text: str) -> int:
        digits = text.strip()
        if not re.fullmatch(r"-?[0-9]{1,30}", digits) or int(digits) < least:
            raise argparse.ArgumentTypeError(f"a whole number, {least} or more, not {text[:40]!r}")
        return int(digits)

    return read


def _parser() -> argparse.ArgumentParser:
    doc = __doc__ or ""
    about = doc[doc.index("The server hosts") : doc.index("The protocol")].strip()
    parser = argparse.ArgumentParser(
        prog="table_server.py",
        description=_plain_text(doc.split("\n", 1)[0] + "\n\n" + about),
        epilog=_plain_text(doc[doc.index("The protocol") : doc.index("In a test")].rstrip()),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--host", default="127.0.0.1", help="a loopback address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=7000, help="the port (default 7000; 0: any free port)")
    parser.add_argument("--rules", default="partnership", choices=sorted(spades.PRESETS),
                        help="the rules preset of every table (default partnership)")
    parser.add_argument("--target", type=int, help="points to win (the preset's by default)")
    parser.add_argument("--losing-floor", type=int, help="a side at or below this score loses (rule V-1)")
    parser.add_argument("--humans", type=int,
                        help="seats for people at each table (default: every seat); bots play the others")
    parser.add_argument("--table", action="append", metavar="NAME[:HUMANS]",
                        help="a table there is (repeatable, each name once); without any, a table opens on "
                             "the first join of its name")
    parser.add_argument("--max-tables", type=_option_number(1), default=MAX_TABLES, metavar="N",
                        help=f"tables open at once when they open on demand (default {MAX_TABLES}); when that many "
                             "are open, a new one takes the place of one no person is connected to (see "
                             "--room-after)")
    parser.add_argument("--idle-timeout", type=float, default=IDLE_TIMEOUT, metavar="SECONDS",
                        help=f"close a connection that sends no command for this long (default {IDLE_TIMEOUT:g}; "
                             "0: never); a blank line is no command")
    parser.add_argument("--room-after", type=float, default=ROOM_AFTER, metavar="SECONDS",
                        help="a started game in which a person has moved keeps its place among --max-tables for "
                             f"this long after its last person goes (default {ROOM_AFTER:g})")
    parser.add_argument("--abandon-after", type=float, default=ABANDON_AFTER, metavar="SECONDS",
                        help="close a started game when no person is connected for this long "
                             f"(default {ABANDON_AFTER:g}; 0: never)")
    parser.add_argument("--records", type=Path, default=Path("records"),
                        help="where games' records are saved (default ./records)")
    parser.add_argument("--max-unfinished", type=_option_number(0), default=MAX_UNFINISHED, metavar="N",
                        help="the most records of games closed unfinished that one run saves "
                             f"(default {MAX_UNFINISHED}); those of games in which no person made a move "
                             "are never saved")
    parser.add_argument("--max-hands", type=_option_number(1), default=MAX_HANDS, metavar="N",
                        help=f"the most hands a game plays (default {MAX_HANDS}, at most {_MOST_HANDS}): a game "
                             "still going then closes, its record saved as unfinished")
    parser.add_argument("--quiet", action="store_true", help="log only warnings")
    return parser


def _options(args: argparse.Namespace) -> dict[str, Any]:
    """The :class:`TableServer` options of the command line (SpadesError or
    ValueError for bad ones)."""
    changes = {}
    if args.target is not None:
        changes["target"] = args.target
    if args.losing_floor is not None:
        changes["losing_floor"] = args.losing_floor
    rules = Rules.preset(args.rules, **changes)
    for flag, seconds in (("--idle-timeout", args.idle_timeout), ("--abandon-after", args.abandon_after),
                          ("--room-after", args.room_after)):
        if not 0 <= seconds < float("inf"):
            raise ValueError(f"{flag} is a number of seconds, 0 or more, not {seconds}")
    if args.max_hands > _MOST_HANDS:
        raise ValueError(f"--max-hands is at most {_MOST_HANDS}, not {args.max_hands}")
    humans = rules.players if args.humans is None else args.humans
    default = TableConfig(rules, humans)
    tables = None
    if args.table:
        tables = {}
        for spec in args.table:
            name, _, count = spec.partition(":")
            if not _TABLE_NAME.match(name):
                raise ValueError(f"--table {spec}: a table name is 1 to 32 letters, digits, - and _")
            if name in tables:
                raise ValueError(f"--table {spec}: table {name} is named twice")
            tables[name] = TableConfig(rules, int(count)) if count else default
    return {"rules": rules, "humans": humans, "tables": tables, "records": args.records, "max_tables": args.max_tables,
            "idle_timeout": args.idle_timeout or None, "abandon_after": args.abandon_after or None,
            "max_unfinished": args.max_unfinished, "room_after": args.room_after, "max_hands": args.max_hands}


def _enough_descriptors() -> None:
    """Raise this process' soft limit of open files to what the server may
    hold at once (its connections, those it is refusing, the records it
    writes and a margin), as far as the hard limit allows; a warning if
    that is not enough.  A common soft limit, 1024, is below it."""
    try:
        import resource
    except ImportError:  # not on every platform
        return
    need = MAX_CLIENTS + MAX_REFUSING + 64
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft >= need:
        return
    raised = need if hard == resource.RLIM_INFINITY else min(need, hard)
    with suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
        soft = raised
    if soft < need:
        log.warning("at most %d files may be open (ulimit -n), fewer than the %d the server may need", soft, need)


async def _run(options: dict[str, Any], host: str, port: int) -> None:
    server = TableServer(**options)
    await server.start(host, port)
    shown_host, shown_port = server.address
    where = f"[{shown_host}]" if ":" in shown_host else shown_host
    print(f"listening on {where}:{shown_port}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with suppress(NotImplementedError, RuntimeError):  # not on every platform
            loop.add_signal_handler(signum, stop.set)
    try:
        await stop.wait()
    finally:
        await server.close()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the server until interrupted (Ctrl-C or SIGTERM)."""
    parser = _parser()
    args = parser.parse_args(argv)
    if not 0 <= args.port <= 65535:
        parser.error(f"--port must be from 0 to 65535, not {args.port}")
    if not _is_loopback(args.host):
        parser.error(f"--host must be a loopback address (127.0.0.1, ::1), not {args.host!r}")
    try:
        options = _options(args)
    except (SpadesError, ValueError) as error:
        parser.error(str(error))
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO, format="%(asctime)s %(message)s")
    _enough_descriptors()
    try:
        asyncio.run(_run(options, args.host, args.port))
    except KeyboardInterrupt:
        pass
    except OSError as error:  # the port is taken...
        print(f"table_server: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
