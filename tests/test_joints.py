from __future__ import absolute_import, division, print_function

import logging
import sys

import pytest

from animate_behaviour.naoqi.limits import read_limits
from animate_behaviour.planning import groups, joints

NO_HANDS = [name for name in joints.ANIMATED_JOINTS if name not in joints.HAND_JOINTS]


def owned(built):
    return [name for _row, members in built for name in members]


def named(behaviour, platform):
    """groups.joint_groups as {group name: joints}."""
    return dict((row.name, members) for row, members in groups.joint_groups(behaviour, platform))


@pytest.mark.parametrize("platform", [joints.ANIMATED_JOINTS, NO_HANDS])
@pytest.mark.parametrize("behaviour", ["body", "hands", "rotation", "all"])
def test_groups_never_touch_the_head_nor_share_a_joint(behaviour, platform):
    names = owned(groups.joint_groups(behaviour, platform))
    assert len(names) == len(set(names))
    assert not set(names) & set(joints.HEAD_JOINTS)
    assert set(names) <= set(platform)


def test_groups_per_behaviour_on_the_robot():
    robot = joints.ANIMATED_JOINTS
    assert named("hands", robot) == {"leftArm": ["LHand"], "rightArm": ["RHand"]}
    body = named("body", robot)
    assert body["leftArm"] == ["LShoulderPitch", "LShoulderRoll", "LElbowYaw", "LElbowRoll",
                               "LWristYaw", "LHand"]
    assert body["rightArm"] == [name.replace("L", "R", 1) for name in body["leftArm"]]
    assert body["legs"] == ["HipRoll", "HipPitch", "KneePitch"]
    assert groups.joint_groups("rotation", robot) == []
    assert named("all", robot) == body
    assert joints.moves_base("all") and joints.moves_base("rotation")
    assert not joints.moves_base("body") and not joints.moves_base("hands")


def test_hands_flex_through_elbow_roll_and_wrist_yaw_without_hand_actuators():
    assert named("hands", NO_HANDS) == {"leftArm": ["LElbowRoll", "LWristYaw"],
                                        "rightArm": ["RElbowRoll", "RWristYaw"]}
    # With the arms moving too, the flex joints are owned once.
    both = named("all", NO_HANDS)
    assert set(both["leftArm"] + both["rightArm"]) == set(joints.ARM_JOINTS)


class Limits(object):
    def __init__(self, replies):
        self.replies = replies

    def getLimits(self, name):
        reply = self.replies[name]
        if isinstance(reply, Exception):
            raise reply
        return reply


def test_read_limits_prefers_almotion_and_falls_back(caplog):
    motion = Limits({"LHand": [[0.0, 1.0, 12.0, 0.1]],
                     "RHand": RuntimeError("ALMotion is busy"),
                     "HipRoll": [[0.5, -0.5, 1.0, 0.0]]})
    logger = logging.getLogger("test.limits")
    with caplog.at_level(logging.WARNING):
        limits = read_limits(motion, ["LHand", "RHand", "HipRoll"], logger)
    assert limits["LHand"] == joints.JointLimit(0.0, 1.0, 12.0)
    assert limits["RHand"] == joints.URDF_LIMITS["RHand"]
    assert limits["HipRoll"] == joints.URDF_LIMITS["HipRoll"]
    assert "RHand (ALMotion is busy)" in caplog.text
    assert "HipRoll (nonsensical limits" in caplog.text


def test_joint_table_matches_the_urdf_in_the_qibullet_wheel():
    if sys.version_info[0] < 3:
        pytest.skip("3.9 lane only: pepper.urdf comes in the qibullet wheel, installed there "
                    "for the simulator")
    qibullet = pytest.importorskip("qibullet")
    import os
    import xml.etree.ElementTree as ElementTree
    urdf = os.path.join(os.path.dirname(qibullet.__file__), "robot_data", "pepper.urdf")
    found = {}
    for joint in ElementTree.parse(urdf).getroot().iter("joint"):
        limit = joint.find("limit")
        if joint.get("name") in joints.URDF_LIMITS and limit is not None:
            found[joint.get("name")] = joints.JointLimit(
                float(limit.get("lower")), float(limit.get("upper")), float(limit.get("velocity")))
    assert set(found) == set(joints.ALL_JOINTS)
    for name, limit in found.items():
        assert joints.URDF_LIMITS[name] == pytest.approx(limit, abs=1e-5), name
    for name, angle in joints.STAND_POSTURE.items():
        assert found[name].minimum <= angle <= found[name].maximum, name
