"""What enabling and disabling do: the supervisor's switch (engine.supervisor).

Enabling reads Pepper's own state (she may rest, be docked or in safeguard: the parts
then wait, and the package never wakes Pepper itself) and starts a round
(engine.round), whose monitor suspends BackgroundMovement as it starts. Disabling stops
the round (each worker stops exactly its own running call), takes the groups home
smoothly (engine.homing, handed what each group's worker knew of its joints: a group
another app just set stays) and restores BackgroundMovement if we turned it off.
"""
from __future__ import absolute_import, division, print_function

import itertools

import numpy as np

from animate_behaviour.engine import homing
from animate_behaviour.engine import round as round_module
from animate_behaviour.planning import joints

# How long (s) disabling waits for the workers to stop; one stuck in a call that never
# returns (a dead connection) is then abandoned: it can send nothing more.
WORKER_STOP_TIMEOUT = 10.0
# How long (s of the engine's clock) enabling waits for every group to reach home before
# announcing "enabled" anyway.
READY_TIMEOUT = 30.0


class Switch(object):
    """Enables and disables the animation with ``parts`` (round.RoundParts: what every
    round shares) and ``awareness`` (awareness.Awareness), its rounds' workers drawing
    from generators of their own seeded by ``rng`` (a numpy.random.RandomState)."""

    def __init__(self, parts, awareness, rng):
        self._parts = parts
        self._awareness = awareness
        self._rng = rng
        self._clock = parts.runtime.clock
        self._log = parts.runtime.log
        self._round = None
        self._left = {}  # what the last round's groups knew of their joints (homing)
        self._rounds = itertools.count(1)

    def enable(self):
        """Only what the first call needs comes before the round starts: Pepper's own
        state (no call must go out while she rests, is docked or in safeguard). The
        round's monitor suspends BackgroundMovement as it starts, beside the first calls,
        and the people extractors are subscribed after that."""
        behaviour = self._parts.tunings.current().config.behaviour
        self._awareness.read_own_state()  # first: the parts follow it
        held = self._parts.senses.own_state.hold(joints.ANIMATED_JOINTS)
        if held is not None:
            self._log.info("animate behaviour enabled while Pepper is %s (%s): it moves "
                           "once that is over (the package never wakes Pepper up itself)"
                           % (held.state, held.reason))
        round_ = round_module.build(next(self._rounds), self._parts,
                                    joints.moves_base(behaviour), self._child_rng)
        self._round = round_
        round_.start()
        self._awareness.animating()
        start = self._clock.now()
        for worker in round_.workers:
            remaining = READY_TIMEOUT - self._clock.elapsed(start, self._clock.now())
            if not self._clock.wait(worker.ready, max(0.0, remaining)):
                self._log.warning("group %s has not reached home within %.0f s"
                                  % (worker.name, READY_TIMEOUT))
        self._log.info("animate behaviour enabled (%s)" % behaviour)

    def disable(self):
        for step in self._disabling():
            step()
        self._log.info("animate behaviour disabled; Pepper is back home")

    def recover(self):
        """Best effort after a failure: stop, go home and restore; log what fails."""
        for step in self._disabling():
            try:
                step()
            except Exception as err:  # noqa: keep restoring whatever still works
                self._log.error("while recovering: %s" % err)

    def _disabling(self):
        return (self._stop_round, self._go_home, self._parts.watch.keeper.restore,
                self._awareness.resting)

    def _child_rng(self):
        """A generator of its own for a worker (numpy's are not shared across threads)."""
        return np.random.RandomState(self._rng.randint(0, 2 ** 31 - 1))

    def _stop_round(self):
        round_, self._round = self._round, None
        if round_ is None:
            return
        stuck = round_.finish(WORKER_STOP_TIMEOUT)
        if stuck:
            self._log.error("%s did not stop within %.0f s; going on without (they can send "
                            "nothing more)" % (", ".join(stuck), WORKER_STOP_TIMEOUT))
        self._left = round_.left()
        self._parts.status.all_home()

    def _go_home(self):
        left, self._left = self._left, {}
        senses = self._parts.senses
        homing.go_home(self._parts.sender, self._parts.tunings.latest, senses.speaking,
                       senses.own_state, self._log, left)
