"""Following the engaged person's mood (a source of the live signal, live_signal.py): while
a person is engaged, Pepper's mood leans toward theirs as ALMood perceives it, around
the mood set (``followPersonMood``, the strength: 0 off, 1 all the way).

The mapping (docs/mood.md, "Following the person"): ALMood's valence of the focused
person ([-1, 1]) moves Pepper's valence; the room's agitation (ALMood's ambiance, 0 calm
to 1 excited) moves its arousal, as 2 x agitation - 1. Valence and arousal are the two
axes of Russell's circumplex of affect (J Pers Soc Psychol 1980;39:1161), where "calm"
and "excited" lie at the two ends of arousal; people converge on the mood of those they
interact with (emotional contagion: Hatfield, Cacioppo & Rapson, Curr Dir Psychol Sci
1993;2:96), and a robot's body language carries its mood over to people (Xu, Broekens,
Hindriks & Neerincx, JAAMAS 2015). Each reading is weighted by ALMood's confidence in the
person's valence: nothing below MIN_CONFIDENCE ("when confidence is > 0.4", ALMood's own
threshold), all of it at 1. The lean glides over GLIDE robot s, as a mood set does; with
no person engaged, or no reading, it glides back to nothing.
"""
from __future__ import absolute_import, division, print_function

import collections
import threading

from animate_behaviour.expression.mood_table import HIGH, LOW
from animate_behaviour.expression.ramp import Ramp
from animate_behaviour.expression.signal_source import Part

MIN_CONFIDENCE = 0.4
GLIDE = 3.0

# What ALMood said last: the person's valence, the room's agitation, the confidence.
Perceived = collections.namedtuple("Perceived", "valence agitation confidence")


def weight(confidence):
    """How much a reading counts: 0 up to MIN_CONFIDENCE, rising to 1 at full
    confidence."""
    return max(0.0, min(1.0, (confidence - MIN_CONFIDENCE) / (1.0 - MIN_CONFIDENCE)))


class Follow(object):
    """The lean toward the person's mood at ``strength`` (in [0, 1]), on ``clock``.
    Thread-safe (the mood reader writes, the signal reads)."""

    name = "person"

    def __init__(self, strength, clock):
        self.strength = float(strength)
        self._clock = clock
        self._lock = threading.Lock()
        now = clock.now()
        self._ramps = (Ramp(0.0, clock, now), Ramp(0.0, clock, now))
        self._perceived = None

    def part(self, now):
        """The live signal's part (signal_source.Part): the valence and the arousal the
        lean adds to the mood set at clock time ``now``."""
        with self._lock:
            return Part(*(ramp.at(now) for ramp in self._ramps))

    def perceived(self, reading):
        """ALMood's reading of the engaged person (a Perceived): lean toward it."""
        share = self.strength * weight(reading.confidence)
        target = (share * min(max(reading.valence, LOW), HIGH),
                  share * (2.0 * min(max(reading.agitation, 0.0), 1.0) - 1.0))
        self._aim(target, reading)

    def released(self):
        """No person engaged (or no reading): glide back to the mood set."""
        self._aim((0.0, 0.0), None)

    def _aim(self, target, reading):
        now = self._clock.now()
        with self._lock:
            self._perceived = reading
            for ramp, value in zip(self._ramps, target):
                ramp.aim(value, now, GLIDE)

    def report(self):
        """getStatus's "follow": the strength, the person's mood as last perceived
        ([valence, agitation, confidence], or None) and the lean now ([valence,
        arousal])."""
        now = self._clock.now()
        with self._lock:
            perceived = None if self._perceived is None else [
                round(value, 3) for value in self._perceived]
            lean = [round(ramp.at(now), 3) for ramp in self._ramps]
        return collections.OrderedDict([("strength", self.strength),
                                        ("person", perceived), ("lean", lean)])
