"""Where raters' text came from, in the QA report and window (issue 24, results 2.6):
per rater the pasted share of their justifications and the items completed faster than
the protocol's minimum (``ProtocolInfo.fast_item_seconds``), as flags for review; per
judgment row (CSV/JSONL) the item's typed and pasted justification characters and
whether it was fast. Read from what the import kept of each judgment (``facts``), so a
report parses no document."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from html import escape
from typing import Any

from rater_desktop.qa.text_sources import JudgmentText, RaterTextFlags, flags_from_judgments

TEXT_COLUMNS = ("justification_typed", "justification_pasted", "fast_item")


def minimum_seconds(batch: Any) -> float:
    """The batch's protocol's minimum active time per item (its description only: no
    protocol's rules, renderer or signing are loaded for it)."""
    from rater_desktop import protocols

    return protocols.info_of_batch(batch).fast_item_seconds


def stored_texts(session: Any) -> Iterator[JudgmentText]:
    """What the import kept of each used judgment (no document is parsed again), one at
    a time (the figures add them up)."""
    return column_texts(session.stored_columns())


def column_texts(files: Iterable[Any]) -> Iterator[JudgmentText]:
    """The same from the given files' columns (``FileJudgments``), one at a time."""
    return (JudgmentText(j.rater_id, complete, text, j.seconds())
            for columns in files
            for j, complete, _order, _disputed, _unsure, text in columns.rows())


def session_text_flags(session: Any) -> list[RaterTextFlags]:
    """Each used rater's flags (built once per set of used files)."""
    _, used = session.used_key()
    return session.built("text_flags", used, lambda: flags_from_judgments(
        stored_texts(session), minimum_seconds=minimum_seconds(session.batch)))


def mark_text_rows(rows: list[dict[str, Any]], session: Any) -> bool:
    """Give each judgment row its text columns (None where the file has no counts);
    False (rows untouched) when no used file has text counts."""
    minimum = minimum_seconds(session.batch)
    values: dict[tuple[str, str], dict[str, Any]] = {}
    counted = False
    for columns in session.stored_columns():
        for j, complete, _order, _disputed, _unsure, text in columns.rows():
            seconds = j.seconds()
            typed, pasted, _template = text or (None, None, None)
            counted = counted or text is not None
            values[(j.rater_id, j.item_id)] = {
                "justification_typed": typed, "justification_pasted": pasted,
                "fast_item": complete and seconds is not None and seconds < minimum}
    if not counted:
        return False
    for row in rows:
        found = values.get((str(row.get("rater_id")), str(row.get("item_id"))), {})
        for column in TEXT_COLUMNS:
            row[column] = found.get(column)
    return True


def text_section(flags: Sequence[RaterTextFlags]) -> str:
    """HTML: per rater the pasted share (``data-key="pasted-RATER"``) and the fast items
    (``data-key="fast-RATER"``), with what the figures mean."""
    if not flags:
        return ""
    minimum = flags[0].minimum_seconds
    rows = "".join(
        f"<tr><td>{escape(f.rater_id)}</td>"
        f'<td class="num" data-key="pasted-{escape(f.rater_id)}">{escape(f.share_text())}</td>'
        f'<td class="num" data-key="fast-{escape(f.rater_id)}">{escape(f.fast_text())}</td>'
        "</tr>" for f in flags)
    return (
        "<h2>Where the text came from</h2><p class='muted'>Flags for review, not verdicts. "
        "Pasted: the share of the characters a rater put into justifications that came "
        "from the clipboard rather than the keyboard (the app's own template text is not "
        f"counted). Fast: complete items with less than {minimum:g} s of active time, the "
        "protocol's documented minimum. A rater may paste their own notes, and a fast "
        "rater may be a good one: look at the items before concluding.</p>"
        "<table><tr><th>Rater</th><th>Pasted into justifications</th>"
        f"<th>Completed faster than the minimum</th></tr>{rows}</table>")
