"""The qi service ``AnimateBehaviour``: a thin typed facade over the motion engine."""
from __future__ import absolute_import, division, print_function

import json

import qi

from animate_behaviour.engine.supervisor import STATES, EngineClosed
from animate_behaviour.expression.mood import MoodError
from animate_behaviour.expression.presets import PresetError, StyleError
from animate_behaviour.foundation.compat import is_text
from animate_behaviour.planning import styles
from animate_behaviour.foundation.shown import shown
from animate_behaviour.serving import log_guard

SERVICE_NAME = "AnimateBehaviour"
# The kinds of line refusals are counted under when they come too often.
REFUSED = "setActivation refused"
PRESET_REFUSED = "preset refused"
STYLE_REFUSED = "setMotionStyle refused"
MOOD_REFUSED = "setMood refused"


class AnimateBehaviourService(object):
    """Switches Pepper's idle animation on and off and chooses how lively it is and how
    its motion is planned.

    Signal ``activationChanged(string)``: emitted with "enabled" once Pepper has
    reached home and started moving, and with "disabled" once it has stopped and
    returned home.
    Signal ``presetChanged(string)``: emitted with the preset's name each time another
    preset is chosen (setPreset, storePreset).
    Signal ``motionStyleChanged(string)``: emitted with the motion style each time the
    style Pepper goes by changes (setMotionStyle, or a preset that sets one).
    Signal ``moodChanged([valence, arousal])``: emitted with the mood set each time it
    changes (setMood, or a preset with a mood of its own).
    """

    activationChanged = qi.Signal("(s)")
    presetChanged = qi.Signal("(s)")
    motionStyleChanged = qi.Signal("(s)")
    moodChanged = qi.Signal("([d])")

    def __init__(self, engine, live_config, logger, refusals=None):
        """``engine``: the motion engine (its mood set is set through it, its live
        signal says the mood now); ``live_config``: the presets.LiveConfiguration presets
        and styles are chosen through; ``refusals``: the log_guard.Throttle refusals are
        logged through (one on ``logger`` by default), so a flood of bad calls cannot
        flood the log."""
        self._engine = engine
        self._live_config = live_config
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
        if not is_text(state) or state not in STATES:
            self._refusals.error(REFUSED, "setActivation(%s) refused: state must be \"enabled\""
                                 " or \"disabled\"" % shown(state))
            return 0
        try:
            self._engine.request(str(state))
        except EngineClosed as err:
            self._refusals.error(REFUSED, "setActivation(%s) refused: %s"
                                 % (shown(state), err))
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
        "groups" (an object with one entry per joint group animated, keyed by the group's
        name, in groups.TABLE's order) and "base" (when the base turns),
        each {"state": "animating" | "yielding" | "hot" | "paused" | "resting" |
        "waiting" | "disabled" | "home"}, with "yieldingTo" ("speech", "another app" or
        "error": an ALMotion call failed, tried again after 2 s, then twice as long each
        time up to 240 s) when yielding, "hot" (joint or wheel names, motor temperature
        status >= 1) when hot, and "reason" (in words) when Pepper's own state holds it:
        paused (a fall, safeguard, a push), resting (Pepper rests), waiting (the base:
        the charging flap, docked, close to the station, moves disabled, battery low, a
        refused turn such as "obstacle: Safety"; the legs: a slope) or disabled (its
        chain, e.g. "LArm disabled"); "counters": trajectories completed (the
        specification style's numPoints waypoints, or a lifelike move), ALMotion calls
        sent (each holds its joints at most maxCallDuration s), base turns completed,
        yields to another app or to speech, since the service started.
        "preset": the preset chosen ("" for none); "motionStyle": the motion style
        Pepper goes by ("specification" or "lifelike", see setMotionStyle); "mood": the
        mood set, [valence, arousal], each in [-1, 1] (see setMood); "moodNow": the mood
        Pepper moves by at this moment, [valence, arousal]: the mood set, or on its way
        to it while a change glides (a few seconds), with the context's reactions and,
        while the battery is low, batteryLowArousal;
        "context": what Pepper perceives, {"state": "alone" | "present" | "engaged" |
        "listening", "weights": {"engaged", "listening", "alone": each in [0, 1], how far
        each reaction has glided in}, "sources": {reaction: {"live": [...], "absent":
        [...]}} (the services, events and Autonomous Life state each reaction turned on
        needs, as found at start), "extractors": the people extractors subscribed now
        (names), and when followPersonMood is on "follow": {"strength" in [0, 1],
        "person": [valence in [-1, 1], agitation in [0, 1], confidence in [0, 1]] as last
        perceived or null, "lean": [valence, arousal] added to the mood now}} (a person
        engaged: no base turns, smaller and rarer arm moves; listening: the arms start no
        move; alone: a lower arousal around the mood set, more fidgets).
        "ownState": what NAOqi last said of Pepper's body (docs/pepper_day.md), booleans
        "awake", "fallen", "pushed" (within 3 s of a push), "flapOpen", "docked",
        "closeToStation", "moveDisabled", "batteryLow" (the arousal is then
        batteryLowArousal lower, in [-1, 0]) and "onSlope"; "lifeState": Autonomous
        Life's state ("solitary", "interactive", "safeguard", "disabled", or null until
        known); "disabled": the chains ALMotion disabled ("Head", "LArm", "RArm", "Leg",
        "Body"); "sources": {"live": [...], "absent": [...]}, the events followed that
        this robot declares and those it does not, as found at start.
        """
        report = self._engine.report()
        configuration = self._live_config.configuration()  # one read: preset and style agree
        report["preset"] = configuration.preset
        report["motionStyle"] = configuration.motion_style
        report["mood"] = self._engine.mood.get()
        report["moodNow"] = self._engine.signal.mood_now()
        return json.dumps(report)

    @qi.bind(returnType=qi.Int32, paramsType=[qi.Dynamic, qi.Dynamic], methodName="setMood")
    def set_mood(self, valence, arousal):
        """Set Pepper's mood until it is set again or another preset is chosen.

        valence: how pleasant, a number in [-1, 1] (-1 low, 0 neutral, 1 high): it moves
        the rest posture (arms higher and more open, hands more open above 0; arms closer
        in and lower, hands more closed, a slight forward slump of the hips below).
        arousal: how energetic, a number in [-1, 1]: above 0 larger amplitude
        (selectedRange, a fraction of each joint's range), faster moves that start more
        often and shorter holds (gestureDuration, s), wider base turns (rotMaximumRange)
        and faster breathing (breathsPerMinute, 8-20 a minute); below 0 the reverse.
        (0, 0) keeps the figures of the configuration and preset. Pepper glides to the new
        mood over 3 s; each joint group's next move, hold or breath follows, continuing
        from where the joints are, with no jump, never above maxVelocityFraction of a
        joint's speed; a move under way keeps its shape. Returns 1 when set, 0 for
        anything else (NaN, out of [-1, 1], not a number: logged; nothing changes
        then)."""
        try:
            self._engine.mood.set(valence, arousal)
        except MoodError as err:
            self._refusals.error(MOOD_REFUSED, "setMood(%s, %s) refused: %s" % (
                shown(valence), shown(arousal), err))
            return 0
        return 1

    @qi.bind(returnType=qi.List(qi.Double), paramsType=[], methodName="getMood")
    def get_mood(self):
        """The mood set, [valence, arousal], each in [-1, 1] (see setMood): the last
        setMood, else the preset's or the configuration's (valence and arousal keys, the
        owner's preferences first). While a change glides, getStatus's "moodNow" says
        where Pepper is on the way."""
        return [float(value) for value in self._engine.mood.get()]

    @qi.bind(returnType=qi.List(qi.String), paramsType=[], methodName="getPresets")
    def get_presets(self):
        """The presets' names: the built-in "calm", "neutral" and "lively", then those
        the configuration file adds, in its order."""
        return self._live_config.names()

    @qi.bind(returnType=qi.String, paramsType=[], methodName="getPreset")
    def get_preset(self):
        """The preset chosen now; "" for none (the configuration file's values)."""
        return self._live_config.current

    @qi.bind(returnType=qi.Int32, paramsType=[qi.String], methodName="setPreset")
    def set_preset(self, name):
        """Choose how lively Pepper is until the service stops: name is one of
        getPresets(). Each preset sets amplitude (selectedRange, a fraction of each
        joint's range), tempo (gestureDuration, s between waypoints) and base turns
        (rotMaximumRange, a fraction of a 0.5 rad band). Each group's next ALMotion call
        follows it (within maxCallDuration s, 2 by default), continuing from where the
        joints are, with no jump. Returns 1 when chosen, 0 for an unknown name (logged).
        The owner's preferences still come first for the keys they set."""
        return self._choose(name, self._live_config.select, "setPreset", PRESET_REFUSED,
                            self._live_config.names())

    @qi.bind(returnType=qi.Int32, paramsType=[qi.String], methodName="storePreset")
    def store_preset(self, name):
        """setPreset(name), and store it as the owner's "preset" preference
        (ALPreferenceManager, domain "animate-behaviour") so that Pepper starts with it
        after a reboot or a package update. Returns 1 when chosen and stored, 0 for an
        unknown name or when it cannot be stored (logged; nothing changes then)."""
        return self._choose(name, self._live_config.store, "storePreset", PRESET_REFUSED,
                            self._live_config.names())

    @qi.bind(returnType=qi.List(qi.String), paramsType=[], methodName="getMotionStyles")
    def get_motion_styles(self):
        """The motion styles: "specification" (the default), then "lifelike" (see
        setMotionStyle)."""
        return list(styles.NAMES)

    @qi.bind(returnType=qi.String, paramsType=[], methodName="getMotionStyle")
    def get_motion_style(self):
        """The motion style Pepper goes by now, one of getMotionStyles(): the one
        setMotionStyle chose, else the owner's "motionStyle" preference, else the
        preset's, else the configuration file's."""
        return self._live_config.style

    @qi.bind(returnType=qi.Int32, paramsType=[qi.String], methodName="setMotionStyle")
    def set_motion_style(self, style):
        """Choose how Pepper's motion is planned until the service stops: style is one of
        getMotionStyles(): "specification" (the specification's generator: random
        waypoints gestureDuration s apart, every joint group on the same clock) or
        "lifelike" (each arm and the legs on random timings of their own: rest-to-rest
        moves, holds that send no call, breathing). It comes before the owner's
        preferences, the preset and the configuration file; a preset chosen afterwards
        keeps it (presets scale amplitude and tempo in either style). Each group's next
        ALMotion call follows it (within maxCallDuration s, 2 by default), continuing from
        where the joints are, with no jump. Returns 1 when chosen, 0 for anything else
        (logged; nothing changes then)."""
        return self._choose(style, self._live_config.choose_style, "setMotionStyle",
                            STYLE_REFUSED, styles.NAMES)

    @qi.nobind
    def _choose(self, name, choose, method, kind, names):
        """1 once ``choose(name)`` has chosen; 0 for a refusal, logged through the
        throttle as ``kind`` with the value and what is allowed (``names``)."""
        if not is_text(name):
            self._refusals.error(kind, "%s(%s) refused: the name must be a string, one of %s"
                                 % (method, shown(name), ", ".join(names)))
            return 0
        try:
            choose(name)
        except (PresetError, StyleError) as err:
            self._refusals.error(kind, "%s(%s) refused: %s"
                                 % (method, shown(name), err))
            return 0
        return 1

    @qi.nobind
    def announce(self, state):
        """Emit activationChanged(state); called by the engine when Pepper settles."""
        self.activationChanged(state)

    @qi.nobind
    def announce_mood(self, valence, arousal):
        """Emit moodChanged([valence, arousal]); called by the mood when the mood set
        changes."""
        self.moodChanged([float(valence), float(arousal)])

    @qi.nobind
    def announce_changes(self, configuration, previous):
        """Emit presetChanged and motionStyleChanged for what changed from the
        configuration ``previous``; called by the live configuration after each change."""
        if configuration.preset != previous.preset:
            self.presetChanged(configuration.preset)
        if configuration.motion_style != previous.motion_style:
            self.motionStyleChanged(configuration.motion_style)
