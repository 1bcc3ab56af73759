"""The PyInstaller specs' shared parts: version from pyproject, data files, Qt plugin filter."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest

import rater_desktop
from rater_desktop.cli import main

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "packaging"))

import build_info  # noqa: E402
import spec_common  # noqa: E402


def test_version_has_one_source() -> None:
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["version"]
    assert build_info.project_version() == pyproject == rater_desktop.__version__
    assert len(build_info.version_tuple()) == 4


def test_version_flag(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"rater-desktop {rater_desktop.__version__}"


def test_data_files_bring_ui_resources_schemas_and_samples() -> None:
    targets = {target for _, target in spec_common.data_files()}
    assert {"rater_desktop/_data/ui", "rater_desktop/_data/resources"} <= targets
    assert {"rater_desktop/batch/schema", "rater_desktop/results/schema"} <= targets
    assert "rater_desktop/_data/sample_batches/consumer-tasks" in targets
    assert not any("broken" in t for t in targets)
    for source, _ in spec_common.data_files():
        assert Path(source).is_dir(), source


@pytest.mark.parametrize(
    ("dest", "kept"),
    [
        ("PySide6/Qt/plugins/platforms/libqxcb.so", True),
        ("PySide6/Qt/plugins/platforms/libqoffscreen.so", True),
        ("PySide6/Qt/plugins/platforms/libqvnc.so", False),
        ("PySide6/Qt/plugins/platforms/libqlinuxfb.so", False),
        ("PySide6/Qt/plugins/imageformats/libqsvg.so", True),
        ("PySide6/Qt/plugins/imageformats/libqtiff.so", False),
        ("PySide6/Qt/plugins/sqldrivers/libqsqlite.so", False),
        ("PySide6/Qt/plugins/multimedia/libffmpegmediaplugin.so", False),
        ("PySide6/Qt/translations/qtbase_de.qm", False),
        ("rater_desktop/__pycache__/paths.cpython-311.pyc", False),
        ("PySide6/Qt/lib/libQt6Widgets.so.6", True),
        ("rater_desktop/_data/ui/light.qss", True),
    ],
)
def test_bundle_filter(dest: str, kept: bool) -> None:
    assert spec_common.keep_entry(dest) is kept


def test_desktop_file_is_valid() -> None:
    lines = (REPO / "packaging" / "rater-desktop.desktop").read_text().splitlines()
    assert lines[0] == "[Desktop Entry]"
    entries = dict(line.split("=", 1) for line in lines[1:] if "=" in line)
    assert entries["Type"] == "Application" and entries["Icon"] == "rater-desktop"
    assert entries["Exec"].startswith("rater-desktop")
    for size in (16, 32, 48, 128, 256, 512):
        assert (REPO / "packaging" / "icons" / f"rater-desktop-{size}.png").is_file()
    assert (REPO / "packaging" / "icons" / "rater-desktop.ico").is_file()
    assert (REPO / "packaging" / "icons" / "rater-desktop.icns").is_file()
