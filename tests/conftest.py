"""Shared test set-up: the package and the dev-side stand-ins on sys.path."""
from __future__ import absolute_import, division, print_function

import gc
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for path in (os.path.join(ROOT, "lib"), os.path.join(ROOT, "devtools")):
    if path not in sys.path:
        sys.path.insert(0, path)


def pytest_addoption(parser):
    parser.addoption("--simulator", action="store_true", default=False,
                     help="also run the qiBullet simulator tests (about 2 minutes)")
    parser.addoption("--moods", action="store_true", default=False,
                     help="also run the good-citizen tests at the mood corners the default "
                          "run leaves out (about a third longer)")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--simulator"):
        return
    skip = pytest.mark.skip(reason="qiBullet simulator test: run with --simulator")
    for item in items:
        if "simulator" in item.keywords:
            item.add_marker(skip)


def pytest_configure(config):
    config.addinivalue_line("markers", "simulator: needs qiBullet (run with --simulator)")
    # matplotlib 3.9 calls pyparsing names that pyparsing 3.2 deprecates: not ours.
    config.addinivalue_line("filterwarnings", "ignore:'\\w+' deprecated - use")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """After each test of a timed module, once pytest has dropped its fixtures, collect
    its garbage at once, while no libqi call runs. libqi-python (2.0.1 to 3.1.5, the
    latest) puts a weakref callback on each Python object it converts (a registered
    service, an object returned over qi) that frees whatever libqi then keeps under the
    C++ address that conversion used, and later conversions reuse that address: an
    object collected while a registerService converts its argument frees the argument
    under it (a segfault). The stand-ins live in reference cycles: left alone they die
    at the next automatic collection, often during the next test's registerService."""
    yield
    if hasattr(gc, "freeze") and "no_gc_pauses" in getattr(item, "fixturenames", ()):
        gc.collect()


@pytest.fixture(scope="module")
def no_gc_pauses():
    """Short garbage collections while a module whose tests time the robot on the wall
    clock runs. By then the test process holds every earlier test's objects (the
    simulator's, matplotlib's...), and one full collection of them stops every thread for
    over 0.1 s (119 ms measured), the stand-ins' robot clock running on: up to a robot
    second at the tests' time scales, seen as a late event or a call that ran long.
    Pepper's NAOqi process holds no test suite. Python 3 freezes what exists (collections then skip it); Python
    2.7 has no freeze, and disabling collection there hangs libqi 1.8.3 (a session's
    objects kept alive), so its lane runs as it is."""
    freeze = getattr(gc, "freeze", None)
    if freeze is None:
        yield
        return
    gc.collect()
    freeze()
    yield
    gc.unfreeze()
