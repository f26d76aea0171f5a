"""The part of libqi's Python API our modules use at import and call time, for the
Python 2.7 lane where the qi wheel cannot load. Python 3 tests use the real ``qi``."""
from __future__ import absolute_import, division, print_function

import itertools
import sys
import types


class Signal(object):
    """A qi.Signal declared on a class: each instance gets its own emitter."""

    def __init__(self, signature):
        self.signature = signature
        self._links = {}
        self._ids = itertools.count(1)

    def __get__(self, instance, owner):
        if instance is None:
            return self
        bound = instance.__dict__.get("_signal_%d" % id(self))
        if bound is None:
            bound = Signal(self.signature)
            instance.__dict__["_signal_%d" % id(self)] = bound
        return bound

    def __call__(self, *args):
        for callback in list(self._links.values()):
            callback(*args)

    def connect(self, callback):
        link = next(self._ids)
        self._links[link] = callback
        return link

    def disconnect(self, link):
        return self._links.pop(link, None) is not None


def bind(returnType=None, paramsType=None, methodName=None):
    def decorate(function):
        function.__qi_signature__ = (returnType, paramsType, methodName or function.__name__)
        return function
    return decorate


def nobind(function):
    return function


class Logging(object):
    """Stands in for ``qi.logging``: qi 1.8.3's level constants, and ``pylog`` recording
    each call as (level name, category, message, file, function, line) in ``calls``.
    Like qi 1.8.3's pylog (four std::string parameters), it refuses text that is not
    ``str`` (Python 2's unicode)."""

    SILENT, FATAL, ERROR, WARNING, INFO, VERBOSE, DEBUG = range(7)
    NAMES = ("silent", "fatal", "error", "warning", "info", "verbose", "debug")

    def __init__(self):
        self.calls = []

    def pylog(self, level, category, message, file_name, function, line):
        for text in (category, message, file_name, function):
            if not isinstance(text, str):
                raise TypeError("pylog takes (int, str, str, str, str, int), got %r for a str"
                                % (text,))
        self.calls.append((self.NAMES[level], category, message, file_name, function, line))

    def records(self):
        """(level name, message) of each call."""
        return [(call[0], call[2]) for call in self.calls]


class Session(object):
    """An in-process session: services by name, registration with ids like libqi's."""

    def __init__(self, services):
        self.services_by_name = dict(services)
        self.registered = {}
        self._ids = itertools.count(10)

    def service(self, name):
        if name not in self.services_by_name:
            raise RuntimeError("Cannot find service '%s' in index" % name)
        return self.services_by_name[name]

    def registerService(self, name, obj):
        if name in self.services_by_name:
            raise RuntimeError("Service \"%s\" is already registered." % name)
        service_id = next(self._ids)
        self.services_by_name[name] = obj
        self.registered[service_id] = name
        return service_id

    def unregisterService(self, service_id):
        name = self.registered.pop(service_id)
        del self.services_by_name[name]


def module():
    """A module object usable as ``qi`` (install it in sys.modules as "qi")."""
    fake = types.ModuleType("qi")
    fake.IS_TEST_DOUBLE = True
    fake.Signal = Signal
    fake.bind = bind
    fake.nobind = nobind
    fake.logging = Logging()
    fake.Session = Session
    for name in ("Int32", "String", "Bool", "Float", "Void"):
        setattr(fake, name, name)
    fake.List = lambda element: ("List", element)
    return fake


def install():
    """Use the real qi when it loads, else this double; returns the module."""
    try:
        import qi
        return qi
    except ImportError:
        fake = module()
        sys.modules["qi"] = fake
        return fake


def real_qi_or_skip():
    """The real libqi bindings; skips the calling test module where only the double loads."""
    import pytest
    qi = pytest.importorskip("qi")
    if getattr(qi, "IS_TEST_DOUBLE", False):
        pytest.skip("libqi's Python bindings do not load here (the Python 2.7 lane)",
                    allow_module_level=True)
    return qi
