"""A real rater window on a real ProfileStore and profile (memory keyring), with the
store services (batch check, backups, save errors, export, profile) attached."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rater_desktop import profiles
from rater_desktop.gui.batch_guard import SaveErrorRelay
from rater_desktop.gui.rating_binding import RatingBinding
from rater_desktop.gui.startup import attach_store_services
from rater_desktop.storage import open_profile_store

RATER = "rater-1"


class ThreadRecordingStore:
    """Delegates to a ProfileStore and notes the thread of the slow calls."""

    SLOW = ("register_batch", "maybe_backup", "load_item", "iter_documents")

    def __init__(self, store: Any) -> None:
        self._store = store
        self.threads: dict[str, set[str]] = {}
        self.calls: dict[str, int] = {}

    def __getattr__(self, name: str) -> Any:
        target = getattr(self._store, name)
        if name not in self.SLOW:
            return target

        def recorded(*args: Any, **kwargs: Any) -> Any:
            self.threads.setdefault(name, set()).add(threading.current_thread().name)
            self.calls[name] = self.calls.get(name, 0) + 1
            return target(*args, **kwargs)

        return recorded


@dataclass
class RaterRig:
    window: Any
    binding: RatingBinding
    store: Any
    real_store: Any
    profile: Any
    parts: dict[str, Any]
    data_dir: Path


def make_rig(make_window: Any, tmp_path: Path, keyring: Any, *,
             passphrase: str | None = None, debounce_seconds: float = 0.02,
             **options: Any) -> RaterRig:
    data_dir = tmp_path / "data"
    profile = profiles.create_profile(rater_id=RATER, display_name="Rater One",
                                      keyring=keyring, data_dir=data_dir, passphrase=passphrase)
    window = make_window()
    relay = SaveErrorRelay(window)
    real_store = open_profile_store(RATER, data_dir=data_dir, debounce_seconds=debounce_seconds,
                                    on_error=relay.report)
    store = ThreadRecordingStore(real_store)
    asker = {k: options.pop(k) for k in ("ask_failed_save",) if k in options}
    binding = RatingBinding(window, store=store, rater_id=RATER, close_store=real_store.close,
                            **asker)
    options.setdefault("export_keyring_factory", lambda: keyring)
    parts = attach_store_services(window, binding, store=store, profile=profile,
                                  data_dir=data_dir, relay=relay, **options)
    return RaterRig(window, binding, store, real_store, profile, parts, data_dir)
