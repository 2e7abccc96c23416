"""``spades.match``'s statistics against their formulas written out
plainly, at their bounds, and their refusals in words (gaps a mutation run
of ``match.py`` left, tests/MUTANTS.md)."""

from __future__ import annotations

import itertools
import math
from array import array

import pytest

from spades import ArgumentError, ArgumentTypeError
from spades.match import Z_95, mean_interval, wilson_interval


def _wilson(wins: int, games: int, z: float) -> tuple[float, float]:
    """The Wilson score interval, as textbooks write it (unclamped)."""
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (centre - spread) / scale, (centre + spread) / scale


def test_wilson_interval_is_the_formula_clamped_to_zero_and_one() -> None:
    clamped_high = clamped_low = 0
    for games in range(1, 400):
        for wins in sorted({0, 1, games // 3, games // 2, games - 1, games}):
            for z in (0.5, 1.0, Z_95, 3):
                low, high = wilson_interval(wins, games, z)
                plain_low, plain_high = _wilson(wins, games, z)
                assert low == pytest.approx(max(0.0, plain_low), abs=1e-12)
                assert high == pytest.approx(min(1.0, plain_high), abs=1e-12)
                assert 0.0 <= low and high <= 1.0
                assert low <= wins / games + 1e-12 and high >= wins / games - 1e-12
                assert (low == 0.0) == (wins == 0) and (high == 1.0) == (wins == games)  # exactly, not 5.6e-17
                clamped_high += plain_high > 1.0
                clamped_low += plain_low < 0.0
    assert clamped_high and clamped_low  # the rounding goes past 0 and 1, and the clamps hold


def test_wilson_interval_ends_at_0_and_1_exactly() -> None:
    # The formula's lower end for no wins is 0, its upper end for all wins 1;
    # in floating point it gave 5.6e-17 for 0 wins of 1 at z = 1.96.
    for games in (1, 2, 3, 10, 99, 10**6, 2**53):
        for z in (0.5, 1.0, Z_95, 3, 9.99):
            assert wilson_interval(0, games, z)[0] == 0.0
            assert wilson_interval(games, games, z)[1] == 1.0
            if games <= 10**6:  # 1 - 2.8e-17 is 1.0 as a float
                assert 0.0 < wilson_interval(0, games, z)[1] < 1.0
                assert 0.0 < wilson_interval(games, games, z)[0] < 1.0


def test_wilson_interval_bounds_and_refusals() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(2**53, 2**53)[1] == 1.0
    with pytest.raises(ArgumentError, match=r"^wins are from 0 to the games played \(at most 2\*\*53\), got 1 of 9007199254740993$"):
        wilson_interval(1, 2**53 + 1)
    with pytest.raises(ArgumentError, match=r"^wins are from 0 to the games played \(at most 2\*\*53\), got 3 of 2$"):
        wilson_interval(3, 2)
    with pytest.raises(ArgumentError, match=r"got -1 of 2$"):
        wilson_interval(-1, 2)
    for wins, games, words in ((1.0, 2, "float and int"), (1, 2.0, "int and float"), (True, 2, "bool and int")):
        with pytest.raises(ArgumentTypeError, match=rf"^wins and games are ints, got {words}$"):
            wilson_interval(wins, games)  # type: ignore[arg-type]


def test_z_is_a_number_above_0_and_below_10() -> None:
    assert wilson_interval(1, 2, 0.5) == pytest.approx(_wilson(1, 2, 0.5))
    assert mean_interval([1.0, 3.0], 0.25)[1:] == pytest.approx((2.0 - 0.25, 2.0 + 0.25))
    for z in (0, 10, -1, float("nan"), float("inf")):
        with pytest.raises(ArgumentError, match=rf"^z is a number from 0 to 10, got {z}$"):
            wilson_interval(1, 2, z)
    for bad, words in ((True, "True"), ("2", "'2'"), (None, "None")):
        with pytest.raises(ArgumentTypeError, match=rf"^z is a number from 0 to 10, got {words}$"):
            mean_interval([1.0, 2.0], bad)  # type: ignore[arg-type]


def test_mean_interval_is_the_mean_and_the_normal_interval() -> None:
    for values in ([1.0, 2.0], [1, 2, 4], [0.5] * 7, [-3.0, 10.0, 2.5, 8.0, 0.0]):
        n = len(values)
        mean = sum(values) / n
        deviation = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
        half = Z_95 * deviation / math.sqrt(n)
        assert mean_interval(values) == pytest.approx((mean, mean - half, mean + half))
    assert mean_interval([5.0]) == (5.0, -math.inf, math.inf)
    # Far from zero, where the mean is not a float: the deviations from it,
    # squared, not the difference of the squares (exact: variance 1/3).
    mean, low, high = mean_interval([10**9, 10**9 + 1, 10**9 + 1])
    assert mean == pytest.approx(10**9 + 2 / 3, abs=1e-6)
    assert high - low == pytest.approx(2 * Z_95 * math.sqrt(1 / 3 / 3), rel=1e-5)
    # Any other sequence or iterable is read once.
    assert mean_interval(iter([1.0, 2.0, 4.0])) == mean_interval((1.0, 2.0, 4.0)) == mean_interval([1.0, 2.0, 4.0])  # type: ignore[arg-type]
    assert mean_interval(array("d", [1.0, 2.0, 4.0])) == mean_interval([1.0, 2.0, 4.0])
    assert mean_interval([10**100, -(10**100)])[0] == 0.0


def test_mean_interval_refusals() -> None:
    with pytest.raises(ArgumentTypeError, match=r"^values is a sequence of numbers, got int$"):
        mean_interval(5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"^values: at most 10,000,000 of them$"):
        mean_interval(itertools.repeat(1.0))  # type: ignore[arg-type]
    for wrong in (["a"], [True], [None]):
        with pytest.raises(ArgumentTypeError, match=r"^values is a sequence of numbers \(ints or floats\)$"):
            mean_interval(wrong)  # type: ignore[arg-type]
    for values in ([10**100 + 1], [-(10**100) - 1], [float("nan")], [float("inf")], [1.0, -math.inf]):
        with pytest.raises(ArgumentError, match=r"^values are finite numbers of at most 10\*\*100 in size$"):
            mean_interval(values)
    with pytest.raises(ArgumentError, match=r"^the mean of no values is undefined$"):
        mean_interval([])
    with pytest.raises(ArgumentError, match=r"^the mean of no values is undefined$"):
        mean_interval(iter([]))  # type: ignore[arg-type]
