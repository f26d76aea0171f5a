"""Importing the repository's scripts (scripts/*.py) from tests: scripts/ is on sys.path
only while one loads. Left there, its modules would shadow packages of the same name for
every later test of the run (scripts/people.py and devtools/people, as
scripts/robot_check.py once did devtools/robot_check)."""
from __future__ import absolute_import, division, print_function

import importlib
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPTS = os.path.join(ROOT, "scripts")


def load(name):
    """The module of scripts/<name>.py."""
    sys.path.insert(0, SCRIPTS)
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(SCRIPTS)
