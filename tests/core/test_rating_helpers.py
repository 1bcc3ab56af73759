"""Helpers: candidate sentences, action marking, search URLs, vagueness, dimensions, privacy."""

from __future__ import annotations

import pytest

from rater_desktop.rating.helpers import (
    candidate_claims,
    dimensions_covered,
    is_action_sentence,
    is_http_url,
    is_search_result_url,
    private_data_in,
    sentence_spans,
    vague_words_in,
    word_count,
)
from rater_desktop.rating.rubric import Rubric


def test_candidates_have_offsets_and_split_sensibly() -> None:
    plain = (
        "Haku is a river spirit. He costs $5.99 e.g. for Mr. Smith in the U.S. today!\n\n"
        "• I booked a table for 4.\n1. Scheduled the meeting"
    )
    found = candidate_claims(plain)
    assert [c.text for c in found] == [
        "Haku is a river spirit.",
        "He costs $5.99 e.g. for Mr. Smith in the U.S. today!",
        "I booked a table for 4.",
        "Scheduled the meeting",
    ]
    for c in found:
        assert plain[c.start : c.end] == c.text
    assert [c.is_action for c in found] == [False, False, True, True]


@pytest.mark.parametrize(
    "sentence",
    [
        "I added the hat to your cart.",
        "I've checked the website for opening hours.",
        "I have successfully booked the table.",
        "We sent the invitation.",
        "The email was drafted and is ready.",
        "Your calendar event has been scheduled.",
        "Drafted a reply to Angela.",
        "The order has been placed.",
        "A Google Doc was created with the list.",
    ],
)
def test_action_sentences(sentence: str) -> None:
    assert is_action_sentence(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "The Eiffel Tower is in Paris.",
        "I can book the table if you want.",
        "Would you like me to add it to your cart?",
        "The hotel offers free breakfast.",
    ],
)
def test_non_action_sentences(sentence: str) -> None:
    assert not is_action_sentence(sentence)


def test_custom_action_verbs() -> None:
    # v2: after "I" any past verb is an action; the rubric's verbs widen passive forms
    assert is_action_sentence("I frobbed the note.")
    assert not is_action_sentence("The note was frobbed.")
    assert is_action_sentence("The note was frobbed.", ["frobbed"])


def test_sentence_spans_never_merge_lines() -> None:
    plain = "First line without stop\nSecond line."
    assert [plain[s:e] for s, e in sentence_spans(plain)] == ["First line without stop", "Second line."]


@pytest.mark.parametrize(
    "url",
    [
        "https://www.google.com/search?q=hat",
        "https://google.co.uk/search?q=hat&hl=en",
        "http://www.google.de/?q=hut",
        "https://www.google.com/url?q=https://x.example",
        "https://www.bing.com/search?q=hat",
        "https://cn.bing.com/search?q=hat",
        "https://duckduckgo.com/?q=hat",
        "https://html.duckduckgo.com/html/?q=hat",
        "https://search.yahoo.com/search?p=hat",
        "https://uk.search.yahoo.com/search?p=hat",
        "https://www.baidu.com/s?wd=hat",
        "https://yandex.ru/search/?text=hat",
        "https://www.ecosia.org/search?q=hat",
        "https://search.brave.com/search?q=hat",
    ],
)
def test_search_result_urls(url: str) -> None:
    assert is_search_result_url(url)


@pytest.mark.parametrize(
    "url",
    [
        "https://www.google.com/maps/place/Rome",
        "https://support.google.com/chrome/answer/95346",
        "https://www.bing.com/",
        "https://duckduckgo.com/about",
        "https://news.yahoo.com/some-article",
        "https://www.britannica.com/search-tips",
        "https://en.wikipedia.org/wiki/Google_Search",
        "not a url",
    ],
)
def test_direct_urls_are_not_search_results(url: str) -> None:
    assert not is_search_result_url(url)


def test_extra_search_hosts() -> None:
    assert is_search_result_url("https://search.internal.example/q/1", ["search.internal.example"])


def test_is_http_url() -> None:
    assert is_http_url("https://a.example/x") and is_http_url("HTTP://a.example")
    assert not is_http_url("a.example/x") and not is_http_url("mailto:x@y.z")
    assert not is_http_url("https://")


def test_vague_words_respect_rubric() -> None:
    assert vague_words_in("Should give a Helpful, relevant answer") == ["helpful"]  # v2
    assert vague_words_in("Should list 3 stores") == []
    assert vague_words_in("Should give goodness") == []
    rubric = Rubric.from_overrides({"CF-3": {"vague_words": ["fancy"]}})
    assert vague_words_in("Should be helpful and fancy", rubric) == ["fancy"]


@pytest.mark.parametrize(
    ("text", "dims"),
    [
        ("It navigated straight to the product.", {"navigation"}),
        ("Navigating was odd; the path wandered.", {"navigation"}),
        ("It clicked the wrong button twice.", {"interaction"}),
        ("It typed the address, interacting well.", {"interaction"}),
        ("It worked efficiently.", {"efficiency"}),
        ("There were wasted steps.", {"efficiency"}),
        ("Several redundant actions.", {"efficiency"}),
        ("The formatting was tidy.", {"output_quality"}),
        ("Final answer quality was high.", {"output_quality"}),
        ("The presentation was messy.", {"output_quality"}),
        ("It was fine.", set()),
    ],
)
def test_dimension_variants(text: str, dims: set[str]) -> None:
    assert dimensions_covered(text) == dims


def test_word_count() -> None:
    assert word_count("") == 0
    assert word_count("Don't stop - it's well-formatted, 3 items!") == 6
    assert word_count("  one\ttwo\nthree ") == 3


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("Reply to jane.doe@example.com today.", ["email address"]),
        ("Call (555) 123-4567 for details.", ["phone number"]),
        ("Call +44 20 7946 0958.", ["phone number"]),
        ("She lives at 221 Baker Street.", ["street address"]),
        ("Paid with card 4111 1111 1111 1111.", ["card or account number"]),
        ("Your account number: 12345678.", ["card or account number"]),
        ("The card ending in 4242 was charged.", ["card or account number"]),
        ("IBAN GB82WEST12345698765432.", ["card or account number"]),
        ("The hat costs $25.99 on 2024-02-14.", []),
        ("Open 9 am to 5 pm, 7 days a week.", []),
        ("The museum has 1,200,000 visitors.", []),
    ],
)
def test_private_data(text: str, kinds: list[str]) -> None:
    assert private_data_in(text) == kinds


@pytest.mark.parametrize(
    "text",
    ["a." * 10000, "a@" * 10000, "The hat is red and it costs 5. " * 700, "e.g. " * 4000, "x\n" * 10000],
)
def test_hostile_text_stays_fast(text: str) -> None:
    import time

    from rater_desktop.rating.rules.claims import non_atomic_reasons

    # Guards against catastrophic backtracking (seconds to hours on 20,000 characters), not
    # a speed target: CPU time of this thread, so a loaded CI machine does not fail it (a
    # full-suite run once took 1.5 s of wall time for 0.13 s of work).
    start = time.thread_time()
    private_data_in(text)
    candidate_claims(text)
    non_atomic_reasons(text)
    dimensions_covered(text)
    assert time.thread_time() - start < 3.0


def test_table_rows_are_never_suggested_as_claims() -> None:
    from rater_desktop.rating.helpers import suggested_claims, table_row_spans
    from rater_desktop.rating.text import plain_text

    plain = plain_text("I added it.\n\n| Field | Value |\n|---|---|\n| Price | $34.99 |\n\nDone.")
    assert [plain[a:b] for a, b in table_row_spans(plain)] == ["Field | Value", "Price | $34.99"]
    assert [s.text for s in suggested_claims(plain)] == ["I added it.", "Done."]
    raw = "I checked.\n| a | b |\n|---|---|\nThe end."  # shown as written: raw rows
    texts = [s.text for s in suggested_claims(raw)]
    assert "I checked." in texts and not [t for t in texts if "|" in t]
