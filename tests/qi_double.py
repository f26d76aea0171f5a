"""In-process doubles of libqi's Session and Logger, for tests that run the box and the
service without a live qi session (both lanes have the real ``qi`` for those with one)."""
from __future__ import absolute_import, division, print_function

import itertools
import types


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
    """A module object to pass as ``qi_module`` (logs.make_logger): its Logger records."""
    fake = types.ModuleType("qi")
    fake.Logger = Logger
    return fake
