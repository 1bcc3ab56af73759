"""The preference protocol's practice tour (seed 001, PR-1..PR-4): the prompt, the two
answers, one choice with its key, the optional explanation, the criteria, completing."""

from __future__ import annotations

from rater_desktop.keymap import key_text
from rater_desktop.tour import Card, keys_card

KEYS = ("preference_choice", "preference_explain", "preference_complete", "undo",
        "mark_unsure", "previous_item", "next_item", "shortcuts")

CARDS = (
    Card("promptHeader", "The prompt",
         "This is what the user asked. Read it first: both answers reply to it."),
    Card("responseSplitter", "Response A and Response B",
         "Two answers side by side. Which one the batch lists first is shuffled for you, "
         "so A is simply the one on the left.",
         tabbed_text="Two answers, one at a time in this narrow window: the A and B tabs "
         f"(or {key_text('switch_response')}) switch between them. Which one the batch "
         "lists first is shuffled for you, so A is simply the first tab."),
    Card("preferenceChoiceCard", "One choice per item (PR-1)",
         f"A is better, B is better or Tie, with the keys {key_text('preference_choice')}. "
         "Pick the answer that "
         "helps the user more; Tie is for two answers that help about as much."),
    Card("preferenceExplanation", "Why, in a sentence (PR-2)",
         "After choosing A or B you may say why in your own words; some batches ask for "
         "it, and then the item cannot be completed without it. No AI help."),
    Card("preferenceCriteriaCard", "The batch's criteria (PR-3)",
         "What this study weighs stays in view below the choice. Qualification and "
         "attention items are mixed in, and the time you spend is counted (PR-4)."),
    Card("preferenceComplete", "Complete and next",
         f"{key_text('preference_complete')} completes the item and opens the next one. "
         f"Every choice is saved at once; {key_text('undo')} takes the last one back."),
    keys_card(KEYS, "Help \u25b8 Practice tour shows this again. Start by reading the "
              "prompt."),
)
