"""Reading a file a user names, which may be anything: a size limit checked before the file is
read (and again while reading, for a pipe or a device with no size), and a clear error."""

from __future__ import annotations

import os

from athanor.engine.core import ConfigError

MAX_FILE_BYTES = 16 * 1024 * 1024


def read_bounded(
    path: str,
    what: str = "file",
    limit: int = MAX_FILE_BYTES,
    error: type[Exception] = ConfigError,
) -> bytes:
    """The bytes of a file of at most ``limit`` bytes; anything else raises ``error`` with a
    message naming the file (``what`` says what it was meant to be)."""
    path = os.path.expanduser(path)
    try:
        with open(path, "rb") as fh:
            size = os.fstat(fh.fileno()).st_size
            if size > limit:
                raise error(f"{path} is {size:,} bytes; a {what} may be at most {limit:,}")
            data = fh.read(limit + 1)
    except OSError as exc:
        raise error(f"cannot read the {what} {path}: {exc.strerror or exc}") from None
    if len(data) > limit:  # a pipe or special file has no size to check first
        raise error(f"{path} is larger than {limit:,} bytes, the most a {what} may be")
    return data
