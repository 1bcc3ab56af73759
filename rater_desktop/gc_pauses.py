"""Shorter garbage-collection pauses for a long-running window.

CPython's cyclic collector runs on whichever thread allocates, so in the app that is
mostly the window's thread. A full (generation-2) pass walks every tracked object; after
start-up that includes everything the imports built (Qt wrappers, SQLAlchemy, the rule
tables: several hundred thousand objects), which made a full pass hold the window for
100-170 ms under load (``benchmarks/bench_ui_thread.py``). Those objects live until the
app quits, so walking them again finds nothing to free.

:func:`freeze_startup` moves them into the collector's permanent generation
(``gc.freeze``): later passes walk only what was created since. It deliberately does not
run ``gc.collect()`` first: that would be one more full pass on the window's thread, and
the few cycles start-up leaves behind are small and would be kept either way.
"""

from __future__ import annotations

import gc


def freeze_startup() -> int:
    """Exempt every object alive now from later collections; returns how many are frozen."""
    gc.freeze()
    return gc.get_freeze_count()
