"""Pepper's joint model: limits, maximum velocities, the Stand posture, the joint families.

Limits and velocities are those of ``pepper.urdf`` shipped in the qibullet wheel
(radians, rad/s). On a live robot ``ALMotion.getLimits`` supersedes them
(naoqi.limits).
"""
from __future__ import absolute_import, division, print_function

import collections

JointLimit = collections.namedtuple("JointLimit", "minimum maximum max_velocity")

# name: (min rad, max rad, max velocity rad/s, Stand posture rad)
_PEPPER = collections.OrderedDict([
    ("HeadYaw", (-2.08567, 2.08567, 7.33998, -0.0077)),
    ("HeadPitch", (-0.706858, 0.637045, 9.22756, -0.2117)),
    ("HipRoll", (-0.514872, 0.514872, 2.27032, -0.0046)),
    ("HipPitch", (-1.03847, 1.03847, 2.93276, -0.0261)),
    ("KneePitch", (-0.514872, 0.514872, 2.93276, 0.0)),
    ("LShoulderPitch", (-2.08567, 2.08567, 7.33998, 1.5800)),
    ("LShoulderRoll", (0.00872665, 1.56207, 9.22756, 0.1166)),
    ("LElbowYaw", (-2.08567, 2.08567, 7.33998, -1.2180)),
    ("LElbowRoll", (-1.56207, -0.00872665, 9.22756, -0.5185)),
    ("LWristYaw", (-1.82387, 1.82387, 17.3835, -0.0307)),
    ("LHand", (0.02, 0.98, 12.56, 0.5896)),
    ("RShoulderPitch", (-2.08567, 2.08567, 7.33998, 1.5800)),
    ("RShoulderRoll", (-1.56207, -0.00872665, 9.22756, -0.1150)),
    ("RElbowYaw", (-2.08567, 2.08567, 7.33998, 1.2257)),
    ("RElbowRoll", (0.00872665, 1.56207, 9.22756, 0.5185)),
    ("RWristYaw", (-1.82387, 1.82387, 17.3835, 0.0276)),
    ("RHand", (0.02, 0.98, 12.56, 0.5888)),
])

ALL_JOINTS = tuple(_PEPPER)
HEAD_JOINTS = ("HeadYaw", "HeadPitch")
# Order of armMaximumRange in the configuration (the seed's order).
ARM_SUFFIXES = ("ShoulderPitch", "ShoulderRoll", "ElbowRoll", "ElbowYaw", "WristYaw")
LEG_JOINTS = ("HipPitch", "HipRoll", "KneePitch")
HAND_JOINTS = ("LHand", "RHand")
# Without hand actuators, hands "flex" through these arm joints (the seed's simulator note).
HAND_FLEX_SUFFIXES = ("ElbowRoll", "WristYaw")
ARM_JOINTS = tuple(side + suffix for side in "LR" for suffix in ARM_SUFFIXES)
# The base's wheels: their motors' heat rests the base's turns.
WHEELS = ("WheelFL", "WheelFR", "WheelB")
# Every joint this package may ever command: all of Pepper but the head.
ANIMATED_JOINTS = tuple(name for name in ALL_JOINTS if name not in HEAD_JOINTS)

STAND_POSTURE = dict((name, entry[3]) for name, entry in _PEPPER.items())
URDF_LIMITS = dict((name, JointLimit(*entry[:3])) for name, entry in _PEPPER.items())


def chain_of(joint):
    """The ALMotion chain of ``joint``: "Head", "LArm", "RArm" or "Leg" (the Pepper DCM
    page's chains: docs/naoqi.md, "Pepper's own day")."""
    if joint in HEAD_JOINTS:
        return "Head"
    if joint in LEG_JOINTS or joint in WHEELS:
        return "Leg"
    return joint[0] + "Arm"


def arm_suffix(joint):
    """Return the side-less arm joint name ("LElbowRoll" -> "ElbowRoll")."""
    return joint[1:]


def hand_joints(platform_joints):
    """Joints that make the hands move: LHand/RHand where the platform has them,
    otherwise that side's ElbowRoll and WristYaw (the seed's simulator note)."""
    names = []
    for side in "LR":
        hand = side + "Hand"
        if hand in platform_joints:
            names.append(hand)
        else:
            names.extend(side + suffix for suffix in HAND_FLEX_SUFFIXES)
    return [name for name in names if name in platform_joints]


def yields_to_speech(names):
    """Whether a group moving ``names`` leaves them free while Pepper speaks: animated
    speech gestures with the arms and hands."""
    return any(name in ARM_JOINTS or name in HAND_JOINTS for name in names)


def moves_base(behaviour):
    """Whether the behaviour turns the base."""
    return behaviour in ("rotation", "all")
