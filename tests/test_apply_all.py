"""The loaders' replay (``spades.state.apply_all``) against ``apply()`` one
action at a time: the same states, the same errors (C-4..C-7, V-7, V-9,
V-10 through the cards it walks without making the states between)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings, strategies as st

from spades import Card, CardSet, Rules, new_game
from spades.errors import IllegalActionError, SpadesError
from spades.state import GameState, apply_all

from _games import seeded_hands, void_with_a_choice
from strategies import rules_strategy


def _same(got: GameState, expected: GameState) -> None:
    assert got == expected
    assert got.legal_actions() == expected.legal_actions()
    assert got.history == expected.history and got.sheet == expected.sheet
    assert got.turn == expected.turn and got.trick == expected.trick and got.tricks_won == expected.tricks_won


def test_every_prefix_of_games_of_every_preset_reaches_the_step_by_step_state() -> None:
    """C-4..C-7, V-7, V-9, V-10: every preset and the first-trick options."""
    presets = [Rules.partnership(), Rules.two_player(), Rules.openspiel(), Rules.pagat(), Rules(deck="jokers"),
               Rules(players=3), Rules(players=4, partners=False), Rules(first_lead="two-of-clubs"),
               Rules(no_spades_first_trick=True), Rules(deck="joker-joker-deuce-deuce")]
    for rules in presets:
        for seed in range(4):
            states, actions = seeded_hands(rules, seed, 2)
            for end in range(len(actions) + 1):
                _same(apply_all(states[0], actions[:end]), states[end])
            # From the middle of a trick and of the bidding too.
            for start in range(0, len(actions), 11):
                _same(apply_all(states[start], actions[start:]), states[-1])


@settings(max_examples=25, deadline=None)
@given(rules=rules_strategy(), seed=st.integers(0, 2**32), cut=st.integers(0, 10**6))
def test_random_rules_random_games(rules: Rules, seed: int, cut: int) -> None:
    states, actions = seeded_hands(rules, seed, 2)
    end = cut % (len(actions) + 1)
    _same(apply_all(states[0], actions[:end]), states[end])


def _error(call: object) -> tuple[type, str, object, object]:
    try:
        call()  # type: ignore[operator]
    except SpadesError as error:
        reason = error.reason if isinstance(error, IllegalActionError) else None
        rule = error.rule if isinstance(error, IllegalActionError) else None
        return type(error), str(error), reason, rule
    raise AssertionError("no error")


def test_an_illegal_card_in_a_run_raises_what_apply_raises() -> None:
    """C-4, C-5: a card not held, a revoke, a spade led too soon, a forged
    card: the error ``apply()`` gives at that state."""
    rng = random.Random(3)
    checked = 0
    for rules in (Rules.partnership(), Rules(deck="jokers"), Rules(no_spades_first_trick=True)):
        for seed in range(6):
            states, actions = seeded_hands(rules, seed, 1)
            for end in rng.sample(range(len(actions)), 12):
                state = states[end]
                if state.phase.name != "PLAY":
                    continue
                legal = state.legal_actions()
                bad = [card for card in CardSet(rules.deck_mask) if card not in legal]
                forged = [int.__new__(Card, 99), int.__new__(Card, -1)]  # built around Card()'s checks
                for card in [rng.choice(bad), *forged] if bad else forged:
                    expected = _error(lambda: state.apply(card))
                    assert _error(lambda: apply_all(states[0], actions[:end] + [card] + actions[end:])) == expected
                    checked += 1
    assert checked > 50


def test_a_bid_or_anything_else_in_the_play_raises_what_apply_raises() -> None:
    states, actions = seeded_hands(Rules.partnership(), 8, 1)
    middle = next(i for i, s in enumerate(states) if s.phase.name == "PLAY" and len(s.trick) == 2)
    for thing in (actions[0], "QH", None, 3):
        expected = _error(lambda: states[middle].apply(thing))  # type: ignore[arg-type]
        assert _error(lambda: apply_all(states[0], actions[:middle] + [thing])) == expected



def test_a_void_seat_on_the_first_trick_is_held_to_the_first_trick_rule() -> None:
    """V-7 (no spades on the first trick): a seat void in the suit led, in
    the middle of the first trick, may not play a spade while it holds
    another card; the walk works out its legal cards as apply() does."""
    rules = Rules(no_spades_first_trick=True)
    masks = rules.suit_masks
    found = 0
    for seed in range(400):
        state = new_game(rules, seed=seed)
        actions: list[Any] = []
        while state.phase.name != "PLAY":
            actions.append(state.legal_actions()[-1])
            state = state.apply(actions[-1])
        for _ in range(rules.players - 1):  # the first trick's first cards
            actions.append(state.legal_actions()[0])
            state = state.apply(actions[-1])
            held = state.hand(state.turn).mask  # type: ignore[arg-type]
            led = rules.suit_of[state.trick[0]]
            spades = held & masks[3]
            if not held & masks[led] and spades and held & ~spades:
                walked = apply_all(new_game(rules, seed=seed), actions)
                assert walked == state and walked.legal_actions() == state.legal_actions()
                assert not any(masks[3] >> card & 1 for card in walked.legal_actions() if isinstance(card, Card))
                spade = next(iter(CardSet(spades)))
                expected = _error(lambda: state.apply(spade))
                assert _error(lambda: apply_all(new_game(rules, seed=seed), actions + [spade])) == expected
                found += 1
                break
        if found >= 3:
            break
    assert found >= 3


def test_the_tricks_walked_are_each_hands_completed_tricks() -> None:
    """C-7: the tricks a replay from the start puts at each hand's number
    are that hand's completed tricks, each won by its highest spade or card
    of the suit led, the winner leading next: every trick of a finished
    hand but its last (its last card is played by apply()), and the
    completed tricks of the hand in progress."""
    from spades.tricks import walk_tricks_of

    for rules in (Rules.partnership(), Rules.two_player(), Rules(players=3), Rules(deck="jokers")):
        for seed in range(3):
            states, actions = seeded_hands(rules, seed, 3)
            for end in range(0, len(actions) + 1, 3):
                tricks: dict[int, list[Any]] = {99: ["stale"]}
                state = apply_all(states[0], actions[:end], tricks)
                _same(state, states[end])
                assert tricks.pop(99) == ["stale"]  # no other hand's entry is touched
                for row in state.sheet:
                    plays = [a for a in row.actions if type(a) is Card]
                    first = next(s.first_leader for s in states if s.hand_number == row.number and s.first_leader is not None)
                    assert first is not None
                    every = walk_tricks_of(rules.players, rules.deck_facts, first, plays)
                    assert tricks.pop(row.number) == every[:-1]
                if state.first_leader is not None and (state.trick or sum(state.tricks_won)):
                    done = sum(state.tricks_won) * rules.players
                    plays = [a for a in state.history if type(a) is Card][:done]
                    expected = walk_tricks_of(rules.players, rules.deck_facts, state.first_leader, plays)
                    assert tricks.pop(state.hand_number) == expected
                assert tricks == {}  # nothing for a hand whose play has not begun
            # A replay from the middle of a hand leaves the dict alone.
            middle = next(i for i, s in enumerate(states) if s.trick)
            untouched: dict[int, list[Any]] = {}
            apply_all(states[middle], actions[middle:middle + 5], untouched)
            assert untouched == {}


def test_a_bid_that_is_not_legal_raises_what_apply_raises() -> None:
    """C-3, P-6, T-6, V-2, V-3, V-6: in the bidding, a bid the state does
    not allow, or anything but a bid, stops the replay with apply()'s error;
    an equal bid that is not one of the state's own objects is taken as
    apply() takes it."""
    from spades import Bid
    from spades.actions import BIDS

    restricted = [Rules.partnership(), Rules(min_bid=2, min_side_bid=4), Rules(max_side_contract=9, nil_allowed=False),
                  Rules(bids_may_not_total_tricks=True), Rules.two_player()]
    checked = 0
    for rules in restricted:
        for seed in range(3):
            states, actions = seeded_hands(rules, seed, 2)
            for end, state in enumerate(states[:-1]):
                if state.phase.name != "BID":
                    continue
                legal = state.legal_actions()
                others = [bid for bid in [*BIDS[: rules.hand_size + 1], Bid.DOUBLE_NIL] if bid not in legal]
                for thing in [*others[:3], Card(0), "3"]:
                    expected = _error(lambda: state.apply(thing))  # type: ignore[arg-type]
                    assert _error(lambda: apply_all(states[0], actions[:end] + [thing] + actions[end:])) == expected
                    checked += 1
                copy = Bid(legal[-1].tricks, double_nil=legal[-1].double_nil)  # type: ignore[union-attr]
                _same(apply_all(states[0], actions[:end] + [copy]), state.apply(copy))
    assert checked > 100


def _outcome(call: Any) -> object:
    """What ``call()`` gives: the state reached, with its legal actions and
    the fields a replay fills in, or the error it raises (type, words,
    reason, rule)."""
    try:
        state = call()
    except SpadesError as error:
        reason = error.reason if isinstance(error, IllegalActionError) else None
        rule = error.rule if isinstance(error, IllegalActionError) else None
        return type(error), str(error), reason, rule
    return state, tuple(state.legal_actions()), state.history, state.turn, state.trick, state.tricks_won


def _step_by_step(state: GameState, actions: list[Any]) -> GameState:
    for action in actions:
        state = state.apply(action)
    return state


def test_any_card_at_any_place_of_a_trick_gives_what_apply_gives() -> None:
    """C-4..C-7, V-7: from the start of each trick of a hand, the trick's
    cards and the next trick's, with each place in turn given every card of
    the deck (held by the seat or by another, played before, of the suit
    led or not, a spade before spades are broken, on the first trick or
    later), a card forged around ``Card()``'s checks, the card's number as
    a plain ``int``, and actions of other kinds (each also in a walk from
    the hand's first state, where it stands in a trick the walk reaches):
    the walk of whole tricks at once and the walk card by card give the
    state ``apply()`` reaches one card at a time, or raise what it raises,
    with its words, reason and rule."""
    from spades import Bid, Draft

    presets = [Rules.partnership(), Rules(no_spades_first_trick=True), Rules(first_lead="two-of-clubs"),
               Rules(deck="jokers"), Rules(deck="joker-joker-deuce-deuce"), Rules.two_player(), Rules(players=3, partners=False),
               Rules(no_spades_first_trick=True, first_lead="two-of-clubs"),
               Rules(no_spades_first_trick=True, deck="jokers")]
    others: list[Any] = [int.__new__(Card, 99), int.__new__(Card, -1), Bid(3), Draft.KEEP, 3, "QH", None]
    compared = accepted = 0
    games = [seeded_hands(rules, seed, 1) for rules in presets for seed in range(2)]
    games += _first_trick_voids(Rules(no_spades_first_trick=True), 2)  # V-7 for a seat void on the first trick
    games += _first_trick_voids(Rules(no_spades_first_trick=True, deck="jokers"), 1)
    for number, (states, actions) in enumerate(games):
        rules = states[0].rules
        deck = list(CardSet(rules.deck_mask))
        starts = [i for i, s in enumerate(states[:-1]) if s.phase.name == "PLAY" and not s.trick]
        for start in starts[:: 1 + number % 2]:  # every trick of half the games, every other of the rest
            run = actions[start : start + 2 * rules.players]
            for place in range(min(rules.players, len(run))):
                plain = int(run[place]) if type(run[place]) is Card else 0  # the card's number, not a Card
                for thing in deck + others + [plain]:
                    changed = run[:place] + [thing] + run[place + 1 :]
                    expected = _outcome(lambda: _step_by_step(states[start], changed))
                    assert _outcome(lambda: apply_all(states[start], changed)) == expected, (rules, start, place, thing)
                    # And from the hand's first state, through the tricks before.
                    if (place and thing in deck[::5]) or type(thing) is not Card:
                        whole = actions[:start] + changed
                        assert _outcome(lambda: apply_all(states[0], whole)) == _outcome(
                            lambda: _step_by_step(states[0], whole)), (rules, start, place, thing)
                    compared += 1
                    accepted += type(expected) is not tuple or len(expected) != 4
    assert compared > 10_000 and 0 < accepted < compared


def _first_trick_voids(rules: Rules, count: int) -> list[tuple[list[GameState], list[Any]]]:
    """Seeded one-hand games of ``rules`` (random legal actions) where a
    seat void in the suit led to the first trick, holding spades and other
    cards, follows in it: the first ``count`` found in seeds 0 to 999."""
    found = []
    for seed in range(1000):
        states, actions = seeded_hands(rules, seed, 1)
        first = next(i for i, s in enumerate(states) if s.phase.name == "PLAY")
        if any(void_with_a_choice(state, state.turn) for state in states[first + 1 : first + rules.players]):  # type: ignore[arg-type]
            found.append((states, actions))
        if len(found) == count:
            break
    assert len(found) == count
    return found


def test_tricks_of_cards_from_the_wrong_seats_give_what_apply_gives() -> None:
    """C-5, C-7, V-7: four-seat tricks whose followers' cards come from
    other seats than the ones whose turn it is (each of the 64 ways to give
    the three places a seat, the right one among them), each the lowest
    card such a seat could follow with, and tricks whose
    followers play again a card they played before (of the suit led when
    they can): the walk, which checks a whole trick at once, refuses what
    ``apply()`` refuses and takes what it takes.  Among the games, first
    tricks where a seat void in the suit led holds spades (V-7)."""
    compared = 0
    games = [seeded_hands(Rules.partnership(), seed, 1) for seed in range(3)]
    games += _first_trick_voids(Rules(no_spades_first_trick=True), 3)
    games += _first_trick_voids(Rules(no_spades_first_trick=True, deck="jokers"), 2)
    for states, actions in games:
        rules = states[0].rules
        masks = rules.suit_masks
        starts = [i for i, s in enumerate(states[:-1]) if s.phase.name == "PLAY" and not s.trick]
        for start in starts:
            state = states[start]
            lead = actions[start]
            led = rules.suit_of[lead]
            hands = [state.hand(seat).mask for seat in range(4)]
            followers = [(state.turn + k) % 4 for k in (1, 2, 3)]  # type: ignore[operator]
            tricks = []
            for seats in [(a, b, c) for a in range(4) for b in range(4) for c in range(4)]:
                trick: list[Any] = [lead]
                used = 1 << lead
                for seat in seats:
                    held = hands[seat] & ~used
                    pool = (held & masks[led]) or held
                    if not pool:
                        break
                    card = next(iter(CardSet(pool & -pool)))
                    trick.append(card)
                    used |= 1 << card
                else:
                    tricks.append(trick)
            # Each follower plays again a card it played before (one of the suit led, if it played one).
            before = [0, 0, 0, 0]
            for index, card in enumerate(actions[:start]):
                if type(card) is Card and states[index].phase.name == "PLAY":
                    before[states[index].turn] |= 1 << card  # type: ignore[index]
            again = [(before[seat] & masks[led]) or before[seat] for seat in followers]
            if all(again):
                tricks.append([lead] + [next(iter(CardSet(mask & -mask))) for mask in again])
            for trick in tricks:
                rest = trick + actions[start + 4 : start + 8]
                expected = _outcome(lambda: _step_by_step(state, rest))
                assert _outcome(lambda: apply_all(state, rest)) == expected, (rules, start, trick)
                compared += 1
    assert compared > 1000
