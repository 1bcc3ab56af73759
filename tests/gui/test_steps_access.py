"""Every control of every step: stable objectName, accessible name, reachable by Tab;
F1 shows the shortcut sheet from resources/texts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QWidget,
)
from steps_kit import fill_case_file, open_rated_window

from rater_desktop.rating.model import Step

CONTROLS = (QAbstractButton, QLineEdit, QPlainTextEdit, QComboBox)


def _controls(root: QWidget) -> list[QWidget]:
    return [w for w in root.findChildren(QWidget)
            if isinstance(w, CONTROLS) and w.isVisibleTo(root) and w.isEnabled()]


def _reach_by_tab(qtbot: Any, start: QWidget, limit: int = 400) -> list[QWidget]:
    start.setFocus()
    seen: list[QWidget] = []
    for _ in range(limit):
        focused = QApplication.focusWidget()
        if focused is not None and focused not in seen:
            seen.append(focused)
        qtbot.keyClick(focused or start, Qt.Key.Key_Tab)
    return seen


def test_every_step_control_is_named_and_reachable(qtbot: Any, make_window: Any,
                                                   tmp_path: Path) -> None:
    _window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    fill_case_file(qtbot, binding)
    service = binding.service
    panel = binding.panel
    for step in Step:
        service.set_step(step)
        QApplication.processEvents()
        page = panel.page(step)
        controls = _controls(page) + _controls(panel.findChild(QWidget, "stepFooter"))
        assert controls, step
        for control in controls:
            assert control.objectName(), (step, control)
            assert control.accessibleName(), (step, control.objectName())
            group = control.group() if isinstance(control, QAbstractButton) else None
            # Qt keeps one button of a focused exclusive group in the tab chain (arrows
            # move inside it), so the group as a whole must be reachable.
            members = group.buttons() if group is not None and group.exclusive() else [control]
            assert any(m.focusPolicy() & Qt.FocusPolicy.TabFocus for m in members), \
                control.objectName()
        reached = set(_reach_by_tab(qtbot, panel.crumbs[Step.CASE_FILE]))
        for control in controls:
            group = control.group() if isinstance(control, QAbstractButton) else None
            if group is not None and group.exclusive():
                # Tab enters an exclusive group once; the arrow keys move within it.
                assert any(b in reached for b in group.buttons()), control.objectName()
            else:
                assert control in reached, (step, control.objectName())


def test_f1_shows_the_shortcut_sheet(qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window, _binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    window.actions_.shortcuts.trigger()
    dialog = window.findChild(QWidget, "helpDialog")
    assert dialog is not None and dialog.isVisible()
    text = dialog.findChild(QWidget, "helpText_shortcuts").toPlainText()
    assert "Ctrl+M" in text and "Ctrl+Enter" in text and "Alt+Left" in text
    criteria = dialog.findChild(QWidget, "helpText_criteria").toPlainText()
    assert "Correctness" not in criteria or "TC and FA decide" in criteria
    assert "Should NOT" in criteria
    dialog.close()
