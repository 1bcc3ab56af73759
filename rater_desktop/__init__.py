"""Rater Desktop: an offline workstation for judging AI browser agents side by side."""

__version__ = "0.1.0"
