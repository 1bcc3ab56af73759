"""Study plans on disk: batches that validate, the cost of every judgment, malformed plans."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rater_desktop.cli import main
from rater_desktop.signing import keys, keystore
from rater_desktop.study.plan import PoolItems, make_plan
from tests.batchkit import batch_files, item, write_folder


def _pool(root: Path, standard: int = 12, quals: int = 8, attention: int = 5) -> Path:
    items = [item(f"q{n}", kind="qualification", shots=False) for n in range(quals)]
    items += [item(f"s{n}", shots=n < 2) for n in range(standard)]
    items += [item(f"att{n}", kind="attention", shots=False) for n in range(attention)]
    return write_folder(root, batch_files(items, batch_id="pool-1"))


@pytest.fixture
def owner(monkeypatch: pytest.MonkeyPatch, memory_keyring: Any) -> None:
    monkeypatch.setattr(keystore, "default_keyring", lambda: memory_keyring)
    assert main(["profile", "create", "--rater-id", "owner", "--name", "Owner"]) == 0


def _plan(tmp_path: Path, raters: str = "ann\nbob\ncid\ndee\n", every: int = 2) -> tuple[int, Path]:
    (tmp_path / "raters.txt").write_text(raters)
    study = tmp_path / "study"
    code = main(["study", "plan", "--pool", str(_pool(tmp_path / "pool")), "--raters",
                 str(tmp_path / "raters.txt"), "--out", str(study), "-k", "3",
                 "--attention-every", str(every)])  # fmt: skip
    return code, study


def test_every_rater_batch_validates_with_unique_attention_placements(
        tmp_path: Path, owner: None, capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    code, study = _plan(tmp_path, every=1)  # 9 placements of 5 attention items per rater
    assert code == 0, capsys.readouterr().err
    plan = json.loads((study / "study.json").read_text())
    placements = plan["attention_placements"]
    for entry in plan["raters"]:
        # The old plan reused the 5 attention ids: every batch failed with duplicate-id.
        assert main(["validate", str(study / entry["batch_path"])]) == 0
        items = entry["items"]
        assert len(items) == len(set(items))
        assert items[:8] == [f"q{n}" for n in range(8)]  # qualification first
        placed = [i for i in items if i in placements]
        assert len(placed) == 9 and {placements[p] for p in placed} <= {f"att{n}" for n in range(5)}
        lines = (study / entry["batch_path"] / "items.jsonl").read_text().splitlines()
        assert [json.loads(line)["id"] for line in lines] == items


def test_the_cost_counts_qualification_and_attention_judgments(
        tmp_path: Path, owner: None, capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    capsys.readouterr()
    code, study = _plan(tmp_path)
    assert code == 0
    printed = capsys.readouterr().out
    # 12 items x 3 = 36 work, 8 qualification x 4 raters = 32, 4 attention per rater = 16.
    assert "36 + 32 qualification + 16 attention = 84 judgments" in printed
    plan = json.loads((study / "study.json").read_text())
    assert plan["cost"]["judgments"] == 84
    assert plan["settings"]["judgments"]["total"] == 84


def test_a_plan_whose_batches_do_not_validate_is_not_signed(
        tmp_path: Path, owner: None, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    from rater_desktop.study import files

    # Reproduce the old writer: every placement under its pool id again.
    monkeypatch.setattr(files, "_placed_line", lambda raw, placement: raw)
    capsys.readouterr()
    code, study = _plan(tmp_path, every=1)  # 9 placements of 5 attention items
    assert code == 1
    err = capsys.readouterr().err
    assert "does not validate" in err and "duplicate-id" in err and "nothing was signed" in err
    assert not study.exists()


@pytest.mark.parametrize("bad", [".", "con", "aux", "lpt1"])
def test_rater_ids_profile_create_refuses_are_refused(
        tmp_path: Path, owner: None, bad: str, capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    capsys.readouterr()
    code, study = _plan(tmp_path, f"ann\nbob\n{bad}\n")
    assert code == 1 and not study.exists()
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_case_collisions_are_refused(tmp_path: Path, owner: None,
                                     capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    code, study = _plan(tmp_path, "alice\nbob\nALICE\n")
    assert code == 1 and not study.exists()
    assert "differ only by case" in capsys.readouterr().err


def _signed_plan(path: Path, document: dict[str, Any]) -> Path:
    from rater_desktop.results.export import write_signed_json
    from rater_desktop.study.files import PLAN_NAMESPACE

    key = keys.generate_private_key()
    document["owner"] = {"rater_id": "owner", "fingerprint": keys.fingerprint(key.public_key())}
    write_signed_json(paths=(path, path.with_name(path.name + ".sig")), document=document,
                      private_key=key, namespace=PLAN_NAMESPACE, what="study plan")  # fmt: skip
    owners = path.with_name("owners")
    owners.write_text(f"owner {keys.openssh_public_key(key.public_key())}\n")
    return path


def _plan_doc(raters: Any) -> dict[str, Any]:
    return {"format": "rater-desktop-study-plan", "format_version": "1.1", "study_id": "s",
            "pool": {"sha256": "0" * 64}, "raters_per_item": 2, "raters": raters}  # fmt: skip


@pytest.mark.parametrize(("raters", "message"), [
    ([{"batch_id": "b", "batch_sha256": "x", "items": []}], "has no rater_id"),
    ([{"rater_id": "a", "batch_id": "b", "batch_sha256": "x", "items": "s1"}], "not a list of ids"),
    ([{"rater_id": 7, "batch_id": "b", "batch_sha256": "x", "items": []}], "has no rater_id"),
    (["a"], "is not an object"),
    ({"a": 1}, "lists no raters"),
])  # fmt: skip
def test_a_malformed_plan_is_one_line_not_a_traceback(
        tmp_path: Path, raters: Any, message: str, capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    from rater_desktop.study.document import load_owners, read_signed_plan

    path = _signed_plan(tmp_path / "study.json", _plan_doc(raters))
    with pytest.raises(ValueError, match=message):
        read_signed_plan(path, owners=load_owners(tmp_path / "owners"))
    capsys.readouterr()
    assert main(["study", "coverage", str(path), "--owners", str(tmp_path / "owners")]) == 1
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1 and "Traceback" not in err


def test_make_plan_places_attention_under_ids_the_pool_does_not_use() -> None:
    pool = PoolItems(standard=("a:p1", "s2"), attention=("a",))
    plan = make_plan(pool=pool, raters=["x", "y"], raters_per_item=2, attention_every=1, seed="")
    for items in plan.assignments.values():
        assert len(items) == len(set(items)) and "a" not in items
        assert all(p != "a:p1" for p in plan.placements)


def test_the_qa_session_reviews_a_placement_as_its_pool_attention_item(tmp_path: Path) -> None:
    from rater_desktop.batch.loader import open_batch
    from rater_desktop.qa_review.session import QaSession
    from rater_desktop.qa_review.store import QaStore

    with open_batch(_pool(tmp_path / "pool")) as batch, QaStore.in_memory() as store:
        session = QaSession(store=store, roster=[], batch=batch, item_aliases={"att1:p3": "att1"})
        infos = session.item_infos()
        assert infos["att1:p3"].facts.item_id == "att1:p3"
        assert infos["att1:p3"].facts.kind == "attention"


def test_a_plan_whose_owner_entry_has_expired_is_refused(tmp_path: Path) -> None:
    from rater_desktop.study.document import load_owners, read_signed_plan

    raters = [{"rater_id": "a", "batch_id": "b", "batch_sha256": "x", "items": []}]
    path = _signed_plan(tmp_path / "study.json", _plan_doc(raters))
    owners = tmp_path / "owners"
    assert read_signed_plan(path, owners=load_owners(owners))["study_id"] == "s"
    principal, key = owners.read_text().split(" ", 1)
    owners.write_text(f'{principal} valid-before="20200101" {key}')
    with pytest.raises(ValueError, match="not a study owner's key in the owners roster \\(or its entry has expired\\)"):
        read_signed_plan(path, owners=load_owners(owners))


def test_an_oversized_plan_is_refused_before_it_is_read(tmp_path: Path, monkeypatch: Any) -> None:
    from rater_desktop.study import document

    plan = tmp_path / "study.json"
    with plan.open("wb") as stream:  # sparse: past the limit without writing the bytes
        stream.truncate(document.MAX_PLAN_BYTES + 1)
    read: list[Path] = []
    real_read = Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes", lambda self: read.append(self) or real_read(self))
    with pytest.raises(document.PlanError, match="larger than a plan can be"):
        document.read_signed_plan(plan, owners=[])
    assert read == []
