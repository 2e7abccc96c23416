"""A Hypothesis state machine that plays whole games.

Each entry of ``STATEFUL_RULES`` (a strategy of rule sets: a fixed preset,
or every preset and random valid rules) gets a machine.  The machine applies
random legal actions (chance steps sampled from drawn seeds, or resolved by
a seeded game), now and then offers an illegal action (a card not held, a
bid out of range, a draft choice out of phase, an impossible exchange, a
value that is no action at all) and checks it is refused with a
:class:`~spades.SpadesError` leaving the state unchanged, goes back to an
earlier state (undo), and runs the invariant checker after every step.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from spades import (
    PRESETS,
    Bid,
    Card,
    Deal,
    Draft,
    Exchange,
    GameState,
    IllegalActionError,
    Replacement,
    Reason,
    Rules,
    Stock,
    new_game,
)

from _rule_ids import RULE_IDS
from invariants import apply_checked, check_actions, check_state, random_action, snapshot
from strategies import forged_bid, rules_strategy


def _with_floor(rules: Rules) -> Rules:
    return rules if rules.losing_floor is not None else rules.replace(losing_floor=-200)


# Whole random games need a losing floor (V-1).  Add rule sets here.
STATEFUL_RULES: dict[str, st.SearchStrategy[Rules]] = {
    "Partnership": st.just(Rules.partnership(losing_floor=-200)),
    "TwoPlayer": st.just(Rules.two_player(losing_floor=-200)),
    # V-1..V-10: every named preset, and random valid rules.
    "Variants": st.sampled_from(sorted(PRESETS)).map(lambda name: _with_floor(Rules.preset(name)))
    | rules_strategy(floor=True),
}

_PROFILE = settings.default
EXAMPLES = max(5, (_PROFILE.max_examples if _PROFILE is not None else 50) // 5)

seeds = st.integers(min_value=0, max_value=2**32 - 1)
maybe_illegal: st.SearchStrategy[Any] = st.one_of(
    st.integers(0, 53).map(Card),
    st.integers(0, 16).map(Bid),
    st.integers(-2, -1).map(forged_bid),  # refused by Bid(), and by the state too
    st.just(Bid(99)),
    st.just(Bid.DOUBLE_NIL),
    st.sampled_from([Draft.KEEP, Draft.REJECT]),
    st.lists(st.integers(0, 53), max_size=5, unique=True).map(lambda cards: Exchange([Card(i) for i in cards])),
    st.lists(st.integers(0, 53), max_size=4, unique=True).map(lambda cards: Replacement([Card(i) for i in cards])),
    st.just(Deal(("AKQ...", ".AKQ..", "..AKQ.", "...AKQ"))),
    st.just(Stock(tuple(Card(i) for i in range(51)))),
    st.sampled_from(["AS", "nil", 5, None, 3.5, (), True, object()]),
)


class SpadesGame(RuleBasedStateMachine):
    """Plays one game, under rules drawn from ``game_rules``, per run."""

    game_rules: st.SearchStrategy[Rules] = st.just(Rules.partnership(losing_floor=-200))

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState = new_game(Rules.partnership(losing_floor=-200))
        self.trail: list[GameState] = [self.state]
        self.rng = random.Random(0)

    @initialize(data=st.data(), seed=seeds, seeded=st.booleans())
    def start(self, data: st.DataObject, seed: int, seeded: bool) -> None:
        self.state = new_game(data.draw(self.game_rules), seed=seed if seeded else None)
        self.trail = [self.state]
        self.rng = random.Random(seed)

    def _apply(self, action: Any) -> None:
        self.state = apply_checked(self.state, action)
        self.trail.append(self.state)

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        """One legal action chosen by Hypothesis (or a sampled chance step)."""
        state = self.state
        if state.is_chance:
            action: Any = state.sample_chance(random.Random(data.draw(seeds)))
        else:
            action = data.draw(st.sampled_from(state.legal_actions()))
        self._apply(action)

    @precondition(lambda self: not self.state.is_over)
    @rule(count=st.integers(1, 150))
    def run(self, count: int) -> None:
        """Up to ``count`` random legal actions."""
        for _ in range(count):
            if self.state.is_over:
                break
            self._apply(random_action(self.state, self.rng, double_nil=0.2))

    @rule(action=maybe_illegal)
    def offer(self, action: Any) -> None:
        """Offer any value: a legal one is listed (or a possible chance
        step); anything else is refused and changes nothing."""
        state = self.state
        before = snapshot(state)
        error = state.explain(action)
        if error is None:
            assert state.is_chance or action in state.legal_actions()
            self._apply(action)
            return
        # explain is apply with the error caught: what it returns is what
        # apply raises.  The refusal names a rule of RULES.md, or none when
        # the value is no action at all.
        assert isinstance(error, IllegalActionError) and str(error)
        assert error.rule in RULE_IDS or (error.rule == "" and error.reason is Reason.NOT_AN_ACTION), (error.reason, error.rule)
        if not state.is_chance:  # a refused action is not listed (5 is no Card, though equal to one)
            assert not any(type(a) is type(action) and a == action for a in state.legal_actions())
        assert snapshot(state) == before

    @precondition(lambda self: self.state.turn is not None)
    @rule(seat=st.integers(0, 3))
    def out_of_turn(self, seat: int) -> None:
        state = self.state
        if seat == state.turn or seat >= state.rules.players:
            return
        before = snapshot(state)
        error = state.explain(state.legal_actions()[0], seat=seat)
        assert error is not None and error.reason.name == "NOT_YOUR_TURN"
        assert snapshot(state) == before

    @precondition(lambda self: not self.state.is_chance)
    @rule()
    def try_every_action(self) -> None:
        """Every listed action applies; every other card, bid or value is refused."""
        check_actions(self.state, apply_legal=False)

    @precondition(lambda self: len(self.trail) > 1)
    @rule(data=st.data())
    def undo(self, data: st.DataObject) -> None:
        """Go back to an earlier state: it is still valid, and unchanged."""
        index = data.draw(st.integers(0, len(self.trail) - 1))
        self.trail = self.trail[: index + 1]
        self.state = self.trail[-1]

    @invariant()
    def consistent(self) -> None:
        check_state(self.state)


def machine_for(name: str, rules: st.SearchStrategy[Rules]) -> type[SpadesGame]:
    return type(f"{name}Game", (SpadesGame,), {"game_rules": rules})


_settings = settings(max_examples=EXAMPLES, stateful_step_count=40, deadline=None)
for _name, _rules in STATEFUL_RULES.items():
    _machine = machine_for(_name, _rules)
    _case = _machine.TestCase
    _case.settings = _settings
    globals()[f"Test{_name}Game"] = _case
del _name, _rules, _machine, _case
