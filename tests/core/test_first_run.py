"""First start without Qt: suggested rater ids, form problems by field, the passphrase
minimum shared by the command line and the window, the practice-item marker."""

from __future__ import annotations

from typing import Any

import pytest

from rater_desktop import appdirs, first_run, profiles
from rater_desktop.cli import main
from rater_desktop.signing.passphrase import (
    MIN_PASSPHRASE_LENGTH,
    passphrase_problem,
    passphrase_strength,
)


@pytest.mark.parametrize(("name", "taken", "expected"), [
    ("Ana María López", (), "ana-maria-lopez"),
    ("  O'Brien, Seán  ", (), "o-brien-sean"),
    ("Bo", ("bo", "BO-2"), "bo-3"),
    ("con", (), "con-1"),  # reserved device name
    ("李小龙", (), ""),
    ("x" * 100, (), "x" * first_run.MAX_SUGGESTED_ID),
])
def test_a_rater_id_is_suggested_from_the_name(name: str, taken: tuple[str, ...],
                                                expected: str) -> None:
    suggestion = first_run.suggest_rater_id(name, taken=taken)
    assert suggestion == expected
    if suggestion:
        assert first_run.rater_id_problem(suggestion, taken=taken) is None


def test_rater_id_problems_use_the_profiles_own_check() -> None:
    assert first_run.rater_id_problem("ok.id-1") is None
    for bad in ("", "has space", ".hidden", "aux", "x" * 65):
        problem = first_run.rater_id_problem(bad)
        assert problem is not None
        with pytest.raises(profiles.ProfileError):
            profiles.validate_rater_id(bad)
    assert "already exists" in str(first_run.rater_id_problem("Ana", taken=("ana",)))


def test_form_problems_are_keyed_by_field() -> None:
    assert first_run.first_run_problems(display_name="Ana", rater_id="ana", passphrase=None,
                                        confirmation=None) == {}
    problems = first_run.first_run_problems(display_name=" ", rater_id="a b",
                                            passphrase="short", confirmation="")
    assert set(problems) == {"name", "rater_id", "passphrase"}
    mismatch = first_run.first_run_problems(display_name="Ana", rater_id="ana",
                                            passphrase="long enough", confirmation="long enuf")
    assert set(mismatch) == {"confirmation"} and "differ" in mismatch["confirmation"]
    missing = first_run.first_run_problems(display_name="Ana", rater_id="ana",
                                           passphrase="long enough", confirmation="")
    assert missing == {"confirmation": "Type the passphrase again to confirm it."}


def test_passphrase_minimum_and_strength() -> None:
    assert passphrase_problem("x" * (MIN_PASSPHRASE_LENGTH - 1)) is not None
    assert passphrase_problem("x" * MIN_PASSPHRASE_LENGTH) is None
    assert passphrase_problem("") == "The passphrase must not be empty."
    levels = [passphrase_strength(p).level for p in
              ("abc", "aaaaaaaaaaaa", "abcdefgh", "correct horse", "Correct horse battery 9")]
    assert levels == [0, 1, 1, 2, 3]
    assert "3 more characters" in passphrase_strength("abcde").label


def test_the_window_and_the_command_line_refuse_the_same_short_passphrase(
        memory_keyring: Any, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    short = "s" * (MIN_PASSPHRASE_LENGTH - 1)
    with pytest.raises(profiles.ProfileError, match=f"at least {MIN_PASSPHRASE_LENGTH}"):
        profiles.create_profile(rater_id="ana", display_name="Ana", keyring=memory_keyring,
                                data_dir=appdirs.data_dir(), passphrase=short)
    monkeypatch.setenv("RATER_DESKTOP_PASSPHRASE", short)
    assert main(["profile", "create", "--rater-id", "ana", "--name", "A", "--key-file"]) == 1
    assert f"at least {MIN_PASSPHRASE_LENGTH}" in capsys.readouterr().err
    assert profiles.list_profiles(data_dir=appdirs.data_dir()) == []
    long_enough = "s" * MIN_PASSPHRASE_LENGTH
    profiles.create_profile(rater_id="ana", display_name="Ana", keyring=memory_keyring,
                            data_dir=appdirs.data_dir(), passphrase=long_enough)


def test_the_practice_marker_is_kept_per_profile(memory_keyring: Any) -> None:
    folder = appdirs.data_dir()
    for rater in ("ana", "bo"):
        profiles.create_profile(rater_id=rater, display_name=rater, keyring=memory_keyring,
                                data_dir=folder)
    assert not first_run.practice_seen(data_dir=folder, rater_id="ana")
    first_run.mark_practice_seen(data_dir=folder, rater_id="ana")
    assert first_run.practice_seen(data_dir=folder, rater_id="ana")
    assert not first_run.practice_seen(data_dir=folder, rater_id="bo")
    (folder / "profiles" / "bo" / first_run.ONBOARDING_FILE).write_text("{not json")
    assert not first_run.practice_seen(data_dir=folder, rater_id="bo")


def test_the_sample_readme_tells_trainers_what_each_sample_trains(
        sample_batches_dir: Any) -> None:
    import json

    readme = (sample_batches_dir / "README.md").read_text(encoding="utf-8")
    batches = [p for p in sorted(sample_batches_dir.iterdir()) if (p / "batch.json").is_file()]
    assert len(batches) >= 3
    for batch in batches:
        assert f"## {batch.name}" in readme, batch.name
        if batch.name in ("assistantbench-qualification", "preference-quick"):
            continue  # described as groups, not item by item
        for line in (batch / "items.jsonl").read_text(encoding="utf-8").splitlines():
            assert f"`{json.loads(line)['id']}`" in readme
    assert "Practice tour" in readme
