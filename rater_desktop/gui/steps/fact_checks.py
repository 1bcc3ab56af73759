"""Step 4, fact checks: rate each objective claim with sources, then FA 1-5 per response."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from functools import partial

from PySide6.QtCore import QTimer
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import (
    QApplication,
    QButtonGroup,
    QComboBox,
    QGridLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.evidence.finder import Suggestion
from rater_desktop.gui.steps.badges import field_prefix
from rater_desktop.gui.steps.claims import quote_label
from rater_desktop.gui.steps.common import (
    FA_LABELS,
    ScoreScale,
    TextField,
    answer_keys,
    card,
    hint_label,
    name,
    restyle,
    set_checked_quietly,
    side_title,
    title_label,
)
from rater_desktop.gui.steps.evidence_suggestions import EvidenceSuggestions
from rater_desktop.gui.steps.page import RuleCard, StepContext, StepPage
from rater_desktop.gui.steps.shown_evidence_box import ShownEvidenceBox
from rater_desktop.gui.steps.where import scroll_to
from rater_desktop.keymap import choice_key
from rater_desktop.rating.attention import Voice
from rater_desktop.rating.focus import sources_optional
from rater_desktop.rating.helpers import is_http_url, is_search_result_url
from rater_desktop.rating.justification import fact_check_template
from rater_desktop.rating.model import (
    Claim,
    ClaimRating,
    EvidenceKind,
    ItemRating,
    ShownEvidence,
    Step,
)
from rater_desktop.rating.service import RatingService
from rater_desktop.text_sources import Source, replacement_event

EVIDENCE_LABELS = {
    EvidenceKind.FULL: "Fully proves it",
    EvidenceKind.PARTIAL: "Partly proves it",
    EvidenceKind.NONE: "No screenshot or link",
    EvidenceKind.IRRELEVANT: "Unrelated screenshot",
}

# The evidence kinds in the order of the key table's claim_evidence keys.
EVIDENCE_KINDS = (EvidenceKind.FULL, EvidenceKind.PARTIAL, EvidenceKind.NONE,
                  EvidenceKind.IRRELEVANT)
EVIDENCE_KEYS = {kind: choice_key("claim_evidence", i) for i, kind in enumerate(EVIDENCE_KINDS)}
RATINGS = (ClaimRating.ACCURATE, ClaimRating.INACCURATE, ClaimRating.CCA)  # claim_rating keys

PAUSE_MS = 1500  # typing stopped this long: the source notes may speak (rules speak after you act)


def source_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def source_problems(sources: Iterable[str], extra_hosts: Iterable[str] = ()) -> list[str]:
    """Plain notes for the rater about each source line that cannot be cited."""
    notes = []
    for number, url in enumerate(sources, start=1):
        if not is_http_url(url):
            notes.append(f"Line {number}: not a web address (it must start with http:// or "
                         "https://).")
        elif is_search_result_url(url, extra_hosts):
            notes.append(f"Line {number}: a search results page; open the result and cite "
                         "that page.")
    return notes


class FactCheckCard(RuleCard):
    """The fact check of one objective claim."""

    def __init__(self, page: FactChecksStep, label: str, claim: Claim) -> None:
        super().__init__()
        self.page = page
        self.claim_id = claim.id
        self.true_index = 0
        base = f"factCheck{label}_{claim.id}"
        self.setObjectName(base)
        frame, column = card(f"{base}_card", role="claimCard")
        self.frame = frame
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(frame)
        self.quote = quote_label(claim.text, f"{base}_text")
        column.addWidget(self.quote)
        # Two to a row: three on one row made the card the widest thing in the panel and
        # widened the rating dock (as the claim card's row did).
        row = QGridLayout()
        row.setSpacing(4)
        self.group = QButtonGroup(self)
        self.rating_buttons: dict[ClaimRating, QPushButton] = {}
        for place, (value, text) in enumerate(zip(RATINGS, ("Accurate", "Inaccurate",
                                                             "Can't assess"), strict=True)):
            button = QPushButton(f"{text} ({choice_key('claim_rating', place)})")
            name(button, f"{base}_{value.value}", f"Response {label} claim: {value.label}")
            button.setToolTip(value.label)
            button.setCheckable(True)
            button.setProperty("verdictTone", value.value)
            self.group.addButton(button)
            button.clicked.connect(lambda _c=False, v=value: self._rate(v))
            self.rating_buttons[value] = button
            row.addWidget(button, place // 2, place % 2)
        column.addLayout(row)
        self.evidence = QComboBox()
        name(self.evidence, f"{base}_evidence", f"Response {label} action evidence")
        self.evidence.addItem("Evidence for this action\u2026", None)
        for kind, text in EVIDENCE_LABELS.items():
            self.evidence.addItem(f"{text} ({EVIDENCE_KEYS[kind]})", kind.value)
        self.evidence.activated.connect(self._evidence)
        column.addWidget(self.evidence)
        self.sources = TextField(f"{base}_sources", f"Response {label} claim sources",
                                 placeholder="Source URLs, one per line (direct pages, not "
                                 "search results)", on_edit=self._sources, lines=2)
        column.addWidget(self.sources)
        self.source_notes = self._source_notes(base)
        column.addWidget(self.source_notes)
        self.shown = ShownEvidenceBox(base, label, on_add=self._cite, on_remove=self._uncite)
        column.addWidget(self.shown)
        self.label, self.claim = label, claim
        self.suggest = self._suggestions(base, label)
        column.addWidget(self.suggest)
        self.justification = TextField(f"{base}_justification",
                                       f"Response {label} claim justification",
                                       placeholder="What the sources say", on_edit=self._justify,
                                       lines=2)
        column.addWidget(self.justification)
        self.rules = page.badges(f"{base}_rules", lambda r: field_prefix(self._prefix())(r))
        column.addWidget(self.rules)
        answer_keys(self, "claim_rating", [partial(self._rate, v) for v in RATINGS])
        answer_keys(self, "claim_evidence",
                    [partial(self._evidence_key, kind) for kind in EVIDENCE_KINDS])

    def _prefix(self) -> str:
        return f"responses.{self.true_index}.claims.{self.claim_id}"

    def _suggestions(self, base: str, label: str) -> EvidenceSuggestions:
        return EvidenceSuggestions(base, label, self, on_cite=self._cite_suggested,
                                   on_view=self._view_suggested)

    def show_claim(self, claim: Claim, true_index: int, extra_hosts: list[str]) -> None:
        self.true_index = true_index
        self.quote.setText(claim.text)
        checked = self.rating_buttons.get(claim.rating) if claim.rating else None
        set_checked_quietly(list(self.rating_buttons.values()), self.group, checked)
        self.evidence.setVisible(claim.action)
        index = self.evidence.findData(claim.evidence.value if claim.evidence else None)
        self.evidence.blockSignals(True)
        self.evidence.setCurrentIndex(max(index, 0))
        self.evidence.blockSignals(False)
        self.sources.show_text("\n".join(claim.sources),
                               same=lambda a, b: source_lines(a) == source_lines(b))
        self.sources.setProperty("answerOptional", sources_optional(claim))
        notes = source_problems(claim.sources, extra_hosts)
        self.source_notes.setText("\n".join(notes))
        self.source_notes.setVisible(bool(notes) and self._notes_speak())
        service = self.page.service
        response = service.item.responses[true_index] if service is not None else None
        self.shown.show_claim(claim, response, self.page.ctx.image_for)
        self.claim = claim
        self.refresh_suggestions()
        self.justification.show_text(claim.justification)

    def refresh_suggestions(self) -> None:
        """The finder's advice from what it has read so far (it reads in the background)."""
        service = self.page.service
        if service is not None and service.current_item_id is None:
            return  # the item closed (a batch closing) while the finder read: no advice
        response = service.item.responses[self.true_index] if service is not None else None
        advice = self.page.ctx.evidence(self.claim.text, response)
        self.suggest.show_advice(advice, self.claim.shown_evidence, self.page.ctx.image_for)

    def _cite_suggested(self, ref: ShownEvidence) -> None:
        """E: the selected suggestion becomes shown evidence, as a manual citation does;
        the export records that it came from a suggestion."""
        self._cite(replace(ref, suggested=True))

    def _view_suggested(self, suggestion: Suggestion) -> None:
        self.page.make_current(self)
        self.page.ctx.view_evidence(self.true_index, self.label, suggestion)

    def set_current(self, current: bool) -> None:
        if bool(self.frame.property("current")) != current:
            self.frame.setProperty("current", current)
            restyle(self.frame)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.page.make_current(self)
        super().mousePressEvent(event)

    def _cite(self, ref: ShownEvidence) -> None:
        self.page.make_current(self)
        if self.page.service is not None:
            self.page.service.add_claim_shown_evidence(self.true_index, self.claim_id, ref)
            # The cited row in view once laid out: on a small screen E changed nothing seen.
            QTimer.singleShot(0, self, self._show_newest_citation)

    def _show_newest_citation(self) -> None:
        row = self.shown.newest_row()
        if row is not None:
            scroll_to(row)

    def _uncite(self, ref: ShownEvidence) -> None:
        if self.page.service is not None:
            self.page.service.remove_claim_shown_evidence(self.true_index, self.claim_id, ref)

    def _evidence_key(self, kind: EvidenceKind) -> None:
        if self.evidence.isVisible() and self.page.service is not None:
            self.page.service.set_claim_evidence(self.true_index, self.claim_id, kind)

    def _rate(self, value: ClaimRating) -> None:
        if self.page.service is not None:
            self.page.service.set_claim_rating(self.true_index, self.claim_id, value)

    def _evidence(self, index: int) -> None:
        value = self.evidence.itemData(index)
        if self.page.service is not None:
            self.page.service.set_claim_evidence(
                self.true_index, self.claim_id, EvidenceKind(value) if value else None)

    def _source_notes(self, base: str) -> QLabel:
        """The sources' own problems, spoken once the rater left the field or paused."""
        notes = QLabel("")
        notes.setObjectName(f"{base}_sourceNotes")
        notes.setProperty("role", "inlineProblem")
        notes.setWordWrap(True)
        self._paused = False  # the rater stopped typing in the sources: the notes speak
        self._pause = QTimer(self)
        self._pause.setSingleShot(True)
        self._pause.timeout.connect(self._typing_paused)
        return notes

    def _notes_speak(self) -> bool:
        attention = self.page.ctx.attention
        if self._paused or attention is None:
            return True
        field = f"{self._prefix()}.sources"
        return attention.field_voice(field, Step.FACT_CHECKS) is Voice.SPEAK

    def _typing_paused(self) -> None:
        self._paused = True
        self.source_notes.setVisible(bool(self.source_notes.text()))

    def _sources(self, text: str) -> None:
        self._paused = False
        self._pause.start(PAUSE_MS)
        if self.page.service is not None:
            self.page.service.set_claim_sources(self.true_index, self.claim_id,
                                                source_lines(text))

    def _justify(self, text: str) -> None:
        if self.page.service is not None:
            self.page.service.set_claim_justification(self.true_index, self.claim_id, text)


class FactChecksSide(QWidget):
    """Objective claims of one response and its FA score."""

    def __init__(self, page: FactChecksStep, label: str) -> None:
        super().__init__()
        self.page = page
        self.label = label
        self.true_index = 0
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 4, 0, 0)
        column.setSpacing(6)
        column.addWidget(side_title(label))
        self.empty = hint_label("No objective claims: nothing to fact-check here.")
        column.addWidget(self.empty)
        self.cards_host = QVBoxLayout()
        self.cards_host.setSpacing(6)
        column.addLayout(self.cards_host)
        self.cards: dict[str, FactCheckCard] = {}
        column.addWidget(title_label("Factual Accuracy", role="stepField"))
        self.scale = ScoreScale(f"faScale{label}", f"Response {label} Factual Accuracy",
                                FA_LABELS, self._score)
        column.addWidget(self.scale)
        self.justification = TextField(f"faJustification{label}",
                                       f"Response {label} Factual Accuracy summary",
                                       placeholder="Overall accuracy of the response",
                                       on_edit=self._justify)
        column.addWidget(self.justification)
        self.template = QPushButton("Fill in fact-check summary")
        name(self.template, f"faTemplate{label}", f"Fill in the fact-check summary of {label}")
        self.template.setProperty("flat", True)
        self.template.clicked.connect(self._fill_template)
        column.addWidget(self.template)
        self.rules = page.badges(f"faRules{label}",
                                 lambda r: field_prefix(f"responses.{self.true_index}.fa")(r))
        column.addWidget(self.rules)

    def refresh(self, service: RatingService, rating: ItemRating, true_index: int) -> None:
        self.true_index = true_index
        side = rating.responses[true_index]
        objective = [c for c in side.claims if c.objective]
        if [c.id for c in objective] != list(self.cards):
            self._rebuild(objective)
        extra = list(service.rubric.param("FC-7", "extra_search_hosts"))
        for claim in objective:
            self.cards[claim.id].show_claim(claim, true_index, extra)
        self.empty.setVisible(not objective)
        self.scale.show_value(side.fa)
        self.justification.show_text(side.fa_justification)

    def _rebuild(self, claims: list[Claim]) -> None:
        self.cards = self.page.rebuild_cards(
            self.cards_host, self.cards, claims,
            lambda claim, _number: FactCheckCard(self.page, self.label, claim))

    def _score(self, value: int) -> None:
        if self.page.service is not None:
            self.page.service.set_fa(self.true_index, value)

    def _justify(self, text: str) -> None:
        if self.page.service is not None:
            self.page.service.set_fa_justification(self.true_index, text)

    def _fill_template(self) -> None:
        service = self.page.service
        if service is not None:
            side = service.rating.responses[self.true_index]
            text = fact_check_template(side, final=side.fa_justification.strip()
                                       if "Objective Claims" not in side.fa_justification else "")
            service.note_text_event(replacement_event(side.fa_justification, text,
                                                      Source.TEMPLATE))  # the app's text
            service.set_fa_justification(self.true_index, text)


class FactChecksStep(StepPage):
    """Fact checks of both responses in display order."""

    step = Step.FACT_CHECKS
    hint = ("Check each objective claim against direct, reliable pages (two independent "
            "sources are best; never a search results page). Subjective claims are not "
            "checked.")

    def __init__(self, ctx: StepContext) -> None:
        super().__init__(ctx)
        self.sides = self.add_sides(FactChecksSide)
        self.finish()
        # (item id, true index, claim id): ids repeat across items, so the item is part of it
        self.current: tuple[str, int, str] | None = None
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)

    def refresh_fields(self, service: RatingService, rating: ItemRating) -> None:
        for label, true_index in self.ctx.display_sides():
            self.sides[label].refresh(service, rating, true_index)
        self._mark_current()

    # -- the current claim: the card the rater last worked in ("cite as evidence" target)

    def cards(self) -> list[FactCheckCard]:
        return [c for side in self.sides.values() for c in side.cards.values()]

    def make_current(self, card_widget: FactCheckCard) -> None:
        service = self.service
        if service is None or service.current_item_id is None:
            return
        self.current = (service.current_item_id, card_widget.true_index, card_widget.claim_id)
        self._mark_current()

    def current_claim(self) -> tuple[int, Claim, str] | None:
        """(true index, claim, display label) of the current claim; with no card picked
        yet and only one objective claim in the item, that one."""
        service = self.service
        if service is None or service.current_item_id is None:
            return None
        labels = {true_index: label for label, true_index in self.ctx.display_sides()}
        objective = [(i, c) for i, side in enumerate(service.rating.responses)
                     for c in side.claims if c.objective]
        found = [(i, c) for i, c in objective
                 if (service.current_item_id, i, c.id) == self.current]
        if not found and len(objective) == 1:
            found = objective
        if not found:
            return None
        true_index, claim = found[0]
        return true_index, claim, f"Response {labels.get(true_index, '?')}"

    def refresh_suggestions(self) -> None:
        for card_widget in self.cards():
            card_widget.refresh_suggestions()

    def _mark_current(self) -> None:
        current = self.current_claim()
        key = (current[0], current[1].id) if current else None
        for card_widget in self.cards():
            card_widget.set_current((card_widget.true_index, card_widget.claim_id) == key)

    def _focus_changed(self, _old: object, new: object) -> None:
        widget = new
        while widget is not None and not isinstance(widget, FactCheckCard):
            widget = widget.parentWidget() if hasattr(widget, "parentWidget") else None
        if isinstance(widget, FactCheckCard) and widget.page is self:
            self.make_current(widget)
