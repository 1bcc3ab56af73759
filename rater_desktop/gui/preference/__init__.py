"""The preference protocol's rating panel, binding and survey dialog (seed 001)."""
