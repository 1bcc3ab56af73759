"""Import the heavy core (SQLAlchemy, SQLModel, the rating service) on a worker thread
from the moment the process starts, while the main thread builds and paints the window.

Nothing here imports Qt: the thread may start before PySide6 is loaded. Only modules
without Qt are preloaded, so no Qt object is ever made off the UI thread.
"""

from __future__ import annotations

import importlib
import threading

CORE_MODULES = (
    "rater_desktop.storage.profile",  # SQLAlchemy + SQLModel: most of the wait
    "rater_desktop.storage.store",
    "sqlalchemy.dialects.sqlite",  # loaded by create_engine otherwise
    "rater_desktop.storage.autosave",
    "rater_desktop.storage.backup",
    "rater_desktop.storage.batches",
    "rater_desktop.profiles",
    "rater_desktop.signing.keystore",
    "rater_desktop.rating.service",
    "rater_desktop.rating.rubric",
)


class Preload:
    """A daemon thread importing ``modules``; ``done()`` says when it has finished.

    A module that fails to import here is simply imported again (and its error shown)
    where the app needs it, on the UI thread.
    """

    def __init__(self, modules: tuple[str, ...] = CORE_MODULES) -> None:
        self.modules = modules
        self.failed: list[str] = []
        self._thread = threading.Thread(target=self._run, name="core-preload", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        for name in self.modules:
            try:
                importlib.import_module(name)
            except Exception:  # noqa: BLE001 - told again by the real import later
                self.failed.append(name)

    def done(self) -> bool:
        return not self._thread.is_alive()
