"""Screenshots for the consumer-tasks batch. Each function returns (A shots, B shots)."""

from __future__ import annotations

import samples_art as art
from samples_art import map_pane
from samples_common import Shots
from samples_draw import BORDER, CHROME_HEIGHT, MUTED, Box, Page
from samples_pages import (
    Product,
    article,
    compose_window,
    detail_page,
    listing_card,
    mail_shell,
    product_card,
    results_list,
    week_calendar,
)

Shot = dict[str, str]
STRIDE = "#0f5132"
SHOE_NAV = ("Men", "Women", "Running", "Trail", "Walking", "Sale")
WIDE_SHOES = [
    Product("Pacer Glide 5 Wide", "$109.95", 4.6, 1284, art.shoe, "#1565c0",
            note="Size 9 wide (2E) in stock"),
    Product("Tempo Rise 3 Wide", "$98.00", 4.3, 642, art.shoe, "#c62828",
            note="Size 9 wide (2E) in stock"),
    Product("Longhaul Cushion Wide", "$119.00", 4.4, 913, art.shoe, "#6a1b9a",
            note="Size 9 wide (2E) in stock"),
    Product("Cloudline Trainer Wide", "$89.99", 4.0, 377, art.shoe, "#00838f",
            note="Only 2 left in 9 wide"),
]


def _shoe_filters(page: Page, checks: list[tuple[str, bool]]) -> None:
    page.text(28, 206, "Filters", size=18, bold=True)
    for i, (label, checked) in enumerate(checks):
        page.checkbox(28, 244 + i * 32, label, checked=checked)


def shoes(shots: Shots) -> tuple[list[Shot], list[Shot]]:
    url = "https://www.stridehouse.example/mens/running?size=9&width=wide&price=0-120"
    p = Page(url, "Men's Running Shoes | StrideHouse")
    p.site_header("StrideHouse", color=STRIDE, search="men's running shoes", nav=SHOE_NAV,
                  cart_count=0)
    _shoe_filters(p, [("Size 9", True), ("Wide (2E)", True), ("Under $120", True),
                      ("Road", True), ("Trail", False)])
    p.text(240, 196, "4 results for men's running shoes - size 9, wide, under $120", size=15,
           color=MUTED)
    for i, shoe in enumerate(WIDE_SHOES):
        product_card(p, 240 + i * 255, 226, 240, shoe, button="View", accent=STRIDE)
    a1 = shots.shot(p, "shoes_a_results", "Search results filtered to size 9, wide, under $120")

    p = Page("https://www.stridehouse.example/p/pacer-glide-5-wide-mens",
             "Pacer Glide 5 Wide | StrideHouse")
    p.site_header("StrideHouse", color=STRIDE, nav=SHOE_NAV, cart_count=0)
    detail_page(p, WIDE_SHOES[0], top=CHROME_HEIGHT + 100, crumbs="Men / Running / Road",
                options=[("Size", ["8", "8.5", "9", "9.5", "10", "11"], "9"),
                         ("Width", ["Standard (D)", "Wide (2E)", "Extra wide (4E)"], "Wide (2E)")],
                button="Add to cart", color=STRIDE, unavailable=("Extra wide (4E)",),
                bullets=("Neutral cushioning, 10 mm drop", "Weight 10.2 oz (men's 9)",
                         "Free returns within 30 days"))
    a2 = shots.shot(p, "shoes_a_pacer", "Pacer Glide 5 Wide: size 9, Wide (2E) selected, $109.95")

    p = Page("https://www.stridehouse.example/p/longhaul-cushion-wide-mens",
             "Longhaul Cushion Wide | StrideHouse")
    p.site_header("StrideHouse", color=STRIDE, nav=SHOE_NAV, cart_count=0)
    detail_page(p, WIDE_SHOES[2], top=CHROME_HEIGHT + 100, crumbs="Men / Running / Road",
                options=[("Size", ["8", "8.5", "9", "9.5", "10", "11"], "9"),
                         ("Width", ["Standard (D)", "Wide (2E)"], "Wide (2E)")],
                button="Add to cart", color=STRIDE,
                bullets=("Max cushioning, 6 mm drop", "Weight 10.9 oz (men's 9)"))
    a3 = shots.shot(p, "shoes_a_longhaul", "Longhaul Cushion Wide: size 9 wide, $119.00")
    return [a1, a2, a3], _shoes_b(shots)


def _shoes_b(shots: Shots) -> list[Shot]:
    p = Page("https://www.stridehouse.example/search?q=running+shoes", "Search | StrideHouse")
    p.site_header("StrideHouse", color=STRIDE, search="running shoes", nav=SHOE_NAV, cart_count=0)
    _shoe_filters(p, [("Size 9", False), ("Wide (2E)", False), ("Under $120", False)])
    p.text(240, 196, "212 results for running shoes", size=15, color=MUTED)
    items = [
        Product("Swift Road 2", "$129.95", 4.7, 2210, art.shoe, "#ef6c00", note="Standard width"),
        Product("Tempo Rise 3", "$98.00", 4.3, 1580, art.shoe, "#c62828", note="Standard width"),
        Product("Longhaul Trail GTX", "$149.00", 4.5, 488, art.shoe, "#4e342e",
                note="Waterproof trail"),
        Product("Pacer Glide 5", "$109.95", 4.6, 3120, art.shoe, "#1565c0",
                note="Also in wide"),
    ]
    for i, shoe in enumerate(items):
        product_card(p, 240 + i * 255, 226, 240, shoe, button="View", accent=STRIDE)
    b1 = shots.shot(p, "shoes_b_results", "Unfiltered search results for running shoes")
    p = Page("https://www.stridehouse.example/p/tempo-rise-3-mens", "Tempo Rise 3 | StrideHouse")
    p.site_header("StrideHouse", color=STRIDE, nav=SHOE_NAV, cart_count=0)
    detail_page(p, items[1], top=CHROME_HEIGHT + 100, crumbs="Men / Running / Road",
                options=[("Size", ["8", "8.5", "9", "9.5", "10"], "9"),
                         ("Width", ["Standard (D)"], "Standard (D)")],
                button="Add to cart", color=STRIDE,
                bullets=("Responsive foam, 8 mm drop", "Available in standard width only"))
    b2 = shots.shot(p, "shoes_b_tempo", "Tempo Rise 3 product page (standard width only)")
    return [b1, b2]


NEST = "#e0484f"


def _rental_grid(shots: Shots, *, city: str, area: list[str], name: str, caption: str,
                 seed: int) -> Shot:
    slug = city.lower()
    p = Page(f"https://www.nestaway.example/s/{slug}?checkin=2027-03-13&checkout=2027-03-20"
             "&adults=4", f"{city} stays | NestAway")
    top = CHROME_HEIGHT
    p.text(28, top + 20, "nestaway", size=26, color=NEST, bold=True)
    pill = p.rect(Box(300, top + 12, 620, 48), fill="#ffffff", outline=BORDER, radius=24)
    p.text(pill.x + 24, pill.y + 15, city, size=15, bold=True)
    p.text(pill.x + 180, pill.y + 15, "Mar 13 - Mar 20, 2027", size=15)
    p.text(pill.x + 400, pill.y + 15, "4 guests", size=15)
    p.rect(Box(pill.right - 44, pill.y + 6, 36, 36), fill=NEST, radius=18)
    p.hline(0, top + 74, 1280)
    p.text(28, top + 88, f"Over 300 homes in {city}", size=15, color=MUTED)
    colors = ["#f5deb3", "#ffe0b2", "#c8e6c9", "#e1bee7"]
    facts = ["Sleeps 4 - 2 bedrooms - 2 beds", "Sleeps 4 - 2 bedrooms - 3 beds",
             "Sleeps 5 - 2 bedrooms - 3 beds", "Sleeps 4 - 1 bedroom - 2 beds"]
    prices = ["$142 night - $1,138 total", "$118 night - $951 total",
              "$167 night - $1,329 total", "$96 night - $784 total"]
    for i in range(4):
        listing_card(p, 28 + (i % 2) * 330, top + 118 + (i // 2) * 246, 310, art=art.house,
                     color=colors[i], title=area[i].split("|")[1], place=area[i].split("|")[0],
                     facts=facts[i], price=prices[i], rating=4.9 - i * 0.1, reviews=212 - i * 37)
    pins = [(0.2, 0.25, "$142"), (0.55, 0.35, "$118"), (0.35, 0.6, "$167"), (0.7, 0.55, "$96")]
    map_pane(p, Box(700, top + 80, 580, 800 - top - 80), seed=seed, pins=pins, city=city)
    return shots.shot(p, name, caption)


def _rental_detail(shots: Shots, *, slug: str, title: str, place: str, name: str,
                   caption: str, night: str = "$142", total: str = "$1,138") -> Shot:
    p = Page(f"https://www.nestaway.example/rooms/{slug}?adults=4", f"{title} | NestAway")
    top = CHROME_HEIGHT
    p.text(28, top + 20, "nestaway", size=26, color=NEST, bold=True)
    p.hline(0, top + 70, 1280)
    p.text(40, top + 90, title, size=26, bold=True)
    p.text(40, top + 128, place, size=15, color=MUTED)
    art.house(p, Box(40, top + 160, 520, 300), "#f5deb3")
    art.house(p, Box(570, top + 160, 250, 145), "#ffe0b2")
    art.house(p, Box(570, top + 315, 250, 145), "#c8e6c9")
    p.text(40, top + 480, "Entire rental unit - 4 guests - 2 bedrooms - 2 beds - 1.5 baths",
           size=16, bold=True)
    p.wrap(40, top + 512, 780, "Self check-in with keypad. Fast wifi, washer, fully equipped "
           "kitchen. Tram stop 3 minutes away.", size=14, color=MUTED)
    panel = p.rect(Box(860, top + 160, 380, 330), fill="#ffffff", outline=BORDER, radius=12)
    p.text(panel.x + 24, panel.y + 22, f"{night} night", size=22, bold=True)
    p.rect(Box(panel.x + 24, panel.y + 66, 332, 100), outline="#9aa3ad", radius=8)
    p.text(panel.x + 36, panel.y + 76, "CHECK-IN  3/13/2027", size=12, bold=True)
    p.text(panel.x + 200, panel.y + 76, "CHECKOUT  3/20/2027", size=12, bold=True)
    p.text(panel.x + 36, panel.y + 124, "GUESTS  4 guests", size=12, bold=True)
    p.button(panel.x + 24, panel.y + 182, "Reserve", color=NEST, w=332, h=46)
    p.text(panel.x + 90, panel.y + 238, "You won't be charged yet", size=13, color=MUTED)
    p.text(panel.x + 24, panel.y + 276, "7 nights total", size=15)
    p.text(panel.x + 270, panel.y + 276, total, size=15, bold=True)
    return shots.shot(p, name, caption)


def rentals(shots: Shots) -> tuple[list[Shot], list[Shot]]:
    lisbon = ["Alfama, Lisbon|Tiled flat with river view", "Baixa, Lisbon|Bright loft near Rossio",
              "Belem, Lisbon|Garden duplex", "Graca, Lisbon|Rooftop studio plus"]
    a1 = _rental_grid(shots, city="Lisbon", area=lisbon, name="rent_a_grid", seed=11,
                      caption="NestAway results for Lisbon, Mar 13-20, 4 guests")
    a2 = _rental_detail(shots, slug="alfama-tiled-flat", title="Tiled flat with river view",
                        place="Alfama, Lisbon, Portugal", name="rent_a_detail",
                        caption="Listing page: Alfama, Lisbon")
    porto = ["Ribeira, Porto|Riverside loft by the bridge",
             "Cedofeita, Porto|Two-bedroom artist flat",
             "Bonfim, Porto|Townhouse with patio", "Baixa, Porto|Compact flat near Aliados"]
    b1 = _rental_grid(shots, city="Porto", area=porto, name="rent_b_grid", seed=23,
                      caption="NestAway results for Porto, Mar 13-20, 4 guests, with map")
    b2 = _rental_detail(shots, slug="ribeira-riverside-loft", title="Riverside loft by the bridge",
                        place="Ribeira, Porto, Portugal", name="rent_b_detail",
                        caption="Ribeira listing: 4 guests, Mar 13-20, $1,138 total")
    return [a1, a2], [b1, b2]


FOLDERS = [("Inbox", 12), ("Starred", 0), ("Snoozed", 0), ("Sent", 0), ("Drafts", 1)]
PRIYA_BODY = ("Hi Sam,\n\nCould we grab 30 minutes next week (Dec 7-11) for the Harbor project "
              "sync? I'd like to go over the vendor shortlist before the holidays. Send me a "
              "few times that work on your side and I'll book a room.\n\nThanks,\nPriya")


def _mail_message(shots: Shots, name: str, caption: str) -> Shot:
    p = Page("https://mail.postbox.example/inbox/18c2f0a7", "Project sync next week? - Postbox")
    mail_shell(p, folders=FOLDERS, active="Inbox")
    p.text(250, 170, "Project sync next week?", size=24)
    art.portrait(p, Box(250, 214, 44, 44), "#5c6bc0")
    p.text(306, 216, "Priya Raman", size=15, bold=True)
    p.text(306, 238, "to me", size=13, color=MUTED)
    p.text(1080, 218, "Nov 30, 8:12 AM", size=13, color=MUTED)
    p.wrap(306, 280, 700, PRIYA_BODY, size=15, gap=8)
    p.button(306, 560, "Reply", color="#444746", primary=False, w=110)
    p.button(430, 560, "Forward", color="#444746", primary=False, w=120)
    return shots.shot(p, name, caption)


def email(shots: Shots) -> tuple[list[Shot], list[Shot]]:
    p = Page("https://mail.postbox.example/inbox", "Inbox (12) - Postbox")
    mail_shell(p, folders=FOLDERS, active="Inbox")
    rows = [("Priya Raman", "Project sync next week?", "8:12 AM"),
            ("Harbor Vendors", "Updated quote for Q1", "Nov 29"),
            ("Calendar", "Reminder: Design review Tue 10:00", "Nov 29"),
            ("Lena Ortiz", "Re: offsite photos", "Nov 28")]
    for i, (who, subject, when) in enumerate(rows):
        y = 160 + i * 44
        p.hline(230, y + 40, 1030)
        p.text(250, y + 12, who, size=15, bold=i == 0)
        p.text(470, y + 12, subject, size=15, bold=i == 0)
        p.text(1170, y + 12, when, size=13, color=MUTED)
    a1 = shots.shot(p, "mail_a_inbox", "Inbox with Priya's unread message")
    a2 = _mail_message(shots, "mail_a_message", "Priya's message asking for times next week")
    b1 = _mail_message(shots, "mail_b_message", "Priya's message (Dec 7-11, 30 minutes)")
    p = Page("https://calendar.postbox.example/week/2026-12-07", "Week of Dec 7 - Calendar")
    p.text(24, CHROME_HEIGHT + 16, "Postbox Calendar", size=20, color="#0b57d0", bold=True)
    p.text(300, CHROME_HEIGHT + 18, "December 7 - 11, 2026", size=18)
    events = [(0, 9, 12, "Quarterly planning", "#3f51b5"), (0, 12, 13, "Lunch w/ Lena", "#f6bf26"),
              (0, 13, 17, "Client workshop", "#3f51b5"),
              (1, 9, 10, "Design review", "#0b8043"), (1, 10, 13, "Vendor calls", "#e67c73"),
              (1, 14, 17, "Focus block", "#616161"), (2, 9, 10, "Standup + 1:1s", "#0b8043"),
              (2, 11.5, 17, "Site visit (Oakland)", "#f4511e"),
              (3, 9, 15, "Training day", "#8e24aa"), (4, 9, 17, "Out of office", "#616161")]
    week_calendar(p, x=24, y=CHROME_HEIGHT + 60, days=["Mon 7", "Tue 8", "Wed 9", "Thu 10",
                                                          "Fri 11"], events=events)
    b2 = shots.shot(p, "mail_b_calendar", "Calendar week view, Dec 7-11")
    p = Page("https://mail.postbox.example/inbox/18c2f0a7?compose=reply",
             "Project sync next week? - Postbox")
    mail_shell(p, folders=FOLDERS, active="Inbox")
    p.text(250, 170, "Project sync next week?", size=24)
    p.wrap(250, 220, 360, PRIYA_BODY, size=14, gap=6, color=MUTED)
    compose_window(p, to="Priya Raman", subject="Re: Project sync next week?", body=(
        "Hi Priya,\n\nHappy to. Any of these 30-minute windows work for me next week:\n"
        "- Tue Dec 8, between 1:00 and 2:00 PM\n- Wed Dec 9, between 10:00 and 11:30 AM\n"
        "- Thu Dec 10, between 3:00 and 5:00 PM\n\nBook whichever suits the room.\n\nThanks,\nSam"))
    b3 = shots.shot(p, "mail_b_draft", "Reply drafted (not sent), three time windows")
    return [a1, a2], [b1, b2, b3]


BRIDGE_ROWS = [("Canakkale 1915 Bridge", "2,023 m", "2022", "Turkey"),
               ("Akashi Kaikyo Bridge", "1,991 m", "1998", "Japan"),
               ("Great Belt East Bridge", "1,624 m", "1998", "Denmark"),
               ("Humber Bridge", "1,410 m", "1981", "United Kingdom"),
               ("Verrazzano-Narrows Bridge", "1,298 m", "1964", "United States"),
               ("Golden Gate Bridge", "1,280 m", "1937", "United States"),
               ("Mackinac Bridge", "1,158 m", "1957", "United States")]


def bridge_article(shots: Shots, name: str, caption: str) -> Shot:
    p = Page("https://en.wikipedia.org/wiki/Golden_Gate_Bridge", "Golden Gate Bridge - Wikipedia")
    bottom = article(p, site="Wikipedia", title="Golden Gate Bridge", art=art.bridge,
                     color="#c0362c", intro=(
                         "The Golden Gate Bridge is a suspension bridge spanning the Golden Gate, "
                         "the one-mile-wide strait connecting San Francisco Bay and the Pacific "
                         "Ocean. Construction began on January 5, 1933, and the bridge opened to "
                         "pedestrians on May 27, 1937, and to vehicles the following day. Its "
                         "main span of 4,200 feet (1,280 m) was the longest in the world until "
                         "1964."),
                     facts=[("Carries", "US 101, SR 1"), ("Design", "Suspension"),
                            ("Main span", "1,280 m (4,200 ft)"), ("Construction", "1933-1937"),
                            ("Opened", "May 27, 1937")])
    p.text(40, bottom + 20, "Contents", size=18, bold=True)
    for i, entry in enumerate(("1 History", "2 Structure", "3 Traffic", "4 Aesthetics")):
        p.link(56, bottom + 54 + i * 28, entry)
    return shots.shot(p, name, caption)


def bridges(shots: Shots) -> tuple[list[Shot], list[Shot]]:
    a1 = bridge_article(shots, "bridge_a_article", "Golden Gate Bridge article with infobox")
    p = Page("https://en.wikipedia.org/wiki/List_of_longest_suspension_bridge_spans",
             "List of longest suspension bridge spans - Wikipedia")
    top = CHROME_HEIGHT
    p.draw.rectangle((0, top, 1280, top + 50), fill="#f8f9fa")
    p.text(24, top + 14, "Wikipedia", size=18, color="#202122", bold=True)
    p.text(40, top + 74, "List of longest suspension bridge spans", size=28)
    p.hline(40, top + 116, 1200, "#a2a9b1")
    p.wrap(40, top + 132, 1180, "Bridges ranked by the length of their main span (selected "
           "rows shown).", size=15)
    p.table(40, top + 176, (460, 220, 200, 320), ("Bridge", "Main span", "Opened", "Country"),
            list(BRIDGE_ROWS), highlight=5)
    a2 = shots.shot(p, "bridge_a_table", "Table of suspension bridge spans, Golden Gate row")
    p = Page("https://search.example/?q=golden+gate+bridge+main+span+opened",
             "golden gate bridge main span opened - Search")
    p.text(28, top + 22, "Search", size=22, color="#4285f4", bold=True)
    p.field(140, top + 16, 620, value="golden gate bridge main span opened")
    results_list(p, 140, top + 90, 760, [
        ("Golden Gate Bridge - Wikipedia", "en.wikipedia.org > wiki > Golden_Gate_Bridge",
         "Construction began on January 5, 1933 ... The main span is 4,200 feet (1,280 m) ..."),
        ("Golden Gate Bridge | History, Construction, & Facts", "www.britannica.com > topic",
         "Golden Gate Bridge, suspension bridge spanning the Golden Gate in California ... "
         "completed in 1937 ..."),
        ("Golden Gate Bridge Highway & Transportation District", "www.goldengate.org",
         "Bridge facts, tolls, history and research about the Golden Gate Bridge ...")])
    b1 = shots.shot(p, "bridge_b_search", "Search results page")
    b2 = bridge_article(shots, "bridge_b_article", "Golden Gate Bridge article")
    return [a1, a2], [b1, b2]
