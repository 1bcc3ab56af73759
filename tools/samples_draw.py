"""A small Pillow toolkit that draws believable 1280x800 web page screenshots.

Every drawing call returns the ``Box`` it covered, so the sample generator can record
click points and target boxes that line up exactly with what is on the image.
"""

from __future__ import annotations

import io
import math
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 1280, 800
CHROME_HEIGHT = 84  # tab strip + address bar
TEXT = "#1f2328"
MUTED = "#5f6b7a"
BORDER = "#d0d7de"
LINK = "#1a5fd0"
STAR = "#f2a900"


@dataclass(frozen=True)
class Box:
    """A rectangle in screenshot pixels."""

    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    def bbox(self) -> dict[str, int]:
        return {"x": self.x, "y": self.y, "width": self.w, "height": self.h}

    def center(self) -> dict[str, int]:
        return {"x": self.x + self.w // 2, "y": self.y + self.h // 2}

    def xyxy(self) -> tuple[int, int, int, int]:
        return (self.x, self.y, self.x + self.w, self.y + self.h)


_SPECIAL = str.maketrans({"\u00f8": "o", "\u00d8": "O", "\u2013": "-", "\u2014": "-",
                          "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"',
                          "\u00df": "ss", "\u0131": "i"})


def drawable(text: str) -> str:
    """The bundled default font only covers ASCII; fold accents so nothing shows as boxes."""
    folded = unicodedata.normalize("NFKD", text.translate(_SPECIAL))
    return "".join(c for c in folded if ord(c) < 128)


@lru_cache(maxsize=64)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def text_width(text: str, size: int) -> int:
    return int(font(size).getlength(drawable(text)))


def wrap_lines(text: str, width: int, size: int) -> list[str]:
    """Greedy word wrap; paragraphs are separated by newlines."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for word in paragraph.split(" "):
            candidate = f"{current} {word}".strip()
            if current and text_width(candidate, size) > width:
                lines.append(current)
                current = word
            else:
                current = candidate
        lines.append(current)
    return lines


class Page:
    """One screenshot: browser chrome on top, page content drawn below it."""

    def __init__(self, url: str, tab_title: str, *, background: str = "#ffffff") -> None:
        self.url = url
        self.img = Image.new("RGB", (WIDTH, HEIGHT), background)
        self.draw = ImageDraw.Draw(self.img)
        self._chrome(url, tab_title)

    # -- primitives -------------------------------------------------------------------
    def text(self, x: int, y: int, text: str, *, size: int = 14, color: str = TEXT,
             bold: bool = False) -> Box:
        text = drawable(text)
        self.draw.text((x, y), text, font=font(size), fill=color)
        if bold:
            self.draw.text((x + 1, y), text, font=font(size), fill=color)
        return Box(x, y, text_width(text, size) + (1 if bold else 0), size + 4)

    def wrap(self, x: int, y: int, width: int, text: str, *, size: int = 14,
             color: str = TEXT, gap: int = 6, bold: bool = False) -> int:
        """Draw wrapped text; returns the y just below the last line."""
        for line in wrap_lines(text, width, size):
            self.text(x, y, line, size=size, color=color, bold=bold)
            y += size + gap
        return y

    def rect(self, box: Box, *, fill: str | None = None, outline: str | None = None,
             radius: int = 6, width: int = 1) -> Box:
        self.draw.rounded_rectangle(box.xyxy(), radius=radius, fill=fill, outline=outline,
                                    width=width)
        return box

    def hline(self, x: int, y: int, w: int, color: str = BORDER) -> None:
        self.draw.line((x, y, x + w, y), fill=color, width=1)

    def button(self, x: int, y: int, label: str, *, color: str = "#1a5fd0", primary: bool = True,
               w: int | None = None, h: int = 38, size: int = 15, fg: str | None = None) -> Box:
        width = w if w is not None else text_width(label, size) + 36
        box = Box(x, y, width, h)
        if primary:
            self.rect(box, fill=color, radius=6)
            fg = fg or "#ffffff"
        else:
            self.rect(box, fill="#ffffff", outline=color, radius=6, width=2)
            fg = fg or color
        tx = x + (width - text_width(label, size)) // 2
        self.text(tx, y + (h - size) // 2 - 2, label, size=size, color=fg, bold=True)
        return box

    def field(self, x: int, y: int, w: int, *, value: str = "", placeholder: str = "",
              h: int = 40, focused: bool = False, label: str = "", size: int = 15) -> Box:
        if label:
            self.text(x, y - 22, label, size=13, color=MUTED, bold=True)
        box = Box(x, y, w, h)
        self.rect(box, fill="#ffffff", outline="#1a5fd0" if focused else "#aab4c0",
                  radius=5, width=2 if focused else 1)
        if value:
            end = self.text(x + 12, y + (h - size) // 2 - 2, value, size=size)
            if focused:
                self.draw.line((end.right + 2, y + 9, end.right + 2, y + h - 9), fill=TEXT)
        elif placeholder:
            self.text(x + 12, y + (h - size) // 2 - 2, placeholder, size=size, color="#8a94a3")
        return box

    def checkbox(self, x: int, y: int, label: str, *, checked: bool = False,
                 size: int = 14) -> Box:
        self.rect(Box(x, y, 18, 18), fill="#1a5fd0" if checked else "#ffffff",
                  outline="#7a8696", radius=3)
        if checked:
            self.draw.line((x + 4, y + 9, x + 8, y + 13, x + 14, y + 5), fill="#ffffff", width=2)
        label_box = self.text(x + 26, y + 1, label, size=size)
        return Box(x, y, label_box.right - x, 20)

    def stars(self, x: int, y: int, rating: float, *, reviews: int | None = None,
              size: int = 13) -> Box:
        step = size + 3
        for i in range(5):
            fill = STAR if rating >= i + 0.75 else ("#f7d27a" if rating >= i + 0.25 else "#d9dde3")
            cx, cy, r = x + i * step + size // 2, y + size // 2, size // 2
            pts = []
            for k in range(10):
                ang = math.pi / 2 + k * math.pi / 5
                rad = r if k % 2 == 0 else r * 0.45
                pts.append((cx + rad * math.cos(ang), cy - rad * math.sin(ang)))
            self.draw.polygon(pts, fill=fill)
        end = x + 5 * step + 4
        label = f"{rating:.1f}" + (f" ({reviews:,})" if reviews is not None else "")
        box = self.text(end, y - 2, label, size=size, color=MUTED)
        return Box(x, y, box.right - x, size + 2)

    def badge(self, x: int, y: int, label: str, *, color: str = "#c62828", size: int = 12) -> Box:
        box = Box(x, y, text_width(label, size) + 14, size + 10)
        self.rect(box, fill=color, radius=4)
        self.text(x + 7, y + 3, label, size=size, color="#ffffff", bold=True)
        return box

    def link(self, x: int, y: int, label: str, *, size: int = 14) -> Box:
        box = self.text(x, y, label, size=size, color=LINK)
        self.hline(x, y + size + 2, box.w, LINK)
        return box

    # -- composite pieces ---------------------------------------------------------------
    def _chrome(self, url: str, tab_title: str) -> None:
        d = self.draw
        d.rectangle((0, 0, WIDTH, 38), fill="#dfe3e8")
        for i, colour in enumerate(("#ee6a5f", "#f5be4f", "#62c554")):
            d.ellipse((14 + i * 20, 13, 26 + i * 20, 25), fill=colour)
        tab = Box(82, 6, 250, 32)
        self.rect(tab, fill="#f6f8fa", radius=8)
        self.text(98, 14, tab_title[:34], size=13)
        self.text(312, 13, "x", size=13, color=MUTED)
        self.text(348, 12, "+", size=16, color=MUTED)
        d.rectangle((0, 38, WIDTH, CHROME_HEIGHT - 1), fill="#f6f8fa")
        for i, glyph in enumerate(("<", ">", "C")):
            self.text(16 + i * 28, 52, glyph, size=16, color="#6b7785")
        bar = Box(104, 46, WIDTH - 180, 30)
        self.rect(bar, fill="#ffffff", outline=BORDER, radius=15)
        d.rectangle((122, 56, 130, 66), fill="#6b7785")
        d.arc((122, 50, 130, 60), 180, 360, fill="#6b7785", width=2)
        self.text(142, 53, url, size=14)
        self.text(WIDTH - 62, 52, "...", size=16, color="#6b7785")
        d.line((0, CHROME_HEIGHT - 1, WIDTH, CHROME_HEIGHT - 1), fill=BORDER)

    def site_header(self, logo: str, *, color: str, search: str = "",
                    placeholder: str = "Search", nav: tuple[str, ...] = (),
                    cart_count: int | None = None, account: str = "Sign in",
                    search_focused: bool = False) -> dict[str, Box]:
        """Logo, search box with button, account and cart links, then a nav strip."""
        top = CHROME_HEIGHT
        self.draw.rectangle((0, top, WIDTH, top + 64), fill=color)
        self.text(28, top + 20, logo, size=24, color="#ffffff", bold=True)
        boxes: dict[str, Box] = {}
        boxes["search"] = self.field(270, top + 12, 560, value=search, placeholder=placeholder,
                                     focused=search_focused)
        boxes["search_button"] = self.button(836, top + 12, "Search", color="#263238", h=40)
        boxes["account"] = self.text(960, top + 23, account, size=15, color="#ffffff")
        if cart_count is not None:
            cart = Box(1120, top + 14, 120, 36)
            self.rect(cart, outline="#ffffff", radius=6)
            self.text(1134, top + 23, f"Cart ({cart_count})", size=15, color="#ffffff", bold=True)
            boxes["cart"] = cart
        if nav:
            self.draw.rectangle((0, top + 64, WIDTH, top + 100), fill="#f3f4f6")
            x = 28
            for entry in nav:
                boxes[f"nav:{entry}"] = self.text(x, top + 74, entry, size=14)
                x += text_width(entry, 14) + 30
            self.hline(0, top + 100, WIDTH)
        return boxes

    def table(self, x: int, y: int, widths: tuple[int, ...], header: tuple[str, ...],
              rows: list[tuple[str, ...]], *, size: int = 14, row_h: int = 34,
              highlight: int | None = None) -> Box:
        total = sum(widths)
        self.draw.rectangle((x, y, x + total, y + row_h), fill="#eef1f5")
        cx = x
        for w, cell in zip(widths, header, strict=True):
            self.text(cx + 10, y + (row_h - size) // 2 - 2, cell, size=size, bold=True)
            cx += w
        for r, row in enumerate(rows):
            ry = y + row_h * (r + 1)
            if highlight == r:
                self.draw.rectangle((x, ry, x + total, ry + row_h), fill="#fff4c2")
            cx = x
            for w, cell in zip(widths, row, strict=True):
                self.text(cx + 10, ry + (row_h - size) // 2 - 2, cell, size=size)
                cx += w
            self.hline(x, ry, total)
        height = row_h * (len(rows) + 1)
        self.rect(Box(x, y, total, height), outline=BORDER, radius=2)
        return Box(x, y, total, height)

    def save(self, path: Path, *, colors: int = 64) -> None:
        """Palette PNG written with fixed settings so reruns give identical bytes."""
        path.parent.mkdir(parents=True, exist_ok=True)
        paletted = self.img.quantize(colors=colors, method=Image.Quantize.MEDIANCUT,
                                     dither=Image.Dither.NONE)
        buffer = io.BytesIO()
        paletted.save(buffer, format="PNG", optimize=True)
        path.write_bytes(buffer.getvalue())
