"""Per-item rule-check time on a fully filled rating with 30 claims per response.

Run: .venv/bin/python benchmarks/bench_rules.py [--iterations N]
Prints median and p95 of check_item, the same for rating.to_dict() (the floor: any
save costs at least that), and their ratio. The budget is 5 ms per item.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from rater_desktop.batch.model import Item, ItemKind, Response, Verdict
from rater_desktop.rating import helpers
from rater_desktop.rating.detect import sources
from rater_desktop.rating.helpers import candidate_claims
from rater_desktop.rating.model import (
    CaseFile,
    ClaimRating,
    EvidenceKind,
    ItemRating,
    ResponseRating,
    StepMark,
    StepMarkKind,
    SubRequest,
    SubRequestKind,
)
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.rules import check_item
from rater_desktop.rating.rules import claims as claim_rules
from rater_desktop.rating.text import make_claim, plain_text

BUDGET_MS = 5.0
COLD_CACHES = (
    helpers._CANDIDATES,
    helpers._private_data_in,
    sources._is_search,
    sources.source_key,
    sources.reliability_kind,
    claim_rules._non_atomic_reasons,
)
SENTENCES = [
    "I added the Classic Hat in size {n} to your cart.",
    "The hat costs ${n}.99 at the [Hat Shop](https://hats.example/{n}).",
    "Delivery to Scottsdale takes {n} business days.",
    "I checked the store page for opening hours on day {n}.",
    "- Option {n} is available in red, blue and green.",
]
AIP = (
    "Navigation was direct from the home page to the product pages. Interaction was precise: "
    "it clicked the right buttons and typed the search terms once. Efficiency was good, with "
    "one redundant scroll but no loops or wasted steps. The output is cleanly formatted as a "
    "list with prices, links and a short final answer, so presentation is easy to read."
)


def _response_text(count: int) -> str:
    return "\n\n".join(SENTENCES[n % len(SENTENCES)].format(n=n) for n in range(count))


def build(claims_per_side: int = 30) -> tuple[ItemRating, Item, tuple[str, str]]:
    texts = (_response_text(claims_per_side), _response_text(claims_per_side))
    item = Item("bench", ItemKind.STANDARD, "prompt", (Response("x", texts[0]), Response("y", texts[1])))
    plains = (plain_text(texts[0]), plain_text(texts[1]))
    rating = ItemRating(item_id="bench")
    subs = [SubRequest(rating.new_id("s"), SubRequestKind.OTHER, f"constraint {i}") for i in range(4)]
    rating.case_file = CaseFile("Find and add the hat", subs, ["Should list 3 hats."] * 5)
    rating.responses = [ResponseRating(), ResponseRating()]
    for side, plain in enumerate(plains):
        r = rating.responses[side]
        r.main_goal_met, r.tc, r.fa, r.aip = True, 5, 5, 4
        r.sub_request_met = {s.id: True for s in subs}
        r.tc_justification, r.fa_justification, r.aip_justification = "ok", "ok", AIP
        r.step_marks = {i: StepMark(StepMarkKind.CORRECT) for i in range(20)}
        for sentence in candidate_claims(plain)[:claims_per_side]:
            claim = make_claim(plain, sentence.start, sentence.end, claim_id=rating.new_id("c"))
            claim.objective, claim.action, claim.rating = True, sentence.is_action, ClaimRating.ACCURATE
            claim.evidence = EvidenceKind.FULL if sentence.is_action else None
            claim.sources = ["https://hats.example/a", "https://news.example/b"]
            claim.justification = "Seen on the shop page."
            r.claims.append(claim)
    rating.responses[1].aip = 3  # AIP breaks the TC+FA tie by one point
    rating.verdict = Verdict.A_SLIGHTLY_BETTER
    rating.verdict_justification = " ".join(["reason"] * 40)
    return rating, item, plains


def measure(fn: Callable[[], object], iterations: int) -> tuple[float, float]:
    samples = []
    for _ in range(iterations):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1000)
    samples.sort()
    return statistics.median(samples), samples[int(0.95 * (len(samples) - 1))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--tiny", action="store_true",
                        help="a seconds-long run for CI (make benchmarks-tiny): tiny sizes, "
                        "no budget check")
    args = parser.parse_args()
    if args.tiny:
        args.iterations = 5
    rating, item, plains = build()
    rubric = Rubric.default()
    claims = sum(len(r.claims) for r in rating.responses)

    def rules() -> object:
        return check_item(rating, item=item, plain_texts=plains, rubric=rubric)

    def cold_rules() -> object:
        for cache in COLD_CACHES:
            cache.cache_clear()
        return rules()

    failing = [r for r in rules() if not r.passed]
    cold_median, cold_p95 = measure(cold_rules, max(20, args.iterations // 5))
    rules_median, rules_p95 = measure(rules, args.iterations)
    floor_median, floor_p95 = measure(rating.to_dict, args.iterations)
    print(f"rating: {claims} claims over 2 responses, {len(failing)} failing results")
    print(f"check_item: median {rules_median:.3f} ms, p95 {rules_p95:.3f} ms (budget {BUDGET_MS} ms)")
    print(f"check_item, caches cleared (first check after opening): median {cold_median:.3f} ms, "
          f"p95 {cold_p95:.3f} ms")
    print(f"to_dict floor: median {floor_median:.3f} ms, p95 {floor_p95:.3f} ms")
    print(f"ratio check_item / to_dict (median): {rules_median / floor_median:.1f}x")
    return 0 if max(rules_median, cold_median) <= BUDGET_MS or args.tiny else 1


if __name__ == "__main__":
    raise SystemExit(main())
