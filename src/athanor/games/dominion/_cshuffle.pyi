"""The compiled build's Dominion shuffle (``_cshuffle.c``); absent from a pure package."""

def shuffle(state: int, seq: list[str], /) -> int:
    """Shuffle ``seq`` in place as ``rules._py_shuffle`` does; return the new state."""
