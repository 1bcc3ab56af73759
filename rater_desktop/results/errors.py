"""Errors of gathering ratings for export, shared by every protocol's collector."""


class CollectError(Exception):
    """The batch, the store or a saved rating cannot be read for export."""
