"""Where raters' text came from, in the QA report and window (issue 24, results 2.4):
per rater the pasted share of their justifications and the items completed faster than
the protocol's minimum (``RatingProtocol.fast_item_seconds``), as flags for review; per
judgment row (CSV/JSONL) the item's typed and pasted justification characters and
whether it was fast. Read from the trusted files' documents, like the unsure marks."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any

from rater_desktop.qa.text_sources import RaterTextFlags, is_fast, item_counts, rater_text_flags

TEXT_COLUMNS = ("justification_typed", "justification_pasted", "fast_item")


def minimum_seconds(batch: Any) -> float:
    """The batch's protocol's minimum active time per item."""
    from rater_desktop import protocols

    return protocols.of_batch(batch).fast_item_seconds


def trusted_documents(session: Any) -> list[dict[str, Any]]:
    """The documents of the files the figures use (trusted, latest per rater)."""
    chosen, _ = session.used_key()
    documents = []
    for stored in chosen:
        signed = session.store.signed_bytes(stored.id) if stored.id is not None else None
        if signed is None:
            continue
        try:
            document = json.loads(signed[0].decode("utf-8"))
        except ValueError:  # the store was changed behind our back: skip, never guess
            continue
        if isinstance(document, dict):
            documents.append(document)
    return documents


def session_text_flags(session: Any) -> list[RaterTextFlags]:
    """Each used rater's flags (built once per set of used files)."""
    _, used = session.used_key()
    return session.built("text_flags", used, lambda: rater_text_flags(
        trusted_documents(session), minimum_seconds=minimum_seconds(session.batch)))


def row_values(documents: Iterable[Mapping[str, Any]], *,
               minimum: float) -> dict[tuple[str, str], dict[str, Any]]:
    """(rater id, item id) -> the judgment row's text columns."""
    values: dict[tuple[str, str], dict[str, Any]] = {}
    for document in documents:
        rater = document.get("rater")
        rater_id = str(rater.get("rater_id", "")) if isinstance(rater, Mapping) else ""
        for entry in document.get("items") or ():
            if not isinstance(entry, Mapping):
                continue
            typed, pasted, _template = item_counts(entry)
            values[(rater_id, str(entry.get("item_id", "")))] = {
                "justification_typed": typed, "justification_pasted": pasted,
                "fast_item": is_fast(entry, minimum)}
    return values


def mark_rows(rows: list[dict[str, Any]], session: Any) -> bool:
    """Give each judgment row its text columns (None where the file has no counts);
    False (rows untouched) when no used file has text counts."""
    documents = trusted_documents(session)
    if not any(isinstance(e, Mapping) and "text_sources" in e
               for d in documents for e in d.get("items") or ()):
        return False
    values = row_values(documents, minimum=minimum_seconds(session.batch))
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
