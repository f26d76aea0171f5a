"""The lifelike style's legs: the specification's chunk pattern (numPointsLeg random
waypoints and a return home per chunk of numPoints // legRepeatFactor waypoints), as a
Lifelike stream (lifelike.py) whose cycles are the legs': numPointsLeg moves to random
targets (the farthest of LEG_DRAWS each) and one back to rest, then a hold at rest,
moving slowly to a new rest posture when it shifts. A cycle lasts a random LEG_CYCLE of
the chunk's time: about twice as often as the specification's way, so that the torso
tilts and the knees bend as much as people's do standing idle."""
from __future__ import absolute_import, division, print_function

import numpy as np

from animate_behaviour.planning import human_timing, steps
from animate_behaviour.planning.lifelike import SHIFT_MOVE, TARGET_TRIES, Lifelike

# The legs' cycle in multiples of the specification's chunk time, their visits' holds
# (LEG_AWAY) and the draws each target is the farthest of: together they put the torso's
# tilt and the knees among people's standing idle (torso pitch 0.018-0.052 rad RMS, roll
# 0.005-0.063, knees 0.006-0.102: the genuine ReActIdle clips, issue 32; with the knees'
# band of styles.py, 0.019-0.021, 0.010-0.011 and 0.012-0.013 over seeds 13-18, make
# people), the legs still at rest 44 % of the time. (Before issue 32: a cycle of 0.9-1.3
# chunks, never more often than the specification's, visits of 0.1-0.5 and one draw: the
# torso pitch read 0.011 and the knees 0.005, stiller than anyone's.)
LEG_CYCLE = (0.35, 0.55)
LEG_DRAWS = 3
# The legs hold at a random target this long (0.2-0.7; 0.1-0.5 before issue 32), and
# move this long, in multiples of gestureDuration. The moves' spread makes the sway
# persistent below about a second as a standing person's is, not smooth at every scale: a
# short-term Hurst exponent of about 0.87 (a spread of 1.0-1.25 gave 0.91; people
# 0.83-0.90, Collins & De Luca 1993; sway_figures.py measures it), its critical time 1.2 s.
LEG_AWAY = (0.2, 0.7)
LEG_MOVE = (0.5, 1.5)


class LifelikeLegs(Lifelike):
    """The legs' steps, planned as Lifelike plans an arm's."""

    def _reading(self, reading):
        """The legs sway at the mood's amplitude and tempo, but where the style says they
        keep the body's sway (styles.StyleRow.legs_keep_sway) at the configured tempo, and
        a calm mood's at the configured amplitude."""
        config = self._config
        return reading._replace(
            selected_range=config.legs_amplitude(reading.selected_range),
            gesture_duration=config.legs_tempo(reading.gesture_duration))

    def _cycles(self):
        """Cycles of the legs' pace: a hold at rest, then numPointsLeg moves to random
        targets with holds between, then back to rest, each in multiples of the live
        gestureDuration. Legs away from rest (a stream made anew mid-cycle) first finish
        their visit: a short hold, then back."""
        self._begin()
        reading, shape, breathing = self._now.look()
        rest = self._postures.at(self._now.at, shape, breathing.lifted)
        if not np.array_equal(self._now.pose, rest):
            yield steps.Rest(self._rng.uniform(*LEG_AWAY) * reading.gesture_duration)
            for step in self._back(self._rng.uniform(*LEG_MOVE)):
                yield step
        while True:
            cycle = self._rng.uniform(*LEG_CYCLE) * self._config.leg_chunk_size
            away = [self._rng.uniform(*LEG_AWAY) for _ in range(self._config.num_points_leg)]
            moves = [self._rng.uniform(*LEG_MOVE) for _ in range(len(away) + 1)]
            for step in self._hold_at_rest(max(cycle - sum(away) - sum(moves),
                                               human_timing.HOLD_FLOOR)):
                yield step
            for hold, move in zip(away, moves):
                reading, shape, breathing = self._now.look()
                for step in self._going(lambda: (
                        self._target(shape, breathing, LEG_DRAWS),
                        self._capped(move * reading.gesture_duration)), shape, breathing):
                    yield step
                yield steps.Rest(hold * self._now.look()[0].gesture_duration)
            for step in self._back(moves[-1]):
                yield step

    def _capped(self, duration):
        return min(duration, self._config.max_call_duration)

    def _back(self, units):
        """A move back to the rest posture now, ``units`` x the live gestureDuration long,
        if the legs are not there."""
        reading, shape, breathing = self._now.look()
        rest = self._postures.at(self._now.at, shape, breathing.lifted)
        if not np.array_equal(self._now.pose, rest):
            for step in self._going(lambda: (
                    rest, self._capped(units * reading.gesture_duration)), shape, breathing,
                                    tries=1):
                yield step

    def _going(self, draw, shape, breathing, tries=TARGET_TRIES):
        """The move :meth:`_move` finds, if it finds one (else the legs stay)."""
        move = self._move(draw, shape, breathing, tries)
        return [] if move is None else self._moving(move, shape, breathing)

    def _hold_at_rest(self, units):
        """Hold at rest for ``units`` x the live gestureDuration, moving slowly to the new
        rest at each posture shift on the way (and when the mood moved it more than
        GLIDE)."""
        last = None  # (when the last step began, the gestureDuration then)
        while True:
            reading, shape, breathing = self._now.look()
            if last is not None:
                units -= (self._now.at - last[0]) / last[1]
            if units <= 1e-9:
                return
            last = (self._now.at, reading.gesture_duration)
            if self._glides(self._postures.at(self._now.at, shape, breathing.lifted), shape,
                            breathing):
                for step in self._back(self._rng.uniform(*SHIFT_MOVE)):
                    yield step
                continue
            end = self._now.at + units * reading.gesture_duration
            moments = self._postures.shifts(self._now.at, end)
            yield steps.Rest((moments[0] if moments else end) - self._now.at)
