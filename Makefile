# Two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP_APP  := $(VENV)/.stamp-app
STAMP_TEST := $(VENV)/.stamp-test
WORKERS ?= 2

.PHONY: run test test-shots soak bench lint clean system-deps

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP_APP): pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install --quiet -e .
	touch $@

$(STAMP_TEST): pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@ $(STAMP_APP)

# Listens on this machine only (.streamlit/config.toml); docs/deploy.md: the LAN, a club server, PostgreSQL.
run: $(STAMP_APP)
	$(PY) -m streamlit run streamlit_app.py

lint: $(STAMP_TEST)
	$(PY) -m ruff check .

# System tools some tests use (Debian packages): chromium for the browser test, pdftoppm and
# zbarimg to render printables and decode their QR codes, sqlite3 for the rescue docs/deploy.md
# gives (tests/storage/test_damaged_file.py), a PostgreSQL server (initdb, pg_ctl)
# that the storage tests start in a temp dir. As root they are installed when missing; never
# downloaded through Playwright. Without them those tests skip with a reason.
SYSTEM_TOOLS := /usr/bin/chromium:chromium /usr/bin/pdftoppm:poppler-utils /usr/bin/zbarimg:zbar-tools /usr/bin/sqlite3:sqlite3
system-deps:
	@missing=""; for pair in $(SYSTEM_TOOLS); do \
		[ -x "$${pair%%:*}" ] || missing="$$missing $${pair##*:}"; done; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	if [ -n "$$missing" ] && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "installing Debian packages for the tests:$$missing"; \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null) \
			|| echo "could not install$$missing: the tests that need them will skip"; \
	fi

test: $(STAMP_TEST) system-deps
	$(PY) -m ruff check .
	$(PY) -m pytest -n $(WORKERS) --dist loadgroup -m "not soak"

# The browser tests again, taking their pictures (out/screenshots/, to be looked at): `make test` skips them.
test-shots: $(STAMP_TEST) system-deps
	COMPANION_TEST_SHOTS=1 $(PY) -m pytest -n $(WORKERS) --dist loadgroup -m e2e

soak: $(STAMP_TEST)
	$(PY) -m pytest -n $(WORKERS) -m soak -s

bench: $(STAMP_APP)
	for b in benchmarks/bench_*.py; do echo "== $$b"; $(PY) $$b || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache build *.egg-info
