"""Plots and summary of what the runner commanded (Python 3, matplotlib Agg).

Works on the ``commands.json`` dict written by :mod:`pepper_sim.demo` (times in seconds
from the demo start), so a run can be re-plotted::

    PYTHONPATH=lib:devtools python -m pepper_sim.plot out/demo/commands.json \
        --config config/animateBehaviourConfiguration.ini --out out/demo/trajectories.png
"""
import argparse
import collections
import json

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from animate_behaviour import config as config_module  # noqa: E402
from animate_behaviour import joints, trajectory  # noqa: E402


def load_config(path):
    """The package's Configuration read from ``path`` (raises ConfigurationError)."""
    return config_module.load(path)


def joint_bounds(config, joint):
    """(home, LB, UB, SRO) of the seed's Table 1 for one joint, or None without config."""
    if config is None or joint in joints.HEAD_JOINTS:
        return None
    limit = joints.URDF_LIMITS[joint]
    home = config.home[joint]
    max_range = config.maximum_range(joint)
    lower, upper = trajectory.random_bounds(home, limit, max_range, config.selected_range)
    return home, lower, upper, trajectory.random_offset(limit, max_range, config.selected_range)


def commanded_joints(commands):
    """Joints commanded at least once, in joints.ALL_JOINTS order."""
    seen = set()
    for record in commands["trajectories"]:
        seen.update(record["names"])
    return [joint for joint in joints.ALL_JOINTS if joint in seen]


def heading_band(config):
    """Half-width (rad) of the base's heading band, or None without a configuration."""
    if config is None:
        return None
    return trajectory.heading_band(config.rot_maximum_range)


def plot_commands(commands, config, path):
    """One subplot per commanded joint (waypoints vs time, home, LB/UB band, limits)
    plus the base heading; saved to ``path``. Returns the list of plotted joints."""
    names = commanded_joints(commands)
    rows = len(names) + 1
    figure, axes = plt.subplots(rows, 1, figsize=(11, 2.1 * rows), sharex=True, squeeze=False)
    axes = [row[0] for row in axes]
    for axis, joint in zip(axes, names):
        values = []
        killed_label = commanded_label = True
        for record in commands["trajectories"]:
            if joint not in record["names"]:
                continue
            index = record["names"].index(joint)
            times = [record["start"] + t for t in record["times"][index]]
            angles = list(record["angles"][index])
            if record.get("start_angles"):  # draw from where the joint was at the start
                times.insert(0, record["start"])
                angles.insert(0, record["start_angles"][index])
            if record["killed"]:
                cut = record["start"] + (record["killed_at"] or 0.0)
                kept = [(t, a) for t, a in zip(times, angles) if t <= cut]
                if kept:
                    axis.plot([t for t, _ in kept], [a for _, a in kept], color="tab:orange",
                              linewidth=0.8, marker=".", markersize=2,
                              label="killed" if killed_label else None)
                axis.axvline(cut, color="tab:orange", linestyle=":", linewidth=0.8)
                killed_label = False
                values.extend(a for _, a in kept)
            else:
                axis.plot(times, angles, color="tab:blue", linewidth=0.8, marker=".",
                          markersize=2, label="commanded" if commanded_label else None)
                commanded_label = False
                values.extend(angles)
        limit = joints.URDF_LIMITS[joint]
        bounds = joint_bounds(config, joint)
        home = bounds[0] if bounds else joints.STAND_POSTURE[joint]
        axis.axhline(home, color="black", linestyle="--", linewidth=0.8, label="home")
        values.append(home)
        if bounds:
            axis.axhspan(bounds[1], bounds[2], color="tab:green", alpha=0.15, label="LB..UB")
            values.extend(bounds[1:3])
        for edge in (limit.minimum, limit.maximum):
            axis.axhline(edge, color="tab:red", linestyle="-.", linewidth=0.8)
        low, high = min(values), max(values)
        pad = max(0.3 * (high - low), 0.02)
        axis.set_ylim(max(low - pad, limit.minimum - 0.02), min(high + pad, limit.maximum + 0.02))
        axis.set_ylabel("%s\n(rad)" % joint, fontsize=8)
        axis.set_title("%s  limits [%.3f, %.3f] (red, dash-dot)" % (joint, limit.minimum,
                                                                     limit.maximum),
                       fontsize=8, loc="left")
        axis.tick_params(labelsize=7)
        axis.legend(loc="upper right", fontsize=6, ncol=4)
    axis = axes[-1]
    headings = commands["headings"]
    if headings:
        axis.plot([t for t, _ in headings], [h for _, h in headings], color="tab:purple",
                  marker="o", markersize=2, linewidth=0.8, label="heading")
    band = heading_band(config)
    if band is not None:
        axis.axhspan(-band, band, color="tab:green", alpha=0.15, label="heading band")
    axis.axhline(0.0, color="black", linestyle="--", linewidth=0.8, label="start heading")
    axis.set_ylabel("heading\n(rad)", fontsize=8)
    axis.set_title("base heading (moveTo start/end samples)", fontsize=8, loc="left")
    axis.set_xlabel("time since demo start (s)")
    axis.tick_params(labelsize=7)
    axis.legend(loc="upper right", fontsize=6, ncol=3)
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)
    return names


def summarise(commands, config):
    """Lines: trajectories per joint group, max |angle - home| per joint vs SRO, heading range."""
    behaviour = config.behaviour if config is not None else "all"
    platform_joints = config.platform_joints if config is not None else joints.ANIMATED_JOINTS
    groups = joints.joint_groups(behaviour, platform_joints)
    per_group = collections.Counter()
    for record in commands["trajectories"]:
        names = set(record["names"])
        matched = [name for name, members in groups if names <= set(members)]
        per_group[matched[0] if matched else "other (%s)" % ",".join(record["names"])] += 1
    lines = ["trajectories: %d (killed %d), moveTo calls: %d"
             % (len(commands["trajectories"]),
                sum(1 for r in commands["trajectories"] if r["killed"]),
                len(commands["moves"]))]
    for name, count in sorted(per_group.items()):
        lines.append("  group %-10s %d trajectories" % (name, count))
    lines.append("max |angle - home| per joint (rad) vs allowed SRO:")
    for joint in commanded_joints(commands):
        bounds = joint_bounds(config, joint)
        home = bounds[0] if bounds else joints.STAND_POSTURE[joint]
        deviation = 0.0
        for record in commands["trajectories"]:
            if joint in record["names"]:
                index = record["names"].index(joint)
                deviation = max([deviation] + [abs(a - home) for a in record["angles"][index]])
        if bounds:
            flag = "ok" if deviation <= bounds[3] + 1e-9 else "EXCEEDS"
            lines.append("  %-15s %.4f / %.4f  %s" % (joint, deviation, bounds[3], flag))
        else:
            lines.append("  %-15s %.4f" % (joint, deviation))
    headings = [h for _, h in commands["headings"]]
    if headings:
        lines.append("heading range: [%.4f, %.4f] rad" % (min(headings), max(headings)))
    else:
        lines.append("heading range: no moveTo")
    if commands.get("limit_violations"):
        lines.append("limit violations: %d" % len(commands["limit_violations"]))
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(description="Re-plot a pepper_sim commands.json")
    parser.add_argument("commands")
    parser.add_argument("--config", default=None)
    parser.add_argument("--out", default="trajectories.png")
    args = parser.parse_args(argv)
    with open(args.commands) as handle:
        commands = json.load(handle)
    config = load_config(args.config) if args.config else None
    plot_commands(commands, config, args.out)
    print("\n".join(summarise(commands, config)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
