"""Qualification scored on the rater's laptop (SD-4, when the batch asks for it).

The same threshold as QA's (``pass_threshold`` of ``out_of``, 8 of 10 by default, scaled
to the batch's qualification items exactly as ``qa.qualification.meets_threshold``); an
item counts when the protocol's gold check says its answer matches.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rater_desktop.batch.learning import QualificationSettings

STATE_KEY = "qualification"


def needed_to_pass(*, total: int, threshold: tuple[int, int]) -> int:
    """The fewest matching items out of ``total`` that meet ``required/out_of``."""
    required, out_of = threshold
    if out_of <= 0 or not 0 <= required <= out_of:
        raise ValueError("threshold must be (required, out_of) with 0 <= required <= out_of")
    return -(-required * total // out_of)  # ceiling, in integers


@dataclass(frozen=True)
class QualificationProgress:
    """Matching and answered qualification items so far, of ``total``."""

    passed: int
    answered: int
    total: int
    needed: int

    @property
    def remaining(self) -> int:
        return self.total - self.answered

    @property
    def reachable(self) -> bool:
        """The threshold can still be met with the items left."""
        return self.passed + self.remaining >= self.needed

    @property
    def qualified(self) -> bool:
        return self.total > 0 and self.passed >= self.needed

    def summary(self) -> str:
        """``7 of 8 right so far (8 of 10 needed)``."""
        return (f"Qualification: {self.passed} of {self.answered} right so far "
                f"({self.needed} of {self.total} needed)")

    def to_record(self) -> dict[str, Any]:
        return {"passed": self.passed, "answered": self.answered, "total": self.total,
                "needed": self.needed, "reachable": self.reachable,
                "qualified": self.qualified}


def qualification_progress(outcomes: Mapping[str, bool | None], *, item_ids: Iterable[str],
                           threshold: tuple[int, int]) -> QualificationProgress:
    """``outcomes``: item id -> whether its complete answer matches the gold (absent or
    None: not answered yet, or an item without gold, which does not count)."""
    scored = [i for i in item_ids]
    answered = [outcomes[i] for i in scored if outcomes.get(i) is not None]
    total = len(scored)
    return QualificationProgress(passed=sum(1 for a in answered if a), answered=len(answered),
                                 total=total, needed=needed_to_pass(total=total,
                                                                    threshold=threshold))


@dataclass(frozen=True)
class Notice:
    """What the window says after a qualification item: the progress line, and once the
    threshold is out of reach, the study team's request and the rater's options."""

    progress: str
    unreachable: bool
    message: str = ""
    options: tuple[str, ...] = ()  # decisions the rater can record: stop, continue_unpaid


DEFAULT_MESSAGES = {
    "stop": "You can no longer reach the qualification threshold. The study team asks you "
            "to stop here: please do not rate the main items of this batch.",
    "continue_unpaid": "You can no longer reach the qualification threshold. The study "
                       "team lets you continue, but the main items will not be paid.",
}


def notice_after(progress: QualificationProgress, settings: QualificationSettings,
                 saved: Mapping[str, Any] | None) -> Notice | None:
    """The notice to show (None when the batch does not score qualification locally).

    The unreachable message is shown until the rater has answered it once (``saved``
    holds their decision); later items only update the progress line."""
    if not settings.score_locally or progress.total == 0:
        return None
    decided = bool((saved or {}).get("decision"))
    if progress.reachable or decided:
        return Notice(progress=progress.summary(), unreachable=not progress.reachable)
    ask = settings.when_unreachable
    message = settings.message.strip() or DEFAULT_MESSAGES[ask]
    options = ("stop", "continue_unpaid") if ask == "continue_unpaid" else ("stop",)
    return Notice(progress=progress.summary(), unreachable=True, message=message,
                  options=options)


def record_after(saved: Mapping[str, Any] | None, progress: QualificationProgress, *,
                 item_id: str, notice: Notice, decision: str | None,
                 at: str) -> dict[str, Any]:
    """The batch state's qualification record after a notice: every progress shown and,
    once given, the rater's decision on the unreachable message."""
    record = dict(saved or {})
    shown = list(record.get("shown", []))
    shown.append({"item_id": item_id, "at": at, **progress.to_record(),
                  "message": notice.message})
    record["shown"] = shown[-200:]  # a bounded history: one entry per qualification item
    if decision is not None and not record.get("decision"):
        record["decision"] = decision
        record["decided_at"] = at
    return record
