"""What a round's workers (a joint group's, the base's) share: the round's parts and a
thread."""
from __future__ import absolute_import, division, print_function

import threading


class WorkerThread(object):
    """A worker of ``round_`` (the engine's Round) drawing from ``rng``, on a daemon
    thread running ``self._animate()``. A failure is logged at error level (a bug or a
    broken NAOqi must not stop a part silently), and ``self._finished()`` runs however
    it ends. ``wake`` interrupts the worker's waits; ``ready`` is set once its part is
    home."""

    def __init__(self, round_, rng, name, what):
        self.wake = threading.Event()
        self.ready = threading.Event()
        self._round = round_
        self._rng = rng
        self._motion = round_.motion
        self._clock = round_.clock
        self._log = round_.log
        self._what = what  # how the log names the worker
        self._thread = threading.Thread(target=self._run, name="animateBehaviour." + name)
        self._thread.daemon = True

    @property
    def _config(self):
        """The configuration the round goes by now (a preset may replace it)."""
        return self._round.config

    def _wait(self, seconds):
        """Sleep ``seconds`` of clock time or until woken; clears the wake-up first."""
        self.wake.clear()
        self._clock.wait(self.wake, seconds)

    def start(self):
        self._thread.start()

    def join(self, timeout):
        """Whether the thread ended within ``timeout`` seconds."""
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def _run(self):
        try:
            self._animate()
        except Exception as err:  # noqa: logged, see the class docstring
            self._log.error("%s stopped: %s: %s" % (self._what, type(err).__name__, err))
        finally:
            self._finished()
