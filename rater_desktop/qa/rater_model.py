"""Rater ability and item difficulty from the verdicts alone: Dawid & Skene (1979).

Each item has one unknown true class (the collapsed verdict: A better, about the same, B
better); each rater answers through their own confusion matrix. EM starts from the
majority vote, then alternates: class priors and confusion matrices (smoothed by
``SMOOTHING`` per cell, so a rater seen once is not certain) from the item posteriors;
posteriors from priors and confusions. Ability = the rater's chance of giving the true
class (the confusion diagonal weighted by the class priors); difficulty = 1 - the item's
largest posterior. "Check the guideline": items where the most reliable raters (the top
third by ability, at least two, who rated the item) agree among themselves on a class that
the plain majority of all raters did not pick: the guideline may be read two ways there.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

SMOOTHING = 0.01
ITERATIONS = 50
TOLERANCE = 1e-8


@dataclass(frozen=True)
class RaterModel:
    """What the model says about raters and items."""

    classes: tuple[int, ...]
    ability: dict[str, float]
    priors: dict[int, float]
    posteriors: dict[str, dict[int, float]]
    difficulty: dict[str, float]
    majority: dict[str, int | None]  # None: no single most frequent class
    check_guideline: tuple[str, ...]
    iterations: int


def _majority(labels: Sequence[int]) -> int | None:
    counts = Counter(labels).most_common()
    if len(counts) > 1 and counts[0][1] == counts[1][1]:
        return None
    return counts[0][0]


def _m_step(data: dict[str, dict[str, int]], post: dict[str, dict[int, float]],
            classes: Sequence[int], raters: Sequence[str]
            ) -> tuple[dict[int, float], dict[str, dict[int, dict[int, float]]]]:  # fmt: skip
    priors = {c: sum(p[c] for p in post.values()) / len(post) for c in classes}
    confusion: dict[str, dict[int, dict[int, float]]] = {
        r: {c: dict.fromkeys(classes, SMOOTHING) for c in classes} for r in raters}  # fmt: skip
    for item, labels in data.items():
        for rater, label in labels.items():
            row = confusion[rater]
            for c in classes:
                row[c][label] += post[item][c]
    for r in raters:
        for c in classes:
            total = sum(confusion[r][c].values())
            confusion[r][c] = {k: v / total for k, v in confusion[r][c].items()}
    return priors, confusion


def _e_step(data: dict[str, dict[str, int]], priors: dict[int, float],
            confusion: dict[str, dict[int, dict[int, float]]], classes: Sequence[int]
            ) -> dict[str, dict[int, float]]:  # fmt: skip
    post = {}
    for item, labels in data.items():
        logs = {c: math.log(max(priors[c], 1e-300))
                + sum(math.log(confusion[r][c][label]) for r, label in labels.items())
                for c in classes}  # fmt: skip
        top = max(logs.values())
        weights = {c: math.exp(v - top) for c, v in logs.items()}
        total = sum(weights.values())
        post[item] = {c: w / total for c, w in weights.items()}
    return post


def dawid_skene(labels: Iterable[tuple[str, str, int]],
                classes: Sequence[int] = (-1, 0, 1)) -> RaterModel | None:  # fmt: skip
    """From (rater, item, class) labels; None without any item rated twice."""
    data: dict[str, dict[str, int]] = {}
    add_labels(data, labels)
    return dawid_skene_of(data, classes)


def add_labels(data: dict[str, dict[str, int]], labels: Iterable[tuple[str, str, int]]) -> None:
    """Item -> {rater: class} of the labels (a few at a time; a later label wins)."""
    for rater, item, label in labels:
        data.setdefault(item, {})[rater] = label


def dawid_skene_of(data: dict[str, dict[str, int]],
                   classes: Sequence[int] = (-1, 0, 1)) -> RaterModel | None:  # fmt: skip
    """``dawid_skene`` of the labels ``add_labels`` collected."""
    data = {item: found for item, found in data.items() if len(found) >= 2}
    if not data:
        return None
    raters = sorted({r for found in data.values() for r in found})
    majority = {item: _majority(list(found.values())) for item, found in data.items()}
    post = {item: {c: (1.0 if majority[item] == c else 0.0) if majority[item] is not None
                   else sum(v == c for v in found.values()) / len(found) for c in classes}
            for item, found in data.items()}  # fmt: skip
    iterations = 0
    for iterations in range(1, ITERATIONS + 1):  # noqa: B007 - the count is reported
        priors, confusion = _m_step(data, post, classes, raters)
        new = _e_step(data, priors, confusion, classes)
        change = max(abs(new[i][c] - post[i][c]) for i in new for c in classes)
        post = new
        if change < TOLERANCE:
            break
    priors, confusion = _m_step(data, post, classes, raters)
    ability = {r: sum(priors[c] * confusion[r][c][c] for c in classes) for r in raters}
    return RaterModel(
        classes=tuple(classes), ability=ability, priors=priors, posteriors=post,
        difficulty={i: 1.0 - max(p.values()) for i, p in post.items()}, majority=majority,
        check_guideline=_check_guideline(data, ability, majority), iterations=iterations,
    )  # fmt: skip


def _check_guideline(data: dict[str, dict[str, int]], ability: dict[str, float],
                     majority: dict[str, int | None]) -> tuple[str, ...]:  # fmt: skip
    ranked = sorted(ability, key=lambda r: (-ability[r], r))
    reliable = set(ranked[: max(2, len(ranked) // 3)])
    found = []
    for item in sorted(data):
        top = [label for rater, label in data[item].items() if rater in reliable]
        if len(top) >= 2 and len(set(top)) == 1 and top[0] != majority[item]:
            found.append(item)
    return tuple(found)
