"""What a response offers as shown evidence, how it is named, and when citing may act."""

from __future__ import annotations

import pytest

from rater_desktop.batch.model import Response, Screenshot, TrajectoryStep
from rater_desktop.rating.model import Claim, ShownEvidence, ShownEvidenceKind, Step
from rater_desktop.rating.shown_evidence import (
    cite_decision,
    cited_message,
    evidence_choices,
    evidence_label,
    screenshot_ref,
    short_quote,
    step_ref,
)

RESPONSE = Response(
    identity="m",
    text="I sent the email.",
    screenshots=(Screenshot("shots/sent.png", "Sent folder"), Screenshot("shots/x.png")),
    trajectory=(
        TrajectoryStep(action="navigate", url="https://mail.example/"),
        TrajectoryStep(action="click", target="Send", screenshot="shots/s2.png"),
    ),
)
CLAIM = Claim(id="c1", start=0, end=17, text="I sent the email.", objective=True, action=True)


def test_choices_are_screenshots_then_steps_with_captions() -> None:
    choices = evidence_choices(RESPONSE)
    assert [c.label for c in choices] == [
        "Screenshot 1: Sent folder",
        "Screenshot 2: x.png",
        "Step 1: navigate",
        "Step 2: click \u2192 Send",
    ]
    assert choices[0].ref == ShownEvidence(ShownEvidenceKind.SCREENSHOT, "shots/sent.png")
    assert choices[2].ref == ShownEvidence(ShownEvidenceKind.STEP, "", 0)
    assert choices[3].ref == ShownEvidence(ShownEvidenceKind.STEP, "shots/s2.png", 1)
    assert [c.image for c in choices] == ["shots/sent.png", "shots/x.png", None, "shots/s2.png"]
    assert evidence_choices(None) == []


def test_labels_with_and_without_the_response() -> None:
    assert evidence_label(step_ref(1, "shots/s2.png"), RESPONSE) == "Step 2: click \u2192 Send"
    assert evidence_label(step_ref(1, "shots/s2.png")) == "Step 2 (shots/s2.png)"
    assert evidence_label(step_ref(4, None)) == "Step 5"
    assert evidence_label(screenshot_ref("shots/gone.png"), RESPONSE) == "Screenshot shots/gone.png"


@pytest.mark.parametrize(
    ("step", "claim", "claim_side", "ref_side", "enabled", "needle"),
    [
        (None, None, None, 0, False, "Open an item"),
        (Step.CLAIMS, CLAIM, 0, 0, False, "Go to the Fact checks step"),
        (Step.FACT_CHECKS, None, None, 0, False, "Pick a claim"),
        (Step.FACT_CHECKS, CLAIM, 1, 0, False, "other response"),
        (Step.FACT_CHECKS, CLAIM, 0, 0, True, "\u201cI sent the email.\u201d"),
    ],
)
def test_cite_decision(step: Step | None, claim: Claim | None, claim_side: int | None,
                       ref_side: int, enabled: bool, needle: str) -> None:
    decision = cite_decision(step=step, claim=claim, claim_side=claim_side, ref_side=ref_side,
                             ref=screenshot_ref("shots/sent.png"))
    assert decision.enabled is enabled
    assert needle in decision.reason


def test_cite_decision_refuses_a_second_citation_of_the_same_thing() -> None:
    cited = Claim(id="c1", start=0, end=5, text="I sent", shown_evidence=[step_ref(1, "shots/s2.png")])
    decision = cite_decision(step=Step.FACT_CHECKS, claim=cited, claim_side=0, ref_side=0,
                             ref=step_ref(1, "shots/s2.png"))
    assert not decision.enabled and decision.reason.startswith("Already cited")


def test_messages_and_quotes() -> None:
    assert short_quote("a " * 80).endswith("\u2026\u201d")
    assert len(short_quote("a " * 80)) == 62
    message = cited_message(ref=screenshot_ref("shots/sent.png"), claim=CLAIM,
                            label="Response B", response=RESPONSE)
    assert message == (
        "Cited Screenshot 1: Sent folder as evidence for \u201cI sent the email.\u201d (Response B)."
    )


def test_a_file_shown_with_both_responses_counts_for_either() -> None:
    other = Response(identity="o", text="", screenshots=(Screenshot("shots/x.png"),),
                     trajectory=(TrajectoryStep(action="click", screenshot="shots/s2.png"),))
    # Cited from the other response's pane, recorded as the claim's own response shows it.
    decision = cite_decision(step=Step.FACT_CHECKS, claim=CLAIM, claim_side=0, ref_side=1,
                             ref=screenshot_ref("shots/x.png"), claim_response=RESPONSE)
    assert decision.enabled and decision.ref == screenshot_ref("shots/x.png")
    decision = cite_decision(step=Step.FACT_CHECKS, claim=CLAIM, claim_side=0, ref_side=1,
                             ref=step_ref(0, "shots/s2.png"), claim_response=RESPONSE)
    assert decision.enabled and decision.ref == step_ref(1, "shots/s2.png")
    decision = cite_decision(step=Step.FACT_CHECKS, claim=CLAIM, claim_side=1, ref_side=0,
                             ref=screenshot_ref("shots/sent.png"), claim_response=other)
    assert not decision.enabled and "other response" in decision.reason
