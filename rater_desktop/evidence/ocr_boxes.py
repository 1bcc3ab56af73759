"""Text boxes from the detector's probability map, with numpy alone (no OpenCV).

Screenshots hold horizontal text, so a text region is the bounding box of one connected
blob of the thresholded map, grown the way the detector was trained to expect
(DB's "unclip": the shrunk text kernel is pushed out by area * ratio / perimeter).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

THRESHOLD = 0.3
BOX_THRESHOLD = 0.5
UNCLIP_RATIO = 1.6
MAX_BOXES = 1000


@dataclass(frozen=True)
class TextBox:
    """A detected text region in the detector map's pixels (end-exclusive)."""

    left: float
    top: float
    right: float
    bottom: float
    score: float


def _runs(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each row's runs of True as (row, start, end) arrays, row-major."""
    height, width = mask.shape
    padded = np.zeros((height, width + 2), dtype=np.int8)
    padded[:, 1:-1] = mask
    edges = np.diff(padded, axis=1)
    rows, cols = np.nonzero(edges)
    values = edges[rows, cols]
    starts = values == 1
    return rows[starts], cols[starts], cols[values == -1]


def _find(parent: list[int], node: int) -> int:
    while parent[node] != node:
        parent[node] = parent[parent[node]]
        node = parent[node]
    return node


def _label_runs(rows: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> list[int]:
    """The component of each run: runs of adjacent rows that touch (8-connected) join."""
    count = len(rows)
    parent = list(range(count))
    row_list, start_list, end_list = rows.tolist(), starts.tolist(), ends.tolist()
    first_of_row: dict[int, int] = {}
    for index, row in enumerate(row_list):
        first_of_row.setdefault(row, index)
    for index in range(count):
        above = first_of_row.get(row_list[index] - 1)
        if above is None:
            continue
        probe = above
        while probe < count and row_list[probe] == row_list[index] - 1:
            if start_list[probe] <= end_list[index] and start_list[index] <= end_list[probe]:
                a, b = _find(parent, probe), _find(parent, index)
                if a != b:
                    parent[b] = a
            probe += 1
    return [_find(parent, i) for i in range(count)]


def text_boxes(prob: np.ndarray) -> list[TextBox]:
    """Text regions of a (height, width) probability map, top to bottom, left to right."""
    mask = prob > THRESHOLD
    # The detector's kernels are thin; a one-pixel dilation (as DB's post-processing does)
    # keeps a line of text in one piece.
    mask[:, 1:] |= mask[:, :-1].copy()
    mask[1:, :] |= mask[:-1, :].copy()
    rows, starts, ends = _runs(mask)
    if len(rows) == 0:
        return []
    labels = np.asarray(_label_runs(rows, starts, ends))
    order = np.argsort(labels, kind="stable")
    boundaries = np.flatnonzero(np.diff(labels[order])) + 1
    boxes: list[TextBox] = []
    for group in np.split(order, boundaries)[: MAX_BOXES * 4]:
        box = _box_of(prob, rows[group], starts[group], ends[group])
        if box is not None:
            boxes.append(box)
    boxes.sort(key=lambda b: (round(b.top / 4), b.left))
    return boxes[:MAX_BOXES]


def _box_of(
    prob: np.ndarray, rows: np.ndarray, starts: np.ndarray, ends: np.ndarray
) -> TextBox | None:
    top, bottom = int(rows.min()), int(rows.max()) + 1
    left, right = int(starts.min()), int(ends.max())
    width, height = right - left, bottom - top
    if min(width, height) < 3:
        return None
    patch = prob[top:bottom, left:right]
    kernel = float(patch[patch > THRESHOLD].mean()) if (patch > THRESHOLD).any() else 0.0
    if kernel < BOX_THRESHOLD:
        return None
    grow = width * height * UNCLIP_RATIO / (2.0 * (width + height))
    return TextBox(left - grow, top - grow, right + grow, bottom + grow, kernel)
