"""Exports of the QA window: the signed QA decisions and the report (HTML/CSV/JSONL).

The decisions are signed with the reviewer's own profile key (the profile named with
``--profile``, else the last used, else the only one); an encrypted key file asks for
its passphrase.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import (
    QFileDialog,
    QInputDialog,
    QLineEdit,
    QMessageBox,
    QStatusBar,
    QWidget,
)

if TYPE_CHECKING:
    from rater_desktop.gui.protocols import QaView
    from rater_desktop.gui.qa.jobs import JobRunner
    from rater_desktop.profiles import Profile
    from rater_desktop.qa_review.session import QaSession
    from rater_desktop.results.export import ExportedFiles


class QaWindow(Protocol):
    """What the exports need from the QA window (passed in; this file never imports it).

    ``window()`` is QWidget's own: for the QA window it returns the window itself, the
    parent of the file and passphrase dialogs.
    """

    settings: QSettings
    data_dir: Path
    keyring: Any
    profile: str | None
    resamples: int
    session: QaSession | None
    last_report: Path | None
    report_error: Callable[[QWidget, str, str, str], None]

    @property
    def view(self) -> QaView | None: ...  # the opened batch's protocol's tabs
    def save_pending(self) -> None: ...
    @property
    def runner(self) -> JobRunner: ...
    def window(self) -> QWidget: ...
    def statusBar(self) -> QStatusBar: ...

REPORT_FILTERS = {"HTML report (*.html)": "html", "CSV rows (*.csv)": "csv",
                  "JSON Lines rows (*.jsonl)": "jsonl"}


def reviewer_profile(window: QaWindow) -> Profile | None:
    from rater_desktop.profiles import ProfileError, resolve_profile

    try:
        return resolve_profile(data_dir=window.data_dir, requested=window.profile)
    except ProfileError:
        return None


def ask_passphrase(parent: QWidget, rater_id: str) -> str | None:
    text, ok = QInputDialog.getText(parent, "Unlock your key",
                                    f"Passphrase of the key of {rater_id}:",
                                    QLineEdit.EchoMode.Password)
    return text if ok else None


def _private_key(window: QaWindow, profile: Profile) -> Any:
    from rater_desktop.profiles import KeyStorage, load_private_key
    from rater_desktop.signing.keystore import default_keyring

    passphrase = None
    if profile.key_storage is KeyStorage.ENCRYPTED_FILE:
        asker = getattr(window, "ask_passphrase", ask_passphrase)
        passphrase = asker(window.window(), profile.rater_id)
        if passphrase is None:
            return None
    keyring = window.keyring if window.keyring is not None else default_keyring()
    return load_private_key(profile, keyring=keyring, data_dir=window.data_dir,
                            passphrase=passphrase)


def export_decisions_chosen(window: QaWindow) -> None:
    if window.session is None:
        return
    start = str(Path(str(window.settings.value("qa/exportFolder", str(Path.home()))))
                / f"{window.session.batch_id}.qa-decisions.json")
    path, _ = QFileDialog.getSaveFileName(window.window(), "Export QA decisions", start,
                                          "QA decisions (*.qa-decisions.json)")
    if path:
        exported = export_decisions_to(window, Path(path))
        if exported is not None:
            QMessageBox.information(window.window(), "QA decisions exported",
                                    f"Wrote {exported.results_path}\nand its signature "
                                    f"{exported.signature_path.name}.")


def export_decisions_to(window: QaWindow, out_path: Path) -> ExportedFiles | None:
    """Sign and write the decisions; a problem is reported and None returned."""
    from rater_desktop.profiles import ProfileError
    from rater_desktop.qa_review.adjudication import AdjudicationError
    from rater_desktop.results.document import RaterInfo
    from rater_desktop.signing.keystore import KeyNotFoundError, KeyringUnavailableError

    session = window.session
    if session is None:
        return None
    window.save_pending()
    profile = reviewer_profile(window)
    if profile is None:
        window.report_error(window.window(), "No reviewer profile",
                            "The decisions are signed with your own profile key. Create a "
                            "profile with Create profile\u2026 in Compare's QA decision (or "
                            "'rater-desktop profile create'), or start with --profile ID.", "")
        return None
    try:
        key = _private_key(window, profile)
        if key is None:
            return None
        info = RaterInfo(profile.rater_id, profile.display_name, profile.public_key,
                         profile.fingerprint)
        exported = session.export_decisions(out_path=out_path, reviewer=info, private_key=key)
    except (ProfileError, KeyNotFoundError, KeyringUnavailableError, AdjudicationError,
            OSError, ValueError) as exc:
        window.report_error(window.window(), "QA decisions not exported", str(exc), "")
        return None
    window.settings.setValue("qa/exportFolder", str(out_path.parent))
    window.statusBar().showMessage(f"Exported {exported.results_path}", 8000)
    return exported


def export_report_chosen(window: QaWindow) -> None:
    if window.session is None:
        return
    start = str(Path(str(window.settings.value("qa/exportFolder", str(Path.home()))))
                / f"{window.session.batch_id}-qa-report.html")
    path, chosen = QFileDialog.getSaveFileName(window.window(), "Export report", start,
                                               ";;".join(REPORT_FILTERS))
    if path:
        suffix = Path(path).suffix.lower().lstrip(".")
        fmt = suffix if suffix in REPORT_FILTERS.values() else REPORT_FILTERS.get(chosen, "html")
        export_report_to(window, Path(path), fmt)


def export_report_to(window: QaWindow, out_path: Path, report_format: str) -> bool:
    """Render the report in the background with the dashboard's cost inputs, then write."""
    view = window.view
    work = view.report_work(out_path, report_format) if view is not None else None
    if work is None:
        return False

    def done(path: Path) -> None:
        window.settings.setValue("qa/exportFolder", str(path.parent))
        window.statusBar().showMessage(f"Report written: {path}", 8000)
        window.last_report = path

    window.runner.start(f"Writing the {report_format.upper()} report\u2026", work, done=done,
                        failed=lambda exc: window.report_error(
                            window.window(), "Report not written", str(exc), ""))
    return True
