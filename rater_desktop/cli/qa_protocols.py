"""The protocol seam of ``rater-desktop qa report``: results of mixed protocols are
refused; a protocol with its own report (``RatingProtocol.qa_report``) writes it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

EXIT_OK, EXIT_NO_VALID, EXIT_MIXED = 0, 1, 2


def protocol_report(args: argparse.Namespace, batch: Any, roster: Any, *,
                    report_format: str) -> int | None:  # fmt: skip
    """Handle the report when protocols are mixed or the batch's protocol has its own
    report; None lets the guideline report run. ``report_format`` is the guideline report's
    choice (from --format or the file name), so all protocols name formats alike."""
    from rater_desktop import protocols
    from rater_desktop.protocols.mixed import (
        MixedProtocolError,
        check_one_protocol,
        declared_protocol,
    )

    named = [(str(p), {"protocol": proto}) for p in args.results
             if (proto := declared_protocol(Path(p))) is not None]
    try:
        check_one_protocol(named)
        protocol = protocols.of_batch(batch)
    except (MixedProtocolError, protocols.ProtocolError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_MIXED
    foreign = sorted({doc["protocol"] for _, doc in named} - {protocol.name})
    if foreign:
        print(f"error: these results are {foreign[0]} results but the batch {args.batch} "
              f"uses the {protocol.name} protocol; give the batch they were rated on.",
              file=sys.stderr)
        return EXIT_MIXED
    if protocol.qa_report is None:
        return None
    return protocol.qa_report(args, batch, roster, report_format)
