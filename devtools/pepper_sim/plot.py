"""Plot of what the runner commanded and what the joints did (Python 3, matplotlib Agg).

Works on the records of a KinematicMotion (or the qiBullet bridge's) as JSON-ready
dicts: see pepper_bullet.scenario.snapshot.
"""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from matplotlib.patches import Patch  # noqa: E402

from animate_behaviour.engine import status  # noqa: E402
from animate_behaviour.expression import live_signal  # noqa: E402
from animate_behaviour.planning import groups, joints, trajectory  # noqa: E402


def joint_bounds(config, joint, readings=None):
    """(home, LB, UB, SRO) of the seed's Table 1 for one joint, or None without config.

    As the planner bounds the joint (groups.Shape) at each of ``readings`` (mood_readings;
    None: the configured mood's): the mood's amplitude (the lifelike legs' at
    Configuration.legs_amplitude) around its rest posture. LB..UB is the union of those
    bands, SRO the farthest they reach from the configured home: a lively mood widens the
    band, a valence moves the rest."""
    if config is None or joint in joints.HEAD_JOINTS:
        return None
    limit = joints.URDF_LIMITS[joint]
    home = config.home[joint]
    max_range = config.maximum_range(joint)
    lower, upper, allowed = float("inf"), float("-inf"), 0.0
    for reading in readings or mood_readings(config):
        selected = reading.selected_range
        if joint in joints.LEG_JOINTS:
            selected = config.legs_amplitude(selected)
        rest = reading.rest[joint]
        low, high = trajectory.random_bounds(rest, limit, max_range, selected)
        lower, upper = min(lower, low), max(upper, high)
        allowed = max(allowed, abs(rest - home) +
                      trajectory.random_offset(limit, max_range, selected))
    return home, lower, upper, allowed


def moods_of(context):
    """The [valence, arousal] pairs a run read (getStatus's moodNow), from its recorded
    ``context`` (None: nothing recorded)."""
    return (context or {}).get("mood", ())


def mood_readings(config, moods=()):
    """The live signal's Reading of ``config`` at each mood of ``moods`` ([valence,
    arousal] pairs; none: the configured mood), each computed once: what joint_bounds
    and heading_band read for every joint."""
    return [live_signal.steady(config, valence, arousal).now()
            for valence, arousal in set(tuple(mood) for mood in moods) or [(None, None)]]


def commanded_joints(commands):
    """Joints commanded at least once, in joints.ALL_JOINTS order."""
    seen = set()
    for record in commands["trajectories"]:
        seen.update(record["names"])
    return [joint for joint in joints.ALL_JOINTS if joint in seen]


def heading_band(config, readings=None):
    """Half-width (rad) of the base's heading band at the widest rotMaximumRange of
    ``readings`` (as joint_bounds), or None without a configuration."""
    if config is None:
        return None
    return trajectory.heading_band(max(reading.rot_maximum_range
                                       for reading in readings or mood_readings(config)))


OURS = "animate-behaviour"  # a record's "by" when the package sent it (the default)
OTHER_APP_COLOUR = "tab:brown"  # records another app sent
YIELD_COLOURS = {"speech": "gold", "another app": "tab:cyan", "hot": "tab:red",
                 "error": "tab:gray"}


def is_ours(record):
    """Whether animate-behaviour sent a record (a trajectory or a move dict)."""
    return record.get("by", OURS) == OURS


def _shade(axis, intervals, end):
    """Shade where a part yielded: [[start, end or None, why], ...]."""
    labelled = set()
    for start, stop, why in intervals:
        axis.axvspan(start, end if stop is None else stop, alpha=0.25,
                     color=YIELD_COLOURS.get(why, "tab:gray"),
                     label=None if why in labelled else "yielding (%s)" % why)
        labelled.add(why)


# getStatus's context states, shaded on the context's row (present: unshaded).
CONTEXT_COLOURS = {"engaged": "tab:green", "listening": "tab:orange", "alone": "tab:gray"}


def _plot_context(axis, context):
    """The context's row: each reaction's weight, and its state shaded behind."""
    times, states = context["time"], context["state"]
    labelled = set()
    for index, state in enumerate(states):
        if state in CONTEXT_COLOURS and index + 1 < len(times):
            axis.axvspan(times[index], times[index + 1], alpha=0.2, linewidth=0,
                         color=CONTEXT_COLOURS[state],
                         label=None if state in labelled else state)
            labelled.add(state)
    for reaction, weights in sorted(context["weights"].items()):
        axis.plot(times, weights, linewidth=1.0, label="%s weight" % reaction)
    axis.set_ylim(-0.05, 1.05)
    axis.set_ylabel("context\n(weight)", fontsize=8)
    axis.set_title("context from getStatus (state shaded, reactions' weights)", fontsize=8,
                   loc="left")
    axis.tick_params(labelsize=7)
    axis.legend(loc="upper right", fontsize=6, ncol=4)


def intervals(times, values):
    """[[start, end, value], ...] of values polled at ``times``, one per change (end: the
    change's last poll)."""
    found = []
    for time, value in zip(times, values):
        if found and found[-1][2] == value:
            found[-1][1] = round(time, 3)
        else:
            found.append([round(time, 3), round(time, 3), value])
    return found


# Each state of a part (engine/status.py STATES) on the states' row.
STATE_COLOURS = {status.HOME: "lightgray", status.ANIMATING: "tab:green",
                 status.YIELDING: "tab:cyan", status.HOT: "tab:red",
                 status.PAUSED: "tab:orange", status.RESTING: "tab:purple",
                 status.WAITING: "gold", status.DISABLED: "dimgray"}
# A band narrower than this fraction of the run has no words in it (they would cover
# their neighbours').
WORDS_MIN_FRACTION = 0.03
EVENT_STYLE = {"color": "black", "linewidth": 0.6, "linestyle": ":"}


def _detail(entry):
    """What a part's state is about: its reason, whom it yields to, its hot joints."""
    return entry.get("reason") or entry.get("yieldingTo") or ", ".join(entry.get("hot", ()))


def _plot_states(axis, states, events, end):
    """The states' row: one lane a part (getStatus's groups, then the base), a band per state
    (STATE_COLOURS) with its reason written in, and each event of the day marked and
    named above the lanes."""
    parts = list(states["parts"])[::-1]  # as getStatus reports them, from the top
    shown = set()
    for lane, part in enumerate(parts):
        keys = [None if entry is None else (entry["state"], _detail(entry))
                for entry in states["parts"][part]]
        bands = intervals(states["time"], keys)
        for index, (start, _last, key) in enumerate(bands):
            if key is None:
                continue
            stop = bands[index + 1][0] if index + 1 < len(bands) else end
            state, detail = key
            axis.barh(lane, stop - start, left=start, height=0.8, linewidth=0,
                      color=STATE_COLOURS[state], alpha=0.6)
            shown.add(state)
            if stop - start >= WORDS_MIN_FRACTION * end:
                axis.text((start + stop) / 2.0, lane, state + ("\n" + detail if detail else ""),
                          ha="center", va="center", fontsize=5.5, clip_on=True)
    top = len(parts) - 0.4
    for time, what in events:
        axis.text(time, top, " " + what, rotation=90, fontsize=5.5, va="bottom", ha="center")
    axis.set_ylim(-0.6, len(parts) + 2.6)  # the events' names above the lanes
    axis.set_yticks(range(len(parts)))
    axis.set_yticklabels(parts, fontsize=7)
    axis.set_title("each part's state from getStatus (the reason written in), and the "
                   "day's events", fontsize=8, loc="left")
    axis.tick_params(labelsize=7)
    axis.legend(handles=[Patch(color=STATE_COLOURS[state], alpha=0.6, label=state)
                         for state in status.STATES if state in shown],
                loc="upper right", fontsize=6, ncol=len(shown))


def has_mood_row(context):
    """Whether the plot gains a mood row: a visitor's mood was recorded, or moodNow moved."""
    if not context:
        return False
    moods = [tuple(mood) for mood in context.get("mood") or () if mood is not None]
    return bool(context.get("person")) or len(set(moods)) > 1


def _steps(felt, end):
    """(times, valences, arousals) of the person's moods as steps: each [time, what,
    valence, arousal, confidence] of ``felt`` held until the next, the last until ``end``."""
    times, valences, arousals = [], [], []
    ends = [row[0] for row in felt[1:]] + [end]
    for (start, _what, valence, arousal, _confidence), stop in zip(felt, ends):
        times.extend([start, stop])
        valences.extend([valence, valence])
        arousals.extend([arousal, arousal])
    return times, valences, arousals


def _plot_mood(axis, context):
    """The mood row: Pepper's moodNow (valence, arousal) from getStatus, against the
    visitor's mood as ALMood perceived it (dashed steps, from when they felt it to when
    they left), with the follow's lean (dotted) when it is on."""
    times = context["time"]
    moods = context.get("mood") or []
    polled = [(time, mood) for time, mood in zip(times, moods) if mood is not None]
    colours = ("tab:red", "tab:blue")
    for index, (axis_name, colour) in enumerate(zip(("valence", "arousal"), colours)):
        axis.plot([time for time, _ in polled], [mood[index] for _, mood in polled],
                  color=colour, linewidth=1.2, label="Pepper's %s (moodNow)" % axis_name)
    leans = [(time, lean) for time, lean in zip(times, context.get("lean") or [])
             if lean is not None]
    if leans:
        for index, colour in enumerate(colours):
            axis.plot([time for time, _ in leans], [lean[index] for _, lean in leans],
                      color=colour, linewidth=0.8, linestyle=":",
                      label="follow's lean (%s)" % ("valence", "arousal")[index])
    felt = context.get("person") or []
    if felt:
        end = context.get("left") or (times[-1] if times else felt[-1][0])
        steps, valences, arousals = _steps(felt, end)
        for values, colour, axis_name in ((valences, colours[0], "valence"),
                                          (arousals, colours[1], "arousal")):
            axis.plot(steps, values, color=colour, linewidth=1.0, linestyle="--",
                      label="visitor's %s" % axis_name)
        for start, what, _valence, _arousal, confidence in felt:
            axis.axvline(start, color="black", linewidth=0.5, linestyle=":")
            axis.text(start, 1.02, " %s (conf. %.1f)" % (what, confidence), fontsize=6,
                      va="bottom", ha="left")
    axis.axhline(0.0, color="black", linewidth=0.5)
    axis.set_ylim(-1.1, 1.25)
    axis.set_ylabel("mood\n(-1..1)", fontsize=8)
    axis.set_title("mood: Pepper's moodNow from getStatus (solid) against the visitor's as "
                   "ALMood perceives it (dashed; arousal = 2 x agitation - 1)", fontsize=8,
                   loc="left")
    axis.tick_params(labelsize=7)
    axis.legend(loc="lower left", fontsize=6, ncol=3)


def plot_commands(commands, config, path, measured=None, yields=None, context=None,
                  states=None, events=()):
    """One subplot per commanded joint (waypoints vs time, home, LB/UB band, limits)
    plus the base heading; saved to ``path``. Records ``by`` another app are drawn in brown.
    ``measured`` adds what the simulation measured: {"time": [s], "angles": {joint:
    [rad]}, "heading": [rad]}. ``yields`` ({part: [[start, end, why], ...]}, parts being
    the configuration's joint groups and "base") shades where each part yielded.
    ``context`` ({"time": [s], "state": [...], "weights": {reaction: [...]}}, from
    getStatus) adds a last row with it, and, when it holds a visitor's mood or moodNow
    moved ("mood": [[valence, arousal]...], "lean", "person", "left": see
    pepper_bullet.scenario.Run), a row of Pepper's mood against the visitor's below it.
    ``states`` ({"time": [s], "parts": {part: [getStatus's entry or None...]}}) adds a
    row of each part's state under the base's heading; ``events`` ([[time, what]...], the
    day's) are marked on every row and named on that one. Returns the list of plotted
    joints."""
    names = commanded_joints(commands)
    readings = None if config is None else mood_readings(config, moods_of(context))
    yields = yields or {}
    group_of = {}
    if config is not None:
        for row, members in groups.joint_groups(config.behaviour, config.platform_joints):
            group_of.update((joint, row.name) for joint in members)
    last_time = max([record["end"] or record["start"] for record in commands["trajectories"]]
                    + [t for t, _ in commands["headings"]] + [0.0])
    mood_row = has_mood_row(context)
    # The states' row is twice as tall: a lane a part, and the events' names above them.
    states_row = bool(states and states["parts"])
    heights = [1] * (len(names) + 1) + ([2] if states_row else []) \
        + ([1] if context else []) + ([1] if mood_row else [])
    figure, axes = plt.subplots(len(heights), 1, figsize=(11, 2.1 * sum(heights)),
                                sharex=True, squeeze=False,
                                gridspec_kw={"height_ratios": heights})
    axes = [row[0] for row in axes]
    axes[-1].set_xlabel("time (s)")
    for axis in axes:
        for time, _what in events:
            axis.axvline(time, **EVENT_STYLE)
    if mood_row:
        _plot_mood(axes.pop(), context)
    if context:
        _plot_context(axes.pop(), context)
    if states_row:
        _plot_states(axes.pop(), states, events, max([last_time] + states["time"]))
    for axis, joint in zip(axes, names):
        values = []
        killed_label = commanded_label = other_label = True
        _shade(axis, yields.get(group_of.get(joint), ()), last_time)
        for record in commands["trajectories"]:
            if joint not in record["names"]:
                continue
            index = record["names"].index(joint)
            times = [record["start"] + t for t in record["times"][index]]
            angles = list(record["angles"][index])
            if record.get("start_angles"):  # draw from where the joint was at the start
                times.insert(0, record["start"])
                angles.insert(0, record["start_angles"][index])
            if not is_ours(record):
                axis.plot(times, angles, color=OTHER_APP_COLOUR, linewidth=1.2, marker=".",
                          markersize=3, label=record["by"] if other_label else None)
                other_label = False
                values.extend(angles)
            elif record["killed"]:
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
        if measured is not None:
            axis.plot(measured["time"], measured["angles"][joint], color="black",
                      linewidth=0.6, label="measured")
            values.extend(measured["angles"][joint])
        limit = joints.URDF_LIMITS[joint]
        bounds = joint_bounds(config, joint, readings)
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
    _shade(axis, yields.get("base", ()), last_time)
    headings = commands["headings"]
    if headings:
        axis.plot([t for t, _ in headings], [h for _, h in headings], color="tab:purple",
                  marker="o", markersize=2, linewidth=0.8, label="heading")
    if measured is not None:
        axis.plot(measured["time"], measured["heading"], color="black", linewidth=0.6,
                  label="measured heading")
    band = heading_band(config, readings)
    if band is not None:
        axis.axhspan(-band, band, color="tab:green", alpha=0.15, label="heading band")
    axis.axhline(0.0, color="black", linestyle="--", linewidth=0.8, label="start heading")
    axis.set_ylabel("heading\n(rad)", fontsize=8)
    axis.set_title("base heading (moveTo start/end samples)", fontsize=8, loc="left")
    axis.tick_params(labelsize=7)
    axis.legend(loc="upper right", fontsize=6, ncol=3)
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)
    return names
