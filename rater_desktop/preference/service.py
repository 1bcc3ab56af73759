"""PreferenceService: the write API of the preference protocol.

Like ``RatingService`` every write returns a ``Change`` and tells subscribers; documents
go to the same ``RatingStore`` (the profile's database), so autosave, backups and export
work unchanged. Choices arrive in DISPLAY labels and are stored in file order (SD-1).
Opening, saving, completing, the batch state and undo/redo are the shared base's
(``protocols.single``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rater_desktop.batch.model import Item
from rater_desktop.batch.protocol import PreferenceSettings
from rater_desktop.preference.model import CHOICE_STEP, PreferenceRating, is_justification
from rater_desktop.preference.rules import check_preference
from rater_desktop.protocols.single import SingleJudgmentService
from rater_desktop.rating.change import Change
from rater_desktop.rating.display_order import DisplayOrder, display_order
from rater_desktop.rating.rules.base import RuleResult
from rater_desktop.rating.store import RatingStore
from rater_desktop.rating.timing import Clock

DISPLAY_CHOICES = ("A", "B", "tie")
FIELD_NAMES = {"choice": "choice", "explanation": "explanation"}


class PreferenceError(ValueError):
    """A call the protocol does not allow (e.g. an unknown choice)."""


class PreferenceService(SingleJudgmentService[PreferenceRating]):
    """One rater's preference judgments on one batch."""

    error = PreferenceError
    KEPT_BY_UNDO = ("sides_viewed",)  # what the rater saw is no answer to take back

    def __init__(self, *, store: RatingStore, clock: Clock, settings: PreferenceSettings,
                 batch_key: str, display_seed: str, rater_id: str,
                 item_accessor: Callable[[str], Item] | None = None) -> None:
        self.settings = settings
        self.display_seed = display_seed
        super().__init__(store=store, clock=clock, batch_key=batch_key, rater_id=rater_id,
                         item_accessor=item_accessor, survey_questions=settings.survey)

    # -- the base's hooks ------------------------------------------------------------

    def new_rating(self, item_id: str) -> PreferenceRating:
        return PreferenceRating(item_id=item_id)

    def read_rating(self, document: Any) -> PreferenceRating:
        return PreferenceRating.from_dict(document)

    def load_item(self, item_id: str) -> Item | None:
        del item_id  # a judgment needs no item: the window shows it
        return None

    def timer_step(self) -> str:
        return CHOICE_STEP

    def field_name(self, field: str) -> str:
        return FIELD_NAMES.get(field, super().field_name(field))

    def is_justification(self, path: str) -> bool:
        return is_justification(path)

    def order_for(self, item_id: str) -> DisplayOrder:
        return display_order(batch_seed=self.display_seed, rater_id=self.rater_id,
                             item_id=item_id)

    def results(self) -> list[RuleResult]:
        return check_preference(self.rating,
                                explanation_required=self.settings.explanation_required)

    # -- writes ----------------------------------------------------------------------

    def choose(self, shown: str) -> Change:
        """The rater's choice on the DISPLAY labels: "A", "B" or "tie"."""
        if shown not in DISPLAY_CHOICES:
            raise PreferenceError(f"choice must be one of {', '.join(DISPLAY_CHOICES)}")
        item_id = self._require_item()
        with self._editing() as edit:
            if shown == "tie":
                self.rating.choice = "tie"
            else:
                self.rating.choice = "AB"[self.order_for(item_id).true_index(shown)]
            edit.fields = ("choice",)
        assert edit.change is not None
        return edit.change

    def shown_choice(self) -> str | None:
        """The current choice in DISPLAY labels (what the panel shows)."""
        choice = self.rating.choice
        if choice is None or choice == "tie" or self.current_item_id is None:
            return choice
        return self.order_for(self.current_item_id).display_label("AB".index(choice))

    def note_sides_viewed(self, shown: Iterable[str], *, save: bool = False) -> None:
        """The DISPLAY sides the rater had on screen, added (file order) to what completing
        records; saved with the completion that follows, or now with ``save`` (an undo or
        redo that already made the item complete again)."""
        item_id = self._require_item()
        order = self.order_for(item_id)
        seen = {"AB"[order.true_index(side)] for side in shown if side in ("A", "B")}
        noted = tuple(sorted(seen | set(self.rating.sides_viewed or ())))
        changed = noted != self.rating.sides_viewed
        self.rating.sides_viewed = noted
        if save and changed:
            self._save()

    def set_explanation(self, text: str) -> Change:
        """The explanation; a burst of typing is one undo step."""
        with self._editing(coalesce="explanation") as edit:
            if text != self.rating.explanation:
                self.rating.explanation = text
                edit.fields = ("explanation",)
        assert edit.change is not None
        return edit.change
