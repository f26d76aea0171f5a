"""The named ports the engine's composition root (engine.motion_engine.MotionEngine)
wires its parts with: each names what a part needs from outside it, in place of a long
list of positional arguments."""
from __future__ import absolute_import, division, print_function

import collections

# NAOqi as the engine meets it: ``motion`` (ALMotion), ``memory`` (ALMemory or None),
# ``life`` (ALAutonomousLife or None), ``services`` ({name: proxy or None}:
# ALPeoplePerception, ALEngagementZones, ALMood) and ``sources`` (what the robot provides
# for each reaction: naoqi.contract.look_up's, or None).
Robot = collections.namedtuple("Robot", "motion memory life services sources")

# Where time and words go: ``clock`` (foundation.clock) and ``log`` (a logger).
Runtime = collections.namedtuple("Runtime", "clock log")

# What a round's workers perceive: ``signal`` (live_signal.LiveSignal: what the mood and
# the context ask of the motion now), ``own_state`` (own_state.OwnState: what Pepper's body
# allows now), ``speaking()`` (whether Pepper speaks) and ``bell`` (bell.Bell: rung when
# they must look again, heard while the round runs).
Senses = collections.namedtuple("Senses", "signal own_state speaking bell")

# What a round's monitors watch: ``keeper`` (life.BackgroundMovementKeeper),
# ``life_period()`` (s between BackgroundMovement checks with no Autonomous Life event),
# ``memory`` (ALMemory or None, for the motors' heat) and ``heat`` (heat.HeatRecord: what
# the engine's rounds read of it, one after the other).
Watch = collections.namedtuple("Watch", "keeper life_period memory heat")
