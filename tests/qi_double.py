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


class Logger(object):
    """Records (level, message) pairs like qi.Logger would send them to NAOqi."""

    def __init__(self, category):
        self.category = category
        self.records = []

    def __getattr__(self, level):
        if level not in ("fatal", "error", "warning", "info", "verbose"):
            raise AttributeError(level)
        return lambda message: self.records.append((level, message))


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
    fake.Logger = Logger
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
