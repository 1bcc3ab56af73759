"""The QA window answers at team scale (issue 22): its shell comes first and the heavy
modules after the first paint, each protocol tab is built the first time it is shown
(with the content it always had), a new state is applied only to the tab on screen, the
store's schema check runs on a worker, and Compare's long item list is handed to Qt in
parts."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from qa_window_kit import Errors, Setup, build_setup, make_qa_window, result_files, wait_idle

from rater_desktop.gui.qa import open_qa_window
from rater_desktop.gui.qa.compare_items import ROWS_PER_FETCH, CompareItems
from rater_desktop.gui.qa.disagreement_panel import DisagreementPanel
from rater_desktop.qa_review.review_state import JudgedItem, ReviewState

ROOT = Path(__file__).resolve().parents[2]
RATERS = ("alice", "bob", "carol")

# Builds the window in a fresh process and says which modules were loaded when its
# constructor returned, and after its first paint (the preload on a worker).
PROBE = """
import json, sys, tempfile, time
from pathlib import Path
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from rater_desktop.gui.qa.window import QaWindow
from rater_desktop.qa_review.roster import Roster
MODULES = ["rater_desktop.gui.qa.disagreement_panel", "rater_desktop.gui.qa.compare_view",
           "rater_desktop.gui.qa.dashboard"]
home = Path(tempfile.mkdtemp())
window = QaWindow(settings=QSettings(str(home / "s.ini"), QSettings.Format.IniFormat),
                  data_dir=home, store=None, roster=Roster(home / "roster.txt"))
watched = ["rater_desktop.qa_review.session", "rater_desktop.qa_review.offload",
           "rater_desktop.gui.batch_source", *MODULES, "sqlalchemy"]
built = [type(tab.widget).__name__ for tab in window.view.tabs]
at_start = [m for m in watched if m in sys.modules]
window.show()
deadline = time.monotonic() + 60
while time.monotonic() < deadline and not all(m in sys.modules for m in MODULES):
    app.processEvents()
    time.sleep(0.01)
print(json.dumps({"at_start": at_start, "built": built,
                  "later": [m for m in MODULES if m in sys.modules]}))
"""


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


def test_the_shell_comes_first_and_the_heavy_modules_after_its_first_paint() -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True,
                          text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["at_start"] == []  # no session, offload, tab module nor SQLAlchemy yet
    assert found["built"] == ["LazyPage"] * 3  # placeholders: no tab built
    assert len(found["later"]) == 3  # loaded on the preload thread once it painted


def test_the_store_and_its_schema_check_open_on_a_worker(
        qtbot: Any, setup: Setup, temp_settings: QSettings, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from rater_desktop.qa_review import migrations

    threads: list[threading.Thread] = []
    original = migrations.prepare_schema

    def recorded(engine: Any) -> Any:
        threads.append(threading.current_thread())
        return original(engine)

    monkeypatch.setattr(migrations, "prepare_schema", recorded)
    window = open_qa_window(parent=None, settings=temp_settings, data_dir=tmp_path / "data",
                            roster_path=setup.roster, store_path=tmp_path / "qa.sqlite3",
                            report_error=lambda *_a: None)
    qtbot.addWidget(window)
    assert window.store is None and window.store_opening  # not opened on the UI thread
    qtbot.waitUntil(lambda: window.store is not None, timeout=30_000)
    assert threads and all(t is not threading.main_thread() for t in threads)
    assert str(window.store.path).endswith("qa.sqlite3")


def test_a_store_that_cannot_open_on_the_worker_is_one_message(
        qtbot: Any, setup: Setup, temp_settings: QSettings, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    errors: Errors = []
    window = open_qa_window(parent=None, settings=temp_settings, data_dir=tmp_path / "data",
                            roster_path=setup.roster, store_path=blocker / "qa.sqlite3",
                            report_error=lambda _p, title, text, _d: errors.append((title, text)))
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: bool(errors), timeout=30_000)
    assert errors[0][0] == "QA store not opened" and "Cannot create" in errors[0][1]
    assert window.store is None and not window.store_opening
    assert "No QA store" in window.store_label.toolTip()


def _imported(qtbot: Any, setup: Setup, settings: QSettings, keyring: Any) -> Any:
    errors: Errors = []
    window = make_qa_window(qtbot, setup, settings=settings, keyring=keyring, errors=errors)
    assert window.import_paths(result_files(setup, *RATERS))
    qtbot.waitUntil(lambda: not window.runner.busy and window.state.raters == RATERS,
                    timeout=30_000)
    assert errors == []
    return window


def _rows(panel: DisagreementPanel, qtbot: Any) -> list[list[str]]:
    table = panel.table
    qtbot.waitUntil(lambda: table.rowCount() == 0
                    or table.item(table.rowCount() - 1, 0) is not None, timeout=10_000)
    return [[table.item(r, c).text() if table.item(r, c) else ""
             for c in range(table.columnCount())] for r in range(table.rowCount())]


def test_a_tab_is_built_when_first_shown_with_the_content_it_always_had(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any) -> None:
    window = _imported(qtbot, setup, temp_settings, memory_keyring)
    view = window.view
    assert not any(view.built(name) for name in ("disagreements", "compare", "dashboard"))
    window.show_role("disagreements")
    assert view.built("disagreements") and not view.built("compare")
    panel = view.disagreements
    assert window.tabs.currentWidget() is panel  # in the placeholder's tab
    assert window.tabs.tabText(window.tabs.currentIndex()) == "Disagreements"
    # Built at once, as the window used to, from the same state: the same rows.
    eager = DisagreementPanel()
    qtbot.addWidget(eager)
    state = window.state
    eager.set_data(state.disagreements, state.judged, {}, state.unsure)
    assert _rows(panel, qtbot) == _rows(eager, qtbot) and panel.table.rowCount() > 0
    window.show_role("compare")
    compare = view.compare
    qtbot.waitUntil(lambda: compare.item_id is not None, timeout=10_000)
    assert compare.item_id == next(iter(state.judged))  # the first judged item, as before
    assert compare.items.total == len(state.judged)
    assert [view._pages[n].builds for n in ("disagreements", "compare")] == [1, 1]


def test_a_new_state_waits_for_its_tab_to_be_shown(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any) -> None:
    window = _imported(qtbot, setup, temp_settings, memory_keyring)
    window.show_role("disagreements")
    panel = window.view.disagreements
    before = _rows(panel, qtbot)
    window.show_role("files")
    fewer = dataclasses.replace(window.state, disagreements=window.state.disagreements[:1])
    window.view.update(fewer)  # as after an import, while Results files is on screen
    wait_idle(qtbot, window)
    assert _rows(panel, qtbot) == before  # not refilled behind the reviewer's back
    window.show_role("disagreements")
    qtbot.waitUntil(lambda: panel.table.rowCount() == 1, timeout=10_000)


def test_compares_long_item_list_is_handed_to_qt_in_parts(qtbot: Any) -> None:
    items = CompareItems()
    count = 10 * ROWS_PER_FETCH + 3
    items.set_items((f"s{n:04d}", "standard") for n in range(count))
    assert items.total == count and items.rowCount() == ROWS_PER_FETCH
    assert items.canFetchMore(items.index(-1, -1).parent())
    items.fetchMore(items.index(-1, -1).parent())
    assert items.rowCount() == 2 * ROWS_PER_FETCH and items.fetches == 2
    assert items.row_of("s2000") == 2000 and items.rowCount() == 2001  # loaded to it
    assert items.row_of("missing") == -1
    index = items.index(2000, 0)
    assert items.data(index) == "s2000  \u00b7  standard" and items.data(index, 256) == "s2000"


def test_compare_fills_its_selector_of_2000_items_in_parts(qtbot: Any) -> None:
    from rater_desktop.gui.image_loader import ImageLoader
    from rater_desktop.gui.qa.compare_view import CompareView
    from rater_desktop.gui.safe_browser import LinkHandler

    loader = ImageLoader()
    view = CompareView(loader=loader, link_handler=LinkHandler(), save=lambda *_a: None,
                       clear=lambda _i: None, adjudication_for=lambda _i: None)
    qtbot.addWidget(view)
    judged = {f"s{n:04d}": JudgedItem("standard", (0, 3)) for n in range(2000)}
    view.set_state(ReviewState(raters=("alice", "bob"), judged=judged))
    assert view.combo.count() == ROWS_PER_FETCH  # not 2,000 rows made on the UI thread
    view.show_item("s1999")
    assert view.combo.currentIndex() == 1999 and view.combo.currentData() == "s1999"
    view.step(1)  # wraps round every item, loaded or not
    assert view.item_id == "s0000" and view.combo.currentIndex() == 0
    loader.shutdown()
