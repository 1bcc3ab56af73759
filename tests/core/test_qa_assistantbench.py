"""AssistantBench answer scoring and metrics (rater_desktop.qa.assistantbench)."""

from __future__ import annotations

import itertools
import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rater_desktop.qa.assistantbench import (
    AnswerScore,
    best_assignment,
    evaluate_strings,
    normalize_answer,
    number_closeness,
    parse_gold,
    score_answer,
    summarize,
    summarize_by_model,
)
from rater_desktop.qa.inputs import ItemFacts


def _score(prediction: str | None, gold: str) -> float:
    return score_answer(prediction=prediction, gold=gold).score


def test_gold_type_decides_the_scorer() -> None:
    assert parse_gold("$55") == (55.0, "number")
    assert parse_gold("Eiffel Tower") == ("Eiffel Tower", "string")
    assert parse_gold("apple\n\nbanana\n") == (["apple", "banana"], "string list")
    assert parse_gold('{"name": "Cafe X"}') == ([{"name": "Cafe X"}], "json")
    assert parse_gold("{'name': 'Cafe X'}") == ([{"name": "Cafe X"}], "json")  # quote repair


def test_normalization_follows_the_drop_rules() -> None:
    assert normalize_answer("The  Eiffel-Tower!") == "eiffel tower"
    assert normalize_answer("a cat and an owl") == "cat and owl"
    assert normalize_answer("7") == "7.0"
    assert normalize_answer("3.50") == "3.5"


@pytest.mark.parametrize(
    ("prediction", "gold", "expected"),
    [
        ("55", "$55", 1.0),
        ("$55", "55", 1.0),
        ("12%", "12", 1.0),
        ("50", "55", 1 - math.log(55 / 50)),
        ("55", "50", 1 - math.log(55 / 50)),
        ("10", "100", 0.0),  # an order of magnitude off scores nothing
        ("0", "0", 1.0),
        ("0", "5", 0.0),  # zero is read as 1e-4
        ("1,000", "1000", 0.0),  # the reference reads ',' as a decimal point: 1.0
        ("about fifty", "55", 0.0),
        ("[5]", "5", 1.0),
        ('["5", "6"]', "5", 0.0),  # several answers to a number question
    ],
)
def test_number_answers(prediction: str, gold: str, expected: float) -> None:
    assert _score(prediction, gold) == pytest.approx(expected)


def test_number_closeness_signs() -> None:
    assert number_closeness(-5.0, 5.0) == 0.0
    assert number_closeness(-5.0, -5.5) == pytest.approx(1 - math.log(1.1))


@pytest.mark.parametrize(
    ("prediction", "gold", "expected"),
    [
        ("Paris", "paris", 1.0),
        ("The Eiffel Tower", "Eiffel tower in Paris", 2 * 1 * 0.5 / 1.5),
        ("Route 66", "Route 67", 0.0),  # a gold number must appear in the answer
        ("Route 67 west", "Route 67", 2 * (2 / 3) * 1 / (2 / 3 + 1)),
        ("London", "Paris", 0.0),
    ],
)
def test_string_answers_use_token_f1(prediction: str, gold: str, expected: float) -> None:
    assert _score(prediction, gold) == pytest.approx(expected)


def test_list_answers_are_aligned_one_to_one() -> None:
    gold = "apple\nbanana\ncherry"
    assert _score('["banana", "apple"]', gold) == pytest.approx(2 / 3)
    assert _score('["apple", "banana", "cherry", "date"]', gold) == pytest.approx(3 / 4)
    assert _score('["cherry", "banana", "apple"]', gold) == 1.0
    # one answer cannot be matched to two gold entries
    assert evaluate_strings(["apple"], ["apple", "apple"]) == pytest.approx(1 / 2)


def test_json_answers_score_by_key_f1() -> None:
    gold = '{"name": "Cafe X", "price": 12}'
    assert _score('{"name": "Cafe X", "price": 12}', gold) == 1.0
    partial = (1 + (1 - math.log(15 / 12))) / 2
    assert _score('{"name": "Cafe X", "price": 15}', gold) == pytest.approx(partial)
    # one key missing: recall 1/2, precision 1 -> F1 2/3
    assert _score('{"name": "Cafe X"}', gold) == pytest.approx(2 / 3)
    assert _score('{"name": "Cafe X", "price": "12"}', gold) == 1.0  # "12" read as a number
    assert _score('["Cafe X"]', gold) == 0.0


def test_several_json_objects_are_aligned() -> None:
    gold = '{"city": "Oslo"}\n{"city": "Rome"}'
    assert _score('{"city": "Rome"}\n{"city": "Oslo"}', gold) == 1.0
    assert _score('{"city": "Rome"}', gold) == pytest.approx(0.5)


def test_abstentions_and_empty_answers() -> None:
    assert score_answer(prediction=None, gold="Paris") == AnswerScore(
        0.0, False, False, False, "string"
    )
    empty = score_answer(prediction="", gold="Paris")
    assert (empty.score, empty.answered) == (0.0, False)
    assert not score_answer(prediction="[]", gold="a\nb").answered
    assert not score_answer(prediction="NaN", gold="5").answered
    assert score_answer(prediction="wrong", gold="Paris").answered


def test_normalized_match_is_equality_after_normalization() -> None:
    assert score_answer(prediction="the Eiffel Tower.", gold="Eiffel tower").normalized_match
    assert not score_answer(prediction="Tower Eiffel", gold="Eiffel Tower").normalized_match
    assert score_answer(prediction="Tower Eiffel", gold="Eiffel Tower").score == 1.0
    assert score_answer(prediction="$55.00", gold="55").normalized_match
    assert not score_answer(prediction="54", gold="55").normalized_match
    assert score_answer(prediction='["b", "a"]', gold="a\nb").normalized_match


def test_em_is_seed_003_stripped_string_equality() -> None:
    # pred.strip() == gold.strip(): white space around may differ, nothing else.
    assert score_answer(prediction="  Eiffel Tower\n", gold="Eiffel Tower").exact_match
    assert not score_answer(prediction="the Eiffel Tower.", gold="Eiffel tower").exact_match
    assert not score_answer(prediction="$55.00", gold="55").exact_match
    assert not score_answer(prediction="55.0", gold="55").exact_match
    assert score_answer(prediction="55", gold="55").exact_match


@pytest.mark.parametrize("abstention", ["null", "None", "none", "nan", "NaN", "", "  ", "[]", '""'])
@pytest.mark.parametrize("gold", ["None", "null", "nan", "Paris", "5"])
def test_an_abstention_always_scores_zero_and_is_never_correct(abstention: str, gold: str) -> None:
    result = score_answer(prediction=abstention, gold=gold)
    assert (result.score, result.answered) == (0.0, False)
    assert not result.exact_match and not result.normalized_match


def test_null_against_gold_none_no_longer_scores_one() -> None:
    # Before: json.loads("null") gave None, which was read as the text "None" and matched.
    assert score_answer(prediction="null", gold="None").score == 0.0


def test_accuracy_never_exceeds_answer_rate_with_abstentions() -> None:
    scores = [
        score_answer(prediction="null", gold="None"),
        score_answer(prediction="None", gold="None"),
        score_answer(prediction="nan", gold="nan"),
        score_answer(prediction="Paris", gold="Paris"),
    ]
    summary = summarize(scores=scores)
    assert summary.answer_rate == pytest.approx(1 / 4)
    assert summary.accuracy == pytest.approx(1 / 4)
    assert summary.accuracy <= summary.answer_rate


@pytest.mark.parametrize(
    ("prediction", "gold", "expected"),
    [
        ("[5]", "5", 1.0),  # whole number: unwrapped before too
        ("[5.5]", "5.5", 1.0),  # any number
        ('["5.5"]', "5.5", 1.0),  # a number written as a string with a point
        ('["$120"]', "120", 1.0),  # unwrapped, then read like the bare answer "$120"
        ('["Paris"]', "Paris", 1.0),  # any string
        ('["-3"]', "-3", 1.0),
    ],
)
def test_single_element_lists_unwrap(prediction: str, gold: str, expected: float) -> None:
    assert score_answer(prediction=prediction, gold=gold).score == pytest.approx(expected)
    bare = json.loads(prediction)[0]
    assert score_answer(prediction=str(bare), gold=gold).score == pytest.approx(expected)


def test_lists_of_several_numbers_do_not_unwrap() -> None:
    assert score_answer(prediction="[5, 6]", gold="5").score == 0.0


def test_units_inside_json_values_follow_the_evaluators_dict_reading() -> None:
    # The dict scorer drops $, % and sqft inside values ...
    assert _score('{"area": "1200 sqft", "price": "$12"}', '{"area": 1200, "price": 12}') == 1.0
    # ... but not " square kilometers", which only the top-level reading removes.
    gold = '{"area": 30}'
    assert _score('{"area": "30 square kilometers"}', gold) == 0.0
    assert score_answer(prediction="30 square kilometers", gold="30").score == 1.0


def test_summary_figures() -> None:
    scores = [
        score_answer(prediction="Paris", gold="Paris"),  # 1
        score_answer(prediction="Paris France", gold="Paris"),  # F1 2/3
        score_answer(prediction="Rome", gold="Paris"),  # answered, 0
        score_answer(prediction=None, gold="Paris"),  # abstained
    ]
    summary = summarize(scores=scores)
    assert summary.tasks == 4
    assert summary.answered == 3
    assert summary.accuracy == pytest.approx((1 + 2 / 3) / 4)
    assert summary.answer_rate == pytest.approx(3 / 4)
    assert summary.precision == pytest.approx((1 + 2 / 3) / 3)
    assert summary.exact_match == pytest.approx(1 / 4)
    assert summary.normalized_match == pytest.approx(1 / 4)
    nothing = summarize(scores=[score_answer(prediction=None, gold="x")])
    assert nothing.precision is None and nothing.accuracy == 0.0
    assert summarize(scores=[]).accuracy is None


def test_summary_by_true_model() -> None:
    items = [
        ItemFacts("t1", ("m1", "m2"), gold_answer="42", final_answers=("42", None)),
        ItemFacts("t2", ("m2", "m1"), gold_answer="Oslo", final_answers=("Oslo", "Bergen")),
        ItemFacts("t3", ("m1", "m2")),  # no gold: not an exact-answer task
    ]
    by_model = summarize_by_model(items=items)
    assert by_model["m1"].tasks == 2
    assert by_model["m1"].accuracy == pytest.approx(0.5)
    assert by_model["m1"].precision == pytest.approx(0.5)
    assert by_model["m2"].answer_rate == pytest.approx(0.5)
    assert by_model["m2"].precision == 1.0


def _brute_force(matrix: list[list[float]]) -> float:
    rows, cols = len(matrix), len(matrix[0])
    if rows <= cols:
        return max(
            sum(matrix[r][c] for r, c in enumerate(p))
            for p in itertools.permutations(range(cols), rows)
        )
    return max(
        sum(matrix[r][c] for c, r in enumerate(p))
        for p in itertools.permutations(range(rows), cols)
    )


@settings(max_examples=100, deadline=None)
@given(
    st.integers(min_value=1, max_value=5).flatmap(
        lambda rows: st.integers(min_value=1, max_value=5).flatmap(
            lambda cols: st.lists(
                st.lists(st.floats(min_value=0, max_value=1), min_size=cols, max_size=cols),
                min_size=rows,
                max_size=rows,
            )
        )
    )
)
def test_hungarian_assignment_matches_brute_force(matrix: list[list[float]]) -> None:
    assert best_assignment(matrix) == pytest.approx(_brute_force(matrix), abs=1e-9)
