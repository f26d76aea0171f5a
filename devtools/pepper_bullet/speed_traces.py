"""Speed traces of simulated runs: each chain's measured joint speeds over time, one block
of chains per run, stacked (Python 3, matplotlib Agg).

The speeds are motion_quality's: the measured angles on its even grid, low-passed, by
central differences. Nothing else is drawn from its figures: lifelike's breath (a few
hundredths of a rad/s, flat at this scale) counts as moving by its 10 % threshold, so
shading its "moves" or printing its rest shares would contradict the traces a reader
sees; scripts/benchmark_motion.py prints those figures.
"""
import collections
import textwrap

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import motion_quality  # noqa: E402
from animate_behaviour.planning import groups  # noqa: E402

from pepper_bullet import demo  # noqa: E402
from pepper_bullet.physics import SIMULATED_JOINTS  # noqa: E402

# One colour per chain (matplotlib's first three) for all of its joints' traces.
CHAIN_COLOURS = collections.OrderedDict([
    ("left arm", "#1f77b4"), ("right arm", "#ff7f0e"), ("legs", "#2ca02c")])
# Below zero by this share of the scale, so that a resting joint's trace lies on the
# axis, visible, not hidden under it.
FLOOR = 0.03
BLOCK_HEIGHT = 3.6  # inches per run
TITLE_WIDTH = 110  # characters on a title's line
WIDTH = 11.0  # inches
DPI = 90


class Trace(object):
    """One run's speeds: ``times`` (simulated s, the grid), ``speeds`` (joint -> rad/s,
    the chains' joints the package moved) and ``disabled_at`` (s)."""

    def __init__(self, times, speeds, disabled_at):
        self.times = times
        self.speeds = speeds
        self.disabled_at = disabled_at


def trace(run, behaviour):
    """The Trace of a scenario.Run of ``behaviour``: every measured sample of the chains'
    joints the package owns, moved or not. A chain that rested through a short run (the
    lifelike legs may) is drawn flat on its axis, not left out."""
    series = demo.measured_series(run.samples)
    chained = [name for members in motion_quality.CHAINS.values() for name in members]
    owned = [name for _row, members in groups.joint_groups(behaviour, SIMULATED_JOINTS)
             for name in members]
    names = [name for name in owned if name in chained]
    if not names:
        raise ValueError("behaviour %r owns none of the chains' joints (%s)"
                         % (behaviour, ", ".join(chained)))
    times = series["time"]
    angles = motion_quality.from_measurements(
        times, collections.OrderedDict((name, series["angles"][name]) for name in names),
        times[0], times[-1])
    return Trace(motion_quality.sample_times(times[0], times[-1]),
                 motion_quality.speeds(angles, motion_quality.RATE), run.disabled_at)


def draw(traces, titles, path):
    """Plot ``traces`` (an OrderedDict run name -> Trace), one block per run, top to
    bottom, each under its entry of ``titles`` (run name -> text), and save it to
    ``path`` (PNG)."""
    chains = [chain for chain in CHAIN_COLOURS
              if any(chain in motion_quality.chains_of(list(trace.speeds))
                     for trace in traces.values())]
    # One scale per chain across the runs, so that their speeds compare, set by the
    # animation: the way home after the disable, faster, runs off it.
    tops = dict((chain, 1.05 * max(
        [trace.speeds[name][trace.times <= trace.disabled_at].max()
         for trace in traces.values()
         for name in motion_quality.chains_of(list(trace.speeds)).get(chain, ())] or [1.0]))
        for chain in chains)
    span = (min(trace.times[0] for trace in traces.values()),
            max(trace.times[-1] for trace in traces.values()))
    figure = plt.figure(figsize=(WIDTH, BLOCK_HEIGHT * len(traces)))
    blocks = figure.subfigures(len(traces), 1) if len(traces) > 1 else [figure]
    for block, (name, trace) in zip(blocks, traces.items()):
        block.suptitle(textwrap.fill("%s: %s" % (name, titles[name]), TITLE_WIDTH), x=0.07,
                       ha="left", fontsize=10, fontweight="bold")
        axes = block.subplots(len(chains), 1, sharex=True, squeeze=False)[:, 0]
        members = motion_quality.chains_of(list(trace.speeds))
        for axis, chain in zip(axes, chains):
            for joint in members.get(chain, ()):
                axis.plot(trace.times, trace.speeds[joint], color=CHAIN_COLOURS[chain],
                          linewidth=0.8)
            axis.axvline(trace.disabled_at, color="black", linestyle="--", linewidth=0.8)
            axis.set_xlim(*span)  # the same seconds in every block
            axis.set_ylim(-FLOOR * tops[chain], tops[chain])
            axis.set_ylabel("%s\nrad/s" % chain, fontsize=9)
            axis.tick_params(labelsize=8)
        axes[-1].set_xlabel("simulated s (one line per joint; dashed: disabled, Pepper "
                            "goes home, off the scale)", fontsize=9)
        block.subplots_adjust(left=0.07, right=0.98, top=0.84, bottom=0.14, hspace=0.12)
    figure.savefig(path, dpi=DPI)
    plt.close(figure)
