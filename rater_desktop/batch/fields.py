"""A small typed reader for JSON objects that records every problem with its location."""

from __future__ import annotations

import re
from typing import Any

from rater_desktop.batch.errors import BatchProblem, ProblemList

ID_PATTERN = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")


class FieldReader:
    """Reads fields of one JSON object; missing or mistyped fields become problems.

    Unknown keys are kept (``extra``) and reported as warnings, as the format asks.
    """

    def __init__(
        self,
        obj: object,
        *,
        problems: ProblemList,
        file: str,
        line: int | None = None,
        item_id: str | None = None,
        prefix: str = "",
    ) -> None:
        self.problems = problems
        self.file = file
        self.line = line
        self.item_id = item_id
        self.prefix = prefix
        self.valid_object = isinstance(obj, dict)
        self.obj: dict[str, Any] = obj if isinstance(obj, dict) else {}
        self._known: set[str] = set()
        if not self.valid_object:
            self.error(prefix.rstrip(".") or "(top level)", "must be a JSON object", "")

    def path(self, key: str) -> str:
        return f"{self.prefix}{key}"

    def error(self, field: str, message: str, hint: str, *, code: str = "bad-field") -> None:
        self.problems.add(
            BatchProblem(
                code=code,
                message=message,
                file=self.file,
                line=self.line,
                item_id=self.item_id,
                field=field,
                hint=hint,
            )
        )

    def child(self, obj: object, key: str) -> FieldReader:
        return FieldReader(
            obj,
            problems=self.problems,
            file=self.file,
            line=self.line,
            item_id=self.item_id,
            prefix=f"{self.prefix}{key}.",
        )

    def _get(self, key: str, required: bool) -> Any:
        self._known.add(key)
        if key not in self.obj or self.obj[key] is None:
            if required:
                self.error(self.path(key), "is missing", "Add this field.", code="missing-field")
            return None
        return self.obj[key]

    def raw(self, key: str) -> Any:
        """The value as it is (None when absent); the key counts as known."""
        return self._get(key, False)

    def boolean(self, key: str, *, default: bool = False) -> bool:
        value = self._get(key, False)
        if value is None:
            return default
        if not isinstance(value, bool):
            self.error(self.path(key), "must be true or false", "")
            return default
        return value

    def text(self, key: str, *, required: bool = False, max_chars: int = 20_000) -> str | None:
        value = self._get(key, required)
        if value is None:
            return None
        if not isinstance(value, str):
            self.error(self.path(key), f"must be a string, not {type(value).__name__}", "")
            return None
        if len(value) > max_chars:
            self.error(
                self.path(key),
                f"is {len(value)} characters long, more than the limit of {max_chars}",
                "Shorten it; see the limits in docs/batch-format.md.",
                code="too-long",
            )
            return None
        return value

    def identifier(self, key: str) -> str | None:
        value = self.text(key, required=True, max_chars=128)
        if value is not None and not ID_PATTERN.match(value):
            self.error(
                self.path(key),
                f"{value!r} is not a valid id",
                "Use 1-128 characters of letters, digits, '.', '_', ':' or '-'.",
                code="bad-id",
            )
            return None
        return value

    def number(self, key: str, *, required: bool = False, integer: bool = False) -> float | None:
        value = self._get(key, required)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int | float):
            self.error(self.path(key), f"must be a number, not {type(value).__name__}", "")
            return None
        if integer and not float(value).is_integer():
            self.error(self.path(key), "must be a whole number", "")
            return None
        if not -1e9 <= value <= 1e9:
            self.error(self.path(key), "is out of range", "")
            return None
        return value

    def array(self, key: str, *, required: bool = False, max_len: int = 10_000) -> list[Any] | None:
        value = self._get(key, required)
        if value is None:
            return None
        if not isinstance(value, list):
            self.error(self.path(key), f"must be a list, not {type(value).__name__}", "")
            return None
        if len(value) > max_len:
            self.error(
                self.path(key),
                f"has {len(value)} entries, more than the limit of {max_len}",
                "See the limits in docs/batch-format.md.",
                code="too-many",
            )
            return None
        return value

    def mapping(self, key: str, *, required: bool = False) -> dict[str, Any] | None:
        value = self._get(key, required)
        if value is None:
            return None
        if not isinstance(value, dict):
            self.error(self.path(key), f"must be an object, not {type(value).__name__}", "")
            return None
        return value

    def choice(self, key: str, options: tuple[str, ...], *, required: bool = False) -> str | None:
        value = self.text(key, required=required, max_chars=200)
        if value is not None and value not in options:
            self.error(
                self.path(key),
                f"{value!r} is not one of: {', '.join(options)}",
                "Use one of the listed values.",
            )
            return None
        return value

    def extra(self) -> dict[str, Any]:
        """Unknown keys, kept and reported once as a warning."""
        unknown = {k: v for k, v in self.obj.items() if k not in self._known}
        for key in sorted(unknown):
            self.problems.add(
                BatchProblem(
                    code="unknown-field",
                    message="is not part of format v1; it is kept and ignored",
                    file=self.file,
                    line=self.line,
                    item_id=self.item_id,
                    field=self.path(key),
                    severity="warning",
                )
            )
        return unknown
