"""Worst case of every text helper, the rule check, the Markdown renderer and the
window's text view on hostile texts (issue 13, item 3).

Run: .venv/bin/python benchmarks/bench_adversarial_text.py [--no-qt] [--top N]

Each hostile text (a unit repeated to the batch's response limit, plus 200k-character
lines for what a rater may paste) is fed to every function of
``rating.detect.hostile.TEXT_FUNCTIONS``. The floor is ``len(text.split())`` on the
same text, measured in the same run. A whole item made of two hostile responses at the
limit is rule-checked (``check_item``) and, unless ``--no-qt``, rendered and laid out in
a ``QTextBrowser`` (offscreen) the way the response pane does. Exit 1 when any case
takes a second or more.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable, Sequence

from rater_desktop.batch.model import Item, ItemKind, Response
from rater_desktop.rating.detect.hostile import (
    LONG_LINE,
    TEXT_FUNCTIONS,
    TEXT_LIMIT,
    UNITS,
    repeated,
)
from rater_desktop.rating.model import ItemRating
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.rules import check_item
from rater_desktop.rating.text import plain_text
from rater_desktop.render_markdown import render_markdown

BUDGET_S = 1.0


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def helper_cases(
    units: Sequence[str] = UNITS, lengths: Sequence[int] = (TEXT_LIMIT, LONG_LINE)
) -> list[tuple[float, float, str]]:
    """(seconds, floor seconds, label) for every function x hostile text."""
    out = []
    for unit in units:
        for length in lengths:
            text = repeated(unit, length)
            floor = max(timed(lambda t=text: len(t.split())), 1e-6)
            for name, fn in TEXT_FUNCTIONS.items():
                out.append((timed(lambda f=fn, t=text: f(t)), floor, f"{name}({unit!r} x {length:,})"))
    return out


def item_cases(with_qt: bool, units: Sequence[str] = UNITS) -> list[tuple[float, float, str]]:
    """A whole item at the limit: rule check, and the window's render + layout."""
    view = _text_view() if with_qt else None
    out = []
    for unit in units:
        text = repeated(unit, TEXT_LIMIT)
        floor = max(timed(lambda t=text: len(t.split())), 1e-6)
        item = Item("hostile", ItemKind.STANDARD, text, (Response("a", text), Response("b", text)))
        rating = ItemRating(item_id="hostile")

        def rules(t: str = text, i: Item = item, r: ItemRating = rating) -> object:
            plain_text.cache_clear()
            plains = (plain_text(t), plain_text(t))
            return check_item(r, item=i, plain_texts=plains, rubric=Rubric.default())

        out.append((timed(rules), floor, f"check_item(2 x {unit!r} x {TEXT_LIMIT:,})"))
        if view is not None:
            out.append((timed(lambda t=text: view(t)), floor, f"window render+layout(2 x {unit!r})"))
    return out


def _text_view() -> Callable[[str], None]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication, QTextBrowser

    app = QApplication.instance() or QApplication([])
    browsers = [QTextBrowser(), QTextBrowser()]
    for browser in browsers:
        browser.resize(560, 700)
        browser.show()

    def show(text: str) -> None:
        for browser in browsers:  # the two responses of one item
            browser.setHtml(render_markdown(text))
        app.processEvents()

    return show


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--no-qt", action="store_true", help="skip the QTextBrowser layout")
    parser.add_argument("--top", type=int, default=12)
    parser.add_argument("--tiny", action="store_true",
                        help="a seconds-long run for CI (make benchmarks-tiny): tiny sizes, "
                        "no budget check")
    args = parser.parse_args()
    units, lengths = (UNITS[:3], (2_000,)) if args.tiny else (UNITS, (TEXT_LIMIT, LONG_LINE))
    cases = helper_cases(units, lengths) + item_cases(with_qt=not args.no_qt, units=units)
    cases.sort(reverse=True)
    print(f"{len(cases)} cases; worst {args.top} (seconds, ratio to len(text.split())):")
    for seconds, floor, label in cases[: args.top]:
        print(f"  {seconds:8.3f} s  {seconds / floor:9.0f}x  {label}")
    worst = cases[0]
    verdict = "under" if worst[0] < BUDGET_S else "OVER"
    print(f"worst case: {worst[0]:.3f} s ({worst[2]}), {verdict} the {BUDGET_S:.0f} s budget")
    return 0 if worst[0] < BUDGET_S or args.tiny else 1


if __name__ == "__main__":
    raise SystemExit(main())
