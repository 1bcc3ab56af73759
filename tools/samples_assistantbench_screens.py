"""Evidence pages for the AssistantBench-style questions: articles, search hits, data tables."""

from __future__ import annotations

from dataclasses import dataclass

import samples_art as art
from samples_art import Art
from samples_common import Shots
from samples_draw import CHROME_HEIGHT, MUTED, Page
from samples_pages import article, results_list

Shot = dict[str, str]
WIKI = "https://en.wikipedia.org/wiki/"


@dataclass(frozen=True)
class Wiki:
    """An encyclopedia article: title, lead paragraph and infobox rows."""

    slug: str
    title: str
    intro: str
    facts: tuple[tuple[str, str], ...]
    art: Art = art.landscape
    color: str = "#6d4c41"
    sections: tuple[str, ...] = ("Early life", "Career", "Legacy", "References")


def wiki(shots: Shots, name: str, page_spec: Wiki, caption: str) -> Shot:
    p = Page(WIKI + page_spec.slug, f"{page_spec.title} - Wikipedia")
    bottom = article(p, site="Wikipedia", title=page_spec.title, intro=page_spec.intro,
                     art=page_spec.art, color=page_spec.color, facts=list(page_spec.facts))
    p.text(40, bottom + 20, "Contents", size=18, bold=True)
    for i, entry in enumerate(page_spec.sections):
        p.link(56, bottom + 54 + i * 28, f"{i + 1} {entry}")
    return shots.shot(p, name, caption)


def search(shots: Shots, name: str, query: str, results: list[tuple[str, str, str]],
           caption: str) -> Shot:
    p = Page("https://search.example/?q=" + query.replace(" ", "+"), f"{query} - Search")
    p.text(28, CHROME_HEIGHT + 22, "Search", size=22, color="#4285f4", bold=True)
    p.field(140, CHROME_HEIGHT + 16, 620, value=query)
    p.text(140, CHROME_HEIGHT + 66, f"About {len(query) * 913:,} results", size=13, color=MUTED)
    results_list(p, 140, CHROME_HEIGHT + 96, 760, results)
    return shots.shot(p, name, caption)


@dataclass(frozen=True)
class DataTable:
    """A page whose main content is one table."""

    url: str
    tab: str
    site: str
    heading: str
    note: str
    widths: tuple[int, ...]
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    highlight: int | None = None
    brand: str = "#202122"


def data_table(shots: Shots, name: str, spec: DataTable, caption: str) -> Shot:
    p = Page(spec.url, spec.tab)
    top = CHROME_HEIGHT
    p.draw.rectangle((0, top, 1280, top + 50), fill="#f8f9fa")
    p.text(24, top + 14, spec.site, size=18, color=spec.brand, bold=True)
    p.text(40, top + 74, spec.heading, size=28)
    p.hline(40, top + 116, 1200, "#a2a9b1")
    y = p.wrap(40, top + 132, 1180, spec.note, size=15, color=MUTED)
    row_h = 34 if len(spec.rows) < 12 else 30
    p.table(40, y + 12, spec.widths, spec.header, list(spec.rows), highlight=spec.highlight,
            row_h=row_h, size=14 if len(spec.widths) < 5 else 13)
    return shots.shot(p, name, caption)
