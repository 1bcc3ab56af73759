"""The base of every step page, and what pages share: the service and the response views."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QShowEvent
from PySide6.QtWidgets import QTextEdit, QVBoxLayout, QWidget

from rater_desktop.gui.steps.badges import Matcher, RuleBadges
from rater_desktop.gui.steps.common import hint_label, title_label
from rater_desktop.rating.attention import Attention, Voice
from rater_desktop.rating.model import Claim, ItemRating, Step
from rater_desktop.rating.rules.base import RuleResult
from rater_desktop.rating.service import RatingService
from rater_desktop.rating.steps import STEP_ORDER, STEP_TITLES, results_for_step
from rater_desktop.viewed_sides import SIDE_PROPERTY

if TYPE_CHECKING:
    from rater_desktop.batch.model import Response
    from rater_desktop.evidence.advice import Advice
    from rater_desktop.evidence.finder import Suggestion

BrowserFor = Callable[[int], QTextEdit | None]


def _no_browser(_true_index: int) -> QTextEdit | None:
    return None


class StepContext:
    """What the pages need from outside: the service of the open batch and the text views
    of the responses (by TRUE index) for selecting and highlighting claims."""

    def __init__(self, *, browser_for: BrowserFor = _no_browser) -> None:
        self.service: RatingService | None = None
        self.browser_for = browser_for
        self.message: Callable[[str], None] = lambda _text: None
        # A batch image scaled for thumbnails, if already decoded (else None; may start it).
        self.image_for: Callable[[str], QImage | None] = lambda _path: None
        self.attention: Attention | None = None  # the open item's (set by the panel)
        # The evidence finder's advice on a claim of a response (None: the finder is off),
        # and opening a suggestion in the viewer (true index, side label, suggestion).
        self.evidence: Callable[[str, Response | None], Advice | None] = lambda _t, _r: None
        self.view_evidence: Callable[[int, str, Suggestion], None] = lambda _i, _s, _x: None

    def voice(self, result: RuleResult) -> Voice:
        """To do or speak: see rating.attention (always speaks without a tracker)."""
        return Voice.SPEAK if self.attention is None else self.attention.voice(result)

    def acknowledge(self, rule_id: str, reason: str) -> None:
        if self.service is not None:
            self.service.acknowledge_warning(rule_id, reason)

    def withdraw(self, rule_id: str) -> None:
        if self.service is not None:
            self.service.withdraw_acknowledgement(rule_id)

    def display_sides(self) -> list[tuple[str, int]]:
        """[("A", true index), ("B", true index)] for the open item."""
        if self.service is None:
            return [("A", 0), ("B", 1)]
        order = self.service.order
        return [("A", order.true_index("A")), ("B", order.true_index("B"))]


SideWidget = TypeVar("SideWidget", bound=QWidget)


class RuleCard(QWidget):
    """A card of one claim, with the rule badges about it."""

    rules: RuleBadges


CardType = TypeVar("CardType", bound=RuleCard)
PageType = TypeVar("PageType", bound="StepPage")


class StepPage(QWidget):
    """One guided step. ``refresh()`` redraws everything from the service's state."""

    step: Step = Step.CASE_FILE
    hint: str = ""

    def __init__(self, ctx: StepContext) -> None:
        super().__init__()
        self.ctx = ctx
        number = STEP_ORDER.index(self.step) + 1
        self.setObjectName(f"stepPage_{self.step.value}")
        self.setAccessibleName(f"Step {number}: {STEP_TITLES[self.step]}")
        self.setProperty("role", "stepPage")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.column = QVBoxLayout(self)
        self.column.setContentsMargins(12, 10, 12, 12)
        self.column.setSpacing(8)
        if self.hint:
            self.column.addWidget(hint_label(self.hint))
        self._badge_lists: list[tuple[RuleBadges, Matcher]] = []
        self._badges_item: str | None = None
        self.other_badges = self.badges(f"otherRules_{self.step.value}")

    def section(self, text: str) -> None:
        self.column.addWidget(title_label(text))

    def add_sides(self: PageType,
                  make_side: Callable[[PageType, str], SideWidget]) -> dict[str, SideWidget]:
        """One block per response, in display order A then B, added to the page."""
        sides = {label: make_side(self, label) for label in ("A", "B")}
        for label, side in sides.items():
            side.setProperty(SIDE_PROPERTY, label)  # the response pane the block rates
            self.column.addWidget(side)
        return sides

    def badges(self, object_name: str, matcher: Matcher | None = None) -> RuleBadges:
        widget = RuleBadges(object_name, on_ack=self.ctx.acknowledge,
                            on_withdraw=self.ctx.withdraw)
        if matcher is not None:
            self._badge_lists.append((widget, matcher))
        return widget

    def forget_badges(self, widget: RuleBadges) -> None:
        self._badge_lists = [(w, m) for w, m in self._badge_lists if w is not widget]

    def rebuild_cards(self, host: QVBoxLayout, old: dict[str, CardType], claims: list[Claim],
                      make: Callable[[Claim, int], CardType]) -> dict[str, CardType]:
        """One card per claim in ``host``, in order (``old``'s kept by claim id, ``make(claim,
        number)`` for a new one); the cards of claims gone are forgotten and deleted."""
        old = dict(old)
        cards: dict[str, CardType] = {}
        for number, claim in enumerate(claims, start=1):
            widget = old.pop(claim.id, None) or make(claim, number)
            host.removeWidget(widget)
            host.addWidget(widget)
            # At once: a layout shows a new child only on the next turn of the event loop,
            # and until then the card's keys did not fire for the cursor put in it.
            widget.show()
            cards[claim.id] = widget
        for widget in old.values():
            self.forget_badges(widget.rules)
            host.removeWidget(widget)
            widget.hide()
            widget.deleteLater()
        return cards

    def finish(self) -> None:
        """Call at the end of a subclass's __init__: unmatched results go last."""
        self.column.addWidget(self.other_badges)
        self.column.addStretch(1)

    @property
    def service(self) -> RatingService | None:
        return self.ctx.service

    def release_badge_space(self) -> None:
        """Messages gone since the page was shown stop holding their space."""
        for widget in [w for w, _m in self._badge_lists] + [self.other_badges]:
            widget.release()

    def showEvent(self, event: QShowEvent) -> None:
        self.release_badge_space()  # the step is shown again: a fresh layout is expected
        super().showEvent(event)

    def refresh(self, *, badges: bool = True) -> None:
        """Redraw from the service; ``badges=False`` leaves the rule messages to a later
        ``show_badges`` (the panel's next turn)."""
        service = self.service
        if service is None or service.current_item_id is None:
            return
        if service.current_item_id != self._badges_item:
            self._badges_item = service.current_item_id
            self.release_badge_space()
        self.refresh_fields(service, service.rating)
        # Before an item's first check returns there is nothing to show; showing the empty
        # list would also count as its first messages, and those then waited for typing.
        if badges and service.results_ready:
            self.show_badges(service.results, service.rating.acknowledged)

    def refresh_fields(self, service: RatingService, rating: ItemRating) -> None:
        raise NotImplementedError

    def show_badges(self, results: tuple[RuleResult, ...], acknowledged: dict[str, str]) -> None:
        mine = results_for_step(self.step, results)
        shown: set[int] = set()
        for widget, matcher in self._badge_lists:
            matched = [r for r in mine if matcher(r)]
            shown.update(id(r) for r in matched)
            widget.show_results(matched, acknowledged, self.ctx.voice)
        rest = [r for r in mine if id(r) not in shown]
        self.other_badges.show_results(rest, acknowledged, self.ctx.voice)
