"""Gaps in the view loader's tests found by the mutation run of
``spades._witness`` (tests/MUTANTS.md): the words of each refusal of the
game behind a view (a view no game gives is refused naming the rule it
breaks), and the placer's answers when it is called directly.

Each forged view is a real view with one thing changed; the real view
itself loads, and the forged one is refused, by :func:`game_behind` and by
the loader (``view_from_dict``), with the same words.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from spades import (
    Bid, Card, CardSet, Deal, Draft, Exchange, GameState, Phase, Rules, SpadesError, StateError, new_game, seat_view,
)
from spades._witness import Impossible, first_match, game_behind
from spades.serial import view_from_dict
from spades.view import SeatView

from _forgery import NO_GAME, loads_as_itself, plain_dict, refused_behind



def _cards(*texts: str) -> CardSet:
    return CardSet.from_cards([Card.parse(text) for text in texts])


# ----------------------------------------------------------------------
# Partnership: the Double Nil exchange (P-6).


def _exchange_state() -> GameState:
    """Seat 1 bids Double Nil; its partner, seat 3, gives first (P-6)."""
    state = new_game(Rules.partnership(), seed=3)
    for bid in (Bid.DOUBLE_NIL, Bid(3), Bid(4), Bid(3)):  # seats 1, 2, 3, 0 (P-3)
        state = state.apply(bid)
    assert state.phase is Phase.EXCHANGE and state.turn == 3
    return state


def test_an_exchange_turn_of_a_seat_with_no_exchange_is_refused() -> None:  # P-6
    view = seat_view(_exchange_state(), 0)
    refused_behind(view, "seat 0 has no exchange to make (P-6)", turn=0)


def test_a_receiver_holding_fewer_cards_than_it_was_given_is_refused() -> None:  # P-6
    state = _exchange_state()
    state = state.apply(Exchange(CardSet.from_cards(list(state.hand(3))[:3])))
    view = seat_view(state, 3)
    assert view.hand_sizes == (13, 16, 13, 10) and len(view.gave) == 3
    refused_behind(view, "seat 1 holds fewer cards than this seat gave it (P-6)", hand_sizes=(13, 2, 13, 10))


def test_hand_sizes_that_do_not_add_up_to_the_deck_are_refused() -> None:  # C-1, P-2
    state = _exchange_state()
    state = state.apply(Exchange(CardSet.from_cards(list(state.hand(3))[:3])))
    view = seat_view(state, 3)
    refused_behind(view, "the hand sizes and the cards seen do not add up to the deck (C-1, P-2, V-10)",
             hand_sizes=(13, 16, 12, 10))


def test_cards_received_that_the_seat_does_not_hold_are_refused() -> None:  # P-6
    state = _exchange_state()
    state = state.apply(Exchange(CardSet.from_cards(list(state.hand(3))[:3])))
    view = seat_view(state, 1)
    lost = list(view.received)[0]
    refused_behind(view, f"seat 1 cannot have received {CardSet.from_cards([lost])} (P-6)",
             hand=view.hand - CardSet.from_cards([lost]))


# ----------------------------------------------------------------------
# The first lead (P-7, V-7) and the trick in progress (C-7).


def _two_of_clubs_lead() -> tuple[GameState, int]:
    """The play of a hand under the 2♣ lead, and a seat that does not hold it."""
    state = new_game(Rules.partnership(first_lead="two-of-clubs"), seed=5)
    while state.phase is not Phase.PLAY:
        state = state.apply(state.legal_actions()[0])
    seat = next(seat for seat in range(4) if Card.parse("2C") not in state.hand(seat))
    return state, seat


def test_a_play_begun_with_no_leader_is_refused() -> None:  # P-7, V-7
    state, seat = _two_of_clubs_lead()
    refused_behind(seat_view(state, seat), "the play has begun but no seat leads (P-7, T-7, V-7)", leader=None)


def test_a_trick_in_progress_with_no_leader_is_refused() -> None:  # C-7
    state, seat = _two_of_clubs_lead()
    state = state.apply(Card.parse("2C"))  # V-7: the holder leads it
    refused_behind(seat_view(state, seat), "a trick is in progress but no seat led it (C-7)", leader=None)


# ----------------------------------------------------------------------
# Two players: the draft (T-2, T-3).


def _drafting(kept_by_second: int) -> SeatView:
    """Seat 0's view in the draft, seat 0 first, once seat 1 has kept
    ``kept_by_second`` cards (T-1, T-3)."""
    state = new_game(Rules.two_player(), seed=7)
    while state.phase is Phase.DRAFT and len(state.hand(1)) < kept_by_second:
        state = state.apply(Draft.KEEP)
    view = seat_view(state, 0)
    assert view.phase is Phase.DRAFT and view.dealer == 0
    return view


def test_draft_turns_that_do_not_alternate_are_refused() -> None:  # T-2, T-3
    view = _drafting(2)
    mine, theirs = view.hand_sizes
    assert (mine, theirs) == (2, 2)
    refused_behind(view, "the draft turns taken do not alternate from the first player (T-2, T-3)",
             hand_sizes=(mine, theirs + 2))


def test_a_draft_turn_that_discards_two_is_refused() -> None:  # T-2
    view = _drafting(2)
    shown = view.drafted | view.draft_discards
    extra = next(Card(index) for index in range(52) if Card(index) not in shown)
    refused_behind(view, "each draft turn keeps one card and discards one (T-2)",
             draft_discards=view.draft_discards | CardSet.from_cards([extra]))


def test_more_cards_drafted_than_the_stock_holds_are_refused() -> None:  # T-3
    view = _drafting(12)
    refused_behind(view, "the stock cannot hold the cards drafted (T-3)", hand_sizes=(view.hand_sizes[0], 16))


# ----------------------------------------------------------------------
# Two players: the Double Nil discards and replacements (T-6).


def _both_double_nil() -> GameState:
    """An unseeded two-player hand in which both seats declare Double Nil in
    the draft; seat 1, the second player, discards first (T-6)."""
    state = new_game(Rules.two_player())
    state = state.apply(state.sample_chance(random.Random(8)))
    state = state.apply(Bid.DOUBLE_NIL)  # seat 0, at its first turn (T-6)
    state = state.apply(Draft.KEEP)
    state = state.apply(Bid.DOUBLE_NIL)  # seat 1, at its first turn
    while state.phase is Phase.DRAFT:
        state = state.apply(Draft.KEEP)
    assert state.phase is Phase.DISCARD and state.turn == 1
    return state


def test_a_discard_turn_of_a_seat_that_did_not_bid_double_nil_is_refused() -> None:  # T-6
    view = seat_view(_both_double_nil(), 0)
    refused_behind(view, "seat 1 has no discard to make (T-6)", bids=(view.bids[0], None))


def test_a_replacement_for_a_seat_that_did_not_bid_double_nil_is_refused() -> None:  # T-6
    state = _both_double_nil()
    state = state.apply(Exchange(CardSet.from_cards(list(state.hand(1))[:3])))
    assert state.phase is Phase.REPLACE
    view = seat_view(state, 0)
    refused_behind(view, "seat 1 has no replacement to draw (T-6)", bids=(view.bids[0], None))


def test_a_hand_size_that_does_not_follow_the_discard_is_refused() -> None:  # T-6
    state = _both_double_nil()
    state = state.apply(Exchange(CardSet.from_cards(list(state.hand(1))[:3])))
    view = seat_view(state, 0)
    assert view.hand_sizes == (13, 10) and view.cards_given == (0, 3)
    refused_behind(view, "seat 1 holds 11 cards after discarding 3 (T-6)", hand_sizes=(13, 11))


def _after_both_replacements() -> GameState:
    state = _both_double_nil()
    state = state.apply(Exchange(CardSet.from_cards(list(state.hand(1))[:3])))
    state = state.apply(state.sample_chance(random.Random(1)))
    state = state.apply(Exchange(CardSet.from_cards(list(state.hand(0))[:3])))
    state = state.apply(state.sample_chance(random.Random(2)))
    while state.phase is Phase.BID:
        state = state.apply(state.legal_actions()[0])
    assert state.phase is Phase.PLAY
    return state


def test_a_seat_too_small_to_have_drawn_its_replacements_is_refused() -> None:  # T-6
    view = seat_view(_after_both_replacements(), 0)
    refused_behind(view, "seat 1 cannot have drawn 3 cards again (T-6)", hand_sizes=(13, 0))


def test_a_seat_with_too_few_cards_left_to_discard_is_refused() -> None:  # T-6
    state = new_game(Rules.two_player())
    state = state.apply(state.sample_chance(random.Random(8)))
    state = state.apply(Draft.KEEP)
    state = state.apply(Bid.DOUBLE_NIL)  # seat 1 only
    while state.phase is Phase.DRAFT:
        state = state.apply(Draft.KEEP)
    state = state.apply(Exchange(CardSet.from_cards(list(state.hand(1))[:3])))
    state = state.apply(state.sample_chance(random.Random(1)))
    view = seat_view(state, 0)
    assert view.phase is Phase.BID and view.cards_given == (0, 3)
    # Eleven more cards shown as seat 0's discards leave seat 1 thirteen
    # unseen cards in all: its hand, and none it can have thrown away.
    unseen = [Card(index) for index in range(52) if Card(index) not in view.drafted | view.draft_discards]
    refused_behind(view, "seat 1 cannot have discarded 3 cards (T-6)",
             draft_discards=view.draft_discards | CardSet.from_cards(unseen[:11]))


def _two_player_trick() -> tuple[GameState, int]:
    """A two-player hand without Double Nil, the opponent to lead: the state
    and the seat that watches."""
    state = new_game(Rules.two_player(), seed=9)
    while state.phase is not Phase.PLAY:
        state = state.apply(state.legal_actions()[0])
    assert state.turn is not None
    return state, 1 - state.turn


def test_an_opponent_playing_a_card_the_seat_discarded_is_refused() -> None:  # T-2, T-6
    state, seat = _two_player_trick()
    state = state.apply(state.legal_actions()[0])
    view = seat_view(state, seat)
    assert len(view.trick) == 1 and view.leader == 1 - seat
    discarded = list(view.draft_discards)[0]
    refused_behind(view, f"seat {1 - seat} played a card it cannot have held (T-2, T-6)", trick=(discarded,))


def test_two_player_hand_sizes_larger_than_the_unseen_cards_are_refused() -> None:  # T-3
    state = new_game(Rules.two_player(), seed=9)
    while state.phase is not Phase.BID:
        state = state.apply(state.legal_actions()[0])
    view = seat_view(state, 0)
    unseen = [Card(index) for index in range(52) if Card(index) not in view.drafted | view.draft_discards]
    refused_behind(view, "the hand sizes and the cards seen do not add up to the deck (T-3)",
             draft_discards=view.draft_discards | CardSet.from_cards(unseen[:12]), hand_sizes=(13, 16))


# ----------------------------------------------------------------------
# The placer, called directly (sampling.py passes its own).


def test_a_card_with_no_place_has_no_placement() -> None:  # C-4, C-5, V-7
    with pytest.raises(Impossible) as caught:
        first_match(1, {0: []}, [{"seat 1": 1}])
    assert str(caught.value) == ("no seat can hold 2C: the hand sizes and the cards each seat has shown it lacks "
                                 "leave no place for it (C-4, C-5, V-7)")


def test_a_placement_is_found_by_moving_a_card_already_placed() -> None:  # C-1
    # The 2C can go to either seat, the 3C only to seat 1: the 2C, placed
    # first at seat 1, must move to seat 2 to make room.
    assert first_match(0b11, {0: ["seat 1", "seat 2"], 1: ["seat 1"]}, [{"seat 1": 1, "seat 2": 1}]) == {
        "seat 1": 0b10, "seat 2": 0b01}
    # Of the alternatives of exact capacities, the first that has a placement.
    alternatives = [{"seat 1": 0, "seat 2": 2}, {"seat 1": 1, "seat 2": 1}]
    assert first_match(0b11, {0: ["seat 1"], 1: ["seat 1", "seat 2"]}, alternatives) == {"seat 1": 0b01, "seat 2": 0b10}


def test_places_left_short_have_no_placement() -> None:  # C-1, C-8
    with pytest.raises(Impossible) as caught:
        first_match(1, {0: ["seat 1"]}, [{"seat 1": 2}])
    assert str(caught.value) == "the unseen cards do not fill the other seats' hands (C-1, C-8)"


def test_no_alternative_has_no_placement() -> None:  # C-1
    with pytest.raises(Impossible) as caught:
        first_match(1, {0: ["seat 1"]}, [])
    assert str(caught.value) == "the unseen cards have no place (C-1)"


# ----------------------------------------------------------------------
# The score sheet's finished hands (C-8, S-9).


def _first_hand_scored(rules: Rules) -> GameState:
    state = new_game(rules, seed=1)
    while not state.sheet:
        state = state.apply(Bid(3) if state.phase is Phase.BID else state.legal_actions()[0])
    return state


def test_a_hand_after_the_game_ended_is_refused() -> None:  # S-9
    state = new_game(Rules.partnership(target=50), seed=1)
    while not state.is_over:
        state = state.apply(Bid(3) if state.phase is Phase.BID else state.legal_actions()[0])
    view = seat_view(state, 0, history=True)
    last = view.sheet[-1]
    more = attrs.evolve(last, number=last.number + 1)
    refused_behind(view, f"sheet hand {more.number}: the game ended before this hand (S-9)",
             sheet=view.sheet + (more,), hand_number=view.hand_number + 1)


def test_a_row_of_a_seat_the_rules_do_not_have_is_refused_naming_the_hand() -> None:  # T-1
    # A SeatView made by hand (as the sampling and event functions take):
    # the loader refuses such a row before the game behind it is sought.
    view = seat_view(_first_hand_scored(Rules.two_player()), 0, history=True)
    loads_as_itself(view)
    forged = attrs.evolve(view, sheet=(attrs.evolve(view.sheet[0], dealer=2),))
    with pytest.raises(StateError) as caught:
        game_behind(forged)
    assert str(caught.value) == (NO_GAME + "sheet hand 0: the row's dealer is not a seat of these rules: 2 "
                                 "(P-1, T-1, V-10)")


def test_a_row_whose_tricks_are_not_a_hand_is_refused_naming_the_hand() -> None:  # C-8
    view = seat_view(_first_hand_scored(Rules.partnership()), 0)
    row = view.sheet[0]
    assert row.tricks == ()  # a row without its tricks: the witness lays them out
    won = (row.tricks_won[0] + 1,) + row.tricks_won[1:]
    with pytest.raises(StateError) as caught:
        game_behind(attrs.evolve(view, sheet=(attrs.evolve(row, tricks_won=won),)))
    assert str(caught.value) == (
        NO_GAME + f"sheet hand 0: the tricks won {list(won)} are not the 13 tricks of a hand (C-8)")


def test_a_rows_bid_the_rules_forbid_is_refused_in_the_rules_words() -> None:  # V-2
    rules = Rules.partnership(nil_allowed=False)
    view = seat_view(_first_hand_scored(rules), 0, history=True)
    row = view.sheet[0]
    with pytest.raises(SpadesError) as engine:
        new_game(rules, seed=1).apply(Bid.NIL)  # the engine's own refusal
    loads_as_itself(view)
    with pytest.raises(StateError) as caught:
        game_behind(attrs.evolve(view, sheet=(attrs.evolve(row, bids=(Bid.NIL,) + row.bids[1:]),)))
    assert str(caught.value) == NO_GAME + f"sheet hand 0: {engine.value}"


# ----------------------------------------------------------------------
# Real views the loader must accept (P-6): the cards a seat gave in the
# Double Nil exchange, held to the end; both partnerships exchanging.


def test_a_partner_holding_only_cards_this_seat_gave_loads() -> None:  # P-6
    # Seat 1 bids Double Nil; seat 3 gives it three cards, which seat 1
    # keeps to the last: seat 3 then knows every card seat 1 holds.
    rng = random.Random(3)
    state = new_game(Rules.partnership(), seed=3)
    for bid in (Bid.DOUBLE_NIL, Bid(3), Bid(4), Bid(3)):
        state = state.apply(bid)
    given = CardSet.from_cards(list(state.hand(3))[:3])
    state = state.apply(Exchange(given))
    state = state.apply(Exchange(CardSet.from_cards([card for card in state.hand(1) if card not in given][:3])))
    while not (len(state.hand(1)) and all(card in given for card in state.hand(1))):
        legal = list(state.legal_actions())
        if state.turn == 1:
            legal = [card for card in legal if card not in given] or legal
            state = state.apply(legal[0])
        else:
            state = state.apply(rng.choice(legal))
        assert state.phase is Phase.PLAY
    view = seat_view(state, 3)
    assert view.hand_sizes[1] == 1 and state.hand(1).mask & ~view.gave.mask == 0
    loads_as_itself(view)


def _both_sides_exchange() -> list[GameState]:
    """Every state of a hand in which seats 1 and 2 bid Double Nil, so both
    partnerships exchange (P-6): seat 1's side first (nearer the dealer's
    left), each bidder giving back one of the cards it received."""
    rng = random.Random(4)
    state = new_game(Rules.partnership(), seed=4)
    states = [state]
    for bid in (Bid.DOUBLE_NIL, Bid.DOUBLE_NIL, Bid(4), Bid(3)):  # seats 1, 2, 3, 0
        state = state.apply(bid)
        states.append(state)
    for partner, bidder in ((3, 1), (0, 2)):
        assert state.phase is Phase.EXCHANGE and state.turn == partner
        given = list(state.hand(partner))[:3]
        state = state.apply(Exchange(CardSet.from_cards(given)))
        states.append(state)
        assert state.turn == bidder
        back = [given[0]] + [card for card in state.hand(bidder) if card not in given][:2]
        state = state.apply(Exchange(CardSet.from_cards(back)))
        states.append(state)
    while not state.sheet:
        state = state.apply(rng.choice(list(state.legal_actions())))
        states.append(state)
    return states


@pytest.mark.parametrize("seat", range(4))
def test_views_of_a_hand_where_both_sides_exchange_load(seat: int) -> None:  # P-6
    for state in _both_sides_exchange():
        loads_as_itself(seat_view(state, seat))
        if state.sheet:
            loads_as_itself(seat_view(state, seat, history=True))


# ----------------------------------------------------------------------
# The states kept after the latest sheets: bounded in entries and in hands.


def _after_hands(hands: int) -> dict[str, Any]:
    """A view of a bidding seat after ``hands`` finished hands in which both
    sides bid 8 and were set (S-3): a game that never ends (no losing floor,
    V-1).  Seat 0 is not the first to bid, so its legal bids are not listed."""
    assert hands % 4 != 3
    data = plain_dict(seat_view(new_game(Rules.partnership(), seed=1), 0))
    data.update(sheet=["4444/4333"] * hands, hand_number=hands, dealer=hands % 4, turn=(hands + 1) % 4,
                scores=[-80 * hands] * 2, leader=None)
    return data


def _kept(monkeypatch: pytest.MonkeyPatch, entries: int, hands: int) -> dict[Any, GameState]:
    import spades._witness as witness

    states: dict[Any, GameState] = {}
    monkeypatch.setattr(witness, "_SHEET_STATES", states)
    monkeypatch.setattr(witness, "_SHEET_STATES_KEPT", entries)
    monkeypatch.setattr(witness, "_SHEET_HANDS_KEPT", hands)
    return states


def test_at_most_the_budget_of_sheets_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    states = _kept(monkeypatch, 3, 1000)
    for hands in (1, 2, 4, 5, 6, 8):
        assert view_from_dict(_after_hands(hands)).hand_number == hands
        assert 1 <= len(states) <= 3
        assert any(len(sheet) == hands for _rules, sheet in states)  # the latest is kept


def test_sheets_that_fill_the_budget_of_hands_exactly_are_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    states = _kept(monkeypatch, 64, 6)
    for hands in (2, 4):  # 2 + 4: the whole budget
        assert view_from_dict(_after_hands(hands)).hand_number == hands
    assert sorted(len(sheet) for _rules, sheet in states) == [2, 4]
    states = _kept(monkeypatch, 64, 4)
    assert view_from_dict(_after_hands(4)).hand_number == 4
    assert [len(sheet) for _rules, sheet in states] == [4]


# ----------------------------------------------------------------------
# What a play shows of the hand it came from (C-4, C-6).


def test_a_spade_led_before_spades_are_broken_shows_a_hand_of_spades() -> None:  # C-4, C-6
    # Seat 1 holds all thirteen spades and leads one at once: legal only
    # because its hand holds nothing else (C-4), so every other card unseen
    # must be dealt to seats 2 and 3 (and seat 0's own), none to seat 1.
    rules = Rules.partnership()
    deck = list(range(52))
    spades_ = [card for card in deck if rules.deck_facts.suit_of[card] == 3]
    others = [card for card in deck if card not in spades_]
    hands = [others[0:13], spades_, others[13:26], others[26:39]]
    state = new_game(rules).apply(Deal(tuple(CardSet.from_cards([Card(c) for c in hand]) for hand in hands)))
    for _ in range(4):
        state = state.apply(Bid(3))
    assert state.phase is Phase.PLAY and state.turn == 1 and not state.spades_broken  # P-7
    state = state.apply(list(state.hand(1))[0])
    for seat in (0, 2, 3):
        loads_as_itself(seat_view(state, seat))


def test_a_new_hand_after_the_game_ended_is_refused_naming_the_phase() -> None:  # S-9
    # The score sheet ends the game: the game behind the view is over, and
    # the loader names the phase the view claims instead of dealing a hand.
    state = new_game(Rules.partnership(target=50), seed=1)
    while not state.is_over:
        state = state.apply(Bid(3) if state.phase is Phase.BID else state.legal_actions()[0])
    view = seat_view(state, 0)
    loads_as_itself(view)
    forged = attrs.evolve(view, phase=Phase.BID, hand_number=len(view.sheet), turn=1, winner=None)
    assert game_behind(forged).is_over
    with pytest.raises(StateError) as caught:
        view_from_dict(plain_dict(forged))
    assert str(caught.value).startswith('phase: the document says "BID", but the game it describes gives "GAME_OVER"')


def _dealt(rules: Rules, first: list[int], second: list[int]) -> GameState:
    """A partnership hand dealt so that seat 1 holds ``first`` and seat 2
    ``second``, the rest of the deck going to seats 3 and 0 in order; every
    seat bids 3 (P-3), and the play begins (P-7: seat 1 leads)."""
    facts = rules.deck_facts
    rest = [card for card in range(64) if facts.mask >> card & 1 and card not in first + second]
    hands = [rest[13:26], first, second, rest[:13]]
    state = new_game(rules).apply(Deal(tuple(CardSet.from_cards([Card(c) for c in hand]) for hand in hands)))
    for _ in range(4):
        state = state.apply(Bid(3))
    assert state.phase is Phase.PLAY and state.turn == 1
    return state


def test_a_spade_on_the_first_trick_shows_a_hand_of_spades_when_the_rules_forbid_it() -> None:  # V-7, C-5
    # No spade on the first trick (V-7) unless the hand holds nothing else:
    # seat 2, out of clubs, plays a spade, so it holds only spades.
    rules = Rules.partnership(no_spades_first_trick=True)
    facts = rules.deck_facts
    spades_ = [card for card in range(52) if facts.suit_of[card] == 3]
    clubs = [card for card in range(52) if facts.suit_of[card] == 0]
    state = _dealt(rules, clubs, spades_)
    state = state.apply(Card(clubs[0]))
    state = state.apply(Card(spades_[0]))
    for seat in (0, 1, 3):
        loads_as_itself(seat_view(state, seat))


def test_a_spade_led_to_the_second_trick_by_a_seat_holding_other_cards_loads() -> None:  # V-7, C-4, C-6
    # Jokers deck (V-9): seat 1 holds thirteen spades and leads one to the
    # first trick (C-4); seat 2 follows with the Big Joker (C-5), wins
    # (C-7) and, spades broken (C-6), leads the Little Joker to the second
    # trick while holding eleven other cards: the first trick's rule
    # (V-7) no longer binds it.
    rules = Rules.jokers(no_spades_first_trick=True)
    facts = rules.deck_facts
    spades_ = sorted((card for card in range(64) if facts.mask >> card & 1 and facts.suit_of[card] == 3),
                     key=lambda card: facts.power[card])
    plain = [card for card in range(64) if facts.mask >> card & 1 and facts.suit_of[card] != 3]
    state = _dealt(rules, spades_[:13], spades_[13:] + plain[:11])
    state = state.apply(Card(spades_[0]))
    state = state.apply(Card(spades_[14]))  # the Big Joker
    while state.turn != 2:
        state = state.apply(state.legal_actions()[0])
    assert len(state.hand(2)) == 12 and state.spades_broken
    state = state.apply(Card(spades_[13]))  # the Little Joker
    for seat in (0, 1, 3):
        loads_as_itself(seat_view(state, seat))


@pytest.mark.parametrize("seed", range(4))
def test_every_view_at_the_first_lead_of_the_two_of_clubs_loads(seed: int) -> None:  # V-7, P-7
    # The 2C holder leads the first trick (V-7): a seat that does not hold
    # it sees who leads, so the 2C is dealt to the leader.
    state = new_game(Rules.partnership(first_lead="two-of-clubs"), seed=seed)
    while state.phase is not Phase.PLAY:
        state = state.apply(state.legal_actions()[0])
    assert state.turn is not None and Card.parse("2C") in state.hand(state.turn)
    for seat in range(4):
        loads_as_itself(seat_view(state, seat))
