"""Motion quality: joint motion turned into figures that judge it as a person sees it.

Issue 13 asks whether Pepper's idle motion looks alive or mechanical. This module turns
motion into its figures; scripts/benchmark_motion.py prints them per motion style.
Python 2.7/3 single-source, numpy 1.8 APIs, no scipy.

Motion comes in two ways, both ending as joint angles sampled every 1/``rate`` s
(``angles``: an OrderedDict joint -> 1-D array, all of one length):

* ``rebuild``: the commanded angles, from pepper_sim's ``Trajectory`` records (one per
  angleInterpolation call). NAOqi does not document whether angleInterpolation rests at
  each key or passes through it (docs/naoqi.md, "ALMotion tasks: postponement, task lists,
  killing"), so there are two models: "ease" rests at every key (a cubic ease
  3u^2 - 2u^3 from key to key, exactly as the stand-in plays it:
  pepper_sim.motion.eased_angle) and "spline" passes through them (a monotone
  piecewise-cubic Hermite curve, Fritsch-Carlson, at rest at the call's start and last
  key: a turning-point key gets zero velocity and nothing overshoots the keys; between
  two turning points it is the same cubic ease). Motion that looks good under both
  looks good whatever NAOqi does.
* ``from_measurements``: angles measured by a simulation (qiBullet), noisy and sampled
  at uneven times: interpolated linearly onto the even grid, then low-passed (a
  Gaussian, zero phase, half power at LOW_PASS_HZ) so that sensor noise is not counted
  as speed peaks or move onsets.

Definitions (the thresholds are the constants below, each with its reason):

* speed: |d angle / dt| by central differences.
* A joint's top speed is its own largest speed in the run (issue 13: not its URDF
  limit). A joint whose top speed is below STILL_SPEED never moved and is left out of
  every figure about moves.
* Speed peak: a local maximum of a joint's speed above PEAK_FRACTION of its top speed.
  Figure: peaks per second, averaged over the joints.
* Moving: a joint moves while its speed is above MOVING_FRACTION of its top speed; a
  chain moves while any of its joints moves and rests while none does. A stop at a key,
  however short, is a rest: the joint's speed really falls to nothing there, and a
  watcher sees the motion stop and start again.
* Chains, by joint name (only the joints present count): left arm (the L arm joints
  and LHand), right arm (R arm joints and RHand), legs (HipRoll, HipPitch, KneePitch).
* Move onset of a chain: a sample where it moves after resting (the run's first sample
  is no onset: what came before is unknown). Synchrony of a chain: the fraction of its
  onsets that another chain's onset accompanies within SYNCHRONY_WINDOW; the figure is
  the mean over the chains with onsets, each chain counting once.
* Rest fraction of a chain: the fraction of samples where it rests.
* Clock line: each joint's speed (mean removed) times a Hann window over the whole run,
  zero-padded to SPECTRUM_PADDING times its length (bins a quarter of the 1/T
  resolution, so a line between two bins is not under-read); its power spectrum is
  divided by its own mean over CLOCK_BAND (in multiples of 1/gestureDuration: the same
  motion played slower or faster, at the gestureDuration that makes it so, reads the
  same) so that every joint counts equally, and the
  joints' spectra are averaged. The figure is the mean of that average within
  LINE_HALF_WIDTH of 1/gestureDuration, or of twice it if larger: the power density at
  the clock's line over the band's (the line included, as issue 13 words it). The Hann
  window's main lobe (+-2/T) fits in the line's +-0.05 Hz for runs of 40 s or more;
  shorter runs read the line lower.
* SPARC (Balasubramanian et al. 2015, their reference implementation): per move of a
  joint (a run of samples where it moves, widened on both sides down to the speed's
  local minimum, so the profile holds the whole bump and not one cut at the
  threshold), the arc length of the normalised magnitude spectrum of the speed profile,
  zero-padded by SPARC_PADLEVEL, within SPARC_CUTOFF and the SPARC_AMPLITUDE
  threshold. A minimum-jerk move gives -1.41, a cubic ease between rests -1.58, a move
  with two bumps about -2.3. Moves cut by the run's ends are left out. Figure: median.
* RMS offset from home per joint (rad): how far the motion goes, so that styles are
  compared at equal amplitude.
* Breathing line while holding: the same, on each ShoulderPitch with its arm's moves
  cut out and each hold centred on its mean: the breath as a watcher sees it, between
  moves (in the whole run the moves' own power at the breath's frequency hides a breath
  kept slow enough never to read as a move).
* Breaths per minute: each ShoulderPitch's breaths counted over the whole run with its
  moves left out (where it moves, each move widened to the speed's local minimum on
  either side, no farther than its ease reaches, so that none of the move remains and
  no breath is cut away with it), one per turn from falling to rising (samples slower
  than STILL_SPEED have no direction): the turns a minute from the first to the last,
  averaged over the joints. The rate the breath was drawn at, however short the holds
  between the moves; a move that lasts a whole inhale or exhale hides a breath (issue
  32's brief moves hide few; the slow ones before it, about one breath in ten). Before,
  the strongest line of the holding signals within 6-30 a minute: with issue 32's
  holds, mostly shorter than a breath, it strayed by up to 15 % (14.0 a minute read at
  12.25), and in 120 s the breath's own jitter moves that line as far.
* Mean hold (s): the mean length of the chains' rests between two moves.
* Breathing line: each ShoulderPitch angle (mean removed), spectrum as for the clock
  line but divided by its mean over BREATHING_BAND around fb = breathsPerMinute / 60 Hz,
  leaving out the line itself (the band is narrow: with the line in it, a pure sine
  would read at most 3.5); the figure is the mean of the joints' average within
  LINE_HALF_WIDTH of fb: the line's power over its neighbourhood's.
"""
from __future__ import absolute_import, division, print_function

import collections
import math

import numpy as np

from animate_behaviour.planning import joints
from pepper_sim.motion import eased_angle

RATE = 50.0  # Hz: ALMotion's own cycle is 20 ms
MODELS = ("ease", "spline")
# Issue 13: a peak counts above 10 % of the joint's top speed, so that a joint dithering
# about a key adds nothing while every visible move counts once.
PEAK_FRACTION = 0.10
# The same level says when a joint moves: every counted peak then lies inside a move, and
# at 10 % of its top speed a big joint crawls (Pepper's arms: a few degrees a second).
MOVING_FRACTION = 0.10
# rad/s: a joint slower than this all run long (0.06 degrees a second) never moved.
STILL_SPEED = 1e-3
# Issue 13: two onsets within 150 ms read as one gesture of the whole body.
SYNCHRONY_WINDOW = 0.15
# Issue 13: the clock line's reference band (Hz at its gestureDuration of 1 s: in
# multiples of 1/gestureDuration) and the line's half width (Hz). A band fixed in Hz
# would read the falling flank of slow moves' spectrum (a mood of arousal -1 doubles
# gestureDuration) as a line at their slower clock.
CLOCK_BAND = (0.3, 2.5)
LINE_HALF_WIDTH = 0.05
SPECTRUM_PADDING = 4  # zero padding: bins of a quarter of the resolution
# The breathing line's neighbourhood, in multiples of its frequency fb: an octave each
# side, which scales with the rate (0.12-0.47 Hz at 14 breaths a minute).
BREATHING_BAND = (0.5, 2.0)
# Balasubramanian et al. 2015's published parameters.
SPARC_PADLEVEL = 4
SPARC_CUTOFF = 10.0  # Hz
SPARC_AMPLITUDE = 0.05
# Measured angles only: a Gaussian low-pass (zero phase, no overshoot, so it adds no
# peaks) at half power at 5 Hz. A move of 0.5 s or longer has almost nothing above 3 Hz;
# qiBullet's noise (about 1e-4 rad) and the steps of its 240 Hz physics are above it.
# Noise ten times larger would again add peaks: such a sensor needs a lower cut-off.
LOW_PASS_HZ = 5.0
CHAINS = collections.OrderedDict([
    ("left arm", tuple(name for name in joints.ARM_JOINTS if name.startswith("L"))
     + ("LHand",)),
    ("right arm", tuple(name for name in joints.ARM_JOINTS if name.startswith("R"))
     + ("RHand",)),
    ("legs", ("HipRoll", "HipPitch", "KneePitch")),
])


# ----------------------------------------------------------------- motion in

def sample_times(start, end, rate=RATE):
    """The even grid: start, start + 1/rate, ... up to end (s), never past it (the last
    point may be a rounding error short of its multiple of 1/rate)."""
    if not end > start:
        raise ValueError("end (%r) must come after start (%r)" % (end, start))
    grid = start + np.arange(int(math.floor((end - start) * rate + 1e-9)) + 1) / rate
    return np.minimum(grid, end)


def rebuild(records, names, time_of, start, end, model, rate=RATE):
    """The commanded angles of ``names`` at ``rate`` Hz over [start, end] (robot s).

    ``records``: pepper_sim Trajectory records (names, angles, times in s from the call's
    start, start as a clock time, start_angles, killed, killed_at); ``time_of(t)``: a
    clock time in robot seconds. A joint eases (or flows, ``model`` "spline") along its
    calls, stops where a killed call was killed, holds its last angle between calls and
    its first call's start angle before it. The angles are the records' as commanded
    (the stand-in clamps any outside the limits and records them as limit_violations).
    """
    if model not in MODELS:
        raise ValueError("model must be one of %s, got %r" % (", ".join(MODELS), model))
    grid = sample_times(start, end, rate)
    interpolate = _eased if model == "ease" else _spline
    rebuilt = collections.OrderedDict()
    for name in names:
        calls = sorted(((time_of(record.start), record, record.names.index(name))
                        for record in records
                        if record.start is not None and name in record.names),
                       key=lambda call: call[0])
        if not calls:
            raise ValueError("no call moved %s: its angle is unknown" % name)
        which = np.searchsorted([call[0] for call in calls], grid, side="right") - 1
        values = np.empty(len(grid))
        _begin, first, index = calls[0]
        values[which < 0] = first.start_angles[index]
        for number, (begin, record, index) in enumerate(calls):
            mine = which == number
            if not mine.any():
                continue
            times = record.times[index]
            stop = record.killed_at if record.killed else times[-1]
            elapsed = np.minimum(grid[mine] - begin, stop)
            values[mine] = interpolate(times, record.angles[index],
                                       record.start_angles[index], elapsed)
        rebuilt[name] = values
    return rebuilt


def _eased(times, angles, start_angle, elapsed):
    return [eased_angle(times, angles, start_angle, moment) for moment in elapsed]


def _spline(times, angles, start_angle, elapsed):
    knots = np.array([0.0] + list(times))
    values = np.array([start_angle] + list(angles), dtype=float)
    slopes = monotone_slopes(knots, values)
    index = np.clip(np.searchsorted(knots, elapsed, side="right") - 1, 0, len(knots) - 2)
    width = knots[index + 1] - knots[index]
    u = (np.asarray(elapsed) - knots[index]) / width
    u2, u3 = u * u, u * u * u
    return ((2 * u3 - 3 * u2 + 1) * values[index] + (u3 - 2 * u2 + u) * width * slopes[index]
            + (3 * u2 - 2 * u3) * values[index + 1] + (u3 - u2) * width * slopes[index + 1])


def monotone_slopes(knots, values):
    """Fritsch-Carlson slopes at ``knots`` for a monotone cubic Hermite curve through
    ``values``, zero at both ends (a call starts and ends at rest) and at every key where
    the motion turns; a slope too steep for its interval to stay monotone is scaled back
    (alpha^2 + beta^2 <= 9), so the curve never overshoots a key."""
    secants = np.diff(values) / np.diff(knots)
    slopes = np.zeros(len(knots))
    if len(knots) > 2:
        inner = (secants[:-1] + secants[1:]) / 2.0
        inner[secants[:-1] * secants[1:] <= 0.0] = 0.0
        slopes[1:-1] = inner
    for index, secant in enumerate(secants):
        if secant == 0.0:
            continue  # both slopes are already 0: the neighbours' products were 0
        alpha, beta = slopes[index] / secant, slopes[index + 1] / secant
        size = alpha * alpha + beta * beta
        if size > 9.0:
            scale = 3.0 / math.sqrt(size)
            slopes[index] = scale * alpha * secant
            slopes[index + 1] = scale * beta * secant
    return slopes


def from_measurements(times, angles, start, end, rate=RATE):
    """Measured angles (``angles``: joint -> values at ``times``, uneven, s) on the even
    grid over [start, end]: interpolated linearly, then low-passed (LOW_PASS_HZ) with
    the measurements beyond the window, where there are some, so that its ends are
    filtered like the rest."""
    grid = sample_times(start, end, rate)
    times = np.asarray(times, dtype=float)
    if not (times[0] <= start and times[-1] >= grid[-1]):
        raise ValueError("the measurements cover [%.3f, %.3f] s, not [%.3f, %.3f] s"
                         % (times[0], times[-1], start, grid[-1]))
    kernel = gaussian(LOW_PASS_HZ, rate)
    reach = len(kernel) // 2
    wider = np.concatenate([grid[0] - np.arange(reach, 0, -1) / rate, grid,
                            grid[-1] + np.arange(1, reach + 1) / rate])
    # np.interp holds the end values beyond the measurements.
    return collections.OrderedDict(
        (name, np.convolve(np.interp(wider, times, np.asarray(values, dtype=float)), kernel,
                           mode="valid"))
        for name, values in angles.items())


def gaussian(half_power_hz, rate):
    """A Gaussian kernel whose response is 1/2 in power at ``half_power_hz`` (sigma =
    sqrt(ln 2) / (2 pi f)), cut at 4 sigma, summing to 1."""
    sigma = math.sqrt(math.log(2.0)) / (2.0 * math.pi * half_power_hz) * rate  # samples
    reach = int(math.ceil(4.0 * sigma))
    kernel = np.exp(-0.5 * (np.arange(-reach, reach + 1) / sigma) ** 2)
    return kernel / kernel.sum()


# ----------------------------------------------------------------- figures

def speeds(angles, rate):
    """|d angle / dt| (rad/s) per joint, by central differences."""
    return collections.OrderedDict((name, np.abs(np.gradient(values)) * rate)
                                   for name, values in angles.items())


def moved(speed):
    """The joints of ``speed`` that moved at all (top speed of at least STILL_SPEED)."""
    return collections.OrderedDict((name, values) for name, values in speed.items()
                                   if values.max() >= STILL_SPEED)


def peaks_per_second(speed, rate):
    """Speed peaks per second per moving joint: local maxima above PEAK_FRACTION of the
    joint's top speed."""
    rates = collections.OrderedDict()
    for name, values in moved(speed).items():
        inner = values[1:-1]
        peaks = ((inner > values[:-2]) & (inner >= values[2:])
                 & (inner > PEAK_FRACTION * values.max()))
        rates[name] = peaks.sum() * rate / len(values)
    return rates


def moving(speed):
    """Per moving joint, where it moves: speed above MOVING_FRACTION of its top speed."""
    return collections.OrderedDict((name, values > MOVING_FRACTION * values.max())
                                   for name, values in moved(speed).items())


def chains_of(names):
    """chain -> the joints of ``names`` in it (chains without any left out)."""
    present = collections.OrderedDict()
    for chain, members in CHAINS.items():
        mine = [name for name in members if name in names]
        if mine:
            present[chain] = mine
    return present


def chain_moving(speed):
    """Per chain, where it moves (any of its joints does; one that never moved never
    does)."""
    each = moving(speed)
    never = np.zeros(len(next(iter(speed.values()))), dtype=bool)
    return collections.OrderedDict(
        (chain, np.any([each.get(name, never) for name in members], axis=0))
        for chain, members in chains_of(list(speed)).items())


def rest_fractions(speed):
    """Per chain, the fraction of the run it rests."""
    return collections.OrderedDict((chain, 1.0 - mask.mean())
                                   for chain, mask in chain_moving(speed).items())


def chain_onsets(speed, rate):
    """Per chain, its move onsets (s from the first sample)."""
    return collections.OrderedDict(
        (chain, (np.flatnonzero(mask[1:] & ~mask[:-1]) + 1.0) / rate)
        for chain, mask in chain_moving(speed).items())


def synchrony(onsets, window=SYNCHRONY_WINDOW):
    """Per chain with onsets, the fraction of them that another chain's onset
    accompanies within ``window`` s (a chain alone has no company: 0)."""
    fractions = collections.OrderedDict()
    for chain, mine in onsets.items():
        if not len(mine):
            continue
        others = np.sort(np.concatenate([np.zeros(0)] + [
            times for other, times in onsets.items() if other != chain]))
        if not len(others):
            fractions[chain] = 0.0
            continue
        after = np.clip(np.searchsorted(others, mine), 0, len(others) - 1)
        before = np.clip(after - 1, 0, len(others) - 1)
        nearest = np.minimum(np.abs(others[after] - mine), np.abs(others[before] - mine))
        fractions[chain] = (nearest <= window).mean()
    return fractions


def _spectra(signals, rate):
    """(frequencies, one power spectrum per signal): mean removed, Hann window over the
    whole signal, zero-padded to SPECTRUM_PADDING times its length."""
    length = len(signals[0])
    size = SPECTRUM_PADDING * length
    window = np.hanning(length)
    frequencies = np.arange(size // 2 + 1) * rate / size
    return frequencies, [np.abs(np.fft.rfft((values - values.mean()) * window, size)) ** 2
                         for values in signals]


def _line(signals, rate, lines, band, beside=False):
    """Each signal's spectrum over its own mean in ``band`` (Hz; ``beside``: leaving out
    what lies within LINE_HALF_WIDTH of ``lines``), averaged over the signals; the
    largest of its means within LINE_HALF_WIDTH of each of ``lines`` (Hz)."""
    frequencies, spectra = _spectra(signals, rate)
    near = [np.abs(frequencies - line) <= LINE_HALF_WIDTH for line in lines]
    reference = (frequencies >= band[0]) & (frequencies <= band[1])
    if beside:
        reference &= ~np.any(near, axis=0)
    average = np.mean([power / power[reference].mean() for power in spectra], axis=0)
    return max(average[mask].mean() for mask in near)


def clock_line(speed, rate, gesture_duration):
    """Speed power at 1/gestureDuration (or twice it) over the mean of CLOCK_BAND
    (times 1/gestureDuration)."""
    clock = 1.0 / gesture_duration
    return _line(list(moved(speed).values()), rate, (clock, 2.0 * clock),
                 (CLOCK_BAND[0] * clock, CLOCK_BAND[1] * clock))


def breathing_line(angles, rate, breaths_per_minute):
    """ShoulderPitch angle power at breathsPerMinute / 60 Hz over the rest of
    BREATHING_BAND around it."""
    shoulders = [values for name, values in angles.items()
                 if name.endswith("ShoulderPitch")]
    if not shoulders:
        raise ValueError("no ShoulderPitch among %s" % ", ".join(angles))
    breath = breaths_per_minute / 60.0
    return _line(shoulders, rate, (breath,),
                 (BREATHING_BAND[0] * breath, BREATHING_BAND[1] * breath), beside=True)


def holds(mask):
    """(start, end) sample index pairs of the runs where ``mask`` is true."""
    edges = np.diff(np.concatenate([[0], np.asarray(mask, dtype=int), [0]]))
    return list(zip(np.flatnonzero(edges == 1), np.flatnonzero(edges == -1)))


def holding_shoulders(angles, speed):
    """Each ShoulderPitch with its arm's moves cut out (set to zero) and each of the arm's
    holds centred on its mean: the breath as a watcher sees it, between the moves."""
    resting = chain_moving(speed)
    signals = []
    for chain, members in chains_of(list(angles)).items():
        for name in members:
            if name.endswith("ShoulderPitch"):
                values = np.zeros(len(angles[name]))
                for start, end in holds(~resting[chain]):
                    values[start:end] = angles[name][start:end] - angles[name][start:end].mean()
                signals.append(values)
    return signals


def breathing_line_holding(angles, speed, rate, breaths_per_minute):
    """The breathing line as a watcher sees the breath, between the moves
    (holding_shoulders), then as breathing_line."""
    signals = holding_shoulders(angles, speed)
    if not signals or not np.any(signals):
        return float("nan")  # no ShoulderPitch holds still: nothing to see
    breath = breaths_per_minute / 60.0
    return _line(signals, rate, (breath,),
                 (BREATHING_BAND[0] * breath, BREATHING_BAND[1] * breath), beside=True)


def widened(speed, mask):
    """``mask`` (where a joint moves: its ``speed`` above MOVING_FRACTION of its top) with
    each of its runs widened on both sides to the speed's local minimum, no farther than
    the ease the run is the middle of reaches: a move eased from rest to rest (3u^2 -
    2u^3) moves at 4u(1 - u) of its peak speed, so a run above a fraction f of its peak
    is the middle 1 - 2 u0 of the move, 4 u0 (1 - u0) = f. (Widened to the local minimum
    alone, a move within a breath's inhale or exhale hid all of it, and with it a
    breath.)"""
    whole = np.array(mask, dtype=bool)
    threshold = MOVING_FRACTION * speed.max()
    edges = np.diff(np.concatenate([[0], whole.astype(int), [0]]))
    for first, end in zip(np.flatnonzero(edges == 1), np.flatnonzero(edges == -1)):
        u0 = (1.0 - math.sqrt(max(1.0 - threshold / speed[first:end].max(), 0.0))) / 2.0
        reach = int(math.ceil(u0 / max(1.0 - 2.0 * u0, 1e-9) * (end - first))) + 1
        low, last = first, end - 1
        while low > max(first - reach, 0) and speed[low - 1] < speed[low]:
            low -= 1
        while last < min(end - 1 + reach, len(speed) - 1) and speed[last + 1] < speed[last]:
            last += 1
        whole[low:last + 1] = True
    return whole


def breathing_rate(angles, speed, rate):
    """Breaths per minute as a watcher sees them: each ShoulderPitch's turns from falling
    to rising outside its moves (widened), a minute from its first turn to its last,
    averaged over the joints. NaN when no ShoulderPitch turns twice."""
    masks = moving(speed)
    rates = []
    for name, values in angles.items():
        if not name.endswith("ShoulderPitch") or name not in masks:
            continue
        velocity = np.gradient(values) * rate
        seen = np.flatnonzero(~widened(speed[name], masks[name])
                              & (np.abs(velocity) >= STILL_SPEED))
        falling = velocity[seen] < 0.0
        turns = seen[1:][falling[:-1] & ~falling[1:]]
        if len(turns) >= 2:
            rates.append(60.0 * rate * (len(turns) - 1) / (turns[-1] - turns[0]))
    return float(np.mean(rates)) if rates else float("nan")


def mean_hold(speed, rate):
    """The mean length (s) of the chains' holds (their runs of rest), those cut by the
    run's ends left out; NaN when there is none."""
    lengths = []
    for mask in chain_moving(speed).values():
        lengths.extend((end - start) / rate for start, end in holds(~mask)
                       if start > 0 and end < len(mask))
    return float(np.mean(lengths)) if lengths else float("nan")


def sparc(profile, rate, padlevel=SPARC_PADLEVEL, cutoff=SPARC_CUTOFF,
          amplitude=SPARC_AMPLITUDE):
    """Spectral arc length of a speed profile sampled at ``rate`` Hz (Balasubramanian et
    al. 2015): 0 for no change, more negative for less smooth."""
    size = int(2 ** (math.ceil(math.log(len(profile), 2)) + padlevel))
    frequencies = np.arange(size) * rate / size
    magnitude = np.abs(np.fft.fft(profile, size))
    magnitude = magnitude / magnitude.max()
    below = frequencies <= cutoff
    frequencies, magnitude = frequencies[below], magnitude[below]
    loud = np.flatnonzero(magnitude >= amplitude)
    frequencies = frequencies[loud[0]:loud[-1] + 1]
    magnitude = magnitude[loud[0]:loud[-1] + 1]
    span = frequencies[-1] - frequencies[0]
    return -np.sum(np.sqrt((np.diff(frequencies) / span) ** 2 + np.diff(magnitude) ** 2))


def moves(values, mask):
    """(first, last) sample of each move of one joint: a run of ``mask``, widened to the
    speed's (``values``) local minimum on either side; moves cut by the run's ends are
    left out."""
    edges = np.diff(np.concatenate([[0], mask.astype(int), [0]]))
    found = []
    for first, end in zip(np.flatnonzero(edges == 1), np.flatnonzero(edges == -1)):
        if first == 0 or end == len(values):
            continue
        last = end - 1
        while first > 0 and values[first - 1] < values[first]:
            first -= 1
        while last < len(values) - 1 and values[last + 1] < values[last]:
            last += 1
        found.append((first, last))
    return found


def move_sparcs(speed, rate):
    """SPARC of every move of every moving joint."""
    masks = moving(speed)
    return [sparc(speed[name][first:last + 1], rate)
            for name, mask in masks.items()
            for first, last in moves(speed[name], mask)]


def rms_offsets(angles, home):
    """Per joint, the root mean square of its angle's offset from ``home`` (rad)."""
    return collections.OrderedDict((name, math.sqrt(np.mean((values - home[name]) ** 2)))
                                   for name, values in angles.items())


def figures(angles, rate, home, gesture_duration, breaths_per_minute):
    """Every figure of the module for one run: an OrderedDict (see the module's doc)."""
    speed = speeds(angles, rate)
    peaks = peaks_per_second(speed, rate)
    onsets = chain_onsets(speed, rate)
    per_chain = synchrony(onsets)
    sparcs = move_sparcs(speed, rate)
    offsets = rms_offsets(angles, home)
    return collections.OrderedDict([
        ("seconds", (len(next(iter(angles.values()))) - 1) / rate),
        ("peaks per second", float(np.mean(list(peaks.values())))),
        ("synchrony", float(np.mean(list(per_chain.values()))) if per_chain else float("nan")),
        ("clock line", float(clock_line(speed, rate, gesture_duration))),
        ("SPARC median", float(np.median(sparcs)) if sparcs else float("nan")),
        ("moves", len(sparcs)),
        ("RMS offset mean", float(np.mean(list(offsets.values())))),
        ("breathing line", float(breathing_line(angles, rate, breaths_per_minute))),
        ("breathing line holding", breathing_line_holding(angles, speed, rate,
                                                          breaths_per_minute)),
        ("breaths per minute", breathing_rate(angles, speed, rate)),
        ("mean hold", mean_hold(speed, rate)),
        ("peaks per chain", collections.OrderedDict(
            (chain, float(np.mean([peaks[name] for name in members])))
            for chain, members in chains_of(list(peaks)).items())),
        ("synchrony per chain", per_chain),
        ("onsets per chain", collections.OrderedDict(
            (chain, len(times)) for chain, times in onsets.items())),
        ("rest per chain", rest_fractions(speed)),
        ("RMS offset per joint", offsets),
    ])
