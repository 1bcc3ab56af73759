"""Counts the CLI, the store, the evidence finder and the QA texts print agree with their
noun: "1 file", "2 files", never "file(s)"."""

from __future__ import annotations

from pathlib import Path

import pytest

from rater_desktop.batch.model import Response, Screenshot
from rater_desktop.evidence.finder import find_evidence
from rater_desktop.evidence.sources import response_sources
from rater_desktop.protocols.single_report import write_protocol_report
from rater_desktop.qa.disagreement import ClaimCluster, ItemDisagreement
from rater_desktop.qa_review.review_state import where_text


def _unread(count: int) -> str:
    shots = tuple(Screenshot(f"s/{n}.png") for n in range(count))
    sources = response_sources(Response(identity="a", text="", screenshots=shots),
                               lambda _path: None)
    return find_evidence("The eggs cost $4.79", sources).message


def test_screenshots_still_being_read_agree_with_their_count() -> None:
    assert "(1 screenshot still being read)" in _unread(1)
    assert "(3 screenshots still being read)" in _unread(3)


@pytest.mark.parametrize(("files", "said"), [(1, "1 file"), (2, "2 files")])
def test_the_report_writer_counts_its_files(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            files: int, said: str) -> None:
    out = tmp_path / "r.csv"
    write_protocol_report(out, "a\n", report_format="csv", protocol="x", files=files)
    assert capsys.readouterr().out == f"Report written to {out} (csv; x protocol; {said}).\n"


def _conflicts(count: int) -> ItemDisagreement:
    clusters = tuple(ClaimCluster(0, 10 * n, 10 * n + 5, (("alice", "true"), ("bob", "false")))
                     for n in range(count))
    return ItemDisagreement(item_id="s1", raters=("alice", "bob"), verdict_spread=0.0,
                            score_spreads={}, claim_clusters=clusters)


def test_claims_rated_differently_agree_with_their_count() -> None:
    assert where_text(_conflicts(1), None) == "1 claim rated differently"
    assert where_text(_conflicts(2), None) == "2 claims rated differently"
