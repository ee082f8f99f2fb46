"""The wheel a server installs (docs/decisions/0164-deployable-package.md): built from the
checkout, installed where the checkout cannot be imported from, and started as
`klubovna serve` in an empty folder, it serves the web app it carries and the API.

Cheap on purpose (it runs in every `make test`): everything comes from uv's cache, where
`uv sync` put it when it made the project's environment (`--offline`, hard links, about a
second): the build backend, and the runtime's dependencies exactly as `make wheel`'s
requirements.txt pins them (`uv export`, no dev tools: a module the server imports from a
test-only library fails here). The wheel and those go into a fresh virtual environment,
which knows nothing of the checkout.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from tests.server.live import ROOT, LiveServer

PROBE = '''\
"""A plug-in that registers nothing: it tells the test where the serving process's code and
web app come from (KLUBOVNA_PLUGINS are imported at the start of `klubovna serve`)."""
import json, os, sys
import klubovna
from klubovna.server.config import Config
with open(os.environ["PROBE_FILE"], "w") as told:
    json.dump({"klubovna": klubovna.__file__, "web": str(Config.from_env().web_dir),
               "path": sys.path}, told)
'''


def uv() -> list[str]:
    """The uv that `make python-deps` installs (as the Makefile runs it)."""
    found = shutil.which("uv")
    return [found] if found else ["python3", "-m", "uv"]


def run(command: list[str], cwd: Path) -> None:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{command} failed:\n{done.stdout}\n{done.stderr}"


@dataclass
class Installed:
    wheel: Path
    site: Path
    """The fresh environment's site-packages, where the wheel went."""
    server: LiveServer
    probe: dict[str, object]


class InstalledServer(LiveServer):
    """`klubovna serve` of the fresh environment, started in an empty working folder."""

    def __init__(self, data_dir: Path, command: Path, cwd: Path, env: dict[str, str]) -> None:
        super().__init__(data_dir)
        self.command, self.cwd, self.run_env = command, cwd, env

    def start(self) -> None:
        self.launch([str(self.command), "serve", "--port", "0", "--data", str(self.data_dir)],
                    self.cwd, self.run_env, self.data_dir.parent / "log")


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Installed]:
    if not (ROOT / "web" / "dist" / "index.html").is_file():
        pytest.fail("web/dist is not built: `make test` builds it first (`make web-build`)")
    base = tmp_path_factory.mktemp("package")
    run([*uv(), "build", "--wheel", "--offline", "--quiet", "--out-dir", str(base / "dist"),
         str(ROOT)], cwd=base)
    (wheel,) = (base / "dist").glob("klubovna-*.whl")

    requirements = base / "requirements.txt"  # as `make wheel` writes it
    run([*uv(), "export", "--locked", "--offline", "--no-dev", "--no-emit-project", "--quiet",
         "--format", "requirements-txt", "--output-file", str(requirements)], cwd=ROOT)
    venv = base / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=base)
    python = venv / "bin" / "python"
    install = [*uv(), "pip", "install", "--offline", "--quiet", "--no-config", "--no-deps",
               "--python", str(python)]
    run([*install, "--require-hashes", "-r", str(requirements)], cwd=base)
    run([*install, str(wheel)], cwd=base)
    site = Path(subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        capture_output=True, text=True, check=True).stdout.strip())

    probe_dir, workdir, data = base / "probe", base / "empty", base / "data"
    for folder in (probe_dir, workdir, data):
        folder.mkdir()
    (probe_dir / "klubovna_probe.py").write_text(PROBE)
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("KLUBOVNA_", "PYTHON", "VIRTUAL_ENV"))}
    env |= {"KLUBOVNA_PLUGINS": "klubovna_probe", "PYTHONPATH": str(probe_dir),
            "PROBE_FILE": str(base / "probe.json")}
    server = InstalledServer(data, venv / "bin" / "klubovna", workdir, env)
    server.start()
    try:
        probe = json.loads((base / "probe.json").read_text())
        yield Installed(wheel, site, server, probe)
    finally:
        server.stop()


def test_the_wheel_carries_the_built_web_app(installed: Installed) -> None:
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    built = {f"klubovna/web/{path.relative_to(ROOT / 'web' / 'dist').as_posix()}"
             for path in (ROOT / "web" / "dist").rglob("*") if path.is_file()}
    assert built <= names
    assert "klubovna/server/storage/migrations/script.py.mako" in names
    assert not any(name.startswith(("tests/", "web/", "bench/")) for name in names)


def test_the_installed_package_serves_not_the_checkout(installed: Installed) -> None:
    module = Path(str(installed.probe["klubovna"])).resolve()
    assert module.is_relative_to(installed.site.resolve()), module
    assert Path(str(installed.probe["web"])) == (installed.site / "klubovna" / "web").resolve()
    entries = installed.probe["path"]
    assert isinstance(entries, list)
    assert [entry for entry in entries if Path(entry).resolve().is_relative_to(ROOT)] == []


def test_root_serves_the_apps_index_and_its_hashed_assets(installed: Installed) -> None:
    web = installed.site / "klubovna" / "web"
    index = httpx.get(f"{installed.server.http}/", timeout=10)
    assert index.status_code == 200
    assert index.text == (web / "index.html").read_text()
    assets = re.findall(r'(?:src|href)="/(assets/[\w.-]+-[\w-]{8}\.(?:js|css))"', index.text)
    assert assets, index.text
    asset = httpx.get(f"{installed.server.http}/{assets[0]}", timeout=10)
    assert asset.status_code == 200
    assert asset.content == (web / assets[0]).read_bytes()


def test_the_api_creates_a_table(installed: Installed) -> None:
    table, key = installed.server.create(mode="hard", seconds=30, table="adjacent")
    answer = httpx.get(f"{installed.server.http}/api/tables/{table}",
                       headers={"Authorization": f"Bearer {key}"}, timeout=10)
    assert answer.status_code == 200, answer.text
    assert (installed.server.data_dir / "klubovna.db").is_file()
