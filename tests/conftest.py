"""Shared test set-up: the package and the dev-side stand-ins on sys.path."""
from __future__ import absolute_import, division, print_function

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for path in (os.path.join(ROOT, "lib"), os.path.join(ROOT, "devtools")):
    if path not in sys.path:
        sys.path.insert(0, path)
