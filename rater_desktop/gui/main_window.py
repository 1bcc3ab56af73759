"""The rater workstation window: item list, prompt and responses, room for rating steps."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPoint, QSettings, Qt, Signal
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent, QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QFileDialog,
    QMainWindow,
    QWidget,
)

from rater_desktop.batch.model import Item
from rater_desktop.batch_opening import (
    add_recent,
    describe_item_failure,
    describe_open_failure,
    recent_batches,
)
from rater_desktop.dock_widths import step_dock_width
from rater_desktop.gui import dialogs
from rater_desktop.gui.batch_source import BatchLike, changed_on_disk, close_batch, open_batch_path
from rater_desktop.gui.compact_layout import CompactLayout
from rater_desktop.gui.find_bar import FindBar, install_find_bar
from rater_desktop.gui.image_loader import ImageLoader
from rater_desktop.gui.item_list import ItemListPanel, StatusProvider, no_progress
from rater_desktop.gui.item_view import DisplayOrder, ItemView
from rater_desktop.gui.main_actions import build_actions
from rater_desktop.gui.main_frame import build_docks, build_status_bar
from rater_desktop.gui.safe_browser import LinkHandler
from rater_desktop.gui.session import batch_path_from_drop
from rater_desktop.gui.theme import apply_theme
from rater_desktop.gui.tools_dock import ToolsDock, install_tools_dock
from rater_desktop.gui.window_layout import (
    DockScaler,
    restore_dock_state,
    restore_window_geometry,
    save_dock_state,
    side_dock_widths,
)

if TYPE_CHECKING:  # imported when first opened: not needed for the first paint
    from PySide6.QtWidgets import QDockWidget, QLabel

    from rater_desktop.gui.screenshot_viewer import ScreenshotViewer

APP_TITLE = "Rater Desktop"
SAVE_STATES = {"idle": "", "saving": "Saving\u2026", "saved": "Saved",
               "error": "Not saved \u2014 retrying"}

BatchOpener = Callable[[str], BatchLike]
DisplayOrderFor = Callable[[str], DisplayOrder]
StepMarksFor = Callable[[str], dict[tuple[int, int], tuple[str, str]]]
ErrorReporter = Callable[[QWidget, str, str, str], None]


def file_order(_item_id: str) -> DisplayOrder:
    return (0, 1)


def no_step_marks(_item_id: str) -> dict[tuple[int, int], tuple[str, str]]:
    return {}


def _report_error(parent: QWidget, title: str, text: str, details: str) -> None:
    dialogs.show_error(parent, title, text, details=details)


class MainWindow(QMainWindow):
    """Main window. Dependencies (settings, opener, providers) are passed in."""

    batchOpened = Signal(object)
    batchClosed = Signal()
    currentItemChanged = Signal(str)
    itemUnreadable = Signal(str)  # an item of the open batch could not be read (its id)
    batchChangedOnDisk = Signal()  # the open batch's files changed (checked on item load)
    stepMarked = Signal(str, int, int, str, str)  # item id, true index, step, mark, note
    viewerFrameContextRequested = Signal(int, object, QPoint)  # true index, Frame, global pos
    # Made with main_frame's help (the docks, the status bar's labels), and the find bar.
    item_dock: QDockWidget
    step_dock: QDockWidget
    step_panel_host: QWidget
    _step_placeholder: QLabel | None
    tools_dock: ToolsDock
    find_bar: FindBar
    batch_hash_label: QLabel
    progress_label: QLabel
    save_indicator: QLabel

    def __init__(self, *, settings: QSettings, loader: ImageLoader | None = None,
                 link_handler: LinkHandler | None = None,
                 status_provider: StatusProvider = no_progress,
                 display_order_for: DisplayOrderFor = file_order,
                 open_batch: BatchOpener = open_batch_path,
                 report_error: ErrorReporter = _report_error,
                 qa_mode: bool = False, profile: str | None = None) -> None:
        super().__init__()
        self.setObjectName("mainWindow")
        self.settings = settings
        self.loader = loader or ImageLoader(self)
        self.link_handler = link_handler or LinkHandler()
        self.display_order_for = display_order_for
        self.step_marks_for: StepMarksFor = no_step_marks
        self._save_problem_told = False  # the message shows once per failure spell
        self.qa_mode = qa_mode
        self.profile = profile
        self._open_batch = open_batch
        self._report_error = report_error
        self.rating_panels: dict[str, QWidget] = {}
        self.batch: BatchLike | None = None
        self.batch_path: str | None = None
        self.item: Item | None = None
        self.setAcceptDrops(True)
        self.setDockOptions(QMainWindow.DockOption.AnimatedDocks
                            | QMainWindow.DockOption.AllowNestedDocks)
        self.item_view = ItemView(loader=self.loader, link_handler=self.link_handler)
        self.item_view.frameRequested.connect(self.open_viewer)
        self.item_view.openBatchRequested.connect(self.choose_batch)
        self.setCentralWidget(self.item_view)
        self.item_list = ItemListPanel()
        self.set_status_provider(status_provider)
        self.item_list.currentItemChanged.connect(self.show_item)
        self.item_list.set_show_kind(qa_mode)
        self.item_view.set_show_kind(qa_mode)
        self.viewer: ScreenshotViewer | None = None
        self._viewer_item_id: str | None = None
        self.actions_ = build_actions(self)
        view_menu = self.actions_.view_menu
        docks = build_docks(self, self.item_list, view_menu)
        self.item_dock, self.step_dock = docks.item, docks.step
        self.step_panel_host, self._step_placeholder = docks.step_panel_host, docks.placeholder
        self.tools_dock = install_tools_dock(
            self, below=self.item_dock, link_handler=self.link_handler, view_menu=view_menu,
            settings=self.settings, batch_opened=self.batchOpened,
            batch_closed=self.batchClosed)
        self.find_bar = install_find_bar(self, self.item_view)
        self.currentItemChanged.connect(lambda _id: self.find_bar.item_switched())
        labels = build_status_bar(self)
        self.batch_hash_label, self.save_indicator = labels.batch_hash, labels.save
        self.progress_label = labels.progress
        self._connect_actions()
        self._refresh_recent_menu()
        self._update_title()
        self.restore_layout()

    def set_step_panel(self, widget: QWidget, protocol: str = "guideline") -> None:
        """Put a protocol's rating panel into the right dock (the batch's protocol shows)."""
        layout = self.step_panel_host.layout()
        assert layout is not None
        for old in (self.rating_panels.pop(protocol, None), self._step_placeholder):
            if old is not None:
                layout.removeWidget(old)
                old.setParent(None)
                old.deleteLater()
        self._step_placeholder = None
        layout.addWidget(widget)
        self.rating_panels[protocol] = widget
        self.show_rating_panel(self.batch.manifest.protocol if self.batch else "guideline")

    def show_rating_panel(self, protocol: str) -> None:
        """The protocol seam: only the panel of the batch's protocol is shown."""
        for name, panel in self.rating_panels.items():
            panel.setVisible(name == protocol)

    def set_display_order_provider(self, display_order_for: DisplayOrderFor) -> None:
        """Where A and B of each item come from (true indices in displayed order)."""
        self.display_order_for = display_order_for

    def set_status_provider(self, status_provider: StatusProvider) -> None:
        """What the item list shows for each item (state and time spent)."""
        self.item_list.model.set_status_provider(status_provider)

    def set_step_marks_provider(self, step_marks_for: StepMarksFor) -> None:
        """Saved trajectory step marks of an item, shown when the viewer opens."""
        self.step_marks_for = step_marks_for

    def _connect_actions(self) -> None:
        acts = self.actions_
        acts.open_batch.triggered.connect(self.choose_batch)
        acts.quit.triggered.connect(self.close)
        acts.next_item.triggered.connect(lambda: self.item_list.step(1))
        acts.previous_item.triggered.connect(lambda: self.item_list.step(-1))
        acts.search.triggered.connect(self._focus_search)
        acts.find.triggered.connect(self.find_bar.open_bar)
        acts.sync_scroll.toggled.connect(self._set_sync_scroll)
        acts.shortcuts.triggered.connect(self.show_help)
        acts.about.triggered.connect(lambda: dialogs.show_about(self))
        acts.instructions.triggered.connect(self._show_instructions)
        theme = str(self.settings.value("view/theme", "system"))
        for name, action in acts.themes.items():
            action.setChecked(name == theme)
            action.triggered.connect(lambda _c=False, n=name: self.set_theme(n))
        acts.sync_scroll.setChecked(_as_bool(self.settings.value("view/syncScroll", False)))

    # -- batch ---------------------------------------------------------------------------

    def choose_batch(self) -> None:
        start = str(Path(self.batch_path).parent) if self.batch_path else ""
        path, _ = QFileDialog.getOpenFileName(
            self, "Open batch", start, "Batches (*.zip batch.json);;All files (*)")
        if path:
            self.open_batch_path(str(Path(path).parent) if path.endswith("batch.json") else path)

    def open_batch_path(self, path: str) -> bool:
        """Open a batch .zip or folder; a bad batch shows a message and changes nothing."""
        try:
            batch = self._open_batch(path)
        except Exception as exc:  # noqa: BLE001 - every failure becomes a clear message
            text, details = describe_open_failure(path, exc)
            self._report_error(self, "Cannot open batch", text, details)
            return False
        self._set_batch(batch, path)
        return True

    def _set_batch(self, batch: BatchLike, path: str) -> None:
        close_batch(self.batch)
        self.batch = batch
        self.batch_path = path
        self.loader.set_source(batch.read_bytes)
        self.item_list.set_entries(batch.index)
        self.fit_item_dock()
        add_recent(self.settings, path)
        self._refresh_recent_menu()
        self.actions_.instructions.setEnabled(True)
        self._update_title()
        self.update_progress()
        self.show_rating_panel(getattr(batch.manifest, "protocol", "guideline"))
        self.batchOpened.emit(batch)
        last = self.settings.value(f"lastItem/{batch.manifest.batch_id}")
        if not (last and self.item_list.select_item(str(last))):
            self.item_list.step(1)
        if not batch.index:
            self.show_item(None)

    def close_current_batch(self) -> None:
        """Close the open batch (e.g. the rater cancelled a changed batch)."""
        if self.batch is None:
            return
        if self.viewer is not None:
            self.viewer.close()
        self.show_item(None)
        self.item_view.show_no_batch()  # "No batch open" again, after an unreadable item
        self.item_list.set_entries([])
        close_batch(self.batch)
        self.batch = None
        self.batch_path = None
        self.loader.set_source(None)
        self.actions_.instructions.setEnabled(False)
        self.set_batch_hash(None)
        self._update_title()
        self.update_progress()
        self.batchClosed.emit()

    def set_batch_hash(self, sha256: str | None, note: str = "") -> None:
        """Show the batch's short SHA-256 (full value in the tooltip), or ``note``."""
        if sha256:
            self.batch_hash_label.setText(f"Batch {sha256[:12]}")
            self.batch_hash_label.setToolTip(f"SHA-256 of the batch file: {sha256}")
        else:
            self.batch_hash_label.setText(note)
            self.batch_hash_label.setToolTip("")

    def show_item(self, item_id: str | None) -> None:
        if self.batch is None or item_id is None:
            self.item = None
            self.item_view.show_item(None)
            return
        batch = self.batch
        if changed_on_disk(batch):
            self.batchChangedOnDisk.emit()  # the batch guard tells the rater and reopens it
            if self.batch is not batch:
                return
        try:
            item = self.batch.item(item_id)
        except Exception as exc:  # noqa: BLE001 - a bad line must not end the session
            self.item = None
            self.item_view.show_unreadable(item_id)
            self.itemUnreadable.emit(item_id)
            text, details = describe_item_failure(item_id, exc)
            self._report_error(self, "Cannot show item", text, details)
            return
        if self.viewer is not None and self.viewer.isVisible():
            self.viewer.close()  # its frames and marks belong to the previous item
        self.item = item
        self.item_view.show_item(item, display_order=self.display_order_for(item_id))
        self.settings.setValue(f"lastItem/{self.batch.manifest.batch_id}", item_id)
        self.currentItemChanged.emit(item_id)

    def refresh_item_status(self, item_id: str) -> None:
        """Call when an item's rating state changed; updates its row and the progress."""
        self.item_list.model.refresh_item(item_id)
        self.update_progress()

    def update_progress(self) -> None:
        if self.batch is None:
            self.progress_label.setText("")
            return
        total = len(self.batch.index)
        done = self.item_list.model.count_in_state("complete")
        self.progress_label.setText(f"{done} of {total} complete")

    def set_save_state(self, state: str, detail: str = "") -> None:
        """Show ``idle``, ``saving``, ``saved`` or ``error`` in the status bar."""
        self.save_indicator.setText(SAVE_STATES.get(state, state))
        if state == "saved":
            self._save_problem_told = False
        self.save_indicator.setProperty("state", state)
        self.save_indicator.setToolTip(detail)
        self.save_indicator.style().unpolish(self.save_indicator)
        self.save_indicator.style().polish(self.save_indicator)

    # -- viewer, view options --------------------------------------------------------------

    def open_viewer(self, true_index: int, frame_index: int, side: str) -> ScreenshotViewer:
        if self.viewer is None:
            from rater_desktop.gui.screenshot_viewer import ScreenshotViewer
            self.viewer = ScreenshotViewer(self.loader, self)
            self.viewer.addAction(self.actions_.quit)  # its own window: Ctrl+Q works there too
            self.viewer.stepMarked.connect(self._forward_step_mark)
            self.viewer.frameContextRequested.connect(self.viewerFrameContextRequested)
            self.viewer.resize(int(self.width() * 0.9), int(self.height() * 0.9))
        pane = self.item_view.pane_for_true_index(true_index)
        self._viewer_item_id = self.item.id if self.item is not None else None
        self.viewer.open_frames(pane.frames, frame_index, true_index=true_index, side=side)
        if self._viewer_item_id is not None:
            self.viewer.set_step_marks(self.step_marks_for(self._viewer_item_id))
        self.viewer.show()
        self.viewer.raise_()
        return self.viewer

    def _forward_step_mark(self, true_index: int, step: int, mark: str, note: str) -> None:
        if self._viewer_item_id is not None:
            self.stepMarked.emit(self._viewer_item_id, true_index, step, mark, note)

    def _set_sync_scroll(self, enabled: bool) -> None:
        self.item_view.set_sync_scroll(enabled)
        self.settings.setValue("view/syncScroll", enabled)

    def set_theme(self, choice: str) -> None:
        self.settings.setValue("view/theme", choice)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, choice)
        self.item_view.show_item(self.item, display_order=self.item_view.display_order)
        self.tools_dock.rerender()

    def _focus_search(self) -> None:
        self.item_dock.show()
        self.item_list.search.setFocus()
        self.item_list.search.selectAll()

    def show_help(self, tab: int = 0) -> QDialog:
        """The one help window (shortcuts and criteria); F1 raises it if already open."""
        from rater_desktop.gui.steps.help import show_help

        return show_help(self, tab)

    def show_save_problem(self, text: str) -> None:
        """A save failed: say so in the indicator and in a message that does not block."""
        self.set_save_state("error", text)
        self.statusBar().showMessage(f"Your last changes are not on disk yet: {text}", 15000)
        if self._save_problem_told:
            return  # the writer retries every few seconds; say it once until it recovers
        self._save_problem_told = True
        box = dialogs.save_problem_box(self, text)
        box.show()

    def _show_instructions(self) -> None:
        text = self.batch.instructions_markdown() if self.batch is not None else None
        dialogs.show_instructions(self, text or "This batch has no instructions.",
                                  link_handler=self.link_handler)

    def _update_title(self) -> None:
        title = APP_TITLE
        if self.batch is not None:
            title = f"{self.batch.manifest.title} \u2014 {APP_TITLE}"
        if self.qa_mode:
            title += " (QA review)"
        self.setWindowTitle(title)

    def _refresh_recent_menu(self) -> None:
        menu = self.actions_.recent_menu
        menu.clear()
        paths = recent_batches(self.settings)
        for i, path in enumerate(paths):
            action = menu.addAction(f"&{i + 1}  {path}" if i < 9 else path)
            action.setObjectName(f"actionRecent{i}")
            action.triggered.connect(lambda _c=False, p=path: self.open_batch_path(p))
        menu.setEnabled(bool(paths))

    # -- layout persistence, drag and drop, close ----------------------------------------

    def restore_layout(self) -> None:
        restore_window_geometry(self, self.settings)
        self._docks_sized = restore_dock_state(self, self.settings)
        splitter = self.settings.value("window/responseSplitter")
        if splitter is not None:
            self.item_view.restore_splitter(splitter)
        self.dock_scaler = DockScaler(self, [self.item_dock, self.step_dock, self.tools_dock])
        self.compact = CompactLayout(self, item_view=self.item_view, rating=self.step_dock,
                                     folded=[self.item_dock, self.tools_dock],
                                     view_menu=self.actions_.view_menu,
                                     toolbar=self.actions_.toolbar, scaler=self.dock_scaler)

    def save_layout(self) -> None:
        save_dock_state(self, self.settings, self.compact.normal_state())
        self.settings.setValue("window/responseSplitter", self.item_view.splitter.saveState())
        self.settings.sync()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._docks_sized:
            # First start: side docks from the font and the ids, the middle gets the rest.
            self._docks_sized = True
            self.resizeDocks([self.item_dock, self.step_dock],
                             list(side_dock_widths(self, self.item_list.width_for_ids())),
                             Qt.Orientation.Horizontal)

    def fit_item_dock(self) -> None:
        """Widen the item list to show the batch's longest id whole (up to its share of
        the window); ids were cut in the middle at 1366x768 ("shop-ru\u2026g-shoes")."""
        dock = self.item_dock
        if not dock.isVisible() or dock.isFloating() or self.compact.arrangement.fold_side_docks:
            return
        item, _step = side_dock_widths(self, self.item_list.width_for_ids())
        if dock.width() >= item:
            return
        docks, widths = [dock], [item]
        step = step_dock_width(self.width(), self.fontMetrics().averageCharWidth(), item)
        if self.step_dock.isVisible() and not self.step_dock.isFloating() \
                and self.step_dock.width() > step:
            docks.append(self.step_dock)  # the responses keep their half of the window
            widths.append(step)
        self.resizeDocks(docks, widths, Qt.Orientation.Horizontal)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if batch_path_from_drop(event.mimeData()) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        path = batch_path_from_drop(event.mimeData())
        if path is None:
            event.ignore()
            return
        event.acceptProposedAction()
        self.open_batch_path(path)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_layout()
        if self.viewer is not None:
            self.viewer.close()
        self.loader.shutdown()
        close_batch(self.batch)
        super().closeEvent(event)


def _as_bool(value: Any) -> bool:
    if isinstance(value, str):
        return value.lower() in ("1", "true", "yes")
    return bool(value)
