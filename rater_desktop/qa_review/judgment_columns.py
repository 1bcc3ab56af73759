"""A file's stored judgments as columns: one ``RaterJudgment`` each, the rest as codes.

A report holds every judgment of the used files (100,000 at 50 raters x 2,000 items).
What the store keeps beside the statistics' input (complete, display order, disputed runs,
text counts, the unsure reason) is a handful of distinct values per file, so it is kept
as one byte or two per judgment and a table of those values, not as a second object per
judgment. The figure passes read the columns (``complete_judgments``, ``rows``); a
``StoredJudgment`` is built only where one item's or a test's caller asks for it.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rater_desktop.qa.inputs import RaterJudgment


@dataclass(frozen=True, eq=False, slots=True)
class StoredJudgment:
    """One judgment as the store holds it: the statistics' input and where it stands (a
    session keeps them as ``FileJudgments`` columns and builds these only on request)."""

    file_id: int
    complete: bool
    display_order: tuple[str, str]
    disputed_runs: tuple[bool, bool]
    judgment: RaterJudgment
    unsure: str = ""  # the rater's reason when marked unsure (rows kept before 2.3: "")
    text_counts: tuple[int, int, int] | None = None  # typed, pasted, template (2.6)

    @property
    def item_id(self) -> str:
        return self.judgment.item_id


# One row's column values: (judgment, complete, display order, disputed runs, unsure
# reason, text counts), what a figure pass zips together.
Row = tuple["RaterJudgment", bool, tuple[str, str], tuple[bool, bool], str,
            "tuple[int, int, int] | None"]  # fmt: skip


class _Coded:
    """A column of few distinct values: a code per row (two bytes) and the values once."""

    __slots__ = ("codes", "values", "_code")

    def __init__(self) -> None:
        self.codes = array("H")
        self.values: list[Any] = []
        self._code: dict[Any, int] = {}

    def append(self, key: Any, value: Any) -> None:
        code = self._code.get(key)
        if code is None:
            code = self._code[key] = len(self.values)
            self.values.append(value)
        self.codes.append(code)

    def done(self) -> None:
        self._code = {}  # only the builder needs it

    def __iter__(self) -> Iterator[Any]:
        return map(self.values.__getitem__, self.codes)


class FileJudgments:
    """One stored file's judgments (file order) and what the store says of each."""

    __slots__ = ("file_id", "judgments", "complete", "_orders", "_disputed", "_texts",
                 "unsure")  # fmt: skip

    def __init__(self, file_id: int) -> None:
        self.file_id = file_id
        self.judgments: list[RaterJudgment] = []
        self.complete = bytearray()
        self._orders, self._disputed, self._texts = _Coded(), _Coded(), _Coded()
        self.unsure: dict[int, str] = {}  # row -> reason, only the rows marked unsure

    def append(self, judgment: RaterJudgment, *, complete: bool, order: Any, disputed: Any,
               unsure: str, text: tuple[int, int, int] | None) -> None:  # fmt: skip
        """Add the next row (``order`` and ``disputed`` as the store keeps them)."""
        if unsure:
            self.unsure[len(self.judgments)] = unsure
        self.judgments.append(judgment)
        self.complete.append(1 if complete else 0)
        self._orders.append(order, (order[0], order[1]))
        self._disputed.append(tuple(disputed), (bool(disputed[0]), bool(disputed[1])))
        self._texts.append(text, text)

    def done(self) -> FileJudgments:
        for column in (self._orders, self._disputed, self._texts):
            column.done()
        return self

    def __len__(self) -> int:
        return len(self.judgments)

    def complete_judgments(self) -> Iterator[RaterJudgment]:
        """The judgments of complete items, file order."""
        return (j for j, c in zip(self.judgments, self.complete, strict=True) if c)

    def rows(self) -> Iterator[Row]:
        """Every row's columns together (one short-lived tuple a row)."""
        unsure = self.unsure
        for n, (judgment, complete, order, disputed, text) in enumerate(zip(
                self.judgments, self.complete, self._orders, self._disputed, self._texts,
                strict=True)):  # fmt: skip
            yield judgment, bool(complete), order, disputed, unsure.get(n, ""), text

    def stored(self) -> Iterator[StoredJudgment]:
        """The rows as ``StoredJudgment`` objects, built on the way (not kept)."""
        for judgment, complete, order, disputed, unsure, text in self.rows():
            yield StoredJudgment(self.file_id, complete, order, disputed, judgment, unsure,
                                 text)  # fmt: skip
