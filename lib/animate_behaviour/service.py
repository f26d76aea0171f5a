"""The qi service ``AnimateBehaviour``: a thin typed facade over the motion engine."""
from __future__ import absolute_import, division, print_function

import json

import qi

from animate_behaviour import log_guard
from animate_behaviour.engine import STATES, EngineClosed
from animate_behaviour.presets import PresetError

SERVICE_NAME = "AnimateBehaviour"
# The kinds of line refusals are counted under when they come too often.
REFUSED = "setActivation refused"
PRESET_REFUSED = "preset refused"

try:
    _STRING_TYPES = (str, unicode)  # noqa: F821 (Python 2.7 on the robot)
except NameError:
    _STRING_TYPES = (str,)


class AnimateBehaviourService(object):
    """Switches Pepper's idle animation on and off and chooses how lively it is.

    Signal ``activationChanged(string)``: emitted with "enabled" once Pepper has
    reached home and started moving, and with "disabled" once it has stopped and
    returned home.
    Signal ``presetChanged(string)``: emitted with the preset's name each time another
    preset is chosen (setPreset, storePreset).
    """

    activationChanged = qi.Signal("(s)")
    presetChanged = qi.Signal("(s)")

    def __init__(self, engine, presets, logger, refusals=None):
        """``presets``: presets.Presets; ``refusals``: the log_guard.Throttle refusals are
        logged through (one on ``logger`` by default), so a flood of bad calls cannot
        flood the log."""
        self._engine = engine
        self._presets = presets
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
        "groups" (joint groups: "leftArm" and "rightArm", each an arm and its hand,
        "legs" hips and knee) and "base",
        each {"state": "animating" | "yielding" | "hot" | "home"}, with "yieldingTo"
        ("speech", "another app" or "error") when yielding and "hot" (joint names, motor
        temperature status >= 1) when hot; "counters": trajectories completed, ALMotion
        calls sent (each holds its joints at most maxCallDuration s), base turns
        completed, yields to another app or to speech, since the service started.
        "preset": the preset chosen ("" for none).
        """
        report = self._engine.report()
        report["preset"] = self._presets.current
        return json.dumps(report)

    @qi.bind(returnType=qi.List(qi.String), paramsType=[], methodName="getPresets")
    def get_presets(self):
        """The presets' names: the built-in "calm", "neutral" and "lively", then those
        the configuration file adds, in its order."""
        return self._presets.names()

    @qi.bind(returnType=qi.String, paramsType=[], methodName="getPreset")
    def get_preset(self):
        """The preset chosen now; "" for none (the configuration file's values)."""
        return self._presets.current

    @qi.bind(returnType=qi.Int32, paramsType=[qi.String], methodName="setPreset")
    def set_preset(self, name):
        """Choose how lively Pepper is until the service stops: name is one of
        getPresets(). Each preset sets amplitude (selectedRange, a fraction of each
        joint's range), tempo (gestureDuration, s between waypoints) and base turns
        (rotMaximumRange, a fraction of a 0.5 rad band). Each group's next ALMotion call
        follows it (within maxCallDuration s, 2 by default), continuing from where the
        joints are, with no jump. Returns 1 when chosen, 0 for an unknown name (logged).
        The owner's preferences still come first for the keys they set."""
        return self._choose(name, self._presets.select, "setPreset")

    @qi.bind(returnType=qi.Int32, paramsType=[qi.String], methodName="storePreset")
    def store_preset(self, name):
        """setPreset(name), and store it as the owner's "preset" preference
        (ALPreferenceManager, domain "animate-behaviour") so that Pepper starts with it
        after a reboot or a package update. Returns 1 when chosen and stored, 0 for an
        unknown name or when it cannot be stored (logged; nothing changes then)."""
        return self._choose(name, self._presets.store, "storePreset")

    @qi.nobind
    def _choose(self, name, choose, method):
        if not isinstance(name, _STRING_TYPES):
            self._refusals.error(PRESET_REFUSED, "%s(%s) refused: the name must be a string"
                                 % (method, log_guard.shown(name)))
            return 0
        try:
            choose(name)
        except PresetError as err:
            self._refusals.error(PRESET_REFUSED, "%s(%s) refused: %s"
                                 % (method, log_guard.shown(name), err))
            return 0
        return 1

    @qi.nobind
    def announce(self, state):
        """Emit activationChanged(state); called by the engine when Pepper settles."""
        self.activationChanged(state)

    @qi.nobind
    def announce_preset(self, name, _configuration):
        """Emit presetChanged(name); called by the presets after each change."""
        self.presetChanged(name)
