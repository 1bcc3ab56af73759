"""Widget sizes in lines and characters of the font, never in literal pixels.

The window passes in its font's line height and average character width (QFontMetrics);
these plain functions turn them into pixels, so every size grows with the rater's font.
"""

from __future__ import annotations

from dataclasses import dataclass

# A help or instructions dialog: a line of prose with its margins, a page of text.
READING_CHARS = 96
READING_LINES = 34
CHART_ROW_LINES = 1.5  # a bar with air above and below its label
CHART_TITLE_LINES = 1.5
VERTICAL_CHART_LINES = 13  # columns tall enough to compare, with value and label lines
CHART_LEAST_CHARS = 38  # a label, a bar and its value still side by side
CHART_CHARS = 60


def text_box(chars: float, lines: float, *, char_width: float, line_height: float,
             room: tuple[int, int] | None = None) -> tuple[int, int]:
    """``chars`` x ``lines`` of the font in pixels, within ``room`` (the screen) if given."""
    width, height = round(chars * char_width), round(lines * line_height)
    if room is not None:
        width, height = min(width, room[0]), min(height, room[1])
    return width, height


@dataclass(frozen=True)
class ChartSizes:
    """A bar chart's rows, title, vertical height and widths, in pixels of one font."""

    row: int
    title: int
    vertical: int
    least_width: int
    width: int


def chart_sizes(*, char_width: float, line_height: float) -> ChartSizes:
    """The chart's sizes at a font of this line height and average character width."""
    return ChartSizes(row=round(CHART_ROW_LINES * line_height),
                      title=round(CHART_TITLE_LINES * line_height),
                      vertical=round(VERTICAL_CHART_LINES * line_height),
                      least_width=round(CHART_LEAST_CHARS * char_width),
                      width=round(CHART_CHARS * char_width))


# QA Compare's column: one-line rows of the raters' answers kept in view above the
# decision panel (the five summary rows, the verdict wrapped to a second line).
ANSWER_ROWS = 6


def column_split(total: int, *, answers_least: int, panel_full: int, panel_least: int,
                 panel_share: float | None = None) -> tuple[int, int]:
    """(answers, decision panel) heights of a column ``total`` pixels tall.

    The panel has its full height where the answers still keep ``answers_least``; below
    that it gives way down to ``panel_least`` (its key controls: the rest of it scrolls).
    A share of the column the reviewer dragged it to wins, within the same limits."""
    want = round(total * panel_share) if panel_share is not None else total - answers_least
    panel = max(0, min(max(want, panel_least), panel_full, total))
    return total - panel, panel
