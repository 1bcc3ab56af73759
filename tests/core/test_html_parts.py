"""A long document's HTML cut into parts for the window, without Qt (``html_parts``)."""

from __future__ import annotations

from rater_desktop.html_parts import LINES_PER_PARAGRAPH, PART_CHARS, html_parts
from rater_desktop.render_markdown import render_markdown

LONG = ("I searched the shop for red umbrellas and opened the [Red Classic]"
        "(https://shop.example/red) page. ") * 400


def test_a_short_document_is_one_part() -> None:
    html = "<p>short</p>\n"
    assert html_parts(html) == [html]


def test_html_parts_keep_every_row_and_word() -> None:
    table = "| Shoe | Price |\n|---|---|\n" + "| Pacer Glide 5 Wide | $109.95 |\n" * 300
    html = render_markdown(table)
    parts = html_parts(html)
    assert len(parts) > 1 and all(len(p) < 4000 for p in parts)
    assert "".join(parts).count("<tr>") == html.count("<tr>")
    assert parts[0].count("<thead>") == 1 and all("<thead>" not in p for p in parts[1:])
    assert all(p.count("<table") == p.count("</table>") for p in parts)  # whole tables
    words = render_markdown(LONG)
    assert "".join(html_parts(words)).count("Red Classic") == words.count("Red Classic")


def test_a_long_paragraph_is_cut_at_spaces_keeping_its_words() -> None:
    words = " ".join(f"word{i}" for i in range(2_000))
    parts = html_parts(f"<p>{words}</p>\n")
    assert len(parts) > 1 and all(len(p) < 2 * PART_CHARS + 200 for p in parts)
    text = " ".join(p.replace('<p style="margin-top:0; margin-bottom:0">', "")
                    .replace("</p>", "").strip() for p in parts)
    assert text.split() == words.split()


def test_a_paragraph_of_many_lines_becomes_paragraphs_of_a_few_lines() -> None:
    lines = [f"line {i}" for i in range(LINES_PER_PARAGRAPH * 3 + 1)]
    html = "<p>" + "<br/>".join(lines) + "</p>\n" + "<p>" + "x" * PART_CHARS + "</p>\n"
    joined = "".join(html_parts(html))
    assert joined.count("<br/>") == len(lines) - 4  # 4 paragraphs, no break between them
    assert all(line in joined for line in lines)


def test_a_tag_or_entity_is_never_cut() -> None:
    html = "<p>" + "<b>bold words here</b> &amp; more " * 600 + "</p>\n"
    for part in html_parts(html):
        assert part.count("<b>") == part.count("</b>")
        assert "&amp" not in part.replace("&amp;", "")


def test_html_parts_cut_a_run_of_entities() -> None:
    """"<" x 20,000 is 80,000 characters of "&lt;" in one paragraph, without a space."""
    html = render_markdown("<" * 20_000)
    parts = html_parts(html)
    assert len(parts) > 5 and max(len(p) for p in parts) < 6_000
    assert "".join(parts).count("&lt;") == 20_000
