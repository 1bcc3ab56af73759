"""Every keyboard shortcut of the app, declared once (plain data, no Qt).

This table builds the window's actions and shortcuts (``gui/keys.py``), the tooltips and
the key badges on controls, the F1 key sheet and the README's key list. A key written
anywhere else is a bug (tests/test_keymap.py looks for them).

Keys are written in Qt's portable text ("Ctrl+Return", "PgDown", "Esc"); the first key of
a binding is the one badges show. A binding whose keys choose between values (Y / N, 1 to
5) lists them in the order of the values its control offers.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Scope(Enum):
    """Where a key works. Scopes nest (see ``PARENT``); keys may repeat only across
    scopes that never hold the focus at the same time."""

    MAIN = "main window"
    RATING = "rating panel"  # the main window while a guideline batch is open
    PREFERENCE = "preference panel"  # the main window while a preference batch is open
    RUN_AUDIT = "run audit panel"  # the main window while a run audit batch is open
    RA_CHECKPOINT = "focused checkpoint row"
    RA_OUTCOME = "outcome step"
    RA_STATEMENT = "focused report statement"
    RA_BREACH = "focused breach row"
    RA_VERDICT = "run audit verdict step"
    SCALE = "focused score scale"
    YES_NO = "focused Yes/No row"
    CLAIM = "focused claim"
    FACT_CHECK = "focused fact check"
    VERDICT = "verdict step"
    FIELD = "focused text field"
    FIND = "find bar"
    PRACTICE = "practice tour"
    VIEWER = "screenshot viewer"
    QA = "QA window"
    FIRST_RUN = "first-run dialog"
    DIALOG = "any dialog"


PARENT: dict[Scope, Scope | None] = {
    Scope.MAIN: None, Scope.RATING: Scope.MAIN, Scope.PREFERENCE: Scope.MAIN,
    Scope.SCALE: Scope.RATING, Scope.YES_NO: Scope.RATING, Scope.CLAIM: Scope.RATING,
    Scope.FACT_CHECK: Scope.RATING, Scope.VERDICT: Scope.RATING, Scope.FIELD: Scope.MAIN,
    Scope.FIND: Scope.MAIN, Scope.PRACTICE: Scope.MAIN, Scope.VIEWER: None, Scope.QA: None,
    Scope.FIRST_RUN: None, Scope.DIALOG: None, Scope.RUN_AUDIT: Scope.MAIN,
    Scope.RA_CHECKPOINT: Scope.RUN_AUDIT, Scope.RA_OUTCOME: Scope.RUN_AUDIT,
    Scope.RA_STATEMENT: Scope.RUN_AUDIT, Scope.RA_BREACH: Scope.RUN_AUDIT,
    Scope.RA_VERDICT: Scope.RUN_AUDIT,
}


@dataclass(frozen=True)
class Binding:
    """One action and its keys.

    ``label`` names the action on menus and buttons, ``help`` is its line in the F1
    sheet, ``shown`` replaces the keys there when they need words ("1 to 5"), and a
    ``built_in`` key is provided by Qt or a widget of its own: listed, never bound here.
    """

    action: str
    keys: tuple[str, ...]
    scopes: tuple[Scope, ...]
    label: str
    help: str
    section: str
    shown: str = ""
    built_in: bool = False


MOVING, ANSWERING, RATING_KEYS, BATCH = "Moving around", "Answering", "Rating", "Batch and results"
RESPONSES, VIEWER = "Responses", "Screenshot viewer"
PREFERENCE = "Preference batches (quick A / B / Tie choice)"
RUN_AUDIT = "Run audit batches (one recorded run against its report)"
QA, START = "QA window", "First run and practice tour"
SECTIONS = (MOVING, ANSWERING, RATING_KEYS, BATCH, RESPONSES, VIEWER, PREFERENCE, RUN_AUDIT,
            QA, START)

# The section of a window's own keys: its F1 sheet (``sheet_markdown(scope)``) starts there.
OWN_SECTION: dict[Scope | None, str] = {Scope.QA: QA}

SECTION_NOTES = {
    ANSWERING: "Every answer has a key, shown on its control. A key answers the row that "
               "has the focus (or, for the verdict, the step on screen); while you type in "
               "a text field, keys are text. Tab moves to the next row.",
    PREFERENCE: "Changes are saved automatically; the status bar shows \"Saved\" once they "
                "are on disk.",
    QA: "A decision is saved at once, its note as you type; a note written before a "
        "decision is kept as a draft of its item until one is chosen.",
    RUN_AUDIT: "Read the run first: the agent's report stays covered until the checkpoints "
               "and the outcome are marked, the automated judge until your verdict. Pick a "
               "trajectory step with its keys (or a click on its row), then cite it on the "
               "focused row. Changes are saved automatically.",
}

R, M, P = (Scope.RATING,), (Scope.MAIN,), (Scope.PREFERENCE,)
RA = (Scope.RUN_AUDIT,)
EDITS = (Scope.RATING, Scope.PREFERENCE, Scope.RUN_AUDIT)  # undo/redo: every protocol's answers


def _b(action: str, keys: tuple[str, ...], scopes: tuple[Scope, ...], label: str, help_: str,
       section: str, shown: str = "", built_in: bool = False) -> Binding:
    return Binding(action, keys, scopes, label, help_, section, shown, built_in)


BINDINGS: tuple[Binding, ...] = (
    # -- moving around. Alt+arrows move: Left/Right between items, Up/Down between steps
    # (Ctrl+Enter stays the next step); Ctrl+Shift+R goes to the rating panel as
    # Ctrl+Shift+I and Ctrl+Shift+T go to the item list and the Tools panel.
    _b("next_step", ("Ctrl+Return", "Ctrl+Enter", "Alt+Down"), R, "Next step",
       "Go to the next rating step (the cursor goes to its first unanswered field)", MOVING),
    _b("previous_step", ("Alt+Up",), R, "Previous step",
       "Go back to the previous rating step", MOVING),
    _b("focus_rating", ("Ctrl+Shift+R",), R, "Go to the rating panel",
       "Put the cursor in the rating panel: the current step's first field still to do, "
       "else its first field (in a small window the panel comes forward)", MOVING),
    _b("complete_next", ("Ctrl+Shift+Return", "Ctrl+Shift+Enter"), R,
       "Complete item and open the next unfinished one",
       "Complete the item and open the next unfinished one", MOVING),
    _b("previous_item", ("Alt+Left", "Ctrl+PgUp"), M, "&Previous item",
       "Previous item in the list", MOVING),
    _b("next_item", ("Alt+Right", "Ctrl+PgDown"), M, "&Next item", "Next item in the list",
       MOVING),
    _b("go_to_item", ("Ctrl+G",), M, "&Go to item\u2026",
       "Go to an item: type part of its id, Enter opens it (a status filter that hides it "
       "is cleared); Down moves into the list, Enter there opens the row", MOVING),
    _b("tab", ("Tab", "Shift+Tab"), M, "Next / previous field",
       "Move between the fields of a step", MOVING, shown="Tab / Shift+Tab", built_in=True),
    _b("toggle_item_list", ("Ctrl+Shift+I",), M, "Show or hide the item list",
       "Show or hide the item list; in a small window, where it is a tab behind the rating "
       "panel, bring it forward, and press again to go back to the rating", MOVING),
    _b("toggle_tools", ("Ctrl+Shift+T",), M, "Show or hide the Tools panel",
       "Show or hide the Tools panel (in a small window: bring it forward and back)", MOVING),
    _b("shortcuts", ("F1",), (Scope.MAIN, Scope.QA), "&Keyboard shortcuts",
       "This help (in the QA window: the QA window's keys)", MOVING),
    # -- answering
    _b("score", ("1", "2", "3", "4", "5"), (Scope.SCALE,), "Score on the focused scale",
       "Choose a score while a score scale (TC, FA or AIP) has the focus", ANSWERING,
       shown="1 to 5"),
    _b("yes_no", ("Y", "N"), (Scope.YES_NO,), "Yes / no",
       "Yes / No on the focused question (main goal met, each sub-request, run report "
       "matches)", ANSWERING),
    _b("claim_kind", ("O", "S"), (Scope.CLAIM,), "Objective / subjective",
       "Objective / Subjective on the focused claim", ANSWERING),
    _b("claim_rating", ("A", "I", "C"), (Scope.FACT_CHECK,),
       "Accurate / inaccurate / can't assess",
       "Accurate / Inaccurate / Can't assess on the focused fact check", ANSWERING),
    _b("claim_evidence", ("F", "P", "N", "U"), (Scope.FACT_CHECK,), "Evidence of an action claim",
       "Evidence of an action claim on the focused fact check: fully proves, partly proves, "
       "no screenshot or link, unrelated screenshot", ANSWERING),
    _b("evidence_cite", ("E",), (Scope.FACT_CHECK,), "Cite the suggested evidence",
       "Cite the evidence finder's selected suggestion (under the focused fact check) as "
       "its evidence, as a manual citation does; the finder never cites on its own",
       ANSWERING),
    _b("evidence_next", ("Shift+E",), (Scope.FACT_CHECK,), "Next suggested evidence",
       "Select the evidence finder's next suggestion for the focused fact check", ANSWERING),
    _b("evidence_view", ("V",), (Scope.FACT_CHECK,), "View the suggested evidence",
       "Open the selected suggestion in the screenshot viewer, zoomed to the words that "
       "matched the claim", ANSWERING),
    _b("verdict", ("1", "2", "3", "4", "5", "6", "7"), (Scope.VERDICT,), "Verdict (on its step)",
       "The final verdict, from 1 (A much better) to 7 (B much better), on the verdict step",
       ANSWERING, shown="1 to 7"),
    # -- rating
    _b("add_claim", ("Ctrl+M",), R, "Add selected text as claim",
       "Add the text selected in Response A or B as a claim (after Ctrl+F, the found text)",
       RATING_KEYS),
    _b("undo", ("Ctrl+Z",), EDITS, "&Undo",
       "Undo the last change of the open item (a burst of typing is one step), in every "
       "protocol; the step and field it changes are shown, and Edit \u25b8 Undo names it",
       RATING_KEYS),
    _b("redo", ("Ctrl+Shift+Z", "Ctrl+Y"), EDITS, "&Redo",
       "Redo; an item an undo had reopened is complete again", RATING_KEYS),
    _b("keep_warning", ("Return",), (Scope.FIELD,), "Keep the warning",
       "Keep the warning with your reason (in a warning's reason field)", RATING_KEYS,
       shown="Enter (in a warning's reason field)", built_in=True),
    _b("flag_item", ("Ctrl+Shift+F",), M, "&Flag item",
       "Flag the item for a reviewer, or take the flag off", RATING_KEYS),
    _b("mark_unsure", ("Ctrl+Shift+N",), M, "Mark &unsure (not sure)\u2026",
       "Mark the item unsure with a reason (you can still complete it), or change or remove "
       "the mark", RATING_KEYS),
    _b("next_rework", ("F8",), M, "Next &rework item",
       "Next item QA asked you to rework (after File \u25b8 Import QA feedback)", RATING_KEYS),
    # -- batch and results
    _b("open_batch", ("Ctrl+O",), (Scope.MAIN, Scope.QA), "&Open batch\u2026",
       "Open a batch (.zip file or folder); in the QA window, the batch the results belong "
       "to", BATCH),
    _b("export", ("Ctrl+E",), M, "&Export results\u2026",
       "Export your ratings as a signed results file", BATCH),
    _b("qa_review", ("Ctrl+Shift+Q",), M, "&QA review\u2026",
       "Open the QA reviewer window", BATCH),
    _b("quit", ("Ctrl+Q",), (Scope.MAIN, Scope.VIEWER), "&Quit",
       "Quit (everything is already saved); also from the screenshot viewer", BATCH),
    _b("dialog_accept", ("Return", "Esc"), (Scope.DIALOG,), "Accept / cancel a dialog",
       "In every dialog Enter accepts and Esc cancels", BATCH, shown="Enter / Esc",
       built_in=True),
    # -- responses
    _b("sync_scroll", ("Ctrl+L",), M, "S&ynchronised scrolling",
       "Scroll Response A and B together (on or off)", RESPONSES),
    _b("switch_response", ("F6",), M, "Show the other &response",
       "Show the other response, in a narrow window where Response A and B take turns under "
       "a tab pair", RESPONSES),
    _b("find", ("Ctrl+F",), M, "&Find in responses\u2026",
       "Find text in Response A and B (the bar under the responses)", RESPONSES),
    _b("find_next", ("F3",), M, "Next match", "Next match (Enter in the find field)",
       RESPONSES, shown="Enter or F3"),
    _b("find_previous", ("Shift+F3",), M, "Previous match",
       "Previous match (Shift+Enter in the find field)", RESPONSES,
       shown="Shift+Enter or Shift+F3"),
    _b("find_close", ("Esc",), (Scope.FIND,), "Close the find bar", "Close the find bar", RESPONSES,
       shown="Esc (in the find bar)"),
    # -- screenshot viewer
    _b("viewer_previous", ("Left", "PgUp"), (Scope.VIEWER,), "Previous",
       "Previous screenshot or step (in the note field only PgUp)", VIEWER),
    _b("viewer_next", ("Right", "PgDown"), (Scope.VIEWER,), "Next",
       "Next screenshot or step (in the note field only PgDown)", VIEWER),
    _b("viewer_mark", ("C", "U", "W"), (Scope.VIEWER,), "Correct / unnecessary / wrong",
       "Mark the shown trajectory step Correct / Unnecessary / Wrong", VIEWER),
    _b("viewer_zoom_in", ("+", "="), (Scope.VIEWER,), "Zoom in", "Zoom in", VIEWER),
    _b("viewer_zoom_out", ("-",), (Scope.VIEWER,), "Zoom out", "Zoom out", VIEWER),
    _b("viewer_fit", ("0",), (Scope.VIEWER,), "Fit to window", "Fit the screenshot to the "
       "window", VIEWER),
    _b("viewer_actual_size", ("1",), (Scope.VIEWER,), "Actual size", "Actual size", VIEWER),
    _b("viewer_overlay", ("B",), (Scope.VIEWER,), "Show click point and target box",
       "Show or hide the click point and target box", VIEWER),
    _b("viewer_close", ("Esc",), (Scope.VIEWER,), "Close the viewer", "Close the viewer", VIEWER,
       built_in=True),
    # -- preference batches
    _b("preference_choice", ("1", "2", "3"), P, "A is better / B is better / Tie",
       "A is better / B is better / Tie", PREFERENCE),
    _b("preference_explain", ("Alt+E",), P, "Write why",
       "Write why (the box shows for A or B)", PREFERENCE),
    _b("preference_complete", ("Ctrl+Return", "Ctrl+Enter"), P, "Complete and next",
       "Complete the item and open the next one", PREFERENCE),
    # -- run audit batches
    _b("ra_next_step", ("Ctrl+Return", "Ctrl+Enter", "Alt+Down"), RA, "Next step",
       "Go to the next step of the run audit (refused, with the reason, until this one is "
       "done)", RUN_AUDIT),
    _b("ra_previous_step", ("Alt+Up",), RA, "Previous step",
       "Go back to the previous step of the run audit", RUN_AUDIT),
    _b("ra_focus", ("Ctrl+Shift+R",), RA, "Go to the rating panel",
       "Put the cursor on the current step's first row still to answer", RUN_AUDIT),
    _b("ra_complete", ("Ctrl+Shift+Return", "Ctrl+Shift+Enter"), RA, "Complete and next",
       "Complete the run audit and open the next item", RUN_AUDIT),
    _b("ra_pick_step", (",", "."), RA, "Previous / next trajectory step",
       "Pick the previous / next step of the run (the picked step is highlighted)",
       RUN_AUDIT),
    _b("ra_cite", ("S",), RA, "Cite the picked step",
       "Cite the picked trajectory step as the evidence of the focused row (a checkpoint, "
       "the block, a contradiction, a breach)", RUN_AUDIT),
    _b("ra_view_step", ("V",), RA, "View the picked step's screenshot",
       "Open the picked step's screenshot in the viewer", RUN_AUDIT),
    _b("ra_reached", ("Y", "N"), (Scope.RA_CHECKPOINT,), "Reached / not reached",
       "Reached / Not reached on the focused checkpoint row", RUN_AUDIT),
    _b("ra_outcome", ("1", "2", "3", "4", "5"), (Scope.RA_OUTCOME,),
       "Completed / login wall / blocked / unreachable / incomplete",
       "The outcome you saw, on the outcome step: completed, login wall, blocked, "
       "unreachable, incomplete", RUN_AUDIT, shown="1 to 5"),
    _b("ra_quote", ("Alt+Q",), (Scope.RA_OUTCOME,), "Write the block's quote",
       "Write the exact visible text of the block (a login wall or a block)", RUN_AUDIT),
    _b("ra_statement", ("M", "C", "N"), (Scope.RA_STATEMENT,),
       "Matching / contradicted / not shown",
       "Matching / Contradicted / Not shown on the focused report statement", RUN_AUDIT),
    _b("ra_breach", ("Y", "N"), (Scope.RA_BREACH,), "Seen / not seen",
       "Seen / Not seen on the focused rule breach row", RUN_AUDIT),
    _b("ra_no_breach", ("Alt+N",), RA, "None seen",
       "No breach of any kind seen (on the breaches step)", RUN_AUDIT),
    _b("ra_verdict", ("1", "2", "3"), (Scope.RA_VERDICT,),
       "Accurate / overstated / understated",
       "The verdict on the agent's report, on the verdict step: accurate, overstated, "
       "understated", RUN_AUDIT),
    # -- QA window
    _b("qa_open_results", ("Ctrl+Shift+O",), (Scope.QA,), "Open &results\u2026",
       "Open raters' signed results files", QA),
    _b("qa_export_decisions", ("Ctrl+E",), (Scope.QA,),
       "Export QA &decisions (signed)\u2026", "Export the QA decisions as a signed file", QA),
    _b("qa_export_report", ("Ctrl+R",), (Scope.QA,), "Export &report (HTML/CSV/JSONL)\u2026",
       "Export the QA report (HTML, CSV or JSONL)", QA),
    _b("qa_close", ("Ctrl+W",), (Scope.QA,), "&Close QA window", "Close the QA window", QA),
    _b("qa_tab", ("Ctrl+1", "Ctrl+2", "Ctrl+3", "Ctrl+4"), (Scope.QA,), "Switch view",
       "Results files / Disagreements / Compare / Dashboard", QA, shown="Ctrl+1 to Ctrl+4"),
    # Compare's keys: the rater window's item keys move between items; the decision and
    # the note take Alt+ keys, so none of them is text typed in the QA note.
    _b("qa_previous_item", ("Alt+Left", "Ctrl+PgUp"), (Scope.QA,), "Previous item in Compare",
       "In Compare: the previous item, from whatever of the tab has the focus (the note "
       "too)", QA),
    _b("qa_next_item", ("Alt+Right", "Ctrl+PgDown"), (Scope.QA,), "Next item in Compare",
       "In Compare: the next item, from whatever of the tab has the focus (the note too)",
       QA),
    _b("qa_decision", ("Alt+1", "Alt+2", "Alt+3"), (Scope.QA,),
       "QA decision: accept / needs fix / reject",
       "In Compare: the QA decision on the shown item, Accept / Needs fix / Reject, saved "
       "at once as a click is; the cursor stays where it was", QA),
    _b("qa_note", ("Alt+N",), (Scope.QA,), "Write the QA note",
       "In Compare: put the cursor in the QA note", QA),
    # The Disagreements list's keys: the table walks and Enter opens by themselves (listed
    # only); Home and End are the panel's, to reach rows not loaded yet.
    _b("qa_list_walk", ("Up", "Down", "PgUp", "PgDown"), (Scope.QA,),
       "Walk the Disagreements list", "In the Disagreements list: the next or previous row, "
       "or a page on", QA, built_in=True),
    _b("qa_list_ends", ("Home", "End"), (Scope.QA,), "First / last disagreement",
       "In the Disagreements list: the first or the last row (the rows not loaded yet too)",
       QA),
    _b("qa_list_open", ("Return",), (Scope.QA,), "Open the disagreement in Compare",
       "In the Disagreements list: open the current row's item in Compare", QA,
       built_in=True),
    # -- first run and practice
    _b("show_passphrase", ("Alt+S",), (Scope.FIRST_RUN,), "Show the passphrase",
       "Show or hide the passphrase while you create your profile", START),
    _b("practice_next", ("Return", "Right"), (Scope.PRACTICE,), "Next card",
       "Next card of the practice tour", START, shown="Enter or Right"),
    _b("practice_back", ("Left",), (Scope.PRACTICE,), "Previous card",
       "Previous card of the practice tour", START),
    _b("practice_skip", ("Esc",), (Scope.PRACTICE,), "Skip the tour", "End the practice tour", START),
    _b("survey_next_choice", ("Down", "Right"), (Scope.DIALOG,), "Next answer",
       "In the survey, choose the next answer of the focused question", START,
       shown="Down or Right (survey)"),
    _b("survey_previous_choice", ("Up", "Left"), (Scope.DIALOG,), "Previous answer",
       "In the survey, choose the previous answer of the focused question", START,
       shown="Up or Left (survey)"),
)

BY_ACTION: dict[str, Binding] = {b.action: b for b in BINDINGS}

# Menu titles: their Alt+letter mnemonics are keys too (an Alt+E shortcut next to an
# "&Edit" menu would make both dead).
MENUS: dict[str, tuple[str, Scope]] = {
    "file": ("&File", Scope.MAIN), "edit": ("E&dit", Scope.MAIN),
    "view": ("&View", Scope.MAIN), "item": ("&Item", Scope.MAIN),
    "help": ("&Help", Scope.MAIN), "qa_file": ("&File", Scope.QA),
    "qa_view": ("&View", Scope.QA), "qa_help": ("&Help", Scope.QA),
}

# The rows of the practice tour's "Keys worth knowing" card, in order.
TOUR_KEYS = ("next_step", "previous_step", "focus_rating", "score", "add_claim",
             "evidence_cite", "previous_item", "next_item", "undo", "shortcuts")


def binding(action: str) -> Binding:
    """The binding of ``action`` (KeyError names an action missing from the table)."""
    return BY_ACTION[action]


def keys_of(action: str) -> tuple[str, ...]:
    return BY_ACTION[action].keys


def display(key: str) -> str:
    """A key as the rater reads it (Enter rather than Return)."""
    return key.replace("Return", "Enter")


def key_text(action: str) -> str:
    """The keys of ``action`` for a badge or tooltip: "Ctrl+Enter or Alt+Down"."""
    entry = BY_ACTION[action]
    if entry.shown:
        return entry.shown
    shown: list[str] = []
    for key in entry.keys:
        if display(key) not in shown:
            shown.append(display(key))
    choice = len(shown) > 2 or entry.action in CHOICES
    return (" / " if choice else " or ").join(shown)


# Bindings whose keys choose between values rather than being alternatives.
CHOICES = frozenset({"score", "yes_no", "claim_kind", "claim_rating", "claim_evidence",
                     "verdict", "viewer_mark", "preference_choice", "qa_tab", "qa_decision",
                     "qa_list_ends",
                     "ra_pick_step", "ra_reached", "ra_outcome", "ra_statement", "ra_breach",
                     "ra_verdict"})


def plain_label(action: str) -> str:
    """The action's label without its mnemonic and trailing dots: "Go to item"."""
    return BY_ACTION[action].label.replace("&", "").rstrip(".\u2026")


def with_key(text: str, action: str) -> str:
    """A tooltip or label with the action's keys: "Next step (Ctrl+Enter or Alt+Down)"."""
    return f"{text} ({key_text(action)})"


def choice_key(action: str, index: int) -> str:
    """The key that picks the ``index``-th value of a choice binding."""
    return display(BY_ACTION[action].keys[index])


def with_choice_key(text: str, action: str, index: int) -> str:
    """A tooltip with the key of one value of a choice binding: "Reject (Alt+3)"."""
    return f"{text} ({choice_key(action, index)})"


def overlaps(first: Scope, second: Scope) -> bool:
    """True when a key could reach both scopes at once (one holds the other)."""
    return first in _lineage(second) or second in _lineage(first)


def _lineage(scope: Scope) -> list[Scope]:
    found: list[Scope] = []
    current: Scope | None = scope
    while current is not None:
        found.append(current)
        current = PARENT[current]
    return found


def clashes(bindings: tuple[Binding, ...] = BINDINGS,
            menus: dict[str, tuple[str, Scope]] = MENUS) -> list[str]:
    """Keys that two actions claim in overlapping scopes (menu mnemonics included)."""
    claims: list[tuple[str, str, Scope]] = [
        (key.lower(), b.action, scope) for b in bindings for key in b.keys for scope in b.scopes]
    for menu, (title, scope) in menus.items():
        letter = title[title.index("&") + 1]
        claims.append((f"alt+{letter.lower()}", f"menu {menu}", scope))
    found = []
    for index, (key, action, scope) in enumerate(claims):
        for other_key, other_action, other_scope in claims[index + 1:]:
            if key == other_key and action != other_action and overlaps(scope, other_scope):
                found.append(f"{key}: {action} ({scope.value}) and {other_action} "
                             f"({other_scope.value})")
    return found


def sheet_markdown(scope: Scope | None = None) -> str:
    """The F1 key sheet, section by section, one row per action of the table; for a
    window's ``scope`` (the QA window's), only the actions that work there, the window's own
    section first (the shared F1 and Ctrl+O rows after it)."""
    lines = ["# Keyboard shortcuts" + (f" of the {scope.value}" if scope else ""), ""]
    for section in sorted(SECTIONS, key=lambda s: s != OWN_SECTION.get(scope)):
        rows = [b for b in BINDINGS
                if b.section == section and (scope is None or scope in b.scopes)]
        if not rows:
            continue
        lines += [f"## {section}", ""]
        if section in SECTION_NOTES:
            lines += [SECTION_NOTES[section], ""]
        lines += ["| Keys | What it does |", "|---|---|"]
        lines += [f"| {key_text(b.action)} | {b.help} |" for b in rows]
        lines.append("")
    return "\n".join(lines)


README_BEGIN = "<!-- key list: written from rater_desktop/keymap.py by tools/write_key_docs.py -->"
README_END = "<!-- end of key list -->"


def readme_lines() -> list[str]:
    """The README's key list: one line per section, each action as "keys label"."""
    lines = []
    for section in SECTIONS:
        entries = [f"{key_text(b.action)} {_lower_first(plain_label(b.action))}"
                   for b in BINDINGS if b.section == section]
        lines.append(f"- **{section}**: {'; '.join(entries)}.")
    return lines


def _lower_first(text: str) -> str:
    """ "Next step" -> "next step", but "QA review" and "A is better" stay."""
    return text[0].lower() + text[1:] if text[1:2].islower() else text


def readme_block() -> str:
    """The generated block, markers included."""
    return "\n".join([README_BEGIN, *readme_lines(), README_END])
