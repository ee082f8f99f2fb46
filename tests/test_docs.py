"""The decision records can be found: every reference names a record that exists, the index
lists every record, and a record replaced by another is named by it in turn."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RECORDS = ROOT / "docs" / "decisions"
RECORD_NAME = re.compile(r"\d{4}-[a-z0-9-]+\.md")
# A path to a record from the repository's root, as comments and docs write it.
REFERENCE = re.compile(r"docs/decisions/(\d{4}-[a-z0-9-]+\.md)")
# A relative Markdown link to a record, as the records, the index and the docs write it.
LINK = re.compile(r"\]\((?:\.\./)*(?:docs/)?(?:decisions/)?(\d{4}-[a-z0-9-]+\.md)\)")
# The old single file, now a pointer to the index: a reference to it names no decision.
OLD_FILE = re.compile(r"(?<![\w/])(?:docs/)?decisions\.md")
# Where the old file is named as history: the records' own notes, the changelog, the figures
# (and the pointer left at its place).
HISTORY = ("docs/decisions/", "docs/decisions.", "docs/benchmarks.md", "CHANGELOG.md")
SKIPPED = {".git", "node_modules", ".venv", "dist", "var"}


def tree_files() -> list[Path]:
    """The repository's files, tracked or new, without what .gitignore leaves out."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
            cwd=ROOT, capture_output=True, check=True,
        ).stdout.decode().split("\0")
        paths = [ROOT / name for name in listed if name]
    except (OSError, subprocess.CalledProcessError):  # no git: walk the tree
        paths = [p for p in ROOT.rglob("*") if not SKIPPED & set(p.relative_to(ROOT).parts)]
    return [p for p in paths if p.is_file()]


def text_of(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError):
        return ""


def records() -> list[Path]:
    return sorted(p for p in RECORDS.iterdir() if RECORD_NAME.fullmatch(p.name))


def test_every_record_reference_in_the_tree_names_a_record() -> None:
    missing = []
    for path in tree_files():
        text = text_of(path)
        names = set(REFERENCE.findall(text))
        if path.suffix == ".md":
            names |= set(LINK.findall(text))
        missing += [
            f"{path.relative_to(ROOT)}: {name}" for name in sorted(names)
            if not (RECORDS / name).is_file()
        ]
    assert missing == []


def test_nothing_points_to_the_old_single_file() -> None:
    """A comment names the record it means (docs/decisions/NNNN-*.md), not the old file."""
    stale = []
    for path in tree_files():
        name = path.relative_to(ROOT).as_posix()
        if name.startswith(HISTORY):
            continue
        stale += [
            f"{name}:{number}" for number, line in enumerate(text_of(path).splitlines(), 1)
            if OLD_FILE.search(line)
        ]
    assert stale == []


def test_records_are_numbered_once_each_in_order() -> None:
    numbers = [int(p.name[:4]) for p in records()]
    assert numbers == list(range(1, len(numbers) + 1))


def test_every_record_has_a_date_a_status_and_its_sections() -> None:
    incomplete = []
    for path in records():
        text = text_of(path)
        if not text.startswith(f"# {path.name[:4]}. "):
            incomplete.append(f"{path.name}: title")
        if not re.search(r"^- Date: 20\d\d-\d\d-\d\d", text, re.M):
            incomplete.append(f"{path.name}: date")
        if not re.search(r"^- Status: (Accepted|Replaced by|Superseded)", text, re.M):
            incomplete.append(f"{path.name}: status")
        for section in ("## Context", "## Decision", "## Consequences"):
            if section not in text:
                incomplete.append(f"{path.name}: {section}")
    assert incomplete == []


def test_the_index_lists_every_record() -> None:
    listed = set(LINK.findall(text_of(RECORDS / "README.md")))
    assert listed == {p.name for p in records()}


def test_a_replaced_record_is_named_by_the_one_that_replaces_it() -> None:
    unmatched = []
    for path in records():
        status = re.search(r"^- Status: (.*)$", text_of(path), re.M)
        assert status is not None, path.name
        for successor in re.findall(r"Replaced by \[\d{4}\]\(([^)]+)\)", status.group(1)):
            their = re.search(r"^- Status: (.*)$", text_of(RECORDS / successor), re.M)
            if their is None or f"replaces [{path.name[:4]}]({path.name})" not in their.group(1):
                unmatched.append(f"{path.name} -> {successor}")
    assert unmatched == []
