"""Figures of a simulated run (summary.json): ranges, tracking, heading, tilt, timing,
and in the busy scenario how the other app fared and when each part yielded.

Pure functions of a scenario.Run and the package's Configuration, so the demo prints
and the simulator tests assert on the very same numbers.
"""
import math

import numpy as np

from animate_behaviour.engine import status
from animate_behaviour.planning import joints, trajectory
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


def ours(records):
    """The records (trajectories or moves) animate-behaviour sent."""
    return [record for record in records if plot.is_ours(record)]


def theirs(records):
    """The records another app sent."""
    return [record for record in records if not plot.is_ours(record)]


def _outside(times, records):
    """Where ``times`` lie outside every record's [start, end] (an end of None: still
    going at the last time)."""
    free = np.ones(len(times), dtype=bool)
    for record in records:
        end = times[-1] if record["end"] is None else record["end"]
        free &= (times < record["start"]) | (times > end)
    return free


def joint_figures(run, config, readings):
    """Per joint animate-behaviour moved: home, the seed's allowed offset (SRO) and
    LB/UB at ``readings`` (plot.joint_bounds), the offset used (our commanded
    waypoints, and measured outside another app's motions), limits and measured
    extremes, and the tracking error (measured - commanded) while enabled, in rad."""
    times, commanded, measured, _headings = _series(run.samples)
    enabled = times <= (run.disabled_at if run.disabled_at is not None else times[-1])
    figures = {}
    mine = ours(run.commands["trajectories"])
    for joint in plot.commanded_joints({"trajectories": mine}):
        column = SIMULATED_JOINTS.index(joint)
        limit = joints.URDF_LIMITS[joint]
        home, lower, upper, allowed = plot.joint_bounds(config, joint, readings)
        waypoints = [angle for record in mine
                     if joint in record["names"]
                     for angle in record["angles"][record["names"].index(joint)]]
        error = measured[enabled, column] - commanded[enabled, column]
        # The other app's motions are not ours: our offset is measured outside them.
        free = _outside(times, [record for record in theirs(run.commands["trajectories"])
                                if joint in record["names"]])
        figures[joint] = {
            "home": home,
            "allowed_offset": allowed,
            "bounds": [lower, upper],
            "commanded_offset": max(abs(angle - home) for angle in waypoints),
            "commanded_within_bounds": all(lower - 1e-9 <= a <= upper + 1e-9
                                           for a in waypoints),
            "measured_offset": float(np.max(np.abs(measured[free, column] - home))),
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
    mine = {"trajectories": ours(run.commands["trajectories"])}
    columns = [SIMULATED_JOINTS.index(joint) for joint in plot.commanded_joints(mine)]
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


def _overlaps(first, second):
    return first["start"] < second["end"] and second["start"] < first["end"]


def other_app_figures(run):
    """How the other app's motions fared: each gesture's wait for its joints (requested
    to start, s) and whether a trajectory of ours held any of its joints meanwhile; each
    drive's duration, whether it was stopped, and whether we moved the base meanwhile."""
    trajectories = run.commands["trajectories"]
    moves = run.commands["moves"]
    gestures = [{"start": record["start"], "waited": record["start"] - record["requested"],
                 "finished": record["finished"],
                 "ours_on_its_joints": sum(1 for mine in ours(trajectories)
                                           if set(mine["names"]) & set(record["names"])
                                           and _overlaps(mine, record))}
                for record in theirs(trajectories)]
    drives = [{"start": move["start"], "seconds": (move["end"] or move["start"]) - move["start"],
               "stopped_by": move["stopped_by"],
               "ours_meanwhile": sum(1 for mine in ours(moves) if mine["end"] is not None
                                     and move["end"] is not None and _overlaps(mine, move))}
              for move in theirs(moves)]
    return {"gestures": gestures, "drives": drives}


def heading_offsets(times, headings, drives):
    """Each sample's heading offset (rad) from where animate-behaviour's turns centre: the
    start, then where each of another app's ``drives`` (records with "start" and "end" s,
    an end of None: still driving at the end) left the base (base_worker recentres there);
    NaN during a drive, which is not ours."""
    free = _outside(times, drives)
    offsets = np.full(len(times), np.nan)
    origin = headings[0]
    for index in np.flatnonzero(free):
        if index and not free[index - 1]:
            origin = headings[index]  # the first sample after a drive: where it left the base
        offsets[index] = trajectory.wrap_angle(headings[index] - origin)
    return offsets


def summarise(run, config):
    """The summary.json dict."""
    times, _commanded, _measured, headings = _series(run.samples)
    start_heading = headings[0]
    offsets = np.array([trajectory.wrap_angle(h - start_heading) for h in headings])
    own = heading_offsets(times, headings, theirs(run.commands["moves"]))
    readings = plot.mood_readings(config, plot.moods_of(run.context))
    keep = [0]
    for index in range(1, len(times)):
        if times[index] - times[keep[-1]] >= HEADING_PERIOD:
            keep.append(index)
    tilts = [sample.tilt for sample in run.samples]
    trajectories = ours(run.commands["trajectories"])
    last = run.samples[-1]
    return {
        "behaviour": config.behaviour,
        "motion_style": config.motion_style,
        "platform": config.platform,
        "simulated_seconds": float(last.time),
        "wall_seconds_stepping": float(last.wall),
        "real_time_factor": float(last.time / last.wall) if last.wall > 0 else None,
        "max_lag_seconds": run.max_lag,
        "wall_seconds_total": run.wall_seconds,
        "trajectories": len(trajectories),
        "killed_trajectories": sum(1 for record in trajectories if record["killed"]),
        "base_turns": len(ours(run.commands["moves"])),
        "limit_violations": len(run.commands["limit_violations"]),
        "joints": joint_figures(run, config, readings),
        "base_heading": {
            "allowed_band": plot.heading_band(config, readings),
            # Ours: from where the turns centre (heading_offsets), another app's drives
            # left out; over_time is the heading from the start, whoever turned it.
            "max_offset_from_centre": float(np.nanmax(np.abs(own))),
            "range": [float(np.nanmin(own)), float(np.nanmax(own))],
            "over_time": [[round(float(times[i]), 3), round(float(offsets[i]), 5)]
                          for i in keep],
        },
        "seconds_touching_the_pelvis": contact_seconds(run),
        "torso_tilt_degrees": {"max": math.degrees(max(tilts)),
                               "at_start": math.degrees(tilts[0])},
        "disabled_at": run.disabled_at,
        "still_at_home_after_disable_seconds": settle_time(run, config),
        "scenario": run.scenario,
        "other_app": other_app_figures(run),
        "yields": dict((part, [[round(start, 3), None if end is None else round(end, 3), why]
                               for start, end, why in spans])
                       for part, spans in sorted(run.yields.items())),
        "context": _context_intervals(run.context),
        "states": state_intervals(run.states),
        "commands_into_limp_joints": len(run.commands["limp_commands"]),
        "day": {"events": [[round(time, 3), what] for time, what in run.day_events],
                "steps": run.day_steps},
        "problems": list(run.problems),
    }


def _context_intervals(context):
    """[[start, end, state], ...] of getStatus's context state, one per change."""
    if not context:
        return []
    return plot.intervals(context["time"], context["state"])


def part_words(entry):
    """A part's getStatus entry in words ("paused (fall)"), or None while unreported."""
    return None if entry is None else status.describe_part(entry)


def state_intervals(states):
    """{part: [[start, end, words], ...]} of each part's state (see part_words)."""
    if not states:
        return {}
    return dict((part, plot.intervals(states["time"], [part_words(entry) for entry in entries]))
                for part, entries in sorted(states["parts"].items()))


def lines(summary):
    """Human-readable lines of a summary dict."""
    out = ["behaviour %s, motion style %s" % (summary["behaviour"], summary["motion_style"]),
           "simulated %.1f s in %.1f s of stepping (real-time factor %.2f, max lag %.3f s)"
           % (summary["simulated_seconds"], summary["wall_seconds_stepping"],
              summary["real_time_factor"] or 0.0, summary["max_lag_seconds"] or 0.0),
           "trajectories %d (killed %d), base turns %d, limit violations %d, commands into "
           "limp joints %d" % (summary["trajectories"], summary["killed_trajectories"],
                               summary["base_turns"], summary["limit_violations"],
                               summary["commands_into_limp_joints"]),
           "joint            offset used (cmd / measured) / allowed   tracking rms / max (rad)"]
    for joint, figures in summary["joints"].items():
        out.append("  %-15s %.3f / %.3f / %.3f   %.4f / %.4f"
                   % (joint, figures["commanded_offset"], figures["measured_offset"],
                      figures["allowed_offset"], figures["tracking_error_rms"],
                      figures["tracking_error_max"]))
    heading = summary["base_heading"]
    out.append("base heading offset, our turns from where they centre: [%+.4f, %+.4f] rad "
               "(band +-%.4f)"
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
    other = summary["other_app"]
    for gesture in other["gestures"]:
        out.append("other app's gesture at %.1f s: waited %.3f s for its joints, ours on them "
                   "meanwhile %d" % (gesture["start"], gesture["waited"],
                                     gesture["ours_on_its_joints"]))
    for drive in other["drives"]:
        out.append("other app's drive at %.1f s: %.2f s, %s, our base moves meanwhile %d"
                   % (drive["start"], drive["seconds"],
                      "stopped by %s" % drive["stopped_by"] if drive["stopped_by"]
                      else "not interrupted", drive["ours_meanwhile"]))
    if len(summary["context"]) > 1:
        out.append("context: %s" % ", ".join("%s %.1f-%.1f s" % (state, start, end)
                                            for start, end, state in summary["context"]))
    for part, found in summary["yields"].items():
        out.append("%s yielded: %s" % (part, ", ".join(
            "%.1f-%s s (%s)" % (start, "end" if end is None else "%.1f" % end, why)
            for start, end, why in found)))
    out.extend(day_lines(summary["day"]["steps"]))
    return out


def day_lines(seen):
    """scenario.day_seen's steps in words, one line each."""
    lines = []
    for step in seen:
        words = ("NOT seen: %s" % "; ".join("%s %s%s" % (part, state, "" if reason is None
                                                       else " (%s)" % reason)
                                          for part, state, reason in step["missing"])
                 if step["missing"] else "seen")
        if step["unreported"]:
            words += " (not animated in this run: %s)" % ", ".join(step["unreported"])
        lines.append("the day at %5.1f s, %s: %s" % (step["at"], step["what"], words))
    return lines
