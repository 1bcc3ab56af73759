"""The window's composition root: after the first paint, find (or create on first run)
the rater profile, open its ratings database, and bind the rating core and every
protocol's window parts (``gui.protocols``) to the window."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QDialog, QMessageBox, QWidget

from rater_desktop.gui.main_window import MainWindow


def create_first_profile(parent: QWidget, data_dir: Path, *, keyring: Any = None) -> Any:
    """The first-run dialog; the created profile, or None when the rater cancels. The QA
    window passes its keyring (its tests a memory one); else the system's."""
    from rater_desktop import profiles
    from rater_desktop.gui.first_run_dialog import FirstRunDialog  # only on a first run
    from rater_desktop.signing import keystore

    keyring = keyring if keyring is not None else keystore.default_keyring()
    taken = [p.rater_id for p in profiles.list_profiles(data_dir=data_dir)]

    def create(values: dict[str, Any]) -> Any:
        return profiles.create_profile(keyring=keyring, data_dir=data_dir, **values)

    dialog = FirstRunDialog(parent, needs_passphrase=keystore.keyring_problem(keyring) is not None,
                            create=create, taken=taken)
    if dialog.exec() == QDialog.DialogCode.Accepted:
        return dialog.profile
    return None


def attach_rating(window: MainWindow, then: Callable[[], None] | None = None) -> None:
    """Call once the window has painted (see gui.first_paint); loads profile and storage.

    ``then`` runs afterwards, whatever happened: the first batch opens only once the
    rating core can cover the responses (the first-run dialog runs its own event loop).
    """

    def attach() -> None:
        try:
            _attach_now(window)
        finally:
            if then is not None:
                then()

    QTimer.singleShot(0, window, attach)  # dies with the window


def _profile_or_offer(window: MainWindow, data_dir: Path) -> Any:
    """The rater's profile; on a first run the first-run dialog's. None (the dialog
    closed, a profile that cannot be used): the window keeps the responses covered and
    offers "Create profile" in place."""
    from rater_desktop import profiles
    from rater_desktop.gui.steps.no_profile import NoProfileView

    try:
        return profiles.resolve_profile(data_dir=data_dir, requested=window.profile)
    except profiles.ProfileError as exc:
        first_run = "No rater profile" in str(exc)
        profile = create_first_profile(window, data_dir) if first_run else None
        if profile is not None:
            return profile
        if not first_run:  # Esc on the first-run dialog needs no message: the cover says it
            QMessageBox.warning(window, "No rater profile", str(exc))
    window.setProperty("noProfileView", NoProfileView(
        window, create_profile=lambda: create_first_profile(window, data_dir),
        attach=lambda made: _attach_now(window, made)))
    return None


def _attach_now(window: MainWindow, profile: Any = None) -> None:
    from rater_desktop import appdirs
    from rater_desktop.gui.batch_guard import SaveErrorRelay
    from rater_desktop.gui.profile_lock import already_open_message, claim_profile_lock
    from rater_desktop.gui.rating_binding import RatingBinding
    from rater_desktop.storage import StorageError, open_profile_store

    data_dir = appdirs.data_dir()
    profile = profile or _profile_or_offer(window, data_dir)
    if profile is None:
        return
    lock = claim_profile_lock(data_dir, profile.rater_id)
    if lock is None:
        from rater_desktop.gui.read_only_view import ReadOnlyView

        # Read-only, but with the rater's display order and response cover (SD-1, CF-1).
        window.setProperty("readOnlyView", ReadOnlyView(window, rater_id=profile.rater_id,
                                                        data_dir=data_dir))
        QMessageBox.warning(window, "Already open", already_open_message(profile.rater_id))
        return
    window.destroyed.connect(lambda *_: lock.unlock())
    window.setProperty("profileLock", lock)  # held for the window's lifetime
    relay = SaveErrorRelay(window)  # created first: the store reports through it
    try:
        store = open_profile_store(profile.rater_id, data_dir=data_dir, on_error=relay.report)
    except StorageError as exc:
        from rater_desktop.gui.steps.no_profile import NoProfileView

        # Nothing can be rated or recorded: the responses stay covered (CF-1).
        window.setProperty("noProfileView", NoProfileView(window, text=str(exc)))
        QMessageBox.warning(window, "Ratings database", str(exc))
        return
    window.setProperty("raterId", profile.rater_id)
    binding = RatingBinding(window, store=store, rater_id=profile.rater_id,
                            close_store=store.close)
    window.setProperty("ratingBinding", binding)
    from rater_desktop.gui.protocols import installers

    for install in installers():  # each other protocol's own binding (panel and keys)
        install(window, store=store, rater_id=profile.rater_id)
    parts = attach_store_services(window, binding, store=store, profile=profile,
                                  data_dir=data_dir, relay=relay)
    from rater_desktop.gui.key_migration import check_key_storage
    from rater_desktop.gui.practice import focus_current_step, install_practice

    check_key_storage(window, window, profile, data_dir=data_dir,
                      on_moved=lambda moved: setattr(parts["exporter"], "profile", moved))
    from rater_desktop.gui.single_binding import focus_open_work

    def focus_work() -> None:  # after the tour: the open item's panel, whichever protocol
        if not focus_open_work(window):
            focus_current_step(binding.panel)

    install_practice(window, data_dir=data_dir, rater_id=profile.rater_id,
                     focus_work=focus_work)


def attach_store_services(window: MainWindow, binding: Any, *, store: Any, profile: Any,
                          data_dir: Path, relay: Any = None, **options: Any) -> dict[str, Any]:
    """Batch change check, backups, save errors, export, the profile dialog and QA rework.

    ``options`` go to the parts by prefix (tests): ``guard_*`` to BatchGuard,
    ``export_*`` to ExportController, ``rework_*`` to the QA rework queue.
    """
    from rater_desktop.gui.batch_guard import BatchGuard
    from rater_desktop.gui.export_flow import ExportController
    from rater_desktop.gui.profile_dialog import show_profile

    def picked(prefix: str) -> dict[str, Any]:
        return {k.removeprefix(prefix): v for k, v in options.items() if k.startswith(prefix)}

    if relay is not None:
        relay.failed.connect(window.show_save_problem)
        relay.failed.connect(lambda _text: binding.watch_save_state())
    guard = BatchGuard(window, store, restart=binding.restart_batch, **picked("guard_"))
    exporter = ExportController(
        window, store=store, profile=profile, data_dir=data_dir,
        rubric_for=lambda: binding.service.rubric if binding.service is not None else None,
        before_export=binding.flush, **picked("export_"))
    profile_action = window.actions_.profile
    profile_action.setEnabled(True)
    profile_action.triggered.connect(lambda: show_profile(window, profile))
    from rater_desktop.gui.rework import ReworkQueue

    rework = ReworkQueue(window, binding=binding, store=store, profile=profile, **picked("rework_"))
    return {"guard": guard, "exporter": exporter, "relay": relay,
            "rework": rework}  # all parented to window
