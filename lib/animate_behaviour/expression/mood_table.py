"""How the mood changes the motion: the one mapping (:data:`TABLE`) from ``valence`` (how
pleasant) and ``arousal`` (how energetic), each in [-1, 1], to the figures and the rest
posture Pepper moves by (:func:`figures`, :func:`rest_posture`).

* **Arousal** scales figures (the rows whose ``kind`` is SCALE): amplitude
  (``selectedRange``), tempo (``gestureDuration``: shorter means faster moves that start
  more often and, in the lifelike style, shorter holds, which last a multiple of it), the
  base's turns (``rotMaximumRange``) and the breathing rate (``breathsPerMinute``); each
  result is kept inside its key's allowed range. Move speed rises with amplitude over
  duration, and maxVelocityFraction still caps it.
* **Valence** moves the rest posture (the rows whose ``kind`` is OFFSET: rad added to the
  configured home, in the left arm's sign convention, mirrored for the right as
  clearance.MIRRORED says). The posture stays inside Table 1's widest band around the
  configured home (selectedRange 1: half of the joint's full range times its maximum
  range) and the joints' limits, and it must keep the hands clear of the pelvis
  (clearance.py) and the torso upright (lean.py) as well as the configured home does;
  otherwise the whole offset is scaled back (SCALE_BACK) until it does.

Figures and their mood. The file's figures, and the owner's, are Pepper's at the neutral
mood (0, 0). A preset that names ``arousal`` states the arousal figures it names at that
arousal: calm (arousal -0.5) and lively (0.5) keep their selectedRange, gestureDuration
and rotMaximumRange exactly, and the mood moves them from there (figure x factor(mood) /
factor(the figure's own arousal)). The posture is always the configured home's at
valence 0 (home is never a preset's).
"""
from __future__ import absolute_import, division, print_function

from animate_behaviour import configuration as config_module
from animate_behaviour.planning import clearance, clearance_model, joints, lean, trajectory

VALENCE = "valence"
AROUSAL = "arousal"
AXES = (VALENCE, AROUSAL)
LOW, HIGH = -1.0, 1.0
SCALE = "scale"  # the figure times the row's value
OFFSET = "offset"  # rad added to the joint's configured home
# The moods the rows give values at; between them values are interpolated linearly.
POINTS = (-1.0, -0.5, 0.0, 0.5, 1.0)
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


# THE mapping (docs/mood.md shows it with its sources). Arousal rows: factors of the
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


def anchors(config):
    """{figure key: the arousal at which ``config``'s value of it holds}: the chosen
    preset's arousal for the figures it names with one, else 0 (the file's and the
    owner's figures are neutral's)."""
    named = config.presets.get(config.preset, {}) if config.preset else {}
    arousal = named.get(AROUSAL)
    return dict((row.target, arousal if arousal is not None and row.target in named else 0.0)
                for row in FIGURES)


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


def rest_posture(config, valence, selected_range):
    """{joint: rad}: ``config``'s home moved by the valence (posture_offsets), scaled back
    until it keeps the hands as clear of the pelvis and the torso as upright as the
    configured home does (at least clearance.MARGIN and within lean.MAX_LEAN when it
    does), the legs anywhere in their bounds at ``selected_range``."""
    home = dict(config.home)
    offsets = posture_offsets(config, valence)
    wanted = checks_at(config, home, selected_range)
    for fraction in SCALE_BACK:
        posture = dict(home)
        for joint, offset in offsets.items():
            posture[joint] = home[joint] + fraction * offset
        found = checks_at(config, posture, selected_range)
        if found[0] >= wanted[0] - 1e-12 and found[1] <= wanted[1] + 1e-12:
            return posture
    return home


def checks_at(config, posture, selected_range):
    """(the smaller of the two arm groups' clearance thresholds, as clearance.py's
    ClearanceCheck makes them with ``posture`` as home and the legs anywhere in their
    bounds at ``selected_range``: MARGIN when the posture keeps it, less when it does
    not; the lean check's threshold: lean.MAX_LEAN when the posture leans less, its lean
    when more)."""
    limits = dict((joint, joints.URDF_LIMITS[joint]) for joint in joints.ANIMATED_JOINTS)
    leg_bounds = dict(
        (leg, trajectory.random_bounds(posture[leg], limits[leg], config.maximum_range(leg),
                                       selected_range))
        for leg in joints.LEG_JOINTS)
    thresholds = []
    for side in "LR":
        names = [name for name in joints.ARM_JOINTS + joints.HAND_JOINTS
                 if name.startswith(side)]
        thresholds.append(clearance.ClearanceCheck(
            names, posture, leg_bounds, clearance_model.COEFFICIENTS).threshold)
    leaning = lean.LeanCheck(joints.LEG_JOINTS, posture).threshold
    return min(thresholds), leaning


def figures(config, arousal):
    """{figure key: value} at ``arousal`` for ``config``: each the configuration's value
    times the row's factor at the arousal over its factor at the figure's own arousal
    (anchors), kept inside the key's allowed range; exactly the configuration's where the
    figure is at its own arousal."""
    anchored = anchors(config)
    values = {}
    for row in FIGURES:
        key = config_module.ROWS[row.target]
        value = getattr(config, key.attribute)
        if anchored[row.target] != arousal:
            value *= row.at(arousal) / row.at(anchored[row.target])
        low, high = key.kind.bounds
        values[row.target] = min(max(value, low), high)
    return values

