"""Rules for a NEW passphrase (key file, key backup): one place for the command line and
the window, so both ask the same minimum and word their problems the same way."""

from __future__ import annotations

from dataclasses import dataclass

from rater_desktop.signing import MIN_PASSPHRASE_LENGTH

__all__ = ["MIN_PASSPHRASE_LENGTH", "passphrase_problem", "passphrase_strength"]


@dataclass(frozen=True)
class Strength:
    """A rough hint on how hard a passphrase is to guess: ``level`` 0 (too short) to 3."""

    level: int
    label: str


def passphrase_problem(passphrase: str, *, confirmation: str | None = None) -> str | None:
    """None if ``passphrase`` may protect a key, else what to change (one sentence)."""
    if not passphrase:
        return "The passphrase must not be empty."
    if len(passphrase) < MIN_PASSPHRASE_LENGTH:
        return f"Choose a passphrase of at least {MIN_PASSPHRASE_LENGTH} characters."
    if confirmation is not None and confirmation != passphrase:
        return "The two passphrases differ; type the same passphrase twice."
    return None


def passphrase_strength(passphrase: str) -> Strength:
    """Length counts most; mixing kinds of characters helps a little.

    A hint only: it never refuses anything above the minimum length.
    """
    if len(passphrase) < MIN_PASSPHRASE_LENGTH:
        missing = MIN_PASSPHRASE_LENGTH - len(passphrase)
        return Strength(0, f"too short: {missing} more character{'s' if missing > 1 else ''}")
    kinds = sum((
        any(c.islower() for c in passphrase),
        any(c.isupper() for c in passphrase),
        any(c.isdigit() for c in passphrase),
        any(not c.isalnum() for c in passphrase),
    ))
    distinct = len(set(passphrase))
    score = len(passphrase) + 2 * kinds
    if distinct <= 3:
        score = min(score, 10)  # "aaaaaaaa", "abababab": long but easy to guess
    if score >= 20:
        return Strength(3, "strong")
    if score >= 14:
        return Strength(2, "fair: a few more words make it stronger")
    return Strength(1, "weak: a short sentence of four or more words is easy to remember")
