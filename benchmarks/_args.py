"""Command-line helpers shared by the benchmark scripts."""

from __future__ import annotations

import argparse


def positive(text: str) -> int:
    """A whole number of at least 1 (argparse turns the error into a usage message)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"needs at least 1, not {n}")
    return n


def non_negative(text: str) -> int:
    """A whole number of at least 0."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 0:
        raise argparse.ArgumentTypeError(f"needs at least 0, not {n}")
    return n
