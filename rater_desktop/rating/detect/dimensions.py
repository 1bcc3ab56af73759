"""AIP dimensions (AP-2): does a justification really talk about each of the four?

A word counts only as a mention of the dimension, not in passing: "a quick summary"
is neither efficiency nor output quality, "the page lists prices" is not navigation.
"""

from __future__ import annotations

import re

from rater_desktop.memo import Memo

DIMENSIONS = ("navigation", "interaction", "efficiency", "output_quality")
_JUDGED = r"(?:was|were|is|are|felt|seemed|looked|stayed)\s+(?:very\s+|quite\s+|fairly\s+|not\s+)?"
_CONTROLS = (
    r"(?:search|text|input|date)\s+(?:box|field|picker)e?s?|buttons?|fields?|forms?(?!\s+of\b)|"
    r"menus?|drop-?downs?|filters?|checkbox(?:es)?|inputs?|sliders?|toggles?|tabs?|pickers?|links?"
)
_AGENT_VERBS = (
    r"used|using|uses|opened|opening|applied|applying|set|setting|chose|choosing|picked|"
    r"picking|pressed|pressing|hit|hitting|submitted|submitting|filled|filling|completed|"
    r"operated|handled|handling|found|finding|missed|misused|ignored|follow(?:ed|ing)(?!\s+by\b)|"
    r"tried|trying|worked|reached|selected|selecting|activated|cleared|changed|expanded"
)
_PATTERNS = {
    "navigation": r"navigat\w*|path(?:s|way)?|routes?|went\s+(?:straight\s+|directly\s+)?to|"
    r"visit(?:ed|ing)|landed\s+on|(?:going|gone|headed)\s+to\s+the|meander\w*|detours?|redirect\w*|brows(?:ed|ing)|"
    r"back\s+and\s+forth|(?:wrong|irrelevant|right|correct)\s+(?:page|site|section)s?|"
    r"straight\s+to|headed\s+(?:straight\s+)?to|found\s+its\s+way",
    "interaction": r"interact\w*|click\w*|mis-?click\w*|typ(?:ed|ing)|tap(?:ped|ping)|"
    r"scroll\w*|entered|filled\s+(?:in|out)|toggl\w*|"
    # a control or a selection counts only with the agent acting on it: "used the size
    # filter", "selected the 7:30 slot", "the form was filled"; "a compact form" and
    # "slots selected in bold" describe the output
    rf"(?:{_AGENT_VERBS})\s+(?:\w+\s+){{0,3}}?(?:{_CONTROLS})|"
    rf"(?:{_CONTROLS})\s+(?:was\s+|were\s+)?(?:{_AGENT_VERBS})|"
    r"(?:it|agent|then|and|model|assistant|correctly|carefully|also)\s+select(?:ed|s)\b|"
    r"select(?:ed|ing)\s+(?:the|a|an|its|each|every|both|one|two|three|\d)\b|"
    r"(?:its|agent's|agent’s)\s+selections?",
    "efficiency": r"(?:in)?efficien\w*|wasted?|wasting|unnecessar\w*|redundant|loop\w*|"
    r"extra\s+(?:steps?|clicks?|actions?|pages?|searches)|"
    r"(?:few|fewer|fewest|minimal|minimum)\s+(?:steps?|clicks?|actions?)|"
    r"number\s+of\s+(?:steps|actions|clicks)|\d+\s+(?:steps|actions|clicks)|"
    r"time-?consuming|repeat(?:ed|edly|ing)|quickly|slowly|promptly|economical\w*|"
    rf"{_JUDGED}(?:quick|fast|slow)\b|streamlined|round-?about|retri(?:ed|es)",
    "output_quality": r"outputs?|format\w*|final\s+answer|presentation|presented|"
    r"clean(?:ly)?|messy|junk|readab\w*|well-structured|structured|layout|well-written|"
    r"answer\s+quality|tidy|clutter\w*|easy\s+to\s+(?:read|scan|follow)|"
    rf"(?:summary|table|list|answer|reply|write-?up)\s+{_JUDGED}\w+|"
    r"(?:clear|concise|tidy|neat|confusing|sloppy|polished)\s+(?:summary|table|list|answer|"
    r"reply|response|write-?up|comparison)",
}
_RES = {name: re.compile(rf"\b(?:{p})\b", re.IGNORECASE) for name, p in _PATTERNS.items()}
MAX_TEXT = 20_000  # a justification is a paragraph; a longer one is cut, not scanned whole


def _dimensions_covered(text: str) -> frozenset[str]:
    text = text[:MAX_TEXT]
    return frozenset(name for name, regex in _RES.items() if regex.search(text))


_COVERED: Memo[str, frozenset[str]] = Memo(_dimensions_covered, size=64)


def dimensions_covered(text: str) -> set[str]:
    """Which of the four AIP dimensions a justification talks about (natural variants)."""
    return set(_COVERED(text))


def dimensions_known(text: str) -> set[str] | None:
    """``dimensions_covered(text)`` if already computed (by the rules), else None."""
    found = _COVERED.peek(text)
    return set(found) if isinstance(found, frozenset) else None
