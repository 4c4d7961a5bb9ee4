"""The package's build backend: setuptools', plus mypy for a build that compiles.

A wheel is compiled with mypyc when ``setup.py`` says it will be (``compile_wanted``): by
default whenever a C compiler and Python's headers are present, never for an editable
install. Only then does the build need mypy (whose mypyc compiles), so only then is it asked
for; an editable or pure build needs setuptools alone.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403 - every hook not redefined below

# The mypy whose mypyc the compiled build was checked with (see benchmarks/NOTES.md).
MYPY = "mypy>=2.4,<3"


def compiler_present() -> bool:
    """Whether this Python's C compiler and headers are there to build extensions."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()
    headers = os.path.join(sysconfig.get_paths()["include"], "Python.h")
    return bool(cc) and shutil.which(cc[0]) is not None and os.path.exists(headers)


def compile_wanted() -> bool:
    """ATHANOR_COMPILE=1: compile; =0: pure Python; unset: compile if a compiler is there."""
    mode = os.environ.get("ATHANOR_COMPILE", "").strip()
    if mode in ("0", "1"):
        return mode == "1"
    if mode:
        raise SystemExit(f"ATHANOR_COMPILE is 0 (pure Python) or 1 (compiled), not {mode!r}")
    return compiler_present() and not sys.platform.startswith("win")


def get_requires_for_build_wheel(config_settings: Any = None) -> list[str]:
    """setuptools' requirements, and mypy when the wheel will be compiled."""
    wanted = list(_setuptools.get_requires_for_build_wheel(config_settings))
    return [*wanted, MYPY] if compile_wanted() else wanted


def get_requires_for_build_editable(config_settings: Any = None) -> list[str]:
    """An editable install runs the sources themselves: never compiled, no mypy."""
    return list(_setuptools.get_requires_for_build_wheel(config_settings))
