"""Widget sizes in lines and characters: they grow with the font, within the screen."""

from __future__ import annotations

from rater_desktop.font_boxes import chart_sizes, column_split, text_box


def test_a_text_box_scales_with_the_font_and_stays_on_the_screen() -> None:
    small = text_box(96, 34, char_width=7, line_height=15)  # about 10 pt
    large = text_box(96, 34, char_width=11, line_height=24)  # about 16 pt
    assert small == (672, 510) and large == (1056, 816)
    assert text_box(96, 34, char_width=11, line_height=24, room=(800, 700)) == (800, 700)


def test_chart_sizes_scale_with_the_font() -> None:
    small = chart_sizes(char_width=7, line_height=16)
    large = chart_sizes(char_width=11, line_height=24)
    assert (small.row, small.title, small.vertical) == (24, 24, 208)  # the old 24 and ~210
    assert (large.row, large.title, large.vertical) == (36, 36, 312)
    assert large.least_width / small.least_width == large.width / small.width == 11 / 7


def test_the_compare_column_gives_the_answers_their_rows_first() -> None:
    sizes = {"answers_least": 250, "panel_full": 150, "panel_least": 70}
    assert column_split(800, **sizes) == (650, 150)  # room for both: the panel in full
    assert column_split(350, **sizes) == (250, 100)  # the panel gives way to the answers
    assert column_split(280, **sizes) == (210, 70)  # down to its decision and verdict rows
    assert column_split(50, **sizes) == (0, 50)
    # A dragged share wins within the panel's limits, on any screen size.
    assert column_split(1000, **sizes, panel_share=0.1) == (900, 100)
    assert column_split(1000, **sizes, panel_share=0.5) == (850, 150)
    assert column_split(280, **sizes, panel_share=0.1) == (210, 70)
