"""Without the extras: every double-dummy feature says in one line how to install them, and the rest of
the package works. endplay (and distributed) are hidden, never uninstalled."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

import bridgetools as bt
from bridgetools.cli import cli
from bridgetools.dd import _dds
from bridgetools.errors import MissingExtraError

FULL = "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"

# Run in a fresh interpreter in which importing the named packages fails as if they were not installed.
BLOCKER = textwrap.dedent("""
    import sys
    from importlib.abc import MetaPathFinder

    class Hidden(MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in {hidden!r}:
                raise ImportError(f"No module named {{name!r}}")
            return None

    sys.meta_path.insert(0, Hidden())
""")


def without(hidden: set[str], code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", BLOCKER.format(hidden=hidden) + textwrap.dedent(code)],
                          capture_output=True, text=True, timeout=300)


@pytest.fixture
def no_endplay(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "endplay", None)
    monkeypatch.setitem(sys.modules, "endplay._dds", None)
    _dds.dds.cache_clear()
    yield
    _dds.dds.cache_clear()


@pytest.mark.parametrize("call", [
    lambda: bt.dd_table(bt.Deal.from_pbn(FULL)),
    lambda: list(bt.dd_tables([bt.Deal.from_pbn(FULL)])),
    lambda: bt.par(bt.DDTable(tuple([7] * 20)), "None", "N"),
    lambda: bt.dd_leads(bt.Deal.from_pbn(FULL), "3NT", "E"),
    lambda: bt.dd_solve(__import__("bridgetools.dd", fromlist=["Position"]).Position(
        bt.Deal.from_pbn(FULL), bt.Strain.NT, bt.Seat.S)),
], ids=["dd_table", "dd_tables", "par", "dd_leads", "dd_solve"])
def test_every_dd_function_says_how_to_install_the_extra(no_endplay: None, call: object) -> None:
    with pytest.raises(MissingExtraError) as caught:
        call()  # type: ignore[operator]
    assert str(caught.value) == "double-dummy analysis needs the 'dd' extra: pip install 'bridgetools[dd]'"


def test_the_command_says_it_in_one_line_and_exits_1(no_endplay: None) -> None:
    result = CliRunner().invoke(cli, ["dd", FULL], prog_name="bridgetools")
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        "Error: double-dummy analysis needs the 'dd' extra: pip install 'bridgetools[dd]'"]


@pytest.mark.parametrize("command", ["bid", "autoplay"])
def test_judge_asked_for_without_the_extra_says_it_in_one_line_and_exits_1(no_endplay: None, tmp_path: Path,
                                                                          command: str) -> None:
    sample = Path(__file__).parent.parent / "samples" / "club_night.pbn"
    result = CliRunner().invoke(cli, [command, str(sample), "-o", str(tmp_path / "out.pbn"), "--judge"])
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        "Error: --judge needs the 'dd' extra: pip install 'bridgetools[dd]'"]
    assert not (tmp_path / "out.pbn").exists()


def test_bid_without_the_extra_and_without_judge_bids_by_the_rules_unsaid(
        no_endplay: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bridgetools.bots import judgement

    monkeypatch.setattr(judgement, "_SHARED", {})  # the bidder made here, without DDS, is this test's alone
    sample = Path(__file__).parent.parent / "samples" / "club_night.pbn"
    result = CliRunner().invoke(cli, ["bid", str(sample), "-o", str(tmp_path / "out.pbn"), "-q"])
    assert result.exit_code == 0 and result.output == ""


def test_without_endplay_the_command_line_stops_with_one_line_and_the_rest_works() -> None:
    done = without({"endplay"}, f"""
        import sys
        from bridgetools.cli import cli
        for args in (["dd", {FULL!r}], ["show", {FULL!r}], ["score", "4S", "10"]):
            try:
                cli.main(args, prog_name="bridgetools", standalone_mode=True)
            except SystemExit as e:
                print("exit", args[0], e.code, file=sys.stderr)
    """)
    lines = done.stderr.splitlines()
    assert "Traceback" not in done.stderr
    assert lines[0] == "Error: double-dummy analysis needs the 'dd' extra: pip install 'bridgetools[dd]'"
    assert lines[1:] == ["exit dd 1", "exit show 0", "exit score 0"]
    assert "AKQ2" in done.stdout


def test_without_distributed_a_scheduler_says_how_to_install_the_dist_extra() -> None:
    done = without({"distributed", "dask"}, f"""
        import bridgetools as bt
        try:
            list(bt.dd_tables([bt.Deal.from_pbn({FULL!r})], scheduler="tcp://127.0.0.1:1"))
        except bt.BridgeError as e:
            print(e)
    """)
    assert done.stdout.strip() == \
        "solving on a Dask cluster needs the 'dist' extra: pip install 'bridgetools[dist]'"


def test_dd_dask_without_either_extra_names_the_dist_extra_at_once() -> None:
    done = without({"endplay", "distributed", "dask"}, f"""
        import sys
        from bridgetools.cli import cli
        try:
            cli.main(["dd", {FULL!r}, "--dask", "tcp://127.0.0.1:1"], prog_name="bridgetools")
        except SystemExit as e:
            print("exit", e.code, file=sys.stderr)
    """)
    assert done.stderr.splitlines() == [
        "Error: solving on a Dask cluster needs the 'dist' extra: pip install 'bridgetools[dist]'", "exit 1"]


def test_print_dd_without_either_extra_names_both_in_one_line(tmp_path: Path) -> None:
    sample = Path(__file__).parent.parent / "samples" / "club_night.pbn"
    done = without({"endplay", "reportlab"}, f"""
        import sys
        from bridgetools.cli import cli
        try:
            cli.main(["print", {str(sample)!r}, "-o", {str(tmp_path / "r.pdf")!r}, "--dd"], prog_name="bt")
        except SystemExit as e:
            print("exit", e.code, file=sys.stderr)
    """)
    assert done.stderr.splitlines() == [
        "Error: printing PDF hand records needs the 'print' and 'dd' extras: "
        "pip install 'bridgetools[print,dd]'", "exit 1"]
