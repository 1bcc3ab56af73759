"""Rater Desktop gui package."""
