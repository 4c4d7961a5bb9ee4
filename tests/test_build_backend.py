"""The build backend asks for mypy only for a build that compiles (build_backend/)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def backend() -> ModuleType:
    pytest.importorskip("setuptools")
    spec = importlib.util.spec_from_file_location(
        "athanor_backend", ROOT / "build_backend" / "athanor_backend.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("mode", "compiler", "wanted"),
    [
        ("0", True, False),
        ("1", False, True),
        ("", True, True),
        ("", False, False),
    ],
)
def test_the_variable_or_the_compiler_decides(
    monkeypatch: pytest.MonkeyPatch, mode: str, compiler: bool, wanted: bool
) -> None:
    b = backend()
    monkeypatch.setenv("ATHANOR_COMPILE", mode)
    monkeypatch.setattr(b, "compiler_present", lambda: compiler)
    if sys.platform.startswith("win") and not mode:
        wanted = False
    assert b.compile_wanted() is wanted


def test_mypy_is_asked_for_a_compiled_wheel_only(monkeypatch: pytest.MonkeyPatch) -> None:
    b = backend()
    monkeypatch.setattr(b._setuptools, "get_requires_for_build_wheel", lambda cs=None: [])
    monkeypatch.setenv("ATHANOR_COMPILE", "1")
    assert b.get_requires_for_build_wheel() == [b.MYPY]
    assert b.get_requires_for_build_editable() == []  # an editable install runs the sources
    monkeypatch.setenv("ATHANOR_COMPILE", "0")
    assert b.get_requires_for_build_wheel() == []


def test_a_wrong_setting_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    b = backend()
    monkeypatch.setenv("ATHANOR_COMPILE", "yes")
    with pytest.raises(SystemExit, match=r"ATHANOR_COMPILE is 0 .* or 1 .*, not 'yes'"):
        b.compile_wanted()
