"""Markdown from a batch turned into HTML that is safe to show (no Qt here).

Batch text is hostile input: it may carry raw HTML, ``javascript:`` links, remote images
(tracking pixels) or ``data:`` URIs. The rules:

* raw HTML is never interpreted; it shows as literal text;
* a link keeps its target only for ``http``, ``https`` and ``mailto``; any other link shows
  its label as plain text;
* an image is kept only when it points inside the batch (a clean relative path) and the
  caller allows it; it is then rewritten to the ``batch:`` scheme so the viewer can serve
  it from the batch and nothing else. Every other image becomes a short text marker.

Layout cost grows with the amount of formatting (Qt lays out thousands of list items or
table rows slowly), so a text over the formatting budget (:func:`formatting_allowed`,
documented in docs/batch-format.md, Limits) is shown as plain text, and its plain
rendering for claims (``rating.text.plain_text``) is the text as written.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

BATCH_SCHEME = "batch"
LINK_SCHEMES = ("http", "https", "mailto")

_SCHEME_RE = re.compile(r"^\s*([A-Za-z][A-Za-z0-9+.\-]*)\s*:")
_SAFE_SEGMENT_RE = re.compile(r"^[A-Za-z0-9._\- ]+$")

ImagePolicy = Callable[[str], bool]


MAX_FORMATTED_CHARS = 20_000
MAX_FORMATTED_LINES = 400
MAX_FORMATTED_MARKS = 1_500
_MARKS = "*_`[|#>~<\\!"
PLAIN_NOTE = (
    "<p><i>Shown as plain text: this text is too long or has too much formatting to lay "
    "out quickly.</i></p>"
)


def formatting_allowed(text: str) -> bool:
    """True when ``text`` is small enough to be rendered as formatted Markdown.

    Counts with ``str.count`` only (linear, in C) before any parsing happens.
    """
    if len(text) > MAX_FORMATTED_CHARS or text.count("\n") > MAX_FORMATTED_LINES:
        return False
    return sum(text.count(mark) for mark in _MARKS) <= MAX_FORMATTED_MARKS


def url_scheme(url: str) -> str | None:
    """The lower-case scheme of ``url``, or None for a relative reference."""
    match = _SCHEME_RE.match(url)
    return match.group(1).lower() if match else None


def is_allowed_link(url: str) -> bool:
    """True when a click on ``url`` may be offered to the user (after confirmation)."""
    return url_scheme(url) in LINK_SCHEMES


def is_batch_relative_path(path: str) -> bool:
    """A clean path inside the batch: relative, ``/``-separated, no ``..``, no query."""
    if not path or len(path) > 1024 or path.startswith("/") or "\\" in path:
        return False
    if url_scheme(path) is not None:
        return False
    parts = path.split("/")
    return all(p not in ("", ".", "..") and _SAFE_SEGMENT_RE.match(p) for p in parts)


def _validate_link(url: str) -> bool:
    # Decides what markdown-it even treats as a link/image; anything else stays text.
    scheme = url_scheme(url)
    return scheme in LINK_SCHEMES or (scheme is None and not url.strip().startswith("//"))


@cache
def _parser() -> MarkdownIt:
    # Imported on first use so the window paints before the parser loads.
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
    md.enable("table")
    md.validateLink = _validate_link  # type: ignore[method-assign]
    return md


def _text_token(content: str) -> Token:
    from markdown_it.token import Token

    return Token("text", "", 0, content=content)


def _blocked_image_text(alt: str) -> str:
    label = alt.strip() or "image"
    return f"[image not shown: {label}]"


def _neutralize_link(children: list[Token], index: int) -> None:
    """Turn a link we do not allow into its plain label (drop open and matching close)."""
    depth = 0
    for j in range(index, len(children)):
        token = children[j]
        if token.type == "link_open":
            depth += 1
        elif token.type == "link_close":
            depth -= 1
            if depth == 0:
                children[j] = _text_token("")
                break
    children[index] = _text_token("")


def _rewrite_image(token: Token, allow_image: ImagePolicy | None) -> Token:
    src = str(token.attrGet("src") or "")
    alt = token.content or "".join(c.content for c in token.children or [])
    if allow_image is not None and is_batch_relative_path(src) and allow_image(src):
        token.attrSet("src", f"{BATCH_SCHEME}:{src}")
        token.attrs.pop("title", None)
        return token
    return _text_token(_blocked_image_text(alt))


def _sanitize_tokens(tokens: list[Token], allow_image: ImagePolicy | None) -> None:
    for block in tokens:
        children = block.children
        if not children:
            continue
        for i, token in enumerate(children):
            if token.type == "link_open":
                if not is_allowed_link(str(token.attrGet("href") or "")):
                    _neutralize_link(children, i)
            elif token.type == "image":
                children[i] = _rewrite_image(token, allow_image)


def render_markdown(text: str, *, allow_image: ImagePolicy | None = None) -> str:
    """HTML for ``text`` with raw HTML escaped and unsafe links and images removed.

    ``allow_image(path)`` decides whether a batch-internal image path may be shown; without
    it no image is ever shown. A text over the formatting budget is shown as plain text.
    """
    if not formatting_allowed(text):
        return PLAIN_NOTE + plain_text_html(text)
    md = _parser()
    env: dict[str, Any] = {}
    tokens = md.parse(text, env)
    _sanitize_tokens(tokens, allow_image)
    return str(md.renderer.render(tokens, md.options, env))


def plain_text_html(text: str) -> str:
    """Plain text (a prompt) as HTML paragraphs, with every character escaped."""
    paragraphs = re.split(r"\n\s*\n", text.strip())
    rendered = []
    for para in paragraphs:
        escaped = html.escape(para, quote=True).replace("\n", "<br/>")
        rendered.append(f"<p>{escaped}</p>")
    return "\n".join(rendered)
