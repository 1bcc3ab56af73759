"""Large screenshot viewer: zoom, pan, step overlay, step details, filmstrip and step marks."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QPoint, QSize, Qt, Signal
from PySide6.QtGui import QIcon, QImage, QKeyEvent, QPixmap
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.batch.model import Box
from rater_desktop.gui.batch_source import VIEWER_MAX_SIDE, source_width
from rater_desktop.gui.elided_label import ElidedLabel
from rater_desktop.gui.icons import icon
from rater_desktop.gui.image_canvas import ImageCanvas, overlay_scale
from rater_desktop.gui.image_loader import THUMB_SIDE, ImageLoader
from rater_desktop.gui.keys import plain_keys
from rater_desktop.gui.step_details import StepDetails
from rater_desktop.keymap import binding, choice_key, with_key
from rater_desktop.response_frames import Frame

STEP_MARKS = (("correct", "Correct"), ("unnecessary", "Unnecessary"), ("wrong", "Wrong"))
# The marks in the order of the key table's viewer_mark keys.
MARK_KEYS = dict(zip(plain_keys("viewer_mark"), (m for m, _ in STEP_MARKS), strict=True))
# The keys that move between steps also from the note field (not its cursor keys).
PAGE_KEYS = (plain_keys("viewer_previous")[-1], plain_keys("viewer_next")[-1])


def fit_filmstrip(strip: QListWidget) -> None:
    """As tall as one thumbnail with its number under it, in the strip's font, plus its
    scroll bar: nothing cut off, no empty band."""
    if strip.count():
        item = strip.sizeHintForRow(0)
    else:
        item = strip.iconSize().height() + strip.fontMetrics().lineSpacing()
    bar = strip.horizontalScrollBar().sizeHint().height()
    strip.setFixedHeight(item + 2 * strip.spacing() + 2 * strip.frameWidth() + bar)


def _tool_button(name: str, icon_name: str, action: str) -> QToolButton:
    button = QToolButton()
    button.setObjectName(name)
    button.setIcon(icon(icon_name))
    button.setIconSize(QSize(20, 20))
    button.setToolTip(with_key(binding(action).label, action))
    button.setAccessibleName(binding(action).label)
    button.setAutoRaise(True)
    return button


class ScreenshotViewer(QDialog):
    """Shows one response's frames large; marks on trajectory steps go out as a signal."""

    stepMarked = Signal(int, int, str, str)  # true response index, step index, mark, note
    frameContextRequested = Signal(int, object, QPoint)  # true index, Frame, global pos

    def __init__(self, loader: ImageLoader, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("screenshotViewer")
        self.setAccessibleName("Screenshot viewer")
        self.setWindowTitle("Screenshot")
        self.setModal(False)
        self._loader = loader
        self.frames: list[Frame] = []
        self._region: tuple[int, tuple[float, float, float, float], int] | None = None
        self.current = 0
        self.true_index = 0
        self.side = "A"
        self._marks: dict[tuple[int, int], tuple[str, str]] = {}
        self.canvas = ImageCanvas()
        self.canvas.installEventFilter(self)
        self.canvas.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.canvas.customContextMenuRequested.connect(self._context_menu)
        self.details = StepDetails()
        self.filmstrip = self._build_filmstrip()
        self.filmstrip.installEventFilter(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 10)
        layout.setSpacing(8)
        layout.addLayout(self._build_toolbar())
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.setObjectName("viewerSplitter")
        splitter.addWidget(self.canvas)
        splitter.addWidget(self._build_side_panel())
        splitter.setStretchFactor(0, 1)
        splitter.setSizes([900, 320])
        layout.addWidget(splitter, 1)
        layout.addWidget(self.filmstrip)
        # Wherever the focus is (a mark button, the details, a tool button), Left/Right
        # and PgUp/PgDn move between steps; the note field keeps its arrows and letters.
        for child in self.findChildren(QWidget):
            if child not in (self.canvas, self.filmstrip):
                child.installEventFilter(self)

    def _context_menu(self, pos: QPoint) -> None:
        if 0 <= self.current < len(self.frames):  # the owner builds the menu (cite, copy URL)
            self.frameContextRequested.emit(
                self.true_index, self.frames[self.current], self.canvas.mapToGlobal(pos))

    def _build_toolbar(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.title = ElidedLabel("")  # a long caption must not widen the viewer
        self.title.setObjectName("viewerTitle")
        self.title.setProperty("role", "sectionTitle")
        self.position = QLabel("")
        self.position.setObjectName("viewerPosition")
        self.position.setProperty("role", "muted")
        self.prev_button = _tool_button("viewerPrevious", "previous", "viewer_previous")
        self.next_button = _tool_button("viewerNext", "next", "viewer_next")
        self.zoom_out_button = _tool_button("viewerZoomOut", "zoom-out", "viewer_zoom_out")
        self.zoom_in_button = _tool_button("viewerZoomIn", "zoom-in", "viewer_zoom_in")
        self.fit_button = _tool_button("viewerFit", "zoom-fit", "viewer_fit")
        self.actual_button = _tool_button("viewerActualSize", "zoom-actual", "viewer_actual_size")
        self.overlay_button = _tool_button("viewerOverlayToggle", "overlay", "viewer_overlay")
        self.overlay_button.setCheckable(True)
        self.overlay_button.setChecked(True)
        self.zoom_label = QLabel("")
        self.zoom_label.setObjectName("viewerZoomLabel")
        self.zoom_label.setMinimumWidth(48)
        self.prev_button.clicked.connect(self.previous)
        self.next_button.clicked.connect(self.next)
        self.zoom_in_button.clicked.connect(lambda: self._zoom(self.canvas.zoom_in))
        self.zoom_out_button.clicked.connect(lambda: self._zoom(self.canvas.zoom_out))
        self.fit_button.clicked.connect(lambda: self._zoom(self.canvas.fit))
        self.actual_button.clicked.connect(lambda: self._zoom(self.canvas.actual_size))
        self.overlay_button.toggled.connect(self.canvas.set_overlay_visible)
        row.addWidget(self.title)
        row.addWidget(self.position)
        row.addStretch(1)
        widgets: list[QWidget] = [self.prev_button, self.next_button, self.zoom_out_button,
                                  self.zoom_label, self.zoom_in_button, self.fit_button,
                                  self.actual_button, self.overlay_button]
        for widget in widgets:
            row.addWidget(widget)
        return row

    def _build_side_panel(self) -> QWidget:
        panel = QWidget()
        panel.setObjectName("viewerSidePanel")
        column = QVBoxLayout(panel)
        column.setContentsMargins(8, 0, 0, 0)
        column.addWidget(self.details, 1)
        self.mark_box = QWidget()
        self.mark_box.setObjectName("stepMarkBox")
        marks = QVBoxLayout(self.mark_box)
        marks.setContentsMargins(0, 0, 0, 0)
        heading = QLabel("Mark this step")
        heading.setProperty("role", "sectionTitle")
        marks.addWidget(heading)
        self.note = QLineEdit()
        self.note.setObjectName("stepMarkNote")
        self.note.setAccessibleName("Note on this step")
        self.note.setPlaceholderText("Short note (optional)")
        self.note.setMaxLength(500)
        buttons = QHBoxLayout()
        self.mark_group = QButtonGroup(self)
        self.mark_buttons: dict[str, QPushButton] = {}
        for index, (key, label) in enumerate(STEP_MARKS):
            letter = choice_key("viewer_mark", index)
            button = QPushButton(f"{label} ({letter})")
            button.setToolTip(f"Mark this step {label.lower()} (key {letter})")
            button.setObjectName(f"stepMark{label}")
            button.setAccessibleName(f"Mark step {label.lower()}")
            button.setCheckable(True)
            button.setProperty("mark", key)
            button.clicked.connect(lambda _c=False, k=key: self.mark_current_step(k))
            self.mark_group.addButton(button)
            self.mark_buttons[key] = button
            buttons.addWidget(button)
        marks.addLayout(buttons)
        marks.addWidget(self.note)
        column.addWidget(self.mark_box)
        return panel

    def _build_filmstrip(self) -> QListWidget:
        strip = QListWidget()
        strip.setObjectName("viewerFilmstrip")
        strip.setAccessibleName("All screenshots and steps")
        strip.setViewMode(QListView.ViewMode.IconMode)
        strip.setFlow(QListView.Flow.LeftToRight)
        strip.setWrapping(False)
        strip.setMovement(QListView.Movement.Static)
        strip.setIconSize(QSize(112, 70))
        strip.setSpacing(4)
        strip.setUniformItemSizes(True)
        strip.currentRowChanged.connect(self._on_filmstrip_row)
        strip.horizontalScrollBar().valueChanged.connect(lambda _v: self._request_thumbs())
        fit_filmstrip(strip)
        return strip

    def open_frames(self, frames: Sequence[Frame], start: int, *, true_index: int,
                    side: str) -> None:
        """Show ``frames`` of the response shown as ``side``, starting at ``start``."""
        self.frames = list(frames)
        self.true_index = true_index
        self.side = side
        self.filmstrip.blockSignals(True)
        self.filmstrip.clear()
        for i, frame in enumerate(self.frames):
            entry = QListWidgetItem(icon("image-placeholder"), str(i + 1))
            entry.setToolTip(frame.caption)
            self.filmstrip.addItem(entry)
        self.filmstrip.blockSignals(False)
        fit_filmstrip(self.filmstrip)
        self.show_frame(start)

    def show_region(self, x: float, y: float, width: float, height: float, source_width: int) -> None:
        """Box and zoom to a region of the frame on screen (in its source image's pixels),
        now or when its image arrives: the evidence finder's matched words."""
        self._region = (self.current, (x, y, width, height), source_width)
        frame = self.frames[self.current] if self.frames else None
        if frame is not None and frame.path and self._loader.cached(frame.path, VIEWER_MAX_SIDE) is not None:
            self._apply_region()  # its image is on screen already

    def _apply_region(self) -> None:
        region, self._region = self._region, None
        if region is None or region[0] != self.current:
            return
        (x, y, width, height), source = region[1], region[2]
        scale = self.canvas.scene().sceneRect().width() / max(1, source)
        self.canvas.set_overlay(click=None, bbox=Box(x, y, width, height), scale=scale)
        self.canvas.zoom_to(x * scale, y * scale, width * scale, height * scale)
        self._update_zoom_label()

    def set_step_marks(self, marks: dict[tuple[int, int], tuple[str, str]]) -> None:
        """Existing marks ``{(true_index, step_index): (mark, note)}`` to show as chosen."""
        self._marks = dict(marks)
        self._sync_mark_controls()

    def show_frame(self, index: int) -> None:
        if not self.frames:
            return
        self.current = max(0, min(len(self.frames) - 1, index))
        frame = self.frames[self.current]
        # A run audit's one run has no side to name.
        self.title.setText(f"Response {self.side}  \u00b7  {frame.caption}" if self.side
                           else frame.caption)
        self.position.setText(f"{self.current + 1} of {len(self.frames)}")
        self.prev_button.setEnabled(self.current > 0)
        self.next_button.setEnabled(self.current < len(self.frames) - 1)
        self.details.show_frame(frame)
        self.mark_box.setVisible(frame.is_step)
        self._sync_mark_controls()
        self.filmstrip.blockSignals(True)
        self.filmstrip.setCurrentRow(self.current)
        self.filmstrip.blockSignals(False)
        self.filmstrip.scrollToItem(self.filmstrip.item(self.current))
        self._request_thumbs()
        self._load_image(frame)

    def _load_image(self, frame: Frame) -> None:
        if frame.path is None:
            self.canvas.show_message("This step has no screenshot.")
            self._update_zoom_label()
            return
        cached = self._loader.cached(frame.path, VIEWER_MAX_SIDE)
        if cached is not None:
            self._on_image(frame, cached, "")
            return
        self.canvas.show_message("Loading screenshot\u2026")
        self._loader.request(frame.path, VIEWER_MAX_SIDE, self._image_callback(frame))

    def _image_callback(self, frame: Frame) -> Callable[[QImage | None, str], None]:
        return lambda image, error: self._on_image(frame, image, error)

    def _on_image(self, frame: Frame, image: QImage | None, error: str) -> None:
        if not self.frames or self.frames[self.current] is not frame:
            return  # the rater moved on while this one decoded
        if image is None:
            self.canvas.show_message(f"The screenshot could not be shown: {error}")
        else:
            self.canvas.set_image(image)
            step = frame.step
            if step is not None:
                scale = overlay_scale(image.width(), source_width(image))
                self.canvas.set_overlay(click=step.click, bbox=step.bbox, scale=scale)
            if self._region is not None:
                self._apply_region()
        self._update_zoom_label()

    def _request_thumbs(self) -> None:
        viewport = self.filmstrip.viewport().rect()
        for row in range(self.filmstrip.count()):
            entry = self.filmstrip.item(row)
            path = self.frames[row].path if row < len(self.frames) else None
            if path is None or entry.data(Qt.ItemDataRole.UserRole):
                continue
            if self.filmstrip.visualItemRect(entry).intersects(viewport.adjusted(-400, 0, 400, 0)):
                entry.setData(Qt.ItemDataRole.UserRole, True)
                self._loader.request(path, THUMB_SIDE, self._thumb_callback(row))

    def _thumb_callback(self, row: int) -> Callable[[QImage | None, str], None]:
        return lambda image, _error: self._on_thumb(row, image)

    def _on_thumb(self, row: int, image: QImage | None) -> None:
        entry = self.filmstrip.item(row)
        if entry is None:
            return
        entry.setIcon(QIcon(QPixmap.fromImage(image)) if image is not None
                      else icon("image-broken"))

    def _on_filmstrip_row(self, row: int) -> None:
        if row >= 0 and row != self.current:
            self.show_frame(row)

    def next(self) -> None:
        self.show_frame(self.current + 1)

    def previous(self) -> None:
        self.show_frame(self.current - 1)

    def toggle_overlay(self) -> None:
        self.overlay_button.toggle()

    def mark_current_step(self, mark: str) -> None:
        """Record ``mark`` (correct / unnecessary / wrong) with the note for the shown step."""
        frame = self.frames[self.current] if self.frames else None
        if frame is None or frame.step_index is None:
            return
        note = self.note.text().strip()
        self._marks[(self.true_index, frame.step_index)] = (mark, note)
        self.stepMarked.emit(self.true_index, frame.step_index, mark, note)
        self._sync_mark_controls()

    def _sync_mark_controls(self) -> None:
        frame = self.frames[self.current] if self.frames else None
        step_index = frame.step_index if frame is not None else None
        key = (self.true_index, step_index if step_index is not None else -1)
        mark, note = self._marks.get(key, ("", ""))
        self.mark_group.setExclusive(False)
        for name, button in self.mark_buttons.items():
            button.setChecked(name == mark)
        self.mark_group.setExclusive(True)
        self.note.setText(note)

    def _zoom(self, action: object) -> None:
        if callable(action):
            action()
        self._update_zoom_label()

    def _update_zoom_label(self) -> None:
        self.zoom_label.setText(f"{round(self.canvas.zoom * 100)}%" if self.canvas.has_image
                                else "")

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.handle_key(event.key(), event.text()):
            event.accept()
            return
        super().keyPressEvent(event)

    def handle_key(self, key: int, text: str = "") -> bool:
        """Viewer shortcuts; returns True when the key was used."""
        actions: dict[str, Callable[[], object]] = {
            "viewer_next": self.next, "viewer_previous": self.previous,
            "viewer_zoom_in": lambda: self._zoom(self.canvas.zoom_in),
            "viewer_zoom_out": lambda: self._zoom(self.canvas.zoom_out),
            "viewer_fit": lambda: self._zoom(self.canvas.fit),
            "viewer_actual_size": lambda: self._zoom(self.canvas.actual_size),
            "viewer_overlay": self.toggle_overlay,
        }
        key = int(key)
        if key in MARK_KEYS:
            self.mark_current_step(MARK_KEYS[key])
            return True
        for action, slot in actions.items():
            if key in plain_keys(action):
                slot()
                return True
        return False

    def eventFilter(self, watched: object, event: object) -> bool:
        if watched is self.filmstrip and isinstance(event, QEvent) and \
                event.type() == QEvent.Type.FontChange:
            fit_filmstrip(self.filmstrip)  # its numbers grow with the font
        # The canvas would scroll on arrow keys and the filmstrip would type-search on
        # letters; in the viewer those keys move between frames, zoom and toggle the overlay.
        if not isinstance(event, QKeyEvent) or event.type() != QKeyEvent.Type.KeyPress:
            return super().eventFilter(watched, event)  # type: ignore[arg-type]
        if event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            return False  # Ctrl+Z and friends belong to the window
        if watched is self.note and event.key() not in PAGE_KEYS:
            return False  # typing a note: arrows move the cursor, letters are text
        return self.handle_key(event.key(), event.text())
