"""QaWindow: QA reviewer mode. Verify raters' signed results, find and explain their
disagreements, adjudicate items, see the figures, export signed decisions and reports."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow, QWidget

from rater_desktop.gui.first_paint import after_first_paint
from rater_desktop.gui.qa import shell_parts
from rater_desktop.gui.qa.jobs import JobRunner
from rater_desktop.gui.qa.lazy_tabs import build_shown, preload
from rater_desktop.gui.qa.shell import HeldShortcuts, ShellTurns, menu_titles
from rater_desktop.gui.qa.status import build_status_bar, busy_changed
from rater_desktop.gui.qa.team_store import attach as attach_team_store
from rater_desktop.gui.qa.team_store import show_store
from rater_desktop.gui.window_layout import restore_window_geometry
from rater_desktop.wording import counted

if TYPE_CHECKING:
    # Names only in annotations: importing a PySide class makes its type (and its enums),
    # which the window's first turn does not need.
    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent
    from PySide6.QtWidgets import QLabel, QProgressBar, QPushButton, QTabWidget

    from rater_desktop.gui import protocols
    from rater_desktop.gui.batch_source import BatchLike
    from rater_desktop.gui.image_loader import ImageLoader
    from rater_desktop.gui.qa.actions import QaActions
    from rater_desktop.gui.qa.files_panel import ResultsPanel
    from rater_desktop.gui.safe_browser import LinkHandler
    from rater_desktop.qa_review.offload import Offload
    from rater_desktop.qa_review.review_state import ReviewState
    from rater_desktop.qa_review.roster import Roster
    from rater_desktop.qa_review.session import ImportOutcome, QaSession
    from rater_desktop.qa_review.store import QaStore

# Imported on a worker after the first paint (the shell never waits for them): what
# opening a batch, importing and the protocols' tabs run on the UI thread.
HEAVY_MODULES = ("rater_desktop.gui.batch_source", "rater_desktop.qa_review.session",
                 "rater_desktop.qa_review.offload", "rater_desktop.qa_review.review_state",
                 "rater_desktop.gui.session", "rater_desktop.gui.dialogs",
                 "rater_desktop.gui.image_loader", "rater_desktop.gui.safe_browser",
                 "rater_desktop.protocols.mixed")

ErrorReporter = Callable[[QWidget, str, str, str], None]
TITLE = "Rater Desktop \u2014 QA review"
TAB_FILES = 0


def _report_error(parent: QWidget, title: str, text: str, details: str) -> None:
    from rater_desktop.gui import dialogs

    dialogs.show_error(parent, title, text, details=details)


def open_batch_path(path: str) -> BatchLike:
    """The batch at ``path``, opened (the window calls it in a job, on a worker)."""
    from rater_desktop.gui.batch_source import open_batch_path as open_path

    return open_path(path)


def close_batch(batch: BatchLike | None) -> None:
    from rater_desktop.gui.batch_source import close_batch as close

    close(batch)


def local_paths(mime: Any) -> list[Path]:
    if not mime.hasUrls():
        return []
    return [Path(url.toLocalFile()) for url in mime.urls() if url.isLocalFile()]


GEOMETRY_KEY = "qa/geometry"

class QaWindow(QMainWindow):
    """The QA reviewer's window; every dependency is passed in (tests pass temp ones)."""

    batch_label: QLabel  # the status bar's (``status.build_status_bar``)
    busy_label: QLabel
    busy_bar: QProgressBar
    cancel_button: QPushButton

    def __init__(self, *, settings: QSettings, data_dir: Path, store: QaStore | None,
                 roster: Roster,
                 keyring: Any = None, profile: str | None = None,
                 loader: ImageLoader | None = None, link_handler: LinkHandler | None = None,
                 report_error: ErrorReporter = _report_error, resamples: int = 1000,
                 offload: Offload | None = None,
                 make_offload: Callable[[], Offload] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        if parent is not None:
            self.setWindowFlag(Qt.WindowType.Window, True)
        self.setObjectName("qaWindow")
        self.setAccessibleName("QA review")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        self.settings = settings
        self.data_dir = data_dir
        self.store = store  # None while open_store_in_background opens it
        self.store_opening = False
        self.pending_batch: str | None = None  # given while the store was opening
        self.opening_batch: str | None = None  # being opened on a worker
        self.roster = roster
        self.keyring = keyring
        self.profile = profile
        self.resamples = resamples
        self._offload = offload  # heavy session work in a process of its own (else threads)
        self._make_offload = make_offload  # or made when first needed
        self.report_error = report_error
        self._loader = loader  # made when first needed (Compare, a batch): not at start
        self._link_handler = link_handler
        self.batch: BatchLike | None = None
        self.batch_path: str | None = None
        self.session: QaSession | None = None
        self._state: ReviewState | None = None
        self._pending_imports: list[Path] = []
        self.owns_store = False  # open_qa_window opened it: closed with the window
        self.closed = False
        self.last_report: Path | None = None
        self.runner = JobRunner(self)
        self.runner.busyChanged.connect(lambda busy, label: busy_changed(self, busy, label))
        self.setAcceptDrops(True)
        # What the first paint shows; the rest comes a part per turn after it (shell.py).
        self._actions: QaActions | None = None
        self._views: dict[str, protocols.QaView] = {}
        self._view: protocols.QaView | None = None
        self.menus = menu_titles(self, shell_parts.MENUS, lambda: self.shell.ensure("menus"))
        self._tabs: QTabWidget | None = None  # with the Results files tab: its part
        self._files_panel: ResultsPanel | None = None
        self.setCentralWidget(QWidget())  # the first paint's page, empty
        build_status_bar(self)
        self.watcher = attach_team_store(self)  # other reviewers' decisions, store setting
        self.setWindowTitle(TITLE)
        # The rater window's rules: a first start fits the screen with its frame, a saved
        # geometry is clamped to the screen it opens on.
        restore_window_geometry(self, settings, GEOMETRY_KEY)
        self.held_keys = HeldShortcuts(self)  # Ctrl+... pressed before the actions exist
        self.shell = ShellTurns(self, shell_parts.parts(self), later_modules=HEAVY_MODULES)
        self.shell.finished.connect(self._preload)
        after_first_paint(self, self.shell.start)

    @property
    def actions_(self) -> QaActions:
        """The window's actions (their part is built now if its turn has not come)."""
        if self._actions is None:
            self.shell.ensure("menus")
        assert self._actions is not None
        return self._actions

    @property
    def files_panel(self) -> ResultsPanel:
        """The Results files tab (built now if its turn has not come)."""
        if self._files_panel is None:
            self.shell.ensure("files")
        return cast("ResultsPanel", self._files_panel)

    @property
    def tabs(self) -> QTabWidget:
        """Results files and the protocol's tabs (built now if their turn has not come)."""
        if self._tabs is None:
            self.shell.ensure("files")
        return cast("QTabWidget", self._tabs)

    @property
    def views(self) -> dict[str, protocols.QaView]:
        """Each protocol's tabs made so far (the guideline's at start)."""
        self.shell.ensure("views")
        return self._views

    @property
    def view(self) -> protocols.QaView | None:
        """The opened batch's protocol's tabs (the guideline's before a batch)."""
        self.shell.ensure("views")
        return self._view

    @property
    def offload(self) -> Offload | None:
        if self._offload is None and self._make_offload is not None:
            self._offload, self._make_offload = self._make_offload(), None
        return self._offload

    @property
    def loader(self) -> ImageLoader:
        """The batch's screenshots, read off the UI thread (made on first use)."""
        if self._loader is None:
            from rater_desktop.gui.image_loader import ImageLoader

            self._loader = ImageLoader(self)
        return self._loader

    @property
    def link_handler(self) -> LinkHandler:
        if self._link_handler is None:
            from rater_desktop.gui.safe_browser import LinkHandler

            self._link_handler = LinkHandler()
        return self._link_handler

    @property
    def state(self) -> ReviewState:
        """What the tabs show (files, judged items, disagreements); empty until a batch."""
        if self._state is None:
            from rater_desktop.qa_review.review_state import ReviewState

            self._state = ReviewState()
        return self._state

    @state.setter
    def state(self, state: ReviewState) -> None:
        self._state = state

    # -- building ---------------------------------------------------------------------

    def update_actions(self) -> None:
        if self._actions is None:
            return  # not built yet: its part calls this
        has_session = self.session is not None
        for action in (self.actions_.open_results, self.actions_.open_folder,
                       self.actions_.export_decisions, self.actions_.export_report):
            action.setEnabled(has_session)
        if self._view is None or not self._view.adjudicates:
            self.actions_.export_decisions.setEnabled(False)

    # -- the protocol's tabs ----------------------------------------------------------

    def _show_view(self) -> None:
        """Show the opened batch's protocol's tabs (made on first use), hide the others."""
        shell_parts.show_view(self)

    def _preload(self) -> None:
        """The protocol's tab modules, on a worker (the shell's own came first)."""
        views = [m for view in self._views.values() for m in getattr(view, "modules", ())]
        preload([m for m in views if m not in sys.modules])

    def _tab_changed(self, index: int) -> None:
        """A protocol's tab is built the first time it is shown, and brought up to date."""
        page = build_shown(self.tabs, index)
        shown = getattr(self._view, "tab_shown", None)
        if page is not None and shown is not None:
            shown(page)

    def show_role(self, role: str) -> None:
        """The tab of ``role`` (``protocols.QA_ROLES``) of the opened batch's protocol."""
        if role == "files":
            self.tabs.setCurrentWidget(self.files_panel)
            return
        for tab in self.view.tabs if self.view is not None else ():
            if role in tab.roles:
                self.tabs.setCurrentWidget(tab.widget)
                return

    def show_tab(self, widget: QWidget) -> None:
        """Bring one of the protocol's tabs to the front (a view asks for it)."""
        self.tabs.setCurrentWidget(widget)

    def save_pending(self) -> None:
        """What the reviewer is still typing in the protocol's tabs is written now."""
        if self._view is not None:  # no view built: nothing typed
            self._view.save_now()

    # -- batch ------------------------------------------------------------------------

    def open_batch_path(self, path: str) -> bool:
        """Open the batch (hash and earlier imports are read in the background)."""
        store = self.store
        if store is None:
            if self.store_opening:  # opened as soon as the store is
                self.pending_batch = path
                return True
            show_store(self)
            self.report_error(self, "No QA store", "The QA store is not open, so nothing "
                              "can be imported. Choose one with File \u25b8 QA store... and "
                              "open the QA window again.", "")
            return False
        if self.runner.busy:
            # A running job still reads the open batch; switching now would pull it away.
            self.report_error(self, "Please wait",
                              f"{self.busy_label.text() or 'Work is in progress'} Open the "
                              "batch again when it has finished.", "")
            return False
        self.opening_batch = path  # its index is read on a worker: never on the UI thread
        self.runner.start("Opening the batch\u2026", lambda: open_batch_path(path),
                          done=lambda batch: self._batch_opened(path, batch),
                          failed=lambda exc: self._open_failed(path, exc))
        return True

    def _open_failed(self, path: str, exc: BaseException) -> None:
        self.opening_batch = None
        self._pending_imports = []
        from rater_desktop.batch_opening import describe_open_failure

        text, details = describe_open_failure(path, exc)
        self.report_error(self, "Cannot open batch", text, details)

    def _batch_opened(self, path: str, batch: BatchLike) -> None:
        self.opening_batch = None
        store = self.store
        if self.closed or store is None:
            close_batch(batch)
            return
        self.save_pending()
        old = self.batch
        self.session = None
        self.batch, self.batch_path = batch, path
        self.loader.set_source(batch.read_bytes)
        self.shell.ensure("views")
        self._show_view()
        if self.view is not None:
            self.view.show_batch(batch)
        self.settings.setValue("qa/lastBatch", path)
        self.batch_label.setText(f"Batch: {batch.manifest.title} ({batch.manifest.batch_id})")
        self.setWindowTitle(f"{batch.manifest.title} \u2014 {TITLE}")
        close_batch(old)
        from rater_desktop.gui.qa.reviewer import reviewer_of

        reviewer = reviewer_of(self).rater_id  # "": decisions wait for a profile

        def work() -> tuple[QaSession, ReviewState]:
            from rater_desktop.qa_review.session import QaSession

            session = QaSession(store=store, roster=self.roster, batch=batch,  # type: ignore[arg-type]
                                reviewer_id=reviewer)
            return session, self.session_work("review", session)()

        self.runner.start("Reading the batch and earlier imports\u2026", work,
                          done=self._batch_ready, failed=self._job_failed)

    def _batch_ready(self, result: tuple[QaSession, ReviewState]) -> None:
        session, state = result
        if self.closed or session.batch is not self.batch:
            return  # another batch was opened meanwhile
        self.session = session
        self.update_actions()
        self._apply_state(state)
        if self._pending_imports:
            paths, self._pending_imports = self._pending_imports, []
            self.import_paths(paths)

    # -- results ----------------------------------------------------------------------

    def import_paths(self, paths: Sequence[Path]) -> bool:
        """Verify and import files (folders give their *.results.json) in the background."""
        from rater_desktop.qa_review.review_state import claimed_batches, expand_result_paths

        session = None if self.opening_batch else self.session  # the new batch's, once read
        if session is None:
            if self.batch is not None or self.pending_batch or self.opening_batch:  # being read
                self._pending_imports += list(paths)
                return True
            self.report_error(self, "Open the batch first",
                              "Open the batch these results belong to (File \u25b8 Open batch), "
                              "then open the results files." + claimed_batches(paths), "")
            return False
        files = expand_result_paths(list(paths))
        if not files:
            self.report_error(self, "No results files",
                              "No *.results.json file was found there.", "")
            return False
        self.runner.start(f"Verifying {counted(len(files), 'file')}\u2026",
                          self.session_work("import_and_review", paths=[str(f) for f in files]),
                          done=self._imported, failed=self._import_failed)
        return True

    def session_work(self, task: str, session: QaSession | None = None,
                     **kwargs: Any) -> Callable[[], Any]:
        """A job running ``offload.TASKS[task]`` on the session: in the worker process
        when there is one (the store and batch can be opened there), else on the job's
        thread; with the runner's progress and Cancel either way."""
        from rater_desktop.gui.qa.jobs import session_job

        return session_job(self.runner, self.offload, session or self.session, task, kwargs)

    def _imported(self, result: tuple[list[ImportOutcome], ReviewState]) -> None:
        from rater_desktop.qa_review.session import ImportStatus

        outcomes, state = result
        notes = [f"{o.path.name}: {o.message}" for o in outcomes
                 if o.status not in (ImportStatus.VALID,)]
        self.files_panel.show_messages(notes)
        self._apply_state(state)
        refused = [o for o in outcomes if o.status is ImportStatus.OTHER_BATCH]
        if refused:
            self.report_error(self, "Results for another batch",
                              "\n\n".join(o.message for o in refused),
                              "These files were not imported.")
        self.tabs.setCurrentIndex(TAB_FILES)

    def _import_failed(self, error: BaseException) -> None:
        from rater_desktop.protocols.mixed import MixedProtocolError

        if isinstance(error, MixedProtocolError):  # the message names each file's protocol
            self.report_error(self, "Results of different protocols", str(error), "")
        else:
            self._job_failed(error)

    def remove_file(self, file_sha256: str) -> None:
        session = self.session
        if session is None:
            return
        session.remove_file(file_sha256)
        self.runner.start("Updating\u2026", self.session_work("review"),
                          done=self._apply_state, failed=self._job_failed)

    def manage_roster(self) -> None:
        from rater_desktop.gui.qa.roster_dialog import RosterDialog

        dialog = RosterDialog(self.roster, parent=self)
        dialog.exec()
        if dialog.changed:
            self.recheck_signers()

    def recheck_signers(self) -> None:
        session = self.session
        if session is None:
            return
        self.runner.start("Verifying against the roster\u2026",
                          self.session_work("recheck_and_review"), done=self._rechecked,
                          failed=self._job_failed)

    def _rechecked(self, result: tuple[list[Any], ReviewState]) -> None:
        if not self.closed:
            self.files_panel.show_recheck(result[0])
        self._apply_state(result[1])

    # -- state ------------------------------------------------------------------------

    def _apply_state(self, state: ReviewState) -> None:
        if self.closed or self.session is None or state.batch_sha256 != self.session.batch_sha256:
            return
        self.state = state
        self.files_panel.set_files(state.files, used=state.used)
        if self.view is not None:
            self.view.update(state)

    def job_failed(self, error: BaseException) -> None:
        """A background job's failure, as one message (views pass it to their jobs)."""
        self._job_failed(error)

    def _job_failed(self, error: BaseException) -> None:
        self.report_error(self, "QA review", f"That did not work: {error}",
                          f"{type(error).__name__}: {error}")

    # -- drag and drop, close -----------------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if local_paths(event.mimeData()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = local_paths(event.mimeData())
        if not paths:
            event.ignore()
            return
        event.acceptProposedAction()
        self.open_dropped(paths)

    def open_dropped(self, paths: Sequence[Path]) -> None:
        """A dropped batch opens first; every other file or folder is imported as results."""
        from rater_desktop.qa_review.review_state import is_batch_path

        batches = [p for p in paths if is_batch_path(p)]
        results = [p for p in paths if p not in batches]
        if batches:
            target = batches[0]
            self.open_batch_path(str(target.parent if target.name == "batch.json" else target))
        if results:
            self.import_paths(results)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_pending()
        self.shell.cancel()
        self.held_keys.drop()
        self.settings.setValue(GEOMETRY_KEY, self.saveGeometry())
        self.settings.sync()
        self.closed = True
        self.watcher.stop()
        if not self.store_opening:  # a store still connecting is closed when it arrives
            self.runner.wait()
        if self._loader is not None:
            self._loader.shutdown()
        close_batch(self.batch)
        self.batch = None
        if self._offload is not None:  # none made: nothing to close
            self._offload.close(timeout=None)  # it ends on its own; the window never waits
        if self.owns_store and self.store is not None:
            self.store.close()
        super().closeEvent(event)
