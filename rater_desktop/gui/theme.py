"""Light and dark themes: a calm palette plus ``ui/light.qss`` / ``ui/dark.qss``."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFontInfo, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

from rater_desktop.font_sizes import scaled_font_sizes
from rater_desktop.paths import ui_file

THEMES = ("system", "light", "dark")

_PALETTES = {
    "light": {
        "window": "#f4f5f7", "base": "#ffffff", "alt": "#f0f2f5", "text": "#1f2430",
        "button": "#eef0f3", "highlight": "#3b6fd4", "hl_text": "#ffffff",
        "mid": "#c9ced6", "placeholder": "#8a94a6", "link": "#2f5fc4", "tooltip": "#ffffff",
    },
    "dark": {
        "window": "#1e2127", "base": "#25282f", "alt": "#2a2e36", "text": "#e3e6eb",
        "button": "#2c3038", "highlight": "#3d6bd0", "hl_text": "#ffffff",
        "mid": "#3a3f49", "placeholder": "#8690a0", "link": "#8fb1f5", "tooltip": "#2c3038",
    },
}


def system_prefers_dark() -> bool:
    """True when the desktop asks for a dark colour scheme (Qt 6.5+)."""
    hints = QGuiApplication.styleHints()
    scheme = getattr(hints, "colorScheme", None)
    return bool(scheme is not None and scheme() == Qt.ColorScheme.Dark)


def resolve_theme(choice: str) -> str:
    """``light`` or ``dark`` for a setting of ``system``, ``light`` or ``dark``."""
    if choice in ("light", "dark"):
        return choice
    return "dark" if system_prefers_dark() else "light"


def build_palette(theme: str) -> QPalette:
    colors = _PALETTES[theme]
    palette = QPalette()
    role = QPalette.ColorRole
    pairs = {
        role.Window: "window", role.Base: "base", role.AlternateBase: "alt",
        role.WindowText: "text", role.Text: "text", role.ButtonText: "text",
        role.Button: "button", role.Highlight: "highlight", role.HighlightedText: "hl_text",
        role.Mid: "mid", role.PlaceholderText: "placeholder", role.Link: "link",
        role.ToolTipBase: "tooltip", role.ToolTipText: "text",
    }
    for palette_role, key in pairs.items():
        palette.setColor(palette_role, QColor(colors[key]))
    disabled = QColor(colors["placeholder"])
    for palette_role in (role.WindowText, role.Text, role.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, palette_role, disabled)
    return palette


def app_points(app: QApplication | None = None) -> float:
    """The point size of the application font as shown (a pixel-sized font included)."""
    instance = app or QApplication.instance()
    font = instance.font() if isinstance(instance, QApplication) else QApplication.font()
    points = font.pointSizeF()
    return float(points if points > 0 else QFontInfo(font).pointSizeF())


def fitted_stylesheet(stylesheet: str, app: QApplication | None = None) -> str:
    """``stylesheet`` with its point sizes following the application font."""
    return scaled_font_sizes(stylesheet, app_points(app))


def load_stylesheet(theme: str, base_points: float = 10.0) -> str:
    """The theme's stylesheet, its font sizes scaled to a body font of ``base_points``."""
    path = ui_file(f"{theme}.qss")
    try:
        return scaled_font_sizes(path.read_text(encoding="utf-8"), base_points)
    except OSError:
        return ""


def apply_theme(app: QApplication, choice: str) -> str:
    """Apply the chosen theme to the whole application; returns ``light`` or ``dark``."""
    theme = resolve_theme(choice)
    # Set first: widgets restyle from current_theme() while setPalette notifies them
    # (seen under Xvfb: switching to dark from the View menu left the rating panel light).
    app.setProperty("raterTheme", theme)
    app.setStyle("Fusion")
    app.setPalette(build_palette(theme))
    # Sized from the rater's font, never pinned: a larger system font makes it all larger.
    app.setStyleSheet(load_stylesheet(theme, app_points(app)))
    return theme


def current_theme(app: QApplication | None = None) -> str:
    instance = app or QApplication.instance()
    value = instance.property("raterTheme") if instance is not None else None
    return str(value) if value in ("light", "dark") else "light"


def document_css(theme: str) -> str:
    """Default stylesheet for rendered Markdown (QTextDocument's CSS subset)."""
    colors = _PALETTES[theme]
    code_bg = "#f1f3f6" if theme == "light" else "#2f333c"
    border = colors["mid"]
    return (
        f"body {{ color: {colors['text']}; }}"
        f"a {{ color: {colors['link']}; }}"
        f"pre, code {{ font-family: 'DejaVu Sans Mono', 'Consolas', monospace; "
        f"background-color: {code_bg}; }}"
        f"pre {{ padding: 6px; }}"
        f"table {{ border-collapse: collapse; }}"
        f"th, td {{ border: 1px solid {border}; padding: 3px 6px; }}"
        f"th {{ background-color: {code_bg}; }}"
        f"blockquote {{ color: {colors['placeholder']}; margin-left: 12px; }}"
        f"h1 {{ font-size: large; }} h2 {{ font-size: medium; }}"
        f".section-label {{ color: {colors['placeholder']}; font-size: small; "
        f"font-weight: bold; }}"
    )
