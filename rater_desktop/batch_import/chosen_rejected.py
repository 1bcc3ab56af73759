"""Chosen/rejected preference data: two whole transcripts that differ only in the last turn.

Each line holds ``chosen`` and ``rejected``, each a dialogue written as
``"\\n\\nHuman: ...\\n\\nAssistant: ..."``. Of the turns both share, the last Human turn
becomes the prompt and the ones before it the item's ``conversation`` (format 1.2, shown
collapsed above the prompt); the two last assistant turns become the responses, with the
identities ``chosen`` and ``rejected`` kept hidden from the rater like any identity.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rater_desktop.batch_import.generic import clean_id, map_jsonl
from rater_desktop.batch_import.writer import ImportInputError

# A marker starts the text or follows a blank line; "\nAssistant:" after one newline is
# text inside a turn (HH-RLHF harmless-base test line 1561 has one).
_TURN = re.compile(r"(?:\A|\n\n)(Human|Assistant): ")


def split_turns(transcript: str) -> list[tuple[str, str]]:
    """[(speaker, text), ...] of a "Human: ... Assistant: ..." transcript."""
    marks = list(_TURN.finditer(transcript))
    turns: list[tuple[str, str]] = []
    for index, mark in enumerate(marks):
        end = marks[index + 1].start() if index + 1 < len(marks) else len(transcript)
        turns.append((mark.group(1), transcript[mark.end() : end].strip()))
    return turns


ROLES = {"Human": "user", "Assistant": "assistant"}


def _flattened(turns: list[tuple[str, str]]) -> str:
    return "\n\n".join(f"{'User' if who == 'Human' else 'Assistant'}: {text}" for who, text in turns)


def pair_to_item(record: Any, *, where: str, number: int) -> dict[str, Any]:
    """One item from a chosen/rejected pair, or ImportInputError."""
    if not isinstance(record, dict):
        raise ImportInputError(f"{where}: expected an object with chosen and rejected")
    chosen, rejected = record.get("chosen"), record.get("rejected")
    if not isinstance(chosen, str) or not isinstance(rejected, str):
        raise ImportInputError(f"{where}: chosen and rejected must both be text")
    turns = split_turns(chosen), split_turns(rejected)
    for name, side in zip(("chosen", "rejected"), turns, strict=True):
        if not side or side[-1][0] != "Assistant" or not side[-1][1]:
            raise ImportInputError(f"{where}: {name} does not end with an Assistant turn")
    if turns[0][:-1] != turns[1][:-1]:
        raise ImportInputError(
            f"{where}: chosen and rejected differ before their last turn; "
            "only the last assistant turn may differ"
        )
    shared = turns[0][:-1]
    if not any(who == "Human" for who, _ in shared):
        raise ImportInputError(f"{where}: the shared dialogue has no Human turn")
    item: dict[str, Any] = {
        "id": clean_id(str(record.get("id", "")), f"pair-{number:06d}"),
        "prompt": shared[-1][1],
        "responses": [
            {"identity": "chosen", "text": turns[0][-1][1]},
            {"identity": "rejected", "text": turns[1][-1][1]},
        ],
    }
    if shared[-1][0] != "Human":
        # No user request right before the answers: the dialogue is shown whole as the prompt.
        item["prompt"] = _flattened(shared)
    elif len(shared) > 1:
        # The last request is the prompt; the turns before it are the conversation (1.2).
        item["conversation"] = [{"role": ROLES[who], "text": text} for who, text in shared[:-1]]
    return item


def read_chosen_rejected(path: Path) -> Iterator[dict[str, Any] | ImportInputError]:
    """Items from a JSONL file of chosen/rejected pairs, streaming."""
    return map_jsonl(path, pair_to_item)
