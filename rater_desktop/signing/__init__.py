"""Signing: Ed25519 keys, OpenSSH SSHSIG signatures and allowed_signers rosters.

Nothing here is imported by the package itself: ``cryptography`` and ``keyring`` load only
when a submodule that needs them is imported (after the window's first paint).
"""

# The shortest passphrase accepted for a new encrypted key file or key backup, in the
# command line and in the window alike.
MIN_PASSPHRASE_LENGTH = 8
