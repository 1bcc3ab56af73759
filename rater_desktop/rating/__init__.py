"""The Qt-free rating core.

- ``model``: ItemRating and its parts (sides by TRUE response index), ``to_dict``/``from_dict``.
- ``text``: the responses' plain text, verbatim claims, locating a window selection.
- ``rubric``: rule defaults and validated batch overrides.
- ``rules``: one function per checkable guideline rule; ``check_item``, ``can_complete``.
- ``helpers``: sentence/action/URL/vagueness/dimension/private-data heuristics.
- ``justification``: pre-filled templates for the rater's written reasoning.
- ``display_order``: per-rater, per-item left/right order (SD-1).
- ``timing``: active time per item and step (SD-3).
- ``steps``: the guided steps and which are reachable.
- ``store``: the RatingStore protocol (+ MemoryRatingStore).
- ``service``: RatingService, the write API with undo/redo and change notifications.
"""
