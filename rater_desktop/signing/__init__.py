"""Rater Desktop signing package."""
