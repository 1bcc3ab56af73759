"""The recent batches, the batch opened at start and open failures in words, without Qt."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rater_desktop.batch_opening import (
    MAX_RECENT,
    RECENT_KEY,
    add_recent,
    describe_item_failure,
    describe_open_failure,
    recent_batches,
    startup_batch,
)


class FakeSettings:
    def __init__(self, **values: Any) -> None:
        self.values = dict(values)

    def value(self, key: str, defaultValue: Any = None) -> Any:  # noqa: N803 - Qt's name
        return self.values.get(key, defaultValue)

    def setValue(self, key: str, value: Any) -> None:  # noqa: N802 - Qt's name
        self.values[key] = value


@dataclass
class Problem:
    text: str

    def render(self) -> str:
        return self.text


@dataclass
class BatchError(Exception):
    problem: Problem
    problems: list[Problem] = field(default_factory=list)


def test_an_ini_file_one_recent_batch_is_a_plain_string() -> None:
    assert recent_batches(FakeSettings(**{RECENT_KEY: "/a"})) == ["/a"]
    assert recent_batches(FakeSettings(**{RECENT_KEY: ""})) == []
    assert recent_batches(FakeSettings()) == []
    assert recent_batches(FakeSettings(**{RECENT_KEY: ["/a", "", "/b"]})) == ["/a", "/b"]


def test_a_recent_batch_moves_to_the_top_once_and_the_list_is_capped(tmp_path: Path) -> None:
    settings = FakeSettings()
    paths = [str(tmp_path / f"b{i}") for i in range(MAX_RECENT + 2)]
    for path in paths:
        add_recent(settings, path)
    assert add_recent(settings, paths[3]) == recent_batches(settings)
    recent = recent_batches(settings)
    assert len(recent) == MAX_RECENT and recent[0] == str(Path(paths[3]).resolve())
    assert recent.count(recent[0]) == 1 and recent[1] == str(Path(paths[-1]).resolve())


def test_the_batch_at_start(tmp_path: Path) -> None:
    settings = FakeSettings()
    add_recent(settings, str(tmp_path))
    assert startup_batch(settings, "/asked") == "/asked"
    assert startup_batch(settings, None) == str(tmp_path.resolve())
    settings.setValue("session/reopenLast", "false")
    assert startup_batch(settings, None) is None
    assert startup_batch(FakeSettings(**{RECENT_KEY: [str(tmp_path / "gone")]}), None) is None


def test_a_batch_that_failed_names_its_path_and_its_problems() -> None:
    exc = BatchError(Problem("items.jsonl line 3: bad"), [Problem("first"), Problem("second")])
    text, details = describe_open_failure("/data/broken2", exc)
    assert text == "/data/broken2 could not be opened.\n\nitems.jsonl line 3: bad"
    assert details == "second"
    text, details = describe_open_failure("/x.zip", PermissionError(13, "Permission denied"))
    assert "/x.zip could not be read: Permission denied." in text and details == ""
    text, details = describe_open_failure("/x.zip", ValueError("odd"))
    assert "could not be opened: odd" in text and "ask for a new copy" in text
    assert details == "ValueError"


def test_an_item_that_failed_says_which_and_that_the_rest_goes_on() -> None:
    text, details = describe_item_failure("item-7", BatchError(Problem("line 9: bad"),
                                                               [Problem("a"), Problem("b")]))
    assert text.startswith("Item item-7 cannot be shown.\n\nline 9: bad\n\n")
    assert "go on with the other items" in text and details == "b"
    text, details = describe_item_failure("item-7", OSError(5, "I/O error"))
    assert "It could not be read: I/O error." in text and details == "OSError"
