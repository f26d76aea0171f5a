"""How the motion looks, per motion style (issue 13): figures from devtools/motion_quality.

    make benchmark      (or: PYTHONPATH=lib:devtools .venv/bin/python scripts/benchmark_motion.py
                         [--seconds 60] [--no-bullet])

Each style of STYLES runs at the same settings (``behaviour = body``, the specification's
defaults otherwise, ``motionStyle`` = the style once the configuration has that key):

* ease / spline: the real MotionEngine in-process against pepper_sim's KinematicMotion
  (the configuration's platform, the robot: hands included), both on one ScaledClock at
  SCALE wall s per robot s, so thread jitter (a few wall ms) stays far below the 150 ms
  synchrony window; its commanded trajectories are rebuilt at 50 Hz under both
  interpolation models;
* qiBullet: the real runner against qiBullet's Pepper in real time, as ``make demo`` runs
  it (pepper_bullet.scenario, ``platform = simulator``: no LHand/RHand), its measured
  joint angles resampled at 50 Hz and low-passed.

Every source is measured over ``--seconds`` robot seconds from the moment every animated
joint has ended its first call (the move home). Prints one table (rows: figures with
the issue's goal and its own figure for the specification; columns: style x source),
then peaks, synchrony, onsets and rest per chain and the RMS offset per joint, then the
lifelike style's human timing (devtools/timing_quality: holds, breaths, sighs, weight
shifts, fidgets and the legs' sway, from TIMING_HOURS robot hours of its planner's calls
chained as its workers chain them), each against its human reference
(devtools/human_reference). ``--write`` also writes both tables as Markdown into
docs/measurements/motion.md. Figures, not assertions. At the default 60 s it takes about
80 s per style (10 s in-process, 70 s
in qiBullet's real time); ``--seconds 20`` about 30 s, ``--no-bullet`` 10 s.
"""
import argparse
import collections
import os
import shutil
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "lib"), os.path.join(ROOT, "devtools")]

import inprocess_motion  # noqa: E402
import measurement_pages  # noqa: E402  (scripts/ is on sys.path)
import motion_quality  # noqa: E402
import human_reference  # noqa: E402
import timing_quality  # noqa: E402
from animate_behaviour import configuration as config_module  # noqa: E402

STYLES = ["specification"] + (["lifelike"] if "motionStyle" in config_module.ROWS else [])
SETTINGS = {"behaviour": "body"}
# Robot s the qiBullet run is given beyond the window for the runner to start and go
# home (0.5 s and 2 s on a quiet machine).
STARTUP = 5.0
# Breaths per minute for the breathing line while the configuration has no
# breathsPerMinute: a person at rest breathes 12 to 20 times a minute.
BREATHS_PER_MINUTE = 14.0
SOURCES = ("ease", "spline", "qiBullet")
# Robot hours of the lifelike planner's calls for its human timing: about 45 sighs and
# 120 posture shifts per group (about 20 s).
TIMING_HOURS = 4.0
# (label, figure key, goal: people's pauses between gross moves (human_reference.IDLE),
# before issue 32 (holds of mean 3 x gestureDuration, CV 0.95), format)
TIMING_ROWS = (
    ("hold length CV", "hold CV", human_reference.IDLE["pause CV"].human, "0.95", "%.2f"),
    ("mean hold (s)", "hold mean", human_reference.IDLE["pause mean"].human, "3.01", "%.2f"),
)
# (label, figure key, goal, the issue's figure for the specification style, format); the
# peaks' and the synchrony's ceilings people's highest (benchmark_mood.GOALS).
ROWS = (
    ("seconds measured", "seconds", "", "", "%.0f"),
    ("speed peaks /s /joint", "peaks per second",
     "<= %.2f" % human_reference.IDLE["peaks per second"].high, "0.80", "%.2f"),
    ("cross-chain synchrony", "synchrony",
     "<= %.2f" % human_reference.IDLE["synchrony"].high, "1.00", "%.2f"),
    ("clock line", "clock line", "<= 2", "about 10", "%.1f"),
    ("SPARC median", "SPARC median", ">= -1.8", "", "%.2f"),
    ("moves (SPARC)", "moves", "", "", "%d"),
    ("RMS offset, mean (rad)", "RMS offset mean", "equal", "", "%.3f"),
    ("breathing line", "breathing line", "", "", "%.1f"),
    ("breathing line holding", "breathing line holding", "", "", "%.1f"),
)


# docs/measurements/motion.md's rows: (label, figure key, format), the arms' rest between
# the RMS offset and the breathing line; the goals are the lifelike style's.
MARKDOWN_ROWS = (
    ("speed peaks per s per joint (<= %.2f)" % human_reference.IDLE["peaks per second"].high,
     "peaks per second", "%.2f"),
    ("onsets another chain's accompanies within 150 ms (<= %.2f)"
     % human_reference.IDLE["synchrony"].high, "synchrony", "%.2f"),
    ("clock line at 1/`gestureDuration` over the band 0.3-2.5 times it (<= 2)", "clock line",
     "%.1f"),
    ("median SPARC of a move (>= -1.8)", "SPARC median", "%.2f"),
    ("RMS offset from home, mean over joints, rad (within 25 %)", "RMS offset mean", "%.3f"),
    ("breathing line in ShoulderPitch while the arms hold (power over its band)",
     "breathing line holding", "%.1f"),
)
ARMS = ("left arm", "right arm")
# The human timing's formats on the page, by figure key (others: "%.2f").
TIMING_FORMATS = {"sighs per hour": "%.1f", "weight shift, side to side per hour": "%.1f",
                  "weight shift, front to back per hour": "%.1f", "fidgets per hour": "%.1f",
                  "pause after a sigh": "%.1f"}


def style_settings(style):
    settings = dict(SETTINGS)
    if "motionStyle" in config_module.ROWS:
        settings["motionStyle"] = style
    return settings


def breaths_per_minute(config):
    return config.values().get("breathsPerMinute", BREATHS_PER_MINUTE)


def commanded(style, seconds, seed=inprocess_motion.SEED):
    """(the configuration, {model: angles rebuilt from the in-process engine's calls})."""
    config = config_module.from_mapping(style_settings(style))
    return config, inprocess_motion.commanded(config, seconds, seed=seed)


def measured(style, seconds, out_dir):
    """Angles measured by qiBullet while the runner animates it (``out_dir``: its
    configuration and runner.log)."""
    from pepper_bullet import demo, scenario  # Python 3.9 + qiBullet only
    source = os.path.join(out_dir, "style.ini")
    with open(source, "w") as handle:
        handle.write("".join("%s = %s\n" % item for item in style_settings(style).items()))
    run = scenario.run(seconds + STARTUP, out_dir, config=source, behaviour="body",
                       report=lambda line: None)
    if run.problems:
        raise RuntimeError("the qiBullet run of %s failed: %s (see %s)"
                           % (style, "; ".join(run.problems), run.log_path))
    ours = [record for record in run.commands["trajectories"]
            if record["by"] != scenario.OTHER_APP and record["start"] is not None]
    start = inprocess_motion.settled_at((record["names"], record["end"]) for record in ours)
    if start is None:
        raise RuntimeError("the qiBullet run of %s ended before its first calls did" % style)
    end = min(start + seconds, run.disabled_at)
    names = [name for name in config_module.load(run.config_path).platform_joints
             if any(name in record["names"] for record in ours)]
    series = demo.measured_series(run.samples)
    return motion_quality.from_measurements(
        series["time"], collections.OrderedDict((name, series["angles"][name]) for name in names),
        start, end)


def measure(styles, seconds, bullet, seed=inprocess_motion.SEED):
    """{(style, source): figures}."""
    results = {}
    for style in styles:
        config, rebuilt = commanded(style, seconds, seed)
        breaths = breaths_per_minute(config)
        for model, angles in rebuilt.items():
            results[style, model] = motion_quality.figures(
                angles, motion_quality.RATE, config.home, config.gesture_duration, breaths)
        if bullet:
            out_dir = tempfile.mkdtemp(prefix="benchmark_motion_")
            angles = measured(style, seconds, out_dir)
            shutil.rmtree(out_dir)  # kept when the run fails: its runner.log says why
            results[style, "qiBullet"] = motion_quality.figures(
                angles, motion_quality.RATE, config.home, config.gesture_duration, breaths)
    return results


def shown(value, form):
    return "n/a" if value != value else form % value  # NaN: nothing to measure


def print_table(results, styles, sources):
    columns = [(style, source) for style in styles for source in sources]
    width = 15
    head = "  %-24s %-8s %-9s" % ("", "goal", "issue")
    print(head + "".join(style.rjust(width) for style, _ in columns))
    print(" " * len(head) + "".join(source.rjust(width) for _, source in columns))
    for label, key, goal, issue, form in ROWS:
        print("  %-24s %-8s %-9s" % (label, goal, issue) + "".join(
            shown(results[column][key], form).rjust(width) for column in columns))
    for title, key, form in (("peaks /s", "peaks per chain", "%.2f"),
                             ("synchrony", "synchrony per chain", "%.2f"),
                             ("onsets", "onsets per chain", "%d"),
                             ("rest", "rest per chain", "%.2f")):
        for chain in motion_quality.CHAINS:
            print("  %-42s" % ("%s, %s" % (title, chain)) + "".join(
                shown(results[column][key].get(chain, float("nan")), form).rjust(width)
                for column in columns))
    print("  RMS offset from home per joint (rad; qiBullet has no LHand/RHand)")
    joint_names = []
    for column in columns:
        for name in results[column]["RMS offset per joint"]:
            if name not in joint_names:
                joint_names.append(name)
    for name in joint_names:
        print("    %-40s" % name + "".join(
            shown(results[column]["RMS offset per joint"].get(name, float("nan")),
                  "%.3f").rjust(width) for column in columns))


def print_timing(figures, upset):
    """``figures`` (timing_quality.figures) against people's, and ``upset``'s sighs (the
    breath figures at valence -1, arousal 1)."""
    print("Human timing, lifelike, %.0f robot hours of the planner's calls (breaths read "
          "while Pepper listens, when the arms only breathe; shifts as the legs show them)"
          % figures["hours"])
    print("  %-24s %-9s %-8s %12s" % ("", "goal", "before", "lifelike"))
    for label, key, goal, before, form in TIMING_ROWS:
        print("  %-24s %-9s %-8s %12s" % (label, goal, before, shown(figures[key], form)))
    print("  %-40s %8s  %-30s %-7s %s" % ("against people", "measured", "people", "", "source"))
    for row, measured in [(row, figures) for row in human_reference.TABLE] + [
            (human_reference.UPSET_SIGHS, upset)]:
        print("  %-40s %8s  %-30s %-7s %s" % (
            row.label, shown(measured[row.key], "%.2f"), row.human,
            "inside" if human_reference.inside(row, measured) else "OUTSIDE", row.source))
    low, high = figures["sigh size range"]
    print("  %-40s %8s" % ("  sigh sizes seen", "%.1f-%.1f" % (low, high)))
    for name, rate in figures["shifts per hour per group"].items():
        print("  %-40s %8s" % ("weight shifts seen an hour, %s" % name, shown(rate, "%.1f")))


def markdown_table(results, styles, sources):
    """The motion table as Markdown lines: a row per figure, a column per style, its
    sources' figures side by side."""
    lines = ["| figure (goal for lifelike) | %s |" % " | ".join(
        "%s: %s" % (style, " / ".join(sources)) for style in styles),
        "| --- |%s" % (" --- |" * len(styles))]

    def row(label, cell):
        lines.append("| %s | %s |" % (label, " | ".join(cell(style) for style in styles)))
    for label, key, form in MARKDOWN_ROWS:
        if key == "breathing line holding":
            row("share of time the arms rest (either arm, every source)", lambda style: (
                lambda rest: "%.0f-%.0f %%" % (100 * min(rest), 100 * max(rest))
                if rest else "n/a")([results[style, source]["rest per chain"][arm]
                                     for source in sources for arm in ARMS
                                     if arm in results[style, source]["rest per chain"]]))
        row(label, lambda style: " / ".join(shown(results[style, source][key], form)
                                            for source in sources))
    return lines


def markdown_timing(figures, upset):
    """The human timing as Markdown lines: each figure, people's, the lifelike style's and
    whether it lies inside people's range."""
    lines = ["| figure | people | lifelike | |", "| --- | --- | --- | --- |"]
    for (label, key, goal, _before, form), idle in zip(TIMING_ROWS, ("pause CV", "pause mean")):
        people = human_reference.IDLE[idle]
        lines.append("| %s | %s (people's pauses) | %s | %s |" % (
            label, goal, shown(figures[key], form),
            "inside" if people.low <= figures[key] <= people.high else "OUTSIDE"))
    parent = ""
    for row, measured in [(row, figures) for row in human_reference.TABLE] + [
            (human_reference.UPSET_SIGHS, upset)]:
        label = row.label.strip()
        if row.label.startswith(" "):
            label = "%s: %s" % (parent, label)
        else:
            parent = label
        value = shown(measured[row.key], TIMING_FORMATS.get(row.key, "%.2f"))
        if row.key == "sigh size":
            value += " (%.1f-%.1f seen)" % measured["sigh size range"]
        elif row.key == "pause after a sigh":
            value += " (after a breath %.1f)" % measured["pause after a breath"]
        lines.append("| %s | %s | %s | %s |" % (
            label, row.human, value,
            "inside" if human_reference.inside(row, measured) else "OUTSIDE"))
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="robot seconds measured per style and source (default 60)")
    parser.add_argument("--no-bullet", action="store_true",
                        help="leave out the qiBullet runs (most of the run time)")
    parser.add_argument("--seed", type=int, default=inprocess_motion.SEED,
                        help="the engine's random seed (default %d)" % inprocess_motion.SEED)
    measurement_pages.option(parser, "motion.md")
    args = parser.parse_args(argv)
    started = time.monotonic()
    sources = SOURCES[:2] if args.no_bullet else SOURCES
    results = measure(STYLES, args.seconds, not args.no_bullet, args.seed)
    config = config_module.from_mapping(style_settings(STYLES[0]))
    print("Motion quality, behaviour = body, the specification's defaults, seed %d; %.0f "
          "robot s per run after the first calls; 50 Hz; breathing line at %.0f breaths/min.\n"
          "ease / spline: the engine's calls (pepper_sim at %.2f wall s per robot s) rebuilt "
          "resting at every key / passing through; qiBullet: measured, low-passed at %.0f Hz"
          % (args.seed, args.seconds, breaths_per_minute(config), inprocess_motion.SCALE,
             motion_quality.LOW_PASS_HZ))
    print_table(results, STYLES, sources)
    written = ["Motion quality, behaviour = body, the specification's defaults, seed %d; %.0f "
               "robot s per run after the first calls; ease / spline: the engine's calls "
               "rebuilt at 50 Hz resting at every key / passing through; qiBullet: measured:"
               % (args.seed, args.seconds), ""] + markdown_table(results, STYLES, sources)
    if "lifelike" in STYLES:
        print()
        settings = style_settings("lifelike")
        upset = dict(settings, valence="-1.0", arousal="1.0")
        figures = timing_quality.figures(config_module.from_mapping(settings), args.seed,
                                         TIMING_HOURS * 3600.0)
        breaths = timing_quality.breaths(config_module.from_mapping(upset), args.seed,
                                         TIMING_HOURS * 3600.0)
        print_timing(figures, breaths)
        written += ["", "Human timing, lifelike, %.0f robot hours of the planner's calls, seed "
                    "%d (breaths read while Pepper listens, when the arms only breathe; the "
                    "weight shifts as the legs show them):" % (figures["hours"], args.seed),
                    ""] + markdown_timing(figures, breaths)
    if args.write:
        measurement_pages.write("motion.md", "benchmark_motion.py", written)
    print("(%.0f s)" % (time.monotonic() - started))


if __name__ == "__main__":
    main()
