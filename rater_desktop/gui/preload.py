"""Import the rating core (the ratings store, profiles, the rating service) on a worker
thread while the UI thread opens the first item, so the window stays responsive.

Started once the window has painted, not at process start: the imports hold the GIL and
measurably delayed the first paint when they ran beside Qt's start-up (benchmarks/README).
Nothing here imports Qt, and only modules without Qt are preloaded, so no Qt object is
ever made off the UI thread.
"""

from __future__ import annotations

import importlib
import threading

CORE_MODULES = (
    "rater_desktop.storage.profile",
    "rater_desktop.storage.store",
    "rater_desktop.storage.autosave",
    "rater_desktop.storage.backup",
    "rater_desktop.storage.batches",
    "rater_desktop.profiles",
    # Not rater_desktop.signing.keystore: cryptography (~16 ms) is needed only to export or
    # to check a keyring's key, which imports it on a worker itself (gui.key_migration).
    "rater_desktop.rating.service",
    "rater_desktop.rating.rubric",
)


class Preload:
    """A daemon thread importing ``modules``; ``done()`` says when it has finished.

    A module that fails to import here is simply imported again (and its error shown)
    where the app needs it, on the UI thread.
    """

    def __init__(self, modules: tuple[str, ...] = CORE_MODULES, *, start: bool = True) -> None:
        self.modules = modules
        self.failed: list[str] = []
        self._thread = threading.Thread(target=self._run, name="core-preload", daemon=True)
        if start:
            self.start()

    def start(self) -> None:
        """Start the imports (once; later calls do nothing)."""
        if self._thread.ident is None:
            self._thread.start()

    def _run(self) -> None:
        for name in self.modules:
            try:
                importlib.import_module(name)
            except Exception:  # noqa: BLE001 - told again by the real import later
                self.failed.append(name)

    def done(self) -> bool:
        return self._thread.ident is not None and not self._thread.is_alive()
