"""python -m athanor: the same as the athanor command."""

from athanor.cli.main import command

raise SystemExit(command())
