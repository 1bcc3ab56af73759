"""Rater Desktop rating package."""
