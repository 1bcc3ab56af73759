# Quick start: `make run` opens the app on a sample batch, `make test` runs the whole suite.
# Both create the virtual environment in .venv on first use.

PYTHON ?= $(shell for p in python3.13 python3.12 python3.11 python3; do \
	command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null \
	&& echo $$p && break; done)
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
SAMPLE ?= sample_batches/consumer-tasks

.PHONY: run test lint check-python benchmarks clean

check-python:
	@test -n "$(PYTHON)" || { echo "Python 3.11 or newer is needed (python3.11, python3.12, python3.13 or python3)."; exit 1; }

$(STAMP): pyproject.toml | check-python
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	@touch $(STAMP)

run: $(STAMP)
	$(PY) -m rater_desktop $(SAMPLE)

lint: $(STAMP)
	$(VENV)/bin/ruff check rater_desktop tests tools benchmarks
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy

test: $(STAMP) lint
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -p no:cacheprovider

benchmarks: $(STAMP)
	for b in benchmarks/bench_*.py; do echo "== $$b"; $(PY) $$b || exit 1; done

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache
