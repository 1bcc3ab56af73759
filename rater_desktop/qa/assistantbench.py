"""AssistantBench answer scoring and its four summary figures.

A pure-Python reimplementation of the AssistantBench evaluation (``evaluator.py`` and
``evaluate_utils`` of the AssistantBench leaderboard, as vendored in BrowserGym's
``browsergym.assistantbench.evaluation``): the gold answer decides the type (number,
JSON objects, one string, or a list of strings, one per line); strings score by DROP-style
token F1 with an optimal one-to-one alignment, numbers by ``max(0, 1 - ln(max/min))``,
JSON objects by key-wise F1. Deviations from the reference code are listed in
docs/qa-statistics.md. No numpy/scipy: the alignment is solved with the Hungarian method.
"""

from __future__ import annotations

import json
import math
import re
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rater_desktop.qa.inputs import ItemFacts

_PUNCTUATION = set(string.punctuation)
_ARTICLES = re.compile(r"\b(a|an|the)\b", re.UNICODE)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _normalize_token(token: str) -> str:
    token = token.lower()
    if not _is_number(token):
        token = "".join(ch for ch in token if ch not in _PUNCTUATION)
    if _is_number(token):
        token = str(float(token))
    return " ".join(_ARTICLES.sub(" ", token).split())


def normalize_answer(text: str) -> str:
    """Lower case, no punctuation (except inside numbers), no articles, numbers as floats."""
    parts = [_normalize_token(token) for token in re.split(" |-", text)]
    return " ".join(part for part in parts if part.strip()).strip()


def _token_f1(predicted: set[str], gold: set[str]) -> float:
    common = len(predicted & gold)
    precision = common / len(predicted) if predicted else 1.0
    recall = common / len(gold) if gold else 1.0
    if precision == 0.0 and recall == 0.0:
        return 0.0
    return 2 * precision * recall / (precision + recall)


def _numbers_compatible(gold: set[str], predicted: set[str]) -> bool:
    """A span with numbers only matches a span sharing at least one of those numbers."""
    gold_numbers = {w for w in gold if _is_number(w)}
    return not gold_numbers or bool(gold_numbers & {w for w in predicted if _is_number(w)})


def best_assignment(scores: Sequence[Sequence[float]]) -> float:
    """Largest total of a one-to-one matching of rows to columns (Hungarian method)."""
    rows = len(scores)
    cols = len(scores[0]) if rows else 0
    size = max(rows, cols)
    if size == 0:
        return 0.0
    cost = [
        [-(scores[r][c]) if r < rows and c < cols else 0.0 for c in range(size)]
        for r in range(size)
    ]
    u = [0.0] * (size + 1)
    v = [0.0] * (size + 1)
    match = [0] * (size + 1)  # match[column] = row, 1-based; 0 = free
    for row in range(1, size + 1):
        match[0] = row
        column = 0
        slack = [math.inf] * (size + 1)
        previous = [0] * (size + 1)
        used = [False] * (size + 1)
        while match[column] != 0:
            used[column] = True
            current_row, delta, next_column = match[column], math.inf, 0
            for c in range(1, size + 1):
                if used[c]:
                    continue
                reduced = cost[current_row - 1][c - 1] - u[current_row] - v[c]
                if reduced < slack[c]:
                    slack[c], previous[c] = reduced, column
                if slack[c] < delta:
                    delta, next_column = slack[c], c
            for c in range(size + 1):
                if used[c]:
                    u[match[c]] += delta
                    v[c] -= delta
                else:
                    slack[c] -= delta
            column = next_column
        while column:
            match[column] = match[previous[column]]
            column = previous[column]
    return -sum(cost[match[c] - 1][c - 1] for c in range(1, size + 1))


def _aligned_mean(
    predicted: Sequence[Any], gold: Sequence[Any], pair_score: Callable[[Any, Any], float]
) -> float:
    """Mean over max(len) slots of the best one-to-one alignment (unmatched slots score 0)."""
    slots = max(len(predicted), len(gold))
    if slots == 0:
        return 0.0
    matrix = [[pair_score(p, g) for p in predicted] for g in gold]
    return best_assignment(matrix) / slots


def evaluate_strings(prediction: str | Sequence[str], gold: str | Sequence[str]) -> float:
    """DROP token F1 between answer spans (a string is one span, a list several)."""
    predicted_spans = [prediction] if isinstance(prediction, str) else list(prediction)
    gold_spans = [gold] if isinstance(gold, str) else list(gold)
    predicted_bags = [set(normalize_answer(str(s)).split()) for s in predicted_spans]
    gold_bags = [set(normalize_answer(str(s)).split()) for s in gold_spans]

    def score(p: set[str], g: set[str]) -> float:
        return _token_f1(p, g) if _numbers_compatible(g, p) else 0.0

    return _aligned_mean(predicted_bags, gold_bags, score)


def number_closeness(prediction: float, gold: float) -> float:
    """1 for equal numbers, falling with the log-ratio: max(0, 1 - ln(larger / smaller)).

    Zero is replaced by 1e-4 as in the reference. Numbers of opposite sign score 0; two
    negative numbers are compared by magnitude (the reference code is undefined there).
    """
    if prediction == gold:
        return 1.0
    if prediction * gold < 0:
        return 0.0
    a = abs(prediction) or 1e-4
    b = abs(gold) or 1e-4
    return max(0.0, 1.0 - math.log(max(a, b) / min(a, b)))


def _as_number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            return None
    return None


def evaluate_numbers(prediction: Any, gold: Any) -> float:
    p, g = _as_number(prediction), _as_number(gold)
    if p is None or g is None or math.isnan(p) or math.isnan(g):
        return 0.0
    return number_closeness(p, g)


def fix_number(value: Any) -> tuple[Any, bool]:
    """The reference's lenient number reading: drops $, %, 'sqft', reads ',' as '.'."""
    if isinstance(value, str):
        text = " ".join(" ".join(" ".join(value.split("$")).split("%")).split("sqft")).strip()
        text = text.replace(",", ".").replace(" square kilometers", "")
        try:
            return float(text), True
        except ValueError:
            return value, False
    if isinstance(value, int) and not isinstance(value, bool):
        return float(value), True
    return value, True


def _fix_value_number(value: Any) -> Any:
    """The reference's number reading for JSON values: its dict scorer has its own copy
    that drops $, % and 'sqft' but, unlike ``fix_number``, keeps " square kilometers"."""
    if isinstance(value, str):
        text = " ".join(" ".join(" ".join(value.split("$")).split("%")).split("sqft")).strip()
        try:
            return float(text.replace(",", "."))
        except ValueError:
            return value
    if isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    return value


def _value_score(prediction: Any, gold: Any) -> float:
    """One dict value against another: same type required, then by the gold's type."""
    prediction = _fix_value_number(prediction)
    gold = _fix_value_number(gold)
    if type(prediction) is not type(gold):
        return 0.0
    if isinstance(gold, float):
        return evaluate_numbers(prediction, gold)
    if isinstance(gold, str | bool):
        return evaluate_strings(str(prediction), str(gold))
    if isinstance(gold, list):
        return evaluate_strings([str(x) for x in prediction], [str(x) for x in gold])
    return 0.0  # nested objects and nulls: the reference fails and scores 0


def _key_recall(prediction: dict[str, Any], gold: dict[str, Any]) -> float:
    if not gold:
        return 0.0  # the reference averages an empty list (NaN), which never counts
    total = sum(_value_score(prediction[k], v) if k in prediction else 0.0 for k, v in gold.items())
    return total / len(gold)


def evaluate_pair_of_dicts(prediction: Any, gold: Any) -> float:
    if not isinstance(prediction, dict) or not isinstance(gold, dict):
        return 0.0
    recall = _key_recall(prediction, gold)
    precision = _key_recall(gold, prediction)
    return 0.0 if recall + precision == 0 else 2 * precision * recall / (precision + recall)


def evaluate_dicts(prediction: Sequence[Any], gold: Sequence[Any]) -> float:
    if prediction and not isinstance(prediction[0], dict):
        return 0.0
    return _aligned_mean(prediction, gold, evaluate_pair_of_dicts)


def _quote_fix(answer: str) -> str:
    """The reference's repair of single-quoted Python dicts into JSON."""
    answer = (answer.replace("{'", '{"').replace("', '", '", "').replace("': '", '": "')).replace(
        "'}", '"}'
    )
    return answer.replace("': ", '": ')


def parse_gold(gold: str) -> tuple[Any, str]:
    """The gold answer and its type: number, json, string, or string list (one per line)."""
    lines = [line for line in gold.split("\n") if line.strip()]
    if len(lines) == 1:
        value, is_number = fix_number(lines[0])
        if is_number:
            return value, "number"
        try:
            return [json.loads(_quote_fix(lines[0]))], "json"
        except ValueError:
            return lines[0], "string"
    try:
        return [json.loads(_quote_fix(line)) for line in lines], "json"
    except ValueError:
        return lines, "string list"


def _read_prediction(text: str, gold_type: str) -> Any:
    try:
        prediction: Any = json.loads(text)
    except ValueError:
        prediction = text
    if (
        isinstance(prediction, list)
        and len(prediction) == 1
        and isinstance(prediction[0], int | float | str)
        and not isinstance(prediction[0], bool)
    ):
        # The reference unwraps only whole numbers and digit strings (and keeps fix_number's
        # (value, flag) pair by mistake); ["5.5"] or ["Paris"] mean the same as 5.5 or "Paris".
        prediction = fix_number(prediction[0])[0]
    if not isinstance(prediction, list):
        prediction = fix_number(prediction)[0]
        if gold_type == "json":
            try:
                prediction = [json.loads(line) for line in prediction.split("\n")]
            except (AttributeError, ValueError):
                prediction = [prediction]
    return prediction


def _empty(value: Any) -> bool:
    if isinstance(value, float):
        return math.isnan(value)
    if isinstance(value, int) or value is None:
        return value is None
    return hasattr(value, "__len__") and len(value) == 0


def _has_answer(prediction: Any) -> bool:
    if _empty(prediction):
        return False
    if isinstance(prediction, list) and all(_empty(p) for p in prediction):
        return False
    return True


# Written-out abstentions: agents print these when they give up. They are no answer, so
# they never score, even against a gold that happens to read "None".
ABSTENTIONS = frozenset({"", "null", "none", "nan"})


def is_abstention(prediction: str | None) -> bool:
    """No final answer, or one that only says there is none ("null", "None", "nan", "")."""
    return prediction is None or prediction.strip().lower() in ABSTENTIONS


@dataclass(frozen=True)
class AnswerScore:
    """One task: its score in [0, 1], whether an answer was given, and the two matches.

    ``exact_match`` is seed 003's EM: the answer string equals the gold string after
    stripping surrounding white space. ``normalized_match`` compares after the string
    scorer's normalisation (case, punctuation, articles, number spelling).
    """

    score: float
    answered: bool
    exact_match: bool
    normalized_match: bool
    answer_type: str


def _normalized_match(prediction: Any, gold: Any, gold_type: str, score: float) -> bool:
    if gold_type in ("string", "string list"):
        predicted = [prediction] if not isinstance(prediction, list) else prediction
        golds = [gold] if isinstance(gold, str) else gold
        ours = [normalize_answer(str(p)) for p in predicted]
        theirs = [normalize_answer(str(g)) for g in golds]
        return set(ours) == set(theirs) and len(ours) == len(theirs)
    return score == 1.0


def _score(prediction: Any, gold: Any, gold_type: str) -> float:
    if hasattr(type(prediction), "__len__") and len(prediction) == 0:
        return 0.0
    if gold_type == "number":
        return 0.0 if isinstance(prediction, list) else evaluate_numbers(prediction, gold)
    if gold_type == "json":
        return evaluate_dicts(prediction, gold)
    spans = prediction if isinstance(prediction, list) else str(prediction)
    if isinstance(spans, list):
        spans = [str(s) for s in spans]
    return evaluate_strings(spans, gold)


def score_answer(*, prediction: str | None, gold: str) -> AnswerScore:
    """Score one final answer against the gold; None (no final answer) is an abstention."""
    gold_value, gold_type = parse_gold(gold)
    if prediction is None or is_abstention(prediction):
        return AnswerScore(0.0, False, False, False, gold_type)
    value = _read_prediction(prediction, gold_type)
    if not _has_answer(value):  # "[]", '""', "[null]": parsed, but nothing in it
        return AnswerScore(0.0, False, False, False, gold_type)
    score = min(1.0, max(0.0, _score(value, gold_value, gold_type)))
    return AnswerScore(
        score=score,
        answered=True,
        exact_match=prediction.strip() == gold.strip(),
        normalized_match=_normalized_match(value, gold_value, gold_type, score),
        answer_type=gold_type,
    )


@dataclass(frozen=True)
class AssistantBenchSummary:
    """Accuracy, answer rate, precision, EM and normalised match (fractions in [0, 1])."""

    tasks: int
    answered: int
    accuracy: float | None
    answer_rate: float | None
    precision: float | None
    exact_match: float | None  # seed 003's EM: stripped strings equal
    normalized_match: float | None


def summarize(*, scores: Sequence[AnswerScore]) -> AssistantBenchSummary:
    """Accuracy = mean score over all tasks (abstentions 0); precision over answered ones."""
    tasks = len(scores)
    answered = [s for s in scores if s.answered]
    return AssistantBenchSummary(
        tasks=tasks,
        answered=len(answered),
        accuracy=sum(s.score for s in scores) / tasks if tasks else None,
        answer_rate=len(answered) / tasks if tasks else None,
        precision=sum(s.score for s in answered) / len(answered) if answered else None,
        exact_match=sum(s.exact_match for s in scores) / tasks if tasks else None,
        normalized_match=sum(s.normalized_match for s in scores) / tasks if tasks else None,
    )


def summarize_by_model(*, items: Sequence[ItemFacts]) -> dict[str, AssistantBenchSummary]:
    """Per true model, over every item with a gold answer."""
    per_model: dict[str, list[AnswerScore]] = {}
    for item in items:
        if item.gold_answer is None:
            continue
        for side in (0, 1):
            score = score_answer(prediction=item.final_answers[side], gold=item.gold_answer)
            per_model.setdefault(item.identities[side], []).append(score)
    return {m: summarize(scores=s) for m, s in sorted(per_model.items())}
