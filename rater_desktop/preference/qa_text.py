"""The QA window's texts of a preference batch (Qt-free): numbers as the report prints
them, an agreement row, each rater's choice and explanation in file A/B terms."""

from __future__ import annotations

import html
from collections.abc import Mapping

from rater_desktop.preference.review import ChoiceDisagreement
from rater_desktop.preference.stats import Agreement


def num(value: float | None, digits: int = 2) -> str:
    """As the report prints numbers: two decimals, 'n/a' when there is none."""
    return "n/a" if value is None else f"{value:.{digits}f}"


def agreement_row(label: str, a: Agreement) -> list[str]:
    """Group, percent, alpha, items, raters."""
    return [label, num(a.percent), num(a.alpha), str(a.items), str(a.raters)]


def choices_text(item: ChoiceDisagreement) -> str:
    return ", ".join(f"{c.rater_id} {c.choice}" for c in item.choices)


def detail_html(item: ChoiceDisagreement, unsure: Mapping[str, str] | None = None) -> str:
    """Each rater's choice and explanation in file A/B terms, with what they were shown,
    and who marked the item unsure (rater -> reason)."""
    first, second = (html.escape(i) for i in item.identities)
    lines = [f"<h3>{html.escape(item.item_id)} ({html.escape(item.kind)})</h3>",
             f"<p>File A = {first}, file B = {second}. Choices below are in file order; "
             "each rater saw the responses in their own display order, noted after the "
             "choice.</p>"]
    if item.gold is not None:
        lines.append(f"<p>Gold choice: <b>{html.escape(item.gold)}</b></p>")
    for c in item.choices:
        model = {"A": first, "B": second}.get(c.choice, "neither: a tie")
        order = ("shown swapped: file B on the left as \u201cA\u201d" if c.swapped
                 else "shown in file order")
        said = html.escape(c.explanation) if c.explanation else "<i>no explanation</i>"
        seconds = "" if c.seconds is None else f", {c.seconds:.0f} s"
        lines.append(f"<p><b>{html.escape(c.rater_id)}</b>: {html.escape(c.choice)} ({model})"
                     f" \u2014 clicked \u201c{html.escape(c.shown)}\u201d, {order}{seconds}."
                     f"<br>{said}</p>")
    lines += [f"<p><b>{html.escape(rater)}</b> marked it unsure: {html.escape(why)}</p>"
              for rater, why in sorted((unsure or {}).items())]
    return "".join(lines)
