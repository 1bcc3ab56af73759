"""SSH key fingerprints from a public key blob: hashlib only, so the QA report's roster
check (``qa_review.trust``) loads no cryptography."""

from __future__ import annotations

import base64
import hashlib


def fingerprint_of_blob(blob: bytes) -> str:
    """``SHA256:...`` exactly as ``ssh-keygen -l`` prints it (base64, no padding)."""
    digest = hashlib.sha256(blob).digest()
    return "SHA256:" + base64.b64encode(digest).decode("ascii").rstrip("=")
