"""A rater's own words next to canonical A/B rows, and each claim's evidence (QA)."""

from __future__ import annotations

from rater_desktop.batch.model import Response, Screenshot
from rater_desktop.qa_review.rater_text import (
    answers_note,
    canonical_text,
    claim_evidence,
    claims_evidence,
    claims_note,
    is_swapped,
    label_note,
)
from rater_desktop.rating.model import (
    Claim,
    ClaimRating,
    ShownEvidence,
    ShownEvidenceKind,
)

SWAPPED = ("B", "A")
STRAIGHT = ("A", "B")


def test_text_of_a_rater_who_saw_the_file_order_is_unchanged() -> None:
    text = "Response A did the task; Response B did not."
    assert canonical_text(text, STRAIGHT) == text
    assert label_note(STRAIGHT) == "" and not is_swapped(STRAIGHT)


def test_swapped_rater_text_names_the_file_side_of_every_label() -> None:
    text = "Response A did the task (TC 5); response B got TC 2. Resp. A wins."
    shown = canonical_text(text, SWAPPED)
    first, second = shown.split("\n", 1)
    assert first == label_note(SWAPPED)
    assert "saw file A as Response B" in first
    assert second == ("Response A [file B] did the task (TC 5); response B [file A] got TC 2. "
                      "Resp. A [file B] wins.")
    assert canonical_text(text, SWAPPED, note=False) == second
    assert canonical_text("   ", SWAPPED) == "   "  # nothing written: no note either


def test_claim_evidence_lists_urls_screenshots_and_steps() -> None:
    response = Response(identity="m", text="", screenshots=(Screenshot("s/cart.png", "Cart"),))
    claim = Claim(
        id="c1", start=0, end=5, text="I added\nit", objective=True, rating=ClaimRating.ACCURATE,
        sources=["https://shop.example/p"],
        shown_evidence=[ShownEvidence(ShownEvidenceKind.SCREENSHOT, "s/cart.png"),
                        ShownEvidence(ShownEvidenceKind.STEP, "", 3)],
    )
    assert claim_evidence(claim, response) == (
        "\u201cI added it\u201d (Accurate): https://shop.example/p; Screenshot 1: Cart; Step 4")
    assert claim_evidence(claim) == (
        "\u201cI added it\u201d (Accurate): https://shop.example/p; Screenshot s/cart.png; Step 4")
    bare = Claim(id="c2", start=0, end=1, text="x", objective=True)
    subjective = Claim(id="c3", start=0, end=1, text="y", objective=False)
    assert claims_evidence([bare, subjective]) == "\u201cx\u201d (not rated): no evidence recorded"


def test_notes_say_why_a_tab_is_empty() -> None:
    assert "Open a batch" in answers_note(raters=[], has_batch=False)
    assert "import results files" in answers_note(raters=[], has_batch=True)
    assert answers_note(raters=["alice"], has_batch=True) == ""
    note = claims_note(raters=["alice"], has_batch=True, clusters=0, shown=0, only_conflicts=False)
    assert note == "No claims: alice recorded no claim on this item."
    note = claims_note(raters=["a", "b"], has_batch=True, clusters=0, shown=0, only_conflicts=False)
    assert "any of the 2 raters" in note
    note = claims_note(raters=["alice"], has_batch=True, clusters=2, shown=2, only_conflicts=False)
    assert note.startswith("Only alice judged this item") and "second rater" in note
    note = claims_note(raters=["a", "b"], has_batch=True, clusters=2, shown=0, only_conflicts=True)
    assert "No conflicting fact checks" in note
    assert claims_note(raters=["a", "b"], has_batch=True, clusters=2, shown=2,
                       only_conflicts=False) == ""
