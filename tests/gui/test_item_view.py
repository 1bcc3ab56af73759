"""Prompt header, response panes, themes and application start."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QFrame, QLabel

from tests.gui.conftest import response, standard_items


def test_long_prompt_collapses_to_three_lines_and_expands(
        make_window: Callable[..., Any], batch_factory: Callable[..., Path]) -> None:
    prompt = "\n".join(f"Line {i}: please check the price on the shop page." for i in range(12))
    items = [{"id": "long-prompt", "prompt": prompt,
              "responses": [response("x", "a", shots=0, steps=0),
                            response("y", "b", shots=0, steps=0)]}]
    window = make_window()
    assert window.open_batch_path(str(batch_factory("long-prompt", items)))
    QApplication.processEvents()
    header = window.item_view.prompt_header
    line = header.text.fontMetrics().lineSpacing()
    collapsed = header.text.height()
    assert header.toggle.isVisibleTo(header)
    assert header.toggle.text() == "Show more"
    assert 3 * line <= collapsed < 4 * line + 12
    header.toggle.click()
    assert header.toggle.text() == "Show less"
    assert header.text.height() > collapsed
    header.toggle.click()
    assert header.text.height() == collapsed


def test_an_attention_note_is_shown_whole(make_window: Callable[..., Any],
                                          batch_factory: Callable[..., Path]) -> None:
    note = ("**Attention check: whatever the two responses say, choose About the same as "
            "your final verdict and write the words attention check in your justification.**")
    prompt = "Find me a 2-slice toaster with a bagel setting for under $40 on the shop site."
    items = [{"id": kind, "kind": kind, "prompt": prompt, "context": note,
              "responses": [response("x", "a", shots=0, steps=0),
                            response("y", "b", shots=0, steps=0)]}
             for kind in ("attention", "qualification")]
    window = make_window()
    window.resize(1280, 720)
    assert window.open_batch_path(str(batch_factory("attention", items)))
    header = window.item_view.prompt_header
    for item_id in ("attention", "qualification"):
        window.show_item(item_id)
        QApplication.processEvents()
        assert header.text.height() >= header.content_height() - 2, item_id
        assert not header.toggle.isVisibleTo(header)


def test_short_prompt_has_no_toggle(make_window: Callable[..., Any],
                                    batch_factory: Callable[..., Path]) -> None:
    items = standard_items(1)
    del items[0]["context"]
    window = make_window()
    assert window.open_batch_path(str(batch_factory("short", items)))
    QApplication.processEvents()
    assert not window.item_view.prompt_header.toggle.isVisibleTo(window)


@pytest.mark.parametrize(("lines", "toggle"), [(2, False), (3, False), (4, True)])
def test_show_more_only_when_lines_are_hidden(make_window: Callable[..., Any],
                                              batch_factory: Callable[..., Path],
                                              lines: int, toggle: bool) -> None:
    """A three-line prompt is shown whole: its "Show more" (seen at 853x480, where the
    sample's prompts wrap to three lines) revealed nothing but the bottom margin."""
    prompt = "\n".join(f"Line {i}: check the price." for i in range(lines))
    items = [{"id": "three", "prompt": prompt,
              "responses": [response("x", "a", shots=0, steps=0),
                            response("y", "b", shots=0, steps=0)]}]
    window = make_window()
    assert window.open_batch_path(str(batch_factory("three", items)))
    QApplication.processEvents()
    header = window.item_view.prompt_header
    assert header.toggle.isVisibleTo(header) is toggle
    if not toggle:
        assert header.text.height() >= header.content_height() - 2  # nothing cut


def test_raw_html_in_prompt_and_captions_is_shown_as_text(
        make_window: Callable[..., Any], batch_factory: Callable[..., Path]) -> None:
    hostile = '<img src="https://tracker.example/x.png"><b>bold?</b>'
    items = standard_items(1)
    items[0]["prompt"] = hostile
    items[0]["responses"][0]["final_answer"] = hostile
    items[0]["responses"][0]["screenshots"][0]["caption"] = hostile
    window = make_window()
    assert window.open_batch_path(str(batch_factory("hostile-prompt", items)))
    header_text = window.item_view.prompt_header.text.toPlainText()
    assert "<b>bold?</b>" in header_text
    assert window.item_view.panes["A"].final_answer_text.text() == hostile
    from PySide6.QtCore import Qt
    assert window.item_view.panes["A"].final_answer_text.textFormat() == Qt.TextFormat.PlainText


def test_run_report_card_and_trajectory_shown(make_window: Callable[..., Any],
                                              small_batch: Path) -> None:
    window = make_window()
    assert window.open_batch_path(str(small_batch))
    pane_a, pane_b = window.item_view.panes["A"], window.item_view.panes["B"]
    assert len(pane_a.timeline.rows) == 3 and len(pane_b.timeline.rows) == 2
    assert len(pane_a.strip.thumbnails) == 2
    card = pane_a.scroll_area.widget().findChild(QFrame, "runReportCardA")
    assert card is not None
    chips = {c.text(): c.property("tone") for c in card.findChildren(QLabel)
             if c.property("role") == "chip"}
    assert chips == {"completed": "good", "C1": "good", "C2": "good", "C3": "good",
                     "C4": "off"}
    assert pane_b.scroll_area.widget().findChild(QFrame, "runReportCardB") is None


def test_long_trajectory_builds_rows_on_demand(make_window: Callable[..., Any],
                                               batch_factory: Callable[..., Path]) -> None:
    items = [{"id": "long-run", "prompt": "p",
              "responses": [response("x", "a", shots=0, steps=120),
                            response("y", "b", shots=0, steps=1)]}]
    window = make_window()
    assert window.open_batch_path(str(batch_factory("long-run", items)))
    timeline = window.item_view.panes["A"].timeline
    assert len(timeline.rows) == 30
    more = timeline.findChild(object, "trajectoryShowAllA")
    assert more is not None and more.isVisibleTo(timeline)
    more.click()
    assert len(timeline.rows) == 120
    assert not more.isVisibleTo(timeline)


def test_thumbnails_load_asynchronously(make_window: Callable[..., Any], small_batch: Path,
                                        qtbot: Any) -> None:
    window = make_window()
    assert window.open_batch_path(str(small_batch))
    pane = window.item_view.panes["A"]
    thumbs = pane.strip.thumbnails
    assert thumbs and not any(t.is_loaded for t in thumbs), "nothing decodes on the UI thread"
    # Thumbnails decode once painted: the first one is in view and arrives from a worker.
    qtbot.waitUntil(lambda: thumbs[0].is_loaded, timeout=5000)


def test_theme_switch_applies_stylesheet(make_window: Callable[..., Any],
                                         temp_settings: Any) -> None:
    window = make_window()
    app = QApplication.instance()
    window.set_theme("dark")
    assert app.property("raterTheme") == "dark"
    assert "#1e2127" in app.styleSheet()
    window.set_theme("light")
    assert app.property("raterTheme") == "light"
    assert temp_settings.value("view/theme") == "light"


def test_run_app_shows_window_and_reopens_last_batch(small_batch: Path, qtbot: Any,
                                                     monkeypatch: Any) -> None:
    from rater_desktop.batch_opening import add_recent
    from rater_desktop.gui.app import open_settings, run_app

    add_recent(open_settings(), str(small_batch))
    seen: dict[str, Any] = {}

    def fake_exec(_app: Any = None) -> int:
        # A real exec()+quit() would leave the shared test QApplication shutting down.
        windows = [w for w in QApplication.topLevelWidgets()
                   if w.objectName() == "mainWindow" and w.isVisible()]
        seen["visible_before_batch"] = bool(windows) and windows[-1].batch is None
        qtbot.waitUntil(lambda: windows[-1].batch is not None, timeout=5000)
        seen["title"] = windows[-1].windowTitle()
        for window in windows:
            window.close()
            window.deleteLater()  # as after a real exec(): the app ends
        return 0

    from rater_desktop.gui import startup

    monkeypatch.setattr(startup, "attach_rating", lambda window, then=None: then and then())
    monkeypatch.setattr(QApplication, "exec", fake_exec)
    assert run_app(batch=None, profile=None, qa_mode=False) == 0
    assert seen["visible_before_batch"], "the window shows before the batch is opened"
    assert seen["title"] == "Test batch \u2014 Rater Desktop"


def test_run_app_in_qa_mode_opens_the_qa_window(small_batch: Path, qtbot: Any,
                                                monkeypatch: Any) -> None:
    from rater_desktop.gui.app import run_app

    seen: list[str] = []

    def fake_exec(_app: Any = None) -> int:
        for window in QApplication.topLevelWidgets():
            if window.isVisible() and window.objectName() in ("qaWindow", "mainWindow"):
                seen.append(window.objectName())
                window.close()
                window.deleteLater()  # as after a real exec(): the app ends
        return 0

    monkeypatch.setattr(QApplication, "exec", fake_exec)
    assert run_app(batch=str(small_batch), profile=None, qa_mode=True) == 0
    assert seen == ["qaWindow"]


def test_rater_window_offers_qa_review(small_batch: Path, qtbot: Any, monkeypatch: Any) -> None:
    from PySide6.QtGui import QAction

    from rater_desktop.gui import startup
    from rater_desktop.gui.app import run_app

    monkeypatch.setattr(startup, "attach_rating", lambda window, then=None: then and then())
    opened: list[str] = []

    def fake_exec(_app: Any = None) -> int:
        main = next(w for w in QApplication.topLevelWidgets()
                    if w.objectName() == "mainWindow" and w.isVisible())
        action = main.findChild(QAction, "actionQaReview")
        assert action is not None
        action.trigger()
        for window in QApplication.topLevelWidgets():
            if window.isVisible() and window.objectName() == "qaWindow":
                opened.append(window.objectName())
                window.close()
                window.deleteLater()  # as after a real exec(): the app ends
        main.close()
        main.deleteLater()  # as after a real exec(): the app ends
        return 0

    monkeypatch.setattr(QApplication, "exec", fake_exec)
    assert run_app(batch=str(small_batch), profile=None, qa_mode=False) == 0
    assert opened == ["qaWindow"]


def test_run_app_in_rater_mode_attaches_the_rating_core(small_batch: Path, qtbot: Any,
                                                         monkeypatch: Any) -> None:
    from rater_desktop.gui import startup
    from rater_desktop.gui.app import run_app

    attached: list[Any] = []
    opened: list[Any] = []

    def fake_attach(window: Any, then: Any = None) -> None:
        attached.append(window)
        # The first item is already on screen, its responses covered until the rating
        # core (which decides what the rater may see) is attached.
        cover = window.findChild(QFrame, "loadingCover")
        # Seen in the real window: the renamed cover lost its background and the
        # responses showed through it. The cover's style must match it by role.
        assert cover is not None and cover.property("role") == "responseCover"
        assert 'QFrame[role="responseCover"]' in cover.styleSheet()
        opened.append((window.batch is not None, cover is not None and cover.isVisible(),
                       window.item_view.panes["A"].isEnabled()))
        if then is not None:
            then()

    monkeypatch.setattr(startup, "attach_rating", fake_attach)

    def fake_exec(_app: Any = None) -> int:
        assert attached == [], "the rating core waits for the window's first paint"
        # The first paint, the batch opened, the rating core imported on a worker thread:
        # about 1 s at a load of 6 on 2 cores (CI runs other suites beside this one).
        qtbot.waitUntil(lambda: len(attached) == 1, timeout=15_000)
        qtbot.waitUntil(lambda: attached[0].batch is not None, timeout=15_000)
        for window in QApplication.topLevelWidgets():
            if window.objectName() == "mainWindow" and window.isVisible():
                window.close()
                window.deleteLater()  # as after a real exec(): the app ends
        return 0

    monkeypatch.setattr(QApplication, "exec", fake_exec)
    assert run_app(batch=str(small_batch), profile=None, qa_mode=False) == 0
    assert len(attached) == 1 and attached[0].objectName() == "mainWindow"
    assert opened == [(True, True, False)]
    assert attached[0].findChild(QFrame, "loadingCover") is None or not \
        attached[0].findChild(QFrame, "loadingCover").isVisible()


def test_a_renamed_response_cover_is_still_opaque(qtbot: Any) -> None:
    """The start-up cover renames itself "loadingCover"; it must still hide what is under it."""
    from PySide6.QtWidgets import QSplitter, QWidget

    from rater_desktop.gui.steps.cover import ResponseCover

    host = QWidget()
    qtbot.addWidget(host)
    host.resize(400, 300)
    splitter = QSplitter(host)
    splitter.setGeometry(0, 0, 400, 300)
    pane = QWidget()
    pane.setStyleSheet("background: rgb(255, 0, 0);")
    splitter.addWidget(pane)
    cover = ResponseCover(splitter)
    cover.setObjectName("loadingCover")
    host.show()
    cover.set_hidden(True)
    qtbot.waitExposed(host)
    image = host.grab().toImage()
    corner = image.pixelColor(10, 10)
    assert (corner.red(), corner.green(), corner.blue()) != (255, 0, 0)


def test_two_covers_over_the_responses_leave_them_usable_only_when_both_are_off(
        qtbot: Any) -> None:
    """Seen under Xvfb: after a restart on an item past its case file, the start-up cover
    left the responses disabled for good (clicks on screenshots did nothing)."""
    from PySide6.QtWidgets import QSplitter, QWidget

    from rater_desktop.gui.steps.cover import ResponseCover

    host = QWidget()
    qtbot.addWidget(host)
    splitter = QSplitter(host)
    pane = QWidget()
    splitter.addWidget(pane)
    loading, case_file = ResponseCover(splitter), ResponseCover(splitter)
    loading.set_hidden(True)
    case_file.set_hidden(False)  # the item's case file is already written
    assert not pane.isEnabled()
    loading.set_hidden(False)
    assert pane.isEnabled()
    case_file.set_hidden(True)
    loading.set_hidden(True)
    loading.set_hidden(False)
    assert not pane.isEnabled()  # the case file still covers them
    case_file.set_hidden(False)
    assert pane.isEnabled()


def test_response_page_is_built_on_first_use_with_what_was_asked_before(
        qtbot: Any, temp_settings: Any) -> None:
    """The prompt header and Response A/B are built after the window is (start-up puts them
    after the first paint); the saved widths, the kind label and the find bar still apply."""
    from PySide6.QtCore import QByteArray

    from rater_desktop.gui.app import create_main_window
    from rater_desktop.gui.item_view import ItemView

    saved = ItemView(loader=_loader(), link_handler=_links())
    qtbot.addWidget(saved)
    saved.resize(1000, 500)
    saved.splitter.setSizes([300, 700])
    state: QByteArray = saved.splitter.saveState()
    temp_settings.setValue("window/responseSplitter", state)
    window = create_main_window(settings=temp_settings, qa_mode=True)
    qtbot.addWidget(window)
    view = window.item_view
    assert not view.responses_built and view.count() == 1  # only the empty page
    assert window.find_bar.parentWidget() is None
    header = view.prompt_header  # first use builds the page
    assert view.responses_built and view.count() == 2
    assert header.show_kind is True  # asked for (QA mode) before the page existed
    assert view.splitter.saveState() == state  # the saved widths, restored once built
    assert view.splitter.parentWidget() is window.find_bar.parentWidget()  # under the panes


def _loader() -> Any:
    from rater_desktop.gui.image_loader import ImageLoader

    return ImageLoader()


def _links() -> Any:
    from rater_desktop.gui.safe_browser import LinkHandler

    return LinkHandler()
