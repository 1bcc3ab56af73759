"""Pages for the standardweb runs. Each function returns the page and the boxes of its controls."""

from __future__ import annotations

import samples_art as art
from samples_draw import BORDER, CHROME_HEIGHT, MUTED, TEXT, Box, Page
from samples_pages import (
    Product,
    captcha_page,
    cart_lines,
    detail_page,
    login_wall,
    order_summary,
    product_card,
)

Boxes = dict[str, Box]
TG, TG_HOST = "#1b4332", "https://www.trailgear.example"
TG_NAV = ("Camping", "Hiking", "Climbing", "Lighting", "Apparel", "Clearance")
LAMPS = [
    Product("Summit 600 Rechargeable Headlamp", "$49.95", 4.7, 812, art.headlamp, "#f57c00",
            note="Out of stock online"),
    Product("Ridgeline 450 Headlamp", "$34.99", 4.5, 1390, art.headlamp, "#1976d2",
            note="In stock - ships today"),
    Product("Trailglow 300 Headlamp", "$24.99", 4.2, 655, art.headlamp, "#388e3c",
            note="In stock"),
    Product("Basecamp 200 Headlamp, 2-pack", "$29.99", 4.0, 301, art.headlamp, "#7b1fa2",
            note="In stock"),
]
COOKIE_TEXT = "We use cookies to run the shop and measure traffic. You can change this later."


def _cookie_banner(page: Page) -> Box:
    page.draw.rectangle((0, 700, 1280, 800), fill="#263238")
    page.text(40, 724, "Cookies", size=17, color="#ffffff", bold=True)
    page.text(40, 752, COOKIE_TEXT, size=14, color="#cfd8dc")
    page.button(930, 728, "Manage", color="#ffffff", primary=False, w=120, h=40)
    return page.button(1070, 728, "Accept all", color="#43a047", w=160, h=40)


def tg_home(*, search: str = "", cookie: bool = True) -> tuple[Page, Boxes]:
    page = Page(f"{TG_HOST}/", "TrailGear Outfitters")
    boxes = page.site_header("TrailGear", color=TG, search=search, nav=TG_NAV, cart_count=0,
                             placeholder="Search tents, lights, boots...",
                             search_focused=bool(search))
    hero = page.rect(Box(28, 204, 1224, 200), fill="#2d6a4f", radius=10)
    page.text(hero.x + 40, hero.y + 44, "Long nights, bright trails", size=34, color="#ffffff",
              bold=True)
    page.text(hero.x + 40, hero.y + 96, "Headlamps and lanterns from $19.99", size=18,
              color="#d8f3dc")
    page.button(hero.x + 40, hero.y + 134, "Shop lighting", color="#f4a261", w=170)
    art.landscape(page, Box(hero.right - 420, hero.y + 20, 380, 160), "#40916c")
    for i, (label, fn, colour) in enumerate((("Tents", art.house, "#a3b18a"),
                                             ("Lighting", art.headlamp, "#1976d2"),
                                             ("Footwear", art.shoe, "#6d4c41"),
                                             ("Packs", art.jug, "#588157"))):
        fn(page, Box(28 + i * 310, 424, 290, 150), colour)
        page.text(28 + i * 310, 584, label, size=16, bold=True)
    if cookie:
        boxes["accept"] = _cookie_banner(page)
    return page, boxes


def tg_results(*, cookie: bool = False) -> tuple[Page, Boxes]:
    page = Page(f"{TG_HOST}/search?q=headlamp", "headlamp | TrailGear")
    boxes = page.site_header("TrailGear", color=TG, search="headlamp", nav=TG_NAV, cart_count=0)
    page.text(28, 200, "4 results for \"headlamp\"", size=20, bold=True)
    page.text(1040, 204, "Sort: Best match", size=14, color=MUTED)
    for i, lamp in enumerate(LAMPS):
        card = product_card(page, 28 + i * 308, 240, 292, lamp, button="View", accent=TG)
        boxes[f"view{i}"] = card["button"]
    if cookie:
        boxes["accept"] = _cookie_banner(page)
    return page, boxes


def tg_detail(*, chosen: str | None, message: tuple[str, str] | None = None,
              cart: int = 0, cookie: bool = False) -> tuple[Page, Boxes]:
    page = Page(f"{TG_HOST}/p/ridgeline-450-headlamp", "Ridgeline 450 Headlamp | TrailGear")
    boxes = page.site_header("TrailGear", color=TG, nav=TG_NAV, cart_count=cart)
    boxes.update(detail_page(page, LAMPS[1], top=CHROME_HEIGHT + 100,
                             crumbs="Lighting / Headlamps", button="Add to cart", color=TG,
                             options=[("Beam colour (required)", ["White", "Red + White"], chosen)],
                             message=message,
                             bullets=("450 lumens, 6 beam modes", "IPX6 water resistant",
                                      "3 x AAA batteries included")))
    if cookie:
        boxes["accept"] = _cookie_banner(page)
    return page, boxes


def tg_cart() -> tuple[Page, Boxes]:
    page = Page(f"{TG_HOST}/cart", "Cart | TrailGear")
    boxes = page.site_header("TrailGear", color=TG, nav=TG_NAV, cart_count=1)
    page.text(28, 204, "Your cart (1 item)", size=24, bold=True)
    cart_lines(page, 28, 250, 800, [(art.headlamp, "#1976d2", "Ridgeline 450 Headlamp",
                                     "Beam colour: White", 1, "$34.99")])
    boxes.update(order_summary(page, 880, 204, rows=[("Item (1)", "$34.99"),
                                                       ("Shipping", "Calculated at checkout")],
                               total="$34.99", button="Checkout", color=TG))
    return page, boxes


FC, FC_HOST = "#2e7d32", "https://www.freshcart.example"
FC_NAV = ("Produce", "Dairy & Eggs", "Bakery", "Meat & Seafood", "Pantry", "Frozen", "Deals")
BREADS = [
    Product("Hearth & Crumb Sourdough Loaf, 24 oz", "$5.99", 4.8, 1204, art.bread, "#d9a25f",
            note="Baked fresh daily"),
    Product("Hearth & Crumb Seeded Sourdough, 24 oz", "$6.49", 4.7, 488, art.bread, "#c68b4e"),
    Product("FreshCart Sourdough Sandwich Bread", "$3.79", 4.3, 910, art.bread, "#e4b77a"),
    Product("Golden Mill Sourdough Rolls, 6 ct", "$4.29", 4.4, 233, art.bread, "#d8a86a"),
]
WALL_HEADING = "Sign in to add items to your cart"
WALL_MESSAGE = ("Shopping on FreshCart needs an account so we can check delivery slots for "
                "your address.")


def fc_home(*, search: str = "") -> tuple[Page, Boxes]:
    page = Page(f"{FC_HOST}/", "FreshCart - Groceries delivered")
    boxes = page.site_header("FreshCart", color=FC, search=search, nav=FC_NAV, cart_count=0,
                             placeholder="Search groceries", search_focused=bool(search))
    banner = page.rect(Box(28, 204, 1224, 150), fill="#e8f5e9", radius=10)
    page.text(banner.x + 36, banner.y + 36, "Free delivery on your first three orders", size=26,
              bold=True, color=FC)
    page.text(banner.x + 36, banner.y + 84, "Enter your ZIP code to see delivery times near you.",
              size=16, color=MUTED)
    page.text(28, 380, "Shop by aisle", size=20, bold=True)
    for i, (label, fn, colour) in enumerate((("Bakery", art.bread, "#d9a25f"),
                                             ("Dairy & Eggs", art.jug, "#1e88e5"),
                                             ("Eggs", art.eggs, "#a1887f"),
                                             ("Breakfast", art.toaster, "#ef5350"))):
        fn(page, Box(28 + i * 310, 416, 290, 150), colour)
        page.text(28 + i * 310, 576, label, size=16, bold=True)
    return page, boxes


def fc_bakery(*, search: str = "", scrolled: bool = False) -> tuple[Page, Boxes]:
    page = Page(f"{FC_HOST}/aisle/bakery", "Bakery | FreshCart")
    boxes = page.site_header("FreshCart", color=FC, search=search, nav=FC_NAV, cart_count=0,
                             placeholder="Search groceries", search_focused=bool(search))
    cakes = [Product("Lemon Drizzle Loaf Cake", "$7.99", 4.6, 320, art.bread, "#f3d27a"),
             Product("Chocolate Chip Cookies, 12 ct", "$4.99", 4.5, 1012, art.eggs, "#8d6e63"),
             Product("Blueberry Muffins, 4 ct", "$5.49", 4.4, 604, art.bread, "#7e57c2"),
             Product("Cinnamon Rolls, 6 ct", "$6.29", 4.7, 811, art.bread, "#c68b4e")]
    page.text(28, 200, "Bakery" + (" - Cakes & sweets" if scrolled else ""), size=22, bold=True)
    shown = cakes[2:] + cakes[:2] if scrolled else cakes
    for i, product in enumerate(shown):
        product_card(page, 28 + i * 308, 240, 292, product, button="Add", accent=FC)
    return page, boxes


def fc_results() -> tuple[Page, Boxes]:
    page = Page(f"{FC_HOST}/search?q=sourdough+bread", "sourdough bread | FreshCart")
    boxes = page.site_header("FreshCart", color=FC, search="sourdough bread", nav=FC_NAV,
                             cart_count=0)
    page.text(28, 200, "Results for \"sourdough bread\"", size=20, bold=True)
    for i, bread in enumerate(BREADS):
        card = product_card(page, 28 + i * 308, 240, 292, bread, button="Add", accent=FC)
        boxes[f"title{i}"] = card["title"]
    return page, boxes


def fc_detail(*, wall: bool = False) -> tuple[Page, Boxes]:
    page = Page(f"{FC_HOST}/p/hearth-crumb-sourdough-24oz", "Sourdough Loaf | FreshCart")
    boxes = page.site_header("FreshCart", color=FC, nav=FC_NAV, cart_count=0)
    boxes.update(detail_page(page, BREADS[0], top=CHROME_HEIGHT + 100, crumbs="Bakery / Bread",
                             options=[("Quantity", ["1", "2", "3"], "1")], button="Add to cart",
                             color=FC, bullets=("Naturally leavened, 24 oz", "Baked fresh daily")))
    if wall:
        boxes.update(login_wall(page, brand="FreshCart", color=FC, heading=WALL_HEADING,
                                message=WALL_MESSAGE))
    return page, boxes


SF, SF_HOST = "#5e35b1", "https://www.stayfinder.example"
CAPTCHA_LINES = ["Verify you are human", "We noticed unusual activity from your network.",
                 "Complete the check below to continue to StayFinder."]
CAPTCHA_URL = f"{SF_HOST}/s/denver-co?checkin=2027-05-14&checkout=2027-05-16&adults=2"


def sf_home(*, destination: str = "") -> tuple[Page, Boxes]:
    page = Page(f"{SF_HOST}/", "StayFinder - Hotels and homes")
    page.draw.rectangle((0, CHROME_HEIGHT, 1280, 800), fill="#ede7f6")
    page.text(40, CHROME_HEIGHT + 24, "StayFinder", size=26, color=SF, bold=True)
    page.text(40, CHROME_HEIGHT + 110, "Find your next stay", size=40, bold=True)
    form = page.rect(Box(40, CHROME_HEIGHT + 190, 1200, 110), fill="#ffffff", outline=BORDER,
                     radius=12)
    boxes = {"destination": page.field(form.x + 24, form.y + 46, 380, value=destination,
                                       placeholder="Where are you going?",
                                       focused=bool(destination),
                                       label="Destination")}
    boxes["dates"] = page.field(form.x + 424, form.y + 46, 300, value="May 14 - May 16, 2027",
                                label="Dates")
    boxes["guests"] = page.field(form.x + 744, form.y + 46, 200, value="2 adults", label="Guests")
    boxes["search"] = page.button(form.x + 966, form.y + 46, "Search", color=SF, w=200, h=40)
    for i, city in enumerate(("Denver", "Santa Fe", "Boise")):
        art.landscape(page, Box(40 + i * 410, CHROME_HEIGHT + 330, 390, 200), "#7e57c2")
        page.text(40 + i * 410, CHROME_HEIGHT + 540, f"Weekend in {city}", size=16, bold=True)
    return page, boxes


def sf_captcha(*, stage: str) -> tuple[Page, Boxes]:
    """stage: 'check' (plain check), 'images' (tile challenge) or 'failed'."""
    page = Page(CAPTCHA_URL, "Just a moment...")
    if stage == "check":
        return page, captcha_page(page, lines=CAPTCHA_LINES)
    boxes = captcha_page(page, lines=CAPTCHA_LINES, checked=True)
    popup = page.rect(Box(700, 150, 420, 560), fill="#ffffff", outline="#9aa3ad", radius=4)
    page.rect(Box(popup.x + 10, popup.y + 10, 400, 84), fill="#1a73e8", radius=2)
    page.text(popup.x + 24, popup.y + 22, "Select all images with", size=15, color="#ffffff")
    page.text(popup.x + 24, popup.y + 46, "bridges", size=24, color="#ffffff", bold=True)
    kinds = [art.bridge, art.house, art.landscape, art.house, art.bridge, art.plane,
             art.landscape, art.bridge, art.house]
    for i, fn in enumerate(kinds):
        tile = Box(popup.x + 10 + (i % 3) * 134, popup.y + 104 + (i // 3) * 134, 130, 130)
        fn(page, tile, "#8d6e63")
        boxes[f"tile{i}"] = tile
    boxes["verify"] = page.button(popup.right - 120, popup.bottom - 52, "Verify", color="#1a73e8",
                                  w=110, h=40)
    if stage == "failed":
        page.text(popup.x + 16, popup.bottom - 44, "Please try again.", size=15, color="#d93025",
                  bold=True)
    return page, boxes


SH, SH_HOST = "#0277bd", "https://www.skyhop.example"
FLIGHTS = [("SH 1403", "6:00 AM", "7:52 AM", "2h 52m", "Nonstop", "$124"),
           ("SH 1619", "8:35 AM", "10:31 AM", "2h 56m", "Nonstop", "$112"),
           ("SH 2217", "11:10 AM", "1:05 PM", "2h 55m", "Nonstop", "$89"),
           ("SH 2540", "2:45 PM", "4:43 PM", "2h 58m", "Nonstop", "$131"),
           ("SH 2988", "6:20 PM", "8:14 PM", "2h 54m", "Nonstop", "$97")]


def _sh_bar(page: Page) -> None:
    page.draw.rectangle((0, CHROME_HEIGHT, 1280, CHROME_HEIGHT + 60), fill=SH)
    page.text(28, CHROME_HEIGHT + 16, "SkyHop", size=24, color="#ffffff", bold=True)
    page.text(1100, CHROME_HEIGHT + 20, "Sign in", size=15, color="#ffffff")


def sh_home(*, origin: str = "", dest: str = "", date: str = "",
            focus: str = "") -> tuple[Page, Boxes]:
    page = Page(f"{SH_HOST}/", "SkyHop - Cheap flights")
    _sh_bar(page)
    page.text(40, CHROME_HEIGHT + 96, "Where to next?", size=36, bold=True)
    page.checkbox(40, CHROME_HEIGHT + 160, "One way", checked=True)
    page.checkbox(160, CHROME_HEIGHT + 160, "Round trip")
    y = CHROME_HEIGHT + 230
    boxes = {"from": page.field(40, y, 260, value=origin, placeholder="From", label="From",
                                focused=focus == "from"),
             "to": page.field(320, y, 260, value=dest, placeholder="To", label="To",
                              focused=focus == "to"),
             "date": page.field(600, y, 220, value=date, placeholder="MM/DD/YYYY", label="Depart",
                                focused=focus == "date"),
             "pax": page.field(840, y, 160, value="1 adult", label="Travellers")}
    boxes["search"] = page.button(1020, y, "Search flights", color="#ff6f00", w=200, h=40)
    page.text(40, CHROME_HEIGHT + 320, "Popular from Boston", size=20, bold=True)
    for i, (city, fare, fn) in enumerate((("Chicago", "from $89", art.plane),
                                         ("Denver", "from $139", art.landscape),
                                         ("San Francisco", "from $168", art.bridge))):
        fn(page, Box(40 + i * 400, CHROME_HEIGHT + 356, 380, 220), "#0288d1")
        page.text(40 + i * 400, CHROME_HEIGHT + 586, city, size=16, bold=True)
        page.text(300 + i * 400, CHROME_HEIGHT + 586, fare, size=15, color=MUTED)
    return page, boxes


def sh_results(*, by_price: bool) -> tuple[Page, Boxes]:
    sort = "price" if by_price else "departure"
    page = Page(f"{SH_HOST}/flights/BOS-ORD/2027-02-12?adults=1&sort={sort}",
                "BOS to ORD | SkyHop")
    _sh_bar(page)
    page.text(28, CHROME_HEIGHT + 80, "Boston (BOS) to Chicago (ORD) - Fri, Feb 12, 2027 - 1 adult",
              size=18, bold=True)
    boxes = {"sort_departure": page.button(28, CHROME_HEIGHT + 116, "Departure time", color=SH,
                                           primary=not by_price, w=170, h=34, size=14),
             "sort_price": page.button(210, CHROME_HEIGHT + 116, "Lowest price", color=SH,
                                       primary=by_price, w=150, h=34, size=14)}
    rows = sorted(FLIGHTS, key=lambda f: int(f[5][1:])) if by_price else FLIGHTS
    for i, (flight, dep, arr, dur, stops, price) in enumerate(rows):
        y = CHROME_HEIGHT + 170 + i * 100
        page.rect(Box(28, y, 1224, 88), fill="#ffffff", outline=BORDER, radius=8)
        page.text(52, y + 18, f"{dep}  -  {arr}", size=20, bold=True)
        page.text(52, y + 52, f"{flight} - BOS to ORD", size=14, color=MUTED)
        page.text(420, y + 22, dur, size=16)
        page.text(420, y + 50, stops, size=14, color="#2e7d32")
        page.text(900, y + 26, price, size=24, bold=True, color=TEXT)
        boxes[f"select:{flight}"] = page.button(1080, y + 24, "Select", color="#ff6f00", w=140,
                                                h=40)
    return page, boxes


def sh_fares(flight: tuple[str, ...]) -> tuple[Page, Boxes]:
    code, dep, arr, _, _, price = flight
    page = Page(f"{SH_HOST}/book/{code.replace(' ', '')}/fares", "Choose a fare | SkyHop")
    _sh_bar(page)
    page.text(28, CHROME_HEIGHT + 84, f"{code}  {dep} BOS - {arr} ORD, Fri Feb 12", size=20,
              bold=True)
    boxes: Boxes = {}
    main_price = f"${int(price[1:]) + 40}"
    for i, (name, fare, perks) in enumerate((("Basic", price, "Personal item only, no changes"),
                                             ("Main", main_price, "Carry-on, free changes"))):
        card = page.rect(Box(28 + i * 420, CHROME_HEIGHT + 130, 400, 260), fill="#ffffff",
                         outline=BORDER, radius=10)
        page.text(card.x + 24, card.y + 24, name, size=22, bold=True)
        page.text(card.x + 24, card.y + 64, fare, size=32, bold=True)
        page.text(card.x + 24, card.y + 120, perks, size=14, color=MUTED)
        boxes[name] = page.button(card.x + 24, card.y + 190, f"Continue with {name}",
                                  color="#ff6f00", w=352, h=44)
    return page, boxes


def sh_passenger(flight: tuple[str, ...]) -> tuple[Page, Boxes]:
    code, dep, _, _, _, price = flight
    page = Page(f"{SH_HOST}/book/{code.replace(' ', '')}/passengers", "Passenger details | SkyHop")
    _sh_bar(page)
    page.text(28, CHROME_HEIGHT + 84, "Passenger details", size=26, bold=True)
    page.text(28, CHROME_HEIGHT + 124, f"Adult 1 - {code}, {dep}, Basic fare {price}", size=15,
              color=MUTED)
    y = CHROME_HEIGHT + 190
    for i, label in enumerate(("First name", "Last name", "Date of birth", "Email")):
        page.field(28 + (i % 2) * 420, y + (i // 2) * 90, 400, placeholder=label, label=label)
    panel = page.rect(Box(900, CHROME_HEIGHT + 84, 350, 200), fill="#f8f9fb", outline=BORDER,
                      radius=10)
    page.text(panel.x + 20, panel.y + 20, "Trip total", size=18, bold=True)
    page.text(panel.x + 20, panel.y + 60, price, size=30, bold=True)
    page.text(panel.x + 20, panel.y + 110, "Taxes and fees included", size=13, color=MUTED)
    return page, {"continue": page.button(28, y + 200, "Continue to seats", color="#ff6f00",
                                          w=240, h=44)}
