"""A declared state machine's table: its rows (Transition), first that applies wins.

The engine's life (engine.supervisor.LIFE) and a part's stepping aside
(engine.recovery.TRANSITIONS) are each one such table; scripts/update_architecture.py
draws both into docs/architecture.md.
"""
from __future__ import absolute_import, division, print_function

import collections


class Transition(collections.namedtuple("Transition", "sources event guard target actions")):
    """From any of ``sources`` on ``event``, if ``guard(machine, *args)`` (None: always),
    go to ``target`` and run ``actions`` (each ``action(machine, *args)``); the machine
    that reads the table says in which order, and what ``args`` are."""


def applying(table, machine, state, event, *args):
    """The first row of ``table`` that applies to ``machine`` in ``state`` on ``event``,
    or None."""
    for row in table:
        if state in row.sources and row.event == event and (
                row.guard is None or row.guard(machine, *args)):
            return row
    return None
