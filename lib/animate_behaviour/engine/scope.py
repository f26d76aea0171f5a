"""A round's threads, owned in one scope (as a trio nursery owns its tasks): started in
it, stopped together by one signal, and waited for with one deadline. Nothing else
starts or joins them.

The stop signal is the scope's own and never reused: a thread abandoned in a call that
never returned (a dead connection) finds it set when the call finally returns, and
sends nothing more.
"""
from __future__ import absolute_import, division, print_function

from animate_behaviour.foundation.clock import monotonic


class Scope(object):
    """Threads of ``clock``'s; ``stop`` (an event of the clock's) is set by ``close``."""

    def __init__(self, clock):
        self._clock = clock
        self.stop = clock.event()
        self._threads = []  # (name, thread, wake)

    def spawn(self, name, run, wake):
        """Run ``run()`` on a thread named ``name`` from now until it returns;
        ``wake()`` interrupts its waits, so that it sees ``stop``."""
        thread = self._clock.thread(run, name)
        self._threads.append((name, thread, wake))
        thread.start()

    def close(self, timeout):
        """Set ``stop``, wake every thread, and wait up to ``timeout`` wall seconds for
        them all; returns the names of those still running."""
        self.stop.set()
        for _name, _thread, wake in self._threads:
            wake()
        deadline = monotonic() + timeout
        return [name for name, thread, _wake in self._threads
                if not thread.join(max(0.0, deadline - monotonic()))]
