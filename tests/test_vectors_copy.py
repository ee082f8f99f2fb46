"""The repo's copy of the golden vectors is byte-identical to ../shared/vectors/ whenever that
folder is beside the repo (a stranger's clone has only the copy)."""

from __future__ import annotations

import pytest

from tests.vectors import COPY, SHARED


@pytest.mark.skipif(not SHARED.is_dir(), reason="no ../shared/vectors beside the repo")
def test_the_copy_is_byte_identical_to_the_shared_vectors() -> None:
    shared = {path.name: path.read_bytes() for path in SHARED.iterdir() if path.is_file()}
    copy = {path.name: path.read_bytes() for path in COPY.iterdir() if path.is_file()}
    assert sorted(copy) == sorted(shared)
    assert [name for name in shared if copy[name] != shared[name]] == []
