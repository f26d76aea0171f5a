"""The published human figures the lifelike style's timing is held against (issue 26): one
row per figure of timing_quality.figures, with its range and source. docs/motion.md
("Human timing") gives the same table. And people standing idle as issue 32 reads them
(:data:`IDLE`): where they and a goal chosen before them disagree, people win.

Python 2.7/3 single-source.
"""
from __future__ import absolute_import, division, print_function

import collections

Reference = collections.namedtuple("Reference", "key label low high human source")

_TOBIN = "Tobin et al., J Appl Physiol 1988;65:309"
_TOBIN_MEMORY = "Am J Respir Crit Care Med 1995;152:1967"
_SIGHS = "Ann Allergy Asthma Immunol 2005;94:247; Vlemincx et al. 2010"
_SIGH_SIZE = "Li et al., Nature 2016; Perez-Padilla et al., Sleep 1983"
_DUARTE = "Duarte & Zatsiorsky, Motor Control 1999"
_COLLINS = "Collins & De Luca, Exp Brain Res 1993;95:308"
_INF = float("inf")

TABLE = (
    Reference("breaths per minute", "breaths a minute", 12.0, 20.0, "12-20 at rest",
              "people at rest"),
    Reference("length CV", "breath length CV", 0.15, 0.3, "about 0.21", _TOBIN),
    Reference("depth CV", "breath depth CV", 0.2, 0.45, "about 0.33", _TOBIN),
    Reference("length lag-1", "breath length lag-1 autocorrelation", 0.2, 0.3, "0.2-0.3",
              _TOBIN_MEMORY),
    Reference("depth lag-1", "breath depth lag-1 autocorrelation", 0.2, 0.3, "0.2-0.3",
              _TOBIN_MEMORY),
    Reference("sighs per hour", "sighs an hour (neutral mood)", 10.0, 20.0,
              "12-20 awake, 13.7 watching TV", _SIGHS),
    Reference("sigh size", "sigh size (tidal breaths)", 2.0, 5.0, "2-5 times", _SIGH_SIZE),
    Reference("pause after a sigh", "pause after a sigh (s)", None, _INF,
              "longer than after a breath", "Issa et al., J Appl Physiol 1994;77:856"),
    Reference("weight shift, side to side per hour", "weight shifts side to side an hour",
              10.0, 40.0, "18 (every 199 +- 148 s)", _DUARTE),
    Reference("weight shift, side to side interval CV", "  their interval CV", 0.5, 1.2,
              "0.74", _DUARTE),
    Reference("weight shift, front to back per hour", "weight shifts front to back an hour",
              5.0, 25.0, "11 (every 316 +- 292 s)", _DUARTE),
    Reference("weight shift, front to back interval CV", "  their interval CV", 0.5, 1.2,
              "0.92", _DUARTE),
    Reference("fidgets per hour", "fidgets an hour", 50.0, 90.0, "61-73 (every 49-59 s)",
              _DUARTE),
    Reference("fidget interval CV", "  their interval CV", 0.5, 1.2, "long-tailed", _DUARTE),
    Reference("short-term H", "sway short-term Hurst exponent", 0.83, 0.90, "0.83-0.90",
              _COLLINS),
    Reference("long-term H", "sway long-term Hurst exponent", -_INF, 0.5,
              "below 0.5 (anti-persistent)", _COLLINS),
    Reference("critical time", "sway critical time (s)", 0.5, 2.0, "about 1 s", _COLLINS),
)

# The sighs at valence -1, arousal 1 (the breath figures there).
UPSET_SIGHS = Reference("sighs per hour", "sighs an hour at valence -1, arousal 1", 16.0, 24.0,
                        "towards 20 (stress, negative mood)", _SIGHS)


def inside(reference, figures):
    """Whether ``figures`` (timing_quality.figures) holds ``reference``'s figure inside its
    range; a low of None: above the pause after a breath."""
    value = figures[reference.key]
    low = figures["pause after a breath"] if reference.low is None else reference.low
    return low <= value <= reference.high


# People standing idle (issue 32): the range over the six genuine ReActIdle clips, mapped
# onto Pepper's joints and read by devtools/people (make people, docs/people.md): issue
# 13's figures as motion_quality reads them (people/quality.py), and the pauses between
# an arm's gross moves (people/figures.py). Quoted here so that the tests and benchmarks
# that hold Pepper to them run without the data.
_REACTIDLE = ("ReActIdle's genuine clips (Atxa Landa et al., Comput Animat Virtual Worlds "
              "2025, e70116), devtools/people")
IDLE = dict((row.key, row) for row in (
    Reference("peaks per second", "speed peaks a second per joint", 0.47, 1.70, "0.47-1.70",
              _REACTIDLE),
    Reference("synchrony", "onsets another chain's accompanies within 150 ms", 0.43, 0.64,
              "0.43-0.64", _REACTIDLE),
    Reference("clock line", "clock line at 1/gestureDuration", 0.95, 1.31, "0.95-1.31 (1 Hz)",
              _REACTIDLE),
    Reference("pause median", "pause between an arm's gross moves, median (s)", 0.13, 1.21,
              "0.13-1.21", _REACTIDLE),
    Reference("pause CV", "pause CV", 1.47, 2.56, "1.47-2.56", _REACTIDLE),
    Reference("pause mean", "pause between an arm's gross moves, mean (s)", 0.44, 5.05,
              "0.44-5.05", _REACTIDLE),
    Reference("speed median", "arm joint speed, median (rad/s)", 0.007, 0.099,
              "0.007-0.099 (never quite still)", _REACTIDLE),
    Reference("move duration", "gross arm move, median (s)", 0.38, 0.67,
              "0.38-0.67 (every move: 0.29-1.78, 10th to 90th percentile)", _REACTIDLE),
))
