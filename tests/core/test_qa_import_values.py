"""An import stores what it stored before it was made faster (issue 22): every column of
every ``qa_judgments`` row, and each file's left-out items, equal what a frozen copy of the
row builder as it was (main, 493d741, schema v5) makes from the same signed documents, and
the signed bytes are kept exactly. Since v6 a SQLite row keeps where its entry lies in the
stored document: the text read back from there must be v5's ``entry``. The documents: the three raters' exports and signed
variants with odd but readable content (unsure marks, text sources, probes, refused and
repeated items, separators and non-ASCII in the texts, and a document written with spaces,
escapes and a repeated key). On SQLite and PostgreSQL.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from test_qa_review_support import RATERS, Setup, build_setup

from rater_desktop.batch.loader import open_batch
from rater_desktop.qa_review.adapter import AdaptedResults, RatedItem, adapt_results
from rater_desktop.qa_review.judgment_rows import entry_texts, item_html, item_rows
from rater_desktop.qa_review.report_items import rater_rows_html
from rater_desktop.qa_review.roster import Roster
from rater_desktop.qa_review.rows import rater_fields
from rater_desktop.qa_review.session import QaSession
from rater_desktop.qa_review.store import QaStore
from rater_desktop.qa_review.tables import JudgmentRow
from rater_desktop.qa_review.views import rater_column
from rater_desktop.results.canonical import canonical_json_bytes
from rater_desktop.results.document import SIGNATURE_NAMESPACE
from rater_desktop.signing import sshsig

# ---------------------------------------------------------------- the frozen reference


def _reference_facts(item: RatedItem) -> str:
    judgment = item.judgment
    claims = {str(side): [[c.start, c.end, c.text, c.rating] for c in found]
              for side, found in judgment.claims.items() if found}  # fmt: skip
    facts: dict[str, Any] = {"c": claims, "s": dict(judgment.step_seconds),
                             "t": judgment.total_seconds, "o": "".join(item.display_order),
                             "d": list(item.disputed_runs), "u": item.unsure}
    if item.text_counts is not None:
        facts["x"] = list(item.text_counts)
    return json.dumps(facts, ensure_ascii=False, separators=(",", ":"))


def _reference_rows(adapted: AdaptedResults, file_sha256: str) -> list[dict[str, Any]]:
    """judgment_rows.judgment_rows as it was before the import was made faster."""
    rows = []
    for position, item in enumerate(adapted.items):
        column = rater_column(item, file_sha256=file_sha256)
        first, second = (item.judgment.scores.get(side) for side in (0, 1))
        rows.append({
            "item_order": position, "item_id": item.item_id, "rater_id": adapted.rater_id,
            "kind": item.judgment.kind, "complete": item.complete,
            "verdict_true": item.judgment.verdict_true, "model_first": item.identities[0],
            "model_second": item.identities[1], "seconds": item.judgment.seconds(),
            "tc0": getattr(first, "tc", None), "fa0": getattr(first, "fa", None),
            "aip0": getattr(first, "aip", None), "tc1": getattr(second, "tc", None),
            "fa1": getattr(second, "fa", None), "aip1": getattr(second, "aip", None),
            "facts": _reference_facts(item),
            "html": rater_rows_html(column),
            "export_fields": json.dumps([rater_fields(column, side, item.identities)
                                         for side in column.sides], ensure_ascii=False),
            "entry": json.dumps(adapted.entries.get(item.item_id), ensure_ascii=False,
                                separators=(",", ":")),
        })  # fmt: skip
    return rows


# ---------------------------------------------------------------- signed variants


def _odd_items(document: dict[str, Any]) -> dict[str, Any]:
    """Alice's document with readable oddities in most items (still canonical)."""
    odd = copy.deepcopy(document)
    items = odd["items"]
    first, second, third = items[0], items[1], items[2]
    first["unsure"] = {"reason": "guideline_unclear", "note": "not sure \u2028 why"}
    first["text_sources"] = {"tc_justification": {"justification": True, "typed": 12,
                                                  "pasted": 3, "template": 0}}  # fmt: skip
    rating = second["rating"]
    rating["responses"][0]["tc_justification"] = "cell\x01row <&> caf\u00e9 \U0001f600"
    rating["verdict_justification"] = "Response B then Response A, RESPONSE B \u00a0"
    rating["timing"]["active_seconds"] = 12.345678
    rating["timing"]["step_seconds"] = {"case_file": 1.5, "verdict": 0}
    third["incomplete"] = True
    third["rating"]["timing"]["active_seconds"] = 0
    third["rating"]["responses"][1]["run_report_matches"] = False
    refused = copy.deepcopy(items[3])
    refused["rating"]["responses"][0]["tc"] = 7
    items[3] = refused
    probe = copy.deepcopy(items[4])
    probe["kind"] = "retest"
    items.append(probe)
    items.append(copy.deepcopy(items[5]))  # the same item twice: the first is kept
    items.append({**copy.deepcopy(items[6]), "item_id": "not-in-batch"})
    items.append("not an object")
    return odd


def _written_oddly(document: dict[str, Any]) -> bytes:
    """The same content as a non-canonical writer would put it: indented, keys unsorted,
    non-ASCII escaped, and one key given twice (JSON readers keep the last)."""
    text = json.dumps(document, indent=1, ensure_ascii=True)
    return text.replace('"display_order": [', '"kind": "ignored", "display_order": [', 1).encode()


def _signed(path: Path, data: bytes, key: Any) -> Path:
    path.write_bytes(data)
    path.with_name(path.name + ".sig").write_text(
        sshsig.sign(data, private_key=key, namespace=SIGNATURE_NAMESPACE))
    return path


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


def _stored_rows(store: QaStore, file_id: int) -> list[dict[str, Any]]:
    from sqlalchemy import select

    table = JudgmentRow.__table__  # type: ignore[attr-defined]
    query = select(table).where(table.c.file_id == file_id).order_by(table.c.item_order)
    with store.engine.connect() as conn:
        rows = [{k: v for k, v in row._mapping.items() if k != "file_id"}
                for row in conn.execute(query)]  # fmt: skip
    # v6 on SQLite keeps where each entry lies in the stored document, not its text
    # (PostgreSQL keeps the text): what Compare reads back must be what v5 stored.
    by_place = store.engine.dialect.name == "sqlite"
    # v7 keeps what the Items rows and export fields are made from: rendered when asked,
    # they must be what v6 stored.
    html = item_html(store.engine, file_ids=[file_id])
    fields = item_rows(store.engine, file_ids=[file_id])
    for row in rows:
        assert isinstance(row.pop("texts"), str)
        [(_, row["html"])] = html[row["item_id"]]
        row["export_fields"] = json.dumps(fields[row["item_id"]], ensure_ascii=False)
        start, end = row.pop("entry_start"), row.pop("entry_end")
        assert (row["entry"] is None and isinstance(start, int) and isinstance(end, int)
                if by_place else isinstance(row["entry"], str) and start is end is None)
        [(_, _, row["entry"])] = entry_texts(store.engine, item_id=row["item_id"],
                                              file_ids=[file_id])  # fmt: skip
    return rows


def _import_each(setup: Setup, store: QaStore, paths: list[Path]) -> list[tuple[Any, Any]]:
    """(stored file, the reference's (rows, problems)) per path, each imported once."""
    found = []
    with open_batch(setup.batch_path) as batch:
        session = QaSession(store=store, roster=Roster(setup.roster), batch=batch)
        for path in paths:
            [outcome] = session.import_results([path])
            assert outcome.status.value == "valid" and outcome.file, outcome.message
            document = json.loads(path.read_bytes())
            adapted = adapt_results(document=document, batch_items=session.item_infos(),
                                    rules=False)  # fmt: skip
            reference = _reference_rows(adapted, outcome.file.file_sha256)
            found.append((outcome.file, (reference, list(adapted.problems))))
    return found


def as_v6(store: QaStore, infos: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Turn a store into what v6 made of the same imports: each row's Items rows and
    export fields rendered by the frozen builder (the old code), no ``texts``; the v6
    texts are returned (file id, item id, html, export fields)."""
    from sqlalchemy import text

    old = []
    for stored in store.files():
        document = json.loads(store.signed_bytes(stored.id)[0])
        adapted = adapt_results(document=document, batch_items=infos, rules=False)
        old += [{"f": stored.id, "i": row["item_id"], "h": row["html"],
                 "e": row["export_fields"]}
                for row in _reference_rows(adapted, stored.file_sha256)]  # fmt: skip
    with store.engine.begin() as conn:
        for column in ("html", "export_fields"):
            conn.execute(text(f"ALTER TABLE qa_judgments ADD COLUMN {column} TEXT"))
        conn.execute(text("UPDATE qa_judgments SET html = :h, export_fields = :e "
                          "WHERE file_id = :f AND item_id = :i"), old)  # fmt: skip
        conn.execute(text("ALTER TABLE qa_judgments DROP COLUMN texts"))
        conn.execute(text("UPDATE qa_meta SET value = '6' WHERE key = 'schema_version'"))
    return old


def _entry_values(rows: list[dict[str, Any]]) -> list[Mapping[str, Any]]:
    return [json.loads(row.pop("entry")) for row in rows]


def test_every_stored_column_equals_the_frozen_builder(
    setup: Setup, qa_store: QaStore, tmp_path: Path
) -> None:
    alice = json.loads(setup.files["alice"].read_bytes())
    odd = _signed(tmp_path / "alice-odd.results.json", canonical_json_bytes(_odd_items(alice)),
                  setup.keys["alice"])  # fmt: skip
    paths = [*(setup.files[k] for k in RATERS), odd]
    results = _import_each(setup, qa_store, paths)
    for path, (stored, (reference, problems)) in zip(paths, results, strict=True):
        assert _stored_rows(qa_store, stored.id) == reference
        assert json.loads(stored.problems) == problems
        signed = qa_store.signed_bytes(stored.id)  # the document and signature, exactly
        assert signed == (path.read_bytes(), path.with_name(path.name + ".sig").read_bytes())
    odd_problems = results[-1][1][1]
    assert len(odd_problems) == 4 and "appears twice" in odd_problems[1]


def test_a_document_written_oddly_stores_the_same_values(
    setup: Setup, qa_store: QaStore, tmp_path: Path
) -> None:
    document = _odd_items(json.loads(setup.files["bob"].read_bytes()))
    data = _written_oddly(document)
    assert b"\\u00e9" in data and b'"kind": "ignored"' in data
    path = _signed(tmp_path / "bob-odd.results.json", data, setup.keys["bob"])
    [(stored, (reference, problems))] = _import_each(setup, qa_store, [path])
    rows = _stored_rows(qa_store, stored.id)
    # The entry is JSON text: the signed file's own (the same values as before, whatever
    # spacing the file used).
    assert all(row["entry"] in data.decode("utf-8") for row in rows)
    assert _entry_values(rows) == _entry_values(reference)
    assert rows == reference and json.loads(stored.problems) == problems


def _count(store: QaStore, table: str) -> int:
    from sqlalchemy import text

    with store.engine.connect() as conn:
        return int(conn.execute(text(f"SELECT count(*) FROM {table}")).scalar_one())


def test_an_unpaired_surrogate_is_a_one_line_refusal_with_nothing_half_written(
    setup: Setup, qa_store: QaStore, tmp_path: Path
) -> None:
    from rater_desktop.qa_review.import_rows import UNSTORABLE_TEXT

    data = setup.files["alice"].read_bytes().replace(
        b'"tc_justification":"alice tc', b'"tc_justification":"\\ud800 alice tc', 1)
    path = _signed(tmp_path / "alice-lone.results.json", data, setup.keys["alice"])
    with open_batch(setup.batch_path) as batch:
        session = QaSession(store=qa_store, roster=Roster(setup.roster), batch=batch)
        [outcome] = session.import_results([path])
    assert outcome.status.value == "invalid" and outcome.message == UNSTORABLE_TEXT
    assert "\n" not in outcome.message and outcome.file and outcome.file.status == "invalid"
    assert _count(qa_store, "qa_judgments") == 0 and _count(qa_store, "qa_result_documents") == 0


def test_a_nul_in_a_text_is_stored_on_both_stores_and_shown_as_a_replacement(
    setup: Setup, qa_store: QaStore, tmp_path: Path
) -> None:
    data = setup.files["alice"].read_bytes().replace(
        b'"tc_justification":"alice tc', b'"tc_justification":"nul\\u0000 alice tc', 1)
    path = _signed(tmp_path / "alice-nul.results.json", data, setup.keys["alice"])
    [(stored, (reference, _))] = _import_each(setup, qa_store, [path])
    rows = _stored_rows(qa_store, stored.id)
    assert any("nul\ufffd alice tc" in row["html"] for row in rows)
    assert all("\x00" not in row["html"] for row in rows) and rows == reference


def test_a_v5_store_keeps_its_entry_texts_and_compare_reads_them(
    setup: Setup, open_store: Any, tmp_path: Path
) -> None:
    from sqlalchemy import text

    alice = json.loads(setup.files["alice"].read_bytes())
    odd = _signed(tmp_path / "alice-odd.results.json", canonical_json_bytes(_odd_items(alice)),
                  setup.keys["alice"])  # non-ASCII before the later items  # fmt: skip
    store = open_store()
    with open_batch(setup.batch_path) as batch:
        session = QaSession(store=store, roster=Roster(setup.roster), batch=batch)
        session.import_results([setup.files["bob"], odd])
        ids = [f.id for f in store.files()]
        items = list(session.item_infos())
        before = {i: entry_texts(store.engine, item_id=i, file_ids=ids) for i in items}
        compared = {i: [repr(r.judgment) for r, _ in session.stored_rated(i)] for i in items}
        as_v6(store, session.item_infos())
    assert sum(map(len, before.values())) > 10
    # What v5 held: each entry's text, no places (its store had no such columns).
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE qa_judgments SET entry = :entry WHERE file_id = :file AND "
                          "item_id = :item"), [{"entry": e, "file": f, "item": i}
                                               for i, found in before.items()
                                               for f, _, e in found])  # fmt: skip
        for column in ("entry_start", "entry_end"):
            conn.execute(text(f"ALTER TABLE qa_judgments DROP COLUMN {column}"))
        conn.execute(text("UPDATE qa_meta SET value = '5' WHERE key = 'schema_version'"))
    store.close()
    migrated = open_store()
    with open_batch(setup.batch_path) as batch:
        session = QaSession(store=migrated, roster=Roster(setup.roster), batch=batch)
        assert {i: entry_texts(migrated.engine, item_id=i, file_ids=ids) for i in items} == before
        assert {i: [repr(r.judgment) for r, _ in session.stored_rated(i)]
                for i in items} == compared  # fmt: skip
        session.stored_judgments()  # a report's read: the v5 rows are complete, none filled
    with migrated.engine.connect() as conn:
        assert conn.execute(text("SELECT value FROM qa_meta")).scalar_one() == "7"
        assert conn.execute(text("SELECT COUNT(*) FROM qa_judgments WHERE entry IS NULL OR "
                                 "entry_start IS NOT NULL")).scalar_one() == 0  # fmt: skip
