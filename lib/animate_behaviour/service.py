"""The qi service ``AnimateBehaviour``: a thin typed facade over the motion engine."""
from __future__ import absolute_import, division, print_function

import json

import qi

from animate_behaviour import log_guard
from animate_behaviour.engine import STATES, EngineClosed

SERVICE_NAME = "AnimateBehaviour"
# The kind of line refusals are counted under when they come too often.
REFUSED = "setActivation refused"

try:
    _STRING_TYPES = (str, unicode)  # noqa: F821 (Python 2.7 on the robot)
except NameError:
    _STRING_TYPES = (str,)


class AnimateBehaviourService(object):
    """Switches Pepper's idle animation on and off.

    Signal ``activationChanged(string)``: emitted with "enabled" once Pepper has
    reached home and started moving, and with "disabled" once it has stopped and
    returned home.
    """

    activationChanged = qi.Signal("(s)")

    def __init__(self, engine, logger, refusals=None):
        """``refusals``: the log_guard.Throttle refusals are logged through (one on
        ``logger`` by default), so a flood of bad calls cannot flood the log."""
        self._engine = engine
        self._log = logger
        self._refusals = refusals or log_guard.Throttle(logger)

    @qi.bind(returnType=qi.Int32, paramsType=[qi.String], methodName="setActivation")
    def set_activation(self, state):
        """Enable or disable the animation.

        state: "enabled" (move arms, hands, hips/knee and base randomly around home,
        within each joint's limits and below a fraction of its maximum velocity, rad/s) or
        "disabled" (stop every motion at once and return home smoothly).
        Returns 1 when the request is accepted (it is carried out in the background; the
        last request wins; repeating the current state is fine), 0 for any other state
        or while the service is shutting down.
        """
        if not isinstance(state, _STRING_TYPES) or state not in STATES:
            self._refusals.error(REFUSED, "setActivation(%s) refused: state must be \"enabled\""
                                 " or \"disabled\"" % log_guard.shown(state))
            return 0
        try:
            self._engine.request(str(state))
        except EngineClosed as err:
            self._refusals.error(REFUSED, "setActivation(%s) refused: %s"
                                 % (log_guard.shown(state), err))
            return 0
        return 1

    @qi.bind(returnType=qi.String, paramsType=[], methodName="getActivation")
    def get_activation(self):
        """The last accepted state: "enabled" or "disabled"."""
        return self._engine.requested

    @qi.bind(returnType=qi.String, paramsType=[], methodName="getStatus")
    def get_status(self):
        """What Pepper's animation is doing now, as a JSON object:

        "state" and "requested" ("enabled" or "disabled": settled, and last asked for);
        "groups" (joint groups: "upper" arms and hands, "legs" hips and knee) and "base",
        each {"state": "animating" | "yielding" | "hot" | "home"}, with "yieldingTo"
        ("speech", "another app" or "error") when yielding and "hot" (joint names, motor
        temperature status >= 1) when hot; "counters": trajectories completed, ALMotion
        calls sent (each holds its joints at most maxCallDuration s), base turns
        completed, yields to another app or to speech, since the service started.
        """
        return json.dumps(self._engine.report())

    @qi.nobind
    def announce(self, state):
        """Emit activationChanged(state); called by the engine when Pepper settles."""
        self.activationChanged(state)
