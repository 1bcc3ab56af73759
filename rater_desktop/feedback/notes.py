"""Who a QA note is for and which field it is about, from the note's opening words.

A reviewer writes, in the QA window's note box or a decisions file for the CLI,
``@alice [verdict_justification] Say why B's refusal is safer.``: each leading ``@id``
names a rater who must rework the item (none: every rater of the item), and a leading
``[field]`` names the answer the note is about (e.g. ``verdict``, ``verdict_justification``,
``responses.A.tc``, ``choice``, ``explanation``). The rest is the note.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_RATER = re.compile(r"@([A-Za-z0-9][A-Za-z0-9._-]{0,63})\s*")
_FIELD = re.compile(r"\[([A-Za-z_][A-Za-z0-9_.]{0,80})\]\s*")


@dataclass(frozen=True)
class AddressedNote:
    """A note split into its addressees, its field and its text."""

    raters: tuple[str, ...]
    field: str | None
    text: str


def parse_note(note: str) -> AddressedNote:
    """The ``@rater`` and ``[field]`` prefixes of ``note`` (see the module docstring)."""
    raters: list[str] = []
    field: str | None = None
    rest = note.lstrip()
    while True:
        rater = _RATER.match(rest)
        if rater:
            raters.append(rater.group(1))
            rest = rest[rater.end():]
            continue
        found = _FIELD.match(rest) if field is None else None
        if found:
            field = found.group(1)
            rest = rest[found.end():]
            continue
        break
    return AddressedNote(raters=tuple(dict.fromkeys(raters)), field=field, text=rest.strip())
