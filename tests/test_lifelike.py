"""The lifelike style's planner (both lanes): moves from rest to rest, holds, breathing."""
from __future__ import absolute_import, division, print_function

import numpy as np
import pytest

from animate_behaviour import breath as breath_module
from animate_behaviour import config as config_module
from animate_behaviour import groups, human_timing, joints, lifelike, steps, trajectory

import checks

SEEDS = range(12)


def planned(behaviour="body", seed=0, start=None, at=0.0, **values):
    """{group name: (group, steps, end)} planned from home (or ``start``) at ``at``."""
    settings = {"behaviour": behaviour, "motionStyle": "lifelike"}
    settings.update(values)
    config = config_module.from_mapping(settings)
    built = groups.build(config, joints.URDF_LIMITS)
    plans = {}
    for group in built:
        begin = group.home if start is None else start[group.name]
        plan, end, _summary = lifelike.plan(group, config, np.random.RandomState(seed),
                                            begin, at, seed)
        plans[group.name] = (group, plan, end)
    return config, plans


def calls(plan):
    return [step for step in plan if isinstance(step, steps.Move)]


def moves(plan):
    """The calls that move every joint of the group (the others breathe)."""
    return [step for step in calls(plan) if step.joints is None]


def test_every_call_has_one_key_per_joint_and_fits_in_one_call():
    for seed in SEEDS:
        config, plans = planned(seed=seed)
        for group, plan, _end in plans.values():
            assert calls(plan), group.name
            for call in calls(plan):
                assert call.angles.shape == (1, len(group.names))
                assert len(call.times) == 1
                assert 0.0 < call.duration <= config.max_call_duration + 1e-9


def test_every_plan_begins_with_a_hold_so_groups_starting_together_do_not_move_together():
    for seed in SEEDS:
        _config, plans = planned(seed=seed)
        for group, plan, _end in plans.values():
            first_move = next(index for index, step in enumerate(plan)
                              if step is moves(plan)[0])
            held = sum(step.duration for step in plan[:first_move])
            assert held >= human_timing.HOLD_FLOOR * 1.0 - 1e-9, group.name


def elsewhere(seed):
    """A start for each group somewhere in its bounds, as another app may leave it."""
    config = config_module.from_mapping({"behaviour": "body"})
    rng = np.random.RandomState(100 + seed)
    return dict((group.name, trajectory.random_points(group, 1, rng)[0])
                for group in groups.build(config, joints.URDF_LIMITS))


@pytest.mark.parametrize("from_home", [True, False], ids=["home", "elsewhere"])
def test_targets_and_keys_stay_in_table_1_bounds_at_the_allowed_speed(from_home):
    for seed in SEEDS:
        start = None if from_home else elsewhere(seed)
        config, plans = planned(seed=seed, start=start)
        for group, plan, _end in plans.values():
            angles = group.home if from_home else start[group.name]
            for call in calls(plan):
                for index, name in enumerate(group.names):
                    lower, upper = checks.bounds(config, name)
                    assert lower - 1e-9 <= call.angles[0, index] <= upper + 1e-9, name
                step = np.abs(call.end - angles)
                peak = trajectory.PEAK_TO_MEAN_SPEED * step / call.duration
                limit = config.max_velocity_fraction * group.max_velocity
                assert np.all(peak <= limit * (1 + 1e-6)), (group.name, peak / limit)
                angles = call.end


def test_moves_keep_the_hands_clear_and_the_torso_upright_on_the_way():
    for seed in SEEDS:
        _config, plans = planned(seed=seed)
        for group, plan, _end in plans.values():
            angles = group.home
            for call in calls(plan):
                along = angles + np.linspace(0.0, 1.0, 9)[:, np.newaxis] * (call.end - angles)
                assert group.acceptable(along).all(), group.name
                angles = call.end


def test_a_hold_sends_no_call_but_the_breath_and_without_breathing_none():
    for breathing in ("true", "false"):
        _config, plans = planned(seed=3, breathing=breathing)
        for group, plan, _end in plans.values():
            breathing_joints = [index for index, name in enumerate(group.names)
                                if name.endswith("ShoulderPitch")]
            for call in calls(plan):
                if call.joints is not None:
                    assert breathing == "true"
                    assert list(call.joints) == breathing_joints, group.name
            if breathing == "false":
                assert [step for step in plan if isinstance(step, steps.Rest)]
                assert all(call.joints is None for call in calls(plan))


def test_the_breath_is_one_for_both_arms_and_goes_on_through_moves():
    config, plans = planned(seed=5)
    breath = breath_module.Breath(config.breaths_per_minute, config.max_call_duration, 5)
    depth = {}
    for name, side in (("leftArm", "L"), ("rightArm", "R")):
        group, plan, _end = plans[name]
        shoulder = group.names.index(side + "ShoulderPitch")
        offset = breath_module.Breathing(group, config).offsets[shoulder]
        assert offset < 0.0  # inhaling raises the arm forward, away from the pelvis
        elapsed, pose = 0.0, group.home[shoulder]
        keys = []
        for step in plan:
            elapsed += step.duration
            if isinstance(step, steps.Move):
                if step.joints is None:
                    pose = step.end[shoulder] - offset * breath.depth_at(elapsed)
                keys.append((elapsed, step.end[shoulder] - pose))
        # Every key carries the breath's depth at its time, moves' keys included: the
        # breath goes on where the move leaves the arm, with no jump.
        assert keys
        for when, value in keys:
            assert value == pytest.approx(offset * breath.depth_at(when), abs=1e-9)
        depth[name] = dict((round(when, 9), value) for when, value in keys)
    # One breath: where both arms have a key at the same time, they are as deep.
    shared = set(depth["leftArm"]) & set(depth["rightArm"])
    assert shared
    for when in shared:
        assert depth["leftArm"][when] == pytest.approx(depth["rightArm"][when])
    # A breath call ends where the breath rests or turns, or where a move begins (the
    # arm comes to rest there anyway).
    boundaries = set(round(when, 9) for when in breath.boundaries(0.0, 60.0))
    for name in ("leftArm", "rightArm"):
        _group, plan, _end = plans[name]
        elapsed = 0.0
        for index, step in enumerate(plan):
            elapsed += step.duration
            if isinstance(step, steps.Move) and step.joints is not None:
                following = plan[index + 1] if index + 1 < len(plan) else None
                assert round(elapsed, 9) in boundaries or (
                    isinstance(following, steps.Move) and following.joints is None), name


def test_the_breath_pauses_between_an_exhale_and_the_next_inhale():
    breath = breath_module.Breath(14.0, 2.0, 0)
    assert breath.period == pytest.approx(60.0 / 14.0)
    for first in breath.breaths(0.0, 120.0):
        inhale, exhale = first.segments[0], first.segments[-1]
        assert all(end - begin <= 2.0 + 1e-12 for begin, end, _low, _high in first.segments)
        assert breath.depth_at(inhale[0]) == 0.0
        assert breath.depth_at(inhale[1]) == pytest.approx(first.depth) and 0.0 < first.depth <= 1.0
        pause = exhale[1] + 0.01
        assert pause < first.begin + first.length and breath.depth_at(pause) == 0.0
        assert not breath.moving(pause, first.begin + first.length)
    # Slow breathing: each call's segment fits a call, the pause takes the rest.
    slow = breath_module.Breath(8.0, 2.0, 0)
    assert slow.period == 7.5
    long_ones = [breath for breath in slow.breaths(0.0, 120.0)
                 if not breath.sigh and breath.length >= 2.0 / breath_module.INHALE]
    assert long_ones
    assert all(end - begin == pytest.approx(2.0) for breath in long_ones
               for begin, end, _low, _high in breath.segments)


def test_moves_last_around_gesture_duration_and_holds_from_the_floor_to_the_cap():
    config, plans = planned(seed=1, gestureDuration="1.0")
    group, plan, _end = plans["leftArm"]
    durations = [call.duration for call in moves(plan)]
    assert all(1.5 - 1e-9 <= duration <= 2.0 + 1e-9 for duration in durations)
    assert len(set(np.round(durations, 3))) == len(durations)  # no fixed tempo
    holds, held = [], 0.0
    for step in plan:
        if isinstance(step, steps.Move) and step.joints is None:
            holds.append(held)
            held = 0.0
        else:
            held += step.duration
    assert all(human_timing.HOLD_FLOOR - 1e-9 <= hold <= human_timing.HOLD_CAP + 1e-9
               for hold in holds)


def test_the_legs_move_no_more_often_than_the_specifications_chunks():
    for seed in SEEDS:
        config, plans = planned(seed=seed)
        _group, plan, _end = plans["legs"]
        seconds = steps.duration(plan)
        # The specification: numPointsLeg random waypoints and a return home per chunk.
        chunks = seconds / (config.leg_chunk_size * config.gesture_duration)
        assert len(moves(plan)) <= (config.num_points_leg + 1) * (chunks + 1)


def test_legs_planned_away_from_home_finish_their_visit_first():
    # A plan made anew mid-cycle (a move kept apart from another group's, a preset)
    # starts where the legs are: they go home after a short hold, not hold there long.
    for seed in SEEDS:
        away = elsewhere(seed)
        config, plans = planned(seed=seed, start=away)
        group, plan, _end = plans["legs"]
        first = moves(plan)[0]
        assert np.allclose(first.end, group.home)
        held = sum(step.duration for step in plan[:next(
            index for index, step in enumerate(plan) if step is first)])
        assert held <= lifelike.LEG_AWAY[1] * config.gesture_duration + 1e-9


@pytest.mark.parametrize("outside", [0.06, 0.5])
def test_a_listening_hold_settles_a_shoulder_outside_the_narrowed_bounds_then_breathes(
        outside):
    """A retune to narrower bounds (a lower arousal, a person engaged) leaves the arm where
    it was. While Pepper listens it holds: a ShoulderPitch just outside the breath's room
    settles into it at SETTLE_SPEED in the first breath call, then breathes there, every
    key inside the bounds and no other joint commanded; one far outside (another app's
    pose) holds still until the next move."""
    config = config_module.from_mapping({"behaviour": "body", "motionStyle": "lifelike",
                                         "selectedRange": "0.2"})
    group = [built for built in groups.build(config, joints.URDF_LIMITS)
             if built.name == "leftArm"][0]
    start = group.home.copy()
    shoulder, elbow = group.names.index("LShoulderPitch"), group.names.index("LElbowYaw")
    start[shoulder] = group.upper[shoulder] + outside
    start[elbow] = group.upper[elbow] + 0.1
    plan, _end, _summary = lifelike.hold(group, config, start, 0.0, 30.0, 0)
    breaths = calls(plan)
    assert sum(step.duration for step in plan) == pytest.approx(30.0)
    if outside > lifelike.SETTLE_SPEED * config.max_call_duration:
        assert breaths == []
        return
    assert len(breaths) >= 6  # about 14 breaths a minute, two calls each
    first = breaths[0]
    assert abs(first.end[shoulder] - start[shoulder]) <= \
        lifelike.SETTLE_SPEED * first.duration + 1e-9
    assert first.duration <= config.max_call_duration
    for call in breaths:
        assert call.joints == (shoulder,)
        assert group.lower[shoulder] - 1e-9 <= call.end[shoulder] <= \
            group.upper[shoulder] + 1e-9
