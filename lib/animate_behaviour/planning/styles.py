"""Motion styles: how each joint group's motion is planned, one row of :data:`TABLE` each.

The configuration's ``motionStyle`` names a row. Adding a style is adding a row: its
name, what it does (docs/configuration.md's key table, banner, tablet) and its planner.
"""
from __future__ import absolute_import, division, print_function

SPECIFICATION = "specification"
LIFELIKE = "lifelike"



class StyleRow(object):
    """One row of the style table.

    name: what ``motionStyle`` calls it; description: what it does, in words;
    stream(group, config, rng, start, shared): the planner of ``group``
    (groups.JointGroup) from ``start`` (its commanded angles, rad), drawing from ``rng``
    with ``shared`` (shared.Shared): ``next(at)`` gives its next step (planning.steps)
    beginning at robot time ``at`` (s since the round began), planned then;
    leg_range: what the style multiplies legMaximumRange by, per leg joint (in
    joints.LEG_JOINTS' order; the configuration caps the result at the specification's
    limit, MAX_LEG_RANGE); legs_keep_sway: whether the legs keep the body's own sway
    where the mood moves the arms: a calm mood leaves their amplitude as configured, and
    no mood changes their tempo (a body's sway neither calms down nor hurries:
    Configuration.legs_amplitude and legs_tempo).
    """

    def __init__(self, name, description, stream, leg_range=(1.0, 1.0, 1.0),
                 legs_keep_sway=False):
        self.name = name
        self.description = description
        self.stream = stream
        self.leg_range = leg_range
        self.legs_keep_sway = legs_keep_sway


# The planners import numpy when they first plan, not here: the configuration reads this
# table, and the build checks that it loads with the standard library and lib/ alone.


def _specification(group, config, rng, start, shared):
    from animate_behaviour.planning import specification
    return specification.Specification(group, config, rng, start, shared)


def lifelike_steps(group, config, rng, start, shared):
    """The lifelike planner of ``group`` (a stream as StyleRow.stream says), each of its
    steps one call: what the lifelike style joins (tests and tools that read its plans
    step by step)."""
    if group.row.chunked:
        from animate_behaviour.planning import lifelike_legs
        return lifelike_legs.LifelikeLegs(group, config, rng, start, shared)
    from animate_behaviour.planning import lifelike
    return lifelike.Lifelike(group, config, rng, start, shared)


def _lifelike(group, config, rng, start, shared):
    # Its steps are mostly short: consecutive ones go out as one call (joining.py).
    from animate_behaviour.planning import joining
    return joining.Joined(
        lambda joined: lifelike_steps(group, config, rng, start, joined), shared,
        config.max_call_duration)


TABLE = (
    StyleRow(SPECIFICATION, "the specification's generator: numPoints random waypoints "
                            "gestureDuration apart, every group on the same clock",
             _specification),
    # The lifelike knees bend half again as far as the file says (KneePitch 0.08 becomes
    # 0.12): people standing idle bend their knees more than Pepper's did (0.006-0.102 rad
    # RMS against 0.005; ReActIdle, issue 32). Not the hips: the arms' hand clearance
    # allows for the legs anywhere in their band, and a wider HipPitch or HipRoll band
    # (even 1.25 times) makes the mood's rest posture scale back at valence -1 and
    # arousal above 0.5 (mood_table.rest_posture); the torso's tilt comes from the legs'
    # pace instead (lifelike_legs.py). The specification keeps the file's.
    # The mood moves the lifelike arms, not the legs' sway: a person's postural sway is
    # not theirs to calm, and the stillest genuine ReActIdle person's torso tilts
    # 0.018 rad RMS (pitch), about the lifelike (0, 0)'s 0.019, where arousal -1's legs,
    # at 0.4 of the amplitude and half the tempo, read 0.008 and a sway DFA above every
    # BDS person's (issue 39, part 3); nor theirs to hurry: at arousal 1's tempo the
    # sway's DFA read 0.85-0.89 front to back, below every BDS person's 0.99, and
    # 1.22 at the configured one (docs/people.md). A lively mood still widens it.
    StyleRow(LIFELIKE, "each arm and the legs on random timings of their own: brief "
                       "moves between holds as long-tailed as people's, both arms now "
                       "and then together, a creep and the breath while holding",
             _lifelike, leg_range=(1.0, 1.0, 1.5), legs_keep_sway=True),
)
ROWS = dict((row.name, row) for row in TABLE)
# The names, the default first; (name, description) pairs.
NAMES = tuple(row.name for row in TABLE)
DESCRIPTIONS = tuple((row.name, row.description) for row in TABLE)
