"""Problems found in a batch, each with where it is and what to do about it."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class BatchProblem:
    """One problem in a batch: what is wrong, where, and what the user can do."""

    code: str
    message: str
    file: str = ""
    line: int | None = None
    item_id: str | None = None
    field: str | None = None
    hint: str = ""
    severity: str = "error"  # "error" or "warning"

    def location(self) -> str:
        parts: list[str] = []
        if self.file:
            parts.append(self.file if self.line is None else f"{self.file}:{self.line}")
        if self.item_id is not None:
            parts.append(f"item {self.item_id!r}")
        if self.field:
            parts.append(f"field {self.field!r}")
        return ", ".join(parts)

    def render(self) -> str:
        """One human line: ``[code] location: message. hint``."""
        where = self.location()
        text = f"[{self.code}] "
        message = self.message if self.message.endswith((".", "!", "?")) else f"{self.message}."
        text += f"{where}: {message}" if where else message
        if self.hint:
            text += f" {self.hint}"
        return text


class BatchError(Exception):
    """A batch could not be opened or an item could not be read."""

    def __init__(self, problem: BatchProblem, *more: BatchProblem) -> None:
        super().__init__(problem.render())
        self.problem = problem
        self.problems: list[BatchProblem] = [problem, *more]


@dataclass
class ProblemList:
    """Collects problems during validation instead of stopping at the first."""

    problems: list[BatchProblem] = field(default_factory=list)

    def add(self, problem: BatchProblem) -> None:
        self.problems.append(problem)

    @property
    def errors(self) -> list[BatchProblem]:
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list[BatchProblem]:
        return [p for p in self.problems if p.severity == "warning"]
