"""plain_text rendering, make_claim and locate_span."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rater_desktop.rating.text import locate_span, make_claim, plain_text


def test_paragraphs_are_separated_by_a_blank_line() -> None:
    assert plain_text("One\ntwo.\n\nThree.") == "One two.\n\nThree."


def test_lists_get_bullets_and_numbers() -> None:
    md = "Intro:\n\n- apple\n- pear\n  1. ripe\n  2. green\n\n5. five\n6. six\n\nEnd."
    assert plain_text(md) == (
        "Intro:\n\n• apple\n• pear\n  1. ripe\n  2. green\n\n5. five\n6. six\n\nEnd."
    )


def test_tables_rows_with_bars() -> None:
    md = "| Hotel | Price |\n|---|---|\n| Roma | $200 |\n| Vista | |\n\nAfter."
    assert plain_text(md) == "Hotel | Price\nRoma | $200\nVista | \n\nAfter."


def test_links_code_emphasis_and_html() -> None:
    md = "See [the **shop**](https://x.example) and `a < b`.\n\n```\nx = 1\n  y\n```\n\n<b>bold</b> &amp;"
    assert plain_text(md) == "See the shop and a < b.\n\nx = 1\n  y\n\n<b>bold</b> &"


def test_headings_quotes_images_and_breaks() -> None:
    md = "# Title\n\n> quoted\n\n![a cat](cat.png) here  \nnext"
    assert plain_text(md) == "Title\n\nquoted\n\na cat here\nnext"


def test_rendering_is_deterministic() -> None:
    md = "- a\n- b\n\n| x | y |\n|--|--|\n| 1 | 2 |"
    plain_text.cache_clear()
    first = plain_text(md)
    plain_text.cache_clear()
    assert plain_text(md) == first


def test_make_claim_is_verbatim_and_trims() -> None:
    plain = "Haku is a river spirit.  He works for Yubaba."
    claim = make_claim(plain, 23, len(plain), claim_id="c1")
    assert claim.text == "He works for Yubaba." and plain[claim.start : claim.end] == claim.text
    assert claim.id == "c1"
    with pytest.raises(ValueError):
        make_claim(plain, 10, 100)
    with pytest.raises(ValueError):
        make_claim(plain, 23, 25)


PLAIN = "Intro.\n\n• I added the hat to your cart.\n• The hat costs $25.\n\nThe hat costs $25 today."


@pytest.mark.parametrize(
    "selected",
    [
        "I added the hat to your cart.",
        "I added the hat\u00a0to your cart.",
        "  I added the hat\nto   your cart.  ",
        "• I added the hat to your cart.",
    ],
)
def test_locate_span_tolerates_whitespace(selected: str) -> None:
    span = locate_span(PLAIN, selected)
    assert span is not None
    assert PLAIN[span[0] : span[1]] == "I added the hat to your cart."


def test_locate_span_across_missing_bullets() -> None:
    span = locate_span(PLAIN, "your cart.\u2029The hat costs")
    assert span is not None and PLAIN[span[0] : span[1]] == "your cart.\n• The hat costs"


def test_locate_span_picks_nearest_occurrence() -> None:
    first = PLAIN.index("The hat costs $25.")
    second = PLAIN.rindex("The hat costs $25")
    assert locate_span(PLAIN, "The hat costs $25", near=0) == (first, first + 17)
    assert locate_span(PLAIN, "The hat costs $25", near=len(PLAIN)) == (second, second + 17)
    assert locate_span(PLAIN, "The hat costs $25") == (first, first + 17)


def test_locate_span_not_found() -> None:
    assert locate_span(PLAIN, "The cap costs $25") is None
    assert locate_span(PLAIN, "   ") is None


@settings(max_examples=150, deadline=None)
@given(
    st.text(alphabet="ab c.\n-*|#1", min_size=1, max_size=80),
    st.integers(0, 200),
    st.integers(0, 200),
)
def test_any_visible_span_is_located(markdown: str, i: int, j: int) -> None:
    plain = plain_text(markdown)
    assume(plain.strip())
    i, j = sorted((i % (len(plain) + 1), j % (len(plain) + 1)))
    selected = plain[i:j]
    assume(selected.strip())
    # the window shows the same words, maybe with other whitespace
    span = locate_span(plain, selected.replace(" ", "\u00a0").replace("\n", "\u2029"), near=i)
    assert span is not None
    assert plain[span[0] : span[1]].split() == selected.split() or _marker_free(
        plain[span[0] : span[1]]
    ) == _marker_free(selected)


def _marker_free(text: str) -> list[str]:
    return [w for w in text.split() if w not in ("•", "|") and not (w[:-1].isdigit() and w[-1] in ".)")]
