"""Check a whole batch and list every problem found (``rater-desktop validate``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rater_desktop.batch.errors import BatchError, BatchProblem
from rater_desktop.batch.images import ImageProblem, decode_image
from rater_desktop.batch.learning import foreign_training_fields
from rater_desktop.batch.loader import Batch, open_batch
from rater_desktop.batch.model import Item


@dataclass
class ValidationReport:
    """Outcome of validating one batch."""

    path: str
    batch_id: str | None = None
    item_count: int = 0
    errors: list[BatchProblem] = field(default_factory=list)
    warnings: list[BatchProblem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors


# (rubric overrides) -> [(rule id, message)]; the rating core's ``Rubric.problems``, passed
# in so this package stays a leaf.
RubricCheck = Callable[[Any], list[tuple[str, str]]]


def validate_batch(
    path: str | Path, *, deep: bool = False, check_rubric: RubricCheck | None = None
) -> ValidationReport:
    """Validate the manifest, the index and every item; with ``deep`` decode every image.

    ``check_rubric`` checks the manifest's rubric overrides the way the window will.
    """
    report = ValidationReport(path=str(path))
    try:
        batch = open_batch(path)
    except BatchError as exc:
        report.errors.extend(exc.problems)  # index problems arrive all together
        return report
    with batch:
        report.batch_id = batch.batch_id
        report.item_count = len(batch)
        report.warnings.extend(batch.warnings)
        _check_instructions(batch, report)
        if check_rubric is not None:
            _check_rubric(batch, check_rubric, report)
        for entry in batch.index:
            problems = batch.check_item(entry.item_id)
            report.errors.extend(problems.errors)
            report.warnings.extend(problems.warnings)
            if not problems.errors:
                _check_training(batch, batch.item(entry.item_id), report)
            if deep and not problems.errors:
                _check_images(batch, batch.item(entry.item_id), report)
    return report


def _check_instructions(batch: Batch, report: ValidationReport) -> None:
    try:
        batch.instructions_markdown()
    except BatchError as exc:
        report.errors.extend(exc.problems)


def _check_rubric(batch: Batch, check: RubricCheck, report: ValidationReport) -> None:
    for rule_id, message in check(batch.manifest.rubric or None):
        report.errors.append(
            BatchProblem(
                code="bad-rubric",
                message=message,
                file="batch.json",
                field=f"rubric.{rule_id}" if rule_id else "rubric",
                hint="Fix the rubric override; the window would refuse it and use the defaults.",
            )
        )


def _check_training(batch: Batch, item: Item, report: ValidationReport) -> None:
    """A training key may only expect answers the batch's protocol asks for."""
    for name in foreign_training_fields(item.training, batch.manifest.protocol):
        report.errors.append(BatchProblem(
            code="bad-training", file=batch.manifest.items_file, item_id=item.id,
            field=f"training.expected.{name}",
            message=f"is not an answer of the {batch.manifest.protocol} protocol",
            hint="Expect only answers the rater gives in this batch's protocol."))


def _check_images(batch: Batch, item: Item, report: ValidationReport) -> None:
    paths: list[str] = []
    for response in item.responses:
        paths.extend(shot.path for shot in response.screenshots)
        paths.extend(step.screenshot for step in response.trajectory if step.screenshot)
    for name in dict.fromkeys(paths):
        try:
            decode_image(batch.read_bytes(name), max_side=64, name=name)
        except BatchError as exc:
            report.errors.extend(exc.problems)
        except ImageProblem as exc:
            report.errors.append(
                BatchProblem(
                    code="bad-image",
                    message=str(exc),
                    file=name,
                    item_id=item.id,
                    hint="Replace the image with a valid PNG, JPEG or WebP file.",
                )
            )


__all__ = ["ValidationReport", "validate_batch"]
