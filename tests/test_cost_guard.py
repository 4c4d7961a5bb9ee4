"""The CI cost guard's verdict (benchmarks/cost_guard.py): a workload more than the
tolerance over its budget fails, one within it passes, a much cheaper one is pointed out;
and its workloads are real games the catalog can play."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

from athanor import catalog

ROOT = Path(__file__).resolve().parents[1]


def _guard() -> ModuleType:
    spec = importlib.util.spec_from_file_location("cost_guard", ROOT / "benchmarks/cost_guard.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_workload_over_its_budget_by_more_than_the_tolerance_fails() -> None:
    g = _guard()
    budget = {"a": 1_000_000, "b": 1_000_000, "c": 1_000_000}
    lines, failed = g.verdict(budget, {"a": 1_029_000, "b": 1_031_000, "c": 850_000}, 0.03)
    assert failed == ["b"]
    assert "DEARER" in next(line for line in lines if line.startswith("b "))
    assert "cheaper" in next(line for line in lines if line.startswith("c "))
    assert "DEARER" not in next(line for line in lines if line.startswith("a "))


def test_the_committed_budget_covers_every_workload_and_they_name_real_bots() -> None:
    g = _guard()
    budget = json.loads((ROOT / "benchmarks/cost_budget.json").read_text())
    assert set(budget["instructions"]) == set(g.WORKLOADS)
    assert all(entry["why"] for entry in budget["history"])
    for game, bots, options, n in g.WORKLOADS.values():
        spec = catalog.spec(game)
        spec.check_options(options, len(bots))
        assert n > 0
        for b in bots:
            catalog.bot_maker(game, b)
