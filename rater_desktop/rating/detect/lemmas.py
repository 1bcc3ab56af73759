"""A small hand-written lemmatizer for English verbs: inflected form -> candidate lemmas.

Start-up cost is nil (two frozensets and a dict); it only needs to be right for the
verbs the action detector cares about, and a form whose lemma is unknown simply has no
lemma in the set it is checked against.
"""

from __future__ import annotations

IRREGULAR: dict[str, str] = {
    "bought": "buy", "brought": "bring", "built": "build", "began": "begin", "begun": "begin",
    "chose": "choose", "chosen": "choose", "did": "do", "done": "do", "drew": "draw",
    "drawn": "draw", "drove": "drive", "found": "find", "forgot": "forget", "gave": "give",
    "given": "give", "got": "get", "gotten": "get", "had": "have", "held": "hold", "kept": "keep",
    "knew": "know", "known": "know", "laid": "lay", "led": "lead", "left": "leave",
    "lost": "lose", "made": "make", "meant": "mean", "met": "meet", "paid": "pay", "put": "put",
    "ran": "run", "read": "read", "rode": "ride", "said": "say", "saw": "see", "seen": "see",
    "sent": "send", "set": "set", "shut": "shut", "sold": "sell", "spent": "spend",
    "spoke": "speak", "spoken": "speak", "stood": "stand", "struck": "strike", "took": "take",
    "taken": "take", "told": "tell", "thought": "think", "understood": "understand",
    "went": "go", "gone": "go", "won": "win", "wrote": "write", "written": "write",
    "rewrote": "rewrite", "rewritten": "rewrite", "withdrew": "withdraw", "withdrawn": "withdraw",
    "upheld": "uphold", "undid": "undo", "undone": "undo", "dealt": "deal", "fed": "feed",
    "hid": "hide", "hidden": "hide", "sought": "seek", "caught": "catch", "fought": "fight",
    "felt": "feel", "slept": "sleep", "swept": "sweep", "sped": "speed", "split": "split",
    "hit": "hit", "cut": "cut", "let": "let", "quit": "quit", "reset": "reset", "upset": "upset",
    "input": "input", "output": "output", "broadcast": "broadcast",
}  # fmt: skip

IRREGULAR_PAST = frozenset(IRREGULAR)
_VOWELS = frozenset("aeiou")


def lemma_candidates(word: str) -> tuple[str, ...]:
    """Possible base forms of ``word`` (lower-cased), most likely first; includes itself."""
    w = word.lower()
    if w in IRREGULAR:
        return (IRREGULAR[w], w)
    out = [w]
    for suffix in ("ed", "ing"):
        if w.endswith(suffix) and len(w) > len(suffix) + 1:
            stem = w[: -len(suffix)]
            out += _stems(stem, suffix)
    if w.endswith("ies") and len(w) > 4:
        out.append(w[:-3] + "y")
    elif w.endswith("es") and len(w) > 3:
        out += [w[:-2], w[:-1]]
    elif w.endswith("s") and not w.endswith("ss") and len(w) > 2:
        out.append(w[:-1])
    return tuple(dict.fromkeys(out))


def _stems(stem: str, suffix: str) -> list[str]:
    out = [stem, stem + "e"]
    if suffix == "ed" and stem.endswith("i"):
        out.insert(0, stem[:-1] + "y")  # applied -> apply
    if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in _VOWELS:
        out.append(stem[:-1])  # submitted -> submit, cancelled -> cancel
    return out


def lemma_in(word: str, lemmas: frozenset[str]) -> str | None:
    """The lemma of ``word`` that is in ``lemmas``, or None."""
    for candidate in lemma_candidates(word):
        if candidate in lemmas:
            return candidate
    return None
