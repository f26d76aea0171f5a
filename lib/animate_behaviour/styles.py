"""Motion styles: how each joint group's motion is planned, one row of :data:`TABLE` each.

The configuration's ``motionStyle`` names a row. Adding a style is adding a row: its
name, what it does (README, banner, tablet) and its planner.
"""
from __future__ import absolute_import, division, print_function

SPECIFICATION = "specification"
LIFELIKE = "lifelike"


class StyleRow(object):
    """One row of the style table.

    name: what ``motionStyle`` calls it; description: what it does, in words;
    plan(group, config, rng, start, at, seed): the steps (animate_behaviour.steps) that
    animate ``group`` (groups.JointGroup) from ``start`` (its commanded angles, rad)
    beginning at robot time ``at`` (s since the round began), as (steps, where they leave
    the joints, a line for the verbose log); ``seed``: the round's, for what every plan
    of the round shares (the lifelike breath and posture shifts); hold(group, config,
    start, at, duration, seed): the same for ``duration`` s in which the group starts no
    move (Pepper listens).
    """

    def __init__(self, name, description, plan, hold):
        self.name = name
        self.description = description
        self.plan = plan
        self.hold = hold


# The planners import numpy when they first plan, not here: the configuration reads this
# table, and the build checks that it loads with the standard library and lib/ alone.


def _specification(group, config, rng, start, _at, _seed):
    """One of the specification's trajectories, cut into calls of maxCallDuration."""
    from animate_behaviour import steps, trajectory
    points, times, stretched = trajectory.plan(group, config, rng, start)
    cut = steps.cut(start, points, times, config.max_call_duration)
    return cut, points[-1], "%d waypoints over %.1f s in %d calls, %d stretched for speed" % (
        len(points), times[-1], sum(isinstance(step, steps.Move) for step in cut), stretched)


def _lifelike(group, config, rng, start, at, seed):
    from animate_behaviour import lifelike
    return lifelike.plan(group, config, rng, start, at, seed)


def _still(_group, _config, start, _at, duration, _seed):
    """The specification's style has no breath: holding is resting, with no call."""
    from animate_behaviour import steps
    return [steps.Rest(duration)], start, "holding %.1f s" % duration


def _breathing(group, config, start, at, duration, seed):
    from animate_behaviour import lifelike
    return lifelike.hold(group, config, start, at, duration, seed)


TABLE = (
    StyleRow(SPECIFICATION, "the specification's generator: numPoints random waypoints "
                            "gestureDuration apart, every group on the same clock",
             _specification, _still),
    StyleRow(LIFELIKE, "each arm and the legs on random timings of their own: rest-to-rest "
                       "moves around gestureDuration long, holds that send no call, and "
                       "breathing", _lifelike, _breathing),
)
ROWS = dict((row.name, row) for row in TABLE)
# The names, the default first; (name, description) pairs.
NAMES = tuple(row.name for row in TABLE)
DESCRIPTIONS = tuple((row.name, row.description) for row in TABLE)
