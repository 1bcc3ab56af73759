"""A long run without spaces (hostile text) is told apart from ordinary text (issue 23)."""

from __future__ import annotations

from rater_desktop.long_runs import LONG_RUN, has_long_run


def test_a_long_run_without_spaces_is_found() -> None:
    assert has_long_run("#" * LONG_RUN)
    assert has_long_run("The goal: " + "=&" * 10_000 + " done")
    assert has_long_run("line\n" + "." * 20_000)


def test_ordinary_text_and_long_texts_with_spaces_are_not() -> None:
    assert not has_long_run("")
    assert not has_long_run("#" * (LONG_RUN - 1) + " " + "#" * (LONG_RUN - 1))
    assert not has_long_run("I searched the shop for wide running shoes. " * 500)
    assert not has_long_run("https://www.example.com/search?q=wide+running+shoes&page=2")
    assert not has_long_run("- a\n" * 5_000)
