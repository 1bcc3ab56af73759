"""Reusable page parts built on the toolkit: cards, lists, walls, mail and calendar views."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from samples_art import Art
from samples_draw import BORDER, CHROME_HEIGHT, HEIGHT, LINK, MUTED, TEXT, WIDTH, Box, Page


@dataclass(frozen=True)
class Product:
    """What a product card shows."""

    title: str
    price: str
    rating: float
    reviews: int
    art: Art
    color: str
    note: str = ""
    old_price: str = ""


def product_card(page: Page, x: int, y: int, w: int, product: Product, *,
                 button: str = "Add to cart", accent: str = "#1a5fd0",
                 selected: bool = False) -> dict[str, Box]:
    """A grid card: picture, title, stars, price, note and an action button."""
    height = 330 if button else 285
    card = page.rect(Box(x, y, w, height), fill="#ffffff",
                     outline="#f2a900" if selected else BORDER, radius=8,
                     width=3 if selected else 1)
    image = Box(x + 10, y + 10, w - 20, 150)
    product.art(page, image, product.color)
    title_bottom = page.wrap(x + 12, y + 170, w - 24, product.title, size=15, bold=True, gap=4)
    page.stars(x + 12, title_bottom + 4, product.rating, reviews=product.reviews)
    price = page.text(x + 12, title_bottom + 26, product.price, size=20, bold=True)
    if product.old_price:
        old = page.text(price.right + 10, title_bottom + 30, product.old_price, size=14,
                        color=MUTED)
        page.hline(old.x, old.y + 8, old.w, MUTED)
    if product.note:
        page.text(x + 12, title_bottom + 54, product.note, size=13, color="#2e7d32")
    boxes = {"card": card, "title": Box(x + 12, y + 170, w - 24, title_bottom - y - 170)}
    if button:
        boxes["button"] = page.button(x + 12, y + height - 50, button, color=accent, w=w - 24)
    return boxes


def listing_card(page: Page, x: int, y: int, w: int, *, art: Art, color: str, title: str,
                 place: str, facts: str, price: str, rating: float, reviews: int) -> Box:
    """A vacation-rental tile: photo, place, facts line, rating and nightly price."""
    image = Box(x, y, w, 140)
    art(page, image, color)
    page.rect(Box(image.right - 36, y + 10, 26, 26), fill="#ffffff", radius=13)
    page.text(image.right - 29, y + 13, "<3", size=13, color="#e53935")
    page.text(x, y + 148, place, size=14, bold=True)
    page.stars(x + w - 116, y + 150, rating, size=11)
    page.text(x, y + 168, title, size=13, color=MUTED)
    page.text(x, y + 186, facts, size=13, color=MUTED)
    page.text(x, y + 206, price, size=15, bold=True)
    page.text(x + w - 90, y + 208, f"{reviews} reviews", size=12, color=MUTED)
    return Box(x, y, w, 226)


def results_list(page: Page, x: int, y: int, w: int,
                 results: list[tuple[str, str, str]], *, gap: int = 22) -> list[Box]:
    """A list of search hits (title link, green URL, snippet); returns the title boxes."""
    titles = []
    for title, url, snippet in results:
        page.text(x, y, url, size=13, color="#1b7f3b")
        titles.append(page.text(x, y + 20, title, size=19, color=LINK))
        y = page.wrap(x, y + 46, w, snippet, size=14, color="#3c4650", gap=5) + gap
    return titles


def login_wall(page: Page, *, brand: str, color: str, heading: str, message: str,
               dim: bool = True) -> dict[str, Box]:
    """A centred sign-in dialog over a dimmed page."""
    if dim:
        overlay = page.img.crop((0, CHROME_HEIGHT, WIDTH, HEIGHT)).point(lambda v: v // 2)
        page.img.paste(overlay, (0, CHROME_HEIGHT))
    dialog = page.rect(Box(390, 170, 500, 470), fill="#ffffff", outline=BORDER, radius=12)
    page.text(dialog.x + 32, dialog.y + 28, brand, size=22, color=color, bold=True)
    page.text(dialog.x + 32, dialog.y + 70, heading, size=22, bold=True)
    bottom = page.wrap(dialog.x + 32, dialog.y + 108, 436, message, size=15, color=MUTED)
    email = page.field(dialog.x + 32, bottom + 34, 436, placeholder="you@example.com",
                       label="Email address")
    password = page.field(dialog.x + 32, email.bottom + 40, 436, placeholder="Password",
                          label="Password")
    sign_in = page.button(dialog.x + 32, password.bottom + 24, "Sign in", color=color, w=436)
    page.text(dialog.x + 32, sign_in.bottom + 18, "New here?", size=14, color=MUTED)
    create = page.link(dialog.x + 108, sign_in.bottom + 18, "Create an account")
    return {"dialog": dialog, "email": email, "password": password, "sign_in": sign_in,
            "create": create}


def captcha_page(page: Page, *, lines: list[str], checked: bool = False) -> dict[str, Box]:
    """A full-page human check; ``lines`` are drawn one per row, exactly as given."""
    page.draw.rectangle((0, CHROME_HEIGHT, WIDTH, HEIGHT), fill="#f4f5f7")
    panel = page.rect(Box(340, 170, 600, 380), fill="#ffffff", outline=BORDER, radius=10)
    y = panel.y + 36
    for i, line in enumerate(lines):
        size = 26 if i == 0 else 16
        page.text(panel.x + 40, y, line, size=size, bold=i == 0, color=TEXT if i == 0 else MUTED)
        y += 46 if i == 0 else 26
    check = page.rect(Box(panel.x + 40, y + 24, 520, 78), fill="#f9f9f9", outline="#c4c9d0",
                      radius=4)
    box = page.rect(Box(check.x + 22, check.y + 25, 28, 28), fill="#ffffff", outline="#7a8696",
                    radius=3, width=2)
    if checked:
        page.draw.arc((box.x + 2, box.y + 2, box.right - 2, box.bottom - 2), 0, 300,
                      fill="#1a73e8", width=3)
    page.text(box.right + 18, check.y + 29, "I am human", size=17)
    page.text(check.right - 110, check.y + 20, "HumanCheck", size=13, color=MUTED, bold=True)
    page.text(check.right - 110, check.y + 42, "Privacy - Terms", size=11, color=MUTED)
    page.text(panel.x + 40, check.bottom + 60, "Ray ID: 8c1f27a9d04e5b31", size=12, color=MUTED)
    return {"panel": panel, "checkbox": box, "widget": check}


def mail_shell(page: Page, *, folders: list[tuple[str, int]], active: str) -> None:
    """Webmail frame: brand bar and the folder column on the left."""
    top = CHROME_HEIGHT
    page.draw.rectangle((0, top, WIDTH, top + 56), fill="#f6f8fc")
    page.text(24, top + 16, "Postbox Mail", size=20, color="#c5221f", bold=True)
    page.field(260, top + 8, 620, placeholder="Search mail", h=40)
    page.draw.rectangle((0, top + 56, 220, HEIGHT), fill="#f6f8fc")
    page.button(16, top + 70, "Compose", color="#c2e7ff", w=140, h=44, fg=TEXT)
    y = top + 134
    for name, count in folders:
        if name == active:
            page.rect(Box(8, y - 6, 204, 30), fill="#d3e3fd", radius=14)
        page.text(28, y, name, size=14, bold=name == active)
        if count:
            page.text(180, y, str(count), size=13, color=MUTED)
        y += 34


def compose_window(page: Page, *, to: str, subject: str, body: str,
                   status: str = "Draft saved") -> dict[str, Box]:
    """A docked compose window (bottom right) with an unsent draft."""
    win = page.rect(Box(640, 236, 600, 548), fill="#ffffff", outline="#b6c0cc", radius=8)
    page.draw.rounded_rectangle((win.x, win.y, win.right, win.y + 40), radius=8, fill="#f2f6fc")
    page.text(win.x + 16, win.y + 11, "Reply", size=15, bold=True)
    page.text(win.right - 60, win.y + 10, "_  x", size=15, color=MUTED)
    page.text(win.x + 16, win.y + 54, "To", size=14, color=MUTED)
    page.text(win.x + 60, win.y + 54, to, size=14)
    page.hline(win.x + 16, win.y + 80, win.w - 32)
    page.text(win.x + 16, win.y + 92, subject, size=14, bold=True)
    page.hline(win.x + 16, win.y + 118, win.w - 32)
    page.wrap(win.x + 16, win.y + 134, win.w - 40, body, size=14, gap=6)
    send = page.button(win.x + 16, win.bottom - 54, "Send", color="#0b57d0", w=96)
    page.text(send.right + 20, send.y + 11, status, size=13, color=MUTED)
    return {"window": win, "send": send}


def week_calendar(page: Page, *, x: int, y: int, days: list[str],
                  events: Sequence[tuple[int, float, float, str, str]], start_hour: int = 9,
                  end_hour: int = 17) -> Box:
    """Week grid, one column per day; events are (day index, start, end, title, colour)."""
    col_w, row_h, gutter = (WIDTH - x - 24 - 56) // len(days), 56, 56
    grid = Box(x, y, gutter + col_w * len(days), 40 + row_h * (end_hour - start_hour))
    for i, day in enumerate(days):
        page.text(x + gutter + i * col_w + 10, y + 10, day, size=14, bold=True)
    for h in range(end_hour - start_hour + 1):
        ry = y + 40 + h * row_h
        page.hline(x + gutter, ry, col_w * len(days))
        if h < end_hour - start_hour:
            hour = start_hour + h
            label = f"{(hour - 1) % 12 + 1} {'AM' if hour < 12 else 'PM'}"
            page.text(x + 4, ry - 7, label, size=12, color=MUTED)
    for i in range(len(days) + 1):
        cx = x + gutter + i * col_w
        page.draw.line((cx, y + 40, cx, grid.bottom), fill=BORDER)
    for column, start, end, title, colour in events:
        top = y + 40 + int((start - start_hour) * row_h) + 1
        bottom = y + 40 + int((end - start_hour) * row_h) - 2
        block = Box(x + gutter + column * col_w + 3, top, col_w - 6, bottom - top)
        page.rect(block, fill=colour, radius=5)
        page.text(block.x + 6, block.y + 4, title, size=12, color="#ffffff", bold=True)
    return grid


def cart_lines(page: Page, x: int, y: int, w: int,
               lines: list[tuple[Art, str, str, str, int, str]]) -> int:
    """Cart line items: picture, name, detail, quantity stepper, price. Returns bottom y."""
    for art, color, name, detail, qty, price in lines:
        art(page, Box(x, y, 110, 90), color)
        page.text(x + 130, y + 6, name, size=16, bold=True)
        page.text(x + 130, y + 30, detail, size=13, color=MUTED)
        page.text(x + 130, y + 56, "In stock", size=13, color="#2e7d32")
        stepper = page.rect(Box(x + w - 260, y + 26, 110, 34), outline="#aab4c0", radius=17)
        page.text(stepper.x + 14, stepper.y + 8, "-", size=16)
        page.text(stepper.x + 50, stepper.y + 8, str(qty), size=16, bold=True)
        page.text(stepper.x + 88, stepper.y + 8, "+", size=16)
        page.text(x + w - 100, y + 32, price, size=17, bold=True)
        page.link(x + 220, y + 56, "Remove", size=13)
        y += 110
        page.hline(x, y - 10, w)
    return y


def order_summary(page: Page, x: int, y: int, *, rows: list[tuple[str, str]], total: str,
                  button: str, color: str) -> dict[str, Box]:
    """Right-hand summary panel with a checkout button."""
    panel = page.rect(Box(x, y, 340, 110 + 30 * len(rows) + 70), fill="#f8f9fb",
                      outline=BORDER, radius=10)
    page.text(x + 20, y + 18, "Order summary", size=18, bold=True)
    ry = y + 56
    for label, value in rows:
        page.text(x + 20, ry, label, size=14, color=MUTED)
        page.text(x + 320 - len(value) * 8, ry, value, size=14)
        ry += 30
    page.hline(x + 20, ry + 4, 300)
    page.text(x + 20, ry + 16, "Subtotal", size=17, bold=True)
    page.text(x + 320 - len(total) * 10, ry + 16, total, size=17, bold=True)
    checkout = page.button(x + 20, ry + 56, button, color=color, w=300, h=44)
    return {"panel": panel, "checkout": checkout}


def article(page: Page, *, site: str, title: str, intro: str, art: Art, color: str,
            facts: list[tuple[str, str]]) -> int:
    """Encyclopedia-style article with an infobox on the right. Returns the body's bottom y."""
    top = CHROME_HEIGHT
    page.draw.rectangle((0, top, WIDTH, top + 50), fill="#f8f9fa")
    page.text(24, top + 14, site, size=18, color="#202122", bold=True)
    page.field(300, top + 6, 420, placeholder="Search", h=36)
    page.text(40, top + 74, title, size=30)
    page.hline(40, top + 118, 820, "#a2a9b1")
    page.text(40, top + 126, "From Wikipedia, the free encyclopedia", size=13, color=MUTED)
    box = page.rect(Box(900, top + 74, 340, 170 + 30 * len(facts)), fill="#f8f9fa",
                    outline="#a2a9b1", radius=0)
    art(page, Box(box.x + 20, box.y + 16, 300, 140), color)
    fy = box.y + 170
    for label, value in facts:
        page.text(box.x + 16, fy, label, size=13, bold=True)
        page.text(box.x + 146, fy, value, size=13)
        fy += 30
    return page.wrap(40, top + 156, 820, intro, size=16, gap=8)


def option_row(page: Page, x: int, y: int, label: str, values: list[str],
               chosen: str | None, *, unavailable: tuple[str, ...] = ()) -> dict[str, Box]:
    """A labelled row of selectable chips (sizes, widths, colours); returns chip boxes."""
    page.text(x, y, label, size=14, color=MUTED, bold=True)
    chips: dict[str, Box] = {}
    cx = x
    for value in values:
        w = max(52, len(value) * 9 + 24)
        chip = Box(cx, y + 24, w, 36)
        if value == chosen:
            page.rect(chip, fill="#e8f0fe", outline="#1a5fd0", radius=6, width=2)
        else:
            page.rect(chip, fill="#ffffff", outline=BORDER, radius=6)
        page.text(chip.x + 12, chip.y + 9, value, size=14,
                  color="#a0a8b3" if value in unavailable else TEXT)
        if value in unavailable:
            page.draw.line((chip.x + 4, chip.bottom - 4, chip.right - 4, chip.y + 4),
                           fill="#c0c6ce")
        chips[value] = chip
        cx += w + 10
    return chips


def detail_page(page: Page, product: Product, *, top: int, options: list[tuple[str, list[str],
                str | None]], button: str, color: str, crumbs: str = "",
                bullets: tuple[str, ...] = (), message: tuple[str, str] | None = None,
                unavailable: tuple[str, ...] = ()) -> dict[str, Box]:
    """Product detail page body: big picture left, facts, options and buttons right."""
    if crumbs:
        page.text(40, top + 14, crumbs, size=13, color=MUTED)
    product.art(page, Box(40, top + 44, 520, 420), product.color)
    x = 600
    bottom = page.wrap(x, top + 44, 620, product.title, size=26, bold=True, gap=6)
    page.stars(x, bottom + 6, product.rating, reviews=product.reviews, size=15)
    page.text(x, bottom + 36, product.price, size=30, bold=True)
    y = bottom + 90
    boxes: dict[str, Box] = {}
    for label, values, chosen in options:
        boxes.update(option_row(page, x, y, label, values, chosen, unavailable=unavailable))
        y += 80
    boxes["button"] = page.button(x, y, button, color=color, w=300, h=46, size=16)
    boxes["wishlist"] = page.button(x + 316, y, "Add to wishlist", color=color, primary=False,
                                    w=200, h=46)
    y += 64
    if message:
        text, tone = message
        note = page.rect(Box(x, y, 620, 40), fill=tone, radius=6)
        page.text(note.x + 14, note.y + 11, text, size=14, bold=True)
        boxes["message"] = note
        y += 56
    for bullet in bullets:
        page.text(x, y, "- " + bullet, size=14, color="#3c4650")
        y += 24
    return boxes
