"""Pepper's mood: two numbers, ``valence`` (how pleasant) and ``arousal`` (how energetic),
each in [-1, 1], and how they change the motion (:data:`TABLE`, the one mapping).

The mood acts through the configuration only: :func:`effective` derives from a
configuration (the file's, a preset's, the owner's) the configuration Pepper moves by at
a mood, and the engine is retuned with it the way a preset retunes it, so both motion
styles follow it with no change to their planners, and each group's next call goes by it,
planned from where the joints are (no jump).

* **Arousal** scales figures (the rows whose ``kind`` is SCALE): amplitude
  (``selectedRange``), tempo (``gestureDuration``: shorter means faster moves that start
  more often and, in the lifelike style, shorter holds, which last a multiple of it), the
  base's turns (``rotMaximumRange``) and the breathing rate (``breathsPerMinute``); each
  result is kept inside its key's allowed range. Move speed rises with amplitude over
  duration, and maxVelocityFraction still caps it.
* **Valence** moves the rest posture (``home``, the rows whose ``kind`` is OFFSET: rad
  added to the configured home, in the left arm's sign convention, mirrored for the
  right as clearance.MIRRORED says). The posture stays inside Table 1's widest band
  around the configured home (selectedRange 1: half of the joint's full range times its
  maximum range) and the joints' limits, and it must keep the hands clear of the pelvis
  (clearance.py) and the torso upright (lean.py) as well as the configured home does;
  otherwise the whole offset is scaled back (SCALE_BACK) until it does.

Figures and their mood. The file's figures, and the owner's, are Pepper's at the neutral
mood (0, 0). A preset that names ``arousal`` states the arousal figures it names at that
arousal: calm (arousal -0.5) and lively (0.5) keep their selectedRange, gestureDuration
and rotMaximumRange exactly, and the mood moves them from there (figure x factor(mood) /
factor(the figure's own arousal)). The posture is always the configured home's at
valence 0 (home is never a preset's).

The run-time mood (:class:`Mood`): the mood set (``setMood``, or the configuration's
``valence``/``arousal`` at start and whenever another preset is chosen), plus an arousal
offset from a hook (``arousal_offset``, 0 by default: the seam through which the context,
e.g. an empty room, will lower the arousal around the mood set without changing what
``getMood`` says). A change ramps linearly over MOOD_RAMP robot seconds, retuning every
MOOD_STEP, so no call sees a jump in the figures either.
"""
from __future__ import absolute_import, division, print_function

import math
import threading

from animate_behaviour import clearance, clearance_model, joints, lean, trajectory
from animate_behaviour import clock as clock_module
from animate_behaviour import config as config_module
from animate_behaviour.compat import INTEGER_TYPES

VALENCE = "valence"
AROUSAL = "arousal"
AXES = (VALENCE, AROUSAL)
LOW, HIGH = -1.0, 1.0
SCALE = "scale"  # the figure times the row's value
OFFSET = "offset"  # rad added to the joint's configured home
# The moods the rows give values at; between them values are interpolated linearly.
POINTS = (-1.0, -0.5, 0.0, 0.5, 1.0)
# A change of mood ramps over this many robot seconds, the engine retuned every step.
MOOD_RAMP = 3.0
MOOD_STEP = 0.5
# The fractions of the valence offset tried, largest first, until the posture passes the
# clearance and lean checks (0: the configured home, which passes as well as it can).
SCALE_BACK = tuple(1.0 - index / 10.0 for index in range(11))


class Row(object):
    """One row of the mapping: along ``axis``, ``target`` (a configuration key for SCALE,
    a joint name's suffix for OFFSET) takes ``values`` at POINTS; ``why`` in words."""

    def __init__(self, axis, target, kind, values, why):
        self.axis = axis
        self.target = target
        self.kind = kind
        self.values = tuple(float(value) for value in values)
        self.why = why

    def at(self, mood):
        """The row's value at ``mood`` (of its axis), linear between POINTS."""
        mood = min(max(float(mood), LOW), HIGH)
        for index in range(len(POINTS) - 1):
            left, right = POINTS[index], POINTS[index + 1]
            if mood <= right:
                fraction = (mood - left) / (right - left)
                # Exactly the table's value at its points (fraction 0 or 1).
                return (1.0 - fraction) * self.values[index] + \
                    fraction * self.values[index + 1]
        return self.values[-1]


# THE mapping (README, "Mood", shows it with its sources). Arousal rows: factors of the
# figure, 1 at 0; the calm and lively presets are its points -0.5 and 0.5 (0.5 x 0.6 =
# 0.3, 1.0 x 1.6, 0.3 x 0.5 and 0.5 x 1.4 = 0.7, 1.0 x 0.7, 0.3 x 1.5). Valence rows: rad
# added to home, left arm's convention (ShoulderPitch lower = arm raised forward,
# ShoulderRoll higher = away from the body, ElbowRoll lower = more bent, ElbowYaw lower =
# forearm turned out, Hand higher =
# more open, HipPitch higher = leaning forward).
TABLE = (
    Row(AROUSAL, "selectedRange", SCALE, (0.4, 0.6, 1.0, 1.4, 1.7),
        "amplitude rises with arousal"),
    Row(AROUSAL, "gestureDuration", SCALE, (2.0, 1.6, 1.0, 0.7, 0.55),
        "tempo: faster moves that start more often, shorter holds"),
    Row(AROUSAL, "rotMaximumRange", SCALE, (0.3, 0.5, 1.0, 1.5, 1.65),
        "wider base turns (at most 0.495 from the default 0.3)"),
    Row(AROUSAL, "breathsPerMinute", SCALE, (0.75, 0.875, 1.0, 1.15, 1.3),
        "breathing rate rises with arousal (10.5 .. 18.2 from the default 14)"),
    Row(VALENCE, "ShoulderPitch", OFFSET, (0.03, 0.015, 0.0, -0.06, -0.12),
        "arms held higher (forward) for positive, lower for negative"),
    Row(VALENCE, "ShoulderRoll", OFFSET, (-0.03, -0.015, 0.0, 0.05, 0.1),
        "arms more open for positive, closer in for negative"),
    Row(VALENCE, "ElbowYaw", OFFSET, (-0.1, -0.05, 0.0, 0.0, 0.0),
        "for negative, forearms turned so that the hands, closer in, keep clear of the "
        "pelvis (at Stand they hang 1.6 cm from it)"),
    Row(VALENCE, "ElbowRoll", OFFSET, (0.1, 0.05, 0.0, -0.06, -0.12),
        "forearms raised for positive, hanging straighter (lower) for negative"),
    Row(VALENCE, "Hand", OFFSET, (-0.25, -0.125, 0.0, 0.1, 0.2),
        "hands more open for positive, more closed for negative"),
    Row(VALENCE, "HipPitch", OFFSET, (0.05, 0.025, 0.0, 0.0, 0.0),
        "a slight forward slump for negative (about 2.9 degrees at -1)"),
)
FIGURES = tuple(row for row in TABLE if row.kind == SCALE)
POSTURE = tuple(row for row in TABLE if row.kind == OFFSET)


class MoodError(ValueError):
    """A mood that cannot be set; the message says what was wrong and what is allowed."""


def checked(valence, arousal):
    """(valence, arousal) as floats; MoodError naming the bad value and what is allowed
    (a number, not a boolean, in [-1, 1], not NaN)."""
    result = []
    for axis, value in zip(AXES, (valence, arousal)):
        if isinstance(value, bool) or not isinstance(value, INTEGER_TYPES + (float,)):
            raise MoodError("%s must be a number in [-1, 1], got %s (%s)" % (
                axis, config_module.shown_value(value), type(value).__name__))
        value = float(value)
        if math.isnan(value) or not LOW <= value <= HIGH:
            raise MoodError("%s = %s is not allowed: a number in [-1, 1] (-1 low, 0 neutral, "
                            "1 high)" % (axis, config_module.shown_value(value)))
        result.append(value)
    return tuple(result)


def _clamped(value):
    return min(max(value, LOW), HIGH)


def anchors(config):
    """{figure key: the arousal at which ``config``'s value of it holds}: the chosen
    preset's arousal for the figures it names with one, else 0 (the file's and the
    owner's figures are neutral's)."""
    named = config.presets.get(config.preset, {}) if config.preset else {}
    arousal = named.get(AROUSAL)
    return dict((row.target, arousal if arousal is not None and row.target in named else 0.0)
                for row in FIGURES)


def effective(config, valence, arousal):
    """The configuration Pepper moves by at the mood (``valence``, ``arousal``), from
    ``config``: the same object when the mood changes nothing (valence 0, every figure
    at its own arousal)."""
    anchored = anchors(config)
    if valence == 0.0 and all(anchored[row.target] == arousal for row in FIGURES):
        return config
    source = "%s, mood valence %.2f arousal %.2f" % (config.source, valence, arousal)
    overrides = {}
    for row in FIGURES:
        key = config_module.ROWS[row.target]
        # The factor first: exactly 1 where the figure is at its own arousal.
        value = getattr(config, key.attribute) * (row.at(arousal) /
                                                  row.at(anchored[row.target]))
        low, high = key.kind.bounds
        overrides[row.target] = min(max(value, low), high)
    moved = config.with_values(overrides, source)
    if valence == 0.0:
        return moved
    return moved.with_home(rest_posture(moved, valence), source)


def posture_offsets(config, valence):
    """{joint: rad} the valence adds to ``config``'s home for the joints it has, inside
    Table 1's widest band around it and the joints' limits (before any scaling back)."""
    offsets = {}
    for row in POSTURE:
        value = row.at(valence)
        if row.target in joints.LEG_JOINTS:
            targets = [(row.target, 1.0)]
        else:
            targets = [(side + row.target, -1.0 if side == "R" and row.target in
                        clearance.MIRRORED else 1.0) for side in "LR"]
        for joint, sign in targets:
            limit = joints.URDF_LIMITS[joint]
            band = trajectory.random_offset(limit, config.maximum_range(joint), 1.0)
            home = config.home[joint]
            shifted = home + max(-band, min(band, sign * value))
            offsets[joint] = min(max(shifted, limit.minimum), limit.maximum) - home
    return offsets


def rest_posture(config, valence):
    """{joint: rad}: ``config``'s home moved by the valence (posture_offsets), scaled back
    until it keeps the hands as clear of the pelvis and the torso as upright as the
    configured home does (at least clearance.MARGIN and within lean.MAX_LEAN when it
    does)."""
    home = dict(config.home)
    offsets = posture_offsets(config, valence)
    wanted = checks_at(config, home)
    for fraction in SCALE_BACK:
        posture = dict(home)
        for joint, offset in offsets.items():
            posture[joint] = home[joint] + fraction * offset
        found = checks_at(config, posture)
        if found[0] >= wanted[0] - 1e-12 and found[1] <= wanted[1] + 1e-12:
            return posture
    return home


def checks_at(config, posture):
    """(the smaller of the two arm groups' clearance thresholds, as clearance.py's
    ClearanceCheck makes them with ``posture`` as home and the legs anywhere in their
    bounds: MARGIN when the posture keeps it, less when it does not; the lean check's
    threshold: lean.MAX_LEAN when the posture leans less, its lean when more)."""
    limits = dict((joint, joints.URDF_LIMITS[joint]) for joint in joints.ANIMATED_JOINTS)
    leg_bounds = dict(
        (leg, trajectory.random_bounds(posture[leg], limits[leg], config.maximum_range(leg),
                                       config.selected_range))
        for leg in joints.LEG_JOINTS)
    thresholds = []
    for side in "LR":
        names = [name for name in joints.ARM_JOINTS + joints.HAND_JOINTS
                 if name.startswith(side)]
        thresholds.append(clearance.ClearanceCheck(
            names, posture, leg_bounds, clearance_model.COEFFICIENTS).threshold)
    leaning = lean.LeanCheck(joints.LEG_JOINTS, posture).threshold
    return min(thresholds), leaning


def no_offset():
    """The default arousal offset: none."""
    return 0.0


class Mood(object):
    """The run-time mood of a live configuration: the mood set, where the ramp is, and
    the effective configuration (:func:`effective`) handed to ``retune(configuration)``
    at each step, in order. ``config``: the live configuration's configuration now (then
    :meth:`on_configuration` tells each change); ``clock``: the engine's
    (animate_behaviour.clock); ``arousal_offset()``: an offset (in arousal units) added
    to the mood set, read at each change and at :meth:`refresh` (the context calls it
    when its offset changes). Listeners hear ``(valence, arousal)`` each time the mood
    set changes. Thread-safe."""

    def __init__(self, config, clock, logger, retune, arousal_offset=no_offset):
        self._config = config
        self._clock = clock
        self._log = logger
        self._retune = retune
        self._arousal_offset = arousal_offset
        self._lock = threading.Lock()
        self._reached = threading.Condition(self._lock)  # notified when a ramp ends
        self._listeners = []
        self._set = (float(config.valence), float(config.arousal))
        self._now = self._target()
        self._ramp = None  # (from, to, clock time it started, its s) while ramping
        self._ticker = clock_module.Ticker(clock, self._tick, "animateBehaviour.mood")

    # -- reading ---------------------------------------------------------------------

    def get(self):
        """The mood set: [valence, arousal]."""
        with self._lock:
            return list(self._set)

    def now(self):
        """The mood Pepper moves by now, ramp and arousal offset included."""
        with self._lock:
            return list(self._now)

    def configuration(self):
        """The effective configuration now."""
        with self._lock:
            return effective(self._config, *self._now)

    def wait_reached(self, timeout):
        """Wait until no change ramps any more; whether it did within ``timeout`` wall
        seconds (for tests and tools: it waits on a Condition)."""
        with self._reached:
            if self._ramp is None:
                return True
            self._reached.wait(timeout)
            return self._ramp is None

    def describe(self):
        """A line for the start-up banner."""
        valence, arousal = self.get()
        return "mood: valence %.2f, arousal %.2f" % (valence, arousal)

    def add_listener(self, callback):
        self._listeners.append(callback)

    def remove_listener(self, callback):
        self._listeners.remove(callback)

    # -- changing --------------------------------------------------------------------

    def set(self, valence, arousal):
        """Set the mood; MoodError (nothing changes) if a value is not a number in
        [-1, 1]. Pepper ramps to it over MOOD_RAMP s. It holds until it is set again or
        another preset is chosen."""
        chosen = checked(valence, arousal)
        with self._lock:
            changed = chosen != self._set
            self._set = chosen
            self._retarget()
        if changed:
            self._log.info("mood set: valence %.2f, arousal %.2f; Pepper ramps to it over "
                           "%.0f s" % (chosen[0], chosen[1], MOOD_RAMP))
            self._announce(chosen)

    def refresh(self, ramp=MOOD_RAMP):
        """Read the arousal offset again and ramp to the mood it gives over ``ramp``
        robot s (the context's reactions ramp at their own pace)."""
        with self._lock:
            self._retarget(ramp)

    def on_configuration(self, config, previous):
        """A LiveConfiguration listener: go by ``config`` at once (at the mood now), and
        when another preset is chosen or the configuration's mood changed, take its mood
        as the mood set (ramping to it)."""
        announced = None
        with self._lock:
            self._config = config
            mood = (float(config.valence), float(config.arousal))
            if config.preset != previous.preset or mood != (float(previous.valence),
                                                            float(previous.arousal)):
                if mood != self._set:
                    announced = mood
                self._set = mood
            self._retune(effective(config, *self._now))
            self._retarget()
        if announced is not None:
            self._announce(announced)

    def _target(self):
        valence, arousal = self._set
        return (valence, _clamped(arousal + float(self._arousal_offset())))

    def _retarget(self, ramp=MOOD_RAMP):
        """Ramp from where the mood is now to the target over ``ramp`` s (under the
        lock)."""
        target = self._target()
        if target != self._now or self._ramp is not None:
            self._ramp = (self._now, target, self._clock.now(), ramp)
            self._ticker.wake()

    def _announce(self, mood):
        for callback in list(self._listeners):
            callback(mood[0], mood[1])

    # -- the ramp ----------------------------------------------------------------------

    def start(self):
        self._ticker.start()

    def close(self, timeout):
        """Stop the ramp's thread; whether it ended within ``timeout`` wall seconds."""
        return self._ticker.close(timeout)

    def _tick(self):
        """A step of the ramp; the robot s until the next (None: none ramps)."""
        with self._lock:
            self._step()
            return min(MOOD_STEP, self._ramp[3]) if self._ramp is not None else None

    def _step(self):
        """Move the mood along the ramp to where it is now, and retune (under the lock)."""
        if self._ramp is None:
            return
        begin, end, started, ramp = self._ramp
        fraction = min(1.0, self._clock.elapsed(started, self._clock.now()) / ramp)
        mood = end if fraction >= 1.0 else tuple(
            start + fraction * (stop - start) for start, stop in zip(begin, end))
        if fraction >= 1.0:
            self._ramp = None
            self._reached.notify_all()
        if mood != self._now:
            self._now = mood
            self._retune(effective(self._config, *mood))
