"""The guideline protocol's practice tour: the prompt, the two responses, the seven
steps, rule IDs, finishing an item and the keys (``rater_desktop.tour.Card``)."""

from __future__ import annotations

from rater_desktop.keymap import TOUR_KEYS, key_text
from rater_desktop.tour import Card, keys_card

STEP_LINES = (
    "1 Case file: the user's main goal, the constraints (sub-requests) and a "
    "Should / Should NOT checklist, written before you see the responses.",
    "2 Task completion: was the goal and each sub-request met? Then a 1-5 score.",
    "3 Claims: copy each statement and each reported action out of the responses.",
    "4 Fact checks: check each objective claim on reliable pages and note the sources.",
    "5 AI performance: judge the path the agent took, not its answer.",
    "6 Final verdict: which response is better, and why, in your words.",
    "7 Roadblocks and feedback: anything that got in the way of your checks.",
)

CARDS = (
    Card("promptHeader", "The prompt",
         "This is what the user asked the agent. It stays in view while you read the "
         "responses. The batch's own instructions are in the Tools panel."),
    Card("responseSplitter", "Response A and Response B",
         "Both answers, side by side with their screenshots. They stay covered until your "
         "case file is written, so you read the prompt with fresh eyes first.",
         tabbed_text="Both answers with their screenshots, one at a time in this narrow "
         f"window: the A and B tabs (or {key_text('switch_response')}) switch between "
         "them. They stay covered until your case file is written, so you read the prompt "
         "with fresh eyes first."),
    Card("stepHeader", "Seven steps, one at a time", "\n".join(STEP_LINES)),
    Card("stepStack", "Rules show their IDs",
         "Each guideline rule appears under its field with its ID, such as CF-1. Grey "
         "\u201cTo do\u201d says what is still needed; once you have been to the field it "
         "becomes red \u201cMust fix\u201d. Amber \u201cCheck\u201d is a warning you may "
         "keep with a short reason."),
    Card("stepFooter", "Finishing the item",
         "\u201cComplete item\u201d opens when no rule blocks it; the line above it says "
         "what is still missing. Your work is saved as you type."),
    keys_card(TOUR_KEYS, "Help \u25b8 Practice tour shows this again. Start with the main "
              "goal."),
)
