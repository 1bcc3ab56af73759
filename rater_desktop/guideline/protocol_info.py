"""What the registry knows of the guideline protocol before its parts load (a QA report
reads QA's minimum seconds per item from here, loading none of its rules)."""

from __future__ import annotations

from rater_desktop.batch.protocol import GUIDELINE
from rater_desktop.protocols import ProtocolInfo, register_info

# Seed 001 estimates 1 minute for a judgment that only reads and chooses (15 s the
# prompt, 30 s both responses, 15 s the decision); a guideline item does that and writes
# a case file before the responses and a justification for each of TC, FA and AIP per
# response and for the verdict. Completed in under twice that, it is worth a look.
GUIDELINE_FAST_ITEM_SECONDS = 120.0

INFO = register_info(ProtocolInfo(name=GUIDELINE, module="rater_desktop.guideline.protocol",
                                  fast_item_seconds=GUIDELINE_FAST_ITEM_SECONDS))
