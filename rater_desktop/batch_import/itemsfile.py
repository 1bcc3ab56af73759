"""items.jsonl written a megabyte at a time by a second thread, with its size and CRC-32.

``zlib.crc32`` on a large buffer and ``write`` release the GIL, so the thread checksums
and writes one block while the import thread reads, checks and encodes the next lines:
on a machine with a second core the writing costs the import next to no time. The bytes
written are exactly the blocks handed over, in order (one thread writes them all).
"""

from __future__ import annotations

import queue
import threading
import zlib
from pathlib import Path
from typing import BinaryIO

_BLOCK_BYTES = 1 << 20
_QUEUED_BLOCKS = 4  # memory stays flat: at most this many blocks wait for the thread


class ItemsWriteError(OSError):
    """items.jsonl could not be written (disk full, no permission); the message says so."""


class ItemsFile:
    """Append-only writer of one file; ``close()`` returns (size, CRC-32) of what it wrote.

    An error of the writing thread is raised by the next ``add``/``close`` as an
    ItemsWriteError; ``discard()`` stops the thread and closes the file in every case.
    """

    def __init__(self, path: Path, *, threaded: bool = True) -> None:
        self.path = path
        self._file: BinaryIO = path.open("wb")
        self._pending: list[bytes] = []
        self._pending_bytes = 0
        self.size = 0
        self.crc32 = 0
        self._error: OSError | None = None
        self._queue: queue.Queue[bytes | None] = queue.Queue(_QUEUED_BLOCKS)
        self._thread: threading.Thread | None = None
        if threaded:
            self._thread = threading.Thread(target=self._drain, name="items.jsonl writer",
                                            daemon=True)  # fmt: skip
            self._thread.start()

    def add(self, line: bytes) -> None:
        """Append ``line``; every megabyte goes to the writing thread."""
        self._pending.append(line)
        self._pending_bytes += len(line)
        if self._pending_bytes >= _BLOCK_BYTES:
            self._hand_over()

    def _hand_over(self) -> None:
        block = b"".join(self._pending)
        self._pending.clear()
        self._pending_bytes = 0
        self._raise_error()
        if self._thread is None:
            self._write(block)
        elif block:
            self._queue.put(block)

    def _write(self, block: bytes) -> None:
        if self._error is not None:
            return  # after an error, later blocks are dropped; the import fails anyway
        try:
            self._file.write(block)
        except OSError as exc:
            self._error = exc
            return
        self.crc32 = zlib.crc32(block, self.crc32)
        self.size += len(block)

    def _drain(self) -> None:
        while (block := self._queue.get()) is not None:
            try:
                self._write(block)
            except Exception as exc:  # noqa: BLE001 - kept for the import thread to raise
                self._error = self._error or OSError(str(exc))

    def _raise_error(self) -> None:
        if self._error is not None:
            exc = self._error
            raise ItemsWriteError(f"Cannot write {self.path}: {exc.strerror or exc}") from exc

    def close(self) -> tuple[int, int]:
        """Write what is left, wait for the thread, close; (size, CRC-32) of the file."""
        self._hand_over()
        self._stop()
        try:
            self._file.close()
        except OSError as exc:  # a buffered byte that cannot be flushed
            self._error = self._error or exc
        self._raise_error()
        return self.size, self.crc32

    def _stop(self) -> None:
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join()
            self._thread = None

    def discard(self) -> None:
        """Stop the thread and close the file without writing what is pending."""
        self._pending.clear()
        self._stop()
        try:
            self._file.close()
        except OSError:
            pass  # the file is removed with its folder

    @property
    def closed(self) -> bool:
        return self._file.closed


__all__ = ["ItemsFile", "ItemsWriteError"]
