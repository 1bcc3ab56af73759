"""Hostile texts and the text functions they are fed to (shared by the adversarial test
and ``benchmarks/bench_adversarial_text.py``)."""

from __future__ import annotations

from collections.abc import Callable

from rater_desktop.batch.limits import DEFAULT_LIMITS
from rater_desktop.rating import helpers
from rater_desktop.rating.rules.claims import non_atomic_reasons
from rater_desktop.rating.rules.verdict import justification_body
from rater_desktop.rating.text import locate_span, plain_text
from rater_desktop.render_markdown import plain_text_html, render_markdown

TEXT_LIMIT = DEFAULT_LIMITS.max_response_chars
LONG_LINE = 200_000  # what a rater could paste into a justification box

# units repeated up to a length; each aims at a known slow path of regexes or Markdown
UNITS = (
    ".", "!", "?", "…", "?!", ". ", "a. ", "A. ", "e.g. ", "Mr. ", "1. ", "been ", "I ",
    "I been ", "we have ", "was ", "is in your ", "added ", " and ", ", and ", "and I ",
    "*", "**", "*a", "*a* ", "_a_ ", "**a", "`", "`a` ", "[", "]", "[a](http://x) ", "![a](b) ",
    "|", "| a ", "|a|b|\n", "- a\n", "> ", "#", "<", "\\", "~~", "@", "a@", "1", "1 ",
    "1-", "+1 ", " ", "\t", "\n", "\n\n", "x", "TBD ", "[TBD] ", "Justification: ",
    "https://www.google.com/search?q=", "%", "=&", "www.", "Navigation: ",
)

TEXT_FUNCTIONS: dict[str, Callable[[str], object]] = {
    "word_count": helpers.word_count,
    "written_word_count": helpers.written_word_count,
    "sentence_spans": helpers.sentence_spans,
    "candidate_claims": helpers.candidate_claims,
    "is_action_sentence": helpers.is_action_sentence,
    "dimensions_covered": helpers.dimensions_covered,
    "vague_words_in": helpers.vague_words_in,
    "private_data_in": helpers.private_data_in,
    "non_atomic_reasons": non_atomic_reasons,
    "source_problem": helpers.source_problem,
    "source_key": helpers.source_key,
    "reliability_kind": helpers.reliability_kind,
    "justification_body": justification_body,
    "plain_text": plain_text,
    "render_markdown": render_markdown,
    "plain_text_html": plain_text_html,
    "locate_span": lambda text: locate_span(text, "a b c"),
}


def repeated(unit: str, length: int) -> str:
    """``unit`` repeated to exactly ``length`` characters."""
    return (unit * (length // max(1, len(unit)) + 1))[:length]


def nested_emphasis(depth: int) -> str:
    return "*" * depth + "_" * depth + "a" + "_" * depth + "*" * depth
