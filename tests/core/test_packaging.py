"""The installed wheel carries ui/ and resources/, and rater_desktop.paths finds them there."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(out), str(REPO)],
        check=True,
        capture_output=True,
    )
    return next(out.glob("rater_desktop-*.whl"))


def test_wheel_contains_ui_and_resources(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert "rater_desktop/_data/ui/README.md" in names
    assert "rater_desktop/_data/resources/README.md" in names
    assert "rater_desktop/paths.py" in names
    assert any(n.endswith("entry_points.txt") for n in names)


def test_paths_resolve_inside_installed_package(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    code = (
        "import sys; sys.path.insert(0, sys.argv[1])\n"
        "import rater_desktop.paths as p\n"
        "print(p.data_root()); print(p.ui_dir().is_dir(), p.resources_dir().is_dir())\n"
    )
    result = subprocess.run(
        [sys.executable, "-I", "-c", code, str(site)], capture_output=True, text=True, cwd=tmp_path, check=True
    )
    root, flags = result.stdout.splitlines()
    assert Path(root) == site / "rater_desktop" / "_data"
    assert flags == "True True"


def test_wheel_carries_every_sample_batch_but_not_the_broken_ones(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    samples = sorted(
        p.name for p in (REPO / "sample_batches").iterdir() if (p / "batch.json").is_file()
    )
    assert samples, "the repository has sample batches"
    for name in samples:
        assert f"rater_desktop/_data/sample_batches/{name}/batch.json" in names, name
    assert not any("sample_batches/broken" in n for n in names)


def test_samples_command_copies_from_an_installed_wheel(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    target = tmp_path / "copies"
    code = (
        "import sys; sys.path.insert(0, sys.argv[1])\n"
        "from rater_desktop.cli import main\n"
        "raise SystemExit(main(['samples', '--copy', sys.argv[2]]))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, str(site), str(target)],
        capture_output=True, text=True, cwd=tmp_path, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert (target / "consumer-tasks" / "batch.json").is_file()
    assert "copied" in result.stdout
