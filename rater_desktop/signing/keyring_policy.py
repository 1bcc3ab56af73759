"""Which keyring backends may hold a signing key.

A backend is refused when it would keep the key readable by anyone who can read the
rater's files, or when it keeps nothing at all: the plain-file backends of
``keyrings.alt``, ``keyring``'s null and fail backends, and any backend ``keyring``
itself ranks as not recommended (priority below 1). A chainer is judged by the backends
it chains; only its secure ones are used. Nothing here calls the backend: judging is
cheap and never touches D-Bus or the disk.
"""

from __future__ import annotations

from typing import Any

# keyring.core treats a priority of 1 or more as "recommended"; below is a fallback.
RECOMMENDED_PRIORITY = 1.0

# (module prefix, class name or "" for any class of the module) known not to protect secrets.
_REFUSED_CLASSES: tuple[tuple[str, str], ...] = (
    ("keyring.backends.null", ""),
    ("keyring.backends.fail", ""),
    ("keyrings.alt.file", "PlaintextKeyring"),
    ("keyrings.alt.file", "EncryptedKeyring"),  # asks for its password on a terminal
    ("keyrings.alt.file_base", ""),
    ("keyrings.alt.Gnome", ""),
    ("keyrings.alt.pyfs", ""),
    ("keyrings.alt.multi", ""),
    ("keyrings.alt.Windows", "RegistryKeyring"),
)


def backend_name(backend: object) -> str:
    named = getattr(backend, "backend_name", None)  # a stand-in names what it stands for
    if isinstance(named, str):
        return named
    return type(backend).__module__ + "." + type(backend).__qualname__


def _refused_class(backend: object) -> bool:
    for klass in type(backend).__mro__:
        for module, name in _REFUSED_CLASSES:
            if klass.__module__.startswith(module) and (not name or klass.__name__ == name):
                return True
    return False


def _priority(backend: object) -> float | None:
    """keyring's own ranking; None when the backend does not state one (plain objects)."""
    try:
        value = getattr(backend, "priority", None)
    except Exception:  # noqa: BLE001 - keyring backends raise to say "not usable here"
        return float("-inf")
    return float(value) if isinstance(value, int | float) else None


def is_chainer(backend: object) -> bool:
    return type(backend).__module__.startswith("keyring.backends.chainer")


def chained_backends(backend: object) -> list[Any]:
    try:
        return list(getattr(backend, "backends", []) or [])
    except Exception:  # noqa: BLE001 - a broken chainer chains nothing usable
        return []


def insecure_reason(backend: object) -> str | None:
    """None when ``backend`` may keep a signing key, else why not (for messages)."""
    unusable = getattr(backend, "unusable_reason", None)  # a backend that could not load
    if isinstance(unusable, str):
        return unusable
    held = getattr(backend, "secure", None)  # a secure backend taking over legacy keys
    if held is not None and held is not backend:
        return insecure_reason(held)
    if is_chainer(backend):
        if not any(insecure_reason(b) is None for b in chained_backends(backend)):
            return "it chains only backends that keep secrets unprotected or not at all"
        return None
    if _refused_class(backend):
        return "it keeps secrets in a plain file, or not at all"
    priority = _priority(backend)
    if priority is not None and priority < RECOMMENDED_PRIORITY:
        return "the keyring library itself marks it as not suitable for secrets"
    return None


def legacy_backends(backend: Any) -> list[Any]:
    """Of a chainer, the backends that must not hold keys but may hold one from before a
    secure backend was installed (a plain file of ``keyrings.alt``)."""
    if not is_chainer(backend):
        return []
    return [b for b in chained_backends(backend) if insecure_reason(b) is not None]


def secure_backend(backend: Any) -> Any:
    """``backend``, or for a chainer its best secure chained backend (so that a locked
    system keyring never lets the key fall through to a plain file further down)."""
    if not is_chainer(backend):
        return backend
    secure = [b for b in chained_backends(backend) if insecure_reason(b) is None]
    if not secure:
        return backend
    return max(secure, key=lambda b: _priority(b) or 0.0)
