"""The preference-quick sample batch: a quick side-by-side helpfulness study (seed 001's
design) between a baseline and a candidate chat assistant. 10 qualification items (clear
and subtle cases, gold choices), 2 attention checks, 12 study items and a short survey.
Texts only, no screenshots: this protocol judges chat answers in about a minute each."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from samples_common import response

BASE, CAND = "assistant-baseline-v3", "assistant-candidate-v4"

MANIFEST: dict[str, Any] = {
    "format_version": "1.1",
    "batch_id": "sample-preference-quick-2026-11",
    "title": "Sample: quick preference study (which answer helps more?)",
    "created": "2026-11-29T10:00:00Z",
    "instructions": "instructions.md",
    "display_seed": "preference-quick-seed-3",
    "protocol": "preference",
    "preference": {
        "criteria": [
            "Does it answer what was actually asked, without wandering off?",
            "Are its facts right? (Only matters where it states facts.)",
            "Is the tone a fit: neither stiff nor flippant?",
            "A safe refusal is not a failure when refusing is right.",
            "Both equally good or equally weak: choose Tie.",
        ],
        "explanation_required": False,
    },
    "survey": {"questions": [
        {"id": "background", "kind": "single", "text": "Which describes your work best?",
         "options": ["technical (software, data, engineering)", "non-technical"]},
        {"id": "age_group", "kind": "single", "text": "Your age group",
         "options": ["18-29", "30-44", "45-59", "60 or older"]},
        {"id": "assistant_use", "kind": "multiple",
         "text": "What do you use chat assistants for? (tick all that apply)",
         "options": ["work", "study", "everyday questions", "I rarely use them"]},
        {"id": "comment", "kind": "text", "text": "Anything else the study team should know?"},
    ]},
}

INSTRUCTIONS = """
# Quick preference study

Each item shows one question a person asked a chat assistant and two answers, A and B.
Read the question (it stays at the top), read both answers, then pick one:

- **A is better** (key 1), **B is better** (key 2) or **Tie** (key 3);
- for A or B you may add a sentence on what decided it (Alt+E); it is optional here;
- **Complete and next** (Ctrl+Enter) saves and opens the next item.

Plan on about a minute per item. The criteria stay under the choice while you work.

The first 10 items are a short qualification round (8 correct to qualify). After them
you are asked a few questions about yourself; they only help the team understand where
raters differ, never whether you qualify, and every question may be skipped.
"""

# (id, prompt, baseline answer, candidate answer, gold in FILE order or None)
QUALIFICATION: list[tuple[str, str, str, str, str]] = [
    ("q01-sort", "How do I sort a list of numbers in Python from largest to smallest?",
     "Search the web for 'python sorting', there are many tutorials.",
     "Use `sorted(numbers, reverse=True)` for a new list, or `numbers.sort(reverse=True)` "
     "to sort the list in place.", "B"),
    ("q02-boil", "At what temperature does water boil at sea level, in Celsius?",
     "100 degrees Celsius at standard sea-level pressure.",
     "Around 90 degrees Celsius.", "A"),
    ("q03-medical", "What dose of my prescription blood thinner should I take if I missed "
     "yesterday's?",
     "I can't advise on doses for your medication. Your pharmacist or the leaflet in the "
     "pack can tell you what to do about a missed dose.",
     "I'm not able to help with medication doses; please ask a pharmacist or doctor.",
     "tie"),
    ("q04-capital", "What is the capital of Australia?",
     "Canberra.", "Sydney, the largest city.", "A"),
    ("q05-email", "Write a one-line subject for an email moving our Tuesday meeting to "
     "Thursday.",
     "Meeting moved: Tuesday -> Thursday, same time",
     "hey so about the meeting lol", "A"),
    ("q06-units", "How many centimetres are in 3 metres?",
     "300 centimetres.", "There are 300 cm in 3 m (1 m = 100 cm).", "tie"),
    ("q07-recipe", "Give me a quick vegetarian dinner idea with chickpeas.",
     "Chickpeas are legumes grown in many countries.",
     "Chickpea curry: fry onion and garlic, add curry paste, a tin of chickpeas and a tin of "
     "tomatoes, simmer 15 minutes, serve with rice.", "B"),
    ("q08-regex", "Which regular expression matches a 5-digit US ZIP code?",
     "`^\\d{5}$` matches exactly five digits.",
     "`^\\d{5}$` matches exactly five digits; use `^\\d{5}(-\\d{4})?$` if ZIP+4 codes such as "
     "12345-6789 should match too.", "B"),
    ("q09-tone", "My dog died this morning. How do I tell my kids?",
     "Tell them plainly and gently that the dog has died, let them ask questions, and share "
     "that you are sad too. Young children may need to hear it more than once.",
     "Dogs live 10-13 years on average, so this was to be expected.", "A"),
    ("q10-date", "What day of the week was 1 January 2000?",
     "It was a Saturday.", "Saturday.", "tie"),
]

ATTENTION: list[tuple[str, str, str, str, str, str]] = [
    ("check-01", "Attention check: whatever the answers say, choose Tie for this item.",
     "The sky is blue because air scatters blue light more than red light.",
     "Blue light is scattered more strongly by the air, which makes the sky look blue.",
     "tie", "Choose Tie."),
    ("check-02", "Attention check: choose the answer that contains the word 'lighthouse'.",
     "A lighthouse guides ships at night.", "A beacon guides ships at night.", "A",
     "Choose the answer with the word 'lighthouse'."),
]

STUDY: list[tuple[str, str, str, str]] = [
    ("s01-budget", "How can I save money on groceries each week?",
     "Buy less food.",
     "Plan meals for the week and shop from a list, compare unit prices, buy store brands "
     "for staples, and cook larger batches to use leftovers."),
    ("s02-git", "How do I undo my last git commit but keep the changes?",
     "Run `git reset --soft HEAD~1`; the changes stay staged.",
     "Run `git reset --soft HEAD~1`. The commit is removed and its changes stay staged, so "
     "you can edit and commit again. Avoid this on commits you have already pushed."),
    ("s03-sleep", "Any tips for falling asleep faster?",
     "Keep a regular bedtime, dim screens an hour before bed, keep the room cool, and avoid "
     "caffeine after lunch.",
     "Try counting sheep!"),
    ("s04-poem", "Write a two-line poem about autumn.",
     "Leaves let go in amber light, / the year exhales into the night.",
     "Autumn is a season that comes after summer and before winter."),
    ("s05-excel", "How do I add up column B in Excel?",
     "Type `=SUM(B:B)` in a cell outside column B.",
     "Type `=SUM(B2:B100)` (adjust the range) in an empty cell, or select the column and "
     "look at the sum in the status bar."),
    ("s06-travel", "Is a passport needed to fly from Paris to Rome?",
     "For EU citizens a national ID card is enough inside the Schengen area, but airlines "
     "may ask for an ID; others need a passport.",
     "Yes, everybody always needs a passport for every flight."),
    ("s07-apology", "Help me apologise to a colleague for missing their presentation.",
     "Something like: 'I'm sorry I missed your presentation today. I'd like to hear how it "
     "went; could you share the slides or walk me through it?'",
     "Just say sorry."),
    ("s08-math", "What is 15% of 80?", "12.", "15% of 80 is 12 (0.15 x 80)."),
    ("s09-plant", "Why are the leaves of my basil turning yellow?",
     "Most often overwatering: let the top of the soil dry between waterings and make sure "
     "the pot drains. Too little light or a lack of nutrients can also cause it.",
     "Basil is an annual herb from the mint family."),
    ("s10-history", "Who was the first person to walk on the Moon?",
     "Neil Armstrong, on 20 July 1969 (Apollo 11).", "Buzz Aldrin, in 1969."),
    ("s11-letter", "How should I start a formal letter when I don't know the name?",
     "'Dear Sir or Madam,' is the traditional opening; 'Dear Hiring Team,' or a similar role "
     "name reads more modern.",
     "'Dear Sir or Madam,' works when you do not know the name."),
    ("s12-password", "How do I make a strong password I can remember?",
     "Join four or more unrelated words into a passphrase, or better, let a password "
     "manager create and keep them.",
     "Use your birthday so you never forget it."),
]


def _item(item_id: str, kind: str, prompt: str, base: str, cand: str, *,
          swap: bool = False, gold: dict[str, str] | None = None) -> dict[str, Any]:
    first, second = (response(CAND, cand), response(BASE, base)) if swap else \
        (response(BASE, base), response(CAND, cand))
    out: dict[str, Any] = {"id": item_id, "kind": kind, "prompt": prompt,
                           "responses": [first, second]}
    if gold is not None:
        out["gold"] = gold
    return out


def build(_root: Path) -> list[dict[str, Any]]:
    """Items in order: qualification first, then the study with two attention checks."""
    items = [_item(i, "qualification", p, a, b, gold={"expected_choice": g})
             for i, p, a, b, g in QUALIFICATION]
    study = [_item(i, "standard", p, a, b, swap=n % 2 == 1) for n, (i, p, a, b) in
             enumerate(STUDY)]
    checks = [_item(i, "attention", p, a, b,
                    gold={"expected_choice": g, "attention_instruction": why})
              for i, p, a, b, g, why in ATTENTION]
    return items + study[:5] + checks[:1] + study[5:10] + checks[1:] + study[10:]
