"""Beside the large screenshot: what the agent did at this step, and why."""

from __future__ import annotations

from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget

from rater_desktop.gui.trajectory_view import plain_label
from rater_desktop.response_frames import Frame


class StepDetails(QScrollArea):
    """Action, target, value, URL, thought and observation of the shown frame."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("viewerStepDetails")
        self.setAccessibleName("Step details")
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setMinimumWidth(260)
        self.fields: dict[str, QLabel] = {}
        content = QWidget()
        self._column = QVBoxLayout(content)
        self._column.setContentsMargins(4, 4, 4, 4)
        self._column.setSpacing(4)
        self.heading = plain_label("", role="sectionTitle")
        self._column.addWidget(self.heading)
        for key, title in (("action", "Action"), ("target", "Target"), ("value", "Value"),
                           ("url", "URL"), ("thought", "Thought"),
                           ("observation", "Observation")):
            caption = plain_label(title, role="cardLabel")
            value = plain_label("", role="stepUrl" if key == "url" else "")
            caption.setContentsMargins(0, 6, 0, 0)
            value.setObjectName(f"stepDetail_{key}")
            self._column.addWidget(caption)
            self._column.addWidget(value)
            self.fields[key] = value
            value.setProperty("caption", caption)
        self._column.addStretch(1)
        self.setWidget(content)

    def show_frame(self, frame: Frame) -> None:
        self.heading.setText(frame.caption)
        step = frame.step
        values = {
            "action": step.action if step else "",
            "target": step.target if step else "",
            "value": step.value if step else "",
            "url": step.url if step else "",
            "thought": step.thought if step else "",
            "observation": step.observation if step else "",
        }
        for key, label in self.fields.items():
            text = values[key]
            label.setText(text)
            label.setVisible(bool(text))
            caption = label.property("caption")
            if isinstance(caption, QLabel):
                caption.setVisible(bool(text))
