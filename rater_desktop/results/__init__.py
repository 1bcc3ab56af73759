"""Signed results: the results document, its export next to an SSHSIG signature, and
verification. Submodules import ``cryptography`` only where they sign or verify."""
