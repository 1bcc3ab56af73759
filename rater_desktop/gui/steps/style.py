"""Look of the step panel, layered over the app theme (light or dark)."""

from __future__ import annotations

from string import Template

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QWidget

from rater_desktop.font_sizes import scaled_font_sizes
from rater_desktop.gui.theme import app_points, current_theme

_COLORS = {
    "light": {
        "bg": "#f4f5f7", "card": "#ffffff", "line": "#dde1e7", "text": "#1f2430",
        "muted": "#5f6a7d", "accent": "#3b6fd4", "accent_soft": "#e8effc",
        "fill": "#3b6fd4", "neutral_fill": "#5f6a7d",
        "block_bg": "#fbe5e5", "block_fg": "#9c2626", "block_line": "#e9a3a3",
        "warn_bg": "#fbf0dc", "warn_fg": "#7a4d05", "warn_line": "#e6c37e",
        "ok_bg": "#e3f4ea", "ok_fg": "#1f7a4a", "quote": "#f7f8fa", "textarea": "#ffffff",
    },
    "dark": {
        "bg": "#1e2127", "card": "#25282f", "line": "#3a3f49", "text": "#e3e6eb",
        "muted": "#a3acba", "accent": "#4f7fe0", "accent_soft": "#2c3a57",
        "fill": "#3d6bd0", "neutral_fill": "#5d6676",
        "block_bg": "#4a2327", "block_fg": "#ffc9c9", "block_line": "#8c3a3f",
        "warn_bg": "#47391c", "warn_fg": "#ffe0a3", "warn_line": "#8a6a2a",
        "ok_bg": "#1f3d2d", "ok_fg": "#a6e3bf", "quote": "#2a2e36", "textarea": "#25282f",
    },
}

# White text on the filled (checked) fact-check buttons, 4.5:1 at least in either theme.
_TONES = {"accurate": "#1f8050", "inaccurate": "#c23a3a", "cca": "#a86200"}

_QSS = Template("""
#stepPanel, #stepStack { background: $bg; }
QWidget[role="stepPage"] { background: $bg; }
QFrame[role="stepHeader"] { background: $card; border-bottom: 1px solid $line; }
QFrame[role="stepFooter"] { background: $card; border-top: 1px solid $line; }
QLabel[role="stepTitle"] { font-size: 11pt; font-weight: 700; color: $text; }
QLabel[role="stepSection"] { font-weight: 700; color: $text; padding-top: 6px; }
QLabel[role="stepSideTitle"] { font-weight: 700; font-size: 10.5pt; color: $text; }
QLabel[role="stepField"] { font-weight: 600; color: $muted; padding-top: 4px; }
QLabel[role="stepHint"] { color: $muted; }
QLabel[role="stepMessage"] { background: $warn_bg; color: $warn_fg; border: 1px solid $warn_line; border-radius: 5px; padding: 5px 8px; }
QLabel[role="completeReason"] { color: $muted; }
QLabel[role="completeReason"][tone="block"] { color: $block_fg; }
QLabel[role="completeReason"][tone="good"] { color: $ok_fg; }
QFrame[role="stepCard"], QFrame[role="claimCard"] { background: $card; border: 1px solid $line; border-radius: 6px; }
QFrame[role="claimCard"][current="true"] { border: 2px solid $accent; }
QFrame[role="stepCard"][focusRow="true"] { border: 2px solid $accent; }
QLabel[role="stepHint"][tone="warn"] { color: $warn_fg; }
QLabel[role="claimQuote"] { background: $quote; border-left: 3px solid $accent; padding: 4px 6px; color: $text; }
QLabel[role="suggestion"] { color: $text; }
QLabel[role="suggestionAction"] { color: $warn_fg; font-weight: 600; }
QLabel[role="inlineProblem"] { color: $block_fg; }
QLabel[role="wordCount"] { color: $muted; }
QLabel[role="wordCount"][tone="warn"] { color: $warn_fg; }
QLabel[role="wordCount"][tone="good"] { color: $ok_fg; }
QLabel[role="chip"] { border-radius: 9px; padding: 2px 8px; font-size: 9pt; font-weight: 600; }
QLabel[role="chip"][tone="good"] { background: $ok_bg; color: $ok_fg; }
QLabel[role="chip"][tone="warn"] { background: $warn_bg; color: $warn_fg; }
QLabel[role="chip"][tone="off"] { background: transparent; color: $muted; border: 1px dashed $line; }
QLabel[role="chip"][tone="neutral"] { background: $accent_soft; color: $text; }
QFrame[role="ruleBadge"] { border-radius: 5px; border: 1px solid $line; }
QFrame[role="ruleBadge"][tone="block"] { background: $block_bg; border-color: $block_line; }
QFrame[role="ruleBadge"][tone="block"] QLabel { color: $block_fg; }
QFrame[role="ruleBadge"][tone="warn"] { background: $warn_bg; border-color: $warn_line; }
QFrame[role="ruleBadge"][tone="warn"] QLabel { color: $warn_fg; }
QFrame[role="ruleBadge"][tone="acknowledged"] { background: transparent; border-style: dashed; }
QFrame[role="ruleBadge"][tone="acknowledged"] QLabel { color: $muted; }
QFrame[role="ruleBadge"][tone="hint"] { background: transparent; border-color: transparent; }
QFrame[role="ruleBadge"][tone="hint"] QLabel { color: $muted; }
QFrame[role="ruleBadge"][tone="todo"] { background: $card; border-color: $line; }
QFrame[role="ruleBadge"][tone="todo"] QLabel { color: $muted; }
QPlainTextEdit { background: $textarea; color: $text; border: 1px solid $line; border-radius: 5px; padding: 3px 5px; }
QPlainTextEdit:focus { border-color: $accent; }
QPushButton[role="stepCrumb"] { padding: 0; font-weight: 700; border-radius: 14px; }
QPushButton[role="stepCrumb"][state="current"] { background: $fill; color: #ffffff; border-color: $fill; }
QPushButton[role="stepCrumb"][state="done"] { background: $ok_bg; color: $ok_fg; border-color: $ok_fg; }
QPushButton[role="stepCrumb"][state="problem"] { background: $block_bg; color: $block_fg; border-color: $block_line; }
QPushButton[role="stepCrumb"][state="open"] { background: $card; color: $text; border-color: $accent; }
QPushButton[role="stepCrumb"][state="locked"] { background: transparent; color: $muted; border-style: dashed; }
QPushButton[answer]:checked { background: $fill; color: #ffffff; border-color: $fill; }
QPushButton[answer="neutral"]:checked { background: $neutral_fill; border-color: $neutral_fill; }
QPushButton[verdictTone]:checked { color: #ffffff; }
QPushButton[verdictTone="accurate"]:checked { background: $accurate; border-color: $accurate; }
QPushButton[verdictTone="inaccurate"]:checked { background: $inaccurate; border-color: $inaccurate; }
QPushButton[verdictTone="cca"]:checked { background: $cca; border-color: $cca; }
QPushButton { padding: 4px 10px; }
QPushButton[accent="true"] { padding: 6px 16px; }
QPushButton[accent="true"]:disabled { background: $line; border-color: $line; color: $muted; }
QRadioButton { spacing: 6px; padding: 1px 0; color: $text; }
QCheckBox { color: $text; }
QRadioButton::indicator, QCheckBox::indicator { width: 13px; height: 13px; border: 1px solid $muted; background: $card; }
QRadioButton::indicator { border-radius: 7px; }
QCheckBox::indicator { border-radius: 3px; }
QRadioButton::indicator:checked, QCheckBox::indicator:checked { background: $accent; border-color: $accent; }
QRadioButton::indicator:focus, QCheckBox::indicator:focus { border-color: $accent; }
QToolButton { color: $text; border: 1px solid transparent; border-radius: 4px; padding: 2px 6px; }
QToolButton:hover { background: $accent_soft; }
QToolButton:focus { border-color: $accent; }
""")


def panel_colors(theme: str) -> dict[str, str]:
    """The panel's colours in ``theme`` (the fact-check tones are the same in both)."""
    return {**_COLORS.get(theme, _COLORS["light"]), **_TONES}


def panel_stylesheet(theme: str, base_points: float = 10.0) -> str:
    """The panel's stylesheet in ``theme``, its font sizes scaled to ``base_points``."""
    return scaled_font_sizes(_QSS.substitute(panel_colors(theme)), base_points)


class _PanelStyle(QObject):
    """Keeps ``widget`` on the panel stylesheet of the current theme, also after a switch."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self._look: tuple[str, float] = ("", 0.0)
        self.apply(widget)
        widget.installEventFilter(self)

    def apply(self, widget: QWidget) -> None:
        look = (current_theme(), app_points())
        if look != self._look:
            self._look = look
            widget.setStyleSheet(panel_stylesheet(*look))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        # A hidden panel may miss the palette change: it checks again when shown.
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange,
                            QEvent.Type.ApplicationFontChange,
                            QEvent.Type.Show) and isinstance(watched, QWidget):
            self.apply(watched)
        return False


def apply_panel_style(widget: QWidget) -> None:
    """Style ``widget`` as a rating panel in the current theme, and again when it changes."""
    _PanelStyle(widget)
