"""What a command does at its start. The command line's help is as wide as the terminal
says (COLUMNS, else the terminal, else 80 columns), as argparse makes it, but found without
importing shutil: argparse makes a help formatter for every argument added, so every
command's start would pay for it. A simulation imports no module it does not use."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


def _widest_help_line(columns: str | None) -> int:
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    if columns is not None:
        env["COLUMNS"] = columns
    out = subprocess.run(
        [sys.executable, "-m", "athanor", "sim", "--help"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    ).stdout
    return max(len(line) for line in out.splitlines())


@pytest.mark.parametrize("columns", [50, 120])
def test_help_is_as_wide_as_columns_says(columns: int) -> None:
    assert columns - 8 <= _widest_help_line(str(columns)) <= columns - 2


def test_without_columns_or_a_terminal_help_is_80_wide() -> None:
    assert 72 <= _widest_help_line(None) <= 78


def test_a_dominion_simulation_starts_without_modules_it_does_not_use() -> None:
    """shutil (argparse's width), json, csv and signal (an --out folder, a CSV file, worker
    processes) are imported only where they are used."""
    code = (
        "import sys\n"
        "from athanor.cli.main import main\n"
        "try:\n"
        "    main(['sim', 'dominion', '--games', '1', '--quiet', '--jobs', '1'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print([m for m in ('shutil', 'json', 'csv', 'signal') if m in sys.modules])\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip().splitlines()[-1] == "[]"
