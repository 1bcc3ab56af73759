"""Reading a signed study plan: signature, owner and shape checked before anything uses it.

Every later step (coverage, the QA report, the dataset) reads the plan through
``read_signed_plan``, so a plan that is forged, tampered or malformed stops with one
line that says why, never a KeyError deep inside a report.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rater_desktop.signing.allowed_signers import AllowedSigner

from rater_desktop.signing.signed_json import SignedJsonWords, load_roster, read_signed_json
from rater_desktop.study.files import PLAN_FORMAT, PLAN_NAMESPACE
from rater_desktop.study.plan import PlanError

MAX_PLAN_BYTES = 256 * 1024 * 1024
OWNERS_FOLDER = "study"
OWNERS_FILE = "owners"
_WORDS = SignedJsonWords(
    too_large="{path} is larger than a plan can be.",
    unreadable="Cannot read the plan {path} and its signature ({problem}).",
    not_signed="{path} is not a valid signed study plan: {problem}",
    not_json="{path} is signed but is not a study plan.",
    not_in_roster="{path} is signed by key {fingerprint}, which is not a study owner's key in "
                  "the owners roster (or its entry has expired); refused.",
    someone_else="{path} claims owner {claimed!r}, but the roster gives key {fingerprint} to "
                 "someone else; refused.")


def default_owners_path() -> Path:
    """The study owners' allowed_signers file in the app data folder."""
    from rater_desktop.appdirs import data_dir

    return data_dir() / OWNERS_FOLDER / OWNERS_FILE


def load_owners(path: Path | None) -> list[AllowedSigner]:
    """The study owners roster (``path`` or the default); PlanError when there is none.

    Without a roster any fresh key could sign a plan that makes anyone look done, so a
    plan is never read without one.
    """
    return load_roster(path, default=default_owners_path,
                       missing="no study owners roster at {where}",
                       hint=" (give --owners FILE, an allowed_signers file of the study "
                            "owners' keys)", error=PlanError)


def _strings(value: Any, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise PlanError(f"the plan's {what} is not a list of ids")
    return value


def check_plan_document(document: Any) -> dict[str, Any]:
    """``document`` if it has the shape coverage and the report read; else PlanError."""
    if not isinstance(document, dict) or document.get("format") != PLAN_FORMAT:
        raise PlanError("this is not a study plan")
    if not isinstance(document.get("study_id"), str):
        raise PlanError("the plan has no study_id")
    k = document.get("raters_per_item")
    if not isinstance(k, int) or isinstance(k, bool) or k < 1:
        raise PlanError("the plan's raters_per_item is not a whole number of at least 1")
    pool = document.get("pool")
    if not isinstance(pool, dict) or not isinstance(pool.get("sha256"), str):
        raise PlanError("the plan names no pool batch (pool.sha256)")
    _strings(document.get("qualification_items", []), "qualification_items")
    _strings(document.get("attention_items", []), "attention_items")
    placements = document.get("attention_placements", {})
    if not isinstance(placements, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in placements.items()):  # fmt: skip
        raise PlanError("the plan's attention_placements is not a map of ids")
    probes = document.get("retest_probes", {})
    if not isinstance(probes, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in probes.items()):  # fmt: skip
        raise PlanError("the plan's retest_probes is not a map of ids")
    raters = document.get("raters")
    if not isinstance(raters, list) or not raters:
        raise PlanError("the plan lists no raters")
    seen: set[str] = set()
    for number, entry in enumerate(raters, start=1):
        if not isinstance(entry, dict):
            raise PlanError(f"rater entry {number} of the plan is not an object")
        for key in ("rater_id", "batch_id", "batch_sha256"):
            if not isinstance(entry.get(key), str) or not entry[key]:
                raise PlanError(f"rater entry {number} of the plan has no {key}")
        if entry["rater_id"] in seen:
            raise PlanError(f"rater {entry['rater_id']!r} is listed twice in the plan")
        seen.add(entry["rater_id"])
        _strings(entry.get("items"), f"items of rater {entry['rater_id']!r}")
    return document


def _claimed_owner(plan_path: Path) -> Callable[[Any, str], str]:
    def claimed(document: Any, fingerprint: str) -> str:
        try:
            owner = document["owner"]["fingerprint"]
        except (KeyError, TypeError) as exc:
            raise PlanError(f"{plan_path} is signed but is not a study plan.") from exc
        try:
            check_plan_document(document)
        except PlanError as exc:
            raise PlanError(f"{plan_path} is signed but cannot be used: {exc}.") from exc
        if owner != fingerprint:
            raise PlanError(f"{plan_path} names owner key {owner} but was signed by {fingerprint}.")
        return str((document.get("owner") or {}).get("rater_id", ""))

    return claimed


def read_signed_plan(plan_path: Path, *, owners: Sequence[AllowedSigner]) -> dict[str, Any]:
    """The plan document, after its signature, its signer (one of ``owners``, the study
    owners roster) and its shape were checked (PlanError if not)."""
    signed = read_signed_json(plan_path, namespace=PLAN_NAMESPACE, max_bytes=MAX_PLAN_BYTES,
                              signers=owners, words=_WORDS, error=PlanError,
                              claimed=_claimed_owner(plan_path))
    document: dict[str, Any] = signed.document
    return document
