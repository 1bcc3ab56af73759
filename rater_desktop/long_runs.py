"""Text with a very long run of characters and no space in it (hostile input).

Qt's default wrapping (at word boundaries, else anywhere) is slow on such a run: for each
line it first looks for a word boundary, then falls back. On 20,000 ``#`` a text box
relays out the run in 25-40 ms on every keystroke, against 4-5 ms when it may wrap
anywhere (``benchmarks/bench_ui_thread.py``). A run this long cannot wrap at a word
boundary anyway, so only the ordinary words around it lose their word wrapping.
"""

from __future__ import annotations

import re

LONG_RUN = 400  # characters without a space: no real word or address is this long
_LONG_RUN = re.compile(rf"\S{{{LONG_RUN}}}")


def has_long_run(text: str) -> bool:
    """Whether ``text`` holds a run of ``LONG_RUN`` or more characters without a space."""
    return _LONG_RUN.search(text) is not None
