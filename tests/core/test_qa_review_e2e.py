"""End to end: three raters' signed exports (plus an unknown signer and a tampered copy)
through import, the QA figures and the report in HTML, CSV and JSONL. Every figure is
checked against a value computed here from the raw rating tables, not from the session."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import math
import re
import statistics
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from test_qa_review_support import (
    EXPECTED,
    IDENTITIES,
    RATERS,
    SCORES,
    SECONDS,
    STANDARD,
    VERDICTS,
    Setup,
    build_setup,
)

from rater_desktop.batch.loader import open_batch
from rater_desktop.cli import main
from rater_desktop.qa.scoreboard import bradley_terry
from rater_desktop.qa_review.report import render_report
from rater_desktop.qa_review.roster import Roster
from rater_desktop.qa_review.session import ImportStatus, QaSession
from rater_desktop.qa_review.store import QaStore
from rater_desktop.rating.display_order import display_order
from rater_desktop.rating.model import Verdict

DIMENSIONS = ("tc", "fa", "aip")


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


def _cli_report(setup: Setup, out: Path, *extra: str) -> int:
    files = [setup.files[k] for k in ("alice", "bob", "carol", "dave", "tampered")]
    return main(
        ["qa", "report", *map(str, files), "--batch", str(setup.batch_path),
         "--allowed-signers", str(setup.roster), "--out", str(out), "--resamples", "200",
         *extra]
    )  # fmt: skip


def _cells(html: str) -> dict[str, str]:
    return {k: v for k, v in re.findall(r'data-key="([^"]+)">([^<]*)<', html)}


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _pct(text: str) -> float:
    assert text.endswith(" %"), text
    return float(text[:-2]) / 100


# ------------------------------------------------------------------ independent oracles


def _values(dimension: str) -> dict[tuple[str, int], list[float]]:
    """(item, side) -> the three raters' values; side -1 for the verdict."""
    units: dict[tuple[str, int], list[float]] = {}
    for item in STANDARD:
        for rater in RATERS:
            if dimension == "verdict":
                units.setdefault((item, -1), []).append(VERDICTS[rater][item])
            elif dimension == "verdict_collapsed":
                v = VERDICTS[rater][item]
                units.setdefault((item, -1), []).append((v > 0) - (v < 0))
            else:
                for side in (0, 1):
                    value = SCORES[rater][item][side][DIMENSIONS.index(dimension)]
                    units.setdefault((item, side), []).append(value)
    return units


def _percent_by_hand(dimension: str) -> float:
    shares = []
    for values in _values(dimension).values():
        pairs = list(combinations(values, 2))
        shares.append(sum(a == b for a, b in pairs) / len(pairs))
    return sum(shares) / len(shares)


def _alpha_oracle(dimension: str) -> float:
    krippendorff = pytest.importorskip("krippendorff", reason="test-only oracle not installed")
    units = _values(dimension)
    matrix = [[units[u][r] for u in sorted(units)] for r in range(len(RATERS))]
    domains = {"verdict": range(-3, 4), "verdict_collapsed": (-1, 0, 1)}
    level = "nominal" if dimension == "verdict_collapsed" else "ordinal"
    return float(
        krippendorff.alpha(
            reliability_data=matrix,
            level_of_measurement=level,
            value_domain=list(domains.get(dimension, range(1, 6))),
        )
    )


def _records_by_hand() -> dict[str, list[int]]:
    counts: dict[str, list[int]] = {}
    for item in STANDARD:
        first, second = IDENTITIES[item]
        for rater in RATERS:
            v = VERDICTS[rater][item]
            for model in (first, second):
                counts.setdefault(model, [0, 0, 0])
            if v == 0:
                counts[first][1] += 1
                counts[second][1] += 1
            else:
                winner, loser = (first, second) if v < 0 else (second, first)
                counts[winner][0] += 1
                counts[loser][2] += 1
    return counts


# ------------------------------------------------------------------ tests


def test_import_verifies_every_file_and_keeps_bad_ones_out(setup: Setup, qa_store: QaStore) -> None:
    with open_batch(setup.batch_path) as batch:
        session = QaSession(store=qa_store, roster=Roster(setup.roster), batch=batch)
        outcomes = session.import_results(
            [setup.files[k] for k in ("alice", "bob", "carol", "dave", "tampered", "alice")]
        )
        assert [o.status for o in outcomes] == [
            ImportStatus.VALID, ImportStatus.VALID, ImportStatus.VALID,
            ImportStatus.UNKNOWN_SIGNER, ImportStatus.INVALID, ImportStatus.DUPLICATE,
        ]  # fmt: skip
        assert "not in the allowed signers roster" in outcomes[3].message
        assert "changed" in outcomes[4].message
        assert [f.status for f in session.files()] == [
            "valid",
            "valid",
            "valid",
            "unknown_signer",
            "invalid",
        ]
        assert session.raters() == list(RATERS)
        # Neither dave's verdicts (+3 everywhere) nor the tampered copy's count.
        judged = {(j.rater_id, j.item_id): j.verdict_true for j in session.judgments()}
        assert judged == {(r, i): VERDICTS[r][i] for r in RATERS for i in IDENTITIES}


def test_comparison_rows_are_in_true_order_whatever_the_rater_saw(setup: Setup, qa_store: QaStore) -> None:
    swapped = [
        (r, i)
        for r in RATERS
        for i in IDENTITIES
        if display_order(batch_seed="qa-e2e-seed", rater_id=r, item_id=i).swapped
    ]
    assert swapped, "the sample must contain at least one swapped display"
    with open_batch(setup.batch_path) as batch:
        session = QaSession(store=qa_store, roster=Roster(setup.roster), batch=batch)
        session.import_results([setup.files[r] for r in RATERS])
        for rater, item_id in swapped:
            column = next(c for c in session.comparison(item_id).raters if c.rater_id == rater)
            assert column.display_order == ("B", "A")
            assert column.sides[0].identity == IDENTITIES[item_id][0]
            assert [s.shown_as for s in column.sides] == ["B", "A"]
            assert column.verdict_score == VERDICTS[rater][item_id]
            tc, fa, aip = SCORES.get(rater, {}).get(item_id, ((3, 3, 3), (3, 3, 3)))[0]
            assert (column.sides[0].tc, column.sides[0].fa, column.sides[0].aip) == (tc, fa, aip)
        clusters = session.claim_clusters("s1")
        assert [c.conflicting for c in clusters] == [True]
        assert dict(clusters[0].ratings) == {
            "alice": "accurate", "bob": "inaccurate", "carol": "accurate"
        }  # fmt: skip
        assert [c.conflicting for c in session.claim_clusters("s3")] == [True]
        assert [d.item_id for d in session.disagreements(min_claim_conflicts=1)] == ["s1", "s3"]


def test_html_report_figures_match_independent_computations(setup: Setup, tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    assert _cli_report(setup, out, "--wage", "15", "--fee", "0.2") == 0
    html = out.read_text(encoding="utf-8")
    cells = _cells(html)
    for dimension in ("tc", "fa", "aip", "verdict", "verdict_collapsed"):
        assert float(cells[f"alpha-{dimension}"]) == pytest.approx(
            _alpha_oracle(dimension), abs=5e-4
        ), dimension
        assert _pct(cells[f"percent-{dimension}"]) == pytest.approx(
            _percent_by_hand(dimension), abs=5e-4
        ), dimension
    for model, (wins, ties, losses) in _records_by_hand().items():
        assert (cells[f"wins-{model}"], cells[f"ties-{model}"], cells[f"losses-{model}"]) == (
            str(wins), str(ties), str(losses)
        )  # fmt: skip
        assert _pct(cells[f"winrate-{model}"]) == pytest.approx(
            (wins + ties / 2) / (wins + ties + losses), abs=5e-4
        )
    table: dict[tuple[str, str], float] = {}
    for item in STANDARD:
        first, second = IDENTITIES[item]
        for rater in RATERS:
            v = VERDICTS[rater][item]
            out_first = 1.0 if v < 0 else 0.5 if v == 0 else 0.0
            table[(first, second)] = table.get((first, second), 0.0) + out_first
            table[(second, first)] = table.get((second, first), 0.0) + 1 - out_first
    for model, strength in bradley_terry(table=table, pseudo_count=1.0).strengths.items():
        assert float(cells[f"strength-{model}"]) == pytest.approx(strength, abs=5e-4)
        # 5 standard items: under the small-sample caveat's 30, no interval is drawn
        assert cells[f"strength-ci-{model}"] == "not drawn: under 30 items"
    for model in ("alpha", "beta", "gamma"):
        tcs = [
            SCORES[r][i][s][0]
            for i in STANDARD
            for s in (0, 1)
            for r in RATERS
            if IDENTITIES[i][s] == model
        ]
        assert float(cells[f"mean-tc-{model}"]) == pytest.approx(statistics.mean(tcs), abs=5e-3)
    status = {k: cells[f"file-status-{_sha(p)[:12]}"] for k, p in setup.files.items()}
    assert status["alice"].startswith("valid, signer in roster")
    assert status["dave"].startswith("valid signature, UNKNOWN signer")
    assert status["tampered"].startswith("INVALID")
    _check_people_and_cost(cells)
    _check_disagreements(cells)
    _check_escaping(html)


def _check_people_and_cost(cells: dict[str, str]) -> None:
    for rater in RATERS:
        passed = sum(
            abs(VERDICTS[rater][i] - EXPECTED[i]) <= 1
            and (VERDICTS[rater][i] > 0) == (EXPECTED[i] > 0)
            and (VERDICTS[rater][i] < 0) == (EXPECTED[i] < 0)
            for i in ("q1", "q2")
        )
        assert cells[f"qual-passed-{rater}"] == str(passed)
        assert cells[f"qualified-{rater}"] == ("yes" if passed >= 1 else "NO")  # SD-4: 1 of 2
        attention_ok = VERDICTS[rater]["att1"] == EXPECTED["att1"]
        assert cells[f"attention-missed-{rater}"] == ("0" if attention_ok else "1")
        own = [SECONDS[rater] + (10.0 if i == "s1" else 0.0) for i in IDENTITIES]
        assert float(cells[f"time-median-{rater}"]) == pytest.approx(statistics.median(own))
    assert cells["qualified-carol"] == "NO" and cells["qualified-alice"] == "yes"
    every = [SECONDS[r] + (10.0 if i == "s1" else 0.0) for r in RATERS for i in IDENTITIES]
    seconds = statistics.median(every)
    assert float(cells["cost-seconds"]) == pytest.approx(seconds)
    expected_total = len(IDENTITIES) * 3 * seconds / 3600 * 15 * 1.2
    assert float(cells["cost-total"]) == pytest.approx(expected_total, abs=0.005)
    # AssistantBench on s2: beta answered 42 (gold 42), gamma 40: 1 - ln(42/40).
    assert _pct(cells["ab-accuracy-beta"]) == pytest.approx(1.0)
    assert _pct(cells["ab-accuracy-gamma"]) == pytest.approx(1 - math.log(42 / 40), abs=5e-4)
    assert cells["ab-exact-gamma"] == "0.0 %"
    assert (cells["ab-exact-beta"], cells["ab-normalized-beta"]) == ("100.0 %", "100.0 %")
    # standardweb on s1: alpha completed (50), beta sign-in wall after the item page (30).
    assert (cells["sw-mean-alpha"], cells["sw-mean-beta"]) == ("50.0", "30.0")


def _check_disagreements(cells: dict[str, str]) -> None:
    distribution = {s: 0 for s in range(-3, 4)}
    for item in STANDARD:
        values = [VERDICTS[r][item] for r in RATERS]
        for v in values:
            distribution[v] += 1
        assert cells[f"verdict-spread-{item}"] == str(max(values) - min(values))
    assert {s: int(cells[f"verdicts-{s}"]) for s in range(-3, 4)} == distribution
    assert cells["claim-conflicts-s1"] == "1" and cells["claim-conflicts-s3"] == "1"
    assert cells["claim-conflicts-s2"] == "0"


def _check_escaping(html: str) -> None:
    assert "<script" not in html.lower()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    # Each rater's evidence and, for a rater who saw s1 swapped, the labels explained.
    assert "https://shop.example/red-umbrella; Screenshot screens/s1-cart.png; Step 3" in html
    assert "This rater saw file A as Response B" in html
    assert "on s1: Response A [file B] is better." in html
    assert not re.search(r"\b(src|href)\s*=", html, flags=re.IGNORECASE)
    assert "@import" not in html and "url(" not in html
    assert html.count("<svg") >= 5  # alpha, verdicts, spreads, strengths, times


def test_csv_and_jsonl_rows_per_item_rater_response(setup: Setup, tmp_path: Path) -> None:
    assert _cli_report(setup, tmp_path / "rows.csv") == 0
    assert _cli_report(setup, tmp_path / "rows.jsonl", "--format", "jsonl") == 0
    rows = list(csv.DictReader(io.StringIO((tmp_path / "rows.csv").read_text("utf-8"))))
    records = [
        json.loads(line) for line in (tmp_path / "rows.jsonl").read_text("utf-8").splitlines()
    ]
    assert len(rows) == len(records) == len(IDENTITIES) * len(RATERS) * 2
    for row, record in zip(rows, records, strict=True):
        rater, item, side = record["rater_id"], record["item_id"], "AB".index(record["response"])
        assert row["rater_id"] == rater and row["item_id"] == item
        assert record["identity"] == IDENTITIES[item][side]
        assert record["verdict_score"] == VERDICTS[rater][item]
        assert record["preference"] == (VERDICTS[rater][item] * (1 if side else -1))
        assert Verdict(record["verdict"]).score == VERDICTS[rater][item]
        scores = SCORES.get(rater, {}).get(item, ((3, 3, 3), (3, 3, 3)))[side]
        assert (record["tc"], record["fa"], record["aip"]) == scores
        assert row["tc"] == str(scores[0])
        shown = display_order(batch_seed="qa-e2e-seed", rater_id=rater, item_id=item)
        assert record["shown_as"] == shown.display_label(side)
        assert row["verdict_justification"] == record["verdict_justification"]
    s1_alice_a = next(
        r for r in records if (r["rater_id"], r["item_id"], r["response"]) == ("alice", "s1", "A")
    )
    assert (s1_alice_a["claims"], s1_alice_a["claims_accurate"]) == (1, 1)
    assert s1_alice_a["claim_evidence"].endswith(
        "(Accurate): https://shop.example/red-umbrella; Screenshot screens/s1-cart.png; Step 3")
    assert s1_alice_a["labels_swapped"] is False
    s1_bob = next(r for r in records if (r["rater_id"], r["item_id"]) == ("bob", "s1"))
    assert s1_bob["labels_swapped"] is True
    assert {r["rater_id"] for r in records} == set(RATERS)


def test_cli_summary_and_exit_codes(setup: Setup, tmp_path: Path, capsys: Any) -> None:
    assert _cli_report(setup, tmp_path / "r.html") == 0
    printed = capsys.readouterr().out
    assert (
        printed.count("\nVALID ") + printed.startswith("VALID ") == 3
        and "UNKNOWN SIGNER" in printed
        and "INVALID" in printed
    )
    assert "3 valid, 1 unknown signer, 1 invalid" in printed
    only_bad = main(
        ["qa", "report", str(setup.files["dave"]), str(setup.files["tampered"]),
         "--batch", str(setup.batch_path), "--allowed-signers", str(setup.roster),
         "--out", str(tmp_path / "none.html")]
    )  # fmt: skip
    assert only_bad == 1 and not (tmp_path / "none.html").exists()
    missing_roster = main(
        ["qa", "report", str(setup.files["alice"]), "--batch", str(setup.batch_path),
         "--allowed-signers", str(tmp_path / "nope"), "--out", str(tmp_path / "x.html")]
    )  # fmt: skip
    assert missing_roster == 2
    assert main(["qa", "report", str(setup.files["alice"]), "--out", "x.html"]) == 2
    assert _cli_report(setup, tmp_path / "w.html", "--wage", "-1") == 2


def test_report_in_session_api_is_deterministic(setup: Setup, qa_store: QaStore) -> None:
    with open_batch(setup.batch_path) as batch:
        session = QaSession(store=qa_store, roster=Roster(setup.roster), batch=batch)
        session.import_results([setup.files[r] for r in RATERS])
        first = render_report(session, resamples=100, seed=3, now=None)
        second = render_report(session, resamples=100, seed=3, now=None)
    strip = re.compile(r"Generated [^.]*\.")
    assert strip.sub("", first) == strip.sub("", second)
