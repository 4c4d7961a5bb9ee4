"""The compiled build's Dominion draws (``_cdraws.c``); absent from a pure package."""

def shuffle(state: int, seq: list[str], /) -> int:
    """Shuffle ``seq`` in place as ``rules._py_shuffle`` does; return the new state."""

def below_down(state: int, n: int, k: int, /) -> tuple[list[int], int]:
    """``[below(n), below(n - 1), ..., below(n - k + 1)]`` and the state after them."""
