"""The evidence finder in the window: screenshots read on a worker thread after a batch
opens (the item on screen first), progress in the status bar, and the advice the fact
check cards show. The decisions are the core's (``rater_desktop.evidence``); this only
schedules them and carries results back to the window's thread.

Never delays the first item: the worker starts one event-loop turn after the batch
opened, and the window only reads results already in memory. A setting (View ▸ Evidence
finder) turns it off; where the runtime or the models are missing it is off with a
one-line reason in the status bar.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal, Slot
from PySide6.QtGui import QAction

from rater_desktop.appdirs import ocr_dir
from rater_desktop.batch.model import Response
from rater_desktop.evidence.advice import Advice, advise
from rater_desktop.evidence.finder import Suggestion
from rater_desktop.evidence.ocr_engine import availability
from rater_desktop.evidence.scan import BatchOcr, Engine, OcrCache, finder_wanted, item_images
from rater_desktop.evidence.sources import SourceText, response_sources
from rater_desktop.rating.model import Step
from rater_desktop.response_frames import frame_index_of

SETTING = "evidence/finder"
# Tests that do not test the finder set this to 0, so no test reads screenshots it does
# not look at (tests/conftest.py).
ENV_OFF = "RATER_DESKTOP_EVIDENCE_FINDER"
ITEMS_PER_ROUND = 20
REFRESH_MS = 400
JOIN_S = 15.0


def _default_engine() -> Engine:
    from rater_desktop.evidence.ocr_engine import OcrEngine

    return OcrEngine(threads=1)  # one core for the window, one for reading


class EvidenceFinder(QObject):
    """Reads one window's batch in the background and answers what a claim's evidence is."""

    progressed = Signal(int, int)
    imagesRead = Signal()
    _reported = Signal(int, int)

    def __init__(self, window: Any, *, make_engine: Callable[[], Engine] = _default_engine,
                 message: Callable[[str], None] | None = None,
                 rates: Callable[[Any], bool] = lambda _batch: True) -> None:
        super().__init__(window)
        self.window = window
        self._rates = rates
        self._make_engine = make_engine
        self._message = message or (lambda text: window.statusBar().showMessage(text, 8000))
        self._ocr: BatchOcr | None = None
        self._batch: Any = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._refresh = QTimer(self)
        self._refresh.setSingleShot(True)
        self._refresh.setInterval(REFRESH_MS)
        self._refresh.timeout.connect(self.imagesRead)
        self._reported.connect(self._on_report)
        self.status = ""
        self._version: tuple[int, int] = (0, -1)
        self._sources: dict[int, tuple[Response, list[SourceText]]] = {}
        self._answers: dict[tuple[int, str], Advice] = {}
        self.toggle = QAction("Evidence finder", window)
        self.toggle.setObjectName("actionEvidenceFinder")
        self.toggle.setCheckable(True)
        self.toggle.setToolTip("Suggest the screenshots and steps that show each claim (read on "
                               "this computer, never sent anywhere)")
        self.toggle.setChecked(finder_wanted(window.settings.value(SETTING), None))
        self.toggle.toggled.connect(self._toggled)
        menu = getattr(getattr(window, "actions_", None), "view_menu", None)
        if menu is not None:
            menu.addAction(self.toggle)
        window.batchOpened.connect(self._on_batch_opened)
        window.batchClosed.connect(lambda: self.stop(wait=False))
        window.currentItemChanged.connect(self._on_item)
        window.destroyed.connect(self._stop.set)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.stop)

    # -- state --------------------------------------------------------------------------

    @property
    def enabled(self) -> bool:
        return self.toggle.isChecked() and finder_wanted(None, os.environ.get(ENV_OFF))

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def _toggled(self, on: bool) -> None:
        self.window.settings.setValue(SETTING, on)
        if not on:
            self.stop(wait=False)
            self._say("Evidence finder off (View \u25b8 Evidence finder turns it on).")
        elif self.window.batch is not None:
            self._on_batch_opened(self.window.batch)
        self.imagesRead.emit()

    def _say(self, text: str) -> None:
        self.status = text
        self._message(text)

    # -- reading ------------------------------------------------------------------------

    def _on_batch_opened(self, batch: Any) -> None:
        self.stop(wait=False)
        self._batch = batch
        if not self.enabled or not self._rates(batch):
            return
        ready = availability()
        if not ready.ok:
            self._say(ready.message)
            return
        self._ocr = BatchOcr(batch.read_bytes, OcrCache(ocr_dir()), self._make_engine)
        # Next turn of the event loop: the first item is shown before any reading starts.
        QTimer.singleShot(0, self, self._start)

    def _on_item(self, item_id: str) -> None:
        if self._ocr is None or self._batch is None:
            return
        try:
            item = self._batch.item(item_id)
        except Exception:  # noqa: BLE001 - the window already told the rater
            return
        self._ocr.add(item_images(item), first=True)
        if self.enabled and not self.running and self._batch is self.window.batch:
            self._start()

    def _start(self) -> None:
        if self._ocr is None or self.running or not self.enabled:
            return
        self._stop = threading.Event()
        ocr, batch, stop = self._ocr, self._batch, self._stop
        self._thread = threading.Thread(target=self._work, args=(ocr, batch, stop),
                                        name="evidence-finder", daemon=True)
        self._thread.start()

    def _work(self, ocr: BatchOcr, batch: Any, stop: threading.Event) -> None:
        """On the worker: the queued images (the current item first), then the rest of
        the batch a few items at a time, until done or stopped."""
        entries = list(getattr(batch, "index", []))
        position = 0
        while not stop.is_set():
            ocr.run(stop, self._emit)
            if position >= len(entries) or stop.is_set():
                break
            for entry in entries[position: position + ITEMS_PER_ROUND]:
                try:
                    ocr.add(item_images(batch.item(entry.item_id)))
                except Exception:  # noqa: BLE001, S112 - a bad item is the window's to tell
                    continue
            position += ITEMS_PER_ROUND
        self._emit(*ocr.progress())

    def _emit(self, done: int, total: int) -> None:
        try:
            self._reported.emit(done, total)  # queued to the window's thread
        except RuntimeError:  # the window went away while this image was read
            pass

    @Slot(int, int)
    def _on_report(self, done: int, total: int) -> None:
        self.status = "" if done >= total else f"Reading screenshots {done}/{total}"
        self.progressed.emit(done, total)
        if not self._refresh.isActive():
            self._refresh.start()

    def stop(self, wait: bool = True) -> None:
        """Stop reading after the image being read; ``wait``: until the worker ended
        (at quit; switching batches does not wait, the old worker ends on its own)."""
        self._stop.set()
        thread, self._thread = self._thread, None
        if thread is not None and wait:
            thread.join(JOIN_S)
        self._ocr = None
        self.status = ""

    # -- answers ------------------------------------------------------------------------

    def advice(self, claim_text: str, response: Response | None) -> Advice | None:
        """The finder's word on a claim of ``response``, from what was read so far.

        Kept until another screenshot is read: the cards ask on every refresh of the
        step (each edit), and the window's thread must not redo the matching each time.
        """
        if self._ocr is None or response is None or not self.enabled:
            return None
        version = (id(self._ocr), self._ocr.progress()[0])
        if version != self._version:
            self._version, self._sources, self._answers = version, {}, {}
        sources = self._sources.get(id(response))
        if sources is None or sources[0] is not response:
            sources = (response, response_sources(response, self._ocr.lookup))
            self._sources[id(response)] = sources
        key = (id(response), claim_text)
        if key not in self._answers:
            self._answers[key] = advise(claim_text, sources[1])
        return self._answers[key]


def view_suggestion(window: Any, true_index: int, side: str, suggestion: Suggestion) -> None:
    """Open the suggestion in the screenshot viewer, zoomed to the words that matched."""
    frames = list(window.item_view.pane_for_true_index(true_index).frames)
    index = frame_index_of(frames, suggestion.choice.ref)
    if index is None:
        return
    viewer = window.open_viewer(true_index, index, side)
    region, size = suggestion.region, suggestion.image_size
    if region is not None and size is not None:
        viewer.show_region(region.x, region.y, region.width, region.height, size[0])


def install_evidence_finder(window: Any, ctx: Any, panel: Any, *, rates: Callable[[Any], bool],
                            make_engine: Callable[[], Engine] | None = None) -> EvidenceFinder:
    """The finder of one window, answering the step panel's fact check cards (``rates``:
    whether this panel rates the batch; another protocol's batch is not read)."""
    finder = EvidenceFinder(window, make_engine=make_engine or (lambda: _default_engine()),
                            rates=rates)
    ctx.evidence = finder.advice
    ctx.view_evidence = lambda i, side, s: view_suggestion(window, i, side, s)

    def refresh() -> None:
        page = panel.pages.get(Step.FACT_CHECKS)
        if page is not None:
            page.refresh_suggestions()

    def progress(done: int, total: int) -> None:
        text = (f"Evidence finder: reading screenshots {done} of {total}\u2026" if done < total
                else f"Evidence finder: {total} screenshots read.")
        window.statusBar().showMessage(text, 4000)

    finder.imagesRead.connect(refresh)
    finder.progressed.connect(progress)
    if window.batch is not None:  # the binding came after the batch (start-up)
        finder._on_batch_opened(window.batch)
        if window.item is not None:
            finder._on_item(window.item.id)
    return finder
