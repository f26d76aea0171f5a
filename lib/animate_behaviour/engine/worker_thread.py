"""What a round's workers (a joint group's, the base's) share: the round's parts, a
life run on a thread of the round's scope, and holding still."""
from __future__ import absolute_import, division, print_function

from animate_behaviour.engine.disruptions import STOP

# A worker's role in the round's turn-taking between the legs and the base.
MOVES_ALONE = "moves alone"  # its calls never wait for the base
HOLDS_FOR_TURNS = "holds for turns"  # its calls and the base's turns never overlap
TURNS_BASE = "turns the base"


class WorkerThread(object):
    """A worker of ``round_`` (round.Round) drawing from ``rng``, run by the round on a
    thread of its scope (``run()``, on a thread named ``thread_name``) until the round
    stops. A failure is logged at error level (a bug or a broken NAOqi must not stop a
    part silently), and ``self._finished()`` runs however it ends. ``wake`` interrupts
    the worker's waits; ``ready`` is set once its part is home. Its calls go out through
    the round's sender."""

    def __init__(self, round_, rng, name, what):
        self._clock = round_.clock
        self.wake = self._clock.event()
        self.ready = self._clock.event()
        self._round = round_
        self._rng = rng
        self._sender = round_.sender
        self._log = round_.log
        self._what = what  # how the log names the worker
        self.thread_name = "animateBehaviour." + name

    @property
    def _config(self):
        """The configuration the round goes by now (a preset may replace it)."""
        return self._round.config

    def run(self):
        """The worker's life: ``self._animate()`` until the round stops."""
        try:
            self._animate()
        except Exception as err:  # noqa: logged, see the class docstring
            self._log.error("%s stopped: %s: %s" % (self._what, type(err).__name__, err))
        finally:
            self._finished()

    def _stopping(self):
        """STOP once the round stops (a look: disruptions.ROUND_STOP)."""
        return STOP if self._round.stop.is_set() else None

    def _hold(self, duration, known_disruption):
        """Hold still, sending nothing, for ``duration`` s; the joints are free meanwhile.
        Returns the disruption ``known_disruption()`` (asked each time the worker is
        woken: no round trip) gave, or None once the time is up."""
        start = self._clock.now()
        while True:
            self.wake.clear()
            disruption = known_disruption()
            if disruption is not None:
                return disruption
            remaining = duration - self._clock.elapsed(start, self._clock.now())
            if remaining <= 0:
                return None
            self._clock.wait(self.wake, remaining)
