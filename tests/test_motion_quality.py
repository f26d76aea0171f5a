"""devtools/motion_quality.py on motion whose figures are known (both lanes)."""
from __future__ import absolute_import, division, print_function

import collections
import math
import threading

import numpy as np
import pytest

import motion_quality as mq
import offline_plans
from people import pepper_traces
from animate_behaviour.planning import joints
from pepper_sim.motion import KinematicMotion, Trajectory

from helpers.manual_clock import ManualClock

TIMEOUT = 10.0
RATE = mq.RATE


def eased(u):
    u = np.clip(u, 0.0, 1.0)
    return u * u * (3.0 - 2.0 * u)


def minimum_jerk(u):
    u = np.clip(u, 0.0, 1.0)
    return u ** 3 * (10.0 - 15.0 * u + 6.0 * u * u)


def train(onsets, seconds, duration=0.6, amplitude=0.2, rate=RATE, shape=eased):
    """An angle making one move of ``duration`` s (``shape``: eased or minimum_jerk) at
    each onset (s), alternately up and down by ``amplitude``, holding between moves."""
    times = np.arange(int(round(seconds * rate)) + 1) / rate
    angle = np.zeros(len(times))
    for number, onset in enumerate(onsets):
        angle += (-1) ** number * amplitude * shape((times - onset) / duration)
    return angle


def wander(rng, seconds, amplitude, rate=RATE):
    """An angle easing every second to a new key drawn in [-amplitude, amplitude]: the
    specification's way."""
    times = np.arange(int(round(seconds * rate)) + 1) / rate
    keys = rng.uniform(-amplitude, amplitude, int(seconds) + 2)
    whole = np.floor(times).astype(int)
    return keys[whole] + (keys[whole + 1] - keys[whole]) * eased(times - whole)


def record(names, angles, times, start, start_angles, killed_at=None):
    """A finished (or killed) Trajectory as the stand-in records it."""
    made = Trajectory(1, start, names, angles, times)
    made.start = start
    made.start_angles = list(start_angles)
    made.killed = killed_at is not None
    made.killed_at = killed_at
    made.end = start + (killed_at if made.killed else made.duration)
    made.finished = not made.killed
    return made


def signals(**angles):
    return collections.OrderedDict(sorted(angles.items()))


# ----------------------------------------------------------------- rebuilding

def test_the_ease_model_is_the_stand_in_s_own_motion_with_kills_and_holds():
    clock = ManualClock(start=0.0)
    motion = KinematicMotion(clock=clock)
    names = ["LShoulderPitch", "LElbowYaw"]
    # Keys passed on the way (1.4, 1.6) as well as turning points: a curve through the
    # keys would differ from the stand-in's rests.
    first = threading.Thread(target=motion.angleInterpolation, args=(
        names, [[1.2, 1.4, 1.7], [-1.0, -1.5]], [[0.3, 0.8, 1.5], [0.6, 1.3]], True))
    second = threading.Thread(target=motion.angleInterpolation, args=(
        names, [[1.6, 1.9], [-1.1, -1.3]], [[0.4, 1.0], [0.7, 1.0]], True))
    grid = mq.sample_times(0.0, 3.0)
    readings = []
    threads = []
    try:
        for now in grid:
            clock.set(now)
            if abs(now - 0.0) < 1e-9:
                first.start()
                threads.append(first)
                assert motion.wait_for(lambda: len(motion.trajectories) == 1, TIMEOUT)
                assert clock.waits_begun(1, TIMEOUT)  # playing from 0.0, not later
            if abs(now - 1.0) < 1e-9:
                motion.killAll()  # the first call stops between its keys
            if abs(now - 1.4) < 1e-9:
                second.start()
                threads.append(second)
                assert motion.wait_for(lambda: len(motion.trajectories) == 2, TIMEOUT)
                assert clock.waits_begun(2, TIMEOUT)  # playing from 1.4, not later
            readings.append(motion.getAngles(names, False))
    finally:
        clock.set(10.0)  # past every call's last key: each returns
        for thread in threads:
            thread.join(TIMEOUT)
    killed, finished = motion.trajectories
    assert killed.killed and killed.killed_at == pytest.approx(1.0)
    assert finished.finished
    rebuilt = mq.rebuild(motion.trajectories, names, lambda moment: moment, 0.0, 3.0, "ease")
    readings = np.array(readings)
    for index, name in enumerate(names):
        assert np.abs(rebuilt[name] - readings[:, index]).max() < 1e-12
    # It did move, hold where killed, then move again and hold at the last key.
    held = (grid > 1.0) & (grid < 1.4)
    assert np.ptp(rebuilt["LShoulderPitch"][held]) == 0.0
    assert rebuilt["LShoulderPitch"][-1] == 1.9


def test_the_spline_passes_every_key_rests_where_it_turns_and_never_overshoots():
    keys = [0.5, 0.2, 0.2, 0.6, 0.61, 0.9, 0.3]  # a steep rise into a tiny one: 0.6, 0.61
    times = [0.4, 1.0, 1.3, 2.0, 2.1, 3.0, 3.6]
    rate = 1000.0
    call = record(["HipPitch"], [keys], [times], 0.0, [0.1])
    angle = mq.rebuild([call], ["HipPitch"], lambda moment: moment, 0.0, 3.6, "spline",
                       rate)["HipPitch"]
    at = [int(round(moment * rate)) for moment in [0.0] + times]
    assert angle[at] == pytest.approx([0.1] + keys, abs=1e-12)
    slope = np.gradient(angle) * rate
    # At rest where the call starts and ends and at every turning point (0.5, 0.9),
    # passing through the key of a monotone run (0.6) without stopping: not an ease.
    for index in (0, 1, 6, 7):
        assert abs(slope[at[index]]) < 0.01
    assert slope[at[4]] > 0.05
    # Between two keys the curve stays between them.
    for begin, end in zip(at, at[1:]):
        low, high = sorted((angle[begin], angle[end]))
        assert angle[begin:end + 1].min() >= low - 1e-12
        assert angle[begin:end + 1].max() <= high + 1e-12
    # C1: no jump in speed anywhere.
    assert np.abs(np.diff(slope)).max() < 0.05


def test_monotone_slopes_are_scaled_back_where_a_steep_rise_meets_a_tiny_one():
    slopes = mq.monotone_slopes(np.array([0.0, 1.0, 2.0, 3.0]), np.array([0.0, 1.0, 1.01, 2.0]))
    assert slopes[0] == 0.0 and slopes[-1] == 0.0
    # The secants' averages (0.505, 0.5) would overshoot the 0.01 rise between them:
    # both are scaled back onto Fritsch and Carlson's circle alpha^2 + beta^2 = 9.
    alpha, beta = slopes[1] / 0.01, slopes[2] / 0.01
    assert alpha ** 2 + beta ** 2 == pytest.approx(9.0)
    assert alpha / beta == pytest.approx(0.505 / 0.5)


def test_rebuild_holds_before_between_and_after_calls():
    calls = [record(["HipRoll"], [[0.1]], [[1.0]], 2.0, [0.0]),
             record(["HipRoll"], [[0.3, 0.5]], [[1.0, 2.0]], 5.0, [0.1], killed_at=1.5)]
    for model in mq.MODELS:
        angle = mq.rebuild(calls, ["HipRoll"], lambda moment: moment, 0.0, 9.0, model)["HipRoll"]
        grid = mq.sample_times(0.0, 9.0)
        assert np.all(angle[grid <= 2.0] == 0.0)
        assert np.all(angle[(grid >= 3.0) & (grid <= 5.0)] == 0.1)
        stopped = angle[grid >= 6.5]
        assert np.ptp(stopped) == 0.0 and 0.3 < stopped[0] < 0.5


def test_rebuild_refuses_an_unknown_model_and_a_joint_no_call_moved():
    calls = [record(["HipRoll"], [[0.1]], [[1.0]], 0.0, [0.0])]
    with pytest.raises(ValueError, match="model must be one of ease, spline, got 'linear'"):
        mq.rebuild(calls, ["HipRoll"], lambda moment: moment, 0.0, 2.0, "linear")
    with pytest.raises(ValueError, match="no call moved KneePitch"):
        mq.rebuild(calls, ["KneePitch"], lambda moment: moment, 0.0, 2.0, "ease")


# ----------------------------------------------------------------- figures

def test_speed_peaks_count_the_moves_above_a_tenth_of_the_top_speed():
    big = train(np.arange(1.0, 19.0, 2.0), 20.0, amplitude=0.3)  # 9 moves
    small = train(np.arange(2.0, 19.0, 2.0), 20.0, amplitude=0.024)  # 8 at 8 % of the speed
    rates = mq.peaks_per_second(mq.speeds(signals(LElbowYaw=big + small), RATE), RATE)
    assert rates["LElbowYaw"] * len(big) / RATE == pytest.approx(9)
    larger = train(np.arange(2.0, 19.0, 2.0), 20.0, amplitude=0.036)  # 12 %: they count
    rates = mq.peaks_per_second(mq.speeds(signals(LElbowYaw=big + larger), RATE), RATE)
    assert rates["LElbowYaw"] * len(big) / RATE == pytest.approx(18)
    still = mq.peaks_per_second(mq.speeds(signals(LElbowYaw=big, LHand=0.0 * big), RATE), RATE)
    assert list(still) == ["LElbowYaw"]  # a joint that never moved is no joint of the figure


def test_chains_are_made_of_the_joints_present():
    assert mq.chains_of(["HeadYaw", "RHand", "HipRoll", "LShoulderPitch", "KneePitch"]) == \
        collections.OrderedDict([("left arm", ["LShoulderPitch"]), ("right arm", ["RHand"]),
                                 ("legs", ["HipRoll", "KneePitch"])])
    assert list(mq.chains_of(["LElbowRoll"])) == ["left arm"]
    assert set(mq.CHAINS["left arm"]) == set(name for name in joints.ANIMATED_JOINTS
                                             if name.startswith("L"))


def test_rest_fraction_of_a_chain_that_holds_half_the_time():
    onsets = np.arange(0.5, 60.0, 2.0)
    moving_half = train(onsets, 60.0, duration=1.0)
    rest = mq.rest_fractions(mq.speeds(signals(LElbowRoll=moving_half), RATE))
    # Half the time holding, plus the start and end of each eased move below 10 % of its
    # top speed (6u(1 - u) < 0.15: u < 0.0257 at each end).
    u = (1.0 - math.sqrt(1.0 - 4.0 * 0.15 / 6.0)) / 2.0
    assert rest["left arm"] == pytest.approx(0.5 + 0.5 * 2 * u, abs=0.01)
    # The arm rests only while none of its joints moves: two joints taking turns.
    turns = train(onsets + 1.0, 61.0, duration=1.0)[:len(moving_half)]
    both = mq.rest_fractions(mq.speeds(signals(LElbowRoll=moving_half, LWristYaw=turns), RATE))
    assert both["left arm"] < 0.08  # the stops between turns (5 %) and the first 0.5 s
    # Legs that never move rest all the time.
    held = mq.rest_fractions(mq.speeds(signals(LElbowRoll=moving_half,
                                               HipPitch=0.0 * moving_half), RATE))
    assert held["legs"] == 1.0


def test_synchrony_of_chains_on_one_clock_and_of_independent_chains():
    clocked = np.arange(1.0, 59.0, 1.5)
    together = signals(LShoulderPitch=train(clocked, 60.0),
                       RShoulderPitch=train(clocked + 0.1, 60.0),
                       HipPitch=train(clocked[::3] - 0.1, 60.0))
    speed = mq.speeds(together, RATE)
    onsets = mq.chain_onsets(speed, RATE)
    assert [len(times) for times in onsets.values()] == [len(clocked), len(clocked),
                                                         len(clocked[::3])]
    assert dict(mq.synchrony(onsets)) == {"left arm": 1.0, "right arm": 1.0, "legs": 1.0}
    rng = np.random.RandomState(5)
    apart = dict((name, train(np.cumsum(rng.uniform(1.0, 7.0, 40)), 160.0))
                 for name in ("LShoulderPitch", "RShoulderPitch", "HipPitch"))
    fractions = mq.synchrony(mq.chain_onsets(mq.speeds(signals(**apart), RATE), RATE))
    # Onsets every 4 s on average: another chain's within 150 ms about 1 time in 7.
    assert 0.0 < np.mean(list(fractions.values())) < 0.3


def test_synchrony_window_is_150_ms():
    base = np.arange(1.0, 19.0, 2.0)
    for shift, expected in ((0.14, 1.0), (0.16, 0.0)):
        pair = signals(LElbowYaw=train(base, 20.0), RElbowYaw=train(base + shift, 20.0))
        fractions = mq.synchrony(mq.chain_onsets(mq.speeds(pair, RATE), RATE))
        assert dict(fractions) == {"left arm": expected, "right arm": expected}


def test_clock_line_of_a_1_hz_train_and_of_a_random_one():
    rng = np.random.RandomState(3)
    names = ("LShoulderPitch", "RElbowYaw", "LWristYaw", "RShoulderPitch", "LElbowYaw",
             "RWristYaw")
    clocked = signals(**dict((name, train(np.arange(0.5, 59.5, 1.0) + 0.05 * index, 60.0))
                             for index, name in enumerate(names)))
    scattered = signals(**dict(
        (name, train(np.cumsum(rng.uniform(0.6, 2.6, 60)), 130.0)[:3001]) for name in names))
    line = mq.clock_line(mq.speeds(clocked, RATE), RATE, 1.0)
    assert line > 10.0
    assert mq.clock_line(mq.speeds(clocked, RATE), RATE, 2.0) > 10.0  # found at its double
    assert mq.clock_line(mq.speeds(clocked, RATE), RATE, 1.0 / 1.3) < 0.1  # no line there
    assert mq.clock_line(mq.speeds(scattered, RATE), RATE, 1.0) < 2.5
    # Every joint counts once, however far it moves: three small joints on the clock and
    # a large one off it still show the clock.
    mixed = signals(**dict(list(clocked.items())[:3]))
    mixed["RElbowYaw"] = 10.0 * scattered["RElbowYaw"]
    assert mq.clock_line(mq.speeds(mixed, RATE), RATE, 1.0) > 10.0


def test_the_clock_line_reads_the_same_motion_played_slower_the_same():
    """Moves and holds twice as long at twice the gestureDuration: the same figure, no
    line read on the slower moves' spectral flank (as a fixed band in Hz would)."""
    rng = np.random.RandomState(5)
    names = ("LShoulderPitch", "RElbowYaw", "LWristYaw", "RShoulderPitch")
    gaps = dict((name, np.cumsum(rng.uniform(0.6, 2.6, 60))) for name in names)
    figures = []
    for stretch in (1.0, 2.0):
        scattered = signals(**dict(
            (name, train(stretch * onsets, stretch * 130.0, duration=stretch * 0.6))
            for name, onsets in gaps.items()))
        figures.append(mq.clock_line(mq.speeds(scattered, RATE), RATE, stretch))
    assert figures[0] < 2.5
    assert figures[1] == pytest.approx(figures[0], rel=0.15)


def test_sparc_follows_the_reference_implementation():
    t = np.arange(-1, 1, 0.01)
    assert mq.sparc(np.exp(-5 * t ** 2), 100.0) == pytest.approx(-1.41403, abs=1e-5)  # its doc
    u = np.linspace(0.0, 1.0, 51)
    minimum_jerk = 30 * u ** 2 * (1 - u) ** 2
    assert mq.sparc(minimum_jerk, RATE) == pytest.approx(-1.41, abs=0.01)
    assert mq.sparc(6 * u * (1 - u), RATE) == pytest.approx(-1.58, abs=0.01)  # the cubic ease
    two_bumps = np.concatenate([minimum_jerk, minimum_jerk[1:]])
    assert mq.sparc(two_bumps, RATE) < -2.0
    assert mq.sparc(minimum_jerk * (1 + 0.2 * np.sin(2 * math.pi * 6 * u)), RATE) < -1.6


def test_sparc_of_each_move_takes_its_whole_speed_profile():
    angle = train([1.0, 3.0, 5.5], 8.0, duration=1.0)
    sparcs = mq.move_sparcs(mq.speeds(signals(HipRoll=angle), RATE), RATE)
    assert sparcs == pytest.approx([-1.58] * 3, abs=0.01)
    # A minimum-jerk move starts slowly: cut where it passes 10 % of its top speed it
    # would read -1.53.
    angle = train([1.0, 3.0, 5.5], 8.0, duration=1.0, shape=minimum_jerk)
    sparcs = mq.move_sparcs(mq.speeds(signals(HipRoll=angle), RATE), RATE)
    assert sparcs == pytest.approx([-1.41] * 3, abs=0.01)
    cut = train([-0.5, 3.0, 7.5], 8.0, duration=1.0)  # the first and last run off the ends
    assert len(mq.move_sparcs(mq.speeds(signals(HipRoll=cut), RATE), RATE)) == 1


def test_rms_offset_from_home():
    t = np.arange(3001) / RATE
    offsets = mq.rms_offsets(
        signals(HipRoll=0.1 + 0.0 * t, HipPitch=0.3 * np.sin(2 * math.pi * t)),
        {"HipRoll": 0.0, "HipPitch": 0.0})
    assert offsets["HipRoll"] == pytest.approx(0.1)
    assert offsets["HipPitch"] == pytest.approx(0.3 / math.sqrt(2), rel=1e-3)


def test_breathing_line_in_shoulder_pitch():
    rng = np.random.RandomState(7)
    t = np.arange(3001) / RATE
    breath = 0.05 * np.sin(2 * math.pi * 14 / 60.0 * t)
    arms = [wander(rng, 60.0, 0.05) for _ in range(2)]
    breathing = signals(LShoulderPitch=arms[0] + breath, RShoulderPitch=arms[1] + breath)
    still = signals(LShoulderPitch=arms[0], RShoulderPitch=arms[1])
    assert mq.breathing_line(breathing, RATE, 14) > 8.0
    assert mq.breathing_line(breathing, RATE, 20) < 1.0  # not at another rate
    assert mq.breathing_line(still, RATE, 14) < 3.5
    with pytest.raises(ValueError, match="no ShoulderPitch among HipRoll"):
        mq.breathing_line(signals(HipRoll=arms[0]), RATE, 14)


def breaths(rng, seconds, per_minute, depth=0.01, rate=RATE):
    """(an angle breathing as the lifelike style does: each breath of its own length, a
    CV of 0.2 about 60 / ``per_minute`` s, an inhale rising by ``depth`` and an exhale
    falling back, each eased from rest to rest over 0.4 of it, then a pause; the times
    its inhales begin)."""
    times = np.arange(int(round(seconds * rate)) + 1) / rate
    angle, starts, moment = np.zeros(len(times)), [], 0.0
    while moment < seconds:
        length = 60.0 / per_minute * rng.lognormal(-0.02, 0.2)
        starts.append(moment)
        angle += depth * (eased((times - moment) / (0.4 * length))
                          - eased((times - moment - 0.4 * length) / (0.4 * length)))
        moment += length
    return angle, np.array(starts)


def test_breathing_rate_counts_the_breaths_between_the_moves():
    # People's timing: brief moves, holds mostly shorter than a breath, now and then long.
    rng = np.random.RandomState(3)

    def arm():  # moves on the arm's own timing
        onsets, moment = [], rng.uniform(0.0, 2.0)
        while moment < 120.0:
            onsets.append(moment)
            moment += 0.5 + rng.lognormal(-0.5, 1.5)
        return train(onsets, 120.0, duration=0.5, amplitude=0.2)
    for per_minute in (10.5, 14.0, 18.2):
        breath, starts = breaths(rng, 120.0, per_minute)
        moves = arm()
        angles = signals(LShoulderPitch=moves + breath, RShoulderPitch=arm() + breath)
        read = mq.breathing_rate(angles, mq.speeds(angles, RATE), RATE)
        drawn = 60.0 * (len(starts) - 1) / (starts[-1] - starts[0])
        assert read == pytest.approx(drawn, rel=0.1)
    moving = signals(LShoulderPitch=moves, HipRoll=moves)
    assert math.isnan(mq.breathing_rate(moving, mq.speeds(moving, RATE), RATE))


def test_breathing_rate_reads_the_breath_the_lifelike_style_drew():
    # 2 minutes of the neutral mood's calls, as the mood grid reads them: the breaths the
    # round drew in them, between moves mostly a breath apart or less.
    config = pepper_traces.configuration("lifelike")
    round_ = offline_plans.Round(config, 13)
    plans = round_.every_group(13, 120.0)
    names = [name for plan in plans.values() for name in plan.shape.names]
    angles = mq.rebuild(pepper_traces.records(plans), names, lambda moment: moment, 0.0,
                        120.0, "ease")
    begins = [breath.begin for breath in round_.breath.breaths(0.0, 120.0)]
    drawn = 60.0 * (len(begins) - 1) / (begins[-1] - begins[0])
    assert mq.breathing_rate(angles, mq.speeds(angles, RATE), RATE) == pytest.approx(
        drawn, rel=0.1)


def test_mean_hold_counts_the_rests_between_two_moves():
    # Moves of 1 s every 4 s: holds of 3 s plus each move's slow ends (below 10 % of the
    # top speed); the first hold (before the first move) and the last (cut by the run's
    # end) are left out.
    angle = train(np.arange(2.5, 60.0, 4.0), 60.0, duration=1.0)
    u = (1.0 - math.sqrt(1.0 - 4.0 * 0.15 / 6.0)) / 2.0
    speed = mq.speeds(signals(LElbowRoll=angle), RATE)
    assert mq.mean_hold(speed, RATE) == pytest.approx(3.0 + 2 * u, abs=0.03)
    # An arm that never moves has no hold between two moves; the legs' count.
    held = mq.speeds(signals(LElbowRoll=0.0 * angle, HipPitch=angle), RATE)
    assert mq.mean_hold(held, RATE) == pytest.approx(3.0 + 2 * u, abs=0.03)
    once = mq.speeds(signals(LElbowRoll=train([10.0], 60.0)), RATE)
    assert math.isnan(mq.mean_hold(once, RATE))


def test_measured_angles_are_filtered_so_noise_adds_no_peaks_or_onsets():
    rng = np.random.RandomState(2)
    onsets = np.arange(1.0, 19.0, 1.7)
    # qiBullet samples every 4 or 5 physics steps of 1/240 s; its noise is about 1e-4 rad.
    uneven = np.cumsum(np.tile([4, 5, 5, 5, 5], 220) / 240.0)
    uneven = uneven[uneven <= 20.5]
    clean = np.interp(uneven, np.arange(1001) / RATE, train(onsets, 20.0))
    noisy = clean + rng.normal(0.0, 3e-4, len(uneven))
    angles = mq.from_measurements(uneven, {"LElbowYaw": noisy}, 0.5, 19.5)
    speed = mq.speeds(angles, RATE)
    samples = len(angles["LElbowYaw"])
    peaks = mq.peaks_per_second(speed, RATE)["LElbowYaw"] * samples / RATE
    assert peaks == pytest.approx(len(onsets))
    found = mq.chain_onsets(speed, RATE)["left arm"] + 0.5
    clean_onsets = mq.chain_onsets(mq.speeds(collections.OrderedDict(
        [("LElbowYaw", train(onsets, 20.0)[25:976])]), RATE), RATE)["left arm"] + 0.5
    assert np.abs(found - clean_onsets).max() < 0.03  # in place: the filter has no lag
    # Unfiltered, the same noise counts as peaks.
    raw = collections.OrderedDict([("LElbowYaw", np.interp(mq.sample_times(0.5, 19.5), uneven,
                                                           noisy))])
    assert mq.peaks_per_second(mq.speeds(raw, RATE), RATE)["LElbowYaw"] * samples / RATE > \
        1.5 * len(onsets)
    with pytest.raises(ValueError, match="the measurements cover"):
        mq.from_measurements(uneven, {"LElbowYaw": noisy}, 0.0, 19.5)


def test_figures_of_one_run_hold_every_figure():
    angle = train(np.arange(1.0, 19.0, 2.0), 20.0)
    result = mq.figures(signals(LShoulderPitch=angle, HipPitch=0.5 * angle), RATE,
                        {"LShoulderPitch": 0.0, "HipPitch": 0.0}, 1.0, 14)
    assert result["seconds"] == 20.0
    assert result["peaks per second"] == pytest.approx(9 / 20.0, abs=0.01)
    assert result["synchrony"] == 1.0
    assert result["onsets per chain"] == {"left arm": 9, "legs": 9}
    assert result["moves"] == 18
