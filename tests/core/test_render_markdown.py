"""Markdown from a batch is rendered without anything that could run, fetch or navigate."""

from __future__ import annotations

import re

import pytest

from rater_desktop.render_markdown import (
    is_allowed_link,
    is_batch_relative_path,
    plain_text_html,
    render_markdown,
)


def _hrefs(html: str) -> list[str]:
    return re.findall(r'href="([^"]*)"', html)


def _srcs(html: str) -> list[str]:
    return re.findall(r'src="([^"]*)"', html)


def test_raw_html_is_shown_as_text_not_interpreted() -> None:
    html = render_markdown('<script>alert(1)</script>\n\n<img src="http://x/a.png">')
    assert "<script" not in html
    assert "<img" not in html
    assert "&lt;script&gt;" in html


@pytest.mark.parametrize("url", [
    "javascript:alert(1)", "JaVaScRiPt:alert(1)", "vbscript:msgbox(1)",
    "data:text/html;base64,PHNjcmlwdD4=", "file:///etc/passwd", "//evil.example/x",
    "foo.html",
])
def test_unsafe_links_lose_their_target(url: str) -> None:
    html = render_markdown(f"[click me]({url})")
    assert _hrefs(html) == []
    assert "click me" in html


def test_web_and_mail_links_are_kept() -> None:
    html = render_markdown("[shop](https://shop.example/a?b=1) <mailto:a@b.example> "
                           "<http://plain.example>")
    assert _hrefs(html) == ["https://shop.example/a?b=1", "mailto:a@b.example",
                            "http://plain.example"]


@pytest.mark.parametrize("src", [
    "http://tracker.example/pixel.png", "https://cdn.example/a.png",
    "data:image/png;base64,iVBORw0KGgo=", "//cdn.example/a.png", "/etc/passwd",
    "../outside.png", "screens/../../x.png", "file:///tmp/a.png",
])
def test_remote_and_data_images_are_never_emitted(src: str) -> None:
    html = render_markdown(f"![tracker]({src})", allow_image=lambda _p: True)
    assert "<img" not in html
    assert src not in _srcs(html)


def test_blocked_image_leaves_a_visible_marker() -> None:
    html = render_markdown("![price chart](https://cdn.example/chart.png)")
    assert "[image not shown: price chart]" in html


def test_batch_internal_image_is_rewritten_to_batch_scheme_when_allowed() -> None:
    text = "![screen](screens/a1.png)"
    assert _srcs(render_markdown(text, allow_image=lambda p: p == "screens/a1.png")) == [
        "batch:screens/a1.png"]
    assert _srcs(render_markdown(text)) == []
    assert _srcs(render_markdown(text, allow_image=lambda _p: False)) == []


def test_image_inside_link_is_blocked_but_link_kept() -> None:
    html = render_markdown("[![x](http://t.example/p.png)](https://ok.example)")
    assert _srcs(html) == []
    assert _hrefs(html) == ["https://ok.example"]


def test_tables_render() -> None:
    html = render_markdown("| a | b |\n|---|---|\n| 1 | 2 |")
    assert "<table>" in html and "<td>2</td>" in html


def test_attribute_injection_in_link_is_escaped() -> None:
    html = render_markdown('[x](https://a.example/"onmouseover="alert(1))')
    assert 'onmouseover="' not in html


def test_plain_text_prompt_is_escaped_and_keeps_lines() -> None:
    html = plain_text_html("Find <b>this</b>\nnext line\n\nnew para")
    assert "&lt;b&gt;" in html
    assert "<br/>" in html
    assert html.count("<p>") == 2


def test_helpers() -> None:
    assert is_allowed_link("https://a.example")
    assert not is_allowed_link("javascript:x")
    assert is_batch_relative_path("screens/a b.png")
    assert not is_batch_relative_path("screens\\a.png")
    assert not is_batch_relative_path("C:/a.png")


def test_text_over_the_formatting_budget_is_shown_as_escaped_plain_text() -> None:
    from rater_desktop.render_markdown import MAX_FORMATTED_LINES, formatting_allowed

    heavy = "- <script>alert(1)</script> item\n" * (MAX_FORMATTED_LINES + 1)
    assert not formatting_allowed(heavy)
    html = render_markdown(heavy)
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "<li>" not in html and "plain text" in html
    assert formatting_allowed("- a\n- b\n\n**bold** [x](https://a.example)")
    assert not formatting_allowed("*" * 1_501)
    assert not formatting_allowed("x" * 20_001)


def test_plain_text_of_an_over_budget_text_is_the_text_itself() -> None:
    from rater_desktop.rating.text import plain_text

    heavy = "- **a** item\r\n" * 500
    assert plain_text(heavy) == heavy.replace("\r\n", "\n")
    assert plain_text("- **a** item") == "• a item"
