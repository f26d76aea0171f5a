"""Figures of a simulated run (summary.json): ranges, tracking, heading, tilt, timing.

Pure functions of a scenario.Run and the package's Configuration, so the demo prints
and the simulator tests assert on the very same numbers.
"""
import math

import numpy as np

from animate_behaviour import joints, trajectory
from pepper_sim import plot

from pepper_bullet.physics import SIMULATED_JOINTS

AT_HOME_TOLERANCE = 0.02  # rad between a measured angle and home to count as home
STILL_SPEED = 0.02  # rad/s under which a joint (or the base's heading) counts as still
HEADING_PERIOD = 0.5  # s between base heading points in the summary


def _series(samples):
    times = np.array([sample.time for sample in samples])
    commanded = np.array([sample.commanded for sample in samples])
    measured = np.array([sample.measured for sample in samples])
    headings = np.array([sample.pose[2] for sample in samples])
    return times, commanded, measured, headings


def joint_figures(run, config):
    """Per moved joint: home, the seed's allowed offset (SRO) and LB/UB, the offset
    used (commanded waypoints and measured), limits and measured extremes, and the
    tracking error (measured - commanded) while enabled, in rad."""
    times, commanded, measured, _headings = _series(run.samples)
    enabled = times <= (run.disabled_at if run.disabled_at is not None else times[-1])
    figures = {}
    for joint in plot.commanded_joints(run.commands):
        column = SIMULATED_JOINTS.index(joint)
        limit = joints.URDF_LIMITS[joint]
        home, lower, upper, allowed = plot.joint_bounds(config, joint)
        waypoints = [angle for record in run.commands["trajectories"]
                     if joint in record["names"]
                     for angle in record["angles"][record["names"].index(joint)]]
        error = measured[enabled, column] - commanded[enabled, column]
        figures[joint] = {
            "home": home,
            "allowed_offset": allowed,
            "bounds": [lower, upper],
            "commanded_offset": max(abs(angle - home) for angle in waypoints),
            "commanded_within_bounds": all(lower - 1e-9 <= a <= upper + 1e-9
                                           for a in waypoints),
            "measured_offset": float(np.max(np.abs(measured[:, column] - home))),
            "limits": [limit.minimum, limit.maximum],
            "measured_extremes": [float(np.min(measured[:, column])),
                                  float(np.max(measured[:, column]))],
            "tracking_error_rms": float(np.sqrt(np.mean(error ** 2))),
            "tracking_error_max": float(np.max(np.abs(error))),
        }
    return figures


def settle_time(run, config):
    """Seconds from ``disabled_at`` until every moved joint is within AT_HOME_TOLERANCE
    of home and it, and the base's heading, move slower than STILL_SPEED for the rest of
    the run; None if that never happens (or the run was not disabled)."""
    if run.disabled_at is None:
        return None
    times, _commanded, measured, headings = _series(run.samples)
    columns = [SIMULATED_JOINTS.index(joint) for joint in plot.commanded_joints(run.commands)]
    home = np.array([config.home[SIMULATED_JOINTS[c]] for c in columns])
    at_home = np.all(np.abs(measured[:, columns] - home) < AT_HOME_TOLERANCE, axis=1)
    dt = np.diff(times)[:, None]
    joint_speed = np.abs(np.diff(measured[:, columns], axis=0)) / dt
    base_speed = np.abs([trajectory.wrap_angle(h) for h in np.diff(headings)]) / dt[:, 0]
    still = np.concatenate([[False], np.all(joint_speed < STILL_SPEED, axis=1)
                            & (base_speed < STILL_SPEED)])
    settled = at_home & still
    after = np.nonzero(times >= run.disabled_at)[0]
    if len(after) == 0 or not settled[-1]:
        return None
    unsettled = [index for index in after if not settled[index]]
    first = unsettled[-1] + 1 if unsettled else after[0]
    return float(max(0.0, times[first] - run.disabled_at))


def contact_seconds(run):
    """Simulated seconds each link spent touching the pelvis (link -> s)."""
    seconds = {}
    for previous, sample in zip(run.samples, run.samples[1:]):
        for link in sample.pelvis_contacts:
            seconds[link] = seconds.get(link, 0.0) + sample.time - previous.time
    return dict((link, round(value, 3)) for link, value in sorted(seconds.items()))


def summarise(run, config):
    """The summary.json dict."""
    times, _commanded, _measured, headings = _series(run.samples)
    start_heading = headings[0]
    offsets = np.array([trajectory.wrap_angle(h - start_heading) for h in headings])
    keep = [0]
    for index in range(1, len(times)):
        if times[index] - times[keep[-1]] >= HEADING_PERIOD:
            keep.append(index)
    tilts = [sample.tilt for sample in run.samples]
    trajectories = run.commands["trajectories"]
    last = run.samples[-1]
    return {
        "behaviour": config.behaviour,
        "platform": config.platform,
        "simulated_seconds": float(last.time),
        "wall_seconds_stepping": float(last.wall),
        "real_time_factor": float(last.time / last.wall) if last.wall > 0 else None,
        "max_lag_seconds": run.max_lag,
        "wall_seconds_total": run.wall_seconds,
        "trajectories": len(trajectories),
        "killed_trajectories": sum(1 for record in trajectories if record["killed"]),
        "base_turns": len(run.commands["moves"]),
        "limit_violations": len(run.commands["limit_violations"]),
        "joints": joint_figures(run, config),
        "base_heading": {
            "allowed_band": trajectory.heading_band(config.rot_maximum_range),
            "max_offset_from_start": float(np.max(np.abs(offsets))),
            "range": [float(np.min(offsets)), float(np.max(offsets))],
            "over_time": [[round(float(times[i]), 3), round(float(offsets[i]), 5)]
                          for i in keep],
        },
        "seconds_touching_the_pelvis": contact_seconds(run),
        "torso_tilt_degrees": {"max": math.degrees(max(tilts)),
                               "at_start": math.degrees(tilts[0])},
        "disabled_at": run.disabled_at,
        "still_at_home_after_disable_seconds": settle_time(run, config),
        "problems": list(run.problems),
    }


def lines(summary):
    """Human-readable lines of a summary dict."""
    out = ["simulated %.1f s in %.1f s of stepping (real-time factor %.2f, max lag %.3f s)"
           % (summary["simulated_seconds"], summary["wall_seconds_stepping"],
              summary["real_time_factor"] or 0.0, summary["max_lag_seconds"] or 0.0),
           "trajectories %d (killed %d), base turns %d, limit violations %d"
           % (summary["trajectories"], summary["killed_trajectories"],
              summary["base_turns"], summary["limit_violations"]),
           "joint            offset used (cmd / measured) / allowed   tracking rms / max (rad)"]
    for joint, figures in summary["joints"].items():
        out.append("  %-15s %.3f / %.3f / %.3f   %.4f / %.4f"
                   % (joint, figures["commanded_offset"], figures["measured_offset"],
                      figures["allowed_offset"], figures["tracking_error_rms"],
                      figures["tracking_error_max"]))
    heading = summary["base_heading"]
    out.append("base heading offset [%+.4f, %+.4f] rad (band +-%.4f)"
               % (heading["range"][0], heading["range"][1], heading["allowed_band"]))
    touching = summary["seconds_touching_the_pelvis"]
    out.append("touching the pelvis: %s" % (", ".join("%s %.2f s" % item for item in
                                                    touching.items()) or "never"))
    out.append("torso tilt max %.2f deg (%.2f at start)"
               % (summary["torso_tilt_degrees"]["max"],
                  summary["torso_tilt_degrees"]["at_start"]))
    settle = summary["still_at_home_after_disable_seconds"]
    out.append("still at home %s after disable" % ("never" if settle is None
                                                   else "%.2f s" % settle))
    return out
