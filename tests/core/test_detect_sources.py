"""Source detectors (rules v2): same-page keys, search pages, less reliable kinds."""

from __future__ import annotations

import pytest

from rater_desktop.rating.detect.sources import (
    distinct_sources,
    is_search_result_url,
    reliability_kind,
    source_key,
)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("https://www.britannica.com/topic/Golden-Gate-Bridge", "https://www.britannica.com/topic/Golden-Gate-Bridge#ref1"),
        ("https://www.britannica.com/topic/Golden-Gate-Bridge/", "https://www.britannica.com/topic/Golden-Gate-Bridge"),
        ("https://nps.gov/goga/index.htm?utm_source=x&utm_medium=y", "https://www.nps.gov/goga/index.htm"),
        ("http://shop.example/p?id=3&color=red", "https://shop.example/p?color=red&id=3&gclid=abc"),
    ],
)
def test_same_page_counts_once(a: str, b: str) -> None:
    assert source_key(a) == source_key(b)
    assert distinct_sources([a, b, " "]) == [a]


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("https://shop.example/p?id=3", "https://shop.example/p?id=4"),
        ("https://shop.example/p/a", "https://shop.example/p/b"),
        ("https://a.example/x", "https://b.example/x"),
    ],
)
def test_different_pages_stay_two(a: str, b: str) -> None:
    assert source_key(a) != source_key(b)


@pytest.mark.parametrize(
    "url",
    [
        # "no Google search result links!" — and the same for every engine and vertical
        "https://www.google.com/search?q=golden+gate+bridge",
        "https://www.google.co.uk/search?q=hat&tbm=isch",
        "https://www.google.com/url?q=https://a.example",
        "https://scholar.google.com/scholar?q=utzon+pritzker",
        "https://news.google.com/search?q=bridge",
        "https://www.google.com/maps/search/pizza+near+chicago",
        "https://www.google.com/maps?q=pizza",
        "https://maps.google.com/?q=pizza",
        "https://images.google.com/?q=hat",
        "https://www.bing.com/search?q=hat",
        "https://www.bing.com/images/search?q=hat",
        "https://www.bing.com/news/search?q=hat",
        "https://www.bing.com/maps?q=pizza",
        "https://duckduckgo.com/?q=hat&ia=maps",
        "https://html.duckduckgo.com/html/?q=hat",
        "https://uk.search.yahoo.com/search?p=hat",
        "https://www.baidu.com/s?wd=hat",
        "https://yandex.ru/search/?text=hat",
        "https://yandex.com/maps/?text=cafe",
        "https://www.ecosia.org/search?q=hat",
        "https://www.startpage.com/do/search?q=hat",
        "https://search.brave.com/search?q=hat",
        "https://www.qwant.com/?q=hat",
        "https://www.semanticscholar.org/search?q=mendelevium",
        "https://www.openstreetmap.org/search?query=cafe",
        "https://maps.apple.com/?q=pizza",
    ],
)
def test_search_engine_result_pages(url: str) -> None:
    assert is_search_result_url(url)


@pytest.mark.parametrize(
    "url",
    [
        "https://www.stridehouse.example/search?q=running+shoes",  # a shop's own search
        "https://www.nestaway.example/s/Porto?adults=4",
        "https://www.google.com/maps/place/Golden+Gate+Bridge/@37.8,-122.4",  # one place
        "https://yandex.com/maps/org/cafe_pushkin/1018907821/",
        "https://www.britannica.com/topic/Golden-Gate-Bridge",
        "https://support.google.com/mail/answer/6584",
        "https://www.google.com/",
        "https://en.wikipedia.org/wiki/Search_engine",
        "https://www.askmen.com/web/style",
    ],
)
def test_pages_that_are_not_search_engine_results(url: str) -> None:
    assert not is_search_result_url(url)


@pytest.mark.parametrize(
    ("url", "kind"),
    [
        ("https://en.wikipedia.org/wiki/Golden_Gate_Bridge", "Wikipedia"),
        ("https://de.m.wikipedia.org/wiki/Golden_Gate_Bridge", "Wikipedia"),
        ("https://x.com/nasa/status/1", "social media"),
        ("https://www.reddit.com/r/running/comments/x", "social media"),
        ("https://www.youtube.com/watch?v=x", "social media"),
        ("https://janes-travels.blogspot.com/2024/porto", "personal blog"),
        ("https://medium.com/@someone/my-trip", "personal blog"),
        ("https://www.britannica.com/topic/Golden-Gate-Bridge", None),
        ("https://www.nasa.gov/mission/hubble", None),
        ("https://www.reuters.com/world/x", None),
        ("https://blog.nasa.gov/x", None),  # an organisation's own blog is not personal
    ],
)
def test_reliability_kinds(url: str, kind: str | None) -> None:
    assert reliability_kind(url) == kind
