"""Fact-check sources: web addresses, same-page keys, search pages and reliability kinds.

* :func:`source_key` — two addresses of the same page (fragment, trailing slash,
  tracking parameters, ``www.``, http/https, parameter order) get the same key (FC-6).
* :func:`is_search_result_url` — a general search engine's result page: web, news,
  scholar, maps or image search of the major engines (FC-7). A site's own search page
  (a shop's results) and a map page for one place are not.
* :func:`reliability_kind` — "Wikipedia", "social media" or "personal blog", the
  guideline's less reliable kinds (FC-6 warning), else None.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from urllib.parse import parse_qsl, urlencode, urlsplit

MAX_URL = 4_096  # longer "addresses" are not looked into
_TRACKING = frozenset(
    "gclid fbclid msclkid dclid yclid igshid mc_cid mc_eid ref ref_src ref_url _ga _gl "
    "srsltid spm si trk cmpid".split()
)


def _parts(url: str):  # type: ignore[no-untyped-def]
    try:
        return urlsplit(url.strip()[:MAX_URL])
    except ValueError:
        return None


def _host(parts) -> str:  # type: ignore[no-untyped-def]
    try:
        host = (parts.hostname or "").lower().rstrip(".")
    except ValueError:
        return ""
    return host


def is_http_url(url: str) -> bool:
    parts = _parts(url)
    return parts is not None and parts.scheme.lower() in ("http", "https") and bool(_host(parts))


@lru_cache(maxsize=4096)
def source_key(url: str) -> str:
    """A key equal for addresses of the same page; non-URLs key as their stripped text."""
    parts = _parts(url)
    if parts is None or parts.scheme.lower() not in ("http", "https") or not _host(parts):
        return url.strip()
    host = _host(parts).removeprefix("www.")
    path = parts.path.rstrip("/") or "/"
    query = sorted(
        (k, v)
        for k, v in parse_qsl(parts.query, keep_blank_values=True)
        if not k.lower().startswith("utm_") and k.lower() not in _TRACKING
    )
    return f"{host}{path}" + (f"?{urlencode(query)}" if query else "")


def distinct_sources(urls: Iterable[str]) -> list[str]:
    """The non-blank sources, keeping the first of each same-page group."""
    seen: dict[str, str] = {}
    for url in urls:
        if url.strip():
            seen.setdefault(source_key(url), url)
    return list(seen.values())


# ------------------------------------------------------------------ search engines

_GOOGLE_PATHS = ("/search", "/webhp", "/url", "/imgres", "/scholar", "/maps/search", "/books")


def _labels(host: str) -> list[str]:
    return host.split(".")


def _has_query(query: dict[str, str], *names: str) -> bool:
    return any(query.get(n, "").strip() for n in names)


def _google(host: str, path: str, query: dict[str, str]) -> bool:
    sub = _labels(host)[0]
    if sub == "scholar":
        return path.startswith(("/scholar", "/scholar_lookup")) or path == "/"
    if sub == "news":
        return path.startswith(("/search", "/rss/search"))
    if sub in ("maps", "www", "google") and path.startswith("/maps"):
        if path.startswith("/maps/place/") or path.startswith("/maps/dir/"):
            return False
        return path.startswith("/maps/search") or _has_query(query, "q", "query")
    if sub == "images":
        return path in ("/", "/images", "/search", "/imgres") or path.startswith("/search")
    if path.startswith(_GOOGLE_PATHS):
        return True
    return path == "/" and _has_query(query, "q")


def _bing(host: str, path: str, query: dict[str, str]) -> bool:
    if path.startswith(("/search", "/images/search", "/news/search", "/videos/search", "/shop")):
        return True
    return path.startswith("/maps") and _has_query(query, "q", "where1")


def _yandex(host: str, path: str, query: dict[str, str]) -> bool:
    if path.startswith(("/search", "/images/search", "/news/search")):
        return True
    return path.startswith("/maps") and "/org/" not in path and _has_query(query, "text")


# engine label (a host label before the public suffix) -> does this path/query search?
_ENGINES = {
    "google": _google,
    "bing": _bing,
    "yandex": _yandex,
    "duckduckgo": lambda h, p, q: p in ("/", "/html", "/lite") and _has_query(q, "q")
    or p.startswith(("/html", "/lite")),
    "baidu": lambda h, p, q: p in ("/s", "/baidu") or (_labels(h)[0] == "xueshu" and p == "/s")
    or (_labels(h)[0] == "image" and p.startswith("/search")),
    "ecosia": lambda h, p, q: p.startswith(("/search", "/images", "/news")),
    "startpage": lambda h, p, q: p.startswith(("/do/search", "/sp/search", "/search")),
    "qwant": lambda h, p, q: _has_query(q, "q"),
    "mojeek": lambda h, p, q: p.startswith("/search"),
    "kagi": lambda h, p, q: p.startswith(("/search", "/images", "/news")),
    "sogou": lambda h, p, q: p.startswith(("/web", "/sogou")),
    "semanticscholar": lambda h, p, q: p.startswith("/search"),
    "openstreetmap": lambda h, p, q: p.startswith("/search") or _has_query(q, "query"),
}
# engines that only search on a dedicated host: (label, required first label)
_SEARCH_HOSTS = {
    "yahoo": "search", "brave": "search", "aol": "search", "naver": "search",
    "seznam": "search", "ask": "www", "you": "",
}  # fmt: skip


def _engine_says_search(host: str, path: str, query: dict[str, str]) -> bool:
    labels = _labels(host)
    inner = labels[:-1]
    for engine, test in _ENGINES.items():
        if engine in inner:
            return bool(test(host, path, query))
    if "search" in labels[:-2] and any(e in inner for e in ("yahoo", "brave", "aol", "naver", "seznam")):
        return True
    if host in ("ask.com", "www.ask.com") and path.startswith("/web"):
        return True
    if host in ("you.com", "www.you.com") and path.startswith("/search"):
        return True
    if host in ("so.com", "www.so.com") and path == "/s":
        return True
    return host == "maps.apple.com" and _has_query(query, "q") and not _has_query(query, "ll")


@lru_cache(maxsize=4096)
def _is_search(url: str, extra: tuple[str, ...]) -> bool:
    parts = _parts(url)
    if parts is None:
        return False
    host = _host(parts)
    if not host:
        return False
    if host in extra or host.removeprefix("www.") in extra:
        return True
    path = parts.path.rstrip("/") or "/"
    query = {k.lower(): v for k, v in parse_qsl(parts.query, keep_blank_values=True)}
    if "q=" in parts.fragment and "duckduckgo" in host:
        return True
    return _engine_says_search(host, path, query)


def is_search_result_url(url: str, extra_hosts: Iterable[str] = ()) -> bool:
    """True for a general search engine's result page (see the module doc)."""
    return _is_search(url, tuple(sorted(h.lower().strip() for h in extra_hosts)))


def source_problem(url: str, extra_hosts: tuple[str, ...] = ()) -> str | None:
    """Why ``url`` is not a usable fact-check source: "not_http", "search_page" or None."""
    if not is_http_url(url):
        return "not_http"
    if is_search_result_url(url, extra_hosts):
        return "search_page"
    return None


# ------------------------------------------------------------------ reliability

_SOCIAL = frozenset(
    "twitter.com x.com facebook.com fb.com instagram.com tiktok.com reddit.com "
    "linkedin.com threads.net pinterest.com tumblr.com quora.com youtube.com youtu.be "
    "mastodon.social bsky.app snapchat.com vk.com weibo.com t.me discord.com".split()
)
_BLOG_HOSTS = frozenset("medium.com substack.com blogspot.com wordpress.com blogger.com "
                        "livejournal.com wixsite.com ghost.io hashnode.dev".split())


def _registrable_in(host: str, domains: frozenset[str]) -> bool:
    labels = host.split(".")
    return any(".".join(labels[i:]) in domains for i in range(len(labels) - 1))


@lru_cache(maxsize=4096)
def reliability_kind(url: str) -> str | None:
    """"Wikipedia", "social media", "personal blog", or None (not a less reliable kind)."""
    parts = _parts(url)
    host = _host(parts) if parts is not None else ""
    if not host:
        return None
    if host == "wikipedia.org" or host.endswith((".wikipedia.org", ".wikiwand.com")):
        return "Wikipedia"
    if _registrable_in(host, _SOCIAL):
        return "social media"
    if _registrable_in(host, _BLOG_HOSTS):
        return "personal blog"
    return None
