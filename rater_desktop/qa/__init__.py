"""Rater Desktop qa package."""
