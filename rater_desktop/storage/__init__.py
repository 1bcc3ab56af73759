"""Rater Desktop storage package."""
