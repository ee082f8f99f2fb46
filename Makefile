# Klubovna — the two README commands (`make run`, `make test`) and friends.
# Everything a fresh machine needs is installed from here; nothing by hand.

PYTHON ?= python3
UV := $(PYTHON) -m uv
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
DATA ?= var

.PHONY: run test test-setup web-unit lint bench deps python-deps web-deps web-wire web-build \
	test-builds test-deps clean cluster-deps test-cluster run-cluster shots wheel

run: deps
	$(BIN)/klubovna serve --host $(HOST) --port $(PORT) --data $(DATA)

# Two workers on this 2-core machine (pytest-xdist): a file's tests stay together on one
# worker, with its servers, database files and browser (docs/decisions/0145, 0147).
# Everything the suite serves is built before it starts (test-builds), never inside it: two
# jobs at a time, since the app's build and the Nim build are one thread each for most of it.
# Bytecode is written even where the environment says not to (PYTHONDONTWRITEBYTECODE): each
# of the suite's processes and servers would compile the same modules from source again.
test:
	@$(MAKE) --no-print-directory --jobs=2 --output-sync=target test-setup
	PYTHONDONTWRITEBYTECODE= $(BIN)/pytest --numprocesses auto --maxprocesses 4 --dist loadfile --ignore=tests/cluster

test-setup: web-unit deps test-deps test-builds

# The browser tests again, saving the screenshots they take for people to look at under
# var/screenshots/ (desktop and phone, light and dark); `make test` leaves them out: nothing
# asserts them, and they were ~10 % of the browser's CPU (docs/decisions/0149).
shots:
	@$(MAKE) --no-print-directory --jobs=2 --output-sync=target test-setup
	KLUBOVNA_SHOTS=1 PYTHONDONTWRITEBYTECODE= $(BIN)/pytest --numprocesses auto --maxprocesses 4 \
		--dist loadfile tests/web

lint: python-deps
	$(BIN)/ruff check klubovna tests bench
	$(BIN)/mypy
	$(BIN)/lint-imports

bench: deps test-deps cluster-deps
	$(BIN)/python bench/run.py
	$(BIN)/python bench/web.py
	$(BIN)/python bench/leaderboard.py
	$(BIN)/python bench/pairing.py
	$(BIN)/python bench/computer_ratings.py
	$(BIN)/python bench/realtime.py
	$(BIN)/python bench/cluster.py
	$(BIN)/python bench/capacity.py
	$(BIN)/python bench/kostkovy_poker.py
	$(BIN)/python bench/zoliky.py
	$(BIN)/python bench/locus_poker.py
	$(BIN)/python bench/mathesso.py
	$(BIN)/python bench/mp_bot.py
	$(BIN)/python bench/restart.py
	$(BIN)/python bench/abuse.py

deps: python-deps web-build

# The wheel a server installs (docs/deploy.md): it carries the built web app as klubovna/web/
# (hatch_build.py), so the server needs Python and the wheel, not Node. Into dist/, beside
# requirements.txt: its dependencies as uv.lock pins them, with their hashes.
wheel: python-deps web-build
	$(UV) build --wheel --out-dir dist
	$(UV) export --locked --no-dev --no-emit-project --format requirements-txt --quiet \
		--output-file dist/requirements.txt

# uv comes from PyPI when the machine has none; the environment lives in .venv/.
python-deps:
	@$(UV) --version >/dev/null 2>&1 || $(PYTHON) -m pip install --quiet uv \
		|| $(PYTHON) -m pip install --quiet --break-system-packages uv
	$(UV) sync --frozen --quiet

web-deps: web/node_modules/.package-lock.json

# The TypeScript unit tests (web/src/**/*.test.ts: vitest, in node, a few seconds), first.
web-unit: python-deps web-deps
	npm run --prefix web --silent test

# The web app is rebuilt whenever its sources or the pure Python packages change.
WEB_SOURCES := $(shell find web/src web/build web/public web/index.html web/vite.config.ts \
	web/tsconfig*.json klubovna/core klubovna/games klubovna/bots klubovna/tables \
	-type f -not -path '*/__pycache__/*' -not -name '*.test.ts' -not -path 'web/src/testing/*' \
	2>/dev/null)
web-build: web/dist/index.html

# The wire types each game's web folder imports (git-ignored; rewritten only when changed),
# before either build starts.
web-wire: python-deps
	$(BIN)/python web/build/wire_types.py

# The app with the toy Nim plug-in, for tests/web/test_nim_web.py (var/web-nim/<hash>/,
# made again only when a source changes), beside the app's own build.
test-builds: python-deps web-deps web-wire
	$(BIN)/python -m tests.web.nim_build

web/dist/index.html: web/node_modules/.package-lock.json $(WEB_SOURCES) | web-wire
	npm run --prefix web --silent build

web/node_modules/.package-lock.json: web/package.json web/package-lock.json
	npm ci --prefix web --no-audit --no-fund --loglevel=error

# The tests start a throw-away PostgreSQL cluster and drive Debian's Chromium (never a
# downloaded browser); Debian's packages are installed when missing.
TEST_PACKAGES := $(if $(wildcard /usr/lib/postgresql/*/bin/initdb),,postgresql) \
	$(if $(wildcard /usr/bin/chromium),,chromium)
test-deps:
	@if [ -n "$(strip $(TEST_PACKAGES))" ]; then apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(TEST_PACKAGES) >/dev/null; fi

# Several processes on PostgreSQL and Redis behind nginx (issue #18; tests/cluster/harness.py):
# Debian's packages, installed when their programs are missing.
CLUSTER_PACKAGES := $(if $(wildcard /usr/lib/postgresql/*/bin/initdb),,postgresql) \
	$(if $(wildcard /usr/bin/redis-server),,redis-server) $(if $(wildcard /usr/sbin/nginx),,nginx)
cluster-deps:
	@if [ -n "$(strip $(CLUSTER_PACKAGES))" ]; then apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(CLUSTER_PACKAGES) >/dev/null; fi

# The scenarios on one three-process set-up; then the fuzz tests against it through nginx.
# The deployment files' checks run here again: nginx is sure to be installed here (make test
# skips its part where it is not).
test-cluster: deps test-deps cluster-deps
	$(BIN)/pytest tests/cluster tests/test_deploy_files.py
	@if [ -d tests/fuzz ]; then $(BIN)/python -m tests.cluster.harness --test --port 0 \
		--first-node-port 0 --folder var/cluster-fuzz --then $(BIN)/pytest tests/fuzz; fi

# The same set-up to look at: nginx at $(HOST):$(PORT), in the foreground until Ctrl-C.
run-cluster: deps cluster-deps
	$(BIN)/python -m tests.cluster.harness --host $(HOST) --port $(PORT)

clean:
	rm -rf $(VENV) web/node_modules web/dist dist .pytest_cache .mypy_cache .ruff_cache
