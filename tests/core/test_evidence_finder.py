"""The evidence finder's core: claim terms, ranking with a calibrated "nothing found",
action-claim checks, and the per-image OCR cache (no recognition engine needed here)."""

from __future__ import annotations

import threading
from pathlib import Path

from rater_desktop.batch.model import Response, Screenshot, TrajectoryStep
from rater_desktop.evidence.actions import ActionVerdict, action_kind, check_action
from rater_desktop.evidence.finder import find_evidence
from rater_desktop.evidence.model import OcrResult, OcrWord, Region, from_json
from rater_desktop.evidence.scan import BatchOcr, OcrCache
from rater_desktop.evidence.sources import response_sources, url_text
from rater_desktop.evidence.terms import (
    canonical_number,
    numbers_in,
    similarity,
    times_in,
    word_match,
)


def _page(*lines: str, width: int = 1280) -> OcrResult:
    words: list[OcrWord] = []
    for n, line in enumerate(lines):
        x = 20.0
        for text in line.split():
            words.append(OcrWord(text, Region(x, 40.0 * n + 10, 12.0 * len(text), 24), 0.95, n))
            x += 12.0 * len(text) + 10
    return OcrResult(width, 40 * len(lines) + 20, tuple(words))


SHOP = Response(
    identity="a",
    text="",
    screenshots=(Screenshot("s/results.png"), Screenshot("s/product.png"), Screenshot("s/cart.png")),
)
PAGES = {
    "s/results.png": _page("FreshCart Cart (0)", "Organic Whole Milk $6.49", "Brown Eggs $4.79"),
    "s/product.png": _page("FreshCart Cart (0)", "Sunrise Farms Large Brown Eggs", "12 count - Cage-free $4.79", "Add to cart"),
    "s/cart.png": _page("FreshCart Cart (2)", "Your cart (2 items)", "Meadow Valley Organic Whole Milk $6.49",
                        "Sunrise Farms Large Brown Eggs $4.79", "Subtotal $11.28"),
}


def _sources(response: Response = SHOP, pages: dict[str, OcrResult] = PAGES):  # type: ignore[no-untyped-def]
    return response_sources(response, pages.get)


def test_numbers_prices_dates_and_times_are_made_comparable() -> None:
    assert numbers_in("Total $1,138.00 for 7 nights") == ["1138", "7"]
    assert canonical_number("$6.490") == "6.49"
    assert times_in("7:30 PM or 07:45") == ["7:30", "7:45"]
    assert numbers_in("at 7:30 PM") == []


def test_fuzzy_words_tolerate_ocr_errors_but_not_other_words() -> None:
    assert word_match("stridehouse", "stridehousex") > 0.8
    assert word_match("pacer", "pacerglide") > 0
    assert word_match("longhaul", "longhau1") >= 0.8
    assert word_match("milk", "mild") == 0
    assert similarity("eggs", "eggs") == 1.0


def test_the_screenshot_showing_the_price_and_name_ranks_first_with_its_region() -> None:
    findings = find_evidence("Subtotal: $11.28", _sources())
    best = findings.confident
    assert best is not None and best.choice.image == "s/cart.png"
    assert best.region is not None and best.region.y >= 40 * 4  # the subtotal line, not the header


def test_a_claim_with_a_number_no_source_shows_is_nothing_found() -> None:
    findings = find_evidence("The Swift Road 2 costs $129.95 and is rated 4.7 stars.", _sources())
    assert findings.confident is None
    assert findings.message.startswith(("Nothing found", "No screenshot shows all"))


def test_the_nearest_image_is_not_confident_when_the_number_differs() -> None:
    findings = find_evidence("Sunrise Farms Large Brown Eggs for $5.29", _sources())
    assert findings.confident is None
    assert findings.suggestions  # the eggs are listed as close, not confident


def test_words_alone_with_no_source_are_nothing_found() -> None:
    findings = find_evidence("The hotel has a rooftop pool and free parking.", _sources())
    assert findings.suggestions == () and findings.message.startswith("Nothing found")


def test_steps_count_their_url_target_and_typed_text() -> None:
    run = Response(identity="r", text="", trajectory=(
        TrajectoryStep(action="navigate", url="https://shoes.example/"),
        TrajectoryStep(action="type", target="Search field", value="trail runners"),
        TrajectoryStep(action="click", target="Size 9", url="https://shoes.example/mens?size=9&width=wide"),
    ))
    assert "size 9" in url_text("https://shoes.example/mens?size=9")
    findings = find_evidence("I searched for trail runners", _sources(run, {}))
    assert findings.confident is not None and findings.confident.choice.ref.step == 1


def test_action_claims_found_in_a_step() -> None:
    run = Response(identity="r", text="", trajectory=(
        TrajectoryStep(action="click", target="View (Ridgeline 450 Headlamp)"),
        TrajectoryStep(action="click", target="Add to cart"),
    ))
    check = check_action("I added the Ridgeline 450 Headlamp to the cart.", _sources(run, {}))
    assert check is not None and check.verdict is ActionVerdict.PERFORMED
    assert check.evidence is not None and check.evidence.ref.step == 1


def test_an_action_no_step_shows_is_said_so() -> None:
    run = Response(identity="r", text="", trajectory=(
        TrajectoryStep(action="click", target="Osteria Marisa"),
        TrajectoryStep(action="click", target="7:30 PM"),
    ))
    check = check_action("I booked a table for 2 at Osteria Marisa.", _sources(run, {}))
    assert check is not None and check.verdict is ActionVerdict.NOT_SHOWN
    assert check.message == "No step shows this action."


def test_the_result_in_a_screenshot_counts_as_the_action_done() -> None:
    check = check_action("Both items are in your FreshCart cart.", _sources())
    assert check is not None and check.verdict is ActionVerdict.PERFORMED
    assert check.evidence is not None and check.evidence.image == "s/cart.png"


def test_a_screenshot_that_shows_the_opposite_contradicts() -> None:
    pages = dict(PAGES, **{"s/cart.png": _page("FreshCart Cart (0)", "Your cart is empty")})
    check = check_action("I added both items to your cart.", _sources(SHOP, pages))
    assert check is not None and check.verdict is ActionVerdict.CONTRADICTED
    assert check.evidence is not None and check.evidence.image == "s/cart.png"


def test_a_draft_contradicts_sent() -> None:
    mail = Response(identity="m", text="", screenshots=(Screenshot("m/draft.png", "Reply drafted"),))
    pages = {"m/draft.png": _page("Re: Project sync", "Draft saved", "Send")}
    check = check_action("I sent Priya the three time windows.", _sources(mail, pages))
    assert check is not None and check.verdict is ActionVerdict.CONTRADICTED


def test_claims_of_not_acting_or_of_no_action_are_no_action_claims() -> None:
    assert action_kind("I did not reserve anything.") is None
    assert action_kind("It is not sent.") is None
    assert action_kind("The bridge opened in 1937.") is None
    assert action_kind("I filtered by size 9").name == "filtered"  # type: ignore[union-attr]


def test_a_filter_claim_needs_the_filter_value_in_a_step() -> None:
    run = Response(identity="r", text="", trajectory=(
        TrajectoryStep(action="click", target="Size 9", url="https://shoes.example/mens?size=9"),
    ))
    done = check_action("I filtered by size 9", _sources(run, {}))
    assert done is not None and done.verdict is ActionVerdict.PERFORMED
    other = check_action("I filtered by size 11", _sources(run, {}))
    assert other is not None and other.verdict is ActionVerdict.NOT_SHOWN


def test_cache_round_trip_and_damaged_entries_read_as_missing(tmp_path: Path) -> None:
    cache = OcrCache(tmp_path / "ocr")
    key = OcrCache.key(b"png bytes")
    result = PAGES["s/cart.png"]
    cache.put(key, result)
    again = cache.get(key)
    assert again is not None and again.text() == result.text()
    cache._path(key).write_text("{not json", encoding="utf-8")
    assert cache.get(key) is None
    assert from_json({"format": 99}) is None


class _CountingEngine:
    def __init__(self) -> None:
        self.calls = 0

    def recognize(self, rgb: object) -> OcrResult:
        self.calls += 1
        return PAGES["s/cart.png"]


def test_batch_ocr_reads_each_image_once_and_keeps_going_past_a_bad_one(tmp_path: Path) -> None:
    from PIL import Image

    shot = tmp_path / "shot.png"
    Image.new("RGB", (64, 32), "white").save(shot)
    files = {"a.png": shot.read_bytes(), "same.png": shot.read_bytes(), "bad.png": b"not an image"}
    engine = _CountingEngine()
    ocr = BatchOcr(files.__getitem__, OcrCache(tmp_path / "ocr"), lambda: engine)
    ocr.add(["bad.png", "a.png", "same.png"])
    ocr.add(["same.png"], first=True)
    assert ocr.run(threading.Event()) == 3
    assert engine.calls == 1  # same bytes: the second read came from the cache
    assert ocr.lookup("a.png") is not None and ocr.lookup("same.png") is not None
    assert ocr.lookup("bad.png") is None and "not a PNG" in (ocr.failure("bad.png") or "")
    assert ocr.progress() == (3, 3)


def test_a_stopped_scan_reads_nothing_more(tmp_path: Path) -> None:
    ocr = BatchOcr(lambda p: b"", OcrCache(tmp_path), _CountingEngine)
    ocr.add(["x.png"])
    stop = threading.Event()
    stop.set()
    assert ocr.run(stop) == 0 and ocr.progress() == (0, 1)


def test_an_action_claims_proof_step_is_suggested_first() -> None:
    from rater_desktop.evidence.advice import advise

    run = Response(identity="r", text="", trajectory=(
        TrajectoryStep(action="click", target="View (Ridgeline 450 Headlamp)", screenshot="p.png"),
        TrajectoryStep(action="click", target="Add to cart", screenshot="p.png"),
    ))
    pages = {"p.png": _page("Ridgeline 450 Headlamp $34.99", "Add to cart")}
    advice = advise("I added the Ridgeline 450 Headlamp to the cart.", _sources(run, pages))
    assert advice.action is not None and advice.action.verdict is ActionVerdict.PERFORMED
    assert advice.suggestions[0].choice.ref.step == 1 and advice.suggestions[0].confident


def test_fully_booked_is_no_booking_claim() -> None:
    assert action_kind("Monday is fully booked and you are out of office on Friday.") is None
    assert action_kind("I booked a table for 2 at Osteria Marisa.").name == "booked"  # type: ignore[union-attr]


def test_day_and_month_names_match_their_short_forms() -> None:
    shot = Response(identity="c", text="", screenshots=(Screenshot("c.png"),))
    findings = find_evidence("Out of office on Friday, December 11", _sources(shot, {"c.png": _page("Fri 11 Dec", "Out of office")}))
    assert findings.confident is not None


def test_run_audit_report_statements_get_steps_and_action_checks() -> None:
    from rater_desktop.batch.model import RunItem, RunReport
    from rater_desktop.evidence.statements import advise_statements
    from rater_desktop.run_audit.statements import report_statements

    run = Response(identity="r", text="", trajectory=(
        TrajectoryStep(action="type", target="Search", value="headlamp", screenshot="1.png"),
        TrajectoryStep(action="click", target="View: Ridgeline 450 Headlamp", screenshot="2.png"),
        TrajectoryStep(action="done", screenshot="3.png"),
    ))
    pages = {"1.png": _page("TrailGear Cart (0)", "headlamp"),
             "2.png": _page("TrailGear Cart (0)", "Ridgeline 450 Headlamp $34.99", "Add to cart"),
             "3.png": _page("TrailGear Cart (0)", "Ridgeline 450 Headlamp $34.99")}
    report = RunReport(host="trailgear.example", outcome="completed", checkpoints=("C1",),
                       item=RunItem("Ridgeline 450 Headlamp", "$34.99"),
                       evidence=("Searched the shop for headlamp", "Added the Ridgeline 450 to the cart"))
    statements = [(s.id, s.text) for s in report_statements(report)]
    advice = advise_statements(statements, run, pages.get)
    item = advice["item"].findings.confident
    assert item is not None and item.choice.ref.step in (1, 2)
    searched = advice["evidence.0"].action
    assert searched is not None and searched.verdict is ActionVerdict.PERFORMED
    added = advice["evidence.1"].action
    assert added is not None and added.verdict is ActionVerdict.CONTRADICTED  # no step added it; the cart shows 0


def test_the_finder_is_on_unless_turned_off_in_the_settings_or_the_environment() -> None:
    from rater_desktop.evidence.scan import finder_wanted

    assert finder_wanted(None, None) and finder_wanted(True, None)
    assert finder_wanted("true", None) and finder_wanted("1", None)
    for off in (False, "false", "False", "0", "no"):
        assert not finder_wanted(off, None), off
    for env in ("0", " off ", "false"):
        assert not finder_wanted(True, env), env
    assert finder_wanted(None, "1")
