"""A game server's move check: read a client's move, ask ``explain``, apply.

Usage: ``python examples/validate_moves_server.py``

The server holds the one true :class:`spades.GameState`.  Clients send
``(seat, text)`` messages; the server parses the text, asks
``state.explain(move, seat=seat)`` why the move would be illegal (``None``
when it is legal), and either applies it or answers with the machine-readable
reason and the rule id.  A refused move leaves the state as it was.  Each
client is shown only its own seat's view; the state, the seed and the game's
record stay on the server.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

import spades
from spades import Bid, Card, GameState, Phase, seat_view


@attrs.frozen
class Answer:
    """The server's reply to one message."""

    accepted: bool
    reason: str  # "" when accepted, else a spades.Reason name or BAD_INPUT
    message: str


def read_move(state: GameState, text: str) -> spades.Action:
    """A card during the play, a bid otherwise (raises spades.ParseError)."""
    if state.phase is Phase.PLAY:
        return Card.parse(text)
    return Bid.parse(text)


def handle(state: GameState, seat: int, text: str) -> tuple[GameState, Answer]:
    """Check one client message and apply it if it is legal."""
    try:
        move = read_move(state, text)
    except spades.ParseError as error:
        return state, Answer(False, "BAD_INPUT", str(error))
    illegal = state.explain(move, seat=seat)
    if illegal is not None:
        return state, Answer(False, illegal.reason.value, str(illegal))
    return state.apply(move, seat=seat), Answer(True, "", f"seat {seat}: {move}")


MESSAGES = (
    (2, "4"),          # out of turn: seat 1 bids first (P-3)
    (1, "fourteen"),   # not a bid at all
    (1, "14"),         # out of range (C-3)
    (1, "3"),
    (2, "4"),
    (3, "2"),
    (0, "3"),
    (1, "9s"),         # spades not broken (C-4)
    (1, "AH"),
    (2, "2S"),         # must follow hearts (C-5)
    (2, "5H"),
    (3, "KS"),         # not in seat 3's hand
    (3, "7H"),
    (0, "2H"),
)


def serve(messages: Iterable[tuple[int, str]], seed: int) -> GameState:
    """Run the scripted messages against a new seeded game, printing each answer.

    The scripted moves need a known deal, hence a known seed.  A real server
    draws each game's seed with ``spades.new_seed()`` and keeps it secret:
    the seed gives away every hand."""
    state = spades.new_game(spades.Rules.partnership(), seed=seed)
    for seat, text in messages:
        before = state
        state, answer = handle(state, seat, text)
        if answer.accepted:
            print(f"accepted  {answer.message}")
        else:
            if state is not before:
                raise RuntimeError("a refused move must leave the state as it was")
            print(f"refused   seat {seat} {text!r}: {answer.reason}: {answer.message}")
    view = seat_view(state, 0)
    print(f"seat 0 sees: hand {view.hand}, cards held {view.hand_sizes}, tricks won {view.tricks_won}")
    return state


def main() -> int:
    serve(MESSAGES, seed=7)  # a fixed seed for the script only
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
