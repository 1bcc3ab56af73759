"""Batch 3, assistantbench-qualification: exact-answer web questions, ten of them scored.

Expected verdicts follow the guideline: TC + FA decides, AIP only breaks a tie, and a lead
of exactly one point on the deciding criterion is "slightly better" (two or three points:
"better"; four or more: "much better"). Between two correct and complete responses (TC 5
and FA 5 on both sides) AIP decides only "slightly better" (the guideline's tie-breaker).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import samples_assistantbench_pages as pg
from samples_assistantbench_screens import data_table, search, wiki
from samples_common import Shots, response

MANIFEST = {
    "batch_id": "sample-assistantbench-qualification-2026-11",
    "title": "Sample: AssistantBench-style qualification (exact answers)",
    "created": "2026-11-27T10:00:00Z",
    "instructions": "instructions.md",
    "display_seed": "assistantbench-qual-seed-11",
    "rubric": {"SD-4": {"pass_threshold": 8, "out_of": 10}},
}
Scores = tuple[int, int, int]
Answer = tuple[str, str, str | None, list[dict[str, str]]]  # identity, text, final, shots


def verdict_for(a: Scores, b: Scores) -> str:
    """The guideline's verdict for file-order scores (tc, fa, aip) of A and B."""
    lead = (a[0] + a[1]) - (b[0] + b[1])
    correct_and_complete = lead == 0 and a[:2] == b[:2] == (5, 5)
    if lead == 0:
        lead = a[2] - b[2]
    size = abs(lead)
    if size == 0:
        return "about_same"
    side = "A" if lead > 0 else "B"
    strength = "slightly_better" if size == 1 else "better" if size <= 3 else "much_better"
    if correct_and_complete:
        strength = "slightly_better"
    return f"{side}_{strength}"


def _item(item_id: str, prompt: str, expected: str, a: Answer, b: Answer,
          scores: tuple[Scores, Scores] | None = None) -> dict[str, Any]:
    responses = []
    for identity, text, final, shots in (a, b):
        extra: dict[str, Any] = {} if final is None else {"final_answer": final}
        responses.append(response(identity, text, screenshots=shots, **extra))
    gold: dict[str, Any] = {"expected_answer": expected}
    if scores is not None:
        gold["expected_verdict"] = verdict_for(*scores)
        gold["expected_scores"] = {side: {"tc": s[0], "fa": s[1], "aip": s[2]}
                                   for side, s in zip("AB", scores, strict=True)}
    return {"id": item_id, "kind": "qualification" if scores else "standard", "prompt": prompt,
            "responses": responses, "gold": gold}


def _w(shots: Shots, spec: pg.Wiki, name: str) -> dict[str, str]:
    return wiki(shots, name, spec, f"{spec.title} article")


def qualification(s: Shots) -> list[dict[str, Any]]:
    """The ten scored items; verdicts cover every point of the 7-point scale."""
    utzon, opera = _w(s, pg.UTZON, "utzon"), _w(s, pg.OPERA, "opera_house")
    tin = _w(s, pg.TIN, "tin")
    states = search(s, "search_states", "how many states are in the united states", [
        ("U.S. state - Wikipedia", "en.wikipedia.org > wiki > U.S._state",
         "There are 50 states, which are bound together in a union with each other ..."),
        ("Periodic table - Wikipedia", "en.wikipedia.org > wiki > Periodic_table",
         "The periodic table is an ordered arrangement of the chemical elements ...")],
        "Search results for the number of US states")
    hubble, apollo = _w(s, pg.HUBBLE, "hubble"), _w(s, pg.APOLLO, "apollo11")
    return [
        _item("qual-01-utzon-pritzker", "The architect who designed the Sydney Opera House later "
              "won the Pritzker Architecture Prize. In what year did he receive it?", "2003",
              ("navigator-7b", "The Sydney Opera House was designed by the Danish architect "
               "**J\u00f8rn Utzon**. His biography lists the **Pritzker Architecture Prize in "
               "2003**.\n\nSource: [J\u00f8rn Utzon](https://en.wikipedia.org/wiki/J%C3%B8rn_Utzon)"
               "\n\n**Final answer:** 2003", "2003", [opera, utzon]),
              ("scout-r1", "The Sydney Opera House was designed by **J\u00f8rn Utzon** and opened "
               "on 20 October 1973. Utzon was awarded the Pritzker Prize in **1973**, the same "
               "year the building opened.\n\n**Final answer:** 1973", "1973", [opera]),
              ((5, 5, 5), (2, 2, 4))),
        _item("qual-02-element-50", "Which chemical element has an atomic number equal to the "
              "number of states in the United States?", "Tin",
              ("webpilot-2", "I searched for the number of US states, opened the periodic table "
               "article, went back to the search results, opened the periodic table again, and "
               "finally the article on tin. There are **50** states, and element 50 is **tin "
               "(Sn)**.\n\n**Final answer:** Tin", "Tin", [states, tin]),
              ("atlas-agent", "The United States has **50 states**. Atomic number 50 belongs to "
               "**tin**, symbol Sn, a post-transition metal in group 14.\n\nSource: "
               "[Tin](https://en.wikipedia.org/wiki/Tin)\n\n**Final answer:** Tin (Sn)",
               "Tin (Sn)", [tin]),
              ((5, 5, 3), (5, 5, 5))),
        _item("qual-03-moon-hubble", "What is the difference, in years, between the year of the "
              "first crewed Moon landing and the year the Hubble Space Telescope was launched?",
              "21",
              ("navigator-7b", "Apollo 11 landed on the Moon on **July 20, 1969**. Hubble was "
               "carried into orbit by the **Space Shuttle Challenger** on **April 24, 1990**. "
               "1990 - 1969 = **21**.\n\n**Final answer:** 21", "21", [apollo, hubble]),
              ("webpilot-2", "Apollo 11 landed on **July 20, 1969**. Hubble was launched on "
               "**April 24, 1990** aboard Space Shuttle Discovery (mission STS-31). The "
               "difference between the years is 1990 - 1969 = **21**.\n\n**Final answer:** 21",
               "21", [apollo, hubble]),
              ((5, 4, 4), (5, 5, 4))),
        *_qualification_rest(s),
    ]


def _qualification_rest(s: Shots) -> list[dict[str, Any]]:
    olympics_search = search(s, "search_olympics", "summer olympics after 1989", [
        ("1988 Summer Olympics - Wikipedia", "en.wikipedia.org > wiki > 1988_Summer_Olympics",
         "The 1988 Summer Olympics were held in Seoul, South Korea ..."),
        ("Olympic tickets | Official resale", "tickets.example",
         "Buy tickets for the next Games. Limited seats available ...")],
        "Search results about Olympic host cities")
    barcelona, kili = _w(s, pg.BARCELONA, "barcelona_1992"), _w(s, pg.KILIMANJARO, "kilimanjaro")
    vivaldi = _w(s, pg.VIVALDI, "vivaldi")
    return [
        _item("qual-04-olympics-1989", "The Berlin Wall fell in November 1989. Which city hosted "
              "the first Summer Olympic Games held after that?", "Barcelona",
              ("atlas-agent", "I searched for Olympic host cities, but the results were mostly "
               "about the 1988 Seoul Games and ticket sites. I could not confirm which Summer "
               "Games came first after November 1989, so I can't give a reliable answer.",
               None, [olympics_search]),
              ("navigator-7b", "The next Summer Olympics after November 1989 were the **1992 "
               "Summer Olympics**, held in **Barcelona, Spain**, from 25 July to 9 August 1992."
               "\n\n**Final answer:** Barcelona", "Barcelona", [barcelona]),
              ((1, 3, 2), (5, 5, 4))),
        _item("qual-05-africa-highest", "What is the elevation, in metres, of the highest "
              "mountain in Africa?", "5,895 m",
              ("webpilot-2", "The highest mountain in Africa is **Mount Kilimanjaro** in "
               "Tanzania. Its summit, Uhuru Peak, stands at **5,985 m** above sea level.\n\n"
               "**Final answer:** 5,985 m", "5,985 m", [kili]),
              ("scout-r1", "Africa's highest peak is **Kilimanjaro** (Uhuru Peak on the Kibo "
               "cone) in Tanzania, at **5,895 m (19,341 ft)**. I opened the Kilimanjaro article "
               "twice because the first load was cut off.\n\n**Final answer:** 5,895 m",
               "5,895 m", [kili]),
              ((2, 2, 4), (5, 5, 3))),
        _item("qual-06-four-seasons", "In which city was the composer of the violin concertos "
              "known as The Four Seasons born?", "Venice",
              ("scout-r1", "The Four Seasons was written by **Antonio Vivaldi**, who was born in "
               "**Venice** on 4 March 1678.\n\n**Final answer:** Venice", "Venice", [vivaldi]),
              ("atlas-agent", "**Antonio Vivaldi** composed The Four Seasons. He was born in "
               "**Venice** in 1678 and died in Vienna in 1741.\n\n**Final answer:** Venice",
               "Venice", [vivaldi]),
              ((5, 5, 4), (5, 5, 4))),
        *_qualification_last(s),
    ]


def _qualification_last(s: Shots) -> list[dict[str, Any]]:
    md = _w(s, pg.MENDELEVIUM, "mendelevium")
    md_search = search(s, "search_mendeleev", "element named after mendeleev", [
        ("Periodic table - Wikipedia", "en.wikipedia.org > wiki > Periodic_table",
         "Dmitri Mendeleev published his periodic table in 1869 ..."),
        ("Mendelevium - Wikipedia", "en.wikipedia.org > wiki > Mendelevium",
         "Mendelevium is a synthetic chemical element; it has symbol Md and atomic number "
         "101 ...")],
        "Search results for the element named after Mendeleev")
    amundsen, bridge = _w(s, pg.AMUNDSEN, "amundsen"), _w(s, pg.GOLDEN_GATE, "golden_gate")
    borders = data_table(s, "borders", pg.BORDERS, "Land neighbours of France and Germany")
    presidents = data_table(s, "presidents", pg.PRESIDENTS, "List of US presidents, 1923-1961")
    return [
        _item("qual-07-mendelevium", "What is the atomic number of the chemical element named "
              "after the scientist who created the periodic table?", "101",
              ("atlas-agent", "The periodic table was created by **Dmitri Mendeleev**, and the "
               "element named after him is **mendelevium** (Md), atomic number **101**.\n\n"
               "**Final answer:** 101", "101", [md]),
              ("webpilot-2", "I searched for the element named after Mendeleev, opened the "
               "periodic table article first, then the mendelevium article. Mendelevium has "
               "symbol Md and atomic number **101**.\n\n**Final answer:** 101", "101",
               [md_search, md]),
              ((5, 5, 5), (5, 5, 4))),
        _item("qual-08-amundsen", "In what year did the leader of the first expedition to reach "
              "the South Pole die?", "1928",
              ("navigator-7b", "The first expedition to reach the South Pole was led by **Roald "
               "Amundsen**, who got there in **December 1912** with a team of ten men. Amundsen "
               "disappeared in **1928** during a rescue flight.\n\n**Final answer:** 1928",
               "1928", [amundsen]),
              ("scout-r1", "**Roald Amundsen** led the first expedition to the South Pole, "
               "arriving on 14 December 1911. He died in **1928**, when his plane disappeared "
               "during a search for the crew of the airship *Italia*.\n\n**Final answer:** 1928",
               "1928", [amundsen]),
              ((5, 3, 4), (5, 5, 4))),
        _item("qual-09-france-germany", "Which countries in mainland Europe share a land border "
              "with both France and Germany? List them all.", "Belgium, Luxembourg, Switzerland",
              ("webpilot-2", "Comparing the two neighbour lists:\n\n| Country | Borders France "
               "| Borders Germany |\n|---|---|---|\n| Belgium | Yes | Yes |\n| Luxembourg | Yes "
               "| Yes |\n| Switzerland | Yes | Yes |\n\nThe Netherlands touches France only on "
               "the Caribbean island of Saint Martin, so it is not a mainland neighbour.\n\n"
               "**Final answer:** Belgium, Luxembourg, Switzerland",
               "Belgium, Luxembourg, Switzerland", [borders]),
              ("atlas-agent", "France and Germany are both bordered by **Belgium** and "
               "**Switzerland**.\n\n**Final answer:** Belgium, Switzerland",
               "Belgium, Switzerland", [borders]),
              ((5, 5, 4), (3, 5, 4))),
        _item("qual-10-golden-gate-president", "Who was President of the United States on the "
              "day the Golden Gate Bridge opened to the public?", "Franklin D. Roosevelt",
              ("scout-r1", "The bridge opened to pedestrians on **May 27, 1937**. Franklin D. "
               "Roosevelt was president from March 1933 to April 1945, so he was in office that "
               "day. I opened the list of vice presidents by mistake first and had to go back."
               "\n\n**Final answer:** Franklin D. Roosevelt", "Franklin D. Roosevelt",
               [bridge, presidents]),
              ("navigator-7b", "The Golden Gate Bridge opened on **May 27, 1936**. Franklin D. "
               "Roosevelt was president from 1933 to 1945.\n\n**Final answer:** Franklin D. "
               "Roosevelt", "Franklin D. Roosevelt", [bridge, presidents]),
              ((5, 5, 3), (5, 4, 5))),
    ]


def practice(s: Shots) -> list[dict[str, Any]]:
    """Unscored practice items with expected answers only."""
    lamps = data_table(s, "headlamps", pg.HEADLAMPS, "TrailGear headlamp comparison table")
    spans = data_table(s, "spans", pg.SPANS, "Suspension bridges by main span")
    eiffel, empire = _w(s, pg.EIFFEL, "eiffel"), _w(s, pg.EMPIRE, "empire_state")
    gyms = data_table(s, "gyms", pg.GYMS, "FitFinder: gyms near Union Square, Saturday classes")
    return [
        _item("practice-01-headlamp", "On trailgear.example, which headlamp with at least 400 "
              "lumens has the lowest price, and what does it cost?", "Ridgeline 450, $34.99",
              ("scout-r1", "Filtering the comparison table to 400 lumens or more leaves Summit "
               "600 ($49.95), Ridgeline 450 ($34.99), Nightowl 400 Pro ($39.99) and Canyon 1000 "
               "($79.00). The cheapest is the **Ridgeline 450 at $34.99**.\n\n**Final answer:** "
               "Ridgeline 450, $34.99", "Ridgeline 450, $34.99", [lamps]),
              ("webpilot-2", "The cheapest headlamp on TrailGear is the **Trailglow 300** at "
               "**$24.99**.\n\n**Final answer:** Trailglow 300, $24.99", "Trailglow 300, $24.99",
               [lamps])),
        _item("practice-02-1990s-bridge", "Among suspension bridges that opened in the 1990s, "
              "which has the longest main span, and how long is it?",
              "Akashi Kaikyo Bridge, 1,991 m",
              ("atlas-agent", "Suspension bridges opened in the 1990s in the span list: Akashi "
               "Kaikyo (1,991 m, 1998), Great Belt East (1,624 m, 1998), Tsing Ma (1,377 m, "
               "1997) and Hoga Kusten (1,210 m, 1997). The longest is the **Akashi Kaikyo "
               "Bridge, 1,991 m**.\n\n**Final answer:** Akashi Kaikyo Bridge, 1,991 m",
               "Akashi Kaikyo Bridge, 1,991 m", [spans]),
              ("navigator-7b", "The longest suspension span of the 1990s is Denmark's **Great "
               "Belt East Bridge** at **1,624 m**, opened in 1998.\n\n**Final answer:** Great "
               "Belt East Bridge, 1,624 m", "Great Belt East Bridge, 1,624 m", [spans])),
        _item("practice-03-eiffel-empire", "How many years after the Eiffel Tower opened did "
              "the Empire State Building open? Use the opening years.", "42",
              ("webpilot-2", "The Eiffel Tower opened in **1889** and the Empire State Building "
               "on **May 1, 1931**: 1931 - 1889 = **42**.\n\n**Final answer:** 42", "42",
               [eiffel, empire]),
              ("atlas-agent", "The Eiffel Tower opened in 1889 and the Empire State Building in "
               "**1930**, so the gap is **41 years**.\n\n**Final answer:** 41", "41", [eiffel])),
        _item("practice-04-gym", "Using fitfinder.example, find the gym within 1 mile of Union "
              "Square, San Francisco, that has a class starting before 7:00 AM on Saturdays. "
              "What is its monthly fee?", "$49 (Ironworks Studio)",
              ("navigator-7b", "**Harbor Fitness** has the earliest Saturday class (6:00 AM) and "
               "the lowest fee, **$39 per month**.\n\n**Final answer:** $39", "$39", [gyms]),
              ("scout-r1", "Within 1 mile, only **Ironworks Studio** (0.7 mi) has a Saturday "
               "class before 7:00 AM, at 6:30 AM. Its fee is **$49 per month**. Harbor Fitness "
               "starts at 6:00 AM but is 1.4 miles away.\n\n**Final answer:** $49", "$49",
               [gyms])),
    ]


def build(root: Path) -> list[dict[str, Any]]:
    shots = Shots(root, "evidence")
    return qualification(shots) + practice(shots)
