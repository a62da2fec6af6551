"""A progress bar on a stderr that is no terminal (a log, a batch job's): its progress said as a plain line
now and then, so a long run (``export --dd`` of a season) is seen to go on; a short run says nothing."""

from __future__ import annotations

import threading

import pytest

from bridgetools.cli import common


def test_a_bar_on_a_stderr_that_is_a_file_says_its_progress_in_plain_lines(
        capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "PLAIN_EVERY", 0.0)
    with common.progress_bar(4, "Exporting") as bar:
        for _ in range(4):
            bar.update(1)
    lines = capfd.readouterr().err.splitlines()
    assert [line.rsplit(" after ", 1)[0] for line in lines] == [
        "Exporting: 25%", "Exporting: 50%", "Exporting: 75%", "Exporting: 100%", "Exporting: done"]
    assert "\r" not in "".join(lines) and "[" not in "".join(lines)  # no bar drawn


def test_a_bar_of_unknown_length_on_a_file_says_the_steps_done(
        capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "PLAIN_EVERY", 0.0)
    with common.progress_bar(None, "Solving") as bar:
        bar.update(1500)
    assert capfd.readouterr().err.splitlines()[0].startswith("Solving: 1,500 done after ")


def test_the_time_a_run_has_gone_is_said_in_seconds_minutes_and_hours() -> None:
    assert [common._elapsed(s) for s in (4.4, 80, 7500)] == ["4 s", "1 min 20 s", "2 h 5 min"]


def test_a_bar_on_a_file_says_its_progress_while_a_step_is_still_going_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A board of ``autoplay`` takes half a minute: a line comes every `PLAIN_EVERY` seconds all the same."""
    said: list[str] = []
    a_line = threading.Event()

    def told(message: str = "", nl: bool = True) -> None:
        said.append(message)
        a_line.set()

    monkeypatch.setattr(common, "PLAIN_EVERY", 0.01)
    monkeypatch.setattr(common, "tell", told)
    monkeypatch.setattr(common, "_stderr_is_a_file", lambda: True)
    monkeypatch.setattr(common, "stderr_is_a_terminal", lambda: False)
    with common.progress_bar(4, "Playing") as bar:
        assert a_line.wait(timeout=10)  # no step taken: the line comes of the time gone alone
        bar.update(1)
    assert said[0].startswith("Playing: 0% after ") and said[-1].startswith("Playing: done after ")


def test_a_solving_bar_says_it_is_reading_until_it_is_told_a_count_not_0_done(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``export --dd`` read a big first session for minutes under ``Solving: 0 done``."""
    said: list[str] = []
    heard = threading.Event()

    def tell(message: str = "", nl: bool = True) -> None:
        said.append(message.split(" after ")[0])
        heard.set()

    monkeypatch.setattr(common, "PLAIN_EVERY", 0.01)
    monkeypatch.setattr(common, "_stderr_is_a_file", lambda: True)
    monkeypatch.setattr(common, "stderr_is_a_terminal", lambda: False)
    monkeypatch.setattr(common, "tell", tell)
    with common.BoardsBar("Solving", before="Reading") as bar:
        assert heard.wait(10)
        bar.at(0, None)  # the boards read: solving starts
        bar.at(3, 4)
    solving = next(i for i, line in enumerate(said) if line.startswith("Solving"))
    assert solving > 0 and set(said[:solving]) == {"Reading: under way"}
    assert said[-1] == "Solving: done" and all(line.startswith("Solving") for line in said[solving:])
    assert "Solving: 0 done" not in said

