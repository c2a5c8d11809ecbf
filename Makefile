# Two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP_APP  := $(VENV)/.stamp-app
STAMP_TEST := $(VENV)/.stamp-test
WORKERS ?= 2

.PHONY: run test soak bench lint clean

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

test: $(STAMP_TEST)
	$(PY) -m ruff check .
	$(PY) -m pytest -n $(WORKERS) -m "not soak"

soak: $(STAMP_TEST)
	$(PY) -m pytest -n $(WORKERS) -m soak -s

bench: $(STAMP_APP)
	for b in benchmarks/bench_*.py; do echo "== $$b"; $(PY) $$b || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache build *.egg-info
