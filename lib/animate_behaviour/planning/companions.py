"""The lifelike style's arm moves as the round's schedule, so that the rest of the body
can carry each a little (issue 39): a person's arm seldom moves alone, the other arm and
the trunk go with it a little, at the same moment and as long. Each arm's own moves begin
at its onsets here (lifelike.py), a renewal of human_timing's holds plus a move's length
(MOVE) in gestureDurations, so its holds and moves are drawn as they were; the
other arm (lifelike_hold.py) and the legs (lifelike_legs.py), holding then, make a small
companion move at the same onsets, as long: at the onsets the mood's share carries (the
live signal's ``companions``, mood_table.py: all at arousal 0, fewer as it rises, none at
-1), each onset's own draw under the share. A schedule of the round's seed, a function of
its time, keeps the streams independent and deterministic; its gaps are memoryless and
each arm's its own, so no clock is shared. Times in robot seconds since the round began.
"""
from __future__ import absolute_import, division, print_function

import math

import numpy as np

from animate_behaviour.planning import human_timing, joints, posture_shifts, trajectory

ARMS = ("leftArm", "rightArm")
# An arm's moves in multiples of gestureDuration (at least what maxVelocityFraction
# needs): brief and quick, as people's are: the genuine idle people's gross arm moves last
# 0.29-1.78 s (10th to 90th percentile, median 0.58; ReActIdle as devtools/people reads
# it, issue 32). A call of 0.3-0.8 s reads as that long a move: an eased move stays above
# half its peak speed for most of it. (Before issue 32: 1.5-3, after the best open idle
# generator found, whose arms drift from rest to rest and read 0.003 rad/s at the median
# against people's 0.007-0.099.) Holds are human_timing's.
MOVE = (0.3, 0.8)
# gestureDurations of a schedule per block (each block drawn from a generator of its own).
BLOCK = 1200.0
# How far a companion move goes, as a share of the way from the pose to a random point
# in Table 1's bounds: the other arm's, and the legs'. Offline, a quarter of the other
# arm's motion and a tenth of both arms' in the trunk brought both correlations' own
# AUCs into people's 0.3-0.7 (seed 13, docs/people.md). Here, with the breathing
# ShoulderPitch left out, a quarter read the arms' correlation's AUC 0.22, a half 0.36
# and 0.4 0.31 (a half took arousal 1's gross moves above the most active person's); the
# legs' band is narrow, and a tenth of it left arm-torso at 0.05, 0.6 at 0.15-0.23 (make
# people's two-sample test, seed 13, (0, 0)).
ARM_SHARE = 0.4
LEG_SHARE = 0.6
# Times a companion move is lengthened to what its key, the breath at its end included,
# needs (as lifelike.TIMING_TRIES): beyond, it is left out.
TIMING_TRIES = 3
# Points drawn for a companion move before leaving it out (its group's checks: the hands
# clear of the pelvis, the torso upright).
TARGET_TRIES = 5

# Blocks drawn lately: (seed, block) -> (onsets, move lengths, accompanied draws), the
# first two in gestureDurations.
_BLOCKS = {}
BLOCKS_KEPT = 16


class Onsets(object):
    """The move onsets of the arm ``name`` in the round of schedule ``seed``, each with a
    uniform draw of its own that says whether the mood's share (the live signal's
    ``companions``) accompanies it: the same for every stream."""

    def __init__(self, name, seed):
        self._seed = human_timing.seed_of("onsets " + name) ^ seed
        self._draws = human_timing.seed_of("accompanied " + name) ^ seed

    def _block(self, block):
        key = (self._seed, block)
        if key not in _BLOCKS:
            if len(_BLOCKS) >= BLOCKS_KEPT:
                _BLOCKS.clear()
            rng = human_timing.block_rng(self._seed, block)
            onsets, lengths, moment = [], [], block * BLOCK
            while True:
                moment += human_timing.hold(rng)
                if moment >= (block + 1) * BLOCK:
                    break
                length = rng.uniform(*MOVE)
                onsets.append(moment)
                lengths.append(length)
                moment += length
            # Drawn apart, so that the onsets are the same whatever the share.
            draws = human_timing.block_rng(self._draws, block).uniform(size=len(onsets))
            _BLOCKS[key] = (np.array(onsets), np.array(lengths), draws)
        return _BLOCKS[key]

    def first(self, start, gesture_duration, share=1.0):
        """(time, move length (s)) of the first onset at or after ``start`` at
        ``gesture_duration`` (s), the schedule's read in gestureDurations, among those a
        ``share`` (0 to 1) accompanies; (inf, None) where it accompanies none."""
        if share <= 0.0:
            return float("inf"), None
        units = start / gesture_duration
        block = int(math.floor(units / BLOCK))
        while True:
            onsets, lengths, draws = self._block(block)
            index = int(np.searchsorted(onsets, units - 1e-9))
            while index < len(onsets) and draws[index] >= share:
                index += 1
            if index < len(onsets):
                return onsets[index] * gesture_duration, lengths[index] * gesture_duration
            block += 1


class Companions(object):
    """The onsets the group ``name`` accompanies: the other arm's for an arm, both arms'
    for the legs, in the round of schedule ``seed``, as many as the mood's share."""

    def __init__(self, name, seed):
        self._onsets = [Onsets(arm, seed) for arm in ARMS if arm != name]
        self.share = LEG_SHARE if name not in ARMS else ARM_SHARE

    def first(self, start, signal):
        """(time, move length (s)) of the first onset at or after ``start`` that the live
        ``signal`` (live_signal.Reading, as the arms read it: their gestureDuration, and
        the mood's share of onsets accompanied) has accompanied; (inf, None) if none."""
        return min(onsets.first(start, signal.gesture_duration, signal.companions)
                   for onsets in self._onsets)


def reach(now, rng, share, length, shape, breathing, breath, longest):
    """A companion move of the stream at ``now`` (lifelike_now.Now) as long as an onset's
    move of ``length`` s: ``share`` of the way from the pose to a point drawn with ``rng``
    in Table 1's bounds (left room for the breath), to be reached with the ``breath``
    (breath.Breath) at its end, lengthened as the velocity limit needs up to ``longest``
    s, its call (the joints it moves, every joint but the hand's and the breath's, and the
    breath's) passing the group's checks with what it commands (Now.clear): (the call's
    joints, None for all; its key, the breath included; its target, breath left out; its
    duration), or None where it does not fit."""
    pose = now.pose
    room = posture_shifts.Room(shape, shape.lower, shape.upper, breathing.lifted)
    moved = moving(shape.names, breathing.joints)
    called = tuple(sorted(set(moved) | set(breathing.joints)))
    called = None if len(called) == len(pose) else called
    for _attempt in range(TARGET_TRIES):
        point = room.lower + rng.uniform(size=len(pose)) * (room.upper - room.lower)
        target = pose.copy()
        target[list(moved)] += share * (point - pose)[list(moved)]
        along = pose + trajectory.SEGMENT_FRACTIONS[:, np.newaxis] * (target - pose)
        if room.first_fitting(target[np.newaxis, :]) is None or \
                not shape.acceptable(along).all():
            continue
        timed = _timed(now, target, length, shape, breathing, breath, longest)
        if timed is None:
            return None
        duration = timed[1]
        angles = target + breathing.offsets * breath.depth_at(now.at + duration)
        if now.clear(angles, shape, called):
            return called, angles, target, duration
    return None


def moving(names, breathing):
    """The indices of ``names`` (a group's joints) a companion move moves: all but the
    hand's (an arm's hand does not follow the other arm) and ``breathing``'s (the
    breathing ShoulderPitch keep the breath alone, so that it reads between moves as it
    was drawn; moved too, the breath read at 18 a minute where drawn at 13.5)."""
    return tuple(index for index, name in enumerate(names)
                 if name not in joints.HAND_JOINTS and index not in breathing)


def _timed(now, target, length, shape, breathing, breath, longest):
    """(``target``, the s to it: ``length``, lengthened as the velocity limit needs with
    the breath at its end, up to ``longest``), or None (not even ``length`` fits: a
    companion is as long as its onset's move)."""
    if length > longest + 1e-9:
        return None
    duration = length
    for _attempt in range(TIMING_TRIES):
        angles = target + breathing.offsets * breath.depth_at(now.at + duration)
        needed = now.needed(angles - now.commanded, shape)
        if needed <= duration:
            return target, duration
        if needed > longest:
            return None
        duration = needed
    return None
