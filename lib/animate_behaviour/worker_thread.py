"""The thread a round's worker (a joint group's or the base's) runs on."""
from __future__ import absolute_import, division, print_function

import threading


class WorkerThread(object):
    """A daemon thread running ``self._animate()``. A failure is logged at error level
    through ``self._log`` (a bug or a broken NAOqi must not stop a part silently), and
    ``self._finished()`` runs however it ends."""

    def __init__(self, name, what):
        self._what = what  # how the log names the worker
        self._thread = threading.Thread(target=self._run, name="animateBehaviour." + name)
        self._thread.daemon = True

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
