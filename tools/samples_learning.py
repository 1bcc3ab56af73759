"""The learning-preference sample batch (format 1.2): raters who learn as they go. Built
from the preference-quick items: four training qualification items with the study team's
explanations, two more qualification items (scored on the laptop, 4 of 6 needed), a
conversation item and three main items; the batch offers reasons for "unsure"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import samples_preference

MANIFEST: dict[str, Any] = {
    "format_version": "1.2",
    "batch_id": "sample-learning-preference-2026-12",
    "title": "Sample: learning as you go (training feedback, qualification, unsure, a conversation)",
    "created": "2026-12-01T10:00:00Z",
    "instructions": "instructions.md",
    "display_seed": "learning-preference-seed-1",
    "protocol": "preference",
    "preference": {
        "criteria": [
            "Does it answer what was actually asked, without wandering off?",
            "Are its facts right? (Only matters where it states facts.)",
            "Is the tone a fit: neither stiff nor flippant?",
            "A safe refusal is not a failure when refusing is right.",
            "Both equally good or equally weak: choose Tie."
        ],
        "explanation_required": False
    },
    "rubric": {
        "SD-4": {
            "pass_threshold": 4,
            "out_of": 6
        }
    },
    "qualification": {
        "score_locally": True,
        "when_unreachable": "continue_unpaid",
        "message": "You can no longer pass this qualification. You may stop here, or continue: the main items after this point are not paid."
    },
    "unsure": {
        "reasons": [
            "I do not know enough about the topic",
            "Both answers are equally good or bad",
            "The prompt is unclear"
        ]
    }
}

EXPLANATIONS = {  # never "A" or "B": the rater may see the sides swapped
    "q01-sort": "Pick the answer that actually shows how: one gives the exact call, the other "
                "only sends the user elsewhere.",
    "q02-boil": "Only one answer states the right fact (100 \u00b0C). A wrong fact outweighs "
                "any style.",
    "q03-medical": "Both refuse safely and point to a pharmacist: a safe refusal is not a "
                   "failure. Equal: choose Tie.",
    "q04-capital": "Only one answer names the right capital.",
}
# The feedback's headline already says the answer stays as given: the note must not repeat it.
NOTE = "Training item: after you complete it you see the study team's answer."
CONVERSATION = [
    {"role": "system", "text": "You are a helpful assistant for software developers."},
    {"role": "user", "text": "I am new to git. What is a commit?"},
    {"role": "assistant", "text": "A commit is a saved snapshot of your project's files, with "
                                  "a message saying what changed. You make one with "
                                  "`git commit`."},
]
INSTRUCTIONS = '# Learning as you go\n\nA short preference batch that shows what a study can teach while you rate.\n\n- **Training items** (the first four): after you complete one, a window shows the study\n  team\'s answer next to yours, with a short explanation. Your answer stays as you gave it.\n- **Qualification** (the first six items): your score so far shows in the status bar\n  ("Qualification: 3 of 4 right so far (4 of 6 needed)"). If passing becomes impossible,\n  you are told what the study team asks: stop, or continue unpaid.\n- **Unsure?** Item ▸ Mark unsure (Ctrl+Shift+N) keeps a reason with your answer. You can\n  still complete the item; QA sees the reason.\n- **Conversations**: one item continues an earlier conversation. The earlier turns are\n  folded above the last user message; open them with "Earlier conversation".\n\nPick the answer that helps the user more: A, B or Tie (keys 1, 2, 3), then Ctrl+Enter.\n'


def build(root: Path) -> list[dict[str, Any]]:
    by_id = {item["id"]: item for item in samples_preference.build(root)}
    items = []
    for item_id, why in EXPLANATIONS.items():
        item = dict(by_id[item_id])
        item["training"] = {"expected": {"choice": item["gold"]["expected_choice"]},
                            "explanations": {"choice": why}, "note": NOTE}
        items.append(item)
    items += [by_id["q05-email"], by_id["q06-units"]]
    items.append({**by_id["s02-git"], "id": "s02-git-conversation",
                  "conversation": CONVERSATION})
    items += [by_id[item_id] for item_id in ("s01-budget", "s03-sleep", "s05-excel")]
    return items
