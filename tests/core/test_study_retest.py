"""Test-retest probes in a study plan: placement, swapped display order, batch validation."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rater_desktop.batch.validate import validate_batch
from rater_desktop.rating.display_order import display_order
from rater_desktop.study.plan import PlanError, PoolItems, RetestSettings, make_plan
from rater_desktop.study.retest import insert_probes, probe_id
from tests.batchkit import batch_files, item, write_folder

RATERS = ["ann", "bob", "cid", "dee"]


def _plan(count: int = 2, gap: int = 3, seed: str = "s1", n: int = 30) -> Any:
    pool = PoolItems(standard=tuple(f"s{i}" for i in range(n)), qualification=("q0", "q1"),
                     attention=("att0",))  # fmt: skip
    return make_plan(pool=pool, raters=RATERS, raters_per_item=2, attention_every=5, seed=seed,
                     retest=RetestSettings(count=count, gap=gap, display_seed="pool-1"))  # fmt: skip


def test_every_probe_shows_the_original_with_the_sides_swapped() -> None:
    plan = _plan(count=4)
    assert len(plan.retests) == 4 * len(RATERS)
    for rater, items in plan.assignments.items():
        probes = [i for i in items if i in plan.retests]
        assert len(probes) == 4
        for probe in probes:
            original = plan.retests[probe]
            assert original in items and original.startswith("s")  # a standard item of theirs
            first = display_order(batch_seed="pool-1", rater_id=rater, item_id=original)
            again = display_order(batch_seed="pool-1", rater_id=rater, item_id=probe)
            assert first.swapped != again.swapped


def test_a_probe_comes_at_least_the_gap_after_its_original_or_last() -> None:
    for gap in (0, 3, 10, 1000):
        plan = _plan(count=3, gap=gap)
        for items in plan.assignments.values():
            for probe in (i for i in items if i in plan.retests):
                between = items.index(probe) - items.index(plan.retests[probe]) - 1
                assert between >= gap or items.index(probe) == len(items) - 1 or \
                    all(i in plan.retests for i in items[items.index(probe):])  # fmt: skip


def test_insert_probes_keeps_order_and_gap() -> None:
    assert insert_probes(["a", "b", "c", "d"], [(0, "P"), (2, "Q")], 2) == ["a", "b", "c", "P", "d", "Q"]
    assert insert_probes(["a", "b"], [(1, "P")], 0) == ["a", "b", "P"]


def test_the_plan_is_deterministic_and_probes_do_not_count_towards_k() -> None:
    first, second = _plan(), _plan()
    assert first.assignments == second.assignments and first.retests == second.retests
    assert _plan(seed="other").retests != first.retests
    counts = first.judgments()
    assert counts["retest"] == 2 * len(RATERS)
    assert counts["standard"] == 30 * 2  # k judgments per item, the probes apart
    assert counts["total"] == counts["standard"] + counts["qualification"] + counts["attention"] + counts["retest"]
    for raters in first.raters_of().values():
        assert len(raters) == 2


def test_ids_are_unique_opaque_and_within_128_characters() -> None:
    long = "x" * 128
    pool = PoolItems(standard=(long, "s1", "s2"))
    plan = make_plan(pool=pool, raters=["ann"], raters_per_item=1, attention_every=0, seed="s",
                     retest=RetestSettings(count=3, gap=1, display_seed="d"))  # fmt: skip
    items = plan.assignments["ann"]
    assert len(items) == len(set(items)) == 6
    for probe in plan.retests:
        assert len(probe) <= 128 and plan.retests[probe] not in probe  # never ORIGINAL:r1
    taken = {"a"}
    ids = {probe_id(original="a", rater="r", display_seed="d", taken=taken) for _ in range(20)}
    assert len(ids) == 20 and ids < taken


def test_more_probes_than_standard_items_is_refused() -> None:
    with pytest.raises(PlanError, match="more probes than the"):
        _plan(count=31, n=30)


def _pool(root: Path, extra: list[dict[str, Any]]) -> Path:
    items = [item("s1", shots=False), item("att", kind="attention", shots=False), *extra]
    return write_folder(root, batch_files(items, batch_id="pool-1", format_version="1.3"))


@pytest.mark.parametrize(("extra", "message"), [
    ([item("p1", kind="retest", retest_of="nope", shots=False)], "is not an item of this batch"),
    ([item("p1", kind="retest", retest_of="att", shots=False)], "attention item, not a standard one"),
    ([item("p1", kind="retest", shots=False)], "retest_of"),
    ([item("p1", retest_of="s1", shots=False)], "only allowed on an item of kind 'retest'"),
])  # fmt: skip
def test_a_probe_must_name_a_standard_item_of_its_batch(tmp_path: Path, extra: list[dict[str, Any]],
                                                        message: str) -> None:  # fmt: skip
    report = validate_batch(_pool(tmp_path, extra))
    assert any(message in f"{p.field} {p.message}" for p in report.errors), report.errors


def test_a_probe_with_other_responses_is_refused_and_a_good_one_passes(tmp_path: Path) -> None:
    other = item("p1", kind="retest", retest_of="s1", shots=False)
    other["responses"][0]["identity"] = "model-gamma"
    report = validate_batch(_pool(tmp_path / "bad", [other]))
    assert [p.code for p in report.errors] == ["bad-retest"]
    good = validate_batch(_pool(tmp_path / "good", [item("p1", kind="retest", retest_of="s1",
                                                         shots=False)]))  # fmt: skip
    assert good.ok, good.errors


def test_written_probe_lines_carry_kind_and_original(tmp_path: Path) -> None:
    from rater_desktop.batch.loader import open_batch
    from rater_desktop.study.files import write_rater_batches

    pool_path = write_folder(tmp_path / "pool", batch_files(
        [item(f"s{i}", shots=i == 0) for i in range(6)], batch_id="pool-1"))  # fmt: skip
    plan = make_plan(pool=PoolItems(standard=tuple(f"s{i}" for i in range(6))), raters=["ann"],
                     raters_per_item=1, attention_every=0, seed="x",
                     retest=RetestSettings(count=6, gap=2, display_seed="seed-1"))  # fmt: skip
    with open_batch(pool_path) as pool:
        manifest = json.loads(pool.read_bytes("batch.json"))
        write_rater_batches(pool, manifest, plan=plan, out_dir=tmp_path / "out", instructions=None)
    folder = tmp_path / "out" / "batches" / "ann"
    assert validate_batch(folder).ok
    lines = [json.loads(line) for line in (folder / "items.jsonl").read_text().splitlines()]
    probes = [line for line in lines if line["kind"] == "retest"]
    assert len(probes) == 6 and all(p["retest_of"] == plan.retests[p["id"]] for p in probes)
    assert json.loads((folder / "batch.json").read_text())["format_version"] == "1.3"
    with open_batch(folder) as batch:
        seed = batch.manifest.display_seed  # the window's seed for this rater's batch
        assert {e.kind for e in batch.index} == {"standard", "retest"}
        for probe in probes:
            assert display_order(batch_seed=seed, rater_id="ann", item_id=probe["id"]).swapped != \
                display_order(batch_seed=seed, rater_id="ann", item_id=probe["retest_of"]).swapped


def test_coverage_counts_probes_apart_from_k_and_a_bad_probe_map_is_refused() -> None:
    from rater_desktop.study.coverage import study_coverage
    from rater_desktop.study.document import check_plan_document

    plan = {"format": "rater-desktop-study-plan", "study_id": "s", "pool": {"sha256": "0" * 64},
            "raters_per_item": 1, "retest_probes": {"r1": "s1"},
            "raters": [{"rater_id": "ann", "batch_id": "b", "batch_sha256": "x", "items": ["s1", "r1"]}]}  # fmt: skip
    export = {"rater": {"rater_id": "ann"}, "batch": {"sha256": "x"},
              "items": [{"item_id": "s1"}, {"item_id": "r1"}]}  # fmt: skip
    coverage = study_coverage(check_plan_document(plan), [export])
    assert coverage.items_short == {} and coverage.done_assignments == 2
    without_probe = study_coverage(plan, [{**export, "items": [{"item_id": "s1"}]}])
    assert without_probe.items_short == {} and without_probe.raters[0].missing == ["r1"]
    with pytest.raises(PlanError, match="retest_probes"):
        check_plan_document({**plan, "retest_probes": ["r1"]})
