"""The specification's motion style: trajectories of numPoints random waypoints
gestureDuration apart (stretched where a joint would exceed maxVelocityFraction of its
speed), the legs in the seed's chunk pattern, cut into calls of maxCallDuration
(steps.cutting), planned a waypoint at a time.

Each waypoint is placed and timed by the live signal as it is when the waypoint is drawn
(the mood's amplitude and rest posture, its tempo), a call's worth ahead of the call that
carries it; the random numbers are drawn in the same order whatever the mood does, so a
steady mood gives exactly the trajectories of the seed's way of drawing them all at once.
"""
from __future__ import absolute_import, division, print_function

import numpy as np

from animate_behaviour.planning import steps, trajectory
from animate_behaviour.planning.shared import LISTEN_HOLD

def waypoints(group, config, rng, start, look):
    """(point, seconds from the waypoint before) of trajectory after trajectory of
    ``group`` (groups.JointGroup) from ``start``, drawn with ``rng``, each placed for the
    (gestureDuration, groups.Shape) ``look()`` gives when it is drawn; a steps.End after
    each trajectory."""
    previous = np.asarray(start, dtype=float)
    size = len(group.names)
    while True:
        mode = trajectory.draw_mode(look()[1])
        if group.row.chunked:
            rows = trajectory.leg_rows(config.num_points, config.leg_chunk_size,
                                       config.num_points_leg, config.leg_repeat_factor)
            draws = trajectory.Draws(mode, len(rows), size, rng)
            randoms = dict((row, index) for index, row in enumerate(rows))
        else:
            draws = trajectory.Draws(mode, config.num_points, size, rng, previous)
            randoms = None
        seconds, stretched = 0.0, 0
        for index in range(config.num_points):
            gesture, shape = look()
            if randoms is None:
                point = draws.point(index, shape)
            elif index in randoms:
                point = draws.point(randoms[index], shape)
            else:
                point = shape.home
            duration = trajectory.segment_duration(point, previous, shape, gesture,
                                                   config.max_velocity_fraction)
            seconds += duration
            stretched += int(duration > gesture)
            yield point, duration
            previous = point
        yield steps.End("%d waypoints over %.1f s, %d stretched for speed"
                        % (config.num_points, seconds, stretched))


def trajectory_of(shape, config, rng, start):
    """One trajectory at a steady mood, at once, for tools: (points (waypoints, joints),
    cumulative times (s)) of ``shape`` (groups.Shape: the group where the mood puts it)
    from ``start``."""
    points, durations = [], []
    for waypoint in waypoints(shape, config, rng, start,
                              lambda: (config.gesture_duration, shape)):
        if isinstance(waypoint, steps.End):
            return np.array(points), np.cumsum(durations)
        points.append(waypoint[0])
        durations.append(waypoint[1])


class Specification(object):
    """The steps of ``group`` from ``start`` (its commanded angles), planned one call at a
    time with ``rng`` as ``shared`` (shared.Shared: the live signal, the trajectory
    counter) says, for ``config``'s keys that no mood changes."""

    def __init__(self, group, config, rng, start, shared):
        self._group = group
        self._signal = shared.signal
        self._steps = steps.cutting(start, waypoints(group, config, rng, start, self._look),
                                    config.max_call_duration, shared.completed)

    def _look(self):
        reading = self._signal.now()
        return reading.gesture_duration, self._group.shape(reading)

    def next(self, _at):
        """The next step (steps.Move or steps.Rest); while Pepper listens an arm group
        holds LISTEN_HOLD s instead, and goes on from where it is."""
        if self._group.yields_to_speech and self._signal.arms_hold():
            return steps.Rest(LISTEN_HOLD)
        return next(self._steps)
