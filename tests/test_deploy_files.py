"""The deployment files (deploy/, docs/deploy.md) as far as this machine can check them.

nginx's configurations are checked by nginx itself (`nginx -t`), then run: rewritten to
loopback, temporary paths and a throw-away certificate, in front of three stand-in
upstreams, they must redirect plain HTTP, refuse /metrics, pass the client's address and
send each room to the server the processes' own ring names (klubovna/server/cluster/ring.py).
The systemd units go through `systemd-analyze verify`; compose.yaml must parse, and every
setting any of these files names must be one the server reads. The container image itself
cannot be built here (no container engine; decision 0164): its commands must name make
targets and `klubovna` commands that exist, and its lock export must work.
"""

from __future__ import annotations

import datetime
import http.server
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import yaml

from klubovna.server.cluster.ring import Ring
from klubovna.server.config import Config
from tests.server.live import free_port

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
SERVER = ROOT / "klubovna" / "server"
KLUBOVNA = Path(sys.executable).with_name("klubovna")
TEST_ONLY = {"KLUBOVNA_ALLOW_SEED", "KLUBOVNA_PUSH_ALLOW_HTTP", "KLUBOVNA_CLOCK_FILE"}
"""Settings for tests only, never on a real site (README.md)."""


def deploy_texts() -> dict[str, str]:
    files = [path for path in DEPLOY.rglob("*") if path.is_file()]
    files.append(ROOT / "docs" / "deploy.md")
    return {path.relative_to(ROOT).as_posix(): path.read_text() for path in files}


# --- settings


def settings_read() -> set[str]:
    """Every KLUBOVNA_* name the server's code reads: quoted in klubovna/server."""
    names: set[str] = set()
    for path in SERVER.rglob("*.py"):
        names |= set(re.findall(r"[\"'](KLUBOVNA_[A-Z0-9_]+)[\"']", path.read_text()))
    return names


def test_every_setting_named_is_one_the_server_reads() -> None:
    """`KLUBOVNA_RATE_*` (a family) must be the start of one at least."""
    known = settings_read()
    unknown = []
    for name, text in deploy_texts().items():
        for setting, family in re.findall(r"(KLUBOVNA_[A-Z0-9_]+)(\*?)", text):
            if not (setting in known or family and any(k.startswith(setting) for k in known)):
                unknown.append(f"{name}: {setting}{family}")
    assert unknown == []


def test_no_test_only_setting_is_deployed() -> None:
    found = sorted(f"{name}: {setting}" for name, text in deploy_texts().items()
                   for setting in TEST_ONLY if setting in text and name.startswith("deploy/"))
    assert found == []


def unit_environment(unit: str, env_file: dict[str, str], port: str) -> dict[str, str]:
    """What a unit's command sees: its Environment= lines (%i its port), then the env file
    (which overrides them), less its UnsetEnvironment= names."""
    text = (DEPLOY / "systemd" / unit).read_text().replace("%i", port)
    env = dict(re.findall(r"^Environment=(\w+)=(.*)$", text, re.M))
    env |= env_file
    for names in re.findall(r"^UnsetEnvironment=(.*)$", text, re.M):
        for name in names.split():
            env.pop(name, None)
    return env


def env_example(several: bool) -> dict[str, str]:
    """/etc/klubovna/env from env.example: as it comes (one machine), or with its "several
    processes" lines switched on and a secret filled in."""
    text = (DEPLOY / "systemd" / "env.example").read_text()
    if several:
        text = re.sub(r"(?m)^#(\w+=)", r"\1", text)
    env = dict(re.findall(r"^(\w+)=(.*)$", text, re.M))
    if several:
        env["KLUBOVNA_SECRET"] = env["KLUBOVNA_SECRET"] or "ab" * 32
    return env


def passes_start_checks(env: dict[str, str], monkeypatch: pytest.MonkeyPatch,
                        serve: bool = True) -> None:
    """The server's own checks before anything starts: settings parsed, and for `serve` the
    cluster complete (the database, this process's address, its place on the ring, the
    secret; the other commands need only the database)."""
    with monkeypatch.context() as patched:
        for name in os.environ:
            if name.startswith("KLUBOVNA_"):
                patched.delenv(name)
        for name, value in env.items():
            patched.setenv(name, value)
        config = Config.from_env()
        if serve:
            config.check_cluster()


@pytest.mark.parametrize("several", [False, True], ids=["one-machine", "several"])
def test_each_units_settings_pass_the_start_checks(several: bool,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    env_file = env_example(several)
    assert env_file.get("KLUBOVNA_RING", "") == ("127.0.0.1:8101,127.0.0.1:8102,127.0.0.1:8103"
                                                 if several else "")
    for port in ("8101", "8102", "8103") if several else ("8000",):
        passes_start_checks(unit_environment("klubovna@.service", env_file, port),
                            monkeypatch)
    for unit in ("klubovna-migrate.service", "klubovna-backup.service"):
        passes_start_checks(unit_environment(unit, env_file, ""), monkeypatch, serve=False)


def test_each_containers_settings_pass_the_start_checks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    for name, service in compose()["services"].items():
        if service.get("image") != "klubovna:latest":
            continue
        given = service["environment"]
        assert isinstance(given, dict)
        # compose's ${NAME:?message} and ${NAME:-default}, as deploy/.env would fill them
        env = {key: re.sub(r"\$\{\w+(?::-([^}]*)|:\?[^}]*)\}",
                           lambda found: found.group(1) or "x1", str(value))
               for key, value in given.items()}
        passes_start_checks(env, monkeypatch)
        assert ("KLUBOVNA_REDIS_URL" in env) == (name != "migrate")


# --- compose and the container image


def compose() -> dict[str, dict[str, dict[str, object]]]:
    loaded = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    assert isinstance(loaded, dict)
    return loaded


def test_compose_runs_three_processes_on_one_ring_behind_nginx() -> None:
    services = compose()["services"]
    assert {"postgres", "redis", "migrate", "app1", "app2", "app3", "nginx"} <= set(services)
    upstreams = re.findall(r"^\s*server\s+([\w.-]+:\d+)", (DEPLOY / "nginx" / "klubovna.conf")
                           .read_text(), re.M)
    assert upstreams == ["app1:8000", "app2:8000", "app3:8000"]
    for name in ("app1", "app2", "app3"):
        env = services[name]["environment"]
        assert isinstance(env, dict)
        assert env["KLUBOVNA_NODE_URL"] == f"http://{name}:8000"
        assert env["KLUBOVNA_RING"].split(",") == upstreams  # as nginx names them
        assert env["KLUBOVNA_DATABASE_URL"].startswith("postgresql+psycopg://")
        assert env["KLUBOVNA_REDIS_URL"] and env["KLUBOVNA_SECRET"]
        assert services[name]["depends_on"] == {
            "migrate": {"condition": "service_completed_successfully"},
            "redis": {"condition": "service_healthy"}}
    assert services["migrate"]["command"] == ["migrate"]
    for service in services.values():
        build = service.get("build")
        if isinstance(build, dict):
            assert (DEPLOY / str(build["context"]) / str(build["dockerfile"])).is_file()
    for mount in services["nginx"]["volumes"]:
        source = mount.split(":")[0]
        if source not in ("./certs", "./acme"):  # the operator's (docs/deploy.md, "TLS")
            assert (DEPLOY / source).exists(), mount


def commands_of_klubovna() -> set[str]:
    """The `klubovna` command's subcommands, as its own --help lists them."""
    usage = subprocess.run([str(KLUBOVNA), "--help"], capture_output=True, text=True,
                           check=True).stdout
    listed = re.search(r"\{([a-z,-]+)\}", usage)
    assert listed is not None, usage
    return set(listed.group(1).split(","))


def test_the_commands_the_files_run_exist() -> None:
    containerfile = (DEPLOY / "Containerfile").read_text()
    makefile = (ROOT / "Makefile").read_text()
    for target in re.findall(r"\bmake ([a-z-]+)", containerfile):
        assert re.search(rf"^{target}:", makefile, re.M), f"make {target}"
    entry = re.search(r'^ENTRYPOINT \["klubovna"\]\nCMD \["(\w+)"', containerfile, re.M)
    assert entry is not None
    used = {entry.group(1)}
    used |= {service["command"][0] for service in compose()["services"].values()
             if service.get("image") == "klubovna:latest" and "command" in service}
    for unit in (DEPLOY / "systemd").glob("*.service"):
        used |= set(re.findall(r"/opt/klubovna/bin/klubovna (\w+)", unit.read_text()))
    assert used >= {"serve", "migrate", "backup"}
    assert used <= commands_of_klubovna()


def test_the_paths_the_files_probe_are_served() -> None:
    """The image's HEALTHCHECK, the guide's probes and nginx's refusal name real routes."""
    routes = "".join(path.read_text() for path in SERVER.rglob("*.py"))
    for path in ("/healthz", "/readyz", "/metrics"):
        assert f'.get("{path}")' in routes, path
    assert "/healthz" in (DEPLOY / "Containerfile").read_text()


def test_the_wheels_lock_export_works() -> None:
    """`make wheel`'s requirements.txt, which the image and a server install: the runtime's
    dependencies exactly as uv.lock pins them (it fails when pyproject.toml and the lock
    disagree)."""
    recipe = re.search(r"^wheel:.*\n((?:\t.*\n)+)", (ROOT / "Makefile").read_text(), re.M)
    assert recipe is not None
    command = re.search(r"\$\(UV\) (export [^\n]+)", recipe.group(1).replace("\\\n", " "))
    assert command is not None
    arguments = [word for word in command.group(1).split()
                 if word not in ("--output-file", "dist/requirements.txt")]
    found = shutil.which("uv")  # as tests/server/test_package.py finds it
    uv = [found] if found else ["python3", "-m", "uv"]
    done = subprocess.run([*uv, *arguments, "--offline"], cwd=ROOT, capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr
    pinned = dict(re.findall(r"^([a-z0-9_.-]+)==(\S+)", done.stdout, re.M))
    assert {"fastapi", "uvicorn", "sqlalchemy", "psycopg"} <= set(pinned)
    assert "klubovna" not in pinned
    assert "--hash=sha256:" in done.stdout


# --- systemd


def test_systemd_units_verify(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed")
    # The units as installed, but running this environment's klubovna (verify checks that
    # each command exists); the template as one of its instances.
    for unit in (DEPLOY / "systemd").glob("klubovna*"):
        text = unit.read_text().replace("/opt/klubovna/bin/klubovna", str(KLUBOVNA))
        (tmp_path / unit.name.replace("@.", "@8101.")).write_text(text)
    units = sorted(str(path) for path in tmp_path.iterdir())
    done = subprocess.run([analyze, "verify", *units], capture_output=True, text=True)
    assert (done.returncode, done.stdout + done.stderr) == (0, "")


def test_the_template_stops_gently_and_writes_only_its_data() -> None:
    unit = (DEPLOY / "systemd" / "klubovna@.service").read_text()
    for line in ("KillSignal=SIGTERM", "Restart=on-failure", "ProtectSystem=strict",
                 "NoNewPrivileges=yes", "ReadWritePaths=/var/lib/klubovna",
                 "EnvironmentFile=/etc/klubovna/env", "--port %i"):
        assert line in unit
    timeout = re.search(r"^TimeoutStopSec=(\d+)$", unit, re.M)
    assert timeout is not None and int(timeout.group(1)) >= 20  # a restart takes ~10 s
    timer = (DEPLOY / "systemd" / "klubovna-backup.timer").read_text()
    assert "OnCalendar=" in timer and "Persistent=true" in timer
    backup = (DEPLOY / "systemd" / "klubovna-backup.service").read_text()
    assert "ExecStart=/opt/klubovna/bin/klubovna backup /var/backups/klubovna\n" in backup


# --- nginx


def certificate(folder: Path) -> tuple[Path, Path]:
    """A throw-away self-signed certificate for 127.0.0.1 (cryptography, else openssl)."""
    cert, key = folder / "fullchain.pem", folder / "privkey.pem"
    try:
        from cryptography import x509
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.x509.oid import NameOID
    except ImportError:
        subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                        "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1", "-subj",
                        "/CN=127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                       check=True, capture_output=True)
        return cert, key
    private = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    signed = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
              .public_key(private.public_key()).serial_number(x509.random_serial_number())
              .not_valid_before(now - datetime.timedelta(minutes=1))
              .not_valid_after(now + datetime.timedelta(days=1))
              .sign(private, hashes.SHA256()))
    cert.write_bytes(signed.public_bytes(serialization.Encoding.PEM))
    key.write_bytes(private.private_bytes(serialization.Encoding.PEM,
                                          serialization.PrivateFormat.PKCS8,
                                          serialization.NoEncryption()))
    return cert, key


class Upstream(http.server.ThreadingHTTPServer):
    """A stand-in process: answers every request with its own name and the client address
    nginx passed on."""

    def __init__(self, name: str) -> None:
        self.name = name

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's name)
                body = f"{name} {self.headers.get('X-Forwarded-For')}".encode()
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        super().__init__(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.server_address[1]}"


class Proxy:
    """nginx with one of deploy/nginx's site files, rewritten to run here: deploy/nginx/ is
    copied as conf/klubovna/ (as /etc/nginx/klubovna/), the main file points at temporary
    paths, the site listens on loopback and proxies to `upstreams`."""

    def __init__(self, folder: Path, site: str, upstreams: list[str]) -> None:
        self.folder, self.site = folder, site
        self.http_port = self.https_port = free_port()
        while self.https_port == self.http_port:
            self.https_port = free_port()
        conf = folder / "conf"
        shutil.copytree(DEPLOY / "nginx", conf / "klubovna")
        rooms = conf / "klubovna" / "rooms.conf"
        assert rooms.is_file(), "deploy/nginx/rooms.conf (the lead's map) is missing"
        (conf / "conf.d").mkdir()
        (conf / "certs").mkdir()
        cert, key = certificate(conf / "certs")
        names = iter(upstreams)
        text = (DEPLOY / "nginx" / site).read_text()
        text = re.sub(r"(?m)^(\s*server )\S+(:\d+)", lambda m: f"{m.group(1)}{next(names)}",
                      text)
        assert next(names, None) is None, "fewer upstream servers than stand-ins"
        text = re.sub(r"(?m)^\s*listen \[::\]:\d+.*\n", "", text)
        text = text.replace("listen 80;", f"listen 127.0.0.1:{self.http_port};")
        text = text.replace("listen 443 ssl;", f"listen 127.0.0.1:{self.https_port} ssl;")
        text = text.replace("/etc/nginx/certs/fullchain.pem", str(cert))
        text = text.replace("/etc/nginx/certs/privkey.pem", str(key))
        text = text.replace("/var/www/certbot", str(folder / "acme"))
        (conf / "conf.d" / "klubovna.conf").write_text(text)
        main = (DEPLOY / "nginx" / "nginx.conf").read_text()
        main = main.replace("user nginx;", "user root;" if os.geteuid() == 0 else "")
        main = main.replace("/var/run/nginx.pid", str(folder / "nginx.pid"))
        main = main.replace("/var/log/nginx/", f"{folder}/")
        main = main.replace("/etc/nginx/conf.d/", f"{conf}/conf.d/")
        main = main.replace("worker_processes auto;", "worker_processes 1;")
        temps = "".join(f"    {kind}_temp_path {folder}/temp/{kind};\n"
                        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        main = main.replace("http {\n", "http {\n" + temps)
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (folder / "temp" / kind).mkdir(parents=True)
        self.conf = conf / "nginx.conf"
        self.conf.write_text(main)
        self.process: subprocess.Popen[bytes] | None = None
        self.client = httpx.Client(verify=False, timeout=10, follow_redirects=False)

    def command(self, *extra: str) -> list[str]:
        return ["nginx", "-p", str(self.folder), "-e", str(self.folder / "error.log"),
                "-c", str(self.conf), *extra]

    def test(self) -> None:
        done = subprocess.run(self.command("-t"), capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert "test is successful" in done.stderr

    def start(self) -> None:
        self.process = subprocess.Popen(self.command("-g", "daemon off;"),
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 30
        while not self.listening():
            assert self.process.poll() is None, self.process.communicate()[1]
            assert time.monotonic() < deadline, "nginx did not start"
            time.sleep(0.01)

    def listening(self) -> bool:
        try:
            for port in (self.http_port, self.https_port):
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
        except OSError:
            return False
        return True

    def stop(self) -> None:
        self.client.close()
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)

    def get(self, path: str, tls: bool = True) -> httpx.Response:
        base = (f"https://127.0.0.1:{self.https_port}" if tls
                else f"http://127.0.0.1:{self.http_port}")
        return self.client.get(base + path)


@pytest.fixture
def upstreams() -> Iterator[list[Upstream]]:
    servers = [Upstream(f"app{number}") for number in (1, 2, 3)]
    yield servers
    for server in servers:
        server.shutdown()
        server.server_close()


def needs_nginx() -> None:
    if shutil.which("nginx") is None and not Path("/usr/sbin/nginx").exists():
        pytest.skip("nginx is not installed (`make cluster-deps` installs it)")


def test_the_proxy_routes_each_room_to_its_owner(tmp_path: Path,
                                                 upstreams: list[Upstream]) -> None:
    needs_nginx()
    names = [server.address for server in upstreams]
    proxy = Proxy(tmp_path, "klubovna.conf", names)
    proxy.test()
    proxy.start()
    try:
        by_address = {server.address: server.name for server in upstreams}
        ring = Ring(names)  # KLUBOVNA_RING: the upstream servers as nginx names them
        served = set()
        for number in range(40):
            table = f"t{number:04x}Zq"
            for path in (f"/api/tables/{table}", f"/ws/tables/{table}",
                         f"/api/lobbies/{table}/members"):
                answer = proxy.get(path)
                assert answer.status_code == 200
                name, forwarded = answer.text.split(" ")
                key = path.split("/")[3]
                assert name == by_address[ring.owner(key)], path
                assert forwarded == "127.0.0.1"
                served.add(name)
        assert served == {"app1", "app2", "app3"}
        assert {proxy.get("/").text.split(" ")[0] for _ in range(9)} == served  # round robin
        assert proxy.get("/metrics").status_code == 403
        redirect = proxy.get("/api/tables/x?y=1", tls=False)
        assert redirect.status_code == 301
        assert redirect.headers["location"] == "https://127.0.0.1/api/tables/x?y=1"
        assert "max-age" in proxy.get("/").headers["strict-transport-security"]
    finally:
        proxy.stop()


def test_the_single_process_proxy(tmp_path: Path, upstreams: list[Upstream]) -> None:
    needs_nginx()
    proxy = Proxy(tmp_path, "klubovna-single.conf", [upstreams[0].address])
    proxy.test()
    proxy.start()
    try:
        assert proxy.get("/api/tables/abc").text == "app1 127.0.0.1"
        assert proxy.get("/metrics").status_code == 403
        assert proxy.get("/", tls=False).status_code == 301
    finally:
        proxy.stop()

