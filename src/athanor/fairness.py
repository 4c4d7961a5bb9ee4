"""Provably fair chance: a table's seed is committed to before play and shown after.

The commitment is ``sha256("athanor-seed:" + seed + ":" + nonce)`` in hex, where the
nonce is a random hex string kept secret with the seed (so the seed cannot be found by
trying every 64-bit number). Anyone holding the finished game's record can check the
commitment and replay every shuffle and roll from the seed.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

from athanor.engine import SaveError


def commitment(seed: int, nonce: str) -> str:
    """The SHA-256 commitment to a seed, in hex."""
    return hashlib.sha256(f"athanor-seed:{seed}:{nonce}".encode()).hexdigest()


def check_record(seed: int, fairness: Any) -> str:
    """Check a record's ``fairness`` part against its seed; return the commitment."""
    if not isinstance(fairness, dict):
        raise SaveError("the record's 'fairness' part is damaged")
    nonce, promised = fairness.get("nonce"), fairness.get("commitment")
    if not isinstance(nonce, str) or not isinstance(promised, str) or len(nonce) > 200:
        raise SaveError("the record's 'fairness' part needs its 'nonce' and 'commitment'")
    if not hmac.compare_digest(commitment(seed, nonce), promised.lower()):
        raise SaveError(
            "the seed does not match the commitment shown at the start: the dice and "
            "shuffles of this record cannot be trusted"
        )
    return promised.lower()
