"""Simple vector "photos" for product cards, listings and articles (Pillow shapes only)."""

from __future__ import annotations

import random
from collections.abc import Callable

from PIL import Image, ImageDraw
from samples_draw import BORDER, MUTED, Box, Page

Art = Callable[[Page, Box, str], None]


def _frame(page: Page, box: Box, backdrop: str) -> None:
    page.rect(box, fill=backdrop, radius=8)


def shoe(page: Page, box: Box, color: str) -> None:
    _frame(page, box, "#f1f3f6")
    d, x, y, w, h = page.draw, box.x, box.y, box.w, box.h
    base = y + int(h * 0.72)
    d.rounded_rectangle((x + w * 0.12, base, x + w * 0.9, base + h * 0.09), radius=8,
                        fill="#fafafa", outline="#9aa3ad")
    upper = [(x + w * 0.14, base), (x + w * 0.2, y + h * 0.38), (x + w * 0.42, y + h * 0.34),
             (x + w * 0.6, y + h * 0.5), (x + w * 0.86, y + h * 0.58), (x + w * 0.9, base)]
    d.polygon(upper, fill=color)
    d.line((x + w * 0.3, y + h * 0.62, x + w * 0.7, y + h * 0.55), fill="#ffffff", width=4)
    for i in range(3):
        lx = x + w * (0.36 + i * 0.06)
        d.line((lx, y + h * 0.4, lx + 8, y + h * 0.48), fill="#ffffff", width=2)


def house(page: Page, box: Box, color: str) -> None:
    _frame(page, box, "#cfe8f7")
    d, x, y, w, h = page.draw, box.x, box.y, box.w, box.h
    d.rectangle((x, y + h * 0.72, x + w, y + h), fill="#9ccc65")
    d.ellipse((x + w * 0.78, y + h * 0.08, x + w * 0.9, y + h * 0.26), fill="#ffd54f")
    d.rectangle((x + w * 0.22, y + h * 0.42, x + w * 0.78, y + h * 0.8), fill=color)
    d.polygon([(x + w * 0.16, y + h * 0.44), (x + w * 0.5, y + h * 0.16),
               (x + w * 0.84, y + h * 0.44)], fill="#8d3b2f")
    d.rectangle((x + w * 0.45, y + h * 0.58, x + w * 0.55, y + h * 0.8), fill="#5d4037")
    for wx in (0.29, 0.62):
        d.rectangle((x + w * wx, y + h * 0.5, x + w * (wx + 0.09), y + h * 0.62),
                    fill="#e3f2fd", outline="#ffffff")


def jug(page: Page, box: Box, color: str) -> None:
    _frame(page, box, "#f4f6f8")
    d, x, y, w, h = page.draw, box.x, box.y, box.w, box.h
    d.rounded_rectangle((x + w * 0.3, y + h * 0.28, x + w * 0.7, y + h * 0.9), radius=14,
                        fill="#ffffff", outline="#b0bac5", width=2)
    d.rectangle((x + w * 0.42, y + h * 0.14, x + w * 0.58, y + h * 0.28), fill="#ffffff",
                outline="#b0bac5")
    d.rectangle((x + w * 0.41, y + h * 0.1, x + w * 0.59, y + h * 0.16), fill=color)
    d.rectangle((x + w * 0.3, y + h * 0.5, x + w * 0.7, y + h * 0.7), fill=color)


def eggs(page: Page, box: Box, color: str) -> None:
    _frame(page, box, "#f6f1ea")
    d, x, y, w, h = page.draw, box.x, box.y, box.w, box.h
    d.rounded_rectangle((x + w * 0.1, y + h * 0.45, x + w * 0.9, y + h * 0.85), radius=8,
                        fill="#c8b89a")
    for row in range(2):
        for col in range(6):
            ex = x + w * (0.14 + col * 0.125)
            ey = y + h * (0.3 + row * 0.17)
            d.ellipse((ex, ey, ex + w * 0.1, ey + h * 0.2), fill=color, outline="#8d6e63")


def bread(page: Page, box: Box, color: str) -> None:
    _frame(page, box, "#fbf4e8")
    d, x, y, w, h = page.draw, box.x, box.y, box.w, box.h
    d.ellipse((x + w * 0.12, y + h * 0.3, x + w * 0.88, y + h * 0.82), fill=color,
              outline="#7b4a1e", width=2)
    for i in range(3):
        sx = x + w * (0.3 + i * 0.16)
        d.line((sx, y + h * 0.42, sx + w * 0.1, y + h * 0.66), fill="#f3d9a4", width=4)


def headlamp(page: Page, box: Box, color: str) -> None:
    _frame(page, box, "#eef2f5")
    d, x, y, w, h = page.draw, box.x, box.y, box.w, box.h
    d.arc((x + w * 0.15, y + h * 0.2, x + w * 0.85, y + h * 0.9), 200, 340, fill="#37474f",
          width=10)
    d.rounded_rectangle((x + w * 0.34, y + h * 0.36, x + w * 0.66, y + h * 0.62), radius=10,
                        fill=color)
    d.ellipse((x + w * 0.42, y + h * 0.4, x + w * 0.58, y + h * 0.58), fill="#fff59d",
              outline="#ffffff", width=3)


def toaster(page: Page, box: Box, color: str) -> None:
    _frame(page, box, "#f2f2f2")
    d, x, y, w, h = page.draw, box.x, box.y, box.w, box.h
    d.rounded_rectangle((x + w * 0.18, y + h * 0.34, x + w * 0.82, y + h * 0.82), radius=18,
                        fill=color)
    for sx in (0.32, 0.56):
        d.rounded_rectangle((x + w * sx, y + h * 0.37, x + w * (sx + 0.13), y + h * 0.42),
                            radius=3, fill="#263238")
    d.rectangle((x + w * 0.82, y + h * 0.5, x + w * 0.88, y + h * 0.56), fill="#263238")


def plate(page: Page, box: Box, color: str) -> None:
    _frame(page, box, "#5d4037")
    d, x, y, w, h = page.draw, box.x, box.y, box.w, box.h
    d.ellipse((x + w * 0.2, y + h * 0.12, x + w * 0.8, y + h * 0.88), fill="#fafafa")
    d.ellipse((x + w * 0.32, y + h * 0.3, x + w * 0.68, y + h * 0.7), fill=color)
    for i in range(5):
        bx = x + w * (0.38 + (i % 3) * 0.09)
        by = y + h * (0.38 + (i // 3) * 0.14)
        d.ellipse((bx, by, bx + w * 0.06, by + h * 0.08), fill="#43a047")


def landscape(page: Page, box: Box, color: str) -> None:
    _frame(page, box, "#bbdefb")
    d, x, y, w, h = page.draw, box.x, box.y, box.w, box.h
    d.polygon([(x, y + h), (x + w * 0.35, y + h * 0.3), (x + w * 0.7, y + h)], fill=color)
    d.polygon([(x + w * 0.4, y + h), (x + w * 0.72, y + h * 0.45), (x + w, y + h)],
              fill="#607d8b")
    d.polygon([(x + w * 0.28, y + h * 0.45), (x + w * 0.35, y + h * 0.3),
               (x + w * 0.42, y + h * 0.45)], fill="#ffffff")


def bridge(page: Page, box: Box, color: str) -> None:
    _frame(page, box, "#cfe3f3")
    d, x, y, w, h = page.draw, box.x, box.y, box.w, box.h
    d.rectangle((x, y + h * 0.72, x + w, y + h), fill="#4f83a8")
    deck = y + h * 0.62
    d.rectangle((x, deck, x + w, deck + 6), fill=color)
    for tx in (0.28, 0.72):
        d.rectangle((x + w * tx - 5, y + h * 0.18, x + w * tx + 5, y + h * 0.78), fill=color)
    top = y + h * 0.2
    d.arc((x + w * 0.28, 2 * top - deck, x + w * 0.72, deck), 0, 180, fill=color, width=3)
    cx, a, b = x + w * 0.5, w * 0.22, deck - top
    for i in range(1, 8):
        hx = x + w * (0.28 + i * 0.055)
        cable = top + b * max(0.0, 1 - ((hx - cx) / a) ** 2) ** 0.5
        d.line((hx, cable, hx, deck), fill=color, width=1)
    d.line((x, deck, x + w * 0.28, y + h * 0.2), fill=color, width=3)
    d.line((x + w * 0.72, y + h * 0.2, x + w, deck), fill=color, width=3)


def portrait(page: Page, box: Box, color: str) -> None:
    # Drawn on its own tile so the shoulders are cropped at the frame like a real photo.
    tile = Image.new("RGB", (box.w, box.h), "#e0e0e0")
    d, w, h = ImageDraw.Draw(tile), box.w, box.h
    d.ellipse((w * 0.1, h * 0.62, w * 0.9, h * 1.25), fill=color)
    d.ellipse((w * 0.32, h * 0.18, w * 0.68, h * 0.6), fill="#d7a985")
    page.img.paste(tile, (box.x, box.y))


def plane(page: Page, box: Box, color: str) -> None:
    _frame(page, box, "#e3f2fd")
    d, x, y, w, h = page.draw, box.x, box.y, box.w, box.h
    d.ellipse((x + w * 0.62, y + h * 0.22, x + w * 0.82, y + h * 0.34), fill="#ffffff")
    d.ellipse((x + w * 0.12, y + h * 0.7, x + w * 0.3, y + h * 0.8), fill="#ffffff")
    d.rounded_rectangle((x + w * 0.14, y + h * 0.46, x + w * 0.84, y + h * 0.56),
                        radius=int(h * 0.05), fill=color)
    d.polygon([(x + w * 0.84, y + h * 0.46), (x + w * 0.9, y + h * 0.51),
               (x + w * 0.84, y + h * 0.56)], fill=color)
    d.polygon([(x + w * 0.46, y + h * 0.5), (x + w * 0.34, y + h * 0.16),
               (x + w * 0.42, y + h * 0.16), (x + w * 0.6, y + h * 0.5)], fill=color)
    d.polygon([(x + w * 0.46, y + h * 0.52), (x + w * 0.34, y + h * 0.86),
               (x + w * 0.42, y + h * 0.86), (x + w * 0.6, y + h * 0.52)], fill=color)
    d.polygon([(x + w * 0.14, y + h * 0.5), (x + w * 0.1, y + h * 0.3),
               (x + w * 0.16, y + h * 0.3), (x + w * 0.22, y + h * 0.47)], fill=color)
    for i in range(8):
        wx = x + w * (0.5 + i * 0.035)
        d.ellipse((wx, y + h * 0.485, wx + 5, y + h * 0.5), fill="#ffffff")


def map_pane(page: Page, box: Box, *, seed: int, pins: list[tuple[float, float, str]],
             city: str, water: bool = True) -> None:
    """A street map with labelled price pins; streets come from a fixed seed."""
    rng = random.Random(seed)
    d = page.draw
    page.rect(box, fill="#eef0e6", outline=BORDER, radius=0)
    if water:
        d.polygon([(box.x, box.bottom - 120), (box.right, box.bottom - 190),
                   (box.right, box.bottom), (box.x, box.bottom)], fill="#a9d0f5")
    for _ in range(14):
        if rng.random() < 0.5:
            yy = rng.randint(box.y + 10, box.bottom - 10)
            d.line((box.x, yy, box.right, yy + rng.randint(-40, 40)), fill="#ffffff", width=4)
        else:
            xx = rng.randint(box.x + 10, box.right - 10)
            d.line((xx, box.y, xx + rng.randint(-50, 50), box.bottom), fill="#ffffff", width=4)
    for _ in range(5):
        px, py = rng.randint(box.x + 20, box.right - 90), rng.randint(box.y + 20, box.bottom - 60)
        d.rounded_rectangle((px, py, px + 70, py + 40), radius=6, fill="#c5e1a5")
    page.text(box.x + 16, box.y + 14, city, size=18, color="#37474f", bold=True)
    for fx, fy, label in pins:
        px, py = int(box.x + fx * box.w), int(box.y + fy * box.h)
        pin = page.badge(px, py, label, color="#222222", size=13)
        d.polygon([(pin.x + 10, pin.bottom), (pin.x + 18, pin.bottom), (pin.x + 14,
                   pin.bottom + 6)], fill="#222222")
    page.text(box.right - 110, box.bottom - 22, "Map data (c) sample", size=11, color=MUTED)


def tower(page: Page, box: Box, color: str) -> None:
    """A lattice tower against the sky."""
    _frame(page, box, "#d6e9f8")
    d, x, y, w, h = page.draw, box.x, box.y, box.w, box.h
    d.rectangle((x, y + h * 0.9, x + w, y + h), fill="#9ccc65")
    cx = x + w * 0.5
    legs = [(cx - w * 0.2, y + h * 0.92), (cx - w * 0.03, y + h * 0.1),
            (cx + w * 0.03, y + h * 0.1), (cx + w * 0.2, y + h * 0.92)]
    d.line(legs[:2], fill=color, width=4)
    d.line(legs[2:], fill=color, width=4)
    for frac in (0.35, 0.6):
        half = w * (0.03 + 0.17 * (frac - 0.1) / 0.82)
        yy = y + h * frac
        d.rectangle((cx - half - 4, yy - 3, cx + half + 4, yy + 3), fill=color)
    d.arc((cx - w * 0.14, y + h * 0.72, cx + w * 0.14, y + h * 1.1), 180, 360, fill=color, width=3)
    d.line((cx, y + h * 0.02, cx, y + h * 0.1), fill=color, width=2)


def skyscraper(page: Page, box: Box, color: str) -> None:
    """A stepped Art Deco tower with lit windows."""
    _frame(page, box, "#cfd8dc")
    d, x, y, w, h = page.draw, box.x, box.y, box.w, box.h
    cx = x + w * 0.5
    for half, top in ((0.16, 0.3), (0.11, 0.2), (0.06, 0.12)):
        d.rectangle((cx - w * half, y + h * top, cx + w * half, y + h), fill=color)
    d.line((cx, y + h * 0.02, cx, y + h * 0.12), fill=color, width=3)
    for row in range(8):
        for col in range(5):
            wx = cx - w * 0.13 + col * w * 0.055
            wy = y + h * (0.36 + row * 0.075)
            d.rectangle((wx, wy, wx + 5, wy + 7), fill="#fff59d")


def element_tile(symbol: str, number: int, name: str) -> Art:
    """A periodic-table cell for one element (returns an Art function)."""

    def draw(page: Page, box: Box, color: str) -> None:
        _frame(page, box, "#f5f5f5")
        tile = Box(box.x + box.w // 2 - 60, box.y + 8, 120, box.h - 16)
        page.rect(tile, fill=color, outline="#455a64", radius=4, width=2)
        page.text(tile.x + 8, tile.y + 6, str(number), size=16, bold=True)
        page.text(tile.x + 60 - len(symbol) * 14, tile.y + 36, symbol, size=44, bold=True)
        page.text(tile.x + 60 - len(name) * 4, tile.bottom - 26, name, size=13)

    return draw
