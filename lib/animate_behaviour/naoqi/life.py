"""ALAutonomousLife's BackgroundMovement: suspended while the animation runs (its breathing
would fight our motions) and restored, once, if this package turned it off, unless
Autonomous Life is disabled or in safeguard by then.

Autonomous Life resets every autonomous ability each time it enters a state or reinforces
the current one (whenever any activity starts or stops), so ``keep_suspended`` runs again
after every ``AutonomousLife/State`` event and every few seconds while enabled. Only the
ability's enabled flag is touched; Autonomous Life itself is never disabled.
"""
from __future__ import absolute_import, division, print_function

import threading

from animate_behaviour.expression.own_state_signs import LIFE_STATE

BACKGROUND_MOVEMENT = "BackgroundMovement"
STATE_KEY = LIFE_STATE.key
# Robot s between two checks that BackgroundMovement is still off, with no State event.
LIFE_PERIOD = 10.0
# Autonomous Life's states in which BackgroundMovement must stay off (nothing autonomous
# moves Pepper there).
STILL_STATES = ("disabled", "safeguard")


class BackgroundMovementKeeper(object):
    """``life`` is an ALAutonomousLife proxy, or None where the robot has none."""

    def __init__(self, life, log):
        self._life = life
        self._log = log
        self._lock = threading.Lock()
        self._changed = False
        self._failing = False

    def keep_suspended(self):
        """Turn BackgroundMovement off if it is on."""
        if self._life is None:
            return
        with self._lock:
            try:
                if not self._life.getAutonomousAbilityEnabled(BACKGROUND_MOVEMENT):
                    self._failing = False
                    return
                self._life.setAutonomousAbilityEnabled(BACKGROUND_MOVEMENT, False)
            except RuntimeError as err:
                if not self._failing:  # once per failing streak: this runs every few seconds
                    self._log.error("cannot suspend ALAutonomousLife's %s: %s"
                                    % (BACKGROUND_MOVEMENT, err))
                self._failing = True
                return
            self._failing = False
            if self._changed:
                self._log.warning("Autonomous Life turned %s back on; suspended it again"
                                  % BACKGROUND_MOVEMENT)
            else:
                self._log.info("suspended ALAutonomousLife's %s" % BACKGROUND_MOVEMENT)
            self._changed = True

    def restore(self):
        """Turn BackgroundMovement back on if this keeper turned it off, unless Autonomous
        Life is disabled or in safeguard; raises RuntimeError if ALAutonomousLife refuses
        or its state cannot be read (the keeper then still owes it)."""
        with self._lock:
            if not self._changed:
                return
            try:
                state = self._life.getState()
            except RuntimeError as err:
                raise RuntimeError("%s left off: ALAutonomousLife.getState failed (%s), and "
                                   "turning it on in the disabled or safeguard state would "
                                   "move Pepper" % (BACKGROUND_MOVEMENT, err))
            if state in STILL_STATES:
                # Life turned it off itself when it entered this state, and resets every
                # ability to the next state's configuration when it leaves: nothing is
                # owed, and turning it on now would make Pepper breathe where it must not.
                self._changed = False
                self._log.info("Autonomous Life is %s: ALAutonomousLife's %s left off"
                               % (state, BACKGROUND_MOVEMENT))
                return
            self._life.setAutonomousAbilityEnabled(BACKGROUND_MOVEMENT, True)
            self._changed = False
            self._log.info("restored ALAutonomousLife's %s" % BACKGROUND_MOVEMENT)
