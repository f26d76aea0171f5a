"""Fit the hand-to-pelvis clearance model of lib/animate_behaviour/planning/clearance_model.py.

    .venv/bin/python tools/fit_hand_clearance.py [--samples N]

In qiBullet, a third of the random arm poses the seed's default ranges allow put
Pepper's hand (forearm, wrist, fingers or thumb) against the pelvis. This samples
left-arm, left-hand and leg offsets from Stand in a box 1.5 times the default ranges,
measures each link group's distance to the pelvis with pybullet (no stepping: the
joints are set directly), and fits one quadratic per group by least squares on the
poses closer than FIT_BELOW. The right arm uses the same model mirrored. Prints the
fit's error on held-out poses. Python 3.9 with qibullet and its meshes.
"""
from __future__ import print_function

import argparse
import os
import sys

import numpy as np
import pybullet
from qibullet import SimulationManager

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "lib"))
sys.path.insert(0, os.path.join(ROOT, "tools"))

from animate_behaviour import configuration as config_module  # noqa: E402
from animate_behaviour.planning import clearance, joints, trajectory  # noqa: E402
import generated_file  # noqa: E402

OUTPUT = os.path.join(ROOT, "lib", "animate_behaviour", "clearance_model.py")
BOX_SCALE = 1.5  # sampled box, in multiples of the default ranges
FIT_BELOW = 0.08  # m: far poses do not matter and the quadratic cannot follow them
CUTOFF = 0.3  # m: pybullet's search distance
SEED = 7
LINK_GROUPS = (("forearm", ("ForeArm",)), ("wrist", ("_wrist", "_hand")),
               ("fingers", ("Finger",)), ("thumb", ("Thumb",)))


def half_widths():
    """Per feature, BOX_SCALE x the default random offset (rad)."""
    config = config_module.from_mapping({})
    return np.array([BOX_SCALE * trajectory.random_offset(
        joints.URDF_LIMITS[clearance.joint_name("L", feature)],
        config.maximum_range(clearance.joint_name("L", feature)), config.selected_range)
        for feature in clearance.FEATURES])


def group_links(pepper, side):
    links = []
    for _group, patterns in LINK_GROUPS:
        names = [name for name in pepper.link_dict
                 if any(pattern in name for pattern in patterns)
                 and name[0] in (side, side.lower())]
        links.append([pepper.link_dict[name].getIndex() for name in names])
    return links


def sample(count, side, widths, rng):
    """(features, distances): offsets from Stand in the left-side convention, and each
    link group's signed distance to the pelvis (m; negative when they overlap)."""
    manager = SimulationManager()
    client = manager.launchSimulation(gui=False, auto_step=False)
    try:
        pepper = manager.spawnPepper(client)
        robot = pepper.robot_model
        pelvis = pepper.link_dict["Pelvis"].getIndex()
        links = group_links(pepper, side)
        mirror = clearance.mirror_signs(side)

        def set_joint(name, angle):
            if name.endswith("Hand"):
                fingers, values = pepper._mimicHand(name, angle)
                for finger, value in zip(fingers, values):
                    pybullet.resetJointState(robot, pepper.joint_dict[finger].getIndex(), value,
                                             physicsClientId=client)
            else:
                pybullet.resetJointState(robot, pepper.joint_dict[name].getIndex(), angle,
                                         physicsClientId=client)

        for name, angle in joints.STAND_POSTURE.items():
            set_joint(name, angle)
        features = rng.uniform(-1.0, 1.0, size=(count, len(widths))) * widths
        distances = np.empty((count, len(links)))
        for row, offsets in enumerate(features):
            for column, (feature, offset, sign) in enumerate(
                    zip(clearance.FEATURES, offsets, mirror)):
                name = clearance.joint_name(side, feature)
                limit = joints.URDF_LIMITS[name]
                angle = min(max(joints.STAND_POSTURE[name] + sign * offset, limit.minimum),
                            limit.maximum)
                set_joint(name, angle)
                features[row, column] = sign * (angle - joints.STAND_POSTURE[name])  # clipped
            for column, group in enumerate(links):
                distances[row, column] = min(
                    min([point[8] for point in pybullet.getClosestPoints(
                        robot, robot, CUTOFF, link, pelvis, physicsClientId=client)] or [CUTOFF])
                    for link in group)
        return features, distances
    finally:
        manager.stopSimulation(client)


def fit(features, distances):
    design = clearance.quadratic_terms(features)
    coefficients = []
    for column in range(distances.shape[1]):
        near = distances[:, column] < FIT_BELOW
        solution = np.linalg.lstsq(design[near], distances[near, column], rcond=None)[0]
        coefficients.append(solution)
    return np.array(coefficients)


def evaluate(coefficients, features, distances, widths):
    """Lines on held-out poses: how often a pose the model accepts touches the pelvis."""
    predicted = clearance.predict(coefficients, features)
    true = distances.min(axis=1)
    near = true < 0.03
    lines = ["held-out poses: %d; error near the pelvis: std %.4f m, worst overestimate "
             "%.4f m" % (len(true), np.std(predicted[near] - true[near]),
                         np.max(predicted[near] - true[near]))]
    inside_default = np.all(np.abs(features) <= widths / BOX_SCALE, axis=1)
    accepted = predicted >= clearance.MARGIN
    lines.append("margin %.3f m: accepts %.0f%% of the default box; accepted poses closer "
                 "than 2 mm: %d of %d; closest accepted %.4f m"
                 % (clearance.MARGIN, 100.0 * np.mean(accepted[inside_default]),
                    np.sum(accepted & (true < 0.002)), np.sum(true < 0.002),
                    np.min(true[accepted])))
    return lines


def render(coefficients, widths, report):
    rows = ",\n".join("    (%s)" % ", ".join("%.6e" % value for value in row)
                      for row in coefficients)
    return ('"""Hand-to-pelvis clearance model: generated by tools/fit_hand_clearance.py from\n'
            "qiBullet's Pepper; do not edit. See animate_behaviour.planning.clearance.\n\n"
            + "\n".join(report) + "\nSampled offsets from Stand (rad), per FEATURE: up to +-"
            + ", ".join("%.3f" % width for width in widths) + '\n"""\n\n'
            "# One row per link group (%s): quadratic_terms coefficients (m).\n"
            % ", ".join(name for name, _patterns in LINK_GROUPS)
            + "COEFFICIENTS = (\n%s,\n)\n" % rows)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=int, default=20000)
    args = parser.parse_args(argv)
    rng = np.random.RandomState(SEED)
    widths = half_widths()
    features, distances = sample(args.samples, "L", widths, rng)
    split = int(0.8 * len(features))
    coefficients = fit(features[:split], distances[:split])
    report = evaluate(coefficients, features[split:], distances[split:], widths)
    right_features, right_distances = sample(args.samples // 4, "R", widths, rng)
    report.append("right arm, mirrored: " + evaluate(
        coefficients, right_features, right_distances, widths)[1])
    print("\n".join(report))
    generated_file.write_text(OUTPUT, render(coefficients, widths, report))
    print("wrote %s" % OUTPUT)
    return 0


if __name__ == "__main__":
    sys.exit(main())
