# Two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP_APP  := $(VENV)/.stamp-app
STAMP_TEST := $(VENV)/.stamp-test
WORKERS ?= 2

.PHONY: run test soak bench lint clean chromium

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP_APP): pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install --quiet -e .
	touch $@

$(STAMP_TEST): pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@ $(STAMP_APP)

run: $(STAMP_APP)
	$(PY) -m streamlit run streamlit_app.py

lint: $(STAMP_TEST)
	$(PY) -m ruff check .

# The browser test (tests/e2e) drives Debian's chromium; as root, install it when missing.
# Never downloads browsers through Playwright. Without chromium the browser test skips.
chromium:
	@if [ ! -x /usr/bin/chromium ] && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "installing Debian's chromium for the browser test"; \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
			|| echo "chromium could not be installed: the browser test will skip"; \
	fi

test: $(STAMP_TEST) chromium
	$(PY) -m ruff check .
	$(PY) -m pytest -n $(WORKERS) -m "not soak"

soak: $(STAMP_TEST)
	$(PY) -m pytest -n $(WORKERS) -m soak -s

bench: $(STAMP_APP)
	for b in benchmarks/bench_*.py; do echo "== $$b"; $(PY) $$b || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache build *.egg-info
