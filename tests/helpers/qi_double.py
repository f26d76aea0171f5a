"""In-process doubles of libqi's Session and ``qi.logging``, for tests that run the box and
the service without a live qi session (both lanes have the real ``qi`` for those with
one)."""
from __future__ import absolute_import, division, print_function

import itertools
import types


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
    """A module object to pass as ``qi_module`` (logs.make_logger): its ``logging``
    records each line."""
    fake = types.ModuleType("qi")
    fake.logging = Logging()
    return fake
