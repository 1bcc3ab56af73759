"""Rater Desktop batch package."""
