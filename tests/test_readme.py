"""The README keeps its word: its command-line examples run, its quick start is the one CI runs,
it links every page of docs/, and no link in the README or in docs/ points to a missing file or
heading, or outside the repository.

The examples are the ``python main.py ...`` lines of the first ``sh`` block under the README's
"## The command line" heading. Each runs as its own process from the repository root; a path an
example writes (``-o``/``--output``/``--plot``) goes to the test's temporary folder, and an
example that reads what an earlier one wrote (``bank check mybank`` after ``bank build -o
mybank``) runs that one first. ``play`` (the game needs a display) is left out.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path, PurePosixPath

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
PAGES = [README, *DOCS]
EXAMPLES_HEADING = "## The command line"
WRITES = ("-o", "--output", "--plot")  # options whose value is a file or folder the command writes
TIMEOUT = 300  # seconds per command: each takes a few, but the whole suite shares the cores
QUICK_START = (
    "pip install -r requirements.txt && python main.py           # install and play",
    "pip install -r requirements.txt && python -m pytest         # install and run the tests",
)


# --- the examples -----------------------------------------------------------------------------


def readme_examples() -> list[list[str]]:
    """The arguments after ``python main.py`` of each example line (comments dropped), in order;
    empty when the heading or its ``sh`` block is missing (a test says so)."""
    text = README.read_text(encoding="utf-8")
    _, found, section = text.partition(EXAMPLES_HEADING + "\n")
    block = re.search(r"^```sh\n(.*?)^```", section, re.S | re.M) if found else None
    if block is None:
        return []
    examples = []
    for line in block.group(1).splitlines():
        words = shlex.split(line, comments=True)
        if words[:2] == ["python", "main.py"]:
            examples.append(words[2:])
    return examples


def written(args: list[str]) -> list[str]:
    """The paths an example writes: the values of its WRITES options."""
    paths = []
    for i, word in enumerate(args):
        option, eq, value = word.partition("=")
        if option in WRITES:
            paths.append(value if eq else args[i + 1] if i + 1 < len(args) else "")
    return paths


EXAMPLES = readme_examples()
RUN = [args for args in EXAMPLES if args and args[0] != "play"]


def prerequisites(args: list[str]) -> list[list[str]]:
    """The earlier examples that write a path ``args`` reads, each after its own prerequisites."""
    before = EXAMPLES[: EXAMPLES.index(args)]
    reads = set(args) - set(written(args))
    needed: list[list[str]] = []
    for earlier in before:
        if reads & set(written(earlier)):
            needed += [p for p in prerequisites(earlier) if p not in needed] + [earlier]
    return needed


def in_tmp(args: list[str], tmp_path: Path) -> list[str]:
    """``args`` with every path that some example writes moved into ``tmp_path``."""
    outputs = {path for example in EXAMPLES for path in written(example)}
    moved = []
    for word in args:
        option, eq, value = word.partition("=")
        if eq and option in WRITES and value in outputs:
            moved.append(f"{option}={tmp_path / value}")
        else:
            moved.append(str(tmp_path / word) if word in outputs else word)
    return moved


def run_example(args: list[str], tmp_path: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["SUDOKU_DATA_DIR"] = str(tmp_path / "data")  # never the player's own folder
    return subprocess.run(
        [sys.executable, "main.py", *in_tmp(args, tmp_path)],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,  # an example that reads standard input gets nothing, never waits
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )


def test_the_readme_has_command_line_examples():
    assert len(RUN) >= 5, f"no `python main.py` examples in a ```sh block under {EXAMPLES_HEADING!r}"


@pytest.mark.parametrize("args", RUN, ids=[" ".join(args) for args in RUN])
def test_readme_example_runs(args, tmp_path):
    for path in written(args):
        parts = PurePosixPath(path).parts
        assert path and not PurePosixPath(path).is_absolute() and ".." not in parts, (
            f"{path!r}: an example writes a relative path inside the working folder"
        )
    if args[:2] == ["bank", "build"]:
        assert written(args), "`bank build` without -o would write the shipped bank"
    for earlier in prerequisites(args):
        done = run_example(earlier, tmp_path)
        assert done.returncode == 0, f"`main.py {shlex.join(earlier)}` (needed first): {done.stderr}"
    done = run_example(args, tmp_path)
    assert done.returncode == 0, f"`main.py {shlex.join(args)}` exited {done.returncode}:\n{done.stderr}"
    outputs = [tmp_path / path for path in written(args)]
    made = [path for path in outputs if path.is_file() and path.stat().st_size]
    made += [path for path in outputs if path.is_dir() and any(f.stat().st_size for f in path.rglob("*.*"))]
    assert done.stdout.strip() or made, f"`main.py {shlex.join(args)}` printed and wrote nothing"
    assert len(made) == len(outputs), f"`main.py {shlex.join(args)}` left an output empty: {outputs}"


def test_the_quick_start_is_the_one_ci_runs():
    lines = README.read_text(encoding="utf-8").splitlines()
    for command in QUICK_START:
        assert command in lines, f"README's quick start changed: {command!r}"
    assert QUICK_START[1].split("#")[0].strip() in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


# --- links ------------------------------------------------------------------------------------

INLINE_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_LINK = re.compile(r"^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+\"[^\"]*\")?\s*$", re.M)


def without_fences(text: str) -> str:
    return re.sub(r"^(```|~~~).*?^\1[^\n]*$", "", text, flags=re.S | re.M)


def prose(text: str) -> str:
    """``text`` without fenced code blocks and inline code, where brackets are not links."""
    return re.sub(r"`[^`\n]*`", "", without_fences(text))


def links(page: Path) -> list[str]:
    text = prose(page.read_text(encoding="utf-8"))
    return INLINE_LINK.findall(text) + REFERENCE_LINK.findall(text)


def anchors(page: Path) -> set[str]:
    """GitHub's anchors for the headings of a Markdown page: lower case, punctuation dropped,
    spaces as hyphens, a repeated heading numbered -1, -2, ..."""
    found: set[str] = set()
    for line in without_fences(page.read_text(encoding="utf-8")).splitlines():
        heading = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if heading:
            slug = re.sub(r"[^\w\- ]", "", heading.group(1).strip().lower()).replace(" ", "-")
            n, anchor = 0, slug
            while anchor in found:
                n += 1
                anchor = f"{slug}-{n}"
            found.add(anchor)
    return found


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_every_link_points_to_a_file_of_the_repository(page):
    broken = []
    for target in links(page):
        if re.match(r"[a-zA-Z][a-zA-Z0-9+.-]*:|/", target):
            broken.append(f"{target}: points outside the repository (links here are relative)")
            continue
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.is_relative_to(ROOT):
            broken.append(f"{target}: points outside the repository")
        elif not file.exists():
            broken.append(f"{target}: no such file")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            broken.append(f"{target}: no heading #{anchor} in {file.relative_to(ROOT)}")
    assert not broken, f"{page.relative_to(ROOT)}:\n" + "\n".join(broken)


def test_the_readme_links_every_page_of_docs_the_changelog_and_the_licence():
    linked = {(ROOT / target.partition("#")[0]).resolve() for target in links(README)}
    wanted = [*DOCS, ROOT / "CHANGELOG.md", ROOT / "LICENSE"]
    assert not [str(p.relative_to(ROOT)) for p in wanted if p.resolve() not in linked]


def test_the_readme_stays_short():
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 200
