"""The one signed-JSON reader behind the QA decisions file and the study plan: every
hostile file stops with one line in the caller's own words, naming the file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rater_desktop.feedback.decisions_file import (
    DECISIONS_FORMAT,
    DECISIONS_NAMESPACE,
    FeedbackError,
    load_qa_leads,
    read_decisions,
)
from rater_desktop.signing import keys, sshsig
from rater_desktop.study.document import load_owners, read_signed_plan
from rater_desktop.study.files import PLAN_NAMESPACE
from rater_desktop.study.plan import PlanError

KEY = keys.generate_private_key()
OTHER = keys.generate_private_key()


def _decisions() -> dict[str, Any]:
    return {"format": DECISIONS_FORMAT, "batch": {"sha256": "0" * 64}, "decisions": [],
            "reviewer": {"rater_id": "lead"}}


def _plan() -> dict[str, Any]:
    return {"format": "rater-desktop-study-plan", "study_id": "s", "pool": {"sha256": "0" * 64},
            "raters_per_item": 2, "owner": {"rater_id": "lead",
                                            "fingerprint": keys.fingerprint(KEY.public_key())},
            "raters": [{"rater_id": "a", "batch_id": "b", "batch_sha256": "x", "items": []}]}


def _write(path: Path, data: bytes, namespace: str, key: Any = KEY) -> Path:
    path.write_bytes(data)
    path.with_name(path.name + ".sig").write_text(
        sshsig.sign(data, private_key=key, namespace=namespace))
    path.with_name("roster").write_text(f"lead {keys.openssh_public_key(KEY.public_key())}\n")
    return path


Reader = Callable[[Path], Any]
READERS: dict[str, tuple[str, Callable[[], dict[str, Any]], Reader, type[ValueError]]] = {
    "decisions": (DECISIONS_NAMESPACE, _decisions, lambda path: read_decisions(
        path, qa_leads=load_qa_leads(path.with_name("roster"))), FeedbackError),
    "plan": (PLAN_NAMESPACE, _plan, lambda path: read_signed_plan(
        path, owners=load_owners(path.with_name("roster"))), PlanError),
}


def _json(document: dict[str, Any]) -> bytes:
    import json

    return json.dumps(document).encode()


@pytest.mark.parametrize("which", sorted(READERS))
@pytest.mark.parametrize(("hostile", "words"), [
    ("no_sig", {"decisions": "cannot read f.json and its .sig (",
                "plan": "Cannot read the plan {path} and its signature ("}),
    ("tampered", {"decisions": "f.json is not validly signed QA feedback: ",
                  "plan": "{path} is not a valid signed study plan: "}),
    ("not_json", {"decisions": "f.json is signed but is not JSON",
                  "plan": "{path} is signed but is not a study plan."}),
    ("stranger", {"decisions": "f.json is signed by key SHA256:",
                  "plan": "{path} is signed by key SHA256:"}),
    ("impostor", {"decisions": "f.json claims reviewer 'mallory', but the roster gives key",
                  "plan": "{path} claims owner 'mallory', but the roster gives key"}),
])  # fmt: skip
def test_a_hostile_signed_file_is_one_line_in_the_callers_words(
        tmp_path: Path, which: str, hostile: str, words: dict[str, str]) -> None:
    namespace, document, read, error = READERS[which]
    doc = document()
    if hostile == "impostor":
        doc[{"decisions": "reviewer", "plan": "owner"}[which]]["rater_id"] = "mallory"
    data = b"\xff not json" if hostile == "not_json" else _json(doc)
    path = _write(tmp_path / "f.json", data, namespace)
    if hostile == "no_sig":
        path.with_name("f.json.sig").unlink()
    elif hostile == "tampered":
        path.write_bytes(data + b" ")
    elif hostile == "stranger":
        _write(path, data, namespace, key=OTHER)
        if which == "plan":  # the plan also names its owner's key: name the stranger's
            doc["owner"]["fingerprint"] = keys.fingerprint(OTHER.public_key())
            _write(path, _json(doc), namespace, key=OTHER)
    with pytest.raises(error) as raised:
        read(path)
    message = str(raised.value)
    assert message.startswith(words[which].format(path=path)) and "\n" not in message
    assert read(_write(tmp_path / "good.json", _json(document()), namespace)) is not None


def test_no_roster_says_which_file_to_give() -> None:
    with pytest.raises(FeedbackError, match="no QA-lead roster at .*give --qa-leads FILE"):
        load_qa_leads(None)
    with pytest.raises(PlanError, match=r"^no study owners roster at /nowhere/owners$"):
        load_owners(Path("/nowhere/owners"))
