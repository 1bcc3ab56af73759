"""Step 3, claims: verbatim spans selected in a response, labelled, plus suggested sentences."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.gui.steps.badges import field_prefix
from rater_desktop.gui.steps.common import (
    answer_keys,
    card,
    hint_label,
    name,
    set_checked_quietly,
    side_title,
)
from rater_desktop.gui.steps.highlight import selection_of
from rater_desktop.gui.steps.page import RuleCard, StepContext, StepPage
from rater_desktop.gui.steps.where import reveal, scroll_to
from rater_desktop.keymap import choice_key, key_text
from rater_desktop.rating.change import Change
from rater_desktop.rating.focus import created_to_focus
from rater_desktop.rating.helpers import CandidateSentence, candidates_shown
from rater_desktop.rating.model import Claim, ItemRating, Step
from rater_desktop.rating.service import RatingService

SUGGESTIONS_SHOWN = 6


def quote_label(text: str, object_name: str) -> QLabel:
    label = QLabel(text)
    label.setObjectName(object_name)
    label.setProperty("role", "claimQuote")
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


class ClaimCard(RuleCard):
    """One claim: its exact text, objective/subjective, critical, action, remove."""

    def __init__(self, page: ClaimsStep, label: str, claim: Claim, number: int) -> None:
        super().__init__()
        self.page = page
        self.claim_id = claim.id
        self.true_index = 0
        base = f"claim{label}_{claim.id}"
        self.setObjectName(base)
        frame, column = card(f"{base}_card", role="claimCard")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(frame)
        self.quote = quote_label(f"{number}. {claim.text}", f"{base}_text")
        column.addWidget(self.quote)
        row = QHBoxLayout()
        row.setSpacing(4)
        self.group = QButtonGroup(self)
        self.objective = QPushButton(f"Objective ({choice_key('claim_kind', 0)})")
        self.subjective = QPushButton(f"Subjective ({choice_key('claim_kind', 1)})")
        for button, value in ((self.objective, True), (self.subjective, False)):
            word = "objective" if value else "subjective"
            name(button, f"{base}_{word}", f"Response {label} claim {number} is {word}")
            button.setCheckable(True)
            button.setProperty("answer", "yes" if value else "neutral")
            self.group.addButton(button)
            button.clicked.connect(lambda _c=False, v=value: self._objective(v))
            row.addWidget(button)
        self.critical = QCheckBox("Critical")
        name(self.critical, f"{base}_critical", f"Response {label} claim {number} is critical")
        self.critical.setToolTip("The task depends on this claim (a CCA rating caps TC below 5)")
        self.critical.clicked.connect(self._critical)
        self.action = QCheckBox("Action")
        name(self.action, f"{base}_action", f"Response {label} claim {number} reports an action")
        self.action.clicked.connect(self._action)
        self.remove = QPushButton("\u2715")
        name(self.remove, f"{base}_remove", f"Remove response {label} claim {number}")
        self.remove.setToolTip(f"Remove this claim ({key_text('undo')} brings it back)")
        # A square button: the cross needs no more than a line's height of width.
        self.remove.setFixedWidth(self.remove.sizeHint().height())
        self.remove.clicked.connect(self._remove)
        row.addStretch(1)
        row.addWidget(self.remove)
        column.addLayout(row)
        # Critical and Action on a row of their own: on one row with the rest the card was
        # the widest thing in the panel and widened the dock (its width was then saved).
        marks = QHBoxLayout()
        marks.setSpacing(4)
        for widget in (self.critical, self.action):
            marks.addWidget(widget)
        marks.addStretch(1)
        column.addLayout(marks)
        self.rules = page.badges(f"{base}_rules",
                                 lambda r: field_prefix(self._prefix())(r))
        column.addWidget(self.rules)
        answer_keys(self, "claim_kind", [lambda: self._objective(True),
                                         lambda: self._objective(False)])

    def _prefix(self) -> str:
        return f"responses.{self.true_index}.claims.{self.claim_id}"

    def show_claim(self, claim: Claim, number: int, true_index: int) -> None:
        self.true_index = true_index
        self.quote.setText(f"{number}. {claim.text}")
        checked = None if claim.objective is None else (
            self.objective if claim.objective else self.subjective)
        set_checked_quietly([self.objective, self.subjective], self.group, checked)
        for box, value in ((self.critical, claim.critical), (self.action, claim.action)):
            box.blockSignals(True)
            box.setChecked(value)
            box.blockSignals(False)

    def _objective(self, value: bool) -> None:
        if self.page.service is not None:
            self.page.service.set_claim_objective(self.true_index, self.claim_id, value)

    def _critical(self, value: bool) -> None:
        if self.page.service is not None:
            self.page.service.set_claim_critical(self.true_index, self.claim_id, value)

    def _action(self, value: bool) -> None:
        if self.page.service is not None:
            self.page.service.set_claim_action(self.true_index, self.claim_id, value)

    def _remove(self) -> None:
        if self.page.service is not None:
            self.page.service.remove_claim(self.true_index, self.claim_id)


class SuggestionRow(QWidget):
    """A sentence of the response not yet covered by a claim, addable with one click."""

    def __init__(self, page: ClaimsStep, label: str, sentence: CandidateSentence,
                 number: int) -> None:
        super().__init__()
        self.sentence = sentence
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(6)
        mark = "Action \u00b7 " if sentence.is_action else ""
        text = QLabel(f"{mark}{sentence.text}")
        text.setWordWrap(True)
        text.setTextFormat(Qt.TextFormat.PlainText)
        text.setProperty("role", "suggestionAction" if sentence.is_action else "suggestion")
        row.addWidget(text, 1)
        self.add = QPushButton("Add")
        name(self.add, f"suggestion{label}_{number}",
             f"Add {'action ' if sentence.is_action else ''}sentence as claim: "
             f"{sentence.text[:60]}")
        metrics = self.add.fontMetrics()
        self.add.setFixedWidth(metrics.horizontalAdvance("Add") + 4 * metrics.averageCharWidth())
        self.add.clicked.connect(lambda: page.add_suggestion(label, sentence))
        row.addWidget(self.add, 0, Qt.AlignmentFlag.AlignTop)


class ClaimsSide(QWidget):
    """Claims and suggestions of one response."""

    def __init__(self, page: ClaimsStep, label: str) -> None:
        super().__init__()
        self.page = page
        self.label = label
        self.true_index = 0
        self.show_all = False
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 4, 0, 0)
        column.setSpacing(6)
        self.title = side_title(label)
        column.addWidget(self.title)
        self.cards_host = QVBoxLayout()
        self.cards_host.setSpacing(6)
        column.addLayout(self.cards_host)
        self.cards: dict[str, ClaimCard] = {}
        self.rules = page.badges(f"claimsRules{label}", self._side_rule)
        column.addWidget(self.rules)
        self.suggestions_title = hint_label("Suggested sentences")
        column.addWidget(self.suggestions_title)
        self.suggestions_host = QVBoxLayout()
        self.suggestions_host.setSpacing(3)
        column.addLayout(self.suggestions_host)
        self.more = QPushButton()
        name(self.more, f"suggestionsMore{label}", f"Show all suggested sentences of {label}")
        self.more.setProperty("flat", True)
        self.more.clicked.connect(self._toggle_more)
        column.addWidget(self.more, 0, Qt.AlignmentFlag.AlignLeft)
        self._suggestion_key: tuple[object, ...] = ()

    def _side_rule(self, result: object) -> bool:
        field = getattr(result, "field", "")
        return bool(field.startswith(f"responses.{self.true_index}.claims@"))

    def refresh(self, service: RatingService, rating: ItemRating, true_index: int) -> None:
        self.true_index = true_index
        claims = rating.responses[true_index].claims
        noun = "claim" if len(claims) == 1 else "claims"
        self.title.setText(f"Response {self.label} \u00b7 {len(claims)} {noun}")
        if [c.id for c in claims] != list(self.cards):
            self._rebuild_cards(claims)
        for number, claim in enumerate(claims, start=1):
            self.cards[claim.id].show_claim(claim, number, true_index)
        verbs = service.rubric.param("FC-4", "action_verbs")
        if not service.plain_texts_ready:
            return  # a large item: suggestions follow when its rules return
        candidates = candidates_shown(service.plain_texts[true_index], verbs)
        if candidates is None:
            return
        free = [s for s in candidates
                if not any(c.start < s.end and s.start < c.end for c in claims)]
        free.sort(key=lambda s: not s.is_action)  # actions first: they must be listed
        key = (service.current_item_id, tuple((s.start, s.end) for s in free), self.show_all)
        if key != self._suggestion_key:
            self._suggestion_key = key
            self._show_suggestions(free)

    def _rebuild_cards(self, claims: list[Claim]) -> None:
        self.cards = self.page.rebuild_cards(
            self.cards_host, self.cards, claims,
            lambda claim, number: ClaimCard(self.page, self.label, claim, number))

    def _show_suggestions(self, free: list[CandidateSentence]) -> None:
        while self.suggestions_host.count():
            taken = self.suggestions_host.takeAt(0)
            widget = taken.widget() if taken is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        shown = free if self.show_all else free[:SUGGESTIONS_SHOWN]
        for number, sentence in enumerate(shown, start=1):
            self.suggestions_host.addWidget(SuggestionRow(self.page, self.label, sentence, number))
        self.suggestions_title.setVisible(bool(free))
        hidden = len(free) - len(shown)
        self.more.setVisible(hidden > 0 or (self.show_all and len(free) > SUGGESTIONS_SHOWN))
        self.more.setText(f"Show {hidden} more" if hidden > 0 else "Show fewer")

    def _toggle_more(self) -> None:
        self.show_all = not self.show_all
        self.page.refresh()


class ClaimsStep(StepPage):
    """Claims of both responses in display order."""

    step = Step.CLAIMS
    hint = (f"Select a statement in Response A or B and press {key_text('add_claim')} (or the button "
            "below). Claims are exact copies of the response; list every action the agent "
            "reports, one statement per claim.")

    def __init__(self, ctx: StepContext) -> None:
        super().__init__(ctx)
        self.add_button = QPushButton(f"Add selected text as claim  ({key_text('add_claim')})")
        name(self.add_button, "claimAddSelection", "Add selected response text as a claim")
        self.add_button.clicked.connect(self.add_selected_claim)
        self.column.addWidget(self.add_button)
        self.message = QLabel("")
        self.message.setObjectName("claimMessage")
        self.message.setProperty("role", "stepMessage")
        self.message.setWordWrap(True)
        self.message.setVisible(False)
        self.column.addWidget(self.message)
        self.sides = self.add_sides(ClaimsSide)
        self.finish()

    def refresh_fields(self, service: RatingService, rating: ItemRating) -> None:
        for label, true_index in self.ctx.display_sides():
            self.sides[label].refresh(service, rating, true_index)

    def add_selected_claim(self) -> bool:
        """Turn the text selected in a response pane into a claim of that response."""
        service = self.service
        if service is None or service.current_item_id is None:
            return False
        picked = self._selection()
        if picked is None:
            self._say("Select the statement in Response A or B first.")
            return False
        true_index, text, near = picked
        change = service.add_claim_from_selection(true_index, text, near)
        self._say(" ".join(change.reasons) if change.refused else "")
        self._focus_created(true_index, change)
        return change.accepted

    def _selection(self) -> tuple[int, str, int] | None:
        found: list[tuple[bool, int, str, int]] = []
        for true_index in (0, 1):
            browser = self.ctx.browser_for(true_index)
            picked = selection_of(browser) if browser is not None else None
            if browser is not None and picked is not None:
                found.append((browser.hasFocus(), true_index, picked[0], picked[1]))
        if not found:
            return None
        found.sort(key=lambda f: not f[0])  # the focused pane wins
        return found[0][1], found[0][2], found[0][3]

    def add_suggestion(self, label: str, sentence: CandidateSentence) -> None:
        service = self.service
        if service is not None:
            true_index = service.order.true_index(label)
            self._focus_created(true_index, service.add_claim(true_index, sentence.start,
                                                              sentence.end))

    def _focus_created(self, true_index: int, change: Change) -> None:
        """The new claim's card takes the keyboard (O/S act on it) and comes into view once
        the page has laid it out (its place is not known before)."""
        claim_id = created_to_focus(change)
        side = next((s for s in self.sides.values() if s.true_index == true_index), None)
        card = side.cards.get(claim_id) if side is not None and claim_id else None
        if card is None:
            return
        reveal(card.objective)
        QTimer.singleShot(0, card, lambda: scroll_to(card))

    def _say(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(bool(text))
