"""The explicit setters of RatingService (one undoable command each).

``side`` is always the TRUE response index (0/1); map display labels with
``service.order.true_index("A")``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rater_desktop.batch.model import Verdict
from rater_desktop.rating.change import Change
from rater_desktop.rating.helpers import is_action_sentence
from rater_desktop.rating.model import (
    Claim,
    ClaimRating,
    EvidenceKind,
    ItemRating,
    ResponseRating,
    Roadblock,
    RoadblockKind,
    ShownEvidence,
    StepMark,
    StepMarkKind,
    SubRequest,
    SubRequestKind,
)
from rater_desktop.rating.rubric import RULE_IDS
from rater_desktop.rating.text import locate_span, make_claim


def _check_side(side: int) -> str:
    if side not in (0, 1):
        raise ValueError(f"side must be the true response index 0 or 1, got {side!r}")
    return f"responses.{side}"


def _check_score(value: int | None) -> int | None:
    if value is not None and (isinstance(value, bool) or value not in (1, 2, 3, 4, 5)):
        raise ValueError(f"a score is 1-5 or None, got {value!r}")
    return value


class EditsMixin:
    """Setters; each returns the :class:`Change` it caused."""

    if TYPE_CHECKING:

        @property
        def rating(self) -> ItemRating: ...

        @property
        def plain_texts(self) -> tuple[str, str]: ...

        def _edit(
            self,
            parts: tuple[str, ...],
            fields: tuple[str, ...],
            mutate: Callable[[ItemRating], str | None],
            *,
            coalesce: bool = False,
        ) -> Change: ...

        def _refuse(self, kind: str, *reasons: str) -> Change: ...

    # ------------------------------------------------------------------ helpers

    def _side_edit(
        self,
        side: int,
        name: str,
        mutate: Callable[[ResponseRating], str | None],
        *,
        coalesce: bool = False,
    ) -> Change:
        part = _check_side(side)
        return self._edit(
            (part,), (f"{part}.{name}",), lambda r: mutate(r.responses[side]), coalesce=coalesce
        )

    def _claim_edit(
        self, side: int, claim_id: str, name: str, mutate: Callable[[Claim], None], *, coalesce: bool = False
    ) -> Change:
        part = _check_side(side)
        claim = self.rating.responses[side].claim(claim_id)
        if claim is None:
            raise KeyError(f"no claim {claim_id!r} in response {side}")

        def apply(_: ItemRating) -> None:
            mutate(claim)

        return self._edit((part,), (f"{part}.claims.{claim_id}.{name}",), apply, coalesce=coalesce)

    # ------------------------------------------------------------------ case file

    def set_main_goal(self, text: str) -> Change:
        def apply(r: ItemRating) -> None:
            r.case_file.main_goal = text

        return self._edit(("case_file",), ("case_file.main_goal",), apply, coalesce=True)

    def add_sub_request(self, kind: SubRequestKind | None, text: str = "") -> Change:
        """Append a sub-request; ``Change.created_id`` is its stable id."""
        kind = SubRequestKind(kind) if kind is not None else None

        def apply(r: ItemRating) -> str:
            sub = SubRequest(id=r.new_id("s"), kind=kind, text=text)
            r.case_file.sub_requests.append(sub)
            return sub.id

        return self._edit(("case_file",), ("case_file.sub_requests",), apply)

    def update_sub_request(
        self, sub_id: str, *, kind: SubRequestKind | None | str = "", text: str | None = None
    ) -> Change:
        """Change a sub-request's kind and/or text (``kind=""`` means unchanged)."""
        sub = self.rating.case_file.sub_request(sub_id)
        if sub is None:
            raise KeyError(f"no sub-request {sub_id!r}")

        def apply(_: ItemRating) -> None:
            if kind != "":
                sub.kind = SubRequestKind(kind) if kind is not None else None
            if text is not None:
                sub.text = text

        field = f"case_file.sub_requests.{sub_id}"
        return self._edit(("case_file",), (field,), apply, coalesce=kind == "")

    def remove_sub_request(self, sub_id: str) -> Change:
        """Delete a sub-request and both responses' answers for it (one undo step)."""

        def apply(r: ItemRating) -> None:
            r.case_file.sub_requests = [s for s in r.case_file.sub_requests if s.id != sub_id]
            for side in r.responses:
                side.sub_request_met.pop(sub_id, None)

        parts = ("case_file", "responses.0", "responses.1")
        return self._edit(parts, ("case_file.sub_requests",), apply)

    def set_checklist(self, lines: list[str]) -> Change:
        def apply(r: ItemRating) -> None:
            r.case_file.checklist = list(lines)

        return self._edit(("case_file",), ("case_file.checklist",), apply, coalesce=True)

    # ------------------------------------------------------------------ task completion

    def set_main_goal_met(self, side: int, value: bool | None) -> Change:
        def apply(s: ResponseRating) -> None:
            s.main_goal_met = value

        return self._side_edit(side, "main_goal_met", apply)

    def set_sub_request_met(self, side: int, sub_id: str, value: bool | None) -> Change:
        if self.rating.case_file.sub_request(sub_id) is None:
            raise KeyError(f"no sub-request {sub_id!r}")

        def apply(s: ResponseRating) -> None:
            if value is None:
                s.sub_request_met.pop(sub_id, None)
            else:
                s.sub_request_met[sub_id] = value

        return self._side_edit(side, f"sub_request_met.{sub_id}", apply)

    def set_tc(self, side: int, value: int | None) -> Change:
        value = _check_score(value)

        def apply(s: ResponseRating) -> None:
            s.tc = value

        return self._side_edit(side, "tc", apply)

    def set_tc_justification(self, side: int, text: str) -> Change:
        def apply(s: ResponseRating) -> None:
            s.tc_justification = text

        return self._side_edit(side, "tc_justification", apply, coalesce=True)

    # ------------------------------------------------------------------ claims

    def add_claim(self, side: int, start: int, end: int) -> Change:
        """A claim from a span of the plain text; action claims are pre-marked."""
        _check_side(side)
        claim = make_claim(self.plain_texts[side], start, end)
        claim.action = is_action_sentence(claim.text)
        if any(
            (c.start, c.end) == (claim.start, claim.end) for c in self.rating.responses[side].claims
        ):
            return self._refuse("edit", "This text is already listed as a claim.")

        def apply(r: ItemRating) -> str:
            claim.id = r.new_id("c")
            r.responses[side].claims.append(claim)
            r.responses[side].claims.sort(key=lambda c: (c.start, c.end))
            return claim.id

        return self._side_edit(side, "claims", lambda _: apply(self.rating))

    def add_claim_from_selection(self, side: int, selected: str, near: int | None = None) -> Change:
        """A claim from text selected in the window; refused if it is not in the response."""
        _check_side(side)
        span = locate_span(self.plain_texts[side], selected, near)
        if span is None:
            return self._refuse(
                "edit",
                "The selected text was not found in the response. Select the claim directly "
                "in the response text (claims must be exact copies).",
            )
        return self.add_claim(side, *span)

    def remove_claim(self, side: int, claim_id: str) -> Change:
        def apply(s: ResponseRating) -> None:
            s.claims = [c for c in s.claims if c.id != claim_id]

        return self._side_edit(side, "claims", apply)

    def set_claim_objective(self, side: int, claim_id: str, value: bool | None) -> Change:
        def apply(c: Claim) -> None:
            c.objective = value

        return self._claim_edit(side, claim_id, "objective", apply)

    def set_claim_critical(self, side: int, claim_id: str, value: bool) -> Change:
        def apply(c: Claim) -> None:
            c.critical = bool(value)

        return self._claim_edit(side, claim_id, "critical", apply)

    def set_claim_action(self, side: int, claim_id: str, value: bool) -> Change:
        def apply(c: Claim) -> None:
            c.action = bool(value)

        return self._claim_edit(side, claim_id, "action", apply)

    def set_claim_rating(self, side: int, claim_id: str, value: ClaimRating | None) -> Change:
        rating = ClaimRating(value) if value is not None else None

        def apply(c: Claim) -> None:
            c.rating = rating

        return self._claim_edit(side, claim_id, "rating", apply)

    def set_claim_evidence(self, side: int, claim_id: str, value: EvidenceKind | None) -> Change:
        evidence = EvidenceKind(value) if value is not None else None

        def apply(c: Claim) -> None:
            c.evidence = evidence

        return self._claim_edit(side, claim_id, "evidence", apply)

    def set_claim_sources(self, side: int, claim_id: str, sources: list[str]) -> Change:
        cleaned = [s.strip() for s in sources if s.strip()]

        def apply(c: Claim) -> None:
            c.sources = cleaned

        return self._claim_edit(side, claim_id, "sources", apply)

    def add_claim_source(self, side: int, claim_id: str, url: str) -> Change:
        def apply(c: Claim) -> None:
            if url.strip() and url.strip() not in c.sources:
                c.sources.append(url.strip())

        return self._claim_edit(side, claim_id, "sources", apply)

    def add_claim_shown_evidence(self, side: int, claim_id: str, ref: ShownEvidence) -> Change:
        """Cite a screenshot or trajectory step shown with the response (FC-6)."""

        def apply(c: Claim) -> None:
            if all(e.key() != ref.key() for e in c.shown_evidence):
                c.shown_evidence.append(ref)

        return self._claim_edit(side, claim_id, "shown_evidence", apply)

    def remove_claim_shown_evidence(self, side: int, claim_id: str, ref: ShownEvidence) -> Change:
        def apply(c: Claim) -> None:
            c.shown_evidence = [e for e in c.shown_evidence if e.key() != ref.key()]

        return self._claim_edit(side, claim_id, "shown_evidence", apply)

    def set_claim_justification(self, side: int, claim_id: str, text: str) -> Change:
        def apply(c: Claim) -> None:
            c.justification = text

        return self._claim_edit(side, claim_id, "justification", apply, coalesce=True)

    # ------------------------------------------------------------------ FA / AIP

    def set_fa(self, side: int, value: int | None) -> Change:
        value = _check_score(value)

        def apply(s: ResponseRating) -> None:
            s.fa = value

        return self._side_edit(side, "fa", apply)

    def set_fa_justification(self, side: int, text: str) -> Change:
        def apply(s: ResponseRating) -> None:
            s.fa_justification = text

        return self._side_edit(side, "fa_justification", apply, coalesce=True)

    def set_aip(self, side: int, value: int | None) -> Change:
        value = _check_score(value)

        def apply(s: ResponseRating) -> None:
            s.aip = value

        return self._side_edit(side, "aip", apply)

    def set_aip_justification(self, side: int, text: str) -> Change:
        def apply(s: ResponseRating) -> None:
            s.aip_justification = text

        return self._side_edit(side, "aip_justification", apply, coalesce=True)

    def set_step_mark(
        self, side: int, step_index: int, mark: StepMarkKind | None, note: str = ""
    ) -> Change:
        """Mark a trajectory step correct/unnecessary/wrong (None clears the mark)."""
        if step_index < 0:
            raise ValueError(f"step index must be >= 0, got {step_index}")
        kind = StepMarkKind(mark) if mark is not None else None

        def apply(s: ResponseRating) -> None:
            if kind is None:
                s.step_marks.pop(step_index, None)
            else:
                s.step_marks[step_index] = StepMark(mark=kind, note=note)

        return self._side_edit(side, f"step_marks.{step_index}", apply)

    def set_run_report_match(self, side: int, matches: bool | None, mismatch: str = "") -> Change:
        """Record whether the agent's run report matches its trajectory (and what is wrong)."""

        def apply(s: ResponseRating) -> None:
            s.run_report_matches = matches
            s.run_report_mismatch = "" if matches else mismatch

        return self._side_edit(side, "run_report_matches", apply, coalesce=True)

    # ------------------------------------------------------------------ roadblocks

    def add_roadblock(self, side: int, kind: RoadblockKind, text: str = "") -> Change:
        roadblock = Roadblock(kind=RoadblockKind(kind), text=text)

        def apply(s: ResponseRating) -> None:
            s.roadblocks.append(roadblock)

        return self._side_edit(side, "roadblocks", apply)

    def remove_roadblock(self, side: int, index: int) -> Change:
        def apply(s: ResponseRating) -> None:
            if 0 <= index < len(s.roadblocks):
                del s.roadblocks[index]

        return self._side_edit(side, "roadblocks", apply)

    # ------------------------------------------------------------------ verdict, notes

    def set_verdict(self, verdict: Verdict | None) -> Change:
        """The verdict in TRUE orientation (use ``order.verdict_to_true`` on display choices)."""
        value = Verdict(verdict) if verdict is not None else None

        def apply(r: ItemRating) -> None:
            r.verdict = value

        return self._edit(("verdict",), ("verdict",), apply)

    def set_verdict_justification(self, text: str) -> Change:
        def apply(r: ItemRating) -> None:
            r.verdict_justification = text

        return self._edit(("verdict",), ("verdict_justification",), apply, coalesce=True)

    def set_notes(self, text: str) -> Change:
        def apply(r: ItemRating) -> None:
            r.notes = text

        return self._edit(("notes",), ("notes",), apply, coalesce=True)

    def acknowledge_warning(self, rule_id: str, reason: str) -> Change:
        """Keep a warning with the rater's short reason (recorded in the export)."""
        if rule_id not in RULE_IDS:
            raise KeyError(f"unknown rule {rule_id!r}")
        if not reason.strip():
            return self._refuse("edit", "Give a short reason for keeping this warning.")

        def apply(r: ItemRating) -> None:
            r.acknowledged[rule_id] = reason.strip()

        return self._edit(("acknowledged",), (f"acknowledged.{rule_id}",), apply)

    def withdraw_acknowledgement(self, rule_id: str) -> Change:
        def apply(r: ItemRating) -> None:
            r.acknowledged.pop(rule_id, None)

        return self._edit(("acknowledged",), (f"acknowledged.{rule_id}",), apply)
