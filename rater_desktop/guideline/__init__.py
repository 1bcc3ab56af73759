"""The guideline protocol (seed 000): its registration with ``rater_desktop.protocols``.
Its rating model, rules and service live in ``rater_desktop.rating``; its QA in
``rater_desktop.qa_review``."""
