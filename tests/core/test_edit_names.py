"""Edit > Undo <what> / Redo <what>: the service knows the next undo's and redo's fields,
and they read as the rater's words with the display labels the rater sees."""

from __future__ import annotations

from test_rating_support import make_item

from rater_desktop.rating.display_order import DisplayOrder
from rater_desktop.rating.edit_names import edit_name, menu_text
from rater_desktop.rating.model import ClaimRating
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.service import RatingService
from rater_desktop.rating.store import MemoryRatingStore

ITEM = make_item()
SWAPPED = DisplayOrder(swapped=True).display_label


def _service() -> RatingService:
    now = [0.0]

    def clock() -> float:
        now[0] += 10.0
        return now[0]

    service = RatingService(store=MemoryRatingStore(), clock=clock, rubric=Rubric.default(),
                            item_accessor=lambda _: ITEM, batch_key="b")
    service.open_item(ITEM.id)
    return service


def test_names_use_the_display_label_not_the_file_order() -> None:
    assert edit_name("responses.0.tc", SWAPPED) == "TC score of Response B"
    assert edit_name("responses.1.claims.c1.rating", SWAPPED) == "fact check of Response A"
    assert edit_name("responses.1.claims", SWAPPED) == "claims of Response A"
    assert edit_name("case_file.main_goal", SWAPPED) == "Main goal"
    assert edit_name("case_file.sub_requests.s1", SWAPPED) == "sub-requests"
    assert edit_name("verdict_justification", SWAPPED) == "verdict justification"
    assert edit_name("acknowledged.TC-3", SWAPPED) == "reason for TC-3"
    assert edit_name("something.new", SWAPPED) == "change"


def test_menu_text_without_an_edit_is_the_plain_verb() -> None:
    assert menu_text("Undo", (), SWAPPED) == "&Undo"
    assert menu_text("Redo", ("notes",), SWAPPED) == "&Redo notes"


def test_the_service_names_the_next_undo_and_redo() -> None:
    service = _service()
    assert service.undo_fields() == () and service.redo_fields() == ()
    service.set_main_goal("Find a hotel")
    service.set_tc(1, 4)
    assert service.undo_fields() == ("responses.1.tc",)
    service.undo()
    assert service.undo_fields() == ("case_file.main_goal",)
    assert service.redo_fields() == ("responses.1.tc",)
    service.redo()
    assert service.redo_fields() == ()


def test_no_item_open_means_nothing_to_name() -> None:
    service = _service()
    service.add_claim(1, 0, 20)
    claim = service.rating.responses[1].claims[0]
    service.set_claim_rating(1, claim.id, ClaimRating.ACCURATE)
    assert service.undo_fields()[0].endswith(".rating")
    service.close_item()
    assert service.undo_fields() == () and service.redo_fields() == ()
