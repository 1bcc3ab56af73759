"""Which protocol a set of results files is in, before any is imported (no Qt, no
registry): ``qa report`` and the QA window refuse a set that mixes protocols, or whose
protocol is not the opened batch's, naming each file's protocol."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

DEFAULT = "guideline"  # a results document without ``protocol`` (format 1.0)
MAX_DECLARED_BYTES = 256 * 1024 * 1024


class MixedProtocolError(ValueError):
    """Results of different protocols were given together."""


def protocol_of(document: Mapping[str, Any]) -> str:
    """A results document's protocol; documents without ``protocol`` are guideline ones."""
    value = document.get("protocol", DEFAULT)
    return value if isinstance(value, str) else DEFAULT


def check_one_protocol(named: Sequence[tuple[str, Mapping[str, Any]]]) -> str:
    """The one protocol of all documents; MixedProtocolError names each file's protocol."""
    protocols = {name: protocol_of(doc) for name, doc in named}
    kinds = sorted(set(protocols.values()))
    if len(kinds) > 1:
        listing = ", ".join(f"{name} ({kind})" for name, kind in protocols.items())
        raise MixedProtocolError(
            f"The results come from different rating protocols ({' and '.join(kinds)}): "
            f"{listing}. Agreement and scores only compare like with like; report on the "
            "files of one protocol at a time.")
    return kinds[0] if kinds else DEFAULT


def declared_protocol(path: Path) -> str | None:
    """The protocol a results file names (unverified: only to refuse mixed sets early);
    None when the file cannot be read as a JSON object (verification says why)."""
    try:
        if path.stat().st_size > MAX_DECLARED_BYTES:
            return None
        document = json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(document, dict):
        return None
    value = document.get("protocol", DEFAULT)
    return value if isinstance(value, str) else None


def protocol_problem(paths: Sequence[Path], *, batch_protocol: str) -> str | None:
    """Why these files cannot be reviewed together on a batch of ``batch_protocol``
    (files of two protocols, or of another protocol than the batch); None when they can."""
    named = [(p.name, {"protocol": proto}) for p in paths
             if (proto := declared_protocol(p)) is not None]
    try:
        found = check_one_protocol(named)
    except MixedProtocolError as exc:
        by_protocol: dict[str, list[str]] = {}
        for name, doc in named:
            by_protocol.setdefault(str(doc["protocol"]), []).append(name)
        listing = "\n".join(f"{kind}: {', '.join(names)}"
                            for kind, names in sorted(by_protocol.items()))
        return f"{exc}\n\n{listing}\n\nNothing was imported."
    if named and found != batch_protocol:
        return (f"These results are {found} judgments, but the opened batch uses the "
                f"{batch_protocol} protocol: {', '.join(n for n, _ in named)}. Open the "
                "batch they were rated on. Nothing was imported.")
    return None
