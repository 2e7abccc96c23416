"""Build the position suite: each position is a real game (a chosen deal,
then bids and cards through ``GameState.apply``) stopped where a player
must choose, saved as the player's view with the moves a good player would
make and why.

Run ``python tests/positions/make.py`` to write ``tests/positions/*.json``
again.  A deal names the cards that matter; the rest of the deck is dealt
to the other seats by a seeded shuffle that keeps the suits each seat is
said to be void in away from it.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from spades import Card, CardSet, Deal, Draft, GameState, Rules, Stock, new_game, seat_view
from spades.actions import Action
from spades.serial import to_dict

HERE = Path(__file__).resolve().parent


@attrs.frozen
class Position:
    """One position: how to reach it, and the good moves."""

    name: str
    reason: str
    good: tuple[str, ...]
    rules: Rules
    hands: dict[int, str]
    bids: tuple[str, ...] = ()
    plays: tuple[str, ...] = ()
    voids: dict[int, str] = attrs.field(factory=dict)


def _fill(rules: Rules, hands: dict[int, str], voids: dict[int, str], seed: int) -> tuple[CardSet, ...] | None:
    """The whole deal: the named cards, the rest shuffled to the seats with
    room, never into a suit a seat is void in."""
    rng = random.Random(seed)
    given = [CardSet.parse(hands.get(seat, "-")) if hands.get(seat) else CardSet(0) for seat in range(rules.players)]
    taken = 0
    for hand in given:
        assert not taken & hand.mask, "a card is named twice"
        taken |= hand.mask
    rest = [Card(i) for i in range(54) if rules.deck_mask >> i & 1 and not taken >> i & 1]
    rng.shuffle(rest)
    masks = [h.mask for h in given]
    suit_of = rules.suit_of
    void_suits = {seat: {"SHDC".index(letter) for letter in text} for seat, text in voids.items()}
    for card in rest:
        suit = 3 - suit_of[card]  # "SHDC" order
        seats = [
            s for s in range(rules.players) if masks[s].bit_count() < rules.hand_size and suit not in void_suits.get(s, set())
        ]
        if not seats:
            return None
        seat = min(seats, key=lambda s: (masks[s].bit_count() - rng.random() * 3))
        masks[seat] |= 1 << card
    return tuple(CardSet(m) for m in masks)


def _action(state: GameState, text: str) -> Action:
    return state.parse_action(text)


def reach(position: Position) -> GameState:
    """The game stopped at the position."""
    rules = position.rules
    for seed in range(500):
        hands = _fill(rules, position.hands, position.voids, seed)
        if hands is None:
            continue
        state = new_game(rules).apply(Deal(hands))
        try:
            for text in position.bids + position.plays:
                state = state.apply(_action(state, text))
        except Exception:  # a fill that breaks a scripted card: try another
            continue
        return state
    raise SystemExit(f"{position.name}: no deal makes the script legal")


def draft_position(name: str, reason: str, good: tuple[str, ...], stock: str, choices: Sequence[str]) -> tuple[Position, GameState]:
    """A two-player draft position: a chosen stock, then draft choices."""
    rules = Rules.two_player()
    order = [Card.parse(t) for t in stock.split()]
    rest = [Card(i) for i in range(52) if Card(i) not in order]
    random.Random(1).shuffle(rest)
    state = new_game(rules).apply(Stock(tuple(order + rest)))
    for text in choices:
        state = state.apply(Draft.parse(text))
    return Position(name, reason, good, rules, {}), state


P = Rules.partnership()
DEALER_1 = Rules.partnership(first_dealer=1)  # seat 2 bids and leads first
DEALER_2 = Rules.partnership(first_dealer=2)  # seat 3 bids and leads first
DEALER_3 = Rules.partnership(first_dealer=3)  # seat 0 bids and leads first

POSITIONS: tuple[Position, ...] = (
    Position(
        "cover-partners-nil",
        "Partner (seat 1) bid Nil and plays last to this trick: cover the queen with the king, so that partner can play under it.",
        ("KH",),
        DEALER_1,
        {3: "KH 4H 3H 9C 8C 7C 6D 5D 4D 3D 2D 2C 3C", 2: "QH 5S 6S"},
        bids=("3", "4", "4", "nil"),
        plays=("QH",),
    ),
    Position(
        "overtake-partners-nil",
        "Partner (seat 3) bid Nil and is winning the trick with the nine: overtake with the jack, the only diamond that beats it.",
        ("JD",),
        DEALER_2,
        {3: "9D", 0: "3D", 1: "JD 5D 2D KS QS 7H 6H 5H 8C 7C 6C 5C 4C"},
        bids=("nil", "3", "4", "4"),
        plays=("9D", "3D"),
    ),
    Position(
        "do-not-overtake-partner-contract-made",
        "The contract (2) is made and partner's queen is winning: play under it, keeping the ace; overtaking only buys a bag.",
        ("7H", "3H"),
        DEALER_3,
        {0: "AC AD QH 2S", 1: "2C 3D 4H", 2: "3C 4D AH 7H 3H", 3: "4C 5D"},
        bids=("1", "3", "1", "3"),
        plays=("AC", "2C", "3C", "4C", "AD", "3D", "4D", "5D", "QH", "4H"),
    ),
    Position(
        "shed-the-ace-when-bags-are-near",
        "The contract (2) is made with a trick to spare and three bags cost a penalty: void in clubs, throw away the ace of diamonds, a sure trick (a bag) later.",
        ("AD",),
        Rules.partnership(first_dealer=3, bags_per_penalty=3),
        {0: "AC KC QC JC", 1: "2C 3C 4C 5C", 2: "6C 7C 8C AD 2D 3D 4H", 3: "9C TC 2H"},
        bids=("1", "3", "1", "3"),
        plays=("AC", "2C", "6C", "9C", "KC", "3C", "7C", "TC", "QC", "4C", "8C", "2H", "JC", "5C"),
        voids={2: "CS", 3: "C"},
    ),
    Position(
        "lead-a-low-spade-to-pull-trumps",
        "Five spades without the top ones and no side winner: lead a low spade, so that partner can win with a high one and the opponents' trumps come out.",
        ("5S", "8S"),
        DEALER_3,
        {
            0: "QS JS 9S 8S 5S 3S QH JH TH 9H 8D 7D 6D",
            1: "2D AC 4C",
            2: "KD 2C",
            3: "AD 5C",
        },
        bids=("4", "3", "3", "3"),
        plays=("6D", "2D", "KD", "AD", "5C", "3S", "4C", "2C"),
    ),
    Position(
        "set-opponents-nil-with-a-low-card",
        "Seat 1 bid Nil and its jack is winning: play a heart under it, leaving the Nil bidder the trick.",
        ("5H", "2H"),
        DEALER_3,
        {0: "3H", 1: "JH", 2: "QH 5H 2H AS TS 8D 6D 5D 8C 7C 6C 4D 3D"},
        bids=("4", "nil", "4", "4"),
        plays=("3H", "JH"),
    ),
    Position(
        "second-hand-low",
        "Second to play with partner still to come: play low and keep the king, which the ace would catch now.",
        ("3D",),
        DEALER_1,
        {2: "5D", 3: "KD 8D 3D AH KH"},
        bids=("3", "4", "3", "3"),
        plays=("5D",),
    ),
    Position(
        "third-hand-high",
        "Partner led low and the opponent played the nine: third hand high, the queen (or its equal the king) forces out the ace.",
        ("QC", "KC"),
        DEALER_3,
        {0: "4C", 1: "9C", 2: "KC QC 5C"},
        bids=("3", "3", "4", "3"),
        plays=("4C", "9C"),
    ),
    Position(
        "win-cheaply",
        "Last to play against the opponent's queen: the king wins as surely as the ace and keeps the ace.",
        ("KH",),
        DEALER_3,
        {0: "JH", 1: "3H", 2: "QH", 3: "AH KH 4H"},
        bids=("3", "4", "3", "3"),
        plays=("JH", "3H", "QH"),
    ),
    Position(
        "trump-when-void-if-the-contract-needs-it",
        "Void in clubs, last to play, the contract needs tricks and the opponents are winning: trump with the lowest spade.",
        ("4S",),
        DEALER_3,
        {0: "KC", 1: "2C", 2: "5C", 3: "4S JS AH 8H 6H 3H 2H JD 8D 6D 5D 4D 3D"},
        bids=("3", "5", "3", "4"),
        plays=("KC", "2C", "5C"),
        voids={3: "C"},
    ),
    Position(
        "do-not-trump-partners-winner",
        "Partner's ace of clubs is winning and nobody plays after: void in clubs, throw a low card rather than trump partner's trick.",
        ("2D", "3D", "2H"),
        DEALER_3,
        {0: "6C", 1: "AC", 2: "9C", 3: "4S JS 2H 5H 9H KH 2D 3D 7D 9D QD TD 8D"},
        bids=("3", "4", "3", "4"),
        plays=("6C", "AC", "9C"),
        voids={3: "C"},
    ),
    Position(
        "lead-low-into-opponents-nil",
        "Seat 1, next to play, bid Nil: lead a two, so that the Nil bidder must find a card under the others'.",
        ("2C", "2H"),
        DEALER_3,
        {0: "2C 3C QC 2H 4H JH KS AS 9D 8D 7D 6D 5D"},
        bids=("4", "nil", "3", "5"),
        plays=(),
    ),
    Position(
        "nil-plays-its-highest-loser",
        "Seat 1 bid Nil; the king is winning the trick: play the jack, the highest diamond that stays under it.",
        ("JD",),
        DEALER_3,
        {0: "KD", 1: "JD 9D AD 2C 3C 4C 5C 6C 2H 3H 4H 5H 6H"},
        bids=("4", "nil", "4", "4"),
        plays=("KD",),
    ),
    Position(
        "nil-void-discards-the-ace",
        "A Nil bidder void in the suit led: throw away the ace of hearts, the card that would surely win a trick later.",
        ("AH",),
        DEALER_3,
        {0: "9C", 1: "AH 2H 3H 2S 3S 2D 3D 4D 5D 6D 7D 8D 9D"},
        bids=("4", "nil", "4", "4"),
        plays=("9C",),
        voids={1: "C"},
    ),
    Position(
        "nil-leads-low",
        "A Nil bidder on lead: lead the two of clubs, under which nobody can play.",
        ("2C", "2D", "3C"),
        P,
        {1: "2C 3C 9H 8H 7H 2D 4D 5D 6D 7D 8D 9D TD"},
        bids=("nil", "4", "4", "4"),
        plays=(),
    ),
    Position(
        "lead-from-strength-for-partners-nil",
        "Partner bid Nil: lead a winner (the ace, king and queen of hearts and the ace and king of clubs all are), so that partner can play under it safely.",
        ("AH", "KH", "QH", "AC", "KC"),
        DEALER_3,
        {0: "AH KH QH AC KC 2D 3D 4D 5D 6D 7D 8D 9D"},
        bids=("5", "3", "nil", "3"),
        plays=(),
    ),
    Position(
        "bid-nil-on-a-weak-hand",
        "No card above the eight, two low spades and long suits to play under others: bid Nil.",
        ("nil",),
        DEALER_3,
        {0: "2S 3S 2H 4H 6H 8H 3D 5D 7D 2C 4C 6C 8C"},
        bids=(),
        plays=(),
    ),
    Position(
        "bid-the-sure-tricks",
        "Four top spades, the ace and king of hearts and the ace of diamonds: seven tricks.",
        ("7",),
        DEALER_3,
        {0: "AS KS QS JS AH KH 2H AD 3D 2D 5C 4C 3C"},
        bids=(),
        plays=(),
    ),
    Position(
        "no-nil-with-an-ace",
        "A weak hand but a singleton ace, which cannot be kept from winning (and a low spade may ruff hearts after it): bid one or two, not Nil.",
        ("1", "2"),
        DEALER_3,
        {0: "AH 2S 3S 2D 3D 4D 5D 6D 2C 3C 4C 5C 6C"},
        bids=(),
        plays=(),
    ),
    Position(
        "cutthroat-win-cheaply",
        "Cutthroat, last to play, short of the bid and the nine of spades has trumped the heart: the ten overtrumps as surely as the ace.",
        ("TS",),
        Rules.cutthroat(3, three_player_deck="remove-two-of-clubs"),
        {1: "4H", 2: "9S", 0: "TS AS 3S 3C"},
        bids=("5", "5", "4"),
        plays=("4H", "9S"),
        voids={0: "H", 2: "H"},
    ),
    Position(
        "jokers-little-joker-is-enough",
        "Jokers deck, void in hearts, the contract needs tricks and the opponent trumped partner's king with the ace of spades: the little joker beats it and nothing out beats the little joker; keep the big one.",
        ("LJ",),
        Rules.jokers(first_dealer=3),
        {0: "KH", 1: "AS", 2: "BJ LJ 3S 3C"},
        bids=("3", "4", "3", "4"),
        plays=("KH", "AS"),
        voids={1: "H", 2: "H"},
    ),
    Position(
        "trump-to-cover-partners-nil",
        "Partner (seat 1) bid Nil and plays last; void in clubs: trump the queen, so that partner's clubs all stay under.",
        ("4S", "JS"),
        DEALER_1,
        {2: "QC", 3: "4S JS AH 2H"},
        bids=("3", "4", "4", "nil"),
        plays=("QC",),
        voids={3: "C"},
    ),
)

DRAFTS = (
    (
        "draft-keep-the-ace-of-spades",
        "Two-player draft: the ace of spades is a sure trick; keep it.",
        ("keep",),
        "AS 2H",
        (),
    ),
    (
        "draft-reject-a-low-heart",
        "Two-player draft: a low heart is worth less than the next card drawn blind; let it go.",
        ("reject",),
        "AS 2H 7H 3C",
        ("keep",),
    ),
)


def document(position: Position, state: GameState) -> dict[str, Any]:
    """The saved position: the seat's view and the good moves."""
    seat = state.turn
    assert seat is not None
    view = seat_view(state, seat)
    legal = {str(action) for action in view.legal_actions}
    missing = set(position.good) - legal
    assert not missing, f"{position.name}: good moves {missing} are not legal"
    return {"name": position.name, "reason": position.reason, "good": list(position.good), "view": to_dict(view)}


def main(argv: Sequence[str]) -> int:
    built = [(p, reach(p)) for p in POSITIONS] + [draft_position(*d) for d in DRAFTS]
    for path in HERE.glob("*.json"):
        path.unlink()
    for number, (position, state) in enumerate(built, 1):
        path = HERE / f"{number:02d}-{position.name}.json"
        path.write_text(json.dumps(document(position, state), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(built)} positions to {HERE}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
