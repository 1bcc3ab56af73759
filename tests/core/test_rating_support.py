"""Builders shared by the rating/rules tests: a fully valid rating and its item."""

from __future__ import annotations

from rater_desktop.batch.model import Item, ItemKind, Response, Verdict
from rater_desktop.rating.helpers import candidate_claims
from rater_desktop.rating.model import (
    CaseFile,
    ClaimRating,
    EvidenceKind,
    ItemRating,
    ResponseRating,
    StepMark,
    StepMarkKind,
    SubRequest,
    SubRequestKind,
)
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.rules import check_item
from rater_desktop.rating.text import make_claim, plain_text

TEXT_A = (
    "I added the **Classic Hat** to your cart. The hat costs $25 at "
    "[Hat Shop](https://hats.example/classic).\n\n"
    "- It is available in red.\n"
    "- Delivery takes 3 days."
)
TEXT_B = "The Classic Hat costs $25. I checked the Hat Shop website."

AIP_TEXT = (
    "Navigation was direct: the agent went from the home page to the product page without "
    "detours. Interaction was precise, it clicked the right size button and typed nothing "
    "wrong. Efficiency was good with no wasted steps or loops, although one scroll was "
    "redundant. The output is clean and well formatted, a short list with the price and link."
)
VERDICT_TEXT = (
    "Response A is better because it completed every sub-request, including adding the hat "
    "to the cart, while Response B only looked the price up and never added anything, so "
    "its task completion is lower even though both were accurate."
)


def make_item(text_a: str = TEXT_A, text_b: str = TEXT_B, item_id: str = "item-1") -> Item:
    return Item(
        id=item_id,
        kind=ItemKind.STANDARD,
        prompt="Add the Classic Hat to my cart and tell me the price.",
        responses=(Response("model-x", text_a), Response("model-y", text_b)),
    )


def _claims_for(rating: ItemRating, side: int, plain: str) -> None:
    target = rating.responses[side]
    for sentence in candidate_claims(plain):
        claim = make_claim(plain, sentence.start, sentence.end, claim_id=rating.new_id("c"))
        claim.objective = True
        claim.action = sentence.is_action
        claim.rating = ClaimRating.ACCURATE
        claim.sources = ["https://hats.example/classic", "https://reviews.example/hat"]
        claim.justification = "The shop page shows this."
        if sentence.is_action:
            claim.evidence = EvidenceKind.FULL
        target.claims.append(claim)


def filled_rating(item: Item | None = None) -> tuple[ItemRating, Item, tuple[str, str]]:
    """A rating on which every rule passes (A wins on TC by 2: "A better")."""
    item = item or make_item()
    plains = (plain_text(item.responses[0].text), plain_text(item.responses[1].text))
    rating = ItemRating(item_id=item.id)
    rating.case_file = CaseFile(
        main_goal="Put the Classic Hat in the user's cart and report its price",
        sub_requests=[
            SubRequest(id=rating.new_id("s"), kind=SubRequestKind.ACTION, text="add to cart"),
            SubRequest(id=rating.new_id("s"), kind=SubRequestKind.OTHER, text="state the price"),
        ],
        checklist=["Should add the Classic Hat to the cart.", "Should NOT buy the hat."],
    )
    s1, s2 = (s.id for s in rating.case_file.sub_requests)
    rating.responses = [
        ResponseRating(main_goal_met=True, sub_request_met={s1: True, s2: True}, tc=5, fa=5, aip=4),
        ResponseRating(main_goal_met=True, sub_request_met={s1: False, s2: True}, tc=3, fa=5, aip=4),
    ]
    for side in (0, 1):
        r = rating.responses[side]
        r.tc_justification = "Checked every sub-request against the response."
        r.fa_justification = "All claims verified."
        r.aip_justification = AIP_TEXT
        r.step_marks = {0: StepMark(StepMarkKind.CORRECT)}
        _claims_for(rating, side, plains[side])
    rating.verdict = Verdict.A_BETTER
    rating.verdict_justification = VERDICT_TEXT
    return rating, item, plains


def failures(rating: ItemRating, item: Item, plains: tuple[str, str], rubric: Rubric | None = None):  # type: ignore[no-untyped-def]
    return [
        r
        for r in check_item(rating, item=item, plain_texts=plains, rubric=rubric or Rubric.default())
        if not r.passed
    ]


def test_filled_rating_passes_every_rule() -> None:
    rating, item, plains = filled_rating()
    assert failures(rating, item, plains) == []
    assert len(rating.responses[0].claims) == 4
