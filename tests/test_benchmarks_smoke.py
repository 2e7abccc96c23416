"""Smoke test of ``benchmarks/run.py``: every measurement runs on a tiny
count and returns sensible values, so the benchmark code cannot rot.

Nothing here asserts a speed: timing belongs to the benchmark's output.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from spades import PRESETS, Record, Rules

_PATH = Path(__file__).resolve().parent.parent / "benchmarks" / "run.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("spades_benchmarks_run", _PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


bench: Any = _load()
PARTNERSHIP = Rules.partnership()


def test_random_hands_counts_hands() -> None:
    timing = bench.random_hands(PARTNERSHIP, 2, seed=3)
    assert timing.units == 2 and timing.seconds > 0 and timing.rate > 0
    assert bench.random_hands(PARTNERSHIP, 5, seed=3, per_game=2).units == 5
    assert bench.random_hands_sampled(PARTNERSHIP, 3, seed=3, per_game=2).units == 3


def test_random_hands_start_a_new_game_when_one_ends() -> None:
    # Rules.pagat() has a losing floor of -200: random games end within a few hands.
    assert bench.random_hands(Rules.pagat(), 30, seed=1, per_game=30).units == 30


def test_random_hands_with_chance_sampled_by_the_caller() -> None:
    assert bench.random_hands_sampled(PARTNERSHIP, 2, seed=3).units == 2
    assert bench.random_hands_sampled(Rules.two_player(), 1, seed=3).units == 1


def test_like_openspiel_has_no_double_nil() -> None:
    label, rules = bench.like_openspiel()
    assert label and not rules.double_nil_allowed and rules.players == 4


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_random_hands_every_preset(name: str) -> None:
    assert name in bench.preset_rules()
    assert bench.random_hands(Rules.preset(name), 1, seed=5).units == 1


def test_preset_rules_include_two_player() -> None:
    assert Rules.two_player() in bench.preset_rules().values()


def test_whole_games_end_and_count_hands() -> None:
    timing = bench.whole_games(bench.WHOLE_GAME_RULES, 2, seed=1)
    assert timing.units == 2 and timing.hands >= 2


def test_call_figures_use_distinct_play_positions() -> None:
    assert bench.time_legal_actions(PARTNERSHIP, 30, seed=2).units == 30
    assert bench.time_apply(PARTNERSHIP, 30, seed=2).units == 30


def test_a_move_costs_one_legal_actions_and_one_apply() -> None:
    # 1 s / 400 000 calls + 1 s / 100 000 calls = 12.5 us a move: 80 000 moves/s.
    assert bench._per_move(400_000.0, 100_000.0) == pytest.approx(80_000.0)
    assert bench._per_move(None, 100_000.0) is None


def test_floor_loop_runs() -> None:
    assert bench.floor_hands(3, seed=4).units == 3


def test_memory_figures() -> None:
    game = bench.memory_whole_game(bench.WHOLE_GAME_RULES, 1, seed=0)
    assert game["states"] > 56 and game["bytes_per_state"] > 0
    one = bench.memory_one_apply(PARTNERSHIP, 60, seed=0)
    assert one["samples"] > 0 and one["traced_mean"] > 0 and one["getsizeof_max"] >= one["getsizeof_mean"] > 0


def test_best_rate_and_profile() -> None:
    timing = bench.best_rate(lambda units, seed: bench.floor_hands(units, seed), 0.01, 2)
    assert timing.units >= 1
    assert "ncalls" in bench.profile_random_hands(PARTNERSHIP, 1, top=5)
    shares = bench.phase_breakdown(PARTNERSHIP, 2, seed=1)
    assert {"new_game (deal)", "BID legal_actions()", "PLAY apply()", "end of hand apply() (score)"} <= set(shares)


def test_document_figures() -> None:
    states = bench.hand_zero_states(2, seed=1)
    assert states[0].hand_number == 0 and all(not s.sheet for s in states) and len(states) > 100
    finals = bench.whole_game_states(2, seed=1)
    assert all(s.is_over for s in finals)
    cases = bench.document_cases(states[:20] + finals)
    for work in bench.DOCUMENT_WORKS:
        assert bench.time_documents(cases, work).units == len(cases)
    with pytest.raises(ValueError):
        bench.time_documents(cases, "nothing")
    records = [(Record.of_state(c.state), Record.of_state(c.state).to_text(), c) for c in cases[-2:]]
    hands = sum(len(s.sheet) for s in finals)
    for work in bench.RECORD_WORKS:
        assert bench.time_records(records, work).units == hands
    assert len(bench.long_game_state(2, seed=1).sheet) == 2
    settings = bench.Settings(seconds=0.01, repeats=1, document_games=1, long_game_hands=2)
    figures = bench.measure_documents(settings, None, bench.time.perf_counter)
    assert set(figures) == {"hand_zero", "whole_game", "long_game", "records"}
    assert figures["hand_zero"]["replay"]["vs_replay"] == 1.0 and figures["whole_game"]["states"] == 1
    assert all(figures["hand_zero"][work]["us"] > 0 for work in bench.DOCUMENT_WORKS)
    # The sum of each piece's best is never more than the best whole round.
    assert all(f["us"] <= f["round_us"] * (1 + 1e-9) for f in figures["hand_zero"].values() if isinstance(f, dict))
    assert figures["hand_zero"]["replay"]["units"] == figures["hand_zero"]["states"]
    rows = list(bench._document_rows(figures))
    assert any("state_from_json" in row[0] for row in rows) and any("Record.parse()" in row[0] for row in rows)


def test_pieces_cut_in_order() -> None:
    items = list(range(11))
    for count in (1, 2, 3, 11, 20):
        pieces = bench._pieces(items, count)
        assert sum(pieces, []) == items and len(pieces) == min(count, 11)
        assert max(map(len, pieces)) - min(map(len, pieces)) <= 1


def test_openspiel_measurements_when_installed() -> None:
    pyspiel = bench.load_pyspiel()
    if pyspiel is None:
        pytest.skip("pyspiel not installed")
    assert bench.openspiel_hands(pyspiel, 2, seed=1).units == 2
    assert bench.openspiel_hands(pyspiel, 2, seed=1, chance="legal").units == 2
    assert bench.openspiel_legal_actions(pyspiel, 20, seed=1).units == 20
    assert bench.openspiel_apply(pyspiel, 20, seed=1).units == 20
    game, states, finals = bench.openspiel_document_states(pyspiel, 2, seed=1)
    assert len(finals) == 2 and len(states) >= 2 * 56
    for work in ("serialize", "deserialize"):
        assert bench.time_openspiel_documents(game, states, work).units == len(states)
    settings = bench.Settings(seconds=0.01, repeats=1, document_games=1, long_game_hands=1)
    figures = bench.measure_documents(settings, pyspiel, bench.time.perf_counter)
    assert figures["hand_zero"]["openspiel_deserialize"]["us"] > 0


def test_whole_run_formats_a_table_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "bench.json"
    args = ["--quick", "--seconds", "0.02", "--repeats", "1", "--positions", "20", "--no-openspiel", "--clock", "cpu"]
    args += ["--json", str(out)]
    assert bench.main(args) == 0
    table = capsys.readouterr().out
    assert "random hands (partnership)" in table and "OpenSpiel: skipped" in table
    assert "cpu_count" in table and "losing_floor=-200" in table and "cpu clock" in table
    data = json.loads(out.read_text())
    assert set(data["figures"]["presets"]) >= set(PRESETS)
    assert data["figures"]["hands"]["rate"] > 0 and data["figures"]["hands_like_openspiel"]["rate"] > 0
    assert data["figures"]["documents"]["whole_game"]["state_from_json"]["vs_replay"] > 0
    assert "document, hand 0, per state: state_from_json" in table and "replay (whole game)" in table


def test_run_says_when_pyspiel_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench, "load_pyspiel", lambda: None)
    settings = bench.Settings(
        seconds=0.01, repeats=1, positions=10, memory_samples=10, memory_games=1, document_games=1, long_game_hands=1
    )
    report = bench.run(settings, quiet=True)
    assert report.machine["open_spiel"] == "pyspiel not installed"
    assert "openspiel_hands" not in report.figures
    assert "pyspiel not installed" in bench.format_report(report)


def test_the_views_benchmark_runs() -> None:
    spec = importlib.util.spec_from_file_location("spades_benchmarks_views", _PATH.parent / "views.py")
    assert spec is not None and spec.loader is not None
    views: Any = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(views)
    results = views.run(quick=True)
    assert set(results) >= {"hand 0, bid", "hand 0, play", "hand 17, bid", "hand 17, play"}
    for moment in ("hand 0, play", "hand 17, play"):
        assert all(value > 0 for value in results[moment].values())
    assert results["hand 17, play"]["json bytes"] < results["hand 17, play"]["json bytes history"]
    assert results["hand 17, play"]["json bytes history"] > 10 * results["hand 0, play"]["json bytes history"]
    assert set(results["json bytes, hand 17 / hand 0"]) == {"bid", "play"}
    json.dumps(results)


def test_rollout_figures_count_hands() -> None:
    assert bench.rollout_hands(PARTNERSHIP, 3, seed=2).units == 3
    assert bench.rollout_one_state(Rules.two_player(), 2, seed=2).units == 2


def _load_script(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(f"spades_benchmarks_{name}", _PATH.parent / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_double_dummy_benchmark_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    dd: Any = _load_script("double_dummy")
    out = tmp_path / "dd.json"
    assert dd.main(["--positions", "2", "--sizes", "3,4", "--deals", "0", "--json", str(out)]) == 0
    table = capsys.readouterr().out
    assert "3 tricks" in table and "4 tricks" in table
    figures = json.loads(out.read_text())["figures"]
    assert figures["3 tricks"]["positions"] == 2 and figures["4 tricks"]["median_ms"] > 0


def test_the_double_dummy_benchmark_solves_in_processes_and_stops_at_its_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dd: Any = _load_script("double_dummy")
    here, there, stopped = tmp_path / "here.json", tmp_path / "there.json", tmp_path / "stopped.json"
    assert dd.main(["--positions", "3", "--sizes", "4", "--deals", "0", "--no-dds", "--json", str(here)]) == 0
    assert dd.main(["--positions", "3", "--sizes", "4", "--deals", "0", "--no-dds", "--workers", "2",
                    "--json", str(there)]) == 0
    # The same positions, searched alike, whichever process solves them.
    one, two = (json.loads(path.read_text())["figures"]["4 tricks"] for path in (here, there))
    assert one["median_nodes"] == two["median_nodes"] and two["workers"] == 2 and two["stopped_at_limit"] == 0
    # A full deal takes seconds: stopped at a limit of a twentieth of one.
    assert dd.main(["--positions", "0", "--deals", "1", "--no-dds", "--limit", "0.05", "--json", str(stopped)]) == 0
    deal = json.loads(stopped.read_text())["figures"]["13 tricks"]
    assert deal["stopped_at_limit"] == 1 and deal["median_ms"] is None and deal["slowest_ms"] is None
    assert "1 stopped at the limit" in capsys.readouterr().out


def test_the_double_dummy_check_runs(capsys: pytest.CaptureFixture[str]) -> None:
    check: Any = _load_script("double_dummy_check")
    assert check.main(["--endings", "3", "--dds", "2", "--presets", "two-player", "cutthroat-3"]) == 0
    out = capsys.readouterr().out
    assert "two-player: 3 endings" in out and "0 disagreements" in out
def test_the_memory_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("spades_benchmarks_memory", _PATH.parent / "memory.py")
    assert spec is not None and spec.loader is not None
    memory: Any = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(memory)
    games = memory.whole_games(1, seed=0)
    assert games["states"] > 56 and games["bytes_per_state"] > 0
    kept = memory.hands_kept(2, seed=0)
    assert kept["hands"] == 2 and kept["states"] > 100 and kept["bytes_per_hand_end_state"] > 0
    one = memory.new_state(40, seed=0)
    assert one["samples"] == 40 and one["bytes_per_new_state"] > 0
    assert memory.main(["--games", "1", "--hands", "2", "--samples", "20"]) == 0
    assert "per state" in capsys.readouterr().out


def test_the_before_after_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    import spades

    compare: Any = _load_script("before_after")
    # The spades under test as the "before" checkout (the working tree's,
    # or an installed wheel's): imported under another name, its modules
    # apart from this process's spades.
    root = Path(spades.__file__).resolve().parent.parent
    other = compare.load_version(root)
    assert other is not spades and other.new_game is not spades.new_game
    assert sys.modules["spades"] is spades and sys.modules["spades.bots"] is spades.bots
    assert compare.main(["--before", str(root), "--runs", "1", "--hands", "2", "--games", "1", "--no-openspiel"]) == 0
    out = capsys.readouterr().out
    for loop in ("random hands, partnership", "simple_action games", "random_action games"):
        assert f"| {loop}" in out
    header = next(line for line in out.splitlines() if line.startswith("| loop |"))
    assert "| before (" in header and "| after (" in header and header.endswith(" / after |")
