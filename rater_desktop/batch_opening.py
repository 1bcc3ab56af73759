"""Opening a batch, without Qt: the recent batches (in the window's settings), the batch
to open at start, and a batch or item that failed to open told in plain words."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol


class Settings(Protocol):
    """What of ``QSettings`` the recent list uses (Qt stays in ``gui``)."""

    def value(self, key: str, defaultValue: Any = ...) -> Any: ...  # noqa: N803 - Qt's name
    def setValue(self, key: str, value: Any) -> None: ...  # noqa: N802 - Qt's name


MAX_RECENT = 8
RECENT_KEY = "recent/batches"


def recent_batches(settings: Settings) -> list[str]:
    value: Any = settings.value(RECENT_KEY, [])
    if isinstance(value, str):
        # IniFormat returns a one-element list as a plain string.
        value = [value] if value else []
    return [str(v) for v in value or [] if v]


def add_recent(settings: Settings, path: str) -> list[str]:
    normalised = str(Path(path).resolve())
    paths = [normalised, *[p for p in recent_batches(settings) if p != normalised]]
    paths = paths[:MAX_RECENT]
    settings.setValue(RECENT_KEY, paths)
    return paths


def startup_batch(settings: Settings, requested: str | None) -> str | None:
    """The batch to open at start: the one asked for, else the last one if it still exists."""
    if requested:
        return requested
    if str(settings.value("session/reopenLast", "true")).lower() in ("false", "0"):
        return None
    for path in recent_batches(settings)[:1]:
        if Path(path).exists():
            return path
    return None


def describe_open_failure(path: str, exc: BaseException) -> tuple[str, str]:
    """``(message, details)`` for a batch that failed; never a traceback."""
    problem = getattr(exc, "problem", None)
    problems = getattr(exc, "problems", None) or []
    if problem is not None and hasattr(problem, "render"):
        # The full path: a folder name alone ("broken2") does not say which copy it was.
        text = f"{path} could not be opened.\n\n{problem.render()}"
        details = "\n".join(p.render() for p in problems[1:] if hasattr(p, "render"))
        return text, details
    if isinstance(exc, OSError):
        reason = exc.strerror or str(exc)
        return (f"{path} could not be read: {reason}.\n\nCheck that the file exists and that "
                "you may read it.", "")
    return (f"{path} could not be opened: {exc}\n\nThe batch may be damaged; ask for a new "
            "copy.", type(exc).__name__)


def describe_item_failure(item_id: str, exc: BaseException) -> tuple[str, str]:
    """``(message, details)`` for one item of an open batch that cannot be shown: which
    item, where the problem is, and what the rater can do (the batch stays open)."""
    problem = getattr(exc, "problem", None)
    details = type(exc).__name__
    if problem is not None and hasattr(problem, "render"):
        where = problem.render()
        details = "\n".join(p.render() for p in (getattr(exc, "problems", None) or [])[1:]
                            if hasattr(p, "render"))  # the others, never a class name
    elif isinstance(exc, OSError):
        where = f"It could not be read: {exc.strerror or exc}."
    else:
        where = f"It could not be read: {exc}"
    return (f"Item {item_id} cannot be shown.\n\n{where}\n\nYou can go on with the other "
            "items. Send this message to whoever sent you the batch so they can fix it.",
            details)
