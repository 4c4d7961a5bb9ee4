"""Optional compiled build for analysts: ``ATHANOR_COMPILE=1 pip install .``

Without ``ATHANOR_COMPILE=1`` (the default) this file does nothing beyond pyproject.toml:
the package is pure Python, and that build is the reference. With it, the modules below
(the engine's core and the Dominion rules, the simulator's hot path) are compiled to C
extensions with mypyc, which ships with mypy; pip fetches mypy for the build only, and the
installed package needs nothing at run time. It needs a C compiler and Python's headers.
The compiled build plays the same games (benchmarks/NOTES.md: the fingerprint; the
test tests/test_compiled_build.py and .ci/compiled check it).
"""

from __future__ import annotations

import os

from setuptools import setup

COMPILED = [
    "src/athanor/engine/core.py",
    "src/athanor/games/dominion/alchemy.py",
    "src/athanor/games/dominion/cards.py",
    "src/athanor/games/dominion/frames.py",
    "src/athanor/games/dominion/kingdoms.py",
    "src/athanor/games/dominion/rules.py",
    "src/athanor/games/dominion/strategy.py",
]

# The mypy whose mypyc the compiled build was checked with (see benchmarks/NOTES.md).
MYPY = "mypy>=2.4,<3"

if os.environ.get("ATHANOR_COMPILE") != "1":
    setup()
else:
    try:
        from mypyc.build import mypycify
    except ImportError:
        # First pass of an isolated build (pip asks which build requirements to add):
        # setuptools reads setup_requires, pip installs mypy and runs this file again.
        setup(setup_requires=[MYPY])
    else:
        setup(
            setup_requires=[MYPY],
            ext_modules=mypycify(COMPILED, opt_level="3"),
        )
