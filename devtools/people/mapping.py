"""A person's arms, torso and knees mapped onto Pepper's joints, from the bone directions
of a BVH clip (bvh.py): the angles Pepper would have to command to hold the person's
posture, frame by frame.

Python 2.7/3 single-source, numpy 1.8 APIs. Only bone directions are used: ReActIdle
captures no twist about a bone (no wrists, no hands, no reliable forearm twist). Pepper's
frames (its URDF): x forward, y left, z up, each joint a right-handed rotation (pitch
about y, roll about z for the arms and about x for the hip). ReActIdle's skeleton stands
with y up, z forward and x to its left (its feet point to +z, its left arm lies at +x), so
a vector (x, y, z) of the clip is (z, x, y) in Pepper's axes, a rotation, not a mirror.

* Arms, in the chest's frame (spine.001's rotation): Pepper's upper arm points along
  R_y(ShoulderPitch) R_z(ShoulderRoll) x, i.e. (cos r cos p, sin r, -cos r sin p); so
  ShoulderRoll = asin(u_y) and ShoulderPitch = atan2(-u_z, u_x) of the upper arm's
  direction u (both sides: Pepper's right ShoulderRoll is negative outward as u_y is).
  In the upper arm's frame the forearm points along R_x(ElbowYaw) R_z(ElbowRoll) x =
  (cos e, sin e cos y, sin e sin y): ElbowRoll is minus (left) or plus (right) the
  elbow's flexion, and ElbowYaw the angle of the plane the elbow bends in, defined only
  when the elbow bends: below MIN_FLEXION it is NaN (a straight arm has no bending
  plane, and the capture's jitter turns it at random).
* HipPitch, HipRoll: the torso against the pelvis, the direction from the spine's base to
  the neck in the pelvis's frame (pelvis's rotation), as Pepper's torso tilts on its hip:
  HipPitch positive forward (R_y), HipRoll positive to the right (R_x).
* KneePitch: the knees' flexion (the angle between thigh and shin), both knees' mean.
"""
from __future__ import absolute_import, division, print_function

import collections

import numpy as np

from people import bvh

# rad: an elbow bent less than this has no bending plane worth reading (ElbowYaw is NaN):
# at 0.2 rad, 1 cm of jitter at the wrist across the forearm turns the plane by 0.2 rad.
MIN_FLEXION = 0.2
# The bones, as (from joint, to joint) of ReActIdle's skeleton.
CHEST = "spine.001"
PELVIS = "pelvis"
TORSO = ("spine", "neck")
UPPER_ARM = {"L": ("upper_arm.L", "forearm.L"), "R": ("upper_arm.R", "forearm.R")}
FOREARM = {"L": ("forearm.L", "forearm.L" + bvh.END), "R": ("forearm.R", "forearm.R" + bvh.END)}
THIGH = {"L": ("thigh.L", "shin.L"), "R": ("thigh.R", "shin.R")}
SHIN = {"L": ("shin.L", "foot.L"), "R": ("shin.R", "foot.R")}
ARM_SUFFIXES = ("ShoulderPitch", "ShoulderRoll", "ElbowRoll", "ElbowYaw")
LEG_JOINTS = ("HipPitch", "HipRoll", "KneePitch")
# Pepper's axes (forward, left, up) from the clip's (x, y, z) = (left, up, forward).
TO_PEPPER = np.array([[0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]])


def _unit(vectors):
    return vectors / np.sqrt(np.sum(vectors ** 2, axis=-1))[..., np.newaxis]


def bone(clip, posed, ends):
    """The direction of the bone ``ends`` (from joint, to joint) per frame, world frame."""
    first, last = clip.index(ends[0]), clip.index(ends[1])
    return _unit(posed.positions[:, last] - posed.positions[:, first])


def in_frame(rotations, vectors):
    """``vectors`` (frames, 3; world) in the frames ``rotations`` (frames, 3, 3) give,
    in Pepper's axes."""
    local = np.einsum("fji,fj->fi", rotations, vectors)  # R^T v
    return np.einsum("ij,fj->fi", TO_PEPPER, local)


def _angle_between(first, second):
    return np.arccos(np.clip(np.sum(first * second, axis=-1), -1.0, 1.0))


def arm(upper, fore, side):
    """(ShoulderPitch, ShoulderRoll, ElbowRoll, ElbowYaw) arrays of ``side``'s arm ("L" or
    "R") from the upper arm's and forearm's directions (frames, 3) in the chest's frame,
    Pepper's axes."""
    pitch = np.arctan2(-upper[:, 2], upper[:, 0])
    roll = np.arcsin(np.clip(upper[:, 1], -1.0, 1.0))
    # The forearm in the upper arm's frame A = R_y(pitch) R_z(roll): A^T f.
    cos_p, sin_p, cos_r, sin_r = np.cos(pitch), np.sin(pitch), np.cos(roll), np.sin(roll)
    axis_x = np.array([cos_r * cos_p, sin_r, -cos_r * sin_p]).T
    axis_y = np.array([-sin_r * cos_p, cos_r, sin_r * sin_p]).T
    axis_z = np.array([sin_p, np.zeros(len(pitch)), cos_p]).T
    along = np.sum(fore * axis_x, axis=1)
    across = (np.sum(fore * axis_y, axis=1), np.sum(fore * axis_z, axis=1))
    flexion = np.arccos(np.clip(along, -1.0, 1.0))
    sign = -1.0 if side == "L" else 1.0
    # sin(ElbowRoll) has the side's sign: divide it out of (sin e cos y, sin e sin y).
    yaw = np.arctan2(sign * across[1], sign * across[0])
    yaw[flexion < MIN_FLEXION] = np.nan
    return pitch, roll, sign * flexion, yaw


def angles(clip, posed=None):
    """Pepper's joint angles (rad) holding the person's posture at every frame of ``clip``:
    an OrderedDict joint -> array, the arms' joints (L then R, ARM_SUFFIXES) then
    LEG_JOINTS."""
    posed = posed or bvh.pose(clip)
    chest = posed.rotations[:, clip.index(CHEST)]
    found = collections.OrderedDict()
    for side in "LR":
        upper = in_frame(chest, bone(clip, posed, UPPER_ARM[side]))
        fore = in_frame(chest, bone(clip, posed, FOREARM[side]))
        for suffix, values in zip(ARM_SUFFIXES, arm(upper, fore, side)):
            found[side + suffix] = values
    torso = in_frame(posed.rotations[:, clip.index(PELVIS)], bone(clip, posed, TORSO))
    found["HipPitch"] = np.arctan2(torso[:, 0], torso[:, 2])
    found["HipRoll"] = np.arctan2(-torso[:, 1], torso[:, 2])
    found["KneePitch"] = np.mean([_angle_between(bone(clip, posed, THIGH[side]),
                                                 bone(clip, posed, SHIN[side]))
                                  for side in "LR"], axis=0)
    return found
