"""QA reviewer mode: a window of its own (``open_qa_window``).

Qt is imported only when the window is built, so walking the package tree (as the
architecture test does) never loads Qt.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QWidget

    from rater_desktop.gui.qa.window import QaWindow

__all__ = ["QaWindow", "open_qa_window"]


def __getattr__(name: str) -> Any:
    if name == "QaWindow":
        from rater_desktop.gui.qa.window import QaWindow

        return QaWindow
    raise AttributeError(name)


def open_qa_window(*, parent: QWidget | None, settings: QSettings,
                   data_dir: Path | None = None, batch_path: str | None = None,
                   results: list[Path] | None = None, profile: str | None = None,
                   keyring: Any = None, roster_path: Path | None = None,
                   store_path: Path | None = None, show: bool = True,
                   store_opener: Callable[[], Any] | None = None,
                   **dependencies: Any) -> QaWindow:
    """Open (and show) the QA window; it opens ``batch_path`` (else the last QA batch)
    and then imports ``results``. ``data_dir`` holds profiles, ``qa/qa.sqlite3`` and
    ``qa/allowed_signers`` (default: the app data folder).

    The store (this computer's SQLite file, a shared PostgreSQL one or ``store_opener``'s)
    opens on a worker while the window shows a busy indicator: its schema check or
    migration and a slow server never hold the UI thread; when it cannot open, the window
    says why (one File > QA store names offers this computer's own instead). Imports,
    reviews and figures run in a worker process (``qa_review.offload``; ``offload=None``:
    on a thread)."""
    from PySide6.QtWidgets import QApplication

    from rater_desktop.gui.qa.team_store import open_store_in_background, store_setting
    from rater_desktop.gui.qa.window import QaWindow
    from rater_desktop.gui.theme import apply_theme
    from rater_desktop.qa_review.roster import ROSTER_FILE, ROSTER_FOLDER, Roster

    app = QApplication.instance()
    if isinstance(app, QApplication) and app.property("raterTheme") is None:
        apply_theme(app, str(settings.value("view/theme", "system")))
    if data_dir is None:
        from rater_desktop.appdirs import data_dir as default_data_dir

        data_dir = default_data_dir()
    folder = data_dir
    setting = "" if store_path is not None else store_setting(settings)
    named = bool(setting) or store_opener is not None  # else this computer's own store
    roster = Roster(roster_path or folder / ROSTER_FOLDER / ROSTER_FILE)
    if "offload" not in dependencies:  # imports and figures in a worker process, made
        dependencies["make_offload"] = _make_offload  # when first used: not at start
    window = QaWindow(settings=settings, data_dir=folder, store=None, roster=roster,
                      keyring=keyring, profile=profile, parent=parent, **dependencies)
    window.owns_store = True
    opener = store_opener or (lambda: _open_store(setting, _local_store(folder, store_path),
                                                  keyring))
    open_store_in_background(window, opener, where=setting,
                             local=_open_local(folder, store_path) if named else None)
    target = batch_path or settings.value("qa/lastBatch")
    if target and Path(str(target)).exists():
        window.open_batch_path(str(target))
        if results:
            window.import_paths(results)
    if show:
        window.show()
    return window


def _local_store(folder: Path, path: Path | None) -> Path:
    """``path``, else this computer's store file in ``folder`` (asked for on the worker
    that opens the store: the window's first turn does not import ``qa_review.store``)."""
    if path is not None:
        return path
    from rater_desktop.qa_review.store import STORE_FILE, STORE_FOLDER

    return folder / STORE_FOLDER / STORE_FILE


def _make_offload() -> Any:
    from rater_desktop.qa_review.offload import Offload

    return Offload()


def _open_local(folder: Path, path: Path | None) -> Callable[[], Any]:
    def opener() -> Any:
        from rater_desktop.qa_review.store import QaStore

        return QaStore.open(_local_store(folder, path))

    return opener


def _open_store(setting: str, default: Path, keyring: Any) -> Any:
    """The store of File > QA store... (a file or a team's PostgreSQL), else ``default``."""
    import os

    from rater_desktop.qa_review.open_store import open_qa_store

    if keyring is None and setting.startswith("postgres"):
        from rater_desktop.signing.keystore import default_keyring

        try:
            keyring = default_keyring()
        except Exception:  # noqa: BLE001 - no usable keyring: the environment remains
            keyring = None
    return open_qa_store(setting, default=default, environ=os.environ, keyring=keyring)
