"""``mypyc_attr`` for the engine's classes, with or without mypy_extensions installed.

mypyc (the optional compiled build, see setup.py) reads the decorator; the pure-Python
package takes no dependency, so without mypy_extensions the decorator does nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from _typeshed import IdentityFunction

try:
    from mypy_extensions import mypyc_attr as mypyc_attr
except ImportError:  # the pure-Python package without mypy installed

    def mypyc_attr(*attrs: str, **kwattrs: object) -> IdentityFunction:
        """Do nothing: return the class unchanged."""
        return lambda cls: cls
