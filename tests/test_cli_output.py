"""The command line's output, in full: the progress of ``spades analyse``
on a terminal, its JSON and its report in letters, the progress line of
``spades match`` (in place on a terminal, at every tenth of the games
elsewhere), ``demo --players 2``, ``replay`` in letters, a closed pipe,
and ``main``'s refusals of its own arguments."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

from spades import Record, Rules, new_game
from spades.analysis import analyse, analysis_to_json, format_analysis
from spades.cli import BROKEN_PIPE_STATUS, INTERRUPTED_STATUS, _Progress, format_replay, main, play_demo
from spades.errors import ArgumentError, ArgumentTypeError


class Terminal(io.StringIO):
    """A terminal: ``isatty()`` is true; each flush is counted."""

    def __init__(self) -> None:
        super().__init__()
        self.flushes = 0

    def isatty(self) -> bool:
        return True

    def flush(self) -> None:
        self.flushes += 1


class Encoded(io.StringIO):
    """An output of the given encoding (``None``: an in-memory stream's)."""

    def __init__(self, encoding: str | None) -> None:
        super().__init__()
        self._encoding = encoding

    @property
    def encoding(self) -> str | None:  # type: ignore[override]
        return self._encoding


def _record(tmp_path: Path) -> tuple[Path, Record]:
    state = new_game(Rules.two_player(), seed=4)
    while not state.sheet:
        state = state.apply(state.legal_actions()[-1])
    record = Record.of_state(state)
    path = tmp_path / "game.txt"
    path.write_text(record.to_text(), encoding="utf-8")
    return path, record


def test_analyse_shows_its_progress_on_a_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, record = _record(tmp_path)
    err = Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert main(["analyse", str(path)]) == 0
    cards = 26
    assert err.getvalue() == "".join(f"\ranalysed {done} of {cards} cards" for done in range(1, cards + 1)) + "\n"
    assert err.flushes >= cards  # each line shown as it is written


def test_analyse_says_nothing_of_its_progress_elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, _record_ = _record(tmp_path)
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert main(["analyse", str(path)]) == 0
    assert err.getvalue() == ""


def test_analyse_writes_its_report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, record = _record(tmp_path)
    report = analyse(record)
    assert report.hands[0].costly  # cards to show
    for stream, symbols in ((io.StringIO(), True), (Encoded("ascii"), False)):
        monkeypatch.setattr(sys, "stdout", stream)
        assert main(["analyse", str(path)]) == 0
        assert stream.getvalue() == format_analysis(report, symbols=symbols) + "\n"
    stream = io.StringIO()
    monkeypatch.setattr(sys, "stdout", stream)
    assert main(["analyse", "--json", str(path)]) == 0
    assert stream.getvalue() == json.dumps(analysis_to_json(report), indent=1) + "\n"


def test_a_file_that_cannot_be_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("analyse", "replay"):
        assert main([command, str(tmp_path)], prog="spades") == 2
        assert capsys.readouterr().err == f"spades: error: cannot read '{tmp_path}': Is a directory\n"


def test_replay_in_letters(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, record = _record(tmp_path)
    for stream, symbols in ((io.StringIO(), True), (Encoded("ascii"), False)):
        monkeypatch.setattr(sys, "stdout", stream)
        assert main(["replay", str(path)]) == 0
        assert stream.getvalue() == format_replay(record, symbols=symbols) + "\n"


@pytest.mark.parametrize(("argv", "rules", "verbose"), [
    (["--players", "2"], Rules.two_player(), False),  # T-1
    ([], Rules.partnership(), False),
    (["--verbose"], Rules.partnership(), True),
])
def test_demo(monkeypatch: pytest.MonkeyPatch, argv: list[str], rules: Rules, verbose: bool) -> None:
    stream = io.StringIO()
    monkeypatch.setattr(sys, "stdout", stream)
    assert main(["demo", "--seed", "1", *argv]) == 0
    expected = io.StringIO()
    play_demo(rules, 1, expected, verbose=verbose)
    assert stream.getvalue() == expected.getvalue()
    assert ("first player" in stream.getvalue()) == rules.is_draft


class Failing(io.StringIO):
    """Standard output whose every write raises ``error``: a reader gone
    away (a broken pipe), a full disk, Ctrl-C."""

    def __init__(self, error: BaseException) -> None:
        super().__init__()
        self.error = error

    def write(self, text: str) -> int:
        raise self.error


def test_a_closed_pipe_ends_quietly(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdout", Failing(BrokenPipeError(32, "Broken pipe")))
    assert main(["demo", "--seed", "1"], prog="spades") == BROKEN_PIPE_STATUS
    assert capsys.readouterr().err == ""


def test_an_interruption_is_said(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdout", Failing(KeyboardInterrupt()))
    assert main(["demo", "--seed", "1"], prog="spades") == INTERRUPTED_STATUS
    assert capsys.readouterr().err == "\nspades: interrupted\n"


def test_another_output_error_is_said(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdout", Failing(OSError(28, "No space left on device")))
    assert main(["demo", "--seed", "1"], prog="spades") == 2
    assert capsys.readouterr().err == "spades: error: [Errno 28] No space left on device\n"


def test_main_checks_its_own_arguments() -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        main(["demo", 3])  # type: ignore[list-item]
    assert str(caught.value) == "argv is a list of str: each argument is text"
    with pytest.raises(ArgumentTypeError) as caught:
        main(3)  # type: ignore[arg-type]
    assert str(caught.value) == "argv is a list of str, got int"
    with pytest.raises(ArgumentError) as too_many:
        main(["demo"] * 10_001)
    assert str(too_many.value) == "at most 10000 arguments"
    with pytest.raises(ArgumentTypeError) as caught:
        main([], prog=3)  # type: ignore[arg-type]
    assert str(caught.value) == "prog is a str or None, got int"


def _tenths(total: int) -> list[int]:
    """The games after which a progress line is printed off a terminal: the
    first, each that reaches a new tenth of ``total``, and the last."""
    return [done for done in range(1, total + 1)
            if done in (1, total) or done * 10 // total > (done - 1) * 10 // total]


class Plain:
    """An output that is no terminal and has no ``isatty``; each flush is
    counted."""

    def __init__(self) -> None:
        self.text = ""
        self.flushes = 0

    def write(self, text: str) -> int:
        self.text += text
        return len(text)

    def flush(self) -> None:
        self.flushes += 1


@pytest.mark.parametrize("total", [1, 7, 11, 25, 100])
def test_the_progress_line_of_a_match(total: int) -> None:
    plain = Plain()
    progress = _Progress(plain)  # type: ignore[arg-type]
    for done in range(1, total + 1):
        progress(done, total)
    lines = plain.text.splitlines()
    assert plain.flushes == len(lines)  # each line shown as it is written
    assert [int(re.fullmatch(r"games (\d+)/(\d+), \d+\.\d s", line)[1]) for line in lines] == _tenths(total)  # type: ignore[index]
    assert all(float(line.split(", ")[1][:-2]) < 60 for line in lines)  # seconds since the match began
    terminal = Terminal()
    progress = _Progress(terminal)
    for done in range(1, total + 1):
        progress(done, total)
    shown = terminal.getvalue()
    assert re.fullmatch("".join(rf"\rgames {done}/{total}, \d+\.\d s" for done in range(1, total + 1)) + "\n", shown)
    assert terminal.flushes == total


@pytest.mark.parametrize(("encoding", "shown"), [
    (None, "é 10♠ ★"),  # an in-memory stream takes any text
    ("utf-8", "é 10♠ ★"),
    ("latin-1", "é 10S \\u2605"),  # suit symbols as letters, the rest escaped
    ("ascii", "\\xe9 10S \\u2605"),
    ("no-such-encoding", "\\xe9 10S \\u2605"),  # an encoding Python does not know: ASCII
])
def test_text_is_fitted_to_the_output(encoding: str | None, shown: str) -> None:
    from spades.cli import _fitted

    assert _fitted(Encoded(encoding), "é 10♠ ★") == shown


# The files the commands read and write.


def test_a_file_at_and_over_the_size_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from spades.cli import _READ_LIMIT

    path = tmp_path / "big.txt"
    path.write_bytes(b" " * _READ_LIMIT)  # read whole: then refused as a record
    assert main(["replay", str(path)], prog="spades") == 2
    assert "larger than" not in capsys.readouterr().err
    path.write_bytes(b" " * (_READ_LIMIT + 1))
    assert main(["replay", str(path)], prog="spades") == 2
    assert capsys.readouterr().err == (
        f"spades: error: '{path}' is larger than {_READ_LIMIT:,} bytes: too large for a game record or state\n"
    )


def test_files_that_hold_no_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from spades.serial import to_json

    path = tmp_path / "x.txt"
    cases = [
        (b"\xff\xfe", f"'{path}' is not UTF-8 text: 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte"),
        (to_json(Rules.partnership()).encode(), f"'{path}' holds Rules data, not a game record or a game state"),
        (b"[1, 2]", f"'{path}' holds a JSON array, not a game record or a game state (in JSON, an object)"),
        (b'"text"', f"'{path}' holds a JSON string, not a game record or a game state (in JSON, an object)"),
        (b"12", f"'{path}' holds a JSON number, not a game record or a game state (in JSON, an object)"),
        (b"1.5e3", f"'{path}' holds a JSON number, not a game record or a game state (in JSON, an object)"),
        (b"true", f"'{path}' holds a JSON true or false, not a game record or a game state (in JSON, an object)"),
        (b"null", f"'{path}' holds a JSON null, not a game record or a game state (in JSON, an object)"),
        (b"[" * 100_000 + b"]" * 100_000,
         f"'{path}' holds a JSON value nested too deeply, not a game record or a game state (in JSON, an object)"),
    ]
    for data, message in cases:
        path.write_bytes(data)
        assert main(["replay", str(path)], prog="spades") == 2
        assert capsys.readouterr().err == f"spades: error: {message}\n"


def test_a_record_in_json_after_blank_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from spades.serial import to_json

    path, record = _record(tmp_path)
    path.write_text("\n  \n" + to_json(record), encoding="utf-8")
    stream = io.StringIO()
    monkeypatch.setattr(sys, "stdout", stream)
    assert main(["replay", str(path)]) == 0
    assert stream.getvalue() == format_replay(record) + "\n"


def test_a_record_file_in_json_and_in_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from spades.serial import to_json

    expected = io.StringIO()
    final = play_demo(Rules.partnership(), 1, expected)
    record = Record.of_state(final)
    with open(tmp_path / "out.txt", "w", encoding="utf-8") as out:  # standard output, another file
        monkeypatch.setattr(sys, "stdout", out)
        for name, text in (("game.json", to_json(record, indent=1) + "\n"), ("game.txt", record.to_text())):
            path = tmp_path / name
            path.write_text("an older and longer file\n" * 1000, encoding="utf-8")
            assert main(["demo", "--seed", "1", "--record", str(path)]) == 0
            assert path.read_text(encoding="utf-8") == text  # emptied first


def test_a_record_written_to_the_output_itself(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # spades demo --record out.txt >> out.txt: the game's output is kept
    # (not emptied first), beside the record (in the order the two streams
    # reach the file: standard output is buffered).
    path = tmp_path / "out.txt"
    with open(path, "a", encoding="utf-8") as out:
        monkeypatch.setattr(sys, "stdout", out)
        assert main(["demo", "--seed", "1", "--record", str(path)]) == 0
    expected = io.StringIO()
    final = play_demo(Rules.partnership(), 1, expected)
    record = Record.of_state(final).to_text()
    assert path.read_text(encoding="utf-8") in (expected.getvalue() + record, record + expected.getvalue())


class _FullDevice:
    """A file whose writes and whose closing fail: the disk is full."""

    def __init__(self, fail_on: str) -> None:
        self.fail_on = fail_on

    def write(self, text: str) -> int:
        if self.fail_on == "write":
            raise OSError(28, "No space left on device")
        return len(text)

    def flush(self) -> None:
        pass

    def fileno(self) -> int:
        raise OSError(9, "not a real file")

    def close(self) -> None:
        if self.fail_on == "close":
            raise OSError(28, "No space left on device")


def test_a_record_that_cannot_be_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from spades.cli import _CommandError, _Output

    missing = tmp_path / "missing" / "game.txt"
    assert main(["demo", "--seed", "1", "--record", str(missing)], prog="spades") == 2
    assert capsys.readouterr().err == f"spades: error: cannot write '{missing}': No such file or directory\n"
    path = tmp_path / "game.txt"
    for fail_on in ("write", "close"):
        output = _Output(str(path))
        output.handle.close()
        output.handle = _FullDevice(fail_on)  # type: ignore[assignment]
        with pytest.raises(_CommandError) as caught:
            output.write("[Event]\n")
            output.close()
        assert str(caught.value) == f"cannot write '{path}': No space left on device"


def test_file_names_and_numbers_in_arguments(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from spades.errors import short_repr

    for name, words in (("a\0b", "a file name holds no NUL character"),
                        ("\ud800", "'\\ud800' cannot be a file name on this system")):
        with pytest.raises(SystemExit):
            main(["replay", name], prog="spades")
        assert capsys.readouterr().err.endswith(f": {words}\n")
    long_name = str(tmp_path / ("n" * 150))
    assert main(["replay", long_name], prog="spades") == 2
    assert capsys.readouterr().err == f"spades: error: cannot read {short_repr(long_name, 100)}: No such file or directory\n"
    assert main(["demo", "--seed", "0" * 29 + "1"], prog="spades") == 0  # 30 digits
    capsys.readouterr()
    with pytest.raises(SystemExit):
        main(["demo", "--seed", "0" * 30 + "1"], prog="spades")
    assert capsys.readouterr().err.endswith("a whole number of at most 30 digits, not one of 31 characters\n")
