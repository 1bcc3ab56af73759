# Quick start: `make run` opens the app on a sample batch, `make test` runs the whole suite.
# Both create the virtual environment in .venv on first use.

PYTHON ?= $(shell for p in python3.13 python3.12 python3.11 python3; do \
	command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null \
	&& echo $$p && break; done)
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
SAMPLE ?= sample_batches/consumer-tasks

.PHONY: run test robot lint check-python benchmarks benchmarks-tiny clean package package-test wheel \
	wheel-test test-oldest test-newest

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
	$(VENV)/bin/ruff check rater_desktop tests tools benchmarks packaging
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy

test: $(STAMP) lint
	@$(call PAIR_NAME,$(VENV))
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -p no:cacheprovider

# The rater robot: the real app under its own Xvfb + openbox, driven by xdotool (tests/robot/
# README.md). Needs xvfb, xauth, openbox, xdotool and x11-utils; display numbers from RATER_ROBOT_DISPLAYS.
ROBOT_TMP ?= build/robot-tmp
robot: $(STAMP)
	mkdir -p $(ROBOT_TMP)
	RATER_DESKTOP_ROBOT=1 RATER_ROBOT_DISPLAYS=$${RATER_ROBOT_DISPLAYS:-60-64} $(PY) -m pytest -q \
		-p no:cacheprovider --basetemp=$(ROBOT_TMP) tests/robot

# The suite on the oldest and the newest Python/PySide6 pair pyproject.toml allows, each in
# its own venv. Oldest: Python 3.11 with the PySide6 floor (keep OLDEST_PYSIDE equal to it).
# Newest: the newest Python 3.12+ found (on PATH or installed by pyenv) with the newest
# PySide6 pip picks; a machine without one says so and skips it.
OLDEST_PYSIDE := 6.11.0
OLDEST_PYTHON ?= $(shell for p in python3.11 python3; do \
	command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))' 2>/dev/null \
	&& echo $$p && break; done)
NEWEST_PYTHON ?= $(shell for p in python3.14 python3.13 python3.12 \
	$$(ls -d $${PYENV_ROOT:-$$HOME/.pyenv}/versions/3.*/bin/python3 2>/dev/null | sort -rV); do \
	command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null \
	&& echo $$p && break; done)
# The random-action fuzz (about 35 s of CPU, 150 s of a loaded CI's wall time) runs once,
# in `make test`; the pairs check the versions, and CI's 20 minutes end with them.
PAIR_TEST = mkdir -p build && QT_QPA_PLATFORM=offscreen $(1)/bin/python -m pytest -q -p no:cacheprovider \
	--basetemp=build/pytest-$(subst .venv-,,$(1)) \
	--deselect tests/gui/test_monkey.py::test_random_actions_never_crash_and_replay_identically
PAIR_NAME = $(1)/bin/python -c 'import sys, PySide6; \
	print(f"== pair: Python {sys.version.split()[0]} + PySide6 {PySide6.__version__}")'

.venv-oldest/.installed-stamp: pyproject.toml
	@test -n "$(OLDEST_PYTHON)" || { echo "The oldest pair needs Python 3.11 (python3.11 or python3)."; exit 1; }
	rm -rf .venv-oldest && $(OLDEST_PYTHON) -m venv .venv-oldest
	.venv-oldest/bin/python -m pip install --quiet --upgrade pip
	.venv-oldest/bin/python -m pip install --quiet -e '.[test]' 'PySide6-Essentials==$(OLDEST_PYSIDE)'
	@touch $@

.venv-newest/.installed-stamp: pyproject.toml
	rm -rf .venv-newest && $(NEWEST_PYTHON) -m venv .venv-newest
	.venv-newest/bin/python -m pip install --quiet --upgrade pip
	.venv-newest/bin/python -m pip install --quiet --upgrade -e '.[test]'
	@touch $@

# The oldest pair differs from `make test`'s only in PySide6 (both are Python 3.11), and the
# core never imports Qt (import-linter): it runs the tests that touch Qt, gui/ and e2e/.
test-oldest: .venv-oldest/.installed-stamp
	@$(call PAIR_NAME,.venv-oldest)
	$(call PAIR_TEST,.venv-oldest) tests/gui tests/e2e

test-newest:
	@if [ -z "$(NEWEST_PYTHON)" ]; then echo "== pair: newest SKIPPED: no Python 3.12 or newer on this machine"; \
	else $(MAKE) --no-print-directory .venv-newest/.installed-stamp && $(call PAIR_NAME,.venv-newest) \
	&& $(call PAIR_TEST,.venv-newest); fi

benchmarks: $(STAMP)
	for b in benchmarks/bench_*.py; do echo "== $$b"; $(PY) $$b || exit 1; done

# Every benchmark in its tiny mode (seconds each, no timing checks): CI runs it so that a
# benchmark whose imports or inputs moved fails at once instead of rotting.
benchmarks-tiny: $(STAMP)
	for b in benchmarks/bench_*.py; do echo "== $$b --tiny"; \
		QT_QPA_PLATFORM=offscreen $(PY) $$b --tiny || exit 1; done

# The frozen app (PyInstaller, onedir) in dist/rater-desktop/ and a .tar.gz of it.
PKG_STAMP := $(VENV)/.package-stamp
VERSION = $(shell $(PY) -c 'import sys; sys.path.insert(0, "packaging"); import build_info; print(build_info.project_version())')

$(PKG_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e '.[test,package]'
	@touch $(PKG_STAMP)

package: $(PKG_STAMP)
	rm -rf build/pyinstaller dist/rater-desktop
	PYTHONDONTWRITEBYTECODE=1 $(VENV)/bin/pyinstaller --noconfirm --clean --log-level WARN \
		--distpath dist --workpath build/pyinstaller packaging/rater-desktop-linux.spec
	cp packaging/rater-desktop.desktop packaging/icons/rater-desktop-256.png dist/rater-desktop/
	tar -C dist -czf dist/rater-desktop-$(VERSION)-linux-$(shell uname -m).tar.gz rater-desktop
	@echo "Built dist/rater-desktop/ and dist/rater-desktop-$(VERSION)-linux-$(shell uname -m).tar.gz"

package-test: $(STAMP)
	$(PY) packaging/package_test.py dist/rater-desktop

# The wheel, installed into a fresh venv: a working rater-desktop with its sample batches.
wheel: $(STAMP)
	rm -rf dist/wheel && $(PY) -m pip wheel --quiet --no-deps --no-build-isolation -w dist/wheel .

wheel-test: wheel
	rm -rf build/wheel-venv && $(PYTHON) -m venv build/wheel-venv
	build/wheel-venv/bin/pip install --quiet dist/wheel/rater_desktop-*.whl
	cd build && T=$$(mktemp -d) && export HOME=$$T RATER_DESKTOP_HOME=$$T/rd QT_QPA_PLATFORM=offscreen \
		&& wheel-venv/bin/rater-desktop --version \
		&& wheel-venv/bin/rater-desktop samples --copy $$T/s \
		&& wheel-venv/bin/rater-desktop validate $$T/s/* \
		&& wheel-venv/bin/rater-desktop open $$T/s/consumer-tasks --smoke-test && rm -rf $$T

clean:
	rm -rf $(VENV) .venv-oldest .venv-newest build dist .pytest_cache .mypy_cache .ruff_cache
