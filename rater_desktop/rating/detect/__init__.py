"""Text detectors the rules read with: sentences, actions, sources, placeholders, AIP words.

Every detector is a pure function, linear in its input (hostile batch text may be long),
and is tested on its own with examples written from the rater guideline.
"""
