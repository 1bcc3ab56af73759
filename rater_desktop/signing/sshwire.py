"""The SSH wire encoding (RFC 4251 section 5) used by key blobs and SSHSIG."""

from __future__ import annotations

import struct


class WireFormatError(ValueError):
    """A blob does not follow the SSH wire encoding."""


def ssh_string(data: bytes | str) -> bytes:
    """``string``: a uint32 length followed by the bytes."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    return struct.pack(">I", len(raw)) + raw


def ssh_uint32(value: int) -> bytes:
    return struct.pack(">I", value)


class WireReader:
    """Reads fields from a blob front to back; every read checks the remaining length."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._pos = 0

    def read_bytes(self, count: int) -> bytes:
        if count < 0 or self._pos + count > len(self._data):
            raise WireFormatError("blob is truncated")
        chunk = self._data[self._pos : self._pos + count]
        self._pos += count
        return chunk

    def read_uint32(self) -> int:
        value: int = struct.unpack(">I", self.read_bytes(4))[0]
        return value

    def read_string(self) -> bytes:
        return self.read_bytes(self.read_uint32())

    def read_text(self) -> str:
        try:
            return self.read_string().decode("utf-8")
        except UnicodeDecodeError as exc:
            raise WireFormatError("text field is not UTF-8") from exc

    def expect_end(self) -> None:
        if self._pos != len(self._data):
            raise WireFormatError("unexpected trailing data in blob")
