"""The QA window's heavy work in a process of its own (``multiprocessing``, spawn).

Importing fifty signed exports means parsing hundreds of megabytes of JSON and building
millions of objects. On a thread of the window's process that holds the GIL for whole
``json.loads`` calls and lets the garbage collector walk those objects on whichever thread
allocates next, so the window stalls for seconds. Here a worker process opens the same
store and batch (``SessionSpec``), runs one task at a time (``TASKS``: import and review,
review, figures) and sends back only what the window shows, with progress on the way; the
window's side asks it to stop at the task's next check when Cancel is pressed.

The worker keeps its session between tasks (the batch's items are read once), and is
started on first use; ``close`` ends it. No Qt here.
"""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

    from rater_desktop.qa_review.location import StoreLocation
    from rater_desktop.qa_review.session import QaSession

POLL_SECONDS = 0.05
Progress = Callable[[int, int], None]


class OffloadError(RuntimeError):
    """The worker process could not do the task (it stopped, or the task failed)."""


class NotOpenedThere(OffloadError):
    """The worker could not open the session (e.g. a protocol registered only in this
    process): the caller does the task itself."""


@dataclass(frozen=True)
class SessionSpec:
    """What another process needs to open the same session: picklable, no connection."""

    store: StoreLocation
    password: str | None
    roster: Any  # a Roster (its file is read again) or the signers themselves
    batch_path: str
    batch_sha256: str
    reviewer_id: str = ""
    same_items_batches: tuple[str, ...] = ()
    item_aliases: tuple[tuple[str, str], ...] = field(default_factory=tuple)


def session_spec(session: QaSession) -> SessionSpec | None:
    """The spec of ``session``; None when its store cannot be opened from elsewhere (in
    memory) or its batch has no path."""
    reopen = getattr(session.store, "reopen", None)
    path = getattr(session.batch, "path", None)
    if reopen is None or path is None:
        return None
    location, password = reopen
    same = tuple(sorted(session.accepted_batches - {session.batch_sha256}))
    return SessionSpec(location, password, session.roster, str(path), session.batch_sha256,
                       session.reviewer_id, same, tuple(sorted(session.item_aliases.items())))


# -- tasks (run in the worker; each takes the session, cancelled, progress) -------------

def _import_and_review(session: QaSession, cancelled: Callable[[], bool], progress: Progress,
                       *, paths: Sequence[str]) -> Any:
    from rater_desktop.qa_review.checked_import import import_checked
    from rater_desktop.qa_review.review_state import import_and_review

    return import_and_review(session, [Path(p) for p in paths], importer=import_checked,
                             cancelled=cancelled, progress=progress)


def _review(session: QaSession, cancelled: Callable[[], bool], progress: Progress) -> Any:
    from rater_desktop.qa_review.review_state import review_state

    del cancelled, progress
    return review_state(session)


def _figures(session: QaSession, cancelled: Callable[[], bool], progress: Progress, *,
             resamples: int) -> Any:
    from rater_desktop.qa_review.review_state import figures_of

    del cancelled, progress
    return figures_of(session, resamples=resamples)


def _recheck_and_review(session: QaSession, cancelled: Callable[[], bool],
                        progress: Progress) -> Any:
    from rater_desktop.qa_review.review_state import recheck_and_review

    del cancelled, progress
    return recheck_and_review(session)


TASKS: dict[str, Callable[..., Any]] = {
    "import_and_review": _import_and_review, "review": _review, "figures": _figures,
    "recheck_and_review": _recheck_and_review,
}


def _open_session(spec: SessionSpec) -> QaSession:
    from rater_desktop.batch.loader import open_batch
    from rater_desktop.qa_review.session import QaSession
    from rater_desktop.qa_review.store import QaStore

    store = QaStore.connect(spec.store, password=spec.password)
    return QaSession(store=store, roster=spec.roster, batch=open_batch(Path(spec.batch_path)),
                     batch_sha256=spec.batch_sha256, reviewer_id=spec.reviewer_id,
                     same_items_batches=spec.same_items_batches,
                     item_aliases=dict(spec.item_aliases))


def _portable(exc: BaseException) -> BaseException:
    """An exception the other process can unpickle (its type kept when it is a plain one)."""
    import pickle

    try:
        pickle.loads(pickle.dumps(exc))
        return exc
    except Exception:  # noqa: BLE001 - any unpicklable exception becomes a message
        return OffloadError(f"{type(exc).__name__}: {exc}")


def serve(conn: Connection, cancel: Any, tasks: Mapping[str, Callable[..., Any]] = TASKS
          ) -> None:
    """The worker's loop: (spec, task name, keyword arguments) in; ("progress", done,
    total) messages and one ("done", result) or ("error", exception) out; None ends it."""
    sessions: dict[str, QaSession] = {}
    while True:
        message = conn.recv()
        if message is None:
            return
        spec, name, kwargs = message
        key = repr(spec)
        if key not in sessions:
            sessions.clear()  # one opened batch at a time
            try:
                sessions[key] = _open_session(spec)
            except Exception as exc:  # noqa: BLE001 - the window does the task itself
                conn.send(("error", NotOpenedThere(f"{type(exc).__name__}: {exc}")))
                continue
        try:
            result = tasks[name](sessions[key], cancel.is_set,
                                 lambda done, total: conn.send(("progress", done, total)),
                                 **kwargs)
            conn.send(("done", result))
        except Exception as exc:  # noqa: BLE001 - handed to the window as a message
            conn.send(("error", _portable(exc)))


def _main(conn: Connection, cancel: Any) -> None:
    serve(conn, cancel)


class Offload:
    """One worker process, one task at a time; ``run`` blocks its (non-UI) thread."""

    def __init__(self, target: Callable[[Connection, Any], None] = _main) -> None:
        self._target = target
        self._context = multiprocessing.get_context("spawn")
        self._process: Any = None
        self._conn: Connection | None = None
        self._cancel: Any = None  # made with the process: creating one starts a helper
        self._lock = threading.Lock()

    def _ensure(self) -> Connection:
        if self._process is None or not self._process.is_alive() or self._conn is None:
            if self._cancel is None:
                self._cancel = self._context.Event()
            ours, theirs = self._context.Pipe()
            self._process = self._context.Process(target=self._target, args=(theirs, self._cancel),
                                                  daemon=True, name="rater-desktop-qa-worker")
            self._process.start()
            theirs.close()
            self._conn = ours
        return self._conn

    def run(self, spec: SessionSpec, task: str, *, cancelled: Callable[[], bool],
            progress: Progress | None = None, **kwargs: Any) -> Any:
        """Run ``task`` in the worker; ``cancelled()`` is asked while waiting and passed
        on; ``progress(done, total)`` as the worker reports it. Raises what the task
        raised (or OffloadError when the worker stopped)."""
        with self._lock:
            conn = self._ensure()
            self._cancel.clear()
            conn.send((spec, task, kwargs))
            while True:
                if cancelled():
                    self._cancel.set()
                if conn.poll(POLL_SECONDS):
                    kind, *rest = self._receive(conn)
                    if kind == "progress":
                        if progress is not None:
                            progress(*rest)
                    elif kind == "done":
                        return rest[0]
                    else:
                        raise rest[0]

    def _receive(self, conn: Connection) -> tuple[Any, ...]:
        try:
            message: tuple[Any, ...] = conn.recv()
            return message
        except (EOFError, OSError) as exc:
            self._conn = None
            raise OffloadError("The QA worker process stopped; try again.") from exc

    def close(self, timeout: float | None = 5.0) -> None:
        """End the worker: it stops after the running task. ``timeout`` None: do not wait
        (a closing window), else wait that long and then stop it."""
        process, conn = self._process, self._conn
        self._process = self._conn = None
        if conn is not None:
            try:
                conn.send(None)
            except OSError:
                pass
            conn.close()
        if process is not None and timeout is not None:
            process.join(timeout)
            if process.is_alive():
                process.terminate()
                process.join(timeout)
