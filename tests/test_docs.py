"""The README and docs/ tell a new user the truth: every command has help with examples, every doc a link."""

from __future__ import annotations

import glob
import re
import shlex
import shutil
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from bridgetools.cli import COMMANDS, cli

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md"))


def section(title: str) -> str:
    """The README text under a `## title` heading, up to the next heading of the same level."""
    start = README.index(f"## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start:] if end < 0 else README[start:end]


def sh_blocks(text: str) -> list[list[str]]:
    """The non-empty lines of each ```sh block of a Markdown text, comments after `  #` removed."""
    blocks = re.findall(r"^```sh\n(.*?)^```", text, flags=re.S | re.M)
    strip = re.compile(r"\s+#\s.*$")
    return [[strip.sub("", line).strip() for line in b.splitlines() if line.strip()] for b in blocks]


def command(name: str) -> click.Command:
    """A registered command, loaded as the lazy group loads it."""
    found = cli.get_command(click.Context(cli), name)
    assert found is not None, f"{name} is registered in COMMANDS but does not load"
    return found


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_answers_help(name: str) -> None:
    result = CliRunner().invoke(cli, [name, "--help"], prog_name="bridgetools")
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"Usage: bridgetools {name} ")
    assert "Examples:" in result.output


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_docstring_has_an_examples_block_of_its_own_command(name: str) -> None:
    # click keeps the lines after a \b line unwrapped, which is what makes an Examples block readable.
    doc = command(name).help or ""
    block = re.search(r"\x08\n\s*Examples:\n((?:[ \t]+\S.*\n?)+)", doc)
    assert block, f"{name}: the docstring has no \\b Examples: block"
    lines = [line.strip() for line in block.group(1).splitlines()]
    examples = [line for line in lines if line.startswith(("bridgetools", "cat ", "printf "))]
    assert examples, f"{name}: the Examples block shows no command line"
    assert all(f"bridgetools {name}" in line for line in examples)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_is_in_the_readme(name: str) -> None:
    assert f"bridgetools {name} " in README and f"`{name}`" in section("The command line")


def test_the_group_lists_every_registered_command() -> None:
    result = CliRunner().invoke(cli, ["--help"], prog_name="bridgetools")
    assert result.exit_code == 0
    listed = re.findall(r"^  (\w+)\s", result.output.split("Commands:")[1], flags=re.M)
    assert listed == sorted(COMMANDS)


@pytest.mark.parametrize("doc", DOCS)
def test_every_doc_is_linked_from_the_readme(doc: str) -> None:
    assert f"]({doc})" in README


def test_every_readme_link_to_a_file_of_the_checkout_exists() -> None:
    targets = re.findall(r"\]\(([^)#:]+)\)", README)
    assert targets
    assert [t for t in targets if not (ROOT / t).exists()] == []


def test_quick_start_is_two_commands_install_and_run_then_test() -> None:
    blocks = sh_blocks(section("Quick start"))
    assert len(blocks) == 1 and len(blocks[0]) == 2
    first, second = blocks[0]
    assert first.startswith("python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/bridgetools ")
    assert second.startswith("python3 -m venv .venv && .venv/bin/pip install ") and "pytest" in second


def test_ci_runs_the_quick_starts_second_command() -> None:
    # .ci/run finds the test command by this rule: the second non-empty line of Quick start's first block.
    lines = section("Quick start").split("```")[1].splitlines()[1:]
    assert [line for line in lines if line.strip()][1] == sh_blocks(section("Quick start"))[0][1]


def test_every_command_named_in_readme_and_docs_is_registered() -> None:
    texts = [README] + [(ROOT / d).read_text(encoding="utf-8") for d in DOCS]
    # A command line starts a line (or follows a pipe) in a fenced code block, or opens a `code span`.
    fenced = [b for text in texts for b in re.findall(r"^```[^\n]*\n(.*?)^```", text, flags=re.S | re.M)]
    named = {m for b in fenced for m in re.findall(r"(?:^|\| )bridgetools ([a-z]+)\b", b, flags=re.M)}
    named |= {m for text in texts for m in re.findall(r"`bridgetools ([a-z]+)\b", text)}
    assert named >= {"deal", "score"} and named - set(COMMANDS) == set()


HAND_RECORDS = "Hand records, handouts and dealing machines"
README_EXAMPLES = [
    (title, block)
    for title in ("Dealing practice boards", "Converting hand records", "Scoring and analysis", HAND_RECORDS)
    for block in sh_blocks(section(title))
]


@pytest.mark.parametrize("title, lines", README_EXAMPLES, ids=[t for t, _ in README_EXAMPLES])
def test_readme_examples_run_on_the_samples(title: str, lines: list[str], tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    if title == HAND_RECORDS:  # printing needs the print extra, its --dd the dd extra
        pytest.importorskip("reportlab")
        pytest.importorskip("bridgetools.dd")
    run_from_the_top(lines, tmp_path, monkeypatch)


LESSON = "A lesson, start to finish"


def test_the_readmes_lesson_runs_on_the_samples(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # every line but `play`, which serves the table until Ctrl-C; printing PDF needs the print extra
    pytest.importorskip("reportlab")
    (lines,) = sh_blocks(section(LESSON))
    assert lines[-1] == "bridgetools play lesson.pbn"
    run_from_the_top(lines[:-1], tmp_path, monkeypatch)
    assert (tmp_path / "students.pdf").stat().st_size and (tmp_path / "answers.pdf").stat().st_size
    assert "Note" in (tmp_path / "lesson-bid.pbn").read_text(encoding="utf-8")


def test_print_help_examples_run_on_the_samples(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("reportlab")
    pytest.importorskip("bridgetools.dd")
    doc = command("print").help or ""
    lines = [line.strip() for line in doc.split("Examples:")[1].splitlines() if line.strip()]
    lines = [re.split(r" [|>] ", line)[0] for line in lines]  # up to a pipe or a redirect
    fonts = {word for line in lines for word in line.split() if word.endswith(".ttf")}
    if not all(Path(font).is_file() for font in fonts):
        pytest.skip(f"{', '.join(sorted(fonts))}: no such font here")
    run_from_the_top(lines, tmp_path, monkeypatch)


def run_from_the_top(lines: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run each command line from a copy of the checkout's top with samples/, as a new user would; each
    must succeed."""
    shutil.copytree(ROOT / "samples", tmp_path / "samples")
    monkeypatch.chdir(tmp_path)
    for line in lines:
        words = shlex.split(line)
        assert words[0] == "bridgetools", line
        args = [a for w in words[1:] for a in (sorted(glob.glob(w)) if "*" in w else [w])]
        result = CliRunner().invoke(cli, args, prog_name="bridgetools")
        assert result.exit_code == 0, f"{line}\n{result.output}"
        assert "Traceback" not in result.output, line


def test_every_package_of_the_source_is_in_the_wheel() -> None:
    """pyproject.toml lists packages by name: a new subpackage left out would be missing from the wheel."""
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
                 ["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "bridgetools").rglob("__init__.py")}
    assert found <= listed, sorted(found - listed)
