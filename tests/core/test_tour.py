"""The practice tour's cards, widths and wording, without Qt (``rater_desktop.tour``)."""

from __future__ import annotations

import pytest

from rater_desktop.guideline.tour import CARDS as GUIDELINE_CARDS
from rater_desktop.keymap import TOUR_KEYS, binding, key_text
from rater_desktop.preference.tour import CARDS as PREFERENCE_CARDS
from rater_desktop.run_audit.tour import CARDS as RUN_AUDIT_CARDS
from rater_desktop.tour import CARD_CHARS, Card, card_rich_text, card_text, card_width, keys_card

TOURS = [GUIDELINE_CARDS, PREFERENCE_CARDS, RUN_AUDIT_CARDS]


def test_card_width_follows_the_font_the_buttons_and_the_window() -> None:
    assert card_width(char_width=7, least=200, area_width=1366) == CARD_CHARS * 7
    assert card_width(char_width=21, least=200, area_width=4000) == CARD_CHARS * 21
    assert card_width(char_width=7, least=500, area_width=1366) == 500  # the buttons
    assert card_width(char_width=21, least=200, area_width=853) == 853 - 42  # the window
    assert card_width(char_width=30, least=200, area_width=40) == 1  # never zero


def test_the_tabbed_wording_only_while_tabbed_and_only_when_a_card_has_one() -> None:
    card = Card("x", "T", "side by side", tabbed_text="one at a time")
    assert card_text(card, tabbed=False) == "side by side"
    assert card_text(card, tabbed=True) == "one at a time"
    assert card_text(Card("x", "T", "plain"), tabbed=True) == "plain"


def test_the_keys_card_lists_each_key_with_its_label_from_the_key_table() -> None:
    card = keys_card(("undo", "next_item"), "Start reading.")
    assert card.target == "" and card.title == "Keys worth knowing"
    assert card.rows == ((key_text("undo"), binding("undo").label.replace("&", "").rstrip(".…")),
                         (key_text("next_item"),
                          binding("next_item").label.replace("&", "").rstrip(".…")))
    assert card.text.endswith("\n\nStart reading.") and card.closing == "Start reading."
    assert all("&" not in label for _key, label in card.rows)


def test_rich_text_is_only_for_key_rows_and_escapes_them() -> None:
    assert card_rich_text(Card("x", "T", "plain")) is None
    rich = card_rich_text(Card("", "Keys", "", rows=(("Ctrl+<", "A & B"),), closing="<end>"))
    assert rich is not None
    assert "<td style='padding-right:1em; white-space:nowrap'>Ctrl+&lt;</td>" in rich
    assert "<td>A &amp; B</td>" in rich and "<p>&lt;end&gt;</p>" in rich


@pytest.mark.parametrize("cards", TOURS)
def test_each_tour_points_at_parts_and_ends_with_its_keys(cards: tuple[Card, ...]) -> None:
    assert all(card.target for card in cards[:-1])
    assert cards[-1].title == "Keys worth knowing" and cards[-1].rows
    assert "Practice tour" in cards[-1].closing


@pytest.mark.parametrize("cards", TOURS)
def test_no_tour_says_side_by_side_while_the_responses_are_tabs(cards: tuple[Card, ...]) -> None:
    for card in cards:
        assert "side by side" not in card_text(card, tabbed=True), card.title


def test_the_guideline_keys_card_names_the_tour_keys() -> None:
    assert [key for key, _label in GUIDELINE_CARDS[-1].rows] == [key_text(a) for a in TOUR_KEYS]
