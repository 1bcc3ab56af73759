"""What the registry knows of the run audit protocol before its parts load (QA's minimum
seconds per item: the registry's default)."""

from __future__ import annotations

from rater_desktop.batch.protocol import RUN_AUDIT
from rater_desktop.protocols import ProtocolInfo, register_info

INFO = register_info(ProtocolInfo(name=RUN_AUDIT, module="rater_desktop.run_audit.protocol"))
