"""Turn the JSON of a manifest or an item line into model objects, collecting problems."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from typing import Any

from rater_desktop.batch import learning
from rater_desktop.batch.container import check_relative_path
from rater_desktop.batch.errors import BatchError, BatchProblem, ProblemList
from rater_desktop.batch.fields import FieldReader
from rater_desktop.batch.limits import DEFAULT_LIMITS, BatchLimits
from rater_desktop.batch.model import (
    FORMAT_MAJOR,
    FORMAT_MINOR,
    FORMAT_NAME,
    FORMAT_VERSION,
    Box,
    Gold,
    GoldScores,
    Item,
    ItemKind,
    Manifest,
    Point,
    Response,
    Screenshot,
    Size,
    TrajectoryStep,
    Verdict,
)
from rater_desktop.batch.protocol import (
    CHOICES,
    GUIDELINE,
    PAIR,
    RUN,
    read_preference_settings,
    read_protocol,
)
from rater_desktop.batch.run_fields import judge_of_item, run_gold, run_of_item, run_report


def decode_json(raw: bytes, *, file: str, line: int | None = None) -> Any:
    """Decode UTF-8 JSON bytes, or raise a BatchError that names file and line."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BatchError(
            BatchProblem(
                code="bad-utf8",
                message=f"is not valid UTF-8 (byte {exc.start})",
                file=file,
                line=line,
                hint="Save the file as UTF-8.",
            )
        ) from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        # An item is one line, so only the column within it helps the reader.
        where = f"at column {exc.colno}" if line is not None else f"line {exc.lineno}, column {exc.colno}"
        raise BatchError(
            BatchProblem(
                code="bad-json",
                message=f"is not valid JSON: {exc.msg} {where}",
                file=file,
                line=line if line is not None else exc.lineno,
                hint="Fix the JSON syntax (a JSON validator shows the spot).",
            )
        ) from exc
    except RecursionError as exc:
        raise BatchError(
            BatchProblem(
                code="bad-json",
                message="is nested too deeply to read",
                file=file,
                line=line,
                hint="Flatten the JSON structure.",
            )
        ) from exc


def parse_manifest(
    obj: object, *, problems: ProblemList, file: str = "batch.json"
) -> Manifest | None:
    """Validate the manifest; a wrong format name or unknown major version stops here."""
    reader = FieldReader(obj, problems=problems, file=file)
    if not reader.valid_object:
        return None
    fmt = reader.text("format", required=True, max_chars=100)
    version = reader.text("format_version", required=True, max_chars=20)
    if fmt is not None and fmt != FORMAT_NAME:
        reader.error(
            "format",
            f"is {fmt!r}, not {FORMAT_NAME!r}",
            "This file is not a Rater Desktop batch.",
            code="wrong-format",
        )
        return None
    if version is not None and not _supported_version(version, reader):
        return None
    batch_id = reader.identifier("batch_id")
    title = reader.text("title", required=True, max_chars=500)
    created = reader.text("created", required=True, max_chars=64)
    items_file = reader.text("items", max_chars=1024) or "items.jsonl"
    instructions = reader.text("instructions", max_chars=1024)
    seed = reader.text("display_seed", max_chars=500)
    rubric = _rubric(reader)
    protocol = read_protocol(reader)
    preference = read_preference_settings(reader)
    qualification, unsure = learning.read_qualification(reader), learning.read_unsure(reader)
    extra = reader.extra()
    for key, path in (("items", items_file), ("instructions", instructions)):
        if path is not None:
            try:
                check_relative_path(path, field=key)
            except BatchError as exc:
                problems.add(exc.problem)
                return None
    if None in (version, batch_id, title, created, protocol):
        return None
    assert (
        version is not None and batch_id is not None and title is not None and created is not None
    )
    return Manifest(
        format_version=version,
        batch_id=batch_id,
        title=title,
        created=created,
        items_file=items_file,
        instructions_file=instructions,
        display_seed=seed or batch_id,
        rubric=rubric,
        extra=extra,
        protocol=protocol or GUIDELINE,
        preference=preference,
        qualification=qualification,
        unsure=unsure,
    )


def _supported_version(version: str, reader: FieldReader) -> bool:
    major_text, _, minor_text = version.partition(".")
    if not major_text.isdigit() or (minor_text and not minor_text.isdigit()):
        reader.error(
            "format_version", f"{version!r} is not a version like '1.0'", "", code="bad-version"
        )
        return False
    if int(major_text) != FORMAT_MAJOR:
        reader.error(
            "format_version",
            f"version {version} is not supported (this app reads version {FORMAT_MAJOR}.x)",
            "Update Rater Desktop, or ask for the batch in format version 1.",
            code="unsupported-version",
        )
        return False
    if minor_text and int(minor_text) > FORMAT_MINOR:
        reader.problems.add(
            BatchProblem(
                code="newer-minor-version",
                message=f"version {version} is newer than this app's {FORMAT_VERSION}; "
                "new fields are ignored",
                file=reader.file,
                field="format_version",
                severity="warning",
            )
        )
    return True


def _rubric(reader: FieldReader) -> dict[str, dict[str, Any]]:
    raw = reader.mapping("rubric")
    if raw is None:
        return {}
    rubric: dict[str, dict[str, Any]] = {}
    for rule_id, params in raw.items():
        if not isinstance(params, dict):
            reader.error(
                f"rubric.{rule_id}", "must be an object of parameters", 'e.g. {"min_words": 60}'
            )
            continue
        rubric[str(rule_id)] = dict(params)
    return rubric


def parse_item(
    obj: object,
    *,
    problems: ProblemList,
    file: str,
    line: int,
    screenshot_exists: Callable[[str], bool] | None = None,
    limits: BatchLimits = DEFAULT_LIMITS,
    shape: str = PAIR,
) -> Item | None:
    """Validate one item line. Returns None when it has errors (all recorded).

    ``screenshot_exists`` returns whether a file is in the batch, or raises a BatchError
    for a file that must not be used (e.g. a symlink leading out of the batch).
    ``shape`` (``batch.protocol.item_shape`` of the manifest's protocol): ``PAIR`` items
    hold two ``responses``; ``RUN`` items one ``run`` and an optional ``judge``.
    """
    errors_before = len(problems.errors)
    reader = FieldReader(obj, problems=problems, file=file, line=line)
    if not reader.valid_object:
        return None
    item_id = reader.identifier("id")
    reader.item_id = item_id
    kind = reader.choice("kind", tuple(k.value for k in ItemKind)) or "standard"
    prompt = reader.text("prompt", required=True, max_chars=limits.max_prompt_chars)
    context = reader.text("context", max_chars=limits.max_context_chars)
    judge = None
    if shape == RUN:
        run = run_of_item(reader, lambda sub: _response(sub, screenshot_exists, limits,
                                                        text_required=False))
        responses = [run] if run is not None else []
        judge = judge_of_item(reader)
    else:
        responses = _pair(reader, screenshot_exists, limits)
    gold_raw = reader.mapping("gold")
    gold = _gold(reader.child(gold_raw, "gold")) if gold_raw is not None else None
    training, conversation = learning.read_training(reader), learning.read_conversation(reader)
    metadata, extra = _metadata(reader), reader.extra()
    if (
        len(problems.errors) > errors_before
        or item_id is None
        or prompt is None
        or len(responses) != (1 if shape == RUN else 2)
    ):
        return None
    return Item(id=item_id, kind=ItemKind(kind), prompt=prompt, responses=tuple(responses),
                context=context, gold=gold, judge=judge, extra=extra, metadata=metadata,
                training=training, conversation=conversation)


def _pair(reader: FieldReader, exists: Callable[[str], bool] | None,
          limits: BatchLimits) -> list[Response]:  # fmt: skip
    """The two ``responses`` of a pair item (fewer when one has errors)."""
    raw_responses = reader.array("responses", required=True, max_len=100)
    if raw_responses is None:
        return []
    if len(raw_responses) != 2:
        reader.error(
            "responses",
            f"has {len(raw_responses)} responses; an item needs exactly 2",
            "Each item compares two responses (A and B).",
            code="response-count",
        )
        return []
    found = [_response(reader.child(raw, f"responses[{n}]"), exists, limits)
             for n, raw in enumerate(raw_responses)]
    return [r for r in found if r is not None]


METADATA_KEY = re.compile(r"^[A-Za-z][A-Za-z0-9_.-]{0,63}$")
MAX_METADATA_KEYS = 32
MAX_METADATA_CHARS = 200


def _metadata(reader: FieldReader) -> dict[str, str | int | float | bool]:
    """The optional ``metadata`` object: up to 32 named keys, each a short string, a
    finite number or a boolean (anything else is an error naming the key)."""
    raw = reader.mapping("metadata")
    if raw is None:
        return {}
    hint = 'e.g. {"site": "amazon.com", "category": "shopping"}'
    if len(raw) > MAX_METADATA_KEYS:
        reader.error(reader.path("metadata"), f"has {len(raw)} keys, more than {MAX_METADATA_KEYS}", hint)
        return {}
    found: dict[str, str | int | float | bool] = {}
    for key, value in raw.items():
        where = reader.path(f"metadata.{key}")
        if not METADATA_KEY.match(key):
            reader.error(reader.path("metadata"), f"key {key[:80]!r} is not a name (a letter, then up to "
                         "63 letters, digits, '_', '.' or '-')", hint)  # fmt: skip
        elif isinstance(value, str) and len(value) > MAX_METADATA_CHARS:
            reader.error(where, f"is longer than {MAX_METADATA_CHARS} characters", hint,
                         code="too-long")  # fmt: skip
        elif isinstance(value, float) and not math.isfinite(value):
            reader.error(where, "must be a finite number", hint)
        elif not isinstance(value, str | int | float | bool):
            reader.error(where, f"must be a string, number or boolean, not "
                         f"{type(value).__name__}", hint)  # fmt: skip
        else:
            found[key] = value
    return found


def _image_path(reader: FieldReader, key: str, exists: Callable[[str], bool] | None) -> str | None:
    path = reader.text(key, max_chars=1024)
    if path is None:
        return None
    try:
        path = check_relative_path(path, field=reader.path(key), item_id=reader.item_id)
    except BatchError as exc:
        problem = exc.problem
        reader.problems.add(
            BatchProblem(**{**problem.__dict__, "file": reader.file, "line": reader.line})
        )
        return None
    if exists is None:
        return path
    try:
        found = exists(path)
    except BatchError as exc:
        found = False
        if exc.problem.code != "missing-file":
            reader.error(reader.path(key), exc.problem.message, exc.problem.hint, code=exc.problem.code)
            return None
    if not found:
        reader.error(
            reader.path(key),
            f"screenshot {path!r} is not in the batch",
            "Add the image to the batch or fix the path.",
            code="missing-screenshot",
        )
        return None
    return path


def _response(
    reader: FieldReader, exists: Callable[[str], bool] | None, limits: BatchLimits,
    *, text_required: bool = True,
) -> Response | None:
    if not reader.valid_object:
        return None
    identity = reader.text("identity", required=True, max_chars=200)
    text = reader.text("text", required=text_required, max_chars=limits.max_response_chars)
    if text is None and not text_required and reader.obj.get("text") is None:
        text = ""  # a recorded run's final message is optional
    screenshots: list[Screenshot] = []
    for index, raw in enumerate(
        reader.array("screenshots", max_len=limits.max_screenshots_per_response) or []
    ):
        shot = reader.child(raw, f"screenshots[{index}]")
        if not shot.valid_object:
            continue
        path = _image_path(shot, "path", exists)
        if path is None and "path" not in shot.obj:
            shot.error(shot.path("path"), "is missing", "Add this field.", code="missing-field")
        caption = shot.text("caption", max_chars=2_000) or ""
        shot.extra()
        if path is not None:
            screenshots.append(Screenshot(path=path, caption=caption))
    steps = [
        _step(reader.child(raw, f"trajectory[{index}]"), exists)
        for index, raw in enumerate(
            reader.array("trajectory", max_len=limits.max_trajectory_steps) or []
        )
    ]
    report_raw = reader.mapping("run_report")
    report = run_report(reader.child(report_raw, "run_report")) if report_raw is not None else None
    final_answer = reader.text("final_answer", max_chars=20_000)
    extra = reader.extra()
    if identity is None or text is None:
        return None
    return Response(
        identity=identity,
        text=text,
        screenshots=tuple(screenshots),
        trajectory=tuple(s for s in steps if s is not None),
        run_report=report,
        final_answer=final_answer,
        extra=extra,
    )


def _step(reader: FieldReader, exists: Callable[[str], bool] | None) -> TrajectoryStep | None:
    if not reader.valid_object:
        return None
    action = reader.text("action", required=True, max_chars=100)
    step = TrajectoryStep(
        action=action or "",
        target=reader.text("target") or "",
        url=reader.text("url", max_chars=8_000) or "",
        value=reader.text("value") or "",
        screenshot=_image_path(reader, "screenshot", exists),
        viewport=_size(reader, "viewport"),
        click=_point(reader, "click"),
        bbox=_box(reader, "bbox"),
        thought=reader.text("thought") or "",
        observation=reader.text("observation") or "",
    )
    reader.extra()
    return step if action is not None else None


def _numbers(reader: FieldReader, key: str, names: tuple[str, ...]) -> list[float] | None:
    raw = reader.mapping(key)
    if raw is None:
        return None
    sub = reader.child(raw, key)
    values = [sub.number(name, required=True) for name in names]
    sub.extra()
    if any(v is None for v in values):
        return None
    return [float(v) for v in values if v is not None]


def _size(reader: FieldReader, key: str) -> Size | None:
    values = _numbers(reader, key, ("width", "height"))
    if values is None:
        return None
    if min(values) <= 0:
        reader.error(reader.path(key), "width and height must be positive", "")
        return None
    return Size(int(values[0]), int(values[1]))


def _point(reader: FieldReader, key: str) -> Point | None:
    values = _numbers(reader, key, ("x", "y"))
    return Point(values[0], values[1]) if values is not None else None


def _box(reader: FieldReader, key: str) -> Box | None:
    values = _numbers(reader, key, ("x", "y", "width", "height"))
    if values is None:
        return None
    if values[2] < 0 or values[3] < 0:
        reader.error(reader.path(key), "width and height must not be negative", "")
        return None
    return Box(*values)


def _gold(reader: FieldReader) -> Gold | None:
    verdict_text = reader.choice("expected_verdict", tuple(v.value for v in Verdict))
    scores: dict[str, GoldScores] = {}
    raw_scores = reader.mapping("expected_scores") or {}
    for side in ("A", "B"):
        if side not in raw_scores:
            continue
        sub = reader.child(raw_scores[side], f"expected_scores.{side}")
        values = {k: sub.number(k, integer=True) for k in ("tc", "fa", "aip")}
        for key, value in values.items():
            if value is not None and not 1 <= value <= 5:
                sub.error(sub.path(key), "must be between 1 and 5", "")
        sub.extra()
        scores[side] = GoldScores(
            **{k: int(v) if v is not None else None for k, v in values.items()}
        )
    outcome, report_verdict = run_gold(reader)
    gold = Gold(
        expected_answer=reader.text("expected_answer"),
        expected_verdict=Verdict(verdict_text) if verdict_text else None,
        expected_scores=scores,
        attention_instruction=reader.text("attention_instruction"),
        expected_choice=reader.choice("expected_choice", CHOICES),
        expected_outcome=outcome,
        expected_report_verdict=report_verdict,
    )
    reader.extra()
    return gold
