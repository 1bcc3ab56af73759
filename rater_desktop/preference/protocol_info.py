"""What the registry knows of the preference protocol before its parts load (a QA report
reads QA's minimum seconds per item from here, loading none of its rules)."""

from __future__ import annotations

from rater_desktop.batch.protocol import PREFERENCE
from rater_desktop.protocols import ProtocolInfo, register_info

# QA flags a judgment completed faster than this (issue 24): seed 001 estimates 1 minute
# a judgment, 30 s of it reading both responses; a third of the estimate leaves less
# than that reading time. A flag for review, not a verdict.
PREFERENCE_FAST_ITEM_SECONDS = 20.0

INFO = register_info(ProtocolInfo(name=PREFERENCE, module="rater_desktop.preference.protocol",
                                  fast_item_seconds=PREFERENCE_FAST_ITEM_SECONDS))
