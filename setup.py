"""The compiled build, made whenever it can be: ``pip install .`` (not ``-e``).

The engine's core and the Dominion rules (the modules below, the simulator's hot path) are
compiled to C extensions with mypyc, beside one hand-written C module (Dominion's shuffle),
when a C compiler and Python's headers are present;
mypyc ships with mypy, which the build backend (build_backend/athanor_backend.py) fetches for
the build only, and the installed package needs nothing at run time. Without a compiler, in an
editable install (``pip install -e``, which runs the sources), or if compiling fails, the
package is pure Python, which is the reference: the compiled build plays the same games
(benchmarks/NOTES.md: the fingerprint; .ci/compiled checks it). ``ATHANOR_COMPILE=0`` asks for
the pure package; ``ATHANOR_COMPILE=1`` insists on compiling and fails if it cannot.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "build_backend"))
from athanor_backend import compile_wanted

COMPILED = [
    "src/athanor/engine/agents.py",
    "src/athanor/engine/core.py",
    "src/athanor/games/dominion/alchemy.py",
    "src/athanor/games/dominion/cards.py",
    "src/athanor/games/dominion/frames.py",
    "src/athanor/games/dominion/kingdoms.py",
    "src/athanor/games/dominion/rules.py",
    "src/athanor/games/dominion/strategy.py",
]

# Hand-written C beside the mypyc modules: each has a pure-Python reference it must match.
HAND_WRITTEN = [
    Extension(
        "athanor.games.dominion._cdraws",  # rules._py_shuffle is the reference
        ["src/athanor/games/dominion/_cdraws.c"],
        extra_compile_args=["-O3"],
    ),
]

INSIST = os.environ.get("ATHANOR_COMPILE", "").strip() == "1"


def note(text: str) -> None:
    """A line in pip's build output (shown with -v, or when the build fails)."""
    print(f"athanor: {text}", file=sys.stderr)


class BuildExtOrPure(build_ext):
    """Builds the extensions; if that fails and compiling was not insisted on, drops them
    all (a half-compiled package would not import) and leaves the package pure Python."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:
            if INSIST:
                raise
            note(f"compiling failed ({str(exc)[:200]}); installing the pure-Python package instead")
            for ext in self.extensions:
                path = self.get_ext_fullpath(ext.name)
                if os.path.exists(path):
                    os.remove(path)
            self.extensions = []


def extensions() -> list[Any]:
    """The compiled modules, or none for a pure-Python package."""
    if "editable_wheel" in sys.argv or not compile_wanted():
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        if INSIST and "bdist_wheel" in sys.argv:
            raise SystemExit("ATHANOR_COMPILE=1, but the build has no mypy (mypyc)") from None
        return []  # asking what the build needs: the backend adds mypy
    try:
        return [*mypycify(COMPILED, opt_level="3"), *HAND_WRITTEN]
    except Exception as exc:  # mypyc refused the sources
        if INSIST:
            raise
        note(f"not compiling ({exc}); installing the pure-Python package")
        return []


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildExtOrPure})
