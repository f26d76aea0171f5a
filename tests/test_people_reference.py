"""The people reference's reading of its data (issue 32), both lanes: BVH parsing with each
joint's own channel order, the mapping of bone directions onto Pepper's joints, BDS's
centre-of-pressure files and where the data is looked for. On small synthetic files in
tests/data whose angles are known by construction (people_skeleton.bvh: a T-pose; arms
hanging, elbows bent 30 degrees forward, torso pitched 10, knees bent 20; torso rolled 5;
the second pose again with the whole body turned and moved)."""
from __future__ import absolute_import, division, print_function

import gzip
import math
import os
import shutil

import numpy as np
import pytest

from people import bvh, cop, data, mapping, reference

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
SKELETON = os.path.join(DATA, "people_skeleton.bvh")
TRIAL = os.path.join(DATA, "people_trial.tsv")
TRIALS = os.path.join(DATA, "people_trials.tsv")
TOLERANCE = 1e-6


def text_of(path):
    with open(path) as handle:
        return handle.read()


def gzipped(source, target):
    with open(source, "rb") as handle, gzip.open(target, "wb") as packed:
        packed.write(handle.read())
    return target


@pytest.fixture(scope="module")
def clip():
    return bvh.read(SKELETON)


@pytest.fixture(scope="module")
def angles(clip):
    return mapping.angles(clip)


def two_joint_clip(order, values):
    """A root and one joint rotating in ``order`` (e.g. "Yrotation Xrotation Zrotation")
    by ``values`` (degrees), its End Site 1 along x."""
    return bvh.parse("""HIERARCHY
ROOT root
{
 OFFSET 0 0 0
 CHANNELS 3 Xposition Yposition Zposition
 JOINT arm
 {
  OFFSET 0 1 0
  CHANNELS 3 %s
  End Site
  {
   OFFSET 1 0 0
  }
 }
}
MOTION
Frames: 1
Frame Time: 0.5
0 0 0 %s
""" % (order, " ".join(str(value) for value in values)), "two joints")


def bone(clip, first, last):
    """From joint ``first`` to joint ``last`` in the clip's first frame (its units)."""
    positions = bvh.pose(clip).positions[0]
    return positions[clip.index(last)] - positions[clip.index(first)]


# ----------------------------------------------------------------- bvh.py

def test_the_hierarchy_is_read_with_each_joints_channels(clip):
    assert clip.names[:3] == ["pelvis", "spine", "spine.001"]
    shoulder = clip.joints[clip.index("shoulder.L")]
    assert shoulder.channels == ("Yrotation", "Xrotation", "Zrotation")
    assert clip.joints[clip.index("upper_arm.L")].channels[:3] == (
        "Xposition", "Yposition", "Zposition")
    assert clip.names[clip.joints[clip.index("forearm.L")].parent] == "upper_arm.L"
    assert "forearm.L" + bvh.END in clip.names  # the End Site: the forearm has a bone
    assert clip.values.shape == (4, 66)
    assert abs(clip.frame_time - 0.041667) < 1e-12


def test_a_gzip_clip_reads_as_the_plain_one(clip, tmpdir):
    packed = bvh.read(gzipped(SKELETON, str(tmpdir.join("clip.bvh.gz"))))
    assert packed.names == clip.names
    assert np.array_equal(packed.values, clip.values)


def test_rotations_follow_each_joints_own_channel_order():
    # Y by 90 then X by 90 (v' = Ry Rx v) takes x to -z; read as X then Y it would be +y.
    for order, expected in (("Yrotation Xrotation Zrotation", [0.0, 0.0, -1.0]),
                            ("Xrotation Yrotation Zrotation", [0.0, 1.0, 0.0])):
        clip = two_joint_clip(order, [90, 90, 0])
        assert np.allclose(bone(clip, "arm", "arm" + bvh.END), expected, atol=TOLERANCE), order


def test_position_channels_replace_the_offset(clip):
    # forearm.L's OFFSET is (0.99, 0.5, 0); its position channels say (0.25, 0, 0).
    assert np.allclose(bone(clip, "upper_arm.L", "forearm.L"), [0.25, 0.0, 0.0],
                       atol=TOLERANCE)


@pytest.mark.parametrize("broken, message", [
    (lambda text: text.replace("HIERARCHY", "HIERARCH"), "does not begin with HIERARCHY"),
    (lambda text: text.replace("Frames: 4", "Frames: 5"),
     "5 frames of 66 channels need 330 values, found 264"),
    (lambda text: text.replace("CHANNELS 3 Yrotation", "CHANNELS 3 Wrotation", 1),
     "shoulder.L has unknown channels Wrotation"),
    (lambda text: text.replace("Frame Time: 0.041667", "Frame Time: 0"),
     "the frame time must be positive"),
    (lambda text: text.rstrip()[:-1] + "x\n", "holds something that is not a number"),
    (lambda text: text.replace("}\nMOTION", "MOTION"), "the hierarchy ends with 1 joint(s) open"),
])
def test_a_broken_file_says_what_is_wrong(broken, message):
    with pytest.raises(bvh.BvhError) as raised:
        bvh.parse(broken(text_of(SKELETON)), "skeleton")
    assert message in str(raised.value)
    assert str(raised.value).startswith("skeleton: ")


# ----------------------------------------------------------------- mapping.py

def rotation(axis, angle):
    """Pepper's right-handed rotation about axis 0 (x), 1 (y) or 2 (z)."""
    cos, sin = math.cos(angle), math.sin(angle)
    first, second = [(1, 2), (2, 0), (0, 1)][axis]
    matrix = np.eye(3)
    matrix[first, first] = matrix[second, second] = cos
    matrix[first, second], matrix[second, first] = -sin, sin
    return matrix


def pepper_arm(pitch, roll, yaw, elbow):
    """(upper arm, forearm) directions of Pepper's arm at those angles, in its torso's
    frame: R_y(pitch) R_z(roll) x, then R_x(yaw) R_z(elbow) x on from there."""
    upper_frame = np.dot(rotation(1, pitch), rotation(2, roll))
    fore_frame = np.dot(upper_frame, np.dot(rotation(0, yaw), rotation(2, elbow)))
    return upper_frame[:, 0], fore_frame[:, 0]


def test_arm_angles_come_back_from_pepper_arm_directions():
    rng = np.random.RandomState(3)
    for side, sign in (("L", 1.0), ("R", -1.0)):
        poses = np.column_stack([rng.uniform(-1.0, 2.0, 50), sign * rng.uniform(0.05, 1.2, 50),
                                 rng.uniform(-3.0, 3.0, 50), -sign * rng.uniform(0.3, 1.5, 50)])
        upper, fore = [np.array(each) for each in zip(*[pepper_arm(*pose) for pose in poses])]
        found = np.column_stack(mapping.arm(upper, fore, side))
        assert np.allclose(found[:, [0, 1, 3, 2]], poses, atol=TOLERANCE), side


def test_a_straight_elbow_has_no_elbow_yaw():
    upper, fore = pepper_arm(1.5, 0.2, 0.7, -0.5 * mapping.MIN_FLEXION)
    _pitch, _roll, elbow, yaw = mapping.arm(np.array([upper]), np.array([fore]), "L")
    assert abs(elbow[0] + 0.5 * mapping.MIN_FLEXION) < TOLERANCE
    assert np.isnan(yaw[0])


def test_a_t_pose_holds_the_arms_out_sideways(angles):
    assert abs(angles["LShoulderRoll"][0] - math.pi / 2) < TOLERANCE
    assert abs(angles["RShoulderRoll"][0] + math.pi / 2) < TOLERANCE
    assert abs(angles["LElbowRoll"][0]) < TOLERANCE and np.isnan(angles["LElbowYaw"][0])
    for joint in mapping.LEG_JOINTS:
        assert abs(angles[joint][0]) < TOLERANCE, joint


def test_hanging_arms_bent_forward_map_onto_peppers_stand_like_angles(angles):
    bent = math.radians(30.0)
    expected = {"LShoulderPitch": math.pi / 2, "LShoulderRoll": 0.0, "LElbowRoll": -bent,
                "LElbowYaw": -math.pi / 2, "RShoulderPitch": math.pi / 2,
                "RShoulderRoll": 0.0, "RElbowRoll": bent, "RElbowYaw": math.pi / 2,
                "HipPitch": math.radians(10.0), "HipRoll": 0.0,
                "KneePitch": math.radians(20.0)}
    for joint, value in expected.items():
        assert abs(angles[joint][1] - value) < TOLERANCE, joint


def test_the_torso_rolled_to_its_right_is_a_positive_hip_roll(angles):
    assert abs(angles["HipRoll"][2] - math.radians(5.0)) < TOLERANCE
    assert abs(angles["HipPitch"][2]) < TOLERANCE


def test_the_angles_do_not_depend_on_where_the_person_stands_or_faces(angles):
    for joint, values in angles.items():
        assert abs(values[3] - values[1]) < TOLERANCE, joint


# ----------------------------------------------------------------- cop.py

def test_a_trial_reads_front_to_back_and_side_to_side():
    trial = cop.parse(text_of(TRIAL), "BDS00001")
    assert trial.name == "BDS00001"
    assert abs(trial.rate - 100.0) < 1e-6
    assert np.allclose(trial.ap, -8.0 + 0.01 * np.arange(6))
    assert np.allclose(trial.ml, 1.0 - 0.02 * np.arange(6))


@pytest.mark.parametrize("broken, message", [
    (lambda text: text.replace("cop_y_cm", "cop_z_cm"), "the header must be"),
    (lambda text: text.replace("0.030\t", "0.035\t"), "not evenly spaced in time"),
    (lambda text: text.replace("-7.970000", "abc"), "a value is not a number"),
    (lambda text: "\n".join(text.splitlines()[:3]), "2 samples, too few"),
])
def test_a_broken_trial_says_what_is_wrong(broken, message):
    with pytest.raises(cop.CopError) as raised:
        cop.parse(broken(text_of(TRIAL)), "BDS00001")
    assert message in str(raised.value)


# ----------------------------------------------------------------- data.py, reference.py

def layout(root, acted=True):
    """The data's layout under ``root`` (a py.path), from the synthetic files."""
    for kind in data.KINDS if acted else (data.GENUINE,):
        folder = root.join("reactidle", kind).ensure(dir=True)
        gzipped(SKELETON, str(folder.join("000_%s.bvh.gz" % kind)))
    bds = root.join("bds").ensure(dir=True)
    for name in ("BDS00001", "BDS00002", "BDS00013"):
        gzipped(TRIAL, str(bds.join(name + ".tsv.gz")))
    shutil.copy(TRIALS, str(bds.join("trials.tsv")))
    return str(root)


def test_the_data_is_read_from_the_folder_given(tmpdir):
    folder = data.folder(layout(tmpdir))
    recordings = reference.recordings(folder)
    assert [(each.name, each.kind) for each in recordings] == [
        ("000_genuine", data.GENUINE), ("000_acted", data.ACTED)]
    assert abs(recordings[0].angles["KneePitch"][1] - math.radians(20.0)) < TOLERANCE
    sways = reference.sways(folder)
    assert [(each.name, len(each.trials)) for each in sways] == [
        ("BDS subject 1", 2), ("BDS subject 2", 1)]


def test_missing_data_says_where_it_was_looked_for_and_how_to_point_to_it(tmpdir):
    nowhere = str(tmpdir.join("nowhere"))
    with pytest.raises(data.MissingData) as raised:
        data.folder(nowhere)
    for part in (nowhere, "no such folder", "PEOPLE=", "--people", "docs/people.md"):
        assert part in str(raised.value)
    with pytest.raises(data.MissingData) as raised:
        data.folder(layout(tmpdir.join("genuine only"), acted=False))
    assert "no acted clip" in str(raised.value)


def test_the_default_data_folder_lies_beside_the_repository():
    repository = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    assert data.DEFAULT == os.path.join(os.path.dirname(repository), "shared", "people")


def test_a_trial_missing_from_trials_tsv_is_named(tmpdir):
    folder = layout(tmpdir)
    gzipped(TRIAL, os.path.join(folder, "bds", "BDS00099.tsv.gz"))
    with pytest.raises(cop.CopError) as raised:
        reference.sways(folder)
    assert "BDS00099 is not in" in str(raised.value)
