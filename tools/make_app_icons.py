"""Render resources/icons/app.svg into the app icon sizes each system needs.

Writes packaging/icons/: PNGs (Linux hicolor sizes and the window icon), rater-desktop.ico
(Windows: 16-256) and rater-desktop.icns (macOS). Run with the project's venv:
    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/make_app_icons.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image
from PySide6.QtCore import QByteArray, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "resources" / "icons" / "app.svg"
OUT = ROOT / "packaging" / "icons"
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512, 1024)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)


def render(renderer: QSvgRenderer, size: int) -> Image.Image:
    image = QImage(size, size, QImage.Format.Format_RGBA8888)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    data = bytes(image.constBits())  # type: ignore[arg-type]
    return Image.frombytes("RGBA", (size, size), data, "raw", "RGBA", image.bytesPerLine())


def main() -> int:
    QGuiApplication.instance() or QGuiApplication(sys.argv)
    renderer = QSvgRenderer(QByteArray(SOURCE.read_bytes()))
    if not renderer.isValid():
        print(f"cannot render {SOURCE}", file=sys.stderr)
        return 1
    OUT.mkdir(parents=True, exist_ok=True)
    images = {size: render(renderer, size) for size in PNG_SIZES}
    for size, image in images.items():
        image.save(OUT / f"rater-desktop-{size}.png", optimize=True)
    images[256].save(OUT / "rater-desktop.ico", sizes=[(s, s) for s in ICO_SIZES])
    images[1024].save(OUT / "rater-desktop.icns")
    print(f"wrote {len(images) + 2} icon files to {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
