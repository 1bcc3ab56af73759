"""More consumer-tasks screenshots: grocery cart, restaurant search, toaster (attention)."""

from __future__ import annotations

import samples_art as art
from samples_common import Shots
from samples_draw import BORDER, CHROME_HEIGHT, MUTED, Box, Page
from samples_pages import (
    Product,
    cart_lines,
    detail_page,
    order_summary,
    product_card,
)

Shot = dict[str, str]
FRESH = "#2e7d32"
FRESH_NAV = ("Produce", "Dairy & Eggs", "Bakery", "Meat & Seafood", "Pantry", "Frozen", "Deals")
MILK = [
    Product("Meadow Valley Organic Whole Milk, 1 gal", "$6.49", 4.7, 2310, art.jug, "#1e88e5",
            note="USDA Organic"),
    Product("Meadow Valley Organic Whole Milk, 1/2 gal", "$3.99", 4.7, 1875, art.jug, "#1e88e5",
            note="USDA Organic"),
    Product("FreshCart Whole Milk, 1 gal", "$3.89", 4.4, 4102, art.jug, "#d32f2f"),
    Product("Hillside Organic 2% Milk, 1 gal", "$6.19", 4.5, 803, art.jug, "#7cb342",
            note="USDA Organic"),
]
EGGS = [
    Product("Sunrise Farms Large Brown Eggs, 12 ct", "$4.79", 4.6, 1522, art.eggs, "#a1887f",
            note="Cage-free"),
    Product("Sunrise Farms Large White Eggs, 12 ct", "$3.59", 4.5, 2011, art.eggs, "#fafafa"),
    Product("Pasture Road Brown Eggs, 18 ct", "$7.29", 4.8, 640, art.eggs, "#8d6e63",
            note="Pasture-raised"),
    Product("FreshCart Large Brown Eggs, 12 ct", "$3.99", 4.3, 988, art.eggs, "#a1887f"),
]


def _fresh_grid(shots: Shots, *, query: str, products: list[Product], cart: int, name: str,
                caption: str, button: str = "Add") -> Shot:
    p = Page(f"https://www.freshcart.example/search?q={query.replace(' ', '+')}",
             f"{query} | FreshCart")
    p.site_header("FreshCart", color=FRESH, search=query, nav=FRESH_NAV, cart_count=cart,
                  account="Hi, Sam")
    p.text(28, 200, f"Results for \"{query}\"", size=20, bold=True)
    p.text(28, 232, "Delivery to 94110 - Today 4-6 PM", size=14, color=MUTED)
    for i, product in enumerate(products):
        product_card(p, 28 + i * 308, 262, 292, product, button=button, accent=FRESH)
    return shots.shot(p, name, caption)


def grocery(shots: Shots) -> tuple[list[Shot], list[Shot]]:
    a1 = _fresh_grid(shots, query="organic whole milk", products=MILK, cart=0,
                     name="grocery_a_milk", caption="Search results for organic whole milk")
    a2 = _fresh_grid(shots, query="large brown eggs", products=EGGS, cart=1,
                     name="grocery_a_eggs", caption="Search results for large brown eggs")
    p = Page("https://www.freshcart.example/cart", "Your cart | FreshCart")
    p.site_header("FreshCart", color=FRESH, nav=FRESH_NAV, cart_count=2, account="Hi, Sam")
    p.text(28, 204, "Your cart (2 items)", size=24, bold=True)
    cart_lines(p, 28, 250, 800, [
        (art.jug, "#1e88e5", "Meadow Valley Organic Whole Milk", "1 gallon - USDA Organic",
         1, "$6.49"),
        (art.eggs, "#a1887f", "Sunrise Farms Large Brown Eggs", "12 count - Cage-free", 1,
         "$4.79")])
    order_summary(p, 880, 204, rows=[("Items (2)", "$11.28"), ("Delivery", "Free")],
                  total="$11.28", button="Go to checkout", color=FRESH)
    a3 = shots.shot(p, "grocery_a_cart", "Cart with both items, subtotal $11.28")
    b1 = _fresh_grid(shots, query="organic milk", products=MILK, cart=0,
                     name="grocery_b_milk", caption="Milk search results")
    p = Page("https://www.freshcart.example/p/sunrise-farms-large-brown-eggs-12",
             "Sunrise Farms Large Brown Eggs | FreshCart")
    p.site_header("FreshCart", color=FRESH, nav=FRESH_NAV, cart_count=0, account="Hi, Sam")
    detail_page(p, EGGS[0], top=CHROME_HEIGHT + 100, crumbs="Dairy & Eggs / Eggs",
                options=[("Quantity", ["1", "2", "3"], "1")], button="Add to cart",
                color=FRESH, bullets=("Cage-free, Grade A", "Sold by the dozen"))
    b2 = shots.shot(p, "grocery_b_eggs", "Egg product page")
    return [a1, a2, a3], [b1, b2]


TABLE = "#b71c1c"
RESTAURANTS = [
    ("Osteria Marisa", "Italian - $$$ - River North", 4.7, 1843, ["7:00 PM", "7:30 PM", "8:45 PM"]),
    ("Forno Rosso Loop", "Italian - $$ - The Loop", 4.5, 962, ["6:45 PM", "7:15 PM", "7:45 PM"]),
    ("Trattoria Lucca", "Italian - $$$ - West Loop", 4.6, 2207, ["5:30 PM", "9:30 PM"]),
    ("Cafe Aria", "Italian - $$ - Streeterville", 4.3, 511, ["7:30 PM", "8:00 PM"]),
]


def _restaurant_search(shots: Shots, name: str, caption: str) -> tuple[Shot, Box]:
    p = Page("https://www.tablehop.example/chicago/search?cuisine=italian&date=2026-12-04"
             "&time=19:30&party=2", "Italian in Chicago | TableHop")
    top = CHROME_HEIGHT
    p.draw.rectangle((0, top, 1280, top + 64), fill=TABLE)
    p.text(28, top + 18, "TableHop", size=24, color="#ffffff", bold=True)
    for i, label in enumerate(("Fri, Dec 4", "7:30 PM", "2 people", "Downtown Chicago")):
        p.rect(Box(260 + i * 190, top + 12, 176, 40), fill="#ffffff", radius=6)
        p.text(276 + i * 190, top + 22, label, size=15)
    p.text(28, top + 90, "Italian restaurants with tables around 7:30 PM", size=20, bold=True)
    first_slot = Box(0, 0, 0, 0)
    for i, (rname, info, rating, reviews, slots) in enumerate(RESTAURANTS):
        y = top + 130 + i * 140
        art.plate(p, Box(28, y, 160, 120), ["#e53935", "#fb8c00", "#8d6e63", "#fdd835"][i])
        p.text(208, y + 4, rname, size=18, bold=True)
        p.stars(208, y + 32, rating, reviews=reviews)
        p.text(208, y + 54, info, size=14, color=MUTED)
        for j, slot in enumerate(slots):
            b = p.button(208 + j * 120, y + 80, slot, color=TABLE, w=108, h=34, size=14)
            if i == 0 and j == 1:
                first_slot = b
        p.hline(28, y + 130, 1224)
    return shots.shot(p, name, caption), first_slot


def restaurant(shots: Shots) -> tuple[list[Shot], list[Shot]]:
    a1, _ = _restaurant_search(shots, "table_a_search", "Search results, Fri Dec 4 at 7:30 PM")
    p = Page("https://www.tablehop.example/reservations/confirmed/TH-48213",
             "Reservation confirmed | TableHop")
    top = CHROME_HEIGHT
    p.draw.rectangle((0, top, 1280, top + 64), fill=TABLE)
    p.text(28, top + 18, "TableHop", size=24, color="#ffffff", bold=True)
    panel = p.rect(Box(300, top + 110, 680, 420), fill="#ffffff", outline=BORDER, radius=12)
    p.draw.ellipse((panel.x + 300, panel.y + 30, panel.x + 380, panel.y + 110), fill="#2e7d32")
    p.draw.line((panel.x + 318, panel.y + 72, panel.x + 335, panel.y + 88, panel.x + 364,
                 panel.y + 52), fill="#ffffff", width=6)
    p.text(panel.x + 180, panel.y + 130, "You're all set! Reservation confirmed", size=22,
           bold=True)
    rows = [("Restaurant", "Osteria Marisa"), ("Date", "Friday, December 4, 2026"),
            ("Time", "7:30 PM"), ("Party size", "2 people"), ("Confirmation", "TH-48213")]
    for i, (label, value) in enumerate(rows):
        p.text(panel.x + 150, panel.y + 186 + i * 34, label, size=15, color=MUTED)
        p.text(panel.x + 330, panel.y + 186 + i * 34, value, size=15, bold=True)
    p.button(panel.x + 150, panel.y + 360, "Modify", color=TABLE, primary=False, w=170)
    p.button(panel.x + 340, panel.y + 360, "Cancel reservation", color=TABLE, primary=False,
             w=200)
    a2 = shots.shot(p, "table_a_confirmed", "Confirmation page: table booked at Osteria Marisa")
    b1, _ = _restaurant_search(shots, "table_b_search",
                               "Italian restaurants, Fri Dec 4, party of 2")
    p = Page("https://www.tablehop.example/r/osteria-marisa-chicago?date=2026-12-04&party=2",
             "Osteria Marisa | TableHop")
    p.draw.rectangle((0, top, 1280, top + 64), fill=TABLE)
    p.text(28, top + 18, "TableHop", size=24, color="#ffffff", bold=True)
    art.plate(p, Box(28, top + 90, 560, 320), "#e53935")
    p.text(620, top + 92, "Osteria Marisa", size=28, bold=True)
    p.stars(620, top + 136, 4.7, reviews=1843, size=15)
    p.text(620, top + 164, "Italian - $$$ - 412 N Clark St, River North", size=15, color=MUTED)
    p.text(620, top + 210, "Select a time for Fri, Dec 4 - 2 people", size=16, bold=True)
    for j, slot in enumerate(["7:00 PM", "7:30 PM", "8:45 PM"]):
        p.button(620 + j * 130, top + 244, slot, color=TABLE, w=116, h=38)
    p.wrap(620, top + 304, 600, "Selecting a time holds the table for 5 minutes while you "
           "enter your details. Nothing is booked until you press Complete reservation.",
           size=14, color=MUTED)
    b2 = shots.shot(p, "table_b_detail", "Osteria Marisa time slots (no booking made)")
    return [a1, a2], [b1, b2]


TOASTERS = [
    Product("Brightline 2-Slice Toaster, Bagel Setting", "$34.99", 4.5, 3021, art.toaster,
            "#b0bec5", note="Bagel, defrost, cancel"),
    Product("Kitchenly Wide-Slot 2-Slice Toaster", "$27.99", 4.2, 1764, art.toaster, "#ef5350",
            note="Bagel setting"),
    Product("Copperline Retro 2-Slice", "$49.99", 4.6, 902, art.toaster, "#d4a373",
            note="Bagel setting"),
    Product("Basics 2-Slice Toaster", "$19.99", 3.9, 5230, art.toaster, "#424242",
            note="No bagel setting"),
]


def toasters(shots: Shots) -> tuple[list[Shot], list[Shot]]:
    p = Page("https://www.kitchenly.example/search?q=2+slice+toaster",
             "2 slice toaster | Kitchenly")
    p.site_header("Kitchenly", color="#37474f", search="2 slice toaster", cart_count=0,
                  nav=("Small appliances", "Cookware", "Bakeware", "Cutlery", "Deals"))
    p.text(28, 200, "4 results for \"2 slice toaster\"", size=20, bold=True)
    for i, product in enumerate(TOASTERS):
        product_card(p, 28 + i * 308, 240, 292, product, button="View", accent="#37474f")
    results = shots.shot(p, "toaster_results", "Toaster search results with prices")
    details = []
    for product, slug, name in ((TOASTERS[0], "brightline-2-slice-bagel-toaster", "brightline"),
                                (TOASTERS[1], "kitchenly-wide-slot-2-slice", "kitchenly")):
        p = Page(f"https://www.kitchenly.example/p/{slug}", f"{product.title[:24]} | Kitchenly")
        p.site_header("Kitchenly", color="#37474f", cart_count=0,
                      nav=("Small appliances", "Cookware", "Bakeware", "Cutlery", "Deals"))
        detail_page(p, product, top=CHROME_HEIGHT + 100, crumbs="Small appliances / Toasters",
                    options=[("Colour", ["Silver", "Black", "Red"], None)],
                    button="Add to cart", color="#37474f",
                    bullets=("Bagel, defrost and cancel buttons", "7 shade settings"))
        details.append(shots.shot(p, f"toaster_{name}", f"{product.title}, {product.price}"))
    return [results, details[1]], [results, details[0]]
