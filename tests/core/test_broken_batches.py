"""Every broken sample batch fails validation with exactly its documented message."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rater_desktop.batch.errors import BatchError
from rater_desktop.batch.loader import open_batch
from rater_desktop.batch.validate import validate_batch

BROKEN = Path(__file__).resolve().parents[2] / "sample_batches" / "broken"
CASES = sorted(p.stem for p in BROKEN.glob("*.expected"))


def _case(name: str) -> tuple[Path, str, bool]:
    lines = (BROKEN / f"{name}.expected").read_text(encoding="utf-8").splitlines()
    deep = lines[0] == "# deep"
    expected = lines[1] if deep else lines[0]
    path = BROKEN / name
    return (path if path.exists() else BROKEN / f"{name}.zip"), expected, deep


def test_there_is_a_case_per_failure_kind() -> None:
    assert len(CASES) >= 25


@pytest.mark.parametrize("name", CASES)
def test_broken_batch_gives_its_documented_message(name: str) -> None:
    path, expected, deep = _case(name)
    report = validate_batch(path, deep=deep)
    assert not report.ok
    assert expected in [p.render() for p in report.errors]


@pytest.mark.parametrize("name", CASES)
def test_opening_or_reading_a_broken_batch_raises_only_batch_errors(name: str) -> None:
    path, _, _ = _case(name)
    try:
        with open_batch(path) as batch:
            for entry in batch.index:
                try:
                    batch.item(entry.item_id)
                except BatchError:
                    pass
    except BatchError as exc:
        assert exc.problem.render()


def test_validate_cli_exit_codes_and_output(tmp_path: Path) -> None:
    bad, expected, _ = _case("duplicate-id")
    result = subprocess.run(
        [sys.executable, "-m", "rater_desktop", "validate", str(bad)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1
    assert f"  {expected}" in result.stdout.splitlines()
    assert "Traceback" not in result.stderr
    usage = subprocess.run([sys.executable, "-m", "rater_desktop", "validate"], capture_output=True, text=True)
    assert usage.returncode == 2
