"""The sample email item rated as the guideline's Case 1 says, through the service API
the window uses: the draft is proven by the response's own screenshots, no URL at all."""

from __future__ import annotations

from rules_corpus_kit import sample_item

from rater_desktop.batch.model import Verdict
from rater_desktop.rating.model import (
    ClaimRating,
    EvidenceKind,
    ItemStatus,
    ShownEvidence,
    ShownEvidenceKind,
    Step,
    SubRequestKind,
)
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.service import RatingService
from rater_desktop.rating.store import MemoryRatingStore

AIP_B = (
    "Navigation went from the message to the calendar week and back to the thread without "
    "detours. Interaction was precise: the reply was typed into the right thread and Send "
    "was never clicked. Efficiency was excellent with no wasted steps. The output is clean, "
    "listing three free windows clearly and quoting the polite draft in full."
)
AIP_A = (
    "Navigation reached the inbox and the message but never went to the calendar. "
    "Interaction was limited to opening the right email. Efficiency is poor because the "
    "one necessary step, opening the calendar, was skipped and the work went back to the "
    "user. The output is short and polite but there is no draft at all."
)
CLAIMS_B = {
    "I read Priya's message and checked your calendar for Dec 7-11.": [
        "screens/consumer/mail_b_message.png", "screens/consumer/mail_b_calendar.png"],
    "Wed, Dec 9: 10:00-11:30 AM": ["screens/consumer/mail_b_calendar.png"],
    "I drafted this reply in the thread.": ["screens/consumer/mail_b_draft.png"],
    "It is not sent:": ["screens/consumer/mail_b_draft.png"],
}
CLAIMS_A = {
    "I found Priya's email \"Project sync next week?\" from this morning.": [
        "screens/consumer/mail_a_inbox.png"],
}


def _claims(service: RatingService, side: int, claims: dict[str, list[str]]) -> None:
    for text, shots in claims.items():
        change = service.add_claim_from_selection(side, text)
        assert change.accepted, change.reasons
        claim_id = change.created_id
        assert claim_id
        service.set_claim_objective(side, claim_id, True)
        service.set_claim_rating(side, claim_id, ClaimRating.ACCURATE)
        service.set_claim_justification(side, claim_id, "The screenshot shows it.")
        for shot in shots:
            service.add_claim_shown_evidence(side, claim_id, ShownEvidence(ShownEvidenceKind.SCREENSHOT, shot))
        if service.rating.responses[side].claim(claim_id).action:  # type: ignore[union-attr]
            service.set_claim_evidence(side, claim_id, EvidenceKind.FULL)


def test_email_item_completes_with_screenshot_evidence_only() -> None:
    item = sample_item("consumer-tasks", "mail-reply-priya")
    service = RatingService(
        store=MemoryRatingStore(), clock=lambda: 0.0, rubric=Rubric.default(),
        item_accessor=lambda _id: item, batch_key="consumer-tasks", display_seed="s", rater_id="r1",
    )
    service.open_item(item.id)
    service.set_main_goal("Draft, without sending, a reply to Priya offering free times next week.")
    service.add_sub_request(SubRequestKind.ACTION, "check the calendar for next week")
    service.add_sub_request(SubRequestKind.ACTION, "draft the reply, do not send it")
    service.set_checklist(["Should offer 2 or more free slots.", "Should NOT send the email."])
    service.set_step(Step.TASK_COMPLETION)
    subs = [s.id for s in service.rating.case_file.sub_requests]
    for side, met, tc in ((0, False, 2), (1, True, 5)):
        service.set_main_goal_met(side, met)
        for sub in subs:
            service.set_sub_request_met(side, sub, met)
        service.set_tc(side, tc)
        service.set_tc_justification(side, "Checked against the calendar and draft screenshots.")
    _claims(service, 0, CLAIMS_A)
    _claims(service, 1, CLAIMS_B)
    for side, aip, text in ((0, 2, AIP_A), (1, 5, AIP_B)):
        service.set_fa(side, 5)
        service.set_aip(side, aip)
        service.set_aip_justification(side, text)
    service.set_verdict(Verdict.B_MUCH_BETTER)
    service.set_verdict_justification(
        "Response B checked the calendar and left an unsent draft with three free windows, all "
        "shown in its screenshots, while Response A stopped after finding the email, so B is "
        "much better on task completion.")
    assert all(not c.sources for r in service.rating.responses for c in r.claims)
    failing = [r for r in service.results if not r.passed and not r.hint]
    assert failing == []
    assert service.complete_item().accepted
    assert service.rating.status is ItemStatus.COMPLETE
