"""Reading BVH motion capture (ReActIdle's clips, gzip or plain) into joint rotations and
positions.

Python 2.7/3 single-source, numpy 1.8 APIs. A BVH file has a HIERARCHY (each joint's
parent, OFFSET and CHANNELS) and a MOTION block (one line of channel values per frame).
Each joint lists its own channels in its own order: ReActIdle's shoulders rotate
"Yrotation Xrotation Zrotation", the rest "Xrotation Yrotation Zrotation", so the order is
read per joint, never assumed. A joint's local rotation is the product of its rotation
channels in the order listed (v' = R1 R2 R3 v: the BVH convention), angles in degrees; its
translation from its parent is its position channels where it has them (they replace its
OFFSET: ReActIdle writes them on most joints) and its OFFSET otherwise. An End Site is a
joint of its own here, named after its parent with END appended, so the last bone of a
chain has a direction too.
"""
from __future__ import absolute_import, division, print_function

import collections
import gzip
import io

import numpy as np

END = "/end"
AXES = "XYZ"

# One joint: its name, its parent's index (-1 for the root), its OFFSET (3,) and its
# channels (names as written, e.g. "Zrotation").
Joint = collections.namedtuple("Joint", "name parent offset channels")


class BvhError(ValueError):
    """A file that is not BVH as this reader understands it; the message says where."""


class Clip(object):
    """A parsed clip: ``joints`` (Joint, parents before children), ``frame_time`` (s) and
    ``values`` (frames, channels), the channels in the order the joints list them."""

    def __init__(self, joints, frame_time, values, source):
        self.joints = list(joints)
        self.frame_time = float(frame_time)
        self.values = values
        self.source = source
        self.names = [joint.name for joint in self.joints]
        self._first = []  # each joint's first column in ``values``
        column = 0
        for joint in self.joints:
            self._first.append(column)
            column += len(joint.channels)

    @property
    def rate(self):
        return 1.0 / self.frame_time

    def index(self, name):
        if name not in self.names:
            raise KeyError("%s has no joint %r (it has %s)"
                           % (self.source, name, ", ".join(self.names)))
        return self.names.index(name)

    def channel(self, joint, name):
        """The values of ``joint``'s (index) channel ``name`` over the frames, or None."""
        channels = self.joints[joint].channels
        if name not in channels:
            return None
        return self.values[:, self._first[joint] + channels.index(name)]


def read(path):
    """The Clip in ``path`` (gzip-compressed if it ends in .gz)."""
    opener = gzip.open if path.endswith(".gz") else io.open
    with opener(path, "rb") as handle:
        text = handle.read().decode("ascii")
    return parse(text, path)


def parse(text, source="<text>"):
    """The Clip that ``text`` (a whole BVH file) holds; ``source`` names it in errors."""
    tokens = text.split()
    if not tokens or tokens[0] != "HIERARCHY":
        raise BvhError("%s: does not begin with HIERARCHY" % source)
    joints, position = _hierarchy(tokens, 1, source)
    return _motion(tokens, position, joints, source)


def _expect(tokens, position, word, source):
    if position >= len(tokens) or tokens[position] != word:
        found = tokens[position] if position < len(tokens) else "the end of the file"
        raise BvhError("%s: expected %s, found %s (token %d)" % (source, word, found, position))
    return position + 1


def _numbers(tokens, position, count, source, what):
    try:
        return [float(token) for token in tokens[position:position + count]], position + count
    except ValueError:
        raise BvhError("%s: %s is not %d numbers: %s" % (
            source, what, count, " ".join(tokens[position:position + count])))


def _hierarchy(tokens, position, source):
    """(joints, the position after the hierarchy) from ROOT on."""
    joints, parents = [], []  # parents: the stack of open joints' indices
    while position < len(tokens) and tokens[position] != "MOTION":
        word = tokens[position]
        if word in ("ROOT", "JOINT", "End"):
            if word == "ROOT" and joints:
                raise BvhError("%s: a second ROOT (token %d): one skeleton per file"
                               % (source, position))
            if word != "ROOT" and not parents:
                raise BvhError("%s: %s outside ROOT (token %d)" % (source, word, position))
            name = tokens[position + 1]
            if word == "End":
                name = joints[parents[-1]].name + END
            position = _expect(tokens, position + 2, "{", source)
            position = _expect(tokens, position, "OFFSET", source)
            offset, position = _numbers(tokens, position, 3, source, name + "'s OFFSET")
            channels = []
            if word != "End":
                position = _expect(tokens, position, "CHANNELS", source)
                count, position = _numbers(tokens, position, 1, source,
                                           name + "'s channel count")
                channels = tokens[position:position + int(count[0])]
                position += int(count[0])
                unknown = [channel for channel in channels
                           if channel[1:] not in ("position", "rotation")
                           or channel[0] not in AXES]
                if unknown:
                    raise BvhError("%s: %s has unknown channels %s"
                                   % (source, name, ", ".join(unknown)))
            joints.append(Joint(name, parents[-1] if parents else -1,
                                np.array(offset), tuple(channels)))
            parents.append(len(joints) - 1)
        elif word == "}":
            if not parents:
                raise BvhError("%s: unbalanced } (token %d)" % (source, position))
            parents.pop()
            position += 1
        else:
            raise BvhError("%s: unexpected %r in the hierarchy (token %d)"
                           % (source, word, position))
    if not joints:
        raise BvhError("%s: no ROOT in the hierarchy" % source)
    if parents:
        raise BvhError("%s: the hierarchy ends with %d joint(s) open" % (source, len(parents)))
    return joints, position


def _motion(tokens, position, joints, source):
    position = _expect(tokens, position, "MOTION", source)
    position = _expect(tokens, position, "Frames:", source)
    frames, position = _numbers(tokens, position, 1, source, "the frame count")
    position = _expect(tokens, position, "Frame", source)
    position = _expect(tokens, position, "Time:", source)
    frame_time, position = _numbers(tokens, position, 1, source, "the frame time")
    if not frame_time[0] > 0.0:
        raise BvhError("%s: the frame time must be positive, got %r" % (source, frame_time[0]))
    width = sum(len(joint.channels) for joint in joints)
    count = int(frames[0])
    values = tokens[position:]
    if len(values) != count * width:
        raise BvhError("%s: %d frames of %d channels need %d values, found %d"
                       % (source, count, width, count * width, len(values)))
    try:
        array = np.array(values, dtype=float).reshape(count, width)
    except ValueError:
        raise BvhError("%s: the MOTION block holds something that is not a number" % source)
    return Clip(joints, frame_time[0], array, source)


def axis_rotations(axis, degrees):
    """Rotation matrices (frames, 3, 3) about ``axis`` ("X", "Y" or "Z") by ``degrees``."""
    radians = np.radians(degrees)
    cos, sin = np.cos(radians), np.sin(radians)
    matrices = np.zeros((len(radians), 3, 3))
    first, second = [(1, 2), (2, 0), (0, 1)][AXES.index(axis)]
    which = AXES.index(axis)
    matrices[:, which, which] = 1.0
    matrices[:, first, first] = cos
    matrices[:, first, second] = -sin
    matrices[:, second, first] = sin
    matrices[:, second, second] = cos
    return matrices


def _product(left, right):
    return np.einsum("fij,fjk->fik", left, right)


def local_rotation(clip, joint):
    """``joint``'s (index) rotation against its parent, per frame (frames, 3, 3)."""
    rotation = np.tile(np.eye(3), (len(clip.values), 1, 1))
    for name in clip.joints[joint].channels:
        if name.endswith("rotation"):
            rotation = _product(rotation, axis_rotations(name[0], clip.channel(joint, name)))
    return rotation


def local_translation(clip, joint):
    """``joint``'s (index) translation from its parent, per frame (frames, 3)."""
    translation = np.tile(clip.joints[joint].offset, (len(clip.values), 1))
    for column, axis in enumerate(AXES):
        values = clip.channel(joint, axis + "position")
        if values is not None:
            translation[:, column] = values
    return translation


# Every joint's global ``rotations`` (frames, joints, 3, 3) and ``positions`` (frames,
# joints, 3), in the clip's units and axes.
Pose = collections.namedtuple("Pose", "rotations positions")


def pose(clip):
    """Forward kinematics of every frame of ``clip``: its Pose."""
    count, size = len(clip.values), len(clip.joints)
    rotations = np.zeros((count, size, 3, 3))
    positions = np.zeros((count, size, 3))
    for index, joint in enumerate(clip.joints):
        translation = local_translation(clip, index)
        local = local_rotation(clip, index)
        if joint.parent < 0:
            rotations[:, index] = local
            positions[:, index] = translation
            continue
        parent = rotations[:, joint.parent]
        rotations[:, index] = _product(parent, local)
        positions[:, index] = positions[:, joint.parent] + np.einsum("fij,fj->fi", parent,
                                                                     translation)
    return Pose(rotations, positions)
