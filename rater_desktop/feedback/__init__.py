"""The loop back to the rater (Qt-free): signed QA decisions in, a rework queue out."""
