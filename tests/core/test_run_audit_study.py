"""Study plans over a run audit pool: every rater's batch is a run audit batch that
validates, with the screenshots of its runs copied (they sit in ``run``, not in
``responses``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from batchkit import batch_files, run_item, write_folder

from rater_desktop.batch.loader import open_batch
from rater_desktop.batch.protocol import RUN_AUDIT
from rater_desktop.cli import main
from rater_desktop.signing import keystore


def test_a_run_audit_pool_plans_into_valid_rater_batches(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, memory_keyring: Any,
        capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    monkeypatch.setattr(keystore, "default_keyring", lambda: memory_keyring)
    assert main(["profile", "create", "--rater-id", "owner", "--name", "Owner"]) == 0
    items = [run_item(f"r{n}", outcome=("completed", "blocked", "login_wall")[n % 3])
             for n in range(6)]
    pool = write_folder(tmp_path / "pool", batch_files(items, batch_id="pool-ra",
                                                       format_version="1.1", protocol=RUN_AUDIT))
    (tmp_path / "raters.txt").write_text("ann\nbob\ncid\n")
    study = tmp_path / "study"
    code = main(["study", "plan", "--pool", str(pool), "--raters", str(tmp_path / "raters.txt"),
                 "--out", str(study), "-k", "2"])
    assert code == 0, capsys.readouterr().err
    plan = json.loads((study / "study.json").read_text())
    for entry in plan["raters"]:
        batch_path = study / entry["batch_path"]
        assert main(["validate", str(batch_path), "--deep"]) == 0, capsys.readouterr().out
        with open_batch(batch_path) as batch:
            assert batch.manifest.protocol == RUN_AUDIT
            first = batch.item(batch.index[0].item_id)
        assert first.run is not None and first.run.trajectory[0].screenshot
        assert (batch_path / first.run.trajectory[0].screenshot).is_file()
