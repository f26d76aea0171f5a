"""How a standing person's posture changes, one row of :data:`TABLE` per kind, with its
source, and the schedules of their events: functions of the round's time.

In half an hour of free standing, Duarte & Zatsiorsky ("Patterns of center of pressure
migration during prolonged unconstrained standing", Motor Control 1999;3:12-27) tell three
patterns apart: *shifting*, the weight moving to a new position (every 199 +- 148 s side
to side, 316 +- 292 s front to back); *fidgeting*, a quick move out and back (every
49-59 s); and *drifting*, a slow creep of the position in between. Each kind is a row:
which joints of which group it moves, how often (log-normal intervals of that mean and
coefficient of variation: long-tailed, as measured), and how far.

Python 2.7/3 single-source, numpy 1.8 APIs. Times in robot seconds since the round began.
"""
from __future__ import absolute_import, division, print_function

import math

import numpy as np

from animate_behaviour.planning import human_timing

SHIFT = "shift"
FIDGET = "fidget"
TOGETHER = "together"
# Every joint of the group.
ALL = None
# s of a schedule per block: each block is drawn from a generator of its own
# (human_timing.block_rng), so any moment's events are found without drawing the past.
BLOCK = 1200.0


class ChangeRow(object):
    """One kind of posture change.

    name: what it is called (logs, benchmark); kind: SHIFT (the rest posture moves and
    stays), FIDGET (out and straight back) or TOGETHER (the groups it names end their
    holds and set off: together.py); moves: {group name: joint name suffixes it moves, or
    ALL}; interval, variation: mean (s; a TOGETHER row's in gestureDurations, together.py)
    and coefficient of variation of the log-normal time between two; size: how far, as a fraction of each joint's band on that side
    (None: as far as a move goes); source: the human figure it follows.
    """

    def __init__(self, name, kind, moves, interval, variation, size, source):
        self.name = name
        self.kind = kind
        self.moves = moves
        self.interval = interval
        self.variation = variation
        self.size = size
        self.source = source
        sigma = math.sqrt(math.log(1.0 + variation ** 2))
        self._log = (math.log(interval) - sigma * sigma / 2.0, sigma)

    def gap(self, rng):
        """A time (s) to the next event, drawn with ``rng``."""
        return rng.lognormal(*self._log)

    def mask(self, group, names):
        """Which of ``names`` (the joints of ``group``) the row moves: a boolean array."""
        suffixes = self.moves.get(group, ())
        return np.array([suffixes is ALL or any(name.endswith(suffix) for suffix in suffixes)
                         for name in names], dtype=bool)


_DUARTE = "Duarte & Zatsiorsky, Motor Control 1999"
ARMS = ("leftArm", "rightArm")
# A fidget moves an arm below the shoulder's pitch, which is the breath's (breath.py).
_DISTAL = ("ShoulderRoll", "ElbowYaw", "ElbowRoll", "WristYaw", "Hand")
TABLE = (
    ChangeRow("weight shift, side to side", SHIFT,
              {"legs": ("HipRoll",), "leftArm": ALL, "rightArm": ALL}, 199.0, 148.0 / 199.0,
              0.25, _DUARTE + ": shifting every 199 +- 148 s sideways"),
    ChangeRow("weight shift, front to back", SHIFT,
              {"legs": ("HipPitch", "KneePitch"), "leftArm": ALL, "rightArm": ALL}, 316.0,
              292.0 / 316.0, 0.25, _DUARTE + ": shifting every 316 +- 292 s front to back"),
    ChangeRow("fidget", FIDGET, {"leftArm": _DISTAL, "rightArm": _DISTAL}, 54.0, 0.8, 0.3,
              _DUARTE + ": fidgeting every 49-59 s; the spread is ours, long-tailed "
                        "like the shifts'"),
    # People's arms set off together more often than their own timings give by chance
    # (the genuine ReActIdle people: 0.17 of their gross moves' onsets above chance at the
    # median, -0.01 to 0.53; issue 32), as when a weight shift carries both arms. Pepper's
    # arms, each on its own timing, read none above chance. Every 15 gestureDurations
    # (15 s at the neutral mood; counted as the holds are, together.py) on average both
    # arms end their holds (those past HOLD_FLOOR) and set off (together.py); the
    # intervals' spread that of a memoryless process (a CV of 1), so that the moments
    # keep no clock. Every 10 s cut more long holds short than people's pauses allow (a
    # pause CV of 1.49 against their 1.47-2.56, and 42 gross moves a minute at arousal 1,
    # their most active person's); every 15, 0.07 above chance (make people, seeds 13-20).
    ChangeRow("both arms together", TOGETHER, {"leftArm": ALL, "rightArm": ALL},
              15.0, 1.0, None, "ReActIdle (Atxa Landa et al. 2025): the arms' coupling "
                               "above chance, 0.17 (-0.01 to 0.53) of their onsets"),
)
# Between two shifts the rest creeps on, to at most DRIFT of a shift's size from where
# the shift put it by the next one (Duarte & Zatsiorsky's drifting: a slow continuous
# displacement), in steps of DRIFT_STEP s (each rest posture is checked once).
DRIFT = 0.3
DRIFT_STEP = 10.0
# A fidget alone: Pepper alone for long fidgets this many times as often (people's
# fidgeting rises with inattention and mind wandering: Carriere, Seli & Smilek, Can J Exp
# Psychol 2013;67:19). The schedule is drawn at that rate; with someone around each
# fidget is kept with probability 1 / ALONE_FIDGETS.
ALONE_FIDGETS = 1.5
SHIFTS = tuple(row for row in TABLE if row.kind == SHIFT)
FIDGETS = tuple(row for row in TABLE if row.kind == FIDGET)
TOGETHERS = tuple(row for row in TABLE if row.kind == TOGETHER)

# Blocks drawn lately, shared by the plans (every plan and hold asks): (what, seed, block)
# -> its draws; at most BLOCKS_KEPT kept.
_BLOCKS = {}
BLOCKS_KEPT = 32


def _cached(key, draw):
    found = _BLOCKS.get(key)
    if found is None:
        found = draw()
        if len(_BLOCKS) >= BLOCKS_KEPT:
            _BLOCKS.clear()
        _BLOCKS[key] = found
    return found


class Schedule(object):
    """The events of ``row`` in the round of schedule ``seed``: the same times for every
    group (the body shifts as one), each event's draws per group its own."""

    def __init__(self, row, seed):
        self.row = row
        self._seed = human_timing.seed_of(row.name) ^ seed
        self._rate = ALONE_FIDGETS if row.kind == FIDGET else 1.0

    def times(self, block):
        """The event times in ``block``, increasing."""
        def draw():
            rng = human_timing.block_rng(self._seed, block)
            found, moment = [], block * BLOCK + self.row.gap(rng) / self._rate
            while moment < (block + 1) * BLOCK:
                found.append(moment)
                moment += self.row.gap(rng) / self._rate
            return np.array(found)
        return _cached(("times", self._seed, block), draw)

    def draws(self, group, block, size):
        """Per event of ``block``: ``size`` uniform draws in [0, 1) for ``group``."""
        def draw():
            rng = human_timing.block_rng(self._seed ^ human_timing.seed_of(group), block)
            return rng.uniform(size=(len(self.times(block)), size))
        return _cached(("draws", self._seed, group, block, size), draw)

    def latest(self, t):
        """(block, index, time) of the last event at or before ``t``; None before the
        first."""
        block = int(math.floor(t / BLOCK))
        while block >= 0:
            times = self.times(block)
            index = int(np.searchsorted(times, t, side="right")) - 1
            if index >= 0:
                return block, index, float(times[index])
            block -= 1
        return None

    def following(self, block, index):
        """The time of the event after event ``index`` of ``block``."""
        while True:
            times = self.times(block)
            if index + 1 < len(times):
                return float(times[index + 1])
            block, index = block + 1, -1

    def events(self, start, end):
        """The events in (start, end]: (block, index, time) each."""
        found = []
        block = int(math.floor(start / BLOCK))
        while block * BLOCK <= end:
            found.extend((block, index, float(moment))
                         for index, moment in enumerate(self.times(block))
                         if start < moment <= end)
            block += 1
        return found

    def between(self, start, end):
        """The event times in (start, end]."""
        return [moment for _block, _index, moment in self.events(start, end)]
