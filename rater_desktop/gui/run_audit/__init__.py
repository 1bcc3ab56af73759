"""The run audit protocol's window parts: the run page, the step panel, its binding and keys."""
