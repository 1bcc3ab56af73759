"""The ``qa_judgments`` rows of one verified document, in one pass (issue 22).

An import used to adapt the document (``adapt_results``: a ``RatedItem`` and a
``RaterJudgment`` per item) and then build a ``RaterColumn`` and two ``SideView`` per item
for the rows' texts: ~40 % of its time beyond reading and verifying the file. Here each
entry is checked exactly as ``adapt_results`` checks it (``checked_entry``: the same
problems, the same left-out items) and its row is made straight from the read rating. The
values are those of ``judgment_rows.judgment_rows`` (the report's and the CSV's own
builders, which read documents; ``tests/core/test_qa_import_values.py`` holds them equal).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rater_desktop.learning.unsure import unsure_reason
from rater_desktop.qa.text_sources import item_counts
from rater_desktop.qa_review.adapter import (
    BatchItemInfo,
    CheckedEntry,
    checked_entry,
    disputed_runs,
    document_entries,
    is_probe_entry,
)
from rater_desktop.qa_review.rater_text import claims_evidence
from rater_desktop.qa_review.row_texts import texts_values
from rater_desktop.rating.model import Claim, ItemStatus

if TYPE_CHECKING:
    from rater_desktop.qa_review.store import QaStore, StoredFile
    from rater_desktop.results.json_spans import ItemSpans

_SAMPLE = [1, -2.5, 1e300, "é\"\x00\ud800", None, True, False, {"a": [], "b": {}}, ()]


def _encoder(separators: tuple[str, str]) -> Callable[[Any], str]:
    """``json.dumps(value, ensure_ascii=False, separators=separators)`` for the acyclic
    values built here, with the C encoder made once: ``JSONEncoder.encode`` makes one per
    call (and a circular-reference guard), a fifth of encoding a row's fields. The
    standard encoder where the C one is missing or answers otherwise."""
    plain = json.JSONEncoder(ensure_ascii=False, separators=separators)
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:
        return plain.encode
    written = "".join(plain.iterencode(_SAMPLE))  # not one shot: the Python encoder
    try:
        once = make(None, plain.default, json.encoder.encode_basestring, None,
                    separators[1], separators[0], False, False, True)  # fmt: skip
        if "".join(once(_SAMPLE, 0)) == written:
            return lambda value: "".join(once(value, 0))
    except TypeError:  # another signature
        pass
    return lambda value: "".join(plain.iterencode(value))


# json.dumps(..., ensure_ascii=False, separators=(",", ":")), as judgment_rows writes them
_COMPACT = _encoder((",", ":"))


def import_rows(
    document: Mapping[str, Any], *, batch_items: Mapping[str, BatchItemInfo],
    file_sha256: str, spans: ItemSpans | None = None, by_place: bool = False,
) -> tuple[list[dict[str, Any]], tuple[str, ...]]:  # fmt: skip
    """(the rows without their file id, the problems of the items left out): what
    ``judgment_rows(adapt_results(...))`` and its ``problems`` are for the document.
    ``by_place`` (SQLite, v6): each row keeps where its entry lies in the stored document,
    in bytes of its UTF-8 (read back with blob I/O), not its text. Otherwise (PostgreSQL:
    ``substr`` on a compressed text decodes and counts it from the start, 0.2 s per 20 MB
    document at its end) the entry's JSON text, as v5."""
    rater_id, entries, refused = document_entries(document)
    if entries is None:
        return [], refused
    places = spans.utf8_spans() if by_place and spans is not None else None
    rows: list[dict[str, Any]] = []
    problems: list[str] = []
    seen: set[str] = set()
    for position, entry in enumerate(entries):
        if type(entry) is not dict and not isinstance(entry, Mapping):  # exact type first
            problems.append("an item entry is not an object; left out")
            continue
        if is_probe_entry(entry, batch_items):
            continue
        checked = checked_entry(entry, batch_items=batch_items)
        if isinstance(checked, str):
            problems.append(checked)
        elif checked.item_id in seen:
            problems.append(f"item {checked.item_id} appears twice; the first is kept")
        else:
            seen.add(checked.item_id)
            place: tuple[str | None, int | None, int | None] = (None, *places[position]) \
                if places is not None else (_COMPACT(entry) if spans is None
                                            else spans.entry_text(position), None, None)
            rows.append(_row(entry, checked, (len(rows), rater_id, file_sha256), place))
    return rows, tuple(problems)


UNSTORABLE_TEXT = (
    "The signature is valid but the file is not usable results: a text in it is not valid "
    "Unicode (an unpaired surrogate escape such as \\ud800). Ask the rater to export again."
)


def save_imported(store: QaStore, record: StoredFile, *, results_text: str | None,
                  signature_text: str | None, rows: list[dict[str, Any]],
                  ) -> tuple[StoredFile, bool]:  # fmt: skip
    """``store.save_file``; a file whose texts cannot be stored as UTF-8 (JSON lets an
    unpaired surrogate be escaped) is recorded as invalid with that one-line reason."""
    try:
        return store.save_file(record, results_text=results_text,
                               signature_text=signature_text, judgments=rows)  # fmt: skip
    except UnicodeEncodeError:  # the transaction was rolled back: nothing half written
        refused = replace(record, status="invalid", detail="malformed_results",
                          message=UNSTORABLE_TEXT, problems=None)  # fmt: skip
        return store.save_file(refused, results_text=None, signature_text=None)


def _claim_rating(claim: Claim) -> str | None:
    # A claim marked subjective has no fact check; the statistics read None as that.
    return None if claim.objective is False or claim.rating is None else claim.rating.value


def _row(entry: Mapping[str, Any], checked: CheckedEntry, where: tuple[int, str, str],
         place: tuple[str | None, int | None, int | None]) -> dict[str, Any]:  # fmt: skip
    position, rater_id, _ = where  # the file's hash: rendered into the export fields (v7)
    rating, order, identities = checked.rating, checked.display_order, checked.identities
    verdict = rating.verdict
    score = None if verdict is None else verdict.score
    active, steps = rating.timing.active_seconds, rating.timing.step_seconds
    total = active if active > 0 else None
    seconds = total if total is not None else float(sum(steps.values())) if steps else None
    status = rating.status.value
    first, second = rating.responses[0], rating.responses[1]
    claims = (tuple(first.claims), tuple(second.claims))
    evidence = (claims_evidence(claims[0]) if claims[0] else "",
                claims_evidence(claims[1]) if claims[1] else "")  # fmt: skip
    unsure = unsure_reason(entry) if "unsure" in entry else ""
    raw = entry.get("rating")
    disputed = disputed_runs(raw if isinstance(raw, Mapping) else {})
    facts: dict[str, Any] = {
        "c": {str(side): [[c.start, c.end, c.text, _claim_rating(c)] for c in found]
              for side, found in enumerate(claims) if found},
        "s": dict(steps), "t": total, "o": "".join(order), "d": list(disputed), "u": unsure}
    if "text_sources" in entry:  # results 2.6: where the justifications came from
        facts["x"] = list(item_counts(entry))
    texts = texts_values(status, rating.verdict_justification, rating.case_file.main_goal,
                         (first, second), evidence)  # fmt: skip
    return {
        "item_order": position, "item_id": checked.item_id, "rater_id": rater_id,
        "kind": checked.info.facts.kind,
        "complete": rating.status is ItemStatus.COMPLETE and entry.get("incomplete") is not True,
        "verdict_true": score, "model_first": identities[0], "model_second": identities[1],
        "seconds": seconds, "tc0": first.tc, "fa0": first.fa, "aip0": first.aip,
        "tc1": second.tc, "fa1": second.fa, "aip1": second.aip,
        "facts": _COMPACT(facts), "texts": _COMPACT(texts), "entry": place[0],
        "entry_start": place[1],
        "entry_end": place[2],
    }  # fmt: skip

