"""The evidence finder in the window: suggestions under the fact check card, E cites the
selected one as a manual citation does (marked as accepted from a suggestion), V opens the
viewer zoomed to the matched words, the action hint, the setting, and reading in the
background after the first item is shown."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from batchkit import batch_files, item, response, write_folder
from PySide6.QtCore import Qt
from steps_kit import TEXT_A, TEXT_B, click, fill_case_file, open_rated_window

from rater_desktop.appdirs import ocr_dir
from rater_desktop.evidence.model import OcrResult, OcrWord, Region
from rater_desktop.evidence.scan import OcrCache
from rater_desktop.gui import evidence_finder
from rater_desktop.rating.model import ShownEvidenceKind, Step
from rater_desktop.rating.serialize import rating_from_dict, rating_to_dict

PAGES = {
    "screens/a1.png": ["ShopCo Cart (0)", "Your cart is empty"],
    "screens/b1.png": ["ShopCo", "Crimson Mini umbrella", "$15.00", "Folds to 20 cm"],
}


def _page(lines: list[str]) -> OcrResult:
    words = []
    for n, line in enumerate(lines):
        x = 10.0
        for text in line.split():
            words.append(OcrWord(text, Region(x, 30.0 * n + 10, 9.0 * len(text), 18), 0.9, n))
            x += 9.0 * len(text) + 8
    return OcrResult(320, 200, tuple(words))


CRIMSON = "The Crimson Mini costs $15.00."
CART = "I added the Red Classic to your cart."


class _NoEngine:
    """Every screenshot of these tests is in the cache: reading one is a test failure."""

    def recognize(self, rgb: object) -> OcrResult:
        raise AssertionError("the engine ran although the cache held the screenshot")


@pytest.fixture
def finder_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(evidence_finder.ENV_OFF, raising=False)
    monkeypatch.setattr(evidence_finder, "_default_engine", _NoEngine)


def _batch(tmp_path: Path, pages: dict[str, list[str]] = PAGES) -> None:
    root = tmp_path / "batch"
    write_folder(root, batch_files([item("item-1", responses=[
        response("model-alpha", TEXT_A, ["screens/a1.png"]),
        response("model-beta", TEXT_B, ["screens/b1.png"]),
    ])]))
    cache = OcrCache(ocr_dir())
    for path, lines in pages.items():
        cache.put(OcrCache.key((root / path).read_bytes()), _page(lines))


def _fact_check(qtbot: Any, make_window: Any, tmp_path: Path, side: str, sentence: str) -> tuple[Any, Any, Any]:
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    qtbot.waitUntil(lambda: not binding.finder.running, timeout=5000)
    fill_case_file(qtbot, binding)
    service = binding.service
    service.set_step(Step.TASK_COMPLETION)
    service.set_step(Step.CLAIMS)
    service.add_claim_from_selection(service.order.true_index(side), sentence)
    claims = binding.panel.page(Step.CLAIMS).sides[side]
    click(qtbot, next(iter(claims.cards.values())).objective)
    click(qtbot, binding.panel.next_button)
    card = next(iter(binding.panel.page(Step.FACT_CHECKS).sides[side].cards.values()))
    return window, binding, card


def _claim(binding: Any, side: str) -> Any:
    service = binding.service
    return service.rating.responses[service.order.true_index(side)].claims[0]


def test_suggestion_cited_with_one_key_is_a_citation_marked_as_accepted(
        qtbot: Any, make_window: Any, tmp_path: Path, finder_on: None) -> None:
    _batch(tmp_path)
    _window, binding, card = _fact_check(qtbot, make_window, tmp_path, "B", CRIMSON)
    qtbot.waitUntil(lambda: card.suggest.isVisible() and bool(card.suggest.suggestions), timeout=3000)
    best = card.suggest.suggestions[0]
    assert best.choice.image == "screens/b1.png" and best.confident
    assert best.region is not None and best.region.y >= 30  # the name and price, not the header
    card.rating_buttons[next(iter(card.rating_buttons))].setFocus()
    qtbot.keyClick(card.rating_buttons[next(iter(card.rating_buttons))], Qt.Key.Key_E)
    cited = _claim(binding, "B").shown_evidence
    assert [(e.kind, e.path, e.suggested) for e in cited] == [
        (ShownEvidenceKind.SCREENSHOT, "screens/b1.png", True)]
    shown = rating_to_dict(binding.service.rating)
    side = shown["responses"][binding.service.order.true_index("B")]
    assert side["claims"][0]["shown_evidence"][0]["suggested"] is True
    again = rating_from_dict(shown).responses[binding.service.order.true_index("B")]
    assert again.claims[0].shown_evidence[0].suggested  # kept through a save and load
    label = card.findChild(object, f"{card.objectName()}_suggestLabel0")
    assert label is not None and label.text().endswith("(cited)")


def test_view_key_opens_the_viewer_zoomed_to_the_matched_words(
        qtbot: Any, make_window: Any, tmp_path: Path, finder_on: None) -> None:
    _batch(tmp_path)
    window, _binding, card = _fact_check(qtbot, make_window, tmp_path, "B", CRIMSON)
    qtbot.waitUntil(lambda: bool(card.suggest.suggestions), timeout=3000)
    button = card.rating_buttons[next(iter(card.rating_buttons))]
    button.setFocus()
    qtbot.keyClick(button, Qt.Key.Key_V)
    qtbot.waitUntil(lambda: window.viewer is not None and window.viewer.isVisible(), timeout=3000)
    viewer = window.viewer
    qtbot.waitUntil(lambda: viewer.canvas.overlay_item_count() == 1, timeout=3000)
    assert viewer.frames[viewer.current].path == "screens/b1.png"
    assert viewer.canvas.zoom > 1.0  # zoomed in on the words, not the whole page fitted
    viewer.close()


def test_an_action_claim_contradicted_by_a_screenshot_says_which(
        qtbot: Any, make_window: Any, tmp_path: Path, finder_on: None) -> None:
    _batch(tmp_path)
    _window, _binding, card = _fact_check(qtbot, make_window, tmp_path, "A", CART)
    assert "cart" in card.claim.text
    qtbot.waitUntil(lambda: card.suggest.action.isVisible(), timeout=3000)
    assert "contradicts" in card.suggest.action.text()
    assert "Screenshot 1" in card.suggest.action.text()


def test_an_action_no_screenshot_shows_gets_the_tc4_hint(
        qtbot: Any, make_window: Any, tmp_path: Path, finder_on: None) -> None:
    _batch(tmp_path, {"screens/a1.png": ["ShopCo", "Red umbrellas"], "screens/b1.png": ["ShopCo"]})
    _window, _binding, card = _fact_check(qtbot, make_window, tmp_path, "A", CART)
    qtbot.waitUntil(lambda: card.suggest.action.isVisible(), timeout=3000)
    assert card.suggest.action.text().startswith("\u26a0 No step shows this action")
    assert "TC-4" in card.suggest.action.text()


def test_the_setting_turns_the_finder_off_and_is_kept(
        qtbot: Any, make_window: Any, tmp_path: Path, finder_on: None) -> None:
    _batch(tmp_path)
    window, binding, card = _fact_check(qtbot, make_window, tmp_path, "B", CRIMSON)
    qtbot.waitUntil(lambda: card.suggest.isVisible(), timeout=3000)
    binding.finder.toggle.setChecked(False)
    assert not card.suggest.isVisible()
    assert window.settings.value(evidence_finder.SETTING) in (False, "false")
    assert "Evidence finder off" in binding.finder.status


def test_reading_starts_after_the_first_item_is_shown(
        qtbot: Any, make_window: Any, tmp_path: Path, finder_on: None) -> None:
    _batch(tmp_path)
    window = make_window()
    from rater_desktop.gui.rating_binding import RatingBinding
    from rater_desktop.rating.store import MemoryRatingStore

    binding = RatingBinding(window, store=MemoryRatingStore(), rater_id="rater-1")
    assert window.open_batch_path(str(tmp_path / "batch"))
    assert window.item is not None and not binding.finder.running  # nothing read yet
    qtbot.waitUntil(lambda: binding.finder.advice("Crimson Mini $15.00", window.item.responses[1])
                    is not None and bool(binding.finder.advice(
                        "Crimson Mini $15.00", window.item.responses[1]).suggestions), timeout=5000)
    qtbot.waitUntil(lambda: not binding.finder.running, timeout=5000)


def test_without_the_runtime_the_finder_is_off_with_one_line(
        qtbot: Any, make_window: Any, tmp_path: Path, finder_on: None,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from rater_desktop.evidence.ocr_engine import Availability

    monkeypatch.setattr(evidence_finder, "availability",
                        lambda: Availability(False, "Evidence finder off: onnxruntime is not installed with this app."))
    _batch(tmp_path)
    _window, binding, card = _fact_check(qtbot, make_window, tmp_path, "B", CRIMSON)
    assert binding.finder.status.startswith("Evidence finder off: onnxruntime")
    assert not card.suggest.isVisible()


def test_reading_that_ends_after_the_item_closed_advises_nothing(
        qtbot: Any, make_window: Any, tmp_path: Path, finder_on: None) -> None:
    _batch(tmp_path)
    _window, binding, card = _fact_check(qtbot, make_window, tmp_path, "B", CRIMSON)
    binding.service.close_item()  # the batch closing while the finder still reads
    card.refresh_suggestions()  # what a screenshot read afterwards calls: no error
    assert binding.service.current_item_id is None
