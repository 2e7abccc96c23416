"""The table server of ``examples/table_server.py``, driven by real clients.

Each test starts the server in-process on 127.0.0.1 with an ephemeral port
and talks to it over TCP with ``asyncio.open_connection``, one JSON object
per line, as any client would.  Games use a low target and a losing floor
(V-1) so that they end in a few hands.  Every wait is bounded.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import json
import os
import random
import re
import socket
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

import spades
from spades import Bid, Card, Phase, Record, Rules, SeatView, seat_view
from spades.bots import estimate_bid
from spades.events import HandStarted, advance
from spades.serial import action_to_dict, event_from_dict, record_from_json, view_from_dict
from _forgery import plain_dict

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "table_server.py"
# A socket left open (by the server or by a test's client) fails the test
# whose collection finds it, rather than warning unseen.
pytestmark = [
    pytest.mark.filterwarnings("error::ResourceWarning"),
    pytest.mark.filterwarnings("error::pytest.PytestUnraisableExceptionWarning"),
]

TIMEOUT = 10.0  # one message
TEST_TIMEOUT = 25.0  # one whole test
SHORT = Rules.partnership(target=100, losing_floor=-100)


def _load() -> Any:
    spec = importlib.util.spec_from_file_location("table_server_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


ts: Any = _load()


_OPENED: list[Player | socket.socket] = []
"""The client connections the running test has opened (see :func:`run`)."""


def run(body: Callable[[], Awaitable[None]]) -> None:
    """Run one test's body in a fresh event loop, bounded in time; then
    close every client connection it opened and left open (a test that
    fails half way, or has no need to close its clients, leaves no
    unclosed socket behind to warn in a later test)."""

    async def bounded() -> None:
        try:
            await asyncio.wait_for(body(), TEST_TIMEOUT)
        finally:
            opened = list(_OPENED)
            _OPENED.clear()
            for client in opened:
                if isinstance(client, socket.socket):
                    client.close()
                elif not client.writer.is_closing():
                    await client.close()

    asyncio.run(bounded())


def read_view(document: dict[str, Any]) -> SeatView:
    """A view document the server sent, read as a client reads it: the
    library's own view, which reads back exactly."""
    view = view_from_dict(document)
    assert plain_dict(view) == document
    return view


class Player:
    """A client: its connection, and what it has been sent.  It keeps its
    view up to date from the pushed events (spades.events.advance), as a
    real client would: sealed while its seat has not looked at its cards
    this hand, and without Double Nil once it has."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        _OPENED.append(self)
        self.view: SeatView | None = None
        self.table: dict[str, Any] | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.messages: list[dict[str, Any]] = []
        self.views = 0
        self.looks = 0
        self.looked = False
        """Whether the seat has looked at its cards this hand (or may as
        well have: its view is not sealed)."""

    @classmethod
    async def connect(cls, server: Any) -> Player:
        host, port = server.address
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), TIMEOUT)
        return cls(reader, writer)

    async def send_raw(self, data: bytes) -> None:
        self.writer.write(data)
        await self.writer.drain()

    async def send(self, message: object) -> None:
        await self.send_raw(json.dumps(message).encode() + b"\n")

    async def next(self) -> dict[str, Any]:
        """The next message, pushes taken into account."""
        line = await asyncio.wait_for(self.reader.readline(), TIMEOUT)
        assert line.endswith(b"\n"), f"the connection closed: {line!r}"
        message: dict[str, Any] = json.loads(line)
        assert isinstance(message, dict) and len(message) == 1
        self.messages.append(message)
        if "view" in message:
            self.view = read_view(message["view"])
            self.views += 1
            self.looked = not self.view.sealed
        elif "events" in message:
            assert self.view is not None, "events before any view"
            happened = [event_from_dict(event, self.view.rules) for event in message["events"]]
            if any(type(event) is HandStarted for event in happened):
                self.looked = False  # a new hand: not looked at yet
            self.view = advance(self.view, happened, sealed=not self.looked)
        elif "table" in message:
            self.table = message["table"]
        elif "closed" in message:
            self.table = None
        else:
            assert set(message) <= {"ok", "error"}, message
        return message

    async def reply(self) -> dict[str, Any]:
        """Read up to the reply to the last command (ok or error)."""
        while True:
            message = await self.next()
            if "ok" in message or "error" in message:
                return message

    async def request(self, message: object) -> dict[str, Any]:
        await self.send(message)
        return await self.reply()

    async def request_raw(self, line: bytes) -> dict[str, Any]:
        await self.send_raw(line)
        return await self.reply()

    async def refused(self, message: object) -> dict[str, Any]:
        """Send ``message``; it must be refused: the error's fields."""
        answer = await self.request(message)
        assert "error" in answer, answer
        error: dict[str, Any] = answer["error"]
        assert set(error) == {"reason", "rule", "message"}
        return error

    async def join(self, table: str, name: str, **extra: object) -> dict[str, Any]:
        self.view = None  # the view of a table left before is no longer this client's
        answer = await self.request({"join": {"table": table, "name": name, **extra}})
        assert "ok" in answer, answer
        ok: dict[str, Any] = answer["ok"]
        self.seat, self.token = ok["seat"], ok["token"]
        return ok

    async def act(self, action: spades.Action, *, as_json: bool) -> None:
        """Make a legal move; the events it causes come right after the ok."""
        body = {"action": action_to_dict(action)} if as_json else {"text": str(action)}
        answer = await self.request({"act": body})
        assert "ok" in answer, answer
        assert answer["ok"]["action"] == action_to_dict(action)
        assert "events" in await self.next()

    async def look(self) -> SeatView:
        """Look at the seat's cards: the view comes right after the ok."""
        assert (await self.request({"look": {}})) == {"ok": {}}
        assert "view" in await self.next()
        assert self.view is not None and not self.view.sealed
        self.looks += 1
        return self.view

    async def until(self, done: Callable[[SeatView], bool]) -> SeatView:
        """Read pushes until the view satisfies ``done``."""
        while self.view is None or not done(self.view):
            await self.next()
        return self.view

    async def close(self) -> None:
        self.writer.close()
        try:
            await asyncio.wait_for(self.writer.wait_closed(), TIMEOUT)
        except (ConnectionError, OSError):
            pass


async def start(tmp_path: Path, **options: Any) -> Any:
    server = ts.TableServer(records=tmp_path / "records", **options)
    await server.start("127.0.0.1", 0)
    host, port = server.address
    assert host == "127.0.0.1" and port > 0
    assert all(sock.getsockname()[0] == "127.0.0.1" for sock in server._server.sockets)  # loopback only
    return server


async def seated(server: Any, table: str, **join: Any) -> list[Player]:
    """Four players joined at ``table`` in seat order (``p0``..``p3``),
    each sent its first view."""
    players = [await Player.connect(server) for _ in range(4)]
    for seat, player in enumerate(players):
        await player.join(table, f"p{seat}", seat=seat, **join)
    for player in players:
        await player.until(lambda v: True)
    return players


def choose(view: SeatView, rng: random.Random) -> spades.Action:
    """A legal action of the seat's own view, by a player who has seen its
    cards (so never Double Nil, which is bid blind: see play_out): in the
    bidding, mostly the bid its hand is worth (so that games last a few
    hands); else one at random."""
    legal = [action for action in view.legal_actions if action != Bid.DOUBLE_NIL]
    if view.phase is Phase.BID and rng.random() > 0.1:
        want = estimate_bid(view.hand, view.rules)
        bids = [bid for bid in legal if isinstance(bid, spades.Bid)]
        return min(bids, key=lambda bid: abs(bid.tricks - want))
    return rng.choice(legal)


async def play_out(player: Player, seed: int, stop: Callable[[SeatView], bool] = lambda v: False) -> SeatView:
    """Play the seat's legal actions, chosen from its own view, each sent
    as text or as JSON at random, until the game ends (or ``stop`` holds).
    A sealed view (Double Nil open, the cards not looked at) is answered
    now and then with Double Nil, bid blind; else the seat looks first."""
    rng = random.Random(seed)
    while True:
        view = await player.until(lambda v: v.is_over or v.is_my_turn or stop(v))
        if view.is_over or stop(view):
            return view
        if view.sealed:
            if rng.random() < 0.1:
                await player.act(Bid.DOUBLE_NIL, as_json=rng.random() < 0.5)
                continue
            view = await player.look()
        await player.act(choose(view, rng), as_json=rng.random() < 0.5)


async def make_a_move(player: Player) -> None:
    """At the seat's turn, its first legal action but Double Nil."""
    view = await player.until(lambda v: v.is_my_turn)
    await player.act(next(a for a in view.legal_actions if a != Bid.DOUBLE_NIL), as_json=True)


async def slow_reader(server: Any, table: str, name: str) -> tuple[Player, Any]:
    """A player seated at ``table`` who will read slowly, and the server's
    side of its connection: small socket buffers at both ends, so that
    what it has not read waits in the server."""
    slow = await Player.connect(server)
    await slow.join(table, name)
    (held,) = [c for c in server.clients if c.table is server.tables[table]]
    held.writer.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    slow.writer.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    return slow, held


def check_record(server: Any, table: str, views: list[SeatView]) -> spades.GameState:
    """The saved record (JSON and text) replays to the end the clients saw."""
    saved = server.tables[table].saved if table in server.tables else None
    paths = sorted((server.records).glob(f"{table}*"))
    assert [p.name for p in paths] == [f"{table}.json", f"{table}.txt"], paths
    if saved:
        assert tuple(sorted(saved)) == tuple(paths)
    record = record_from_json(paths[0].read_text(encoding="utf-8"))
    final = record.replay()
    assert Record.parse(paths[1].read_text(encoding="utf-8")).replay() == final
    assert final.is_over
    assert ("Table", table) in record.tags
    for view in views:
        assert view.is_over and view.scores == final.scores and view.winner == final.winner
        assert view == seat_view(final, view.seat)  # nothing lost on the way
    return final


def no_state_documents(player: Player) -> None:
    """A client is never sent a state, only views of its own seat."""
    for message in player.messages:
        text = json.dumps(message)
        assert '"spades.state"' not in text
        if "view" in message:
            assert message["view"]["seat"] == player.seat


# ----------------------------------------------------------------------


def test_four_clients_play_a_whole_game(tmp_path: Path) -> None:
    async def body() -> None:
        server = await start(tmp_path, rules=SHORT)
        try:
            players = [await Player.connect(server) for _ in range(4)]
            for i, player in enumerate(players[:3]):
                ok = await player.join("t1", f"p{i}")
                assert ok["seat"] == i and not ok["started"]
                assert (await player.refused({"view": {}}))["reason"] == "NOT_STARTED"
            ok = await players[3].join("t1", "p3")
            assert ok["started"] and ok["seat"] == 3
            views = await asyncio.gather(*(play_out(p, seed) for seed, p in enumerate(players)))
            final = check_record(server, "t1", list(views))
            assert final == server.tables["t1"].state
            tags = record_from_json((server.records / "t1.json").read_text()).tags
            assert [value for name, value in tags if name.startswith("Seat")] == ["p0", "p1", "p2", "p3"]
            assert ("Bots", "-") in tags
            assert len(final.sheet) >= 1
            for player in players:
                no_state_documents(player)
                assert player.views == 1 + player.looks  # one at the start and one per look; events did the rest
                assert player.table is not None and player.table["started"]
                # The view asked for now is the one the events built.
                assert "ok" in await player.request({"view": {}})
                assert "view" in await player.next() and player.view == seat_view(final, player.seat or 0)
                await player.close()
        finally:
            await server.close()

    run(body)


def test_two_clients_and_two_bots(tmp_path: Path) -> None:
    async def body() -> None:
        server = await start(tmp_path, rules=SHORT, humans=2)
        try:
            alice, bob = await Player.connect(server), await Player.connect(server)
            assert (await alice.join("duo", "alice", seat=2))["seat"] == 2
            ok = await bob.join("duo", "bot")  # a person may be called "bot"
            assert ok["seat"] == 0 and ok["started"]
            views = await asyncio.gather(play_out(alice, 1), play_out(bob, 2))
            assert alice.table is not None
            assert [(s["player"], s["bot"]) for s in alice.table["seats"]] == [
                ("bot", False), (None, True), ("alice", False), (None, True)
            ]
            final = check_record(server, "duo", list(views))
            tags = record_from_json((server.records / "duo.json").read_text()).tags
            assert [value for name, value in tags if name.startswith("Seat")] == ["bot", "bot", "alice", "bot"]
            assert ("Bots", "1 3") in tags  # the bots' seats, told apart from the person called bot
            # The bots bid and played every hand (C-3, C-8).
            for row in final.sheet:
                assert len(row.bids) == 4 and sum(row.tricks) == 13
            # The game is over: no move is taken any more (S-9).
            assert (await bob.refused({"act": {"text": "3"}}))["reason"] == "GAME_OVER"
            # A finished table closes with its last client; the name hosts a new game.
            await alice.close()
            await bob.close()
            for _ in range(100):
                if "duo" not in server.tables:
                    break
                await asyncio.sleep(0.01)
            assert "duo" not in server.tables
        finally:
            await server.close()

    run(body)


def test_one_human_starts_at_once_two_player(tmp_path: Path) -> None:
    async def body() -> None:
        server = await start(tmp_path, rules=Rules.two_player(target=100, losing_floor=-100), humans=1)
        try:
            solo = await Player.connect(server)
            assert (await solo.join("solo", "sam"))["started"]
            view = await play_out(solo, 3)
            check_record(server, "solo", [view])
        finally:
            await server.close()

    run(body)


def test_bad_lines_are_answered_and_the_connection_kept(tmp_path: Path) -> None:
    async def body() -> None:
        server = await start(tmp_path, rules=SHORT, tables={"t": ts.TableConfig(SHORT, 1)})
        try:
            client = await Player.connect(server)
            cases = [
                (b"{not json", "BAD_JSON"),
                (b"[1, 2]", "BAD_REQUEST"),
                (b'"join"', "BAD_REQUEST"),
                (b"\xff\xfe{}", "BAD_UTF8"),
                (b'{"dance": {}}', "UNKNOWN_COMMAND"),
                (b'{"join": 5}', "BAD_REQUEST"),
                (b'{"view": {}, "leave": {}}', "BAD_REQUEST"),
                (b'{"act": {"text": NaN}}', "BAD_JSON"),
                (b'{"act": {"text": "QH", "text": "2C"}}', "BAD_JSON"),
                (b"[" * 50_000, "BAD_JSON"),
                (b'{"join": {"table": "t", "name": "a", "seat": 1' + b"0" * 5000 + b"}}", "BAD_REQUEST"),
                (b'{"join": {"table": "t", "name": "a", "seat": 9}}', "BAD_REQUEST"),
                (b'{"join": {"table": "t", "name": "a", "seat": true}}', "BAD_REQUEST"),
                (b'{"join": {"table": "t", "name": "", "seat": 1}}', "BAD_REQUEST"),
                (b'{"join": {"table": "../etc", "name": "a"}}', "BAD_REQUEST"),
                (b'{"join": {"table": "t", "name": "a", "colour": "red"}}', "BAD_REQUEST"),
                (b'{"join": {"table": "nowhere", "name": "a"}}', "NO_SUCH_TABLE"),
                (b'{"act": {"text": "QH"}}', "NOT_JOINED"),
                (b'{"view": {}}', "NOT_JOINED"),
                (b'{"leave": {}}', "NOT_JOINED"),
                (b'{"look": {}}', "NOT_JOINED"),
                # White space that is not JSON's makes no blank line.
                (b"\x0b", "BAD_JSON"),
                (b"\x1c", "BAD_JSON"),
                ("\u2028 \u3000".encode(), "BAD_JSON"),
            ]
            for line, reason in cases:
                await client.send_raw(b"\n \t\r\n" + line + b"\n")  # blank lines are ignored: no reply
                answer = await client.reply()
                assert answer.get("error", {}).get("reason") == reason, (line[:60], answer)
                assert answer["error"]["rule"] == ""
            # Still connected, and the server still serves.
            ok = await client.join("t", "amy")
            assert ok["started"]
            assert (await client.refused({"act": {}}))["reason"] == "BAD_REQUEST"
            assert (await client.refused({"act": {"text": "QH", "action": {"play": "QH"}}}))["reason"] == "BAD_REQUEST"
            assert (await client.refused({"join": {"table": "t", "name": "amy"}}))["reason"] == "ALREADY_JOINED"
        finally:
            await server.close()

    run(body)


def test_an_oversized_line_closes_that_connection_only(tmp_path: Path) -> None:
    async def body() -> None:
        server = await start(tmp_path, rules=SHORT, humans=1)
        try:
            other = await Player.connect(server)
            await other.join("busy", "olga")
            before = server.tables["busy"].state
            flood = await Player.connect(server)
            await flood.send_raw(b'{"act": {"text": "' + b"x" * (ts.MAX_LINE + 10) + b'"}}\n')
            answer = await flood.next()
            assert answer["error"]["reason"] == "LINE_TOO_LONG"
            assert await asyncio.wait_for(flood.reader.read(), TIMEOUT) == b""  # closed by the server
            # A line of MAX_LINE bytes and its newline is read; one byte more is not.
            fine = await Player.connect(server)
            padded = b'{"view": {}}'.ljust(ts.MAX_LINE) + b"\n"
            await fine.send_raw(padded)
            assert (await fine.reply())["error"]["reason"] == "NOT_JOINED"
            await fine.send_raw(b" " + padded)
            assert (await fine.reply())["error"]["reason"] == "LINE_TOO_LONG"
            assert await asyncio.wait_for(fine.reader.read(), TIMEOUT) == b""
            # The other table goes on as before.
            assert server.tables["busy"].state is before
            assert "ok" in await other.request({"view": {}})
            assert "view" in await other.next()
            await flood.close()
            await fine.close()
        finally:
            await server.close()

    run(body)


def _other_hands_absent(message: str, state: spades.GameState, seat: int, tried: str) -> None:
    """An error message names no card of another seat's hand (but the card
    the seat itself tried, which it named)."""
    for other in range(state.rules.players):
        if other != seat and len(state.hand(other)):
            assert str(state.hand(other)) not in message
    named = set(re.findall(r"\b(?:10|[2-9TJQKA])[SHDC]\b", message))
    allowed = {str(card) for card in state.hand(seat)} | {tried}
    assert named <= allowed, (message, named - allowed)


def test_out_of_turn_wrong_phase_and_illegal_moves(tmp_path: Path) -> None:
    async def body() -> None:
        server = await start(tmp_path, rules=SHORT)
        try:
            players = await seated(server, "rules")
            table = server.tables["rules"]
            state = table.state
            assert state.phase is Phase.BID
            first = players[state.turn]
            idle = players[(state.turn + 1) % 4]
            # Whose turn comes first (P-3), as text and as JSON.
            sent: tuple[dict[str, Any], ...] = (
                {"text": "3"}, {"text": "QH"}, {"text": "fourteen"}, {"action": {"bid": "3"}},
                {"action": {"bid": "14"}}, {"action": {"play": "ZZ"}}, {"action": {"deal": []}}, {"action": 7})
            for body in sent:
                error = await idle.refused({"act": body})
                assert (error["reason"], error["rule"]) == ("NOT_YOUR_TURN", "P-3")
                assert error["message"] == f"it is seat {state.turn}'s turn, not seat {idle.seat}'s (rule P-3)"
            # Then the phase: a card during the bidding (C-3).
            error = await first.refused({"act": {"text": "QH"}})
            assert (error["reason"], error["rule"]) == ("WRONG_PHASE", "C-3")
            error = await first.refused({"act": {"action": {"play": "QH"}}})
            assert error["reason"] == "WRONG_PHASE"
            # Then the text, then the rules.
            assert (await first.refused({"act": {"text": "fourteen"}}))["reason"] == "BAD_INPUT"
            error = await first.refused({"act": {"text": "14"}})
            assert (error["reason"], error["rule"]) == ("BID_OUT_OF_RANGE", "C-3")
            assert (await first.refused({"act": {"action": {"bid": "14"}}}))["reason"] == "BAD_ACTION"
            assert (await first.refused({"act": {"action": {"bid": 3}}}))["reason"] == "BAD_ACTION"
            assert (await first.refused({"act": {"action": {"play": "ZZ"}}}))["reason"] == "BAD_ACTION"
            assert (await first.refused({"act": {"action": {"deal": []}}}))["reason"] == "BAD_ACTION"
            assert (await first.refused({"act": {"text": 3}}))["reason"] == "BAD_REQUEST"
            assert table.state is state  # nothing refused changed anything
            # Bid 3 each, round the table (text and JSON).
            for n in range(4):
                turn = table.state.turn
                await players[turn].act(spades.Bid(3), as_json=n % 2 == 0)
            for player in players:
                await player.until(lambda v: v.phase is Phase.PLAY)
            state = table.state
            leader = players[state.turn]
            # A bid in the play (C-5's phase), a card not in the hand, a card
            # of another seat's hand: refused, naming only the seat's own cards.
            error = await leader.refused({"act": {"text": "4"}})
            assert (error["reason"], error["rule"]) == ("WRONG_PHASE", "C-5")
            someone_else = (state.turn + 2) % 4
            theirs = str(next(iter(state.hand(someone_else))))
            for body in ({"text": theirs}, {"action": {"play": theirs}}):
                error = await leader.refused({"act": body})
                assert error["reason"] == "CARD_NOT_IN_HAND"
                _other_hands_absent(error["message"], state, state.turn, theirs)
            assert table.state is state
            # Lead, then a follower that does not follow suit (C-5), if it can.
            lead = next(card for card in leader.view.legal_actions if isinstance(card, Card))
            await leader.act(lead, as_json=False)
            follower = players[table.state.turn]
            view = await follower.until(lambda v: v.is_my_turn)
            wrong = [card for card in view.hand if card not in view.legal_actions]
            if wrong:
                error = await follower.refused({"act": {"text": str(wrong[0])}})
                assert error["reason"] in ("MUST_FOLLOW_SUIT", "SPADES_NOT_BROKEN")
                _other_hands_absent(error["message"], table.state, follower.seat or 0, str(wrong[0]))
            for player in players:
                no_state_documents(player)
        finally:
            await server.close()

    run(body)


def test_disconnect_and_rejoin_mid_trick(tmp_path: Path) -> None:
    async def body() -> None:
        server = await start(tmp_path, rules=SHORT)
        try:
            players = await seated(server, "r")
            table = server.tables["r"]
            rng = random.Random(5)

            async def step() -> None:
                seat = table.state.turn
                view = await players[seat].until(lambda v: v.is_my_turn)
                choices = [a for a in view.legal_actions if not (isinstance(a, spades.Bid) and a.double_nil)]
                await players[seat].act(rng.choice(choices), as_json=False)

            # The bidding and the first card of the second trick.
            while not (table.state.phase is Phase.PLAY and sum(table.state.tricks_won) == 1 and len(table.state.trick) == 1):
                await step()
            state = table.state
            now, away = state.turn, (state.turn + 1) % 4
            gone = players[away]
            token, name = gone.token, f"p{away}"
            await gone.close()
            # The others are told that the seat is away.
            watcher = players[(away + 1) % 4]
            while watcher.table is None or watcher.table["seats"][away]["connected"]:
                await watcher.next()
            assert watcher.table["seats"][away]["player"] == name
            # The seat before it plays; then the game waits for the absent seat.
            await step()
            waiting = table.state
            assert waiting.turn == away and len(waiting.trick) == 2
            for player in players:
                if player is not gone:
                    error = await player.refused({"act": {"text": "2C"}})
                    assert error["reason"] == "NOT_YOUR_TURN"
            await asyncio.sleep(0.05)
            assert table.state is waiting  # no bot took the seat over
            # Another name cannot take the seat; the name without its token cannot either.
            back = await Player.connect(server)
            assert (await back.refused({"join": {"table": "r", "name": "mallory"}}))["reason"] == "TABLE_FULL"
            assert (await back.refused({"join": {"table": "r", "name": name}}))["reason"] == "BAD_TOKEN"
            assert (await back.refused({"join": {"table": "r", "name": name, "token": "guess"}}))["reason"] == "BAD_TOKEN"
            intruder = await Player.connect(server)
            for token_given in ({}, {"token": "guess"}, {"token": token}):  # no token, a wrong one, another seat's
                error = await intruder.refused({"join": {"table": "r", "name": f"p{now}", **token_given}})
                assert error["reason"] == "NAME_TAKEN"  # while connected, the name is in use
            # With its token, the seat comes back and sees what it should.
            ok = await back.join("r", name, token=token)
            assert ok["rejoined"] and ok["seat"] == away
            view = await back.until(lambda v: True)
            assert view == seat_view(table.state, away)
            assert view.is_my_turn and view.trick == waiting.trick and len(view.tricks) == 1
            assert view.hand == waiting.hand(away)
            # The game goes on from there to the end.
            players[away] = back
            back.seat = away
            views = await asyncio.gather(*(play_out(p, seed) for seed, p in enumerate(players)))
            check_record(server, "r", list(views))
            await intruder.close()
        finally:
            await server.close()

    run(body)


def test_a_name_is_one_however_its_accents_are_typed(tmp_path: Path) -> None:
    async def body() -> None:
        server = await start(tmp_path, rules=SHORT)
        try:
            one, two = await Player.connect(server), await Player.connect(server)
            assert (await one.join("n", "Jose\u0301"))["name"] == "Jos\u00e9"  # composed (NFC)
            assert (await two.refused({"join": {"table": "n", "name": "Jos\u00e9"}}))["reason"] == "NAME_TAKEN"
            for name in (" ann", "ann ", "  ann  "):
                error = await two.refused({"join": {"table": "n", "name": name}})
                assert error == {"reason": "BAD_REQUEST", "rule": "", "message": "name: a name has no space at either end"}
            for name in ("\u3000ann", "ann\u00a0", "a\u200bnn"):  # no other space is printable
                assert (await two.refused({"join": {"table": "n", "name": name}}))["reason"] == "BAD_REQUEST"
            for name in ("\u3164", "ann\u3164", "\u2800", "\uffa0ann", "a\u034fnn", "\u0301ann", "\u20dd",
                         "ann\U0001d159", "\U0001d159", "ann\U00016fe4"):  # show nothing
                refused = await two.refused({"join": {"table": "n", "name": name}})
                assert refused["reason"] == "BAD_REQUEST" and "U+3164" in refused["message"], name
            assert (await two.join("n", "\u0915\u093f"))["seat"] == 1  # a mark after a letter: a name that shows
            assert "ok" in await two.request({"leave": {}})
            long = "\u0915\u093c" * 16  # 32 characters, and 32 composed (U+0958 does not compose)
            assert len((await two.join("n", long))["name"]) == 32
            for player in (one, two):
                await player.close()
        finally:
            await server.close()

    run(body)


def test_leaving_before_the_start_frees_the_seat(tmp_path: Path) -> None:
    async def body() -> None:
        server = await start(tmp_path, rules=SHORT)
        try:
            ann, ben = await Player.connect(server), await Player.connect(server)
            assert (await ann.join("w", "ann", seat=1))["seat"] == 1
            assert (await ben.refused({"join": {"table": "w", "name": "ben", "seat": 1}}))["reason"] == "SEAT_TAKEN"
            assert (await ben.refused({"join": {"table": "w", "name": "ann"}}))["reason"] == "NAME_TAKEN"
            assert "ok" in await ann.request({"leave": {}})
            assert (await ben.join("w", "ben", seat=1))["seat"] == 1
            assert "w" in server.tables and server.tables["w"].state is None  # no cards dealt yet
            await ben.close()
            for _ in range(100):
                if "w" not in server.tables:
                    break
                await asyncio.sleep(0.01)
            assert "w" not in server.tables  # an empty table that never started closes
        finally:
            await server.close()

    run(body)


def test_stopping_saves_the_games_still_running(tmp_path: Path) -> None:
    async def body() -> None:
        server = await start(tmp_path, rules=SHORT, humans=1)
        player = await Player.connect(server)
        await player.join("late", "lee")
        view = await player.until(lambda v: v.is_my_turn)
        await player.act(view.legal_actions[0], as_json=True)
        state = server.tables["late"].state
        await server.close()
        assert await asyncio.wait_for(player.reader.read(), TIMEOUT) == b""
        record = record_from_json((tmp_path / "records" / "late.json").read_text(encoding="utf-8"))
        assert ("Status", "unfinished") in record.tags
        assert record.replay() == state
        await player.close()

    run(body)


def test_the_seats_token_replaces_a_connection_that_holds_it(tmp_path: Path) -> None:
    async def body() -> None:
        server = await start(tmp_path, rules=SHORT, humans=1)
        try:
            old = await Player.connect(server)
            ok = await old.join("s", "sam")
            await old.until(lambda v: True)
            # The old connection is still open (its peer may be gone without
            # closing it): the seat's token takes the seat over from a new one.
            new = await Player.connect(server)
            assert (await new.refused({"join": {"table": "s", "name": "sam"}}))["reason"] == "NAME_TAKEN"
            back = await new.join("s", "sam", token=ok["token"])
            assert back["rejoined"] and back["seat"] == ok["seat"] and back["token"] == ok["token"]
            view = await new.until(lambda v: True)
            assert view == seat_view(server.tables["s"].state, ok["seat"], sealed=True)  # not looked at yet
            # The old connection is closed: what was queued, then the end.
            while await asyncio.wait_for(old.reader.readline(), TIMEOUT):
                pass
            table = server.tables["s"]
            assert table.clients() == [next(c for c in server.clients if c.table is table)]
            # The new connection plays on.
            view = await new.until(lambda v: v.is_my_turn)
            await new.act(view.legal_actions[0], as_json=False)
            await old.close()
            await new.close()
        finally:
            await server.close()

    run(body)


def test_nothing_is_sent_to_a_connection_that_is_hanging_up(tmp_path: Path) -> None:
    # A client whose line was too long holds its socket open while the
    # server hangs up: it has left its seat at once, so the other player's
    # moves get exactly one reply and their pushes, and the table says so.
    async def body() -> None:
        server = await start(tmp_path, rules=SHORT, humans=2)
        try:
            xan, yul = await Player.connect(server), await Player.connect(server)
            await xan.join("h", "xan")
            await yul.join("h", "yul")
            view = await yul.until(lambda v: v.is_my_turn)  # seat 1 bids first (P-3)
            await xan.send_raw(b"x" * (ts.MAX_LINE + 10) + b"\n")
            while (await xan.next()).get("error", {}).get("reason") != "LINE_TOO_LONG":
                pass
            await yul.act(view.legal_actions[0], as_json=True)  # ok, then the events
            assert yul.table is not None and not yul.table["seats"][0]["connected"]
            assert "ok" in await yul.request({"view": {}})
            assert not [m for m in yul.messages if m.get("error")], yul.messages
            rest = await asyncio.wait_for(xan.reader.read(), TIMEOUT)
            assert rest == b"", rest[:200]  # nothing after the refusal
            await xan.close()
            await yul.close()
        finally:
            await server.close()

    run(body)


async def _unread(server: Any) -> socket.socket:
    """A raw connection with a small receive buffer, never read (the bad
    lines ``_until_gone`` sends on it are each answered with an error),
    once the server holds it."""
    held = len(server.clients)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    _OPENED.append(sock)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, server.address)
    for _ in range(500):
        if len(server.clients) > held:
            return sock
        await asyncio.sleep(0.01)
    raise AssertionError("the server did not take the connection")


async def _until_gone(server: Any, count: int, seconds: float, sock: socket.socket | None = None) -> bool:
    """Whether the server holds ``count`` connections or fewer within
    ``seconds`` (sending bad lines on ``sock`` meanwhile)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while loop.time() < end:
        if len(server.clients) <= count:
            return True
        if sock is not None:
            try:
                sock.send(b"x\n" * 2048)
            except (BlockingIOError, InterruptedError):
                pass
            except OSError:  # the server cut it off
                sock = None
        await asyncio.sleep(0.01)
    return len(server.clients) <= count


def test_a_connection_that_reads_no_replies_is_closed(tmp_path: Path) -> None:
    async def body() -> None:
        server = await start(tmp_path, rules=SHORT, humans=1, idle_timeout=0.5)
        try:
            sock = await _unread(server)
            assert await _until_gone(server, 0, 8.0, sock)  # its replies pile up unread: closed
            sock.close()
            other = await Player.connect(server)  # the server still serves
            assert (await other.refused({"view": {}}))["reason"] == "NOT_JOINED"
            await other.close()
        finally:
            await server.close()

    run(body)


def test_a_replaced_connection_that_reads_nothing_is_cut_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ts, "_CLOSE_GRACE", 0.3)

    async def body() -> None:
        server = await start(tmp_path, rules=SHORT, humans=1, idle_timeout=None)
        try:
            sock = await _unread(server)
            await asyncio.get_running_loop().sock_sendall(sock, json.dumps({"join": {"table": "r", "name": "rex"}}).encode() + b"\n")
            for _ in range(500):
                if "r" in server.tables and server.tables["r"].started:
                    break
                await asyncio.sleep(0.01)
            token = server.tables["r"].seats[0].token
            assert await _until_gone(server, 0, 1.0, sock) is False  # replies pile up unread
            new = await Player.connect(server)
            assert (await new.join("r", "rex", token=token))["rejoined"]
            assert await _until_gone(server, 1, 5.0)  # the old connection is cut off
            assert [c.table for c in server.clients] == [server.tables["r"]]
            sock.close()
            await new.close()
        finally:
            await server.close()

    run(body)


def test_idle_connections_are_closed_and_keep_their_seat(tmp_path: Path) -> None:
    async def body() -> None:
        server = await start(tmp_path, rules=SHORT, humans=2, idle_timeout=0.3)
        try:
            # Half a line, then nothing (a connection held open for ever).
            slow = await Player.connect(server)
            await slow.send_raw(b'{"vi')
            assert (await slow.next())["error"]["reason"] == "IDLE"
            assert await asyncio.wait_for(slow.reader.read(), TIMEOUT) == b""
            # A player who goes quiet is disconnected; the seat waits, and the token brings it back.
            ann, ben = await Player.connect(server), await Player.connect(server)
            token = (await ann.join("q", "ann"))["token"]
            await ben.join("q", "ben")
            await ann.until(lambda v: True)
            keep_alive = asyncio.ensure_future(_keep_alive(ben))
            while (await ann.next()).get("error", {}).get("reason") != "IDLE":
                pass
            assert await asyncio.wait_for(ann.reader.read(), TIMEOUT) == b""
            await ann.close()
            seats = server.tables["q"].seats
            for _ in range(200):
                if seats[0].client is None:
                    break
                await asyncio.sleep(0.01)
            assert seats[0].name == "ann" and seats[0].client is None
            assert seats[1].client is not None  # the player who kept talking is still there
            again = await Player.connect(server)
            assert (await again.join("q", "ann", token=token))["rejoined"]
            keep_alive.cancel()
            for player in (slow, ann, ben, again):
                await player.close()
        finally:
            await server.close()

    run(body)


async def _keep_alive(player: Player) -> None:
    """Ask for the view now and then (a client that keeps its connection)."""
    while True:
        await player.request({"view": {}})
        await asyncio.sleep(0.05)


def test_a_started_game_no_one_comes_back_to_closes(tmp_path: Path) -> None:
    async def body() -> None:
        server = await start(tmp_path, rules=SHORT, humans=1, abandon_after=0.3)
        try:
            lee = await Player.connect(server)
            token = (await lee.join("a", "lee"))["token"]
            view = await lee.until(lambda v: v.is_my_turn)
            await lee.act(view.legal_actions[0], as_json=True)
            state = server.tables["a"].state
            # Back in time: the table stays.
            assert "ok" in await lee.request({"leave": {}})
            await asyncio.sleep(0.1)
            assert (await lee.join("a", "lee", token=token))["rejoined"]
            await asyncio.sleep(0.4)
            assert "a" in server.tables
            # Not back in time: the record is saved and the table closes.
            await lee.close()
            for _ in range(200):
                if "a" not in server.tables:
                    break
                await asyncio.sleep(0.01)
            assert "a" not in server.tables
            record = record_from_json((tmp_path / "records" / "a.json").read_text(encoding="utf-8"))
            assert ("Status", "unfinished") in record.tags and record.replay() == state
            # Its name hosts a new game; the token of the closed one takes no seat.
            fresh = await Player.connect(server)
            refused = await fresh.refused({"join": {"table": "a", "name": "lee", "token": token}})
            assert refused["reason"] == "BAD_TOKEN" and "closed" in refused["message"] and "a" not in server.tables
            assert not (await fresh.join("a", "lee"))["rejoined"]
            await fresh.close()
        finally:
            await server.close()

    run(body)


@pytest.mark.parametrize("idle_timeout", [None, 60.0])
def test_a_flood_of_lines_does_not_hold_up_the_others(tmp_path: Path, idle_timeout: float | None) -> None:
    async def body() -> None:
        server = await start(tmp_path, rules=SHORT, idle_timeout=idle_timeout)
        handled: list[Any] = []
        answer = server._handle_line

        def recorded(client: Any, line: bytes) -> None:
            handled.append(client)
            answer(client, line)

        server._handle_line = recorded
        try:
            flood, other = await Player.connect(server), await Player.connect(server)
            lines = 500
            # Both sent before the server reads either: a burst of lines from
            # one client, then one line from another.
            flood.writer.write(b'{"view": {}}\n' * lines)
            other.writer.write(b'{"view": {}}\n')
            assert (await other.reply())["error"]["reason"] == "NOT_JOINED"
            for _ in range(lines):
                assert (await flood.reply())["error"]["reason"] == "NOT_JOINED"
            first_other = next(i for i, client in enumerate(handled) if client is not handled[0])
            assert first_other < lines // 2, first_other  # answered in its turn, not after the whole burst
            await flood.close()
            await other.close()
        finally:
            await server.close()

    run(body)


async def _eventually(check: Callable[[], bool], seconds: float = 5.0) -> bool:
    """Whether ``check()`` holds within ``seconds``."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while not check():
        if loop.time() > end:
            return False
        await asyncio.sleep(0.01)
    return True


def test_a_new_table_takes_the_place_of_one_no_one_is_connected_to(tmp_path: Path) -> None:
    # One connection that joins and leaves table after table (each game
    # starts at once, and its seat waits for its player) cannot hold the
    # tables' places: a table no one is connected to gives its place up.
    async def body() -> None:
        server = await start(tmp_path, rules=SHORT, humans=1, max_tables=3, room_after=0)
        records = tmp_path / "records"
        try:
            keeper = await Player.connect(server)
            await keeper.join("kept", "kim")  # someone connected: it stays
            cycler = await Player.connect(server)
            states = {}
            for name in ("a", "b"):
                assert (await cycler.join(name, "x"))["started"]
                await make_a_move(cycler)  # a game with a person's move: its record is saved
                states[name] = server.tables[name].state
                assert "ok" in await cycler.request({"leave": {}})
            assert sorted(server.tables) == ["a", "b", "kept"]
            # The tables are all open: a new one closes the one no one has
            # been connected to for the longest, its record saved as when
            # abandoned.
            assert not (await cycler.join("c", "x"))["rejoined"]
            assert sorted(server.tables) == ["b", "c", "kept"]
            record = record_from_json((records / "a.json").read_text(encoding="utf-8"))
            assert ("Status", "unfinished") in record.tags and record.replay() == states["a"]
            assert Record.parse((records / "a.txt").read_text(encoding="utf-8")).replay() == states["a"]
            # A connection sits at one table at a time.
            assert (await cycler.refused({"join": {"table": "d", "name": "x"}}))["reason"] == "ALREADY_JOINED"
            other = await Player.connect(server)
            await other.join("d", "dee")
            assert sorted(server.tables) == ["c", "d", "kept"]
            assert sorted(p.name for p in records.iterdir()) == ["a.json", "a.txt", "b.json", "b.txt"]
            # A person is connected at every table: no room.
            late = await Player.connect(server)
            assert (await late.refused({"join": {"table": "e", "name": "eve"}}))["reason"] == "TOO_MANY_TABLES"
            await other.close()  # d's only person goes: its place is free for a new table
            assert await _eventually(lambda: server.tables["d"].clients() == [])
            assert (await late.join("e", "eve"))["started"]
            assert sorted(server.tables) == ["c", "e", "kept"]
            for player in (keeper, cycler, late):
                await player.close()
        finally:
            await server.close()

    run(body)


def test_connections_count_until_their_socket_is_closed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ts, "MAX_CLIENTS", 2)

    async def body() -> None:
        server = await start(tmp_path, rules=SHORT)
        try:
            cut = [await Player.connect(server) for _ in range(2)]
            for player in cut:
                await player.send_raw(b"x" * (ts.MAX_LINE + 10) + b"\n")
                assert (await player.next())["error"]["reason"] == "LINE_TOO_LONG"
                assert await asyncio.wait_for(player.reader.read(), TIMEOUT) == b""  # the server's end of the stream
            # The server is hanging up on both (it reads what they send for a
            # moment): their sockets are open still, and count.
            late = await Player.connect(server)
            assert (await late.next())["error"]["reason"] == "TOO_MANY_CLIENTS"
            assert await asyncio.wait_for(late.reader.read(), TIMEOUT) == b""
            await late.close()

            for player in cut:
                await player.close()
            assert await _until_gone(server, 0, 5.0)  # closed: room again
            again = await Player.connect(server)
            assert (await again.refused({"view": {}}))["reason"] == "NOT_JOINED"
            await again.close()
        finally:
            await server.close()

    run(body)


def test_a_connection_too_many_that_sends_at_once_reads_its_refusal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A connection over the limit that sends its first line at once, as any
    # client does, was reset (its line unread) before it read the refusal.
    monkeypatch.setattr(ts, "MAX_CLIENTS", 2)

    async def body() -> None:
        server = await start(tmp_path, rules=SHORT)
        try:
            held = [await Player.connect(server) for _ in range(2)]
            await asyncio.sleep(0.1)
            for _ in range(5):
                # The line goes out with the connection, before the server
                # has taken it (no wait between them).
                reader, writer = await asyncio.open_connection(*server.address)
                writer.write(b'{"join": {"table": "t", "name": "eager"}}\n')
                await asyncio.sleep(0.1)  # reads a moment later
                eager = Player(reader, writer)
                assert (await eager.next())["error"]["reason"] == "TOO_MANY_CLIENTS"
                await eager.close()
            for player in held:
                await player.close()
        finally:
            await server.close()

    run(body)


def test_a_game_no_record_can_be_made_of_is_logged_and_the_server_stops(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # A record the library cannot hold (a game beyond MAX_ACTIONS, which
    # max_hands keeps away): the save is logged and given up, and the
    # server still stops, closing every connection.
    def too_long(self: Any, table: Any) -> Record:
        raise spades.StateError("a record holds at most 1000000 actions")

    monkeypatch.setattr(ts.TableServer, "_record", too_long)

    async def body() -> None:
        server = await start(tmp_path, rules=SHORT, humans=1)
        player = await Player.connect(server)
        await player.join("big", "p")
        await make_a_move(player)
        await server.close()  # saves the unfinished game: no record, logged
        assert await asyncio.wait_for(player.reader.read(), TIMEOUT) == b""
        assert not list(server.records.glob("big*")) and not server.unsaved
        await player.close()

    with caplog.at_level("ERROR", logger="table_server"):
        run(body)
    assert any("no record can be made of the game" in record.getMessage() for record in caplog.records)


def test_a_record_that_could_not_be_saved_is_saved_later(tmp_path: Path) -> None:
    async def body() -> None:
        records = tmp_path / "records"
        records.write_text("not a directory", encoding="utf-8")  # no records directory can be made
        server = await start(tmp_path, rules=SHORT, humans=1, abandon_after=0.1)
        states = {}
        try:
            lee = await Player.connect(server)

            async def abandon(name: str) -> None:
                """Start a game at table ``name`` and leave it: it closes, and
                its record is saved (or kept, to save later)."""
                await lee.join(name, "lee")
                await make_a_move(lee)
                states[name] = server.tables[name].state
                assert "ok" in await lee.request({"leave": {}})
                assert await _eventually(lambda: name not in server.tables)

            await abandon("a")  # the save fails: the record is kept
            records.unlink()
            records.mkdir()
            await abandon("b")  # saved, and the one kept with it
            assert sorted(p.name for p in records.iterdir()) == ["a.json", "a.txt", "b.json", "b.txt"]
            assert not server.unsaved
            records.joinpath("a.json").unlink()
            records.joinpath("a.txt").unlink()
            records.joinpath("b.json").unlink()
            records.joinpath("b.txt").unlink()
            records.rmdir()
            records.write_text("not a directory again", encoding="utf-8")
            await abandon("c")  # fails again; the server stops once the directory is back
            records.unlink()
            records.mkdir()
            await lee.close()
        finally:
            await server.close()
        assert not server.unsaved
        assert sorted(p.name for p in records.iterdir()) == ["c.json", "c.txt"]
        record = record_from_json((records / "c.json").read_text(encoding="utf-8"))
        assert ("Status", "unfinished") in record.tags and record.replay() == states["c"]
        assert Record.parse((records / "c.txt").read_text(encoding="utf-8")).replay() == states["c"]

    run(body)


def test_a_record_is_written_whole_or_not_at_all(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    server = ts.TableServer(records=tmp_path)
    record = Record.of_state(spades.new_game(SHORT, seed=1))
    link = os.link

    def no_text_link(source: Any, target: Any) -> None:
        if str(target).endswith(".txt"):
            raise OSError(28, "No space left on device")
        link(source, target)

    monkeypatch.setattr(os, "link", no_text_link)
    with pytest.raises(OSError):
        server._write("t", record)
    assert list(tmp_path.iterdir()) == []  # not the .json without its .txt, no temporary
    monkeypatch.setattr(os, "link", link)
    # Never over another file: a text record without its JSON twin is left be.
    (tmp_path / "t.txt").write_text("someone else's", encoding="utf-8")
    assert server._write("t", record) == (tmp_path / "t-2.json", tmp_path / "t-2.txt")
    assert server._write("t", record) == (tmp_path / "t-3.json", tmp_path / "t-3.txt")
    assert (tmp_path / "t.txt").read_text(encoding="utf-8") == "someone else's"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t-2.json", "t-2.txt", "t-3.json", "t-3.txt", "t.txt"]
    assert record_from_json((tmp_path / "t-3.json").read_text(encoding="utf-8")) == record


def test_a_line_from_a_replaced_connection_is_not_carried_out(tmp_path: Path) -> None:
    # A join with a seat's token closes the connection that held it.  A
    # line that connection sent at the same time (here, a join that would
    # start someone else's game with a seat whose token no one is told) is
    # not carried out.
    async def body() -> None:
        server = await start(tmp_path, rules=SHORT, humans=2, idle_timeout=None)
        try:
            for attempt in range(3):
                alice = await Player.connect(server)
                await alice.join(f"victim{attempt}", "alice")
                old, mate = await Player.connect(server), await Player.connect(server)
                token = (await old.join(f"own{attempt}", "me"))["token"]
                await mate.join(f"own{attempt}", "mate")
                held = len(server.clients)
                new = await Player.connect(server)
                assert await _eventually(lambda: len(server.clients) > held)
                await asyncio.sleep(0.05)  # every connection waits for a line
                # Both lines reach the server in one turn of its loop, the
                # rejoin first (written without yielding in between).
                new.writer.write(json.dumps({"join": {"table": f"own{attempt}", "name": "me", "token": token}}).encode() + b"\n")
                old.writer.write(json.dumps({"join": {"table": f"victim{attempt}", "name": "ghost"}}).encode() + b"\n")
                assert (await new.reply())["ok"]["rejoined"]
                rest = await asyncio.wait_for(old.reader.read(), TIMEOUT)  # closed by the server
                assert b'"ok"' not in rest, rest[-300:]
                victim = server.tables[f"victim{attempt}"]
                assert not victim.started
                assert [s and s.name for s in victim.seats] == ["alice", None, None, None]
                for player in (alice, old, mate, new):
                    await player.close()
        finally:
            await server.close()

    run(body)


def test_max_tables_and_repeated_tables_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    for bad in (0, -5, 2.0, "3", True, None):
        with pytest.raises(ValueError, match="max_tables must be a whole number, 1 or more"):
            ts.TableServer(max_tables=bad)
    assert ts.TableServer(max_tables=1).max_tables == 1
    parser = ts._parser()
    for value in ("0", "-5", "2.5", "many"):
        with pytest.raises(SystemExit) as stopped:
            parser.parse_args(["--max-tables", value])
        assert stopped.value.code == 2
        assert "argument --max-tables: a whole number, 1 or more" in capsys.readouterr().err
    assert parser.parse_args(["--max-tables", "1"]).max_tables == 1
    with pytest.raises(ValueError, match="--table t1:2: table t1 is named twice"):
        ts._options(parser.parse_args(["--table", "t1", "--table", "t2", "--table", "t1:2"]))
    assert sorted(ts._options(parser.parse_args(["--table", "t1", "--table", "t2:2"]))["tables"]) == ["t1", "t2"]


def test_loopback_only_and_config_checks(tmp_path: Path) -> None:
    async def body() -> None:
        for host in ("0.0.0.0", "192.168.1.1", "localhost", "::"):
            with pytest.raises(ValueError, match="loopback"):
                await ts.TableServer(records=tmp_path).start(host, 0)

    run(body)
    with pytest.raises(ValueError):
        ts.TableConfig(SHORT, 5)
    with pytest.raises(ValueError):
        ts.TableServer(tables={"a/b": ts.TableConfig(SHORT, 1)})
    for seconds in (0, -1.0, float("nan"), float("inf"), "10", True):
        with pytest.raises(ValueError):
            ts.TableServer(idle_timeout=seconds)
        with pytest.raises(ValueError):
            ts.TableServer(abandon_after=seconds)


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    env["PYTHONIOENCODING"] = "utf-8"
    return env


def test_command_line_help_and_refusals() -> None:
    done = subprocess.run([sys.executable, str(EXAMPLE), "--help"], capture_output=True, text=True, env=_env(),
                          timeout=60, check=False)
    assert done.returncode == 0
    for words in ("--port", "--records", "--humans", "The protocol", '{"join": {"table": "t1"', "LINE_TOO_LONG",
                  '{"look": {}}', "--max-unfinished"):
        assert words in done.stdout
    for bad in (["--host", "0.0.0.0"], ["--rules", "bridge"], ["--humans", "5"], ["--port", "70000"],
                ["--table", "a/b"], ["--target", "0"], ["--idle-timeout", "-1"], ["--abandon-after", "nan"],
                ["--port", "0", "--max-tables", "0"], ["--port", "0", "--table", "t", "--table", "t:1"]):
        done = subprocess.run([sys.executable, str(EXAMPLE), *bad], capture_output=True, text=True, env=_env(),
                              timeout=60, check=False)
        assert done.returncode == 2, (bad, done.stderr)


def test_command_line_serves_on_an_ephemeral_port(tmp_path: Path) -> None:
    command = [sys.executable, str(EXAMPLE), "--port", "0", "--humans", "1", "--target", "100",
               "--losing-floor", "-100", "--records", str(tmp_path), "--quiet"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env())
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = re.fullmatch(r"listening on 127\.0\.0\.1:(\d+)\n", line)
        assert found, line
        port = int(found.group(1))

        async def body() -> None:
            reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), TIMEOUT)
            player = Player(reader, writer)
            assert (await player.join("cli", "cleo"))["started"]
            await play_out(player, 7)
            await player.close()

        run(body)
        assert sorted(p.name for p in tmp_path.iterdir()) == ["cli.json", "cli.txt"]
    finally:
        process.terminate()
        _out, err = process.communicate(timeout=30)
    assert process.returncode == 0, err
    assert err == ""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="resource.prlimit on another process: Linux only")
def test_a_save_that_fails_part_way_leaves_no_file(tmp_path: Path) -> None:
    # The disk fills up as the record is written: a limit on the size of the
    # server's files (RLIMIT_FSIZE: write() fails with EFBIG, as with
    # ENOSPC) cuts the record short.  No file of it is left; once the limit
    # is lifted, the server saves it whole as it stops.
    import resource

    env = _env()
    env["PYTHONDONTWRITEBYTECODE"] = "1"  # the server writes no file but the records
    command = [sys.executable, str(EXAMPLE), "--port", "0", "--humans", "1", "--target", "100",
               "--losing-floor", "-100", "--records", str(tmp_path), "--quiet"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = re.fullmatch(r"listening on 127\.0\.0\.1:(\d+)\n", line)
        assert found, line
        _soft, hard = resource.prlimit(process.pid, resource.RLIMIT_FSIZE)
        resource.prlimit(process.pid, resource.RLIMIT_FSIZE, (256, hard))  # a record is a few KiB

        async def body() -> None:
            reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", int(found.group(1))), TIMEOUT)
            player = Player(reader, writer)
            assert (await player.join("full", "fay"))["started"]
            await play_out(player, 11)  # the server saved (tried to) before it sent the last events
            assert "ok" in await player.request({"view": {}})  # and it serves on
            await player.close()

        run(body)
        assert list(tmp_path.iterdir()) == []  # no cut-off record, no temporary
        resource.prlimit(process.pid, resource.RLIMIT_FSIZE, (hard, hard))
    finally:
        process.terminate()
        _out, err = process.communicate(timeout=30)
    assert process.returncode == 0, err
    assert "table full: the record could not be saved" in err and "File too large" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["full.json", "full.txt"]
    record = record_from_json((tmp_path / "full.json").read_text(encoding="utf-8"))
    assert record.replay().is_over
    assert Record.parse((tmp_path / "full.txt").read_text(encoding="utf-8")).replay() == record.replay()


# ----------------------------------------------------------------------
# Double Nil, bid blind (P-6, T-6).


def _sent_cards(player: Player) -> list[str]:
    """The kinds of the events that told the seat cards of its own
    (``dealt``, ``top_of_stock``), in the pushes it was sent so far."""
    return [event["event"] for message in player.messages for event in message.get("events", ())
            if event["event"] in ("dealt", "top_of_stock")]


def test_double_nil_is_bid_blind_or_refused_once_the_seat_has_looked(tmp_path: Path) -> None:
    # Two people (seats 0 and 1), two bots; a target no hand reaches, so
    # that a second hand is dealt.
    async def body() -> None:
        server = await start(tmp_path, rules=Rules.partnership(), humans=2)
        try:
            ann, ben = await Player.connect(server), await Player.connect(server)
            await ann.join("dn", "ann", seat=0)
            await ben.join("dn", "ben", seat=1)
            table = server.tables["dn"]
            state = table.state
            assert state.phase is Phase.BID and state.turn == 1  # seat 1 bids first (P-3)
            # At the deal each seat is sent a sealed view: no card of its own.
            for player in (ann, ben):
                view = await player.until(lambda v: True)
                assert view.sealed and len(view.hand) == 0 and view.hand_sizes == (13, 13, 13, 13)
                assert view.double_nil_open and view.top_of_stock is None
                assert not _sent_cards(player)
            assert Bid.DOUBLE_NIL in view.legal_actions  # ben's, whose turn it is
            # Ben bids Double Nil blind, then is told his cards.
            await ben.act(Bid.DOUBLE_NIL, as_json=False)
            assert _sent_cards(ben) == ["dealt"]
            view = await ben.until(lambda v: True)
            assert not view.sealed and view.hand == table.state.hand(1)
            assert view == seat_view(table.state, 1)
            # Ann has been sent the bids since, not her cards: her views stay sealed.
            view = await ann.until(lambda v: v.is_my_turn)
            assert view.sealed and len(view.hand) == 0 and not _sent_cards(ann)
            assert view == seat_view(table.state, 0, sealed=True)
            # She looks: she sees her cards, in the library's own view (which
            # says what the game alone allows), and her Double Nil is refused.
            waiting = table.state
            view = await ann.look()
            assert view.hand == waiting.hand(0) and view == seat_view(waiting, 0)
            document = ann.messages[-1]["view"]
            assert not document["sealed"] and document == plain_dict(seat_view(waiting, 0))
            assert Bid.DOUBLE_NIL in waiting.legal_actions()  # the game alone would still take it
            for act in ({"text": "dn"}, {"text": "double nil"}, {"action": action_to_dict(Bid.DOUBLE_NIL)}):
                error = await ann.refused({"act": act})
                assert (error["reason"], error["rule"]) == ("DOUBLE_NIL_NOT_ALLOWED", "P-6")
                assert error["message"] == "seat 0 has looked at its cards: no Double Nil this hand (rule P-6)"
            assert table.state is waiting  # nothing refused changed anything
            # Looking again is harmless: ok, and the same view.
            assert await ann.look() == view
            # A rejoin after looking is not sealed either (looking is remembered).
            token = ann.token
            await ann.close()
            assert await _eventually(lambda: table.seats[0].client is None)
            ann = await Player.connect(server)
            assert (await ann.join("dn", "ann", token=token))["rejoined"]
            again = await ann.until(lambda v: True)
            assert again == view and ann.messages[-1]["view"] == document
            assert (await ann.refused({"act": {"text": "dn"}}))["reason"] == "DOUBLE_NIL_NOT_ALLOWED"
            await ann.act(Bid(3), as_json=True)
            # The next hand starts unlooked: sealed again, Double Nil offered.
            views = await asyncio.gather(*(play_out(p, seed, lambda v: v.hand_number == 1)
                                           for seed, p in enumerate((ann, ben))))
            assert table.state.hand_number == 1
            for seat, view in enumerate(views):
                assert view.hand_number == 1 and table.state.bids[seat] is None
                assert view.sealed and len(view.hand) == 0 and view.double_nil_open
                assert view == seat_view(table.state, seat, sealed=True)
                assert not table.has_looked(seat)
            # The new hand's cards were held back in the events too.
            assert _sent_cards(ann) == [] and _sent_cards(ben) == ["dealt"]
            for player in (ann, ben):
                no_state_documents(player)
                await player.close()
        finally:
            await server.close()

    run(body)


def test_double_nil_the_rules_force_is_taken_after_looking(tmp_path: Path) -> None:  # P-6, V-6
    """With Nil not allowed and a side's contract at most 6, seat 1's bid of
    6 leaves its partner, seat 3, Double Nil alone: taken although seat 3
    has looked (the game could not go on without it), while the Double Nil
    of a seat that has looked and has other bids is still refused."""
    async def body() -> None:
        server = await start(tmp_path, rules=Rules(nil_allowed=False, max_side_contract=6))
        try:
            players = await seated(server, "forced")
            for player in players:
                await player.look()
            table = server.tables["forced"]
            assert table.state.turn == 1  # left of the dealer (P-3)
            await players[1].act(Bid(6), as_json=False)
            await players[2].act(Bid(3), as_json=True)
            view = await players[3].until(lambda v: v.is_my_turn)
            assert table.has_looked(3) and view.legal_actions == (Bid.DOUBLE_NIL,)
            await players[3].act(Bid.DOUBLE_NIL, as_json=False)
            assert table.state.bids[3] == Bid.DOUBLE_NIL
            view = await players[0].until(lambda v: v.is_my_turn)
            assert Bid.DOUBLE_NIL in view.legal_actions and len(view.legal_actions) > 1
            error = await players[0].refused({"act": {"text": "double nil"}})
            assert (error["reason"], error["rule"]) == ("DOUBLE_NIL_NOT_ALLOWED", "P-6")
            await players[0].act(Bid(1), as_json=True)
            assert table.state.phase is Phase.EXCHANGE
            for player in players:
                await player.close()
        finally:
            await server.close()

    run(body)


def test_double_nil_is_declared_blind_at_the_first_draft_turn_two_player(tmp_path: Path) -> None:
    async def body() -> None:
        server = await start(tmp_path, rules=Rules.two_player(target=100, losing_floor=-100), humans=2)
        try:
            dee, eli = await Player.connect(server), await Player.connect(server)
            await dee.join("duo", "dee", seat=0)
            await eli.join("duo", "eli", seat=1)
            table = server.tables["duo"]
            state = table.state
            assert state.phase is Phase.DRAFT and state.turn == 0
            # The seat to draft is sent neither its hand nor the card on top of the stock.
            view = await dee.until(lambda v: True)
            assert view.sealed and view.top_of_stock is None and view.is_my_turn
            assert Bid.DOUBLE_NIL in view.legal_actions
            # Once it has looked, its Double Nil is refused under T-6.
            view = await dee.look()
            assert view.top_of_stock == state.top_of_stock and view == seat_view(state, 0)
            error = await dee.refused({"act": {"text": "dn"}})
            assert (error["reason"], error["rule"]) == ("DOUBLE_NIL_NOT_ALLOWED", "T-6")
            assert table.state is state
            await dee.act(spades.Draft.KEEP, as_json=False)
            # The other seat declares Double Nil blind at its first draft
            # turn, and then is told the card on top of the stock.
            view = await eli.until(lambda v: v.is_my_turn)
            assert view.sealed and view.top_of_stock is None and not _sent_cards(eli)
            await eli.act(Bid.DOUBLE_NIL, as_json=True)
            assert _sent_cards(eli) == ["top_of_stock"]
            assert eli.view == seat_view(table.state, 1) and eli.view.top_of_stock is not None
            # The game plays on to its end.
            views = await asyncio.gather(play_out(dee, 1), play_out(eli, 2))
            assert all(view.is_over for view in views)
            for player in (dee, eli):
                await player.close()
        finally:
            await server.close()

    run(body)


# ----------------------------------------------------------------------
# Bounds on what clients can make the server do.


def test_no_record_of_a_game_no_person_made_a_move_in(tmp_path: Path) -> None:
    # One connection joining and leaving table after table wrote a record
    # of each (unfinished, no move but the bots'): none is saved now.
    async def body() -> None:
        server = await start(tmp_path, rules=SHORT, humans=1, max_tables=1, abandon_after=60.0, room_after=0)
        records = tmp_path / "records"
        try:
            cycler = await Player.connect(server)
            for number in range(20):
                assert (await cycler.join(f"c{number}", "x"))["started"]
                assert "ok" in await cycler.request({"leave": {}})
            assert not records.exists() or list(records.iterdir()) == []
            # A person's move: the record is saved when the table closes.
            await cycler.join("moved", "x")
            await make_a_move(cycler)
            assert "ok" in await cycler.request({"leave": {}})
            await cycler.join("next", "x")  # closes "moved" to make room
            assert sorted(p.name for p in records.iterdir()) == ["moved.json", "moved.txt"]
            await cycler.close()
        finally:
            await server.close()  # "next" had no person's move: not saved either
        assert sorted(p.name for p in records.iterdir()) == ["moved.json", "moved.txt"]

    run(body)


def test_at_most_max_unfinished_unfinished_records_are_saved(tmp_path: Path) -> None:
    async def body() -> None:
        server = await start(tmp_path, rules=SHORT, humans=1, max_tables=1, max_unfinished=2, room_after=0)
        records = tmp_path / "records"
        try:
            player = await Player.connect(server)
            for name in ("a", "b", "c", "d"):
                await player.join(name, "x")
                await make_a_move(player)
                assert "ok" in await player.request({"leave": {}})
            await player.join("e", "x")  # closes d
            assert sorted(p.name for p in records.iterdir()) == ["a.json", "a.txt", "b.json", "b.txt"]
            # A finished game is saved all the same.
            view = await play_out(player, 3)
            assert view.is_over
            assert sorted(p.name for p in records.iterdir()) == ["a.json", "a.txt", "b.json", "b.txt",
                                                                 "e.json", "e.txt"]
            await player.close()
        finally:
            await server.close()
        assert server.unfinished == 2

    run(body)


def test_max_unfinished_is_checked(capsys: pytest.CaptureFixture[str]) -> None:
    for bad in (-1, 2.0, "3", True, None):
        with pytest.raises(ValueError, match="max_unfinished must be a whole number, 0 or more"):
            ts.TableServer(max_unfinished=bad)
    assert ts.TableServer(max_unfinished=0).max_unfinished == 0
    parser = ts._parser()
    assert parser.parse_args([]).max_unfinished == ts.MAX_UNFINISHED == 1000
    assert ts._options(parser.parse_args(["--max-unfinished", "0"]))["max_unfinished"] == 0
    for value in ("-1", "2.5", "many"):
        with pytest.raises(SystemExit):
            parser.parse_args(["--max-unfinished", value])
        assert "argument --max-unfinished: a whole number, 0 or more" in capsys.readouterr().err


def test_a_name_with_many_records_is_not_tried_from_the_start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    server = ts.TableServer(records=tmp_path)
    record = Record.of_state(spades.new_game(SHORT, seed=1))
    for _ in range(30):
        server._write("t", record)
    tried: list[str] = []
    link = os.link

    def counted(source: Any, target: Any) -> None:
        tried.append(Path(target).name)
        link(source, target)

    monkeypatch.setattr(os, "link", counted)
    assert server._write("t", record) == (tmp_path / "t-31.json", tmp_path / "t-31.txt")
    assert tried == ["t-31.json", "t-31.txt"]  # not t, t-2, ... t-30 first
    # A file someone else made in the meantime is still stepped over.
    (tmp_path / "t-32.json").write_text("someone else's", encoding="utf-8")
    tried.clear()
    assert server._write("t", record) == (tmp_path / "t-33.json", tmp_path / "t-33.txt")
    assert tried == ["t-32.json", "t-33.json", "t-33.txt"]
    assert (tmp_path / "t-32.json").read_text(encoding="utf-8") == "someone else's"


def _unfinished_table(name: str) -> Any:
    """A started table with a person's move, as the server keeps it."""
    state = spades.new_game(SHORT, seed=len(name))
    state = state.apply(state.legal_actions()[0])
    table = ts.Table(name=name, config=ts.TableConfig(SHORT, 1), seats=[None] * 4, state=state, acted=True)
    table.seats[0] = ts.Sitter(name="sam", token="t", client=None)
    table.bots = frozenset({1, 2, 3})
    return table


def test_records_waiting_to_be_saved_are_bounded_and_each_is_tried(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(ts, "MAX_UNSAVED", 2)
    records = tmp_path / "records"
    records.write_text("not a directory", encoding="utf-8")
    server = ts.TableServer(records=records)
    tables = {name: _unfinished_table(name) for name in ("a", "b", "c", "d")}
    for name in ("a", "b", "c"):
        server._save(tables[name])
    # The oldest is dropped, with a log error.
    assert list(server.unsaved) == [tables["b"], tables["c"]]
    assert "table a: the record is dropped, never saved" in caplog.text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["records"]
    # The directory works again, but one record (b's) still fails: the
    # others are saved all the same.
    records.unlink()
    write = server._write

    def not_b(name: str, record: Record) -> Any:
        if name == "b":
            raise OSError(5, "Input/output error")
        return write(name, record)

    monkeypatch.setattr(server, "_write", not_b)
    server._save(tables["d"])
    assert list(server.unsaved) == [tables["b"]]
    assert sorted(p.name for p in records.iterdir()) == ["c.json", "c.txt", "d.json", "d.txt"]


def test_messages_speak_json_not_python(tmp_path: Path) -> None:
    async def body() -> None:
        server = await start(tmp_path, rules=SHORT)
        try:
            client = await Player.connect(server)
            cases = [
                (b"[1, 2]", "BAD_REQUEST", "a command is a JSON object, got an array"),
                (b'"join"', "BAD_REQUEST", "a command is a JSON object, got a string"),
                (b"5.5", "BAD_REQUEST", "a command is a JSON object, got a number"),
                (b"null", "BAD_REQUEST", "a command is a JSON object, got null"),
                (b'{"join": 5}', "BAD_REQUEST", "join: expected an object, got a number"),
                (b'{"join": null}', "BAD_REQUEST", "join: expected an object, got null"),
                (b'{"view": true}', "BAD_REQUEST", "view: expected an object, got true"),
                (b'{"look": ["x"]}', "BAD_REQUEST", "look: expected an object, got an array"),
                (b'{"act": "QH"}', "BAD_REQUEST", "act: expected an object, got a string"),
                # Valid JSON, but nested too deeply or with a number of too many digits.
                (b"[" * 1000 + b"]" * 1000, "BAD_JSON", "not JSON this server reads: nested too deeply"),
                (b'{"view": ' * 2000 + b"{}" + b"}" * 2000, "BAD_JSON", "not JSON this server reads: nested too deeply"),
                (b"[" * 50_000, "BAD_JSON", "not JSON this server reads: nested too deeply"),
                # The server's own limit of 32 levels, whatever Python's decoder takes.
                (b"[" * 33 + b"]" * 33, "BAD_JSON", "not JSON this server reads: nested too deeply"),
                (b'{"view": ' * 33 + b"1" + b"}" * 33, "BAD_JSON", "not JSON this server reads: nested too deeply"),
                (b"[" * 32 + b"]" * 32, "BAD_REQUEST", "a command is a JSON object, got an array"),
                (b'{"join": {"table": "t", "name": "a", "seat": ' + b"1" * 5000 + b"}}", "BAD_REQUEST",
                 "a number of too many digits (at most 100)"),
                (b"-" + b"9" * 101, "BAD_REQUEST", "a number of too many digits (at most 100)"),
            ]
            for line, reason, message in cases:
                answer = await client.request_raw(line + b"\n")
                assert answer == {"error": {"reason": reason, "rule": "", "message": message}}, (line[:40], answer)
            # A number of 100 digits is read (and refused as a seat).
            error = await client.refused({"join": {"table": "t", "name": "a", "seat": 10**99}})
            assert (error["reason"], error["message"]) == ("BAD_REQUEST", "seat: the seats are 0..3")
            await client.close()
        finally:
            await server.close()

    run(body)


def test_a_game_a_person_moved_in_keeps_its_place_a_while(tmp_path: Path) -> None:
    # A player whose connection drops for a moment does not lose the game
    # to a stranger opening tables: its table gives way to a new one only
    # after --room-after seconds; a table no person moved in gives way at once.
    async def body() -> None:
        server = await start(tmp_path, rules=SHORT, humans=1, max_tables=2, room_after=0.5)
        try:
            vic = await Player.connect(server)
            token = (await vic.join("vic", "vic"))["token"]
            await make_a_move(vic)
            await vic.close()  # the connection drops
            assert await _eventually(lambda: server.tables["vic"].clients() == [])
            cycler = await Player.connect(server)
            for name in ("j1", "j2", "j3"):  # each closes the one before: no person moved in it
                assert (await cycler.join(name, "x"))["started"]
                assert "ok" in await cycler.request({"leave": {}})
            assert sorted(server.tables) == ["j3", "vic"]
            await make_a_move(await _rejoined(cycler, "j3"))
            assert "ok" in await cycler.request({"leave": {}})
            refused = await cycler.refused({"join": {"table": "j4", "name": "x"}})
            assert refused["reason"] == "TOO_MANY_TABLES"  # both games were moved in, a moment ago
            back = await Player.connect(server)
            assert (await back.join("vic", "vic", token=token))["rejoined"]  # the game is still there
            await make_a_move(back)  # a move: its place is kept from when it is left empty again
            await back.close()
            await asyncio.sleep(0.6)  # --room-after: now the one empty the longest gives way
            assert (await cycler.join("j4", "x"))["started"]
            assert sorted(server.tables) == ["j4", "vic"] and "j3.json" in os.listdir(server.records)
            for player in (cycler,):
                await player.close()
        finally:
            await server.close()

    run(body)


def test_coming_back_without_a_move_holds_no_table(tmp_path: Path) -> None:
    # Joining and leaving a game over and over, without a move, does not
    # restart the --room-after clock: one connection cannot hold a table's
    # place (nor many tables') that way.
    async def body() -> None:
        server = await start(tmp_path, rules=SHORT, humans=1, max_tables=1, room_after=0.5)
        try:
            holder = await Player.connect(server)
            assert (await holder.join("held", "x"))["started"]
            await make_a_move(holder)
            assert "ok" in await holder.request({"leave": {}})
            other = await Player.connect(server)
            refused = await other.refused({"join": {"table": "new", "name": "o"}})
            assert refused["reason"] == "TOO_MANY_TABLES"  # a person moved there a moment ago
            loop = asyncio.get_running_loop()
            began = loop.time()
            while loop.time() - began < 0.8:
                await _rejoined(holder, "held")
                assert "ok" in await holder.request({"leave": {}})
                await asyncio.sleep(0.05)
            assert (await other.join("new", "o"))["started"]  # the held table gave its place
            assert sorted(server.tables) == ["new"] and "held.json" in os.listdir(server.records)
            for player in (holder, other):
                await player.close()
        finally:
            await server.close()

    run(body)


async def _rejoined(player: Player, table: str) -> Player:
    """``player`` back at its seat of ``table`` with its token."""
    assert (await player.join(table, "x", token=player.token))["rejoined"]
    return player


def test_blank_lines_do_not_keep_a_connection_open(tmp_path: Path) -> None:
    async def body() -> None:
        server = await start(tmp_path, rules=SHORT, humans=2, idle_timeout=0.5)
        try:
            quiet = await Player.connect(server)
            await quiet.join("b", "bea")
            began = asyncio.get_running_loop().time()

            async def blank_lines() -> None:
                with contextlib.suppress(ConnectionError):
                    while True:
                        await quiet.send_raw(b"\n")
                        await asyncio.sleep(0.05)

            sending = asyncio.ensure_future(blank_lines())
            while (await quiet.next()).get("error", {}).get("reason") != "IDLE":
                pass
            assert asyncio.get_running_loop().time() - began < 3.0
            sending.cancel()
            await quiet.close()
        finally:
            await server.close()

    run(body)


def test_a_finished_games_table_says_the_game_is_over(tmp_path: Path) -> None:
    async def body() -> None:
        server = await start(tmp_path, rules=SHORT, humans=1, tables={"t1": ts.TableConfig(SHORT, 1)})
        try:
            ann = await Player.connect(server)
            await ann.join("t1", "ann")
            assert (await play_out(ann, 5)).is_over
            bob = await Player.connect(server)
            refused = await bob.refused({"join": {"table": "t1", "name": "bob"}})
            assert refused["reason"] == "TABLE_FULL" and "is over" in refused["message"]
            await ann.close()  # its last client goes: the name hosts a new game
            assert await _eventually(lambda: "t1" not in server.tables)
            assert not (await bob.join("t1", "bob"))["rejoined"]
            await bob.close()
        finally:
            await server.close()

    run(body)


def test_joins_and_leaves_do_not_fill_a_slow_readers_backlog(tmp_path: Path) -> None:
    # A stranger joining and leaving a table again and again sends every
    # one at it a table message each time: one who reads slowly got so
    # many that it was cut off for its backlog, and its seat freed.
    async def body() -> None:
        server = await start(tmp_path, rules=SHORT, humans=4)
        try:
            slow, held = await slow_reader(server, "g", "slow")  # then reads nothing for a while
            spam = await Player.connect(server)
            burst = b'{"join":{"table":"g","name":"spam"}}\n{"leave":{}}\n' * 50
            for _ in range(60):
                await spam.send_raw(burst)
                for _ in range(100):
                    await spam.reply()
            assert held.writer.transport.get_write_buffer_size() < ts.MAX_BACKLOG // 4
            assert server.tables["g"].seats[0].name == "slow" and server.tables["g"].seats[0].client is not None
            # Reading again, the slow player is told where everyone sits now.
            while slow.table is None or [s["player"] for s in slow.table["seats"]] != ["slow", None, None, None]:
                await slow.next()
            await spam.close()
            await slow.close()
        finally:
            await server.close()

    run(body)


def test_a_table_message_held_for_a_slow_reader_is_not_sent_once_it_has_left(tmp_path: Path) -> None:
    # A table message held back for a client that reads slowly told it,
    # after it had left, of the seats of the table it left (itself seated).
    async def body() -> None:
        server = await start(tmp_path, rules=SHORT, humans=4)
        try:
            slow, held = await slow_reader(server, "g", "slow")
            spam = await Player.connect(server)
            while held.table_timer is None:  # until a table message to the slow reader waits
                await spam.join("g", "spam")
                assert "ok" in await spam.request({"leave": {}})
            await slow.send({"leave": {}})
            left = False
            while True:
                try:
                    message = await asyncio.wait_for(slow.next(), 1.0)
                except asyncio.TimeoutError:
                    break
                assert not (left and "table" in message), message  # nothing of a table after the leave's ok
                left = left or message == {"ok": {}}
            assert left and held.table is None and held.table_message is None and held.table_timer is None
            await spam.close()
            await slow.close()
        finally:
            await server.close()

    run(body)


def test_a_game_closes_after_the_most_hands_the_server_plays(tmp_path: Path) -> None:  # V-1
    # Without a losing floor (V-1) a game can go on for ever: after
    # max_hands hands one still going closes, its record saved unfinished.
    async def body() -> None:
        server = await start(tmp_path, rules=Rules.partnership(target=10_000), humans=1, max_hands=2)
        try:
            alone = await Player.connect(server)
            await alone.join("long", "alone")
            await play_out(alone, 3, stop=lambda view: len(view.sheet) == 2)  # the events of the second hand's end
            closed = await alone.next()  # then, at once, the table closes
            assert closed["closed"]["reason"] == "MAX_HANDS" and closed["closed"]["table"] == "long", closed
            assert "long" not in server.tables and alone.view is not None and len(alone.view.sheet) == 2
            assert (await alone.refused({"view": {}}))["reason"] == "NOT_JOINED"
            paths = sorted(server.records.glob("long*"))
            assert [path.name for path in paths] == ["long.json", "long.txt"]
            record = record_from_json(paths[0].read_text(encoding="utf-8"))
            assert ("Status", "unfinished") in record.tags and len(record.replay().sheet) == 2
            assert alone.view == seat_view(record.replay(), 0, sealed=alone.view.sealed)
            await alone.close()
        finally:
            await server.close()

    run(body)
    for bad in (0, 10_001, True, 2.0):
        with pytest.raises(ValueError, match="max_hands"):
            ts.TableServer(records=tmp_path, max_hands=bad)


def test_names_that_look_alike_do_not_sit_at_one_table(tmp_path: Path) -> None:
    async def body() -> None:
        server = await start(tmp_path, rules=SHORT, humans=4)
        try:
            alice = await Player.connect(server)
            await alice.join("n", "Alice")
            other = await Player.connect(server)
            # Case, width, and variation selectors (which show nothing after a letter).
            for name in ("alice", "ALICE", "\uff41\uff4c\uff49\uff43\uff45", "\uff21lice", "Alice\ufe0f",
                         "Ali\ufe00ce", "alice\U000e0100", "Al\U000e01efice\ufe0e"):
                refused = await other.refused({"join": {"table": "n", "name": name}})
                assert refused["reason"] == "NAME_TAKEN", name
            assert (await other.join("n", "Al1ce"))["seat"] == 1  # another name
            elsewhere = await Player.connect(server)
            assert (await elsewhere.join("m", "alice"))["seat"] == 0  # another table
            # Folding the case can undo the composed form: the capital of ΐ is
            # three characters (Ι, diaeresis, acute), which compose again.
            greek, probe = await Player.connect(server), await Player.connect(server)
            assert (await greek.join("g", "\u0390"))["seat"] == 0
            for name in ("\u0390".upper(), "\u0399\u0308\u0301", "\u03aa\u0301"):
                refused = await probe.refused({"join": {"table": "g", "name": name}})
                assert refused["reason"] == "NAME_TAKEN", name
            assert "ok" in await greek.request({"leave": {}})
            assert (await greek.join("h", "\u1ff7"))["seat"] == 0
            for name in ("\u1ff7".title(), "\u1ff7".upper()):
                refused = await probe.refused({"join": {"table": "h", "name": name}})
                assert refused["reason"] == "NAME_TAKEN", name
            for player in (alice, other, elsewhere, greek, probe):
                await player.close()
        finally:
            await server.close()

    run(body)


def test_a_last_line_without_its_newline_is_not_carried_out(tmp_path: Path) -> None:
    async def body() -> None:
        server = await start(tmp_path, rules=SHORT, humans=1)
        try:
            cut = await Player.connect(server)
            await cut.send_raw(b'{"join": {"table": "c", "name": "cut"}}')  # no newline
            cut.writer.write_eof()
            assert await asyncio.wait_for(cut.reader.read(), TIMEOUT) == b""  # closed, nothing said
            await cut.close()
            assert "c" not in server.tables  # the join was not carried out
            other = await Player.connect(server)
            assert (await other.join("c", "cut"))["seat"] == 0
            await other.close()
        finally:
            await server.close()

    run(body)


def test_a_reset_connection_is_freed_at_once_not_left_to_the_garbage_collector(tmp_path: Path) -> None:
    # A connection reset by its peer left its error in its stream, and the
    # error's traceback held the server's frame that held the stream: a
    # cycle only Python's rare full collection freed, with the last lines
    # read (64 KiB each) inside it.  Under a flood of such connections the
    # server's memory grew tenfold.  With the collector off, nothing of a
    # closed connection may stay alive.
    import gc
    import struct

    async def body() -> None:
        server = await start(tmp_path, rules=SHORT, humans=1)
        loop = asyncio.get_running_loop()
        gc.collect()
        gc.disable()
        try:
            for _ in range(5):
                sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                _OPENED.append(sock)
                sock.setblocking(False)
                await loop.sock_connect(sock, server.address)
                # Lines that are each refused (an unknown field), then a reset.
                await loop.sock_sendall(sock, b'{"view": {"x": "' + b"a" * 60_000 + b'"}}\n' * 20)
                await asyncio.sleep(0.05)
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                sock.close()
            assert await _until_gone(server, 0, 5.0)
            await asyncio.sleep(0.2)
            alive = [o for o in gc.get_objects() if isinstance(o, asyncio.StreamReader)]
            assert alive == []
        finally:
            gc.enable()
            await server.close()

    run(body)


def test_connections_refused_at_once_beyond_those_being_hung_up_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Each connection over MAX_CLIENTS is answered TOO_MANY_CLIENTS and read
    # from for a moment (so that it reads its refusal): with no bound on
    # those, a flood of them used up the server's file descriptors (and
    # then a record could not be saved).  Beyond MAX_REFUSING of them at
    # once, a connection is closed at once, without a reply.
    monkeypatch.setattr(ts, "MAX_CLIENTS", 2)
    monkeypatch.setattr(ts, "MAX_REFUSING", 2)

    async def body() -> None:
        server = await start(tmp_path, rules=SHORT)
        try:
            held = [await Player.connect(server) for _ in range(2)]
            refused = [await Player.connect(server) for _ in range(2)]
            for player in refused:  # answered, then held open a moment (they send nothing, close nothing)
                assert (await player.next())["error"]["reason"] == "TOO_MANY_CLIENTS"
            reader, writer = await asyncio.open_connection(*server.address)
            try:
                first = await asyncio.wait_for(reader.read(), 1.0)  # before the others' moment is over
            except ConnectionError:
                first = b""
            assert first == b""  # closed at once: no reply
            writer.close()
            for player in refused:
                await player.close()
            assert await _eventually(lambda: server._refusing == 0)
            # Those hung up on, a connection over the limit is answered again.
            late = await Player.connect(server)
            assert (await late.next())["error"]["reason"] == "TOO_MANY_CLIENTS"
            await late.close()
            for player in held:
                await player.close()
        finally:
            await server.close()

    run(body)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="resource.prlimit on another process: Linux only")
def test_the_command_line_raises_a_low_limit_of_open_files(tmp_path: Path) -> None:
    # Under a common soft limit of 1024 open files (here 64) the server ran
    # out of descriptors before its own connection limits were reached:
    # accept() failed and a record could not be saved.  The command line
    # raises the soft limit to what it may hold, as far as the hard limit
    # lets it.
    import resource

    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = ts.MAX_CLIENTS + ts.MAX_REFUSING + 64
    if hard != resource.RLIM_INFINITY and hard < need:
        pytest.skip(f"the hard limit of open files here is {hard}")

    def low() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (64, hard))

    command = [sys.executable, str(EXAMPLE), "--port", "0", "--records", str(tmp_path), "--quiet"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(),
                               preexec_fn=low)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert re.fullmatch(r"listening on 127\.0\.0\.1:(\d+)\n", line), line
        soft, _hard = resource.prlimit(process.pid, resource.RLIMIT_NOFILE)
        assert soft == need
    finally:
        process.terminate()
        _out, err = process.communicate(timeout=30)
    assert err == ""


def test_a_look_that_shows_no_card_costs_no_double_nil_two_player(tmp_path: Path) -> None:  # T-6
    # The second player holds no card before its first draft turn, and its
    # view shows none: a look then showed it nothing, yet counted, and its
    # Double Nil at that first turn was refused (T-6: declared before
    # choosing its first card).  A look counts once it shows a card.
    async def body() -> None:
        server = await start(tmp_path, rules=Rules.two_player(target=100, losing_floor=-100), humans=2)
        try:
            dee, eli = await Player.connect(server), await Player.connect(server)
            await dee.join("duo", "dee", seat=0)
            await eli.join("duo", "eli", seat=1)
            table = server.tables["duo"]
            # A look during seat 0's first turn: nothing to show, still sealed.
            assert (await eli.request({"look": {}})) == {"ok": {}}
            assert "view" in await eli.next()
            assert eli.view is not None and eli.view.sealed and not eli.view.hand and eli.view.top_of_stock is None
            assert not table.has_looked(1)
            # Seat 0's look at its first turn shows the card on top of the stock: it counts.
            view = await dee.look()
            assert view.top_of_stock is not None and table.has_looked(0)
            await dee.act(spades.Draft.KEEP, as_json=False)
            view = await eli.until(lambda v: v.is_my_turn)
            assert view.sealed and view.top_of_stock is None and not _sent_cards(eli)
            await eli.act(Bid.DOUBLE_NIL, as_json=True)  # accepted
            assert table.state.bids[1] == Bid.DOUBLE_NIL
            for player in (dee, eli):
                await player.close()
        finally:
            await server.close()

    run(body)
