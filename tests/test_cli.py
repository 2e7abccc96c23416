"""The command line: ``spades demo``, ``spades replay`` (also ``python -m
spades``)."""

from __future__ import annotations

import io
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import spades
from spades import Bid, Card, CardSet, Record, Rules, new_game
from spades.cli import BROKEN_PIPE_STATUS, demo_action, format_hand, main, play_demo


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m spades ARGS`` in a fresh interpreter."""
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "spades", *args], capture_output=True, text=True, encoding="utf-8",
        env=env, timeout=120, check=False,
    )


def test_demo_prints_every_hand_and_the_winner() -> None:  # P-8, S-9
    out = io.StringIO()
    final = play_demo(Rules.partnership(), 7, out)
    text = out.getvalue()
    assert text.count("Hand ") == len(final.sheet)
    for row in final.sheet:
        assert f"Hand {row.number} (dealer: seat {row.dealer})" in text
    winner = final.winner
    assert winner is not None
    last = text.strip().splitlines()[-1]
    assert last.startswith("Winner: seats 0 & 2" if winner == 0 else "Winner: seats 1 & 3")
    assert f"final scores {list(final.scores)}" in last
    # Running totals printed for the last hand are the final scores.
    totals = [int(t) for t in re.findall(r"total (-?\d+)", text)[-2:]]
    assert totals == list(final.scores)


def test_two_player_demo_summarises_each_draft() -> None:  # T-2, T-3
    out = io.StringIO()
    final = play_demo(Rules.two_player(), 3, out)
    drafts = re.findall(r"seat (\d) kept (\d+) first cards and took (\d+) second cards", out.getvalue())
    assert len(drafts) == 2 * len(final.sheet)
    for _seat, kept, took in drafts:
        assert int(kept) + int(took) == 13  # 13 turns each, one card kept per turn


def test_the_same_seed_prints_the_same_game() -> None:
    first, second = io.StringIO(), io.StringIO()
    play_demo(Rules.partnership(), 11, first)
    play_demo(Rules.partnership(), 11, second)
    assert first.getvalue() == second.getvalue()


def test_python_dash_m_runs_the_demo() -> None:
    result = run("demo", "--players", "2", "--seed", "5")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1].startswith("Winner: seat ")


def test_a_bad_preset_is_a_usage_error() -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["demo", "--rules", "no-such-rules"])
    assert exit_info.value.code == 2


# ----------------------------------------------------------------------
# Version, program name, help.


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out == f"spades {spades.__version__}\n"


def test_python_dash_m_names_itself_as_invoked() -> None:
    result = run("--help")
    assert result.returncode == 0
    python = os.path.basename(sys.executable)
    assert result.stdout.startswith(f"usage: {python} -m spades ")
    assert f"{python} -m spades COMMAND --help" in result.stdout
    bad = run("demo", "--players", "3")
    assert bad.returncode == 2
    assert bad.stderr.splitlines()[0].startswith(f"usage: {python} -m spades demo ")


def test_the_console_script_names_itself_spades() -> None:
    # The console script installed with the package (pip install spades).
    script = Path(sys.executable).with_name("spades.exe" if os.name == "nt" else "spades")
    if not script.exists():
        pytest.skip(f"no console script next to {sys.executable}: the package is not installed here")
    result = subprocess.run([str(script), "--help"], capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0
    assert result.stdout.startswith("usage: spades ")
    version = subprocess.run([str(script), "--version"], capture_output=True, text=True, timeout=120, check=False)
    assert version.stdout == f"spades {spades.__version__}\n"


def test_main_takes_the_program_name(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["demo", "--help"], prog="mygame")
    assert capsys.readouterr().out.startswith("usage: mygame demo ")


@pytest.mark.parametrize("command, described", [
    ("demo", "Play one whole seeded game"),
    ("replay", "Print a recorded game hand by hand"),
])
def test_each_command_has_a_description_and_examples(
    command: str, described: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"], prog="spades")
    text = capsys.readouterr().out
    assert described in text
    examples = text.split("\nexamples:\n")[1]
    commands = [line.strip() for line in examples.splitlines() if line.startswith(f"  spades {command}")]
    assert len(commands) >= 2
    with pytest.raises(SystemExit):
        main(["--help"], prog="spades")
    assert f"    {command} " in capsys.readouterr().out  # listed with a one-line help


def test_the_help_examples_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the examples write game.txt and game.json
    ran = []
    for command in ("demo", "replay"):
        with pytest.raises(SystemExit):
            main([command, "--help"], prog="spades")
        examples = capsys.readouterr().out.split("\nexamples:\n")[1]
        for line in examples.splitlines():
            if line.startswith(f"  spades {command}"):
                assert main(line.split()[1:]) == 0, line
                assert capsys.readouterr().out.splitlines()[-1].startswith("Winner: ")
                ran.append(line)
    assert len(ran) >= 7


# ----------------------------------------------------------------------
# A closed pipe, paths that cannot be written.


def test_a_closed_pipe_ends_quietly() -> None:
    # `spades demo | head`: the reader goes away before the game is printed.
    process = subprocess.Popen(
        [sys.executable, "-m", "spades", "demo", "--verbose"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=dict(os.environ, PYTHONIOENCODING="utf-8"),
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    error = process.stderr.read()
    process.stderr.close()
    assert process.wait(timeout=120) == BROKEN_PIPE_STATUS
    assert error == b""


def _alive_in_group(group: int) -> list[int]:
    """The processes of process group ``group`` that are not zombies (from
    /proc: a container's first process may never reap the orphans)."""
    alive = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:  # gone meanwhile
            continue
        if int(fields[2]) == group and fields[0] != "Z":
            alive.append(int(stat.parent.name))
    return alive


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the processes from /proc")
@pytest.mark.parametrize(("stop", "status"), [("SIGTERM", 143), ("SIGINT", 130)])
def test_a_stopped_match_leaves_no_worker_running(stop: str, status: int) -> None:
    """``spades match --workers 2`` stopped by SIGTERM (sent to it alone)
    or Ctrl-C (SIGINT to its whole process group) ends at once, with the
    status of its signal, and stops its worker processes."""
    process = subprocess.Popen(
        [sys.executable, "-m", "spades", "match", "--players", "simple,random", "--games", "200000", "--workers", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while len(_alive_in_group(process.pid)) < 3 and time.monotonic() < deadline:  # itself and two workers
            time.sleep(0.05)
        assert len(_alive_in_group(process.pid)) == 3
        time.sleep(0.5)  # under way
        if stop == "SIGINT":
            os.killpg(process.pid, signal.SIGINT)
        else:
            process.send_signal(signal.SIGTERM)
        process.communicate(timeout=60)
        assert process.returncode == status
        deadline = time.monotonic() + 30
        while _alive_in_group(process.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _alive_in_group(process.pid) == []
    finally:
        for pid in _alive_in_group(process.pid):
            os.kill(pid, signal.SIGKILL)
        if process.poll() is None:
            process.kill()
            process.wait()


@pytest.mark.parametrize("where", ["missing/game.txt", "."])
def test_a_record_that_cannot_be_written_fails_before_the_game(
    where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / where
    assert main(["demo", "--record", str(path)], prog="spades") == 2
    out, err = capsys.readouterr()
    assert out == ""  # not a hand was played
    assert err.startswith(f"spades: error: cannot write {str(path)!r}: ")


def test_a_game_that_fails_leaves_the_record_file_as_it_was(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    new = tmp_path / "new.txt"
    assert main(["demo", "--seed", "-1", "--record", str(new)]) == 2
    assert not new.exists()
    old = tmp_path / "old.txt"
    old.write_text("keep me\n")
    assert main(["demo", "--seed", "-1", "--record", str(old)]) == 2
    assert old.read_text() == "keep me\n"
    assert main(["demo", "--seed", "4", "--record", str(old)]) == 0
    assert Record.parse(old.read_text(encoding="utf-8")).seed == 4  # emptied, then written whole
    assert "seed must be" in capsys.readouterr().err


# ----------------------------------------------------------------------
# One numbering of hands; every trick with --verbose; Nil.


def test_hands_are_numbered_from_0_as_in_records_and_the_api(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.txt"
    assert main(["demo", "--seed", "5", "--record", str(path)]) == 0
    printed = [int(n) for n in re.findall(r"^Hand (\d+) ", capsys.readouterr().out, flags=re.M)]
    text = path.read_text(encoding="utf-8")
    recorded = [int(n) for n in re.findall(r'^\[Hand "(\d+)"\]', text, flags=re.M)]
    final = Record.parse(text).replay()
    assert printed[0] == 0
    assert printed == [row.number for row in final.sheet] == recorded[: len(printed)]
    assert main(["replay", str(path)]) == 0
    assert [int(n) for n in re.findall(r"^Hand (\d+) ", capsys.readouterr().out, flags=re.M)] == printed


def test_verbose_demo_shows_every_trick_with_its_leader_and_winner() -> None:  # C-1, C-7, C-8
    out = io.StringIO()
    final = play_demo(Rules.partnership(), 7, out, verbose=True)
    blocks = out.getvalue().split("\nHand ")
    assert len(blocks) == len(final.sheet)
    for block, row in zip(blocks, final.sheet):
        tricks = re.findall(r"^  trick +(\d+): seat (\d) leads +(.+?)  won by seat (\d)$", block, flags=re.M)
        assert [int(number) for number, _l, _c, _w in tricks] == list(range(1, 14))
        shown = [card for _n, _l, cards, _w in tricks for card in cards.split()]
        plays = [action for action in row.actions if isinstance(action, Card)]
        assert shown == [card.symbol for card in plays]  # suit symbols, in the order played
        assert all(card[-1] in "♠♥♦♣" for card in shown)
        leaders = [int(leader) for _n, leader, _c, _w in tricks]
        winners = [int(winner) for _n, _l, _c, winner in tricks]
        assert leaders[1:] == winners[:-1]  # C-7: the winner leads the next trick
        assert [winners.count(seat) for seat in range(4)] == list(row.tricks)
        for seat, hand in enumerate(row.hands):
            assert re.search(rf"^  seat {seat} held ♠ .*  ♥ .*  ♦ .*  ♣ ", block, flags=re.M)
            assert len(hand) == 13


def test_verbose_falls_back_to_letters_where_symbols_cannot_be_written() -> None:
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="ascii")
    play_demo(Rules.partnership(), 7, out, verbose=True)
    out.flush()
    text = raw.getvalue().decode("ascii")
    assert re.search(r"trick  1: seat \d leads +[2-9TJQKA][SHDC] ", text)


def test_the_demo_shows_nil_scoring() -> None:  # S-4
    # The default game (seed 7) has a Nil bid; each Nil's line says how it went.
    out = io.StringIO()
    rules = Rules.partnership()
    final = play_demo(rules, 7, out)
    rows = out.getvalue().split("\nHand ")
    nils = 0
    for text, row in zip(rows, final.sheet):
        for side, seats in enumerate(rules.sides):
            line = re.search(rf"^  seats {seats[0]} & {seats[1]}: .*$", text, flags=re.M)
            assert line is not None
            for seat in seats:
                if row.bids[seat] == Bid.NIL:
                    nils += 1
                    outcome = "made" if row.tricks[seat] == 0 else "failed"
                    assert f"seat {seat} nil {outcome}" in line.group(0)
            if row.result.sides[side].nil_points:
                assert f"({row.result.sides[side].nil_points:+d})" in line.group(0)
    assert nils >= 1


def test_the_demo_player_bids_nil_only_on_a_nil_hand_and_then_ducks() -> None:
    rules = Rules.partnership()
    deal = spades.Deal(["234.2345.2345.23", "AKQJ.AKQJ.AKQJ.A", "T987.T987.T98.T9", "65.6.76.KQJ87654"])
    state = new_game(rules).apply(deal)
    rng = random.Random(0)
    assert state.turn == 1 and demo_action(state, rng) != Bid.NIL  # the high cards
    for bid in (Bid(4), Bid(4), Bid(3)):
        state = state.apply(bid)
    assert state.turn == 0 and demo_action(state, rng) == Bid.NIL  # no card above a five
    state = state.apply(Bid.NIL)
    # No Nil where the rules forbid it.
    no_nil = new_game(Rules.partnership(nil_allowed=False)).apply(deal)
    for bid in (Bid(4), Bid(4), Bid(3)):
        no_nil = no_nil.apply(bid)
    assert demo_action(no_nil, rng) != Bid.NIL
    # Seat 0 bid Nil: it plays its lowest legal card, spades last.
    while state.turn != 0:
        state = state.apply(state.legal_actions()[-1])
    card = demo_action(state, rng)
    legal = [action for action in state.legal_actions() if isinstance(action, Card)]
    assert card == min(legal, key=lambda c: (c.suit == spades.Suit.SPADES, c.rank))


def test_format_hand_names_double_nil_and_bag_penalties() -> None:  # S-4, S-8
    rules = Rules.partnership()
    final = play_demo(rules, 7, io.StringIO())
    penalised = [row for row in final.sheet if any(side.penalty_points for side in row.result.sides)]
    assert penalised
    assert "bag penalty -100" in format_hand(penalised[0], rules)
    # Random bids ask for Double Nil about one hand in five.
    for seed in range(50):
        state, rng = new_game(rules, seed=seed), random.Random(seed)
        while not state.sheet:
            state = state.apply(rng.choice(state.legal_actions()))
        row = state.sheet[0]
        blind = [seat for seat, bid in enumerate(row.bids) if bid.double_nil]
        if blind:
            break
    seat = blind[0]
    outcome = "made" if row.tricks[seat] == 0 else "failed"
    side = rules.side_of[seat]
    points = row.result.sides[side].nil_points
    assert f"seat {seat} double nil {outcome}" in format_hand(row, rules)
    assert f"({points:+d})" in format_hand(row, rules)


# ----------------------------------------------------------------------
# Careless and hostile use of the command line.


def test_an_endless_input_is_refused_once_past_the_limit(capsys: pytest.CaptureFixture[str]) -> None:
    # /dev/zero never ends: read whole, it filled the memory.
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    for command in ("replay", "analyse"):
        assert main([command, "/dev/zero"], prog="spades") == 2
        error = capsys.readouterr().err
        assert "larger than 4,194,304 bytes" in error and error.count("\n") == 1


def test_a_json_record_with_a_byte_order_mark_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    assert main(["demo", "--seed", "3", "--record", str(path)], prog="spades") == 0
    printed = capsys.readouterr().out
    marked = tmp_path / "marked.json"
    marked.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert main(["replay", str(marked)], prog="spades") == 0
    assert capsys.readouterr().out.splitlines()[-1] == printed.splitlines()[-1]


def test_json_that_is_not_an_object_is_named_as_such(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # JSON other than an object was read as a text record, whose messages
    # ("actions before the first [Hand] tag") said nothing of what it was.
    path = tmp_path / "record.json"
    # A number longer than Python converts to an int is a number all the same.
    for text, kind in (("[1, 2]", "array"), ('"game"', "string"), ("42", "number"), ("null", "null"),
                       ("1" * 5000, "number"), ("[" + "9" * 5000 + "]", "array")):
        path.write_text(text + "\n")
        for command in ("replay", "analyse"):
            assert main([command, str(path)], prog="spades") == 2
            error = capsys.readouterr().err
            assert f"holds a JSON {kind}, not a game record" in error and error.count("\n") == 1
    path.write_text("[" * 100_000)  # not JSON Python reads, nor a record: one line all the same
    assert main(["replay", str(path)], prog="spades") == 2
    assert capsys.readouterr().err.count("\n") == 1
    # JSON nested deeper than Python reads is named as such, not read as a text record.
    path.write_text("[" * 100_000 + "]" * 100_000)
    assert main(["replay", str(path)], prog="spades") == 2
    assert capsys.readouterr().err == (f"spades: error: {str(path)!r} holds a JSON value nested too deeply, not a game record "
                                       "or a game state (in JSON, an object)\n")
    path.write_text('{"a": ' * 100_000 + "1" + "}" * 100_000)
    assert main(["replay", str(path)], prog="spades") == 2
    assert capsys.readouterr().err == "spades: error: not valid JSON here: nested deeper than this reader goes\n"


def test_the_analysis_of_a_record_with_no_finished_hand_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.txt"
    assert main(["demo", "--record", str(path)], prog="spades") == 0
    path.write_text("\n".join(path.read_text().splitlines()[:9]) + "\n")  # hand 0's deal and bids only
    capsys.readouterr()
    assert main(["analyse", str(path)], prog="spades") == 0
    assert capsys.readouterr().out == "no finished hand to analyse\n"


def test_match_and_play_name_the_option_at_fault(capsys: pytest.CaptureFixture[str]) -> None:
    for players, count in ((",,,,,", 6), ("simple", 1), ("simple,random,simple", 3)):
        assert main(["match", "--players", players, "--games", "2"], prog="spades") == 2
        assert capsys.readouterr().err == (f"spades: error: --players: 2 bots' names under partnership, one a side, "
                                           f"comma-separated, not {count}\n")
    assert main(["play", "--bots", "", "--seed", "1"], prog="spades") == 2  # no bot is called ''
    assert capsys.readouterr().err.startswith("spades: error: no bot is called '': the bots are ")
    assert main(["match", "--players", "simple,random", "--games", "2"], prog="spades") == 0
    out = capsys.readouterr().out
    assert out.startswith("2 games (1 deal, each played once per side) under partnership")
    assert out.count("(one deal: none)") == 2 and "inf" not in out

def test_records_go_to_devices_and_are_refused_for_no_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if os.path.exists("/dev/null"):
        assert main(["demo", "--seed", "3", "--record", "/dev/null"], prog="spades") == 0
        assert capsys.readouterr().err == ""
    if os.path.exists("/dev/full"):
        assert main(["demo", "--seed", "3", "--record", "/dev/full"], prog="spades") == 2
        assert capsys.readouterr().err.endswith("error: cannot write '/dev/full': No space left on device\n")
    assert main(["demo", "--seed", "3", "--record", ""], prog="spades") == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "cannot write" in captured.err  # refused before the game


def test_counts_and_long_numbers_are_refused_briefly(capsys: pytest.CaptureFixture[str]) -> None:
    # Refused in the options' own names (play_match's messages say games, max_hands).
    for option, value, why in (
        ("--games", "0", "--games: a multiple of the 2 sides, from 2 to 10,000,000"),
        ("--games", "3", "--games: a multiple of the 2 sides"),
        ("--games", "10000002", "--games: a multiple of the 2 sides, from 2 to 10,000,000"),
        ("--max-hands", "0", "--max-hands: from 1 to 100,000, not 0"),
        ("--workers", "0", "--workers: from 1 to 1,024, not 0"),
        ("--workers", "1025", "--workers: from 1 to 1,024, not 1025"),
    ):
        assert main(["match", "--players", "simple,random", option, value], prog="spades") == 2
        assert why in capsys.readouterr().err
    for digits in ("\u0663", "\uff13", "1_0", "+3", "\u00b3", "3.0", ""):
        # Digits 0 to 9 only, as the library's own readers take numbers.
        with pytest.raises(SystemExit) as exit_:
            main(["demo", "--seed", digits], prog="spades")
        assert exit_.value.code == 2
        assert "a whole number in the digits 0 to 9" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_:
        main(["demo", "--seed", "9" * 5000], prog="spades")
    assert exit_.value.code == 2
    error = capsys.readouterr().err
    assert "at most 30 digits" in error and len(error) < 400


def test_closed_streams_end_with_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", None)
    assert main(["play", "--seed", "1"], prog="spades") == 2
    assert capsys.readouterr().err == "spades: error: standard input is closed: play reads the moves from it\n"
    monkeypatch.setattr(sys, "stdout", None)
    assert main(["demo", "--seed", "1"], prog="spades") == 2
    assert capsys.readouterr().err == "spades: error: standard output is closed\n"
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", None)
    assert main(["replay", "/no/such/file"], prog="spades") == 2
    assert out.getvalue() == ""  # nowhere to say it, and not on standard output instead


def test_a_match_starts_no_more_workers_than_it_has_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    import concurrent.futures

    from spades import match

    def no_pool(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a process pool for one chunk of deals")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_pool)  # play_match imports it when it needs one
    result = match.play_match([spades.bots.simple_bot, spades.bots.random_bot], Rules.partnership(), 2, 1, workers=64)
    assert result.games == 2


@pytest.mark.parametrize(
    "argv", [["replay", "a\0b"], ["analyse", "\0"], ["demo", "--record", "x\0.json"], ["replay", "\ud800"]]
)
def test_a_file_name_no_file_can_have_is_a_usage_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    error = capsys.readouterr().err
    assert "file name" in error and "Traceback" not in error and len(error) < 1000


@pytest.mark.parametrize("argv", ["demo", ["demo", "--seed", 7], [b"demo"], ("demo", None)])
def test_argv_is_a_list_of_text(argv: object) -> None:
    with pytest.raises(spades.ArgumentTypeError, match="argv"):
        main(argv)  # type: ignore[arg-type]


def test_format_hand_refuses_a_hand_of_other_rules() -> None:
    """P-1, T-1, V-10: a row of a partnership hand is not a hand of three or
    two players; T-2: nor of a drafted game; V-9: nor of a deck without its cards."""
    rng = random.Random(2)
    state = new_game(Rules.partnership(), seed=2)
    while not state.sheet:
        state = state.apply(rng.choice(state.legal_actions()))
    row = state.sheet[0]
    assert format_hand(row, Rules.partnership()).startswith("Hand 0")
    for other in (Rules.cutthroat(3), Rules.two_player(), Rules.cutthroat(4)):
        with pytest.raises(spades.ArgumentError, match="seats"):
            format_hand(row, other)
    with pytest.raises(spades.ArgumentTypeError):
        format_hand(row, Rules.partnership(), tricks=1)  # type: ignore[arg-type]
    with pytest.raises(spades.ArgumentTypeError, match="draft is a bool"):
        format_hand(row, Rules.partnership(), draft=None)  # type: ignore[arg-type]
    two = new_game(Rules.two_player(), seed=2)
    while not two.sheet:
        two = two.apply(rng.choice(two.legal_actions()))
    assert format_hand(two.sheet[0], Rules.two_player()).startswith("Hand 0")
    assert any(hand.mask & CardSet.parse("2C 2D").mask for hand in row.hands)  # P-2: every card dealt
    with pytest.raises(spades.ArgumentError, match="C-1"):
        format_hand(row, Rules.jokers())  # V-9: the 2C and 2D are out of its deck
    dealt = spades.HandRecord(
        number=0, dealer=0, hands=two.sheet[0].hands, bids=two.sheet[0].bids, tricks=two.sheet[0].tricks,
        result=two.sheet[0].result, actions=tuple(a for a in two.sheet[0].actions if not isinstance(a, spades.Draft)),
    )
    with pytest.raises(spades.ArgumentError, match="T-2"):
        format_hand(dealt, Rules.two_player())  # a two-player hand with no draft


@pytest.mark.parametrize("command", [["replay"], ["analyse"], ["demo", "--record"]])
def test_a_file_name_in_a_message_is_quoted_escaped_and_short(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """A message naming a file shows its name quoted, its control
    characters escaped (a name cannot write on the terminal: a newline, a
    colour) and cut short, within the bound every message keeps."""
    for name in ("/nonexistent/" + "a" * 100_000, "/nonexistent/x\n\x1b[31mFAKE: all good\x1b[0m", "/nonexistent/\udcff"):
        assert main([*command, name], prog="spades") == 2
        err = capsys.readouterr().err
        assert err.startswith("spades: error: cannot ") and err.endswith("\n") and len(err) <= 300, err[:400]
        assert "\x1b" not in err and err.count("\n") == 1 and "\udcff" not in err
        assert "'/nonexistent/" in err


@pytest.mark.parametrize(
    "argv",
    [["x" * 1_000_000], ["demo", "--rules", "x" * 100_000], ["demo", "--" + "x" * 100_000], ["demo", *["a"] * 9_999],
     ["match", "--bots", "y" * 100_000]],
)
def test_a_usage_error_echoes_what_was_typed_cut_short(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """argparse quotes the choice or option it refuses, however long: a
    million characters typed gave a million-character message."""
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    message = err.splitlines()[-1]
    assert ": error: " in message and len(message) <= 1_100 and len(err) <= 3_000
    assert "x" * 50 not in message.replace("x" * 49 + "...", "")


def test_a_short_usage_error_is_shown_whole(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["demo", "--rules", "nope"])
    assert "invalid choice: 'nope' (choose from 'cutthroat-3'," in capsys.readouterr().err


def test_play_help_lists_the_presets(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = capsys.readouterr().out
    listed = out[out.index("presets (--rules NAME):"):out.index("bots (--bots NAME)")]
    assert set(listed.replace("presets (--rules NAME):", "").replace(",", " ").split()) == set(spades.PRESETS)
    assert max(len(line) for line in listed.splitlines()) <= 78
