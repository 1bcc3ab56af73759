"""What each screenshot and trajectory step of a response says, as comparable tokens.

A screenshot says its recognized words (with boxes) and its caption; a step says its
action, target, URL (host, path words and query values), typed value and the words of
its own screenshot. The agent's thoughts are not evidence: they are its own claims.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from urllib.parse import parse_qsl, urlsplit

from rater_desktop.batch.model import Response
from rater_desktop.evidence.model import OcrResult, Region
from rater_desktop.evidence.terms import fold, ocr_number_variants, times_in, words_in
from rater_desktop.rating.shown_evidence import EvidenceChoice, evidence_choices

OcrLookup = Callable[[str], OcrResult | None]


@dataclass(frozen=True)
class Token:
    """One comparable piece of a source: a word, a number or a time, where it came from."""

    text: str
    kind: str  # "word", "number", "time"
    origin: str  # "ocr", "caption", "action", "target", "url", "value"
    box: Region | None = None


@dataclass(frozen=True)
class SourceText:
    """One citable thing of a response and everything it says."""

    choice: EvidenceChoice
    tokens: tuple[Token, ...]
    lines: tuple[str, ...]  # its text line by line, folded (for phrase checks)
    step: int | None = None
    image_size: tuple[int, int] | None = None
    read: bool = True  # False while its screenshot awaits recognition
    step_action: str = ""  # a step's action, target and typed value, folded
    step_said: str = ""  # a step's target, typed value and URL as words, folded
    step_typed: str = ""  # what a step typed, folded

    def text(self) -> str:
        return "\n".join(self.lines)

    @cached_property
    def index(self) -> dict[tuple[str, str], Token]:
        """(kind, text) -> its token, one with a box where there is one: exact look-ups
        instead of a walk over every token for every claim term."""
        found: dict[tuple[str, str], Token] = {}
        for token in self.tokens:
            key = (token.kind, token.text)
            if key not in found or (found[key].box is None and token.box is not None):
                found[key] = token
        return found


def tokens_of_text(text: str, origin: str, box: Region | None = None) -> list[Token]:
    tokens = [Token(w, "word", origin, box) for w in words_in(text)]
    tokens.extend(Token(n, "number", origin, box) for n in ocr_number_variants(text))
    tokens.extend(Token(t, "time", origin, box) for t in times_in(text))
    return tokens


def url_text(url: str) -> str:
    """A URL as words: host, path parts and query keys and values ("size=9" -> "size 9")."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return url
    path = parts.path.replace("/", " ").replace("-", " ").replace("_", " ")
    query = " ".join(f"{k} {v}" for k, v in parse_qsl(parts.query))
    return f"{parts.hostname or ''} {path} {query}"


def _ocr_tokens(result: OcrResult) -> tuple[list[Token], list[str]]:
    tokens: list[Token] = []
    lines: dict[int, list[str]] = {}
    for word in result.words:
        tokens.extend(tokens_of_text(word.text, "ocr", word.box))
        lines.setdefault(word.line, []).append(word.text)
    return tokens, [fold(" ".join(parts)) for parts in lines.values()]


def response_sources(response: Response | None, ocr: OcrLookup) -> list[SourceText]:
    """Every screenshot, then every step, of ``response`` with what it says."""
    if response is None:
        return []
    steps = {i: step for i, step in enumerate(response.trajectory)}
    captions = {shot.path: shot.caption for shot in response.screenshots}
    sources: list[SourceText] = []
    for choice in evidence_choices(response):
        tokens: list[Token] = []
        lines: list[str] = []
        step_index = choice.ref.step
        action = said = typed = ""
        if step_index is not None and step_index in steps:
            step = steps[step_index]
            action = fold(f"{step.action} {step.target} {step.value}")
            said = fold(f"{step.target} {step.value} {url_text(step.url)}")
            typed = fold(step.value) if step.action in {"type", "fill", "search"} else ""
            for origin, value in (("action", step.action), ("target", step.target),
                                  ("url", url_text(step.url)), ("value", step.value)):
                if value:
                    tokens.extend(tokens_of_text(value, origin))
                    lines.append(fold(value))
        elif captions.get(choice.ref.path):
            tokens.extend(tokens_of_text(captions[choice.ref.path], "caption"))
            lines.append(fold(captions[choice.ref.path]))
        result = ocr(choice.image) if choice.image else None
        size = None
        if result is not None:
            ocr_tokens, ocr_lines = _ocr_tokens(result)
            tokens.extend(ocr_tokens)
            lines.extend(ocr_lines)
            size = (result.width, result.height)
        read = choice.image is None or result is not None
        sources.append(SourceText(choice, tuple(tokens), tuple(lines), step_index, size, read,
                                  action, said, typed))
    return sources
