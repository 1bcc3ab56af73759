"""standardweb protocol t0.1: normalisation and scoring (rater_desktop.qa.standardweb)."""

from __future__ import annotations

from typing import Any

import pytest

from rater_desktop.qa.inputs import RunInput
from rater_desktop.qa.standardweb import normalize_report, run_score, summarize_runs


def _report(outcome: str, checkpoints: list[str], block: Any = None) -> dict[str, Any]:
    return {
        "host": "shop.example",
        "outcome": outcome,
        "checkpoints": checkpoints,
        "block": block,
        "item": None,
        "final_url": "https://shop.example/",
        "actions": 7,
        "evidence": [],
        "notes": "",
    }


def test_later_checkpoints_imply_earlier_ones() -> None:
    normalized = normalize_report(_report("incomplete", ["C3"]))
    assert normalized["checkpoints"] == ["C1", "C2", "C3"]
    hostile = _report("incomplete", [])
    hostile["checkpoints"] = ["C2", "C9", 5]  # unknown entries are ignored
    assert normalize_report(hostile)["checkpoints"] == ["C1", "C2"]
    hostile["checkpoints"] = "C4"  # not a list: nothing reached
    assert normalize_report(hostile)["checkpoints"] == []


def test_completed_implies_all_four() -> None:
    assert normalize_report(_report("completed", ["C1"]))["checkpoints"] == ["C1", "C2", "C3", "C4"]


def test_login_wall_without_block_detail_gets_one() -> None:
    normalized = normalize_report(_report("login_wall", ["C1", "C2", "C3"]))
    assert normalized["block"] == {"at": "C4", "kind": "login_required"}
    early = normalize_report(_report("login_wall", []))
    assert early["block"] == {"at": "C1", "kind": "login_required"}
    partial = normalize_report(_report("login_wall", ["C1"], block={"url": "https://x/login"}))
    assert partial["block"] == {"url": "https://x/login", "at": "C2", "kind": "login_required"}
    kept = {"at": "C3", "kind": "login_required", "quote": "Sign in to continue"}
    assert normalize_report(_report("login_wall", ["C1", "C2"], block=kept))["block"] == kept


def test_unreachable_after_render_becomes_blocked_with_a_quoted_block() -> None:
    block = {"at": "C2", "kind": "captcha", "quote": "Verify you are human"}
    assert normalize_report(_report("unreachable", ["C1"], block=block))["outcome"] == "blocked"


def test_unreachable_after_render_without_a_quote_becomes_incomplete() -> None:
    assert normalize_report(_report("unreachable", ["C1"]))["outcome"] == "incomplete"
    empty_quote = {"at": "C2", "kind": "error", "quote": "  "}
    normalized = normalize_report(_report("unreachable", ["C2"], block=empty_quote))
    assert normalized["outcome"] == "incomplete"


def test_unreachable_before_render_stays_unreachable() -> None:
    block = {"at": "C1", "kind": "error", "quote": "502 Bad Gateway"}
    assert normalize_report(_report("unreachable", [], block=block))["outcome"] == "unreachable"


def test_normalisation_does_not_change_the_input() -> None:
    report = _report("login_wall", ["C2"])
    normalize_report(report)
    assert report["checkpoints"] == ["C2"] and report["block"] is None


@pytest.mark.parametrize(
    ("report", "expected"),
    [
        (_report("completed", ["C1", "C2", "C3", "C4"]), 50),
        (_report("completed", []), 50),
        (_report("login_wall", ["C1", "C2", "C3"]), 30),
        (_report("login_wall", ["C3"]), 30),  # C3 implies the item page was reached
        (_report("login_wall", ["C1", "C2"]), 15),
        (_report("login_wall", []), 15),
        (_report("blocked", ["C1"], {"at": "C2", "kind": "captcha", "quote": "x"}), 0),
        (_report("unreachable", []), 0),
        (_report("unreachable", ["C1"], {"at": "C2", "kind": "bot_notice", "quote": "No bots"}), 0),
        (_report("unreachable", ["C1"]), None),  # becomes incomplete
        (_report("incomplete", ["C1", "C2"]), None),
        (_report("gave_up", ["C1"]), None),  # unknown outcome
        ({}, None),
    ],
)
def test_scoring(report: dict[str, Any], expected: int | None) -> None:
    assert run_score(report=report) == expected


def test_disputed_runs_are_not_scored() -> None:
    assert run_score(report=_report("completed", ["C4"]), disputed=True) is None


def test_per_model_summary() -> None:
    runs = [
        RunInput("m1", _report("completed", ["C4"])),
        RunInput("m1", _report("login_wall", ["C1", "C2", "C3"])),
        RunInput("m1", _report("incomplete", ["C1"])),
        RunInput("m1", _report("completed", ["C4"]), disputed=True),
        RunInput(
            "m2", _report("unreachable", ["C1"], {"at": "C1", "kind": "captcha", "quote": "q"})
        ),
        RunInput("m2", _report("login_wall", [])),
    ]
    summary = {m.model: m for m in summarize_runs(runs=runs)}
    m1 = summary["m1"]
    assert (m1.runs, m1.scored, m1.disputed) == (4, 2, 1)
    assert m1.mean_score == pytest.approx((50 + 30) / 2)
    assert m1.outcomes == {"completed": 2, "incomplete": 1, "login_wall": 1}
    m2 = summary["m2"]
    assert m2.outcomes == {"blocked": 1, "login_wall": 1}
    assert m2.mean_score == pytest.approx((0 + 15) / 2)
    only_incomplete = summarize_runs(runs=[RunInput("m3", _report("incomplete", []))])
    assert only_incomplete[0].mean_score is None
