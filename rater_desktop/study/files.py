"""A study plan on disk: one batch per rater from the pool, and the signed ``study.json``.

Per-rater batches copy the pool's manifest (rubric, protocol, display seed, instructions)
and the raw item lines in the rater's order, plus exactly the screenshots those items
use. The plan document names every rater's batch by id and SHA-256 and is signed by the
study owner's key under its own namespace, so it can never pass as rater results.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rater_desktop.study.plan import PlanError, PoolItems, StudyPlan

PLAN_FORMAT = "rater-desktop-study-plan"
PLAN_FORMAT_VERSION = "1.1"  # 1.1: attention_placements, shuffled per-rater order
PLAN_NAMESPACE = "rater-desktop-study-plan@v1"
PLAN_FILE = "study.json"
_SCREEN_KEYS = (b'"screenshot', b'"path"')


@dataclass(frozen=True)
class StudyOwner:
    """Who signs the plan (the study owner's rater profile)."""

    rater_id: str
    display_name: str
    public_key: str
    fingerprint: str


def pool_items(batch: Any) -> PoolItems:
    """The pool's items by kind, from the index alone (no item is parsed)."""
    by_kind: dict[str, list[str]] = {"standard": [], "qualification": [], "attention": []}
    for entry in batch.index:
        by_kind.setdefault(entry.kind, []).append(entry.item_id)
    return PoolItems(standard=tuple(by_kind["standard"]),
                     qualification=tuple(by_kind["qualification"]),
                     attention=tuple(by_kind["attention"]))  # fmt: skip


def _screens_of(raw: bytes) -> set[str]:
    if not any(key in raw for key in _SCREEN_KEYS):
        return set()
    found: set[str] = set()
    document = json.loads(raw)
    # A pair item's two responses, or a run audit item's one run.
    recorded = [*(document.get("responses") or []), document.get("run") or {}]
    for response in recorded:
        if not isinstance(response, dict):
            continue
        for shot in response.get("screenshots") or []:
            if isinstance(shot, dict) and isinstance(shot.get("path"), str):
                found.add(shot["path"])
        for step in response.get("trajectory") or []:
            if isinstance(step, dict) and isinstance(step.get("screenshot"), str):
                found.add(step["screenshot"])
    return found


def _inside(folder: Path, name: str) -> Path:
    # Names come from a batch that passed the loader's path checks; check again anyway.
    target = (folder / name).resolve()
    if not target.is_relative_to(folder.resolve()):
        raise PlanError(f"the pool names a file outside its folder: {name!r}")
    target.parent.mkdir(parents=True, exist_ok=True)
    return target


def rater_batch_id(pool_batch_id: str, rater: str) -> str:
    """The id of ``rater``'s batch: ``POOL.RATER``, shortened with a digest past 128 characters.

    Cutting the joined id would give two long rater ids sharing a prefix the same batch id,
    and their results could no longer be told apart; the digest of the whole name keeps
    every rater's id distinct and within the batch id's 128 characters.
    """
    joined = f"{pool_batch_id}.{rater}"
    if len(joined) <= 128:
        return joined
    digest = hashlib.sha256(joined.encode("utf-8")).hexdigest()[:16]
    return f"{joined[:128 - len(digest) - 1]}-{digest}"


def _rater_manifest(manifest: dict[str, Any], rater: str, has_instructions: bool) -> dict[str, Any]:
    rater_manifest = {k: v for k, v in manifest.items() if k not in ("items", "instructions")}
    rater_manifest["batch_id"] = rater_batch_id(manifest["batch_id"], rater)
    rater_manifest["title"] = f"{manifest.get('title', manifest['batch_id'])} ({rater})"
    rater_manifest.setdefault("display_seed", manifest["batch_id"])
    if has_instructions:
        rater_manifest["instructions"] = "instructions.md"
    return rater_manifest


def _placed_line(raw: bytes, placement: str) -> bytes:
    """The pool's attention line under its placement id (``id`` first, as the index reads it)."""
    document = json.loads(raw)
    document.pop("id", None)
    return json.dumps({"id": placement, **document}, ensure_ascii=False,
                      separators=(",", ":")).encode("utf-8")  # fmt: skip


def write_rater_batches(batch: Any, manifest: dict[str, Any], *, plan: StudyPlan, out_dir: Path,
                        instructions: bytes | None) -> None:  # fmt: skip
    """Every rater's batch folder: the raw item lines in the rater's own order.

    Attention placements are the pool's attention line under the placement's id; the
    items read by offset, so a rater's shuffled order costs one seek per line.
    """
    for rater in plan.raters:
        folder = out_dir / "batches" / rater
        folder.mkdir(parents=True)
        screens: set[str] = set()
        with (folder / "items.jsonl").open("wb") as handle:
            for item_id in plan.assignments[rater]:
                base = plan.placements.get(item_id, item_id)
                raw = batch.raw_item(base).rstrip(b"\r\n")
                screens |= _screens_of(raw)
                handle.write((_placed_line(raw, item_id) if base != item_id else raw) + b"\n")
        for name in sorted(screens):
            _inside(folder, name).write_bytes(batch.read_bytes(name))
        if instructions is not None:
            (folder / "instructions.md").write_bytes(instructions)
        text = json.dumps(_rater_manifest(manifest, rater, instructions is not None), indent=2,
                          ensure_ascii=False)  # fmt: skip
        (folder / "batch.json").write_text(text + "\n", encoding="utf-8")


def check_rater_batches(out_dir: Path, raters: tuple[str, ...]) -> None:
    """PlanError naming the first problem of any rater batch that does not validate.

    Checked before the plan is signed: a signed plan vouches that every batch opens.
    """
    from rater_desktop.batch.validate import validate_batch

    for rater in raters:
        report = validate_batch(out_dir / "batches" / rater)
        if report.errors:
            first = report.errors[0]
            raise PlanError(f"the batch for {rater} does not validate ({len(report.errors)} "
                            f"problems, first: {first.code}: {first.message}); nothing was signed")  # fmt: skip


def plan_document(*, plan: StudyPlan, study_id: str, owner: StudyOwner, pool: dict[str, Any],
                  batches: dict[str, dict[str, str]], cost: dict[str, Any],
                  settings: dict[str, Any]) -> dict[str, Any]:  # fmt: skip
    """The ``study.json`` document (signed by the caller)."""
    return {
        "format": PLAN_FORMAT,
        "format_version": PLAN_FORMAT_VERSION,
        "study_id": study_id,
        "created": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "owner": {"rater_id": owner.rater_id, "display_name": owner.display_name,
                  "public_key": owner.public_key, "fingerprint": owner.fingerprint},
        "pool": pool,
        "raters_per_item": plan.raters_per_item,
        "settings": settings,
        "qualification_items": list(plan.qualification),
        "attention_items": list(plan.attention),
        "attention_placements": dict(plan.placements),
        "raters": [{"rater_id": rater, **batches[rater], "items": plan.assignments[rater]}
                   for rater in plan.raters],
        "cost": cost,
    }  # fmt: skip


def write_study(*, pool_path: Path, plan: StudyPlan, out_dir: Path, study_id: str,
                owner: StudyOwner, sign: Callable[[Path, dict[str, Any]], None],
                cost: dict[str, Any], settings: dict[str, Any]) -> Path:  # fmt: skip
    """Write every rater's batch and the signed plan into ``out_dir`` (which must not exist)."""
    if out_dir.exists():
        raise PlanError(f"{out_dir} already exists; choose a new folder for the study.")
    try:
        return _write_study(pool_path=pool_path, plan=plan, out_dir=out_dir, study_id=study_id,
                            owner=owner, sign=sign, cost=cost, settings=settings)  # fmt: skip
    except BaseException:
        # Nothing half-written: a new run into the same folder must not be refused.
        shutil.rmtree(out_dir, ignore_errors=True)
        raise


def _write_study(*, pool_path: Path, plan: StudyPlan, out_dir: Path, study_id: str,
                 owner: StudyOwner, sign: Callable[[Path, dict[str, Any]], None],
                 cost: dict[str, Any], settings: dict[str, Any]) -> Path:  # fmt: skip
    from rater_desktop.batch.hashing import batch_sha256
    from rater_desktop.batch.loader import open_batch

    with open_batch(pool_path) as batch:
        manifest = json.loads(batch.read_bytes("batch.json", max_bytes=batch.limits.max_manifest_bytes))
        name = batch.manifest.instructions_file
        instructions = batch.read_bytes(name) if name else None
        write_rater_batches(batch, manifest, plan=plan, out_dir=out_dir, instructions=instructions)
        check_rater_batches(out_dir, plan.raters)
        batches: dict[str, dict[str, str]] = {}
        for rater in plan.raters:
            folder = out_dir / "batches" / rater
            batches[rater] = {"batch_id": rater_batch_id(manifest["batch_id"], rater),
                              "batch_path": f"batches/{rater}",
                              "batch_sha256": batch_sha256(folder)}  # fmt: skip
        pool = {"batch_id": batch.batch_id, "sha256": batch_sha256(pool_path), "items": len(batch)}
    document = plan_document(plan=plan, study_id=study_id, owner=owner, pool=pool,
                             batches=batches, cost=cost, settings=settings)  # fmt: skip
    plan_path = out_dir / PLAN_FILE
    sign(plan_path, document)
    return plan_path
