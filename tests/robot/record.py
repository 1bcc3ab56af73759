"""The app's own record, read the way an auditor would: the profile's SQLite database
(read-only), the batch files, and the display order the record maps for a rater and item."""

from __future__ import annotations

import difflib
import json
import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rater_desktop.batch.loader import open_batch
from rater_desktop.rating.display_order import batch_seed_of, display_order

WORD = re.compile(r"\w+", re.UNICODE)


def words(text: str) -> list[str]:
    return WORD.findall(text.lower())


def similarity(shown: str, source: str) -> float:
    """How much of ``source``'s words (Markdown syntax aside) ``shown`` holds, in order."""
    a, b = words(shown), words(source)
    if not a or not b:
        return 0.0
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    matched = sum(block.size for block in matcher.get_matching_blocks())
    return matched / max(len(a), len(b))


@dataclass(frozen=True)
class BatchFacts:
    """What the robot needs to know of a batch: ids, title, seed, response texts."""

    path: Path
    batch_id: str
    title: str
    seed: str
    protocol: str
    item_ids: list[str]
    texts: dict[str, tuple[str, str]]  # item id -> (true 0, true 1) text + final answer

    @classmethod
    def load(cls, path: Path) -> BatchFacts:
        batch = open_batch(path)
        try:
            ids = [entry.item_id for entry in batch.index]
            texts: dict[str, tuple[str, str]] = {}
            for item_id in ids:
                item = batch.item(item_id)
                pair = [(r.final_answer or "") + "\n" + r.text for r in item.responses]
                texts[item_id] = (pair[0], pair[1] if len(pair) > 1 else "")  # a run: one
            manifest = batch.manifest
            return cls(path=path, batch_id=manifest.batch_id, title=manifest.title,
                       seed=batch_seed_of(manifest),
                       protocol=str(getattr(manifest, "protocol", "guideline") or "guideline"),
                       item_ids=ids, texts=texts)
        finally:
            batch.close()

    def shown_as(self, rater_id: str, item_id: str, label: str) -> int:
        """The true index the record maps to display ``label`` for this rater and item."""
        order = display_order(batch_seed=self.seed, rater_id=rater_id, item_id=item_id)
        return order.true_index(label)

    def which_response(self, item_id: str, shown: str) -> tuple[int | None, float]:
        """(true index whose text ``shown`` is, best score); None when it is neither."""
        scores = [similarity(shown, text) for text in self.texts[item_id]]
        best = max(range(2), key=lambda i: scores[i])
        if scores[best] >= 0.6 and scores[best] > scores[1 - best] + 0.1:
            return best, scores[best]
        return None, scores[best]

    def holds_any_response(self, shown: str) -> str | None:
        """The item id whose response ``shown`` contains a long stretch of, else None."""
        for item_id, pair in self.texts.items():
            for text in pair:
                if similarity(shown, text) >= 0.3:
                    return item_id
        return None


class Record:
    """One profile's ratings database, opened read-only for each look."""

    def __init__(self, data_dir: Path, rater_id: str) -> None:
        self.path = data_dir / "profiles" / rater_id / "ratings.sqlite3"

    def _query(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        if not self.path.exists():
            return []
        connection = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=5)
        try:
            return connection.execute(sql, args).fetchall()
        except sqlite3.OperationalError:
            return []  # tables not created yet
        finally:
            connection.close()

    def batch_registered(self, batch_id: str) -> bool:
        return bool(self._query("SELECT 1 FROM batches WHERE batch_key = ?", batch_id))

    def document(self, batch_id: str, item_id: str) -> dict[str, Any] | None:
        rows = self._query("SELECT document FROM item_ratings WHERE batch_key = ? AND "
                           "item_id = ?", batch_id, item_id)
        return json.loads(rows[0][0]) if rows else None

    def status(self, batch_id: str, item_id: str) -> str | None:
        rows = self._query("SELECT status FROM item_ratings WHERE batch_key = ? AND "
                           "item_id = ?", batch_id, item_id)
        return str(rows[0][0]) if rows else None

    def batch_state(self, batch_id: str) -> dict[str, Any]:
        rows = self._query("SELECT state FROM batch_state WHERE batch_key = ?", batch_id)
        return json.loads(rows[0][0]) if rows else {}

    def current_item(self, batch_id: str) -> str | None:
        state = self.batch_state(batch_id)
        if not state:
            return None
        value = state.get("current_item") or state.get("current_item_id")
        return str(value) if value else None


def text_fields(document: Any, path: str = "") -> dict[str, str]:
    """Every string of a rating document by its JSON path (what typing can change)."""
    found: dict[str, str] = {}
    if isinstance(document, dict):
        for key, value in document.items():
            found.update(text_fields(value, f"{path}.{key}" if path else str(key)))
    elif isinstance(document, list):
        for index, value in enumerate(document):
            found.update(text_fields(value, f"{path}[{index}]"))
    elif isinstance(document, str):
        found[path] = document
    return found
