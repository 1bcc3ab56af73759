"""Size limits for batches (documented in docs/batch-format.md, section Limits)."""

from __future__ import annotations

from dataclasses import dataclass

KIB = 1024
MIB = 1024 * KIB
GIB = 1024 * MIB


@dataclass(frozen=True)
class BatchLimits:
    """Everything a hostile batch could try to exhaust, with a ceiling."""

    max_zip_entries: int = 200_000
    max_total_uncompressed: int = 16 * GIB
    max_manifest_bytes: int = 1 * MIB
    max_instructions_bytes: int = 1 * MIB
    max_items_file_bytes: int = 2 * GIB
    max_item_line_bytes: int = 8 * MIB
    max_items: int = 100_000
    max_image_bytes: int = 64 * MIB
    max_compression_ratio: int = 250
    ratio_check_min_bytes: int = 1 * MIB
    max_image_pixels: int = 64_000_000
    max_image_side: int = 20_000
    max_screenshots_per_response: int = 500
    max_trajectory_steps: int = 1_000
    # Any text within these displays and is checked in well under a second (measured by
    # benchmarks/bench_adversarial_text.py); longer batch texts are refused.
    max_prompt_chars: int = 20_000
    max_context_chars: int = 20_000
    max_response_chars: int = 20_000
    max_short_text_chars: int = 20_000
    max_path_chars: int = 1_024


DEFAULT_LIMITS = BatchLimits()
