# Klubovna — the two README commands (`make run`, `make test`) and friends.
# Everything a fresh machine needs is installed from here; nothing by hand.

PYTHON ?= python3
UV := $(PYTHON) -m uv
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
DATA ?= var

.PHONY: run test lint bench deps python-deps web-deps test-deps clean

run: deps
	$(BIN)/klubovna serve --host $(HOST) --port $(PORT) --data $(DATA)

test: deps test-deps
	$(BIN)/pytest

lint: python-deps
	$(BIN)/ruff check klubovna tests bench
	$(BIN)/mypy
	$(BIN)/lint-imports

bench: deps
	$(BIN)/python bench/run.py

deps: python-deps web-deps

# uv comes from PyPI when the machine has none; the environment lives in .venv/.
python-deps:
	@$(UV) --version >/dev/null 2>&1 || $(PYTHON) -m pip install --quiet uv \
		|| $(PYTHON) -m pip install --quiet --break-system-packages uv
	$(UV) sync --frozen --quiet

web-deps: web/node_modules/.package-lock.json

web/node_modules/.package-lock.json: web/package.json web/package-lock.json
	npm ci --prefix web --no-audit --no-fund --loglevel=error

# The tests start a throw-away PostgreSQL cluster; Debian's package when it is missing.
test-deps:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; }

clean:
	rm -rf $(VENV) web/node_modules web/dist .pytest_cache .mypy_cache .ruff_cache
