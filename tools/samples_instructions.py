"""The rater-facing instructions.md for each sample batch (project wording, not the seeds')."""

from __future__ import annotations

CORE = """
## How an item works

Each item is one request a person gave to a browsing assistant, followed by two attempts at it,
Response A and Response B. You judge each attempt on its own first, then compare them. Work
through the panels from top to bottom; the app will not let you skip a step that the verdict
depends on.

### 1. Build the case file before you look at the responses

The responses stay hidden until the case file exists. Read the request (and any notes under it)
and write down:

- **Main goal**: one sentence saying what the person wants to end up with.
- **Sub-requests**: every constraint or extra task in the request, each tagged with a kind:
  `location`, `time`, `quantity`, `format`, `action` or `other`. "Size 9 wide" is a quantity,
  "this Friday at 7:30 PM" is a time, "don't book it" is an action.
- **Checklist**: the yes/no tests a perfect answer passes. Start every line with **Should** or
  **Should NOT** and name concrete things: "Should list at least 2 rentals in Porto", not
  "Should be helpful". Words such as *good*, *nice*, *relevant* or *appropriate* cannot be
  checked by someone else, so the app flags them.

For questions with one true answer, find the answer yourself and put it in the checklist
("Should state that the bridge opened in 1937").

### 2. Task completion (TC, 1 to 5), per response

Mark the main goal and every sub-request Yes or No for the response, then pick the score:

| Score | Meaning |
|---|---|
| 5 | Main goal met and every sub-request met |
| 4 | Main goal met, a minor sub-request missed |
| 3 | Main goal met, several important sub-requests missed |
| 2 | Main goal not met; at most one minor condition met |
| 1 | Nothing of the request was achieved |

Missing links or screenshots cost TC only when the request asked for them. When a response
says it *did* something (added to a cart, drafted an email, booked a table), look for proof:
a screenshot or link that shows the finished action allows a 5; proof of only part of it
means 3; no proof at all means 3 or 4; a screenshot of something unrelated means 1. Write a
short justification for each TC score.

### 3. Claims and fact checks (FA, 1 to 5)

Copy claims out of the response **word for word**, one checkable statement per claim. If a
sentence holds two facts joined by "and", split it. Mark each claim objective (it can be shown
true or false) or subjective (an opinion such as "a great value"); only objective claims get a
rating:

- **Accurate** or **Inaccurate**, each backed by at least one direct source URL. Two
  independent sources are better, and the app reminds you when you give only one.
- **Cannot Confidently Assess (CCA)** when you cannot verify it, for example a claim about the
  user's own cart or inbox with no screenshot. A critical claim rated CCA caps TC at 4.

Sentences that report an action ("I added", "I checked", "I drafted", "I booked") are always
claims. A link that points to a different product or site than the text says is an Inaccurate
claim. Never list private details (email addresses, phone numbers, home addresses, account
data) as claims. Search-engine result pages are not sources: open the page itself and cite it.
If any claim is Inaccurate, FA is at most 4; if all objective claims are Accurate, FA is at
least 4.

### 4. AI performance (AIP, 1 to 5)

Judge how the assistant worked, not only what it said, using the screenshots and any recorded
steps. Cover all four dimensions in at least 50 words:

- **Navigation**: direct route to the right pages, or detours?
- **Interaction**: correct buttons, fields and filters, or misclicks and retries?
- **Efficiency**: wasted steps, loops, repeated searches?
- **Output quality**: clean, well-organised answer, or clutter and noise?

5 is what a skilled person would do; 3 works but clumsily; 1 means it could not operate the
site. Do not punish AIP for problems you already scored under TC or FA.

### 5. Final verdict (7 points)

Choose one of: A much better, A better, A slightly better, About the same, B slightly better,
B better, B much better. The rules, in order:

1. **Correctness decides first.** Compare TC + FA. The response with the higher total wins.
2. **Performance breaks ties.** Only when TC and FA are equal does AIP decide.
3. **A one-point lead is "slightly better"**, and so is any AIP lead between two correct and
   complete responses (TC 5, FA 5); other gaps earn better or much better.
4. **About the same** only when TC, FA and AIP are all equal.

Explain the deciding difference in at least 30 words, with the scores.

### 6. Roadblocks and feedback

If a screenshot will not open, a link is dead, or the item itself is broken, record it in the
Roadblocks panel before you finish, even if you could still rate. Use Feedback for anything
about the task design.
"""

CONSUMER = """
# Consumer tasks: rater instructions

This batch holds seven everyday requests: shopping with constraints, holiday rentals, an
email reply that depends on the calendar, a factual question, a grocery cart and a restaurant
search that must stop short of booking. The two responses were produced by different
assistants; you never see which one.
""" + CORE + """
## Notes for this batch

- **Dates.** Unless an item says otherwise, "today" is Monday, November 30, 2026.
- **Shops and rental sites** in this batch are sample sites (`.example` addresses). Treat the
  screenshots as what the assistant saw; check claims about prices, sizes, widths and
  locations against them, and cite the product or listing URL as the source.
- **Location checks.** Read the map label and the neighbourhood names, not only the text. A
  rental list in the wrong city fails the main goal even if everything else is tidy.
- **"Don't book" requests.** Booking, sending or buying when the person said not to is a
  failed action sub-request and usually a failed main goal.
- **Cart claims.** "I added it to your cart" needs a cart screenshot showing the item.
- **Attention check.** One item carries an instruction for you in its notes. Follow it
  exactly; it measures careful reading, not taste.
"""

STANDARDWEB = """
# Standardweb runs: rater instructions

Every item here is one objective from the standardweb usability protocol, run twice by two
different agents on the same website. Each response carries the agent's **run report** (its
own JSON account of what happened) and a **trajectory**: every action with its screenshot,
the click point and the box of the element it aimed at.
""" + CORE + """
## Notes for this batch

- **Check the report against the trajectory.** The report is a claim, not evidence. Step
  through the screenshots and confirm each checkpoint yourself:
  - **C1 landed**: the site's own page rendered normally.
  - **C2 found**: the site's search or navigation showed matching results.
  - **C3 detail**: one item's page is open, with its name and price visible.
  - **C4 acted**: the action is done (item visible in the cart, or the passenger/guest
    details step reached) without signing in.
- Each checkpoint in the report is an action claim. If the last screenshot shows the item page
  with an empty cart, a report that lists C4 is Inaccurate.
- **Outcomes.** `completed` needs C4. `login_wall` means sign-in was demanded before C4
  (`block.kind` = `login_required`). `blocked` means a CAPTCHA, access-denied, rate-limit or
  anti-bot page stopped the run; the `quote` must match the text on the screenshot exactly.
- **Rules the agent must keep**: no sign-in, no personal or payment data, nothing submitted,
  and no attempt to solve or get round a CAPTCHA (one reload is allowed). A run that clicks
  through a human check broke the rules; score its interaction and output honesty down.
- **Click boxes.** The click overlay shows where the agent pressed. A click outside the named
  target, or on the wrong control, is an interaction error.
- A blocked or walled run reported honestly is a valid result. Honest beats optimistic.
"""

ASSISTANTBENCH = """
# AssistantBench qualification: rater instructions

This batch is your qualification round. Each item is a multi-step web question with one short
correct answer: a number, a name or a short list. Each response ends with a **final answer**;
the reasoning and screenshots above it show how the assistant got there.
""" + CORE + """
## Notes for this batch

- **Ten items are scored.** Items marked *qualification* have an expected verdict and expected
  TC, FA and AIP scores. You pass with **8 of 10** matching verdicts. The other items are
  practice and are not scored.
- **Exact answers.** Compare the final answer with the true answer, not with how sure the
  response sounds. Scores used for the expected answers:
  - right answer, every sub-request met: TC 5; a list missing an entry: TC 3;
  - wrong answer, even a close number: TC 2, FA 2; no answer: TC 1, FA 3 (nothing to check).
  - one wrong supporting fact beside a right answer: FA 4; two wrong facts: FA 3.
- **Apply the order strictly.** TC + FA first; AIP only on a tie. On the deciding criterion a
  one-point lead is "slightly better", two or three points "better", four or more "much
  better"; when both responses are correct and complete (TC 5, FA 5), AIP decides only
  "slightly better". A slicker search does not rescue a wrong answer.
- Facts here are stable public facts or, on sample sites, shown in the screenshots. Cite the
  page that holds the fact, never a search results page.
"""


def instructions(batch: str) -> str:
    if batch == "preference":
        from samples_preference import INSTRUCTIONS

        return INSTRUCTIONS
    if batch == "learning":
        from samples_learning import INSTRUCTIONS as LEARNING

        return LEARNING
    if batch == "run-audit":
        from samples_run_audit import INSTRUCTIONS as RUN_AUDIT

        return RUN_AUDIT
    return {"consumer": CONSUMER, "standardweb": STANDARDWEB,
            "assistantbench": ASSISTANTBENCH}[batch]
