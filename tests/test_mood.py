"""The mood: its configuration keys, the mapping table and the run-time Mood, without a
live session (both lanes)."""
from __future__ import absolute_import, division, print_function

import logging
import threading

import numpy as np
import pytest

from animate_behaviour import clearance, groups, joints, lean, mood, trajectory
from animate_behaviour import config as config_module
from animate_behaviour import presets as presets_module
from animate_behaviour.clock import ScaledClock
from pepper_sim.motion import wait_until
from pepper_sim.preferences import FakePreferenceManager

TIMEOUT = 10.0
# The whole square, every quarter, and the axes' ends.
GRID = [-1.0, -0.75, -0.5, -0.25, 0.0, 0.25, 0.5, 0.75, 1.0]
LIMITS = dict((joint, joints.URDF_LIMITS[joint]) for joint in joints.ANIMATED_JOINTS)


def defaults():
    return config_module.from_mapping({})


def with_preset(name, base=None):
    base = base or defaults()
    return base.with_values(dict(base.presets[name], preset=name), name)


# -- configuration ----------------------------------------------------------------------

@pytest.mark.parametrize("key, value, words", [
    ("valence", "2", "valence = 2.0 is not allowed: a number in [-1, 1]"),
    ("arousal", "-1.5", "arousal = -1.5 is not allowed: a number in [-1, 1]"),
    ("valence", "nan", "valence = nan is not allowed: a number in [-1, 1]"),
    ("arousal", "high", "arousal = high is not allowed: a number in [-1, 1]"),
    ("arousal", "0.1, 0.2", "arousal = 0.1, 0.2 is not allowed: a number in [-1, 1]"),
])
def test_bad_mood_keys_are_refused_naming_what_is_allowed(key, value, words):
    with pytest.raises(config_module.ConfigurationError) as raised:
        config_module.from_mapping({key: value})
    assert words in str(raised.value)
    assert "0 its middle" in str(raised.value)


def test_mood_keys_are_read_and_presets_may_set_them():
    loaded = config_module.from_mapping({"valence": "0.25", "arousal": "-1", "presets": {
        "happy": {"valence": "0.8", "arousal": "0.3"}}})
    assert (loaded.valence, loaded.arousal) == (0.25, -1.0)
    assert loaded.presets["happy"] == {"valence": 0.8, "arousal": 0.3}
    with pytest.raises(config_module.ConfigurationError,
                       match=r"presets\.sad\.valence = -3 is not allowed: a number in "
                             r"\[-1, 1\]"):
        config_module.from_mapping({"presets": {"sad": {"valence": "-3"}}})


def test_the_owners_mood_preferences_count_and_bad_ones_are_logged_and_ignored(caplog):
    preferences = FakePreferenceManager({(presets_module.DOMAIN, "valence"): "0.5",
                                         (presets_module.DOMAIN, "arousal"): "3"})
    with caplog.at_level(logging.ERROR):
        live = presets_module.LiveConfiguration(defaults(), preferences,
                                                logging.getLogger("test.mood"))
    assert live.configuration().valence == 0.5
    assert live.configuration().arousal == 0.0
    assert "ALPreferenceManager animate-behaviour: arousal = 3 is not allowed: a number in " \
           "[-1, 1]" in caplog.text and "ignored, the file's value is kept" in caplog.text


# -- the mapping --------------------------------------------------------------------------

def figures(config):
    return (config.selected_range, config.gesture_duration, config.rot_maximum_range,
            config.breaths_per_minute)


def test_the_neutral_mood_changes_nothing():
    for config in (defaults(), config_module.from_mapping({"selectedRange": "0.45",
                                                            "gestureDuration": "2"})):
        assert mood.effective(config, 0.0, 0.0) is config


def test_one_row_per_figure_and_joint_and_each_is_one_at_neutral():
    targets = [(row.axis, row.target) for row in mood.TABLE]
    assert len(targets) == len(set(targets))
    for row in mood.TABLE:
        assert row.at(0.0) == (1.0 if row.kind == mood.SCALE else 0.0), row.target
        assert row.axis in mood.AXES and len(row.values) == len(mood.POINTS)
        if row.kind == mood.SCALE:
            assert config_module.ROWS[row.target].preset_settable


def test_arousal_raises_amplitude_tempo_turns_and_breathing_monotonically():
    base = defaults()
    for valence in (-1.0, 0.0, 1.0):
        rows = [figures(mood.effective(base, valence, arousal)) for arousal in GRID]
        for earlier, later in zip(rows, rows[1:]):
            assert later[0] > earlier[0]  # selectedRange: larger moves
            assert later[1] < earlier[1]  # gestureDuration: faster, more often, shorter holds
            assert later[2] > earlier[2]  # rotMaximumRange: wider turns
            assert later[3] > earlier[3]  # breathsPerMinute
        assert all(8.0 <= row[3] <= 20.0 for row in rows)


def mean_posture(config):
    home = config.home
    return (np.mean([home["LShoulderPitch"], home["RShoulderPitch"]]),
            np.mean([home["LShoulderRoll"], -home["RShoulderRoll"]]),
            np.mean([home["LHand"], home["RHand"]]), home["HipPitch"])


def test_valence_raises_and_opens_the_arms_and_hands_and_slumps_below_zero():
    base = defaults()
    for arousal in (-1.0, 0.0, 1.0):
        rows = [mean_posture(mood.effective(base, valence, arousal)) for valence in GRID]
        for earlier, later in zip(rows, rows[1:]):
            assert later[0] < earlier[0]  # ShoulderPitch: arms held higher
            assert later[1] > earlier[1]  # ShoulderRoll: more open
            assert later[2] > earlier[2]  # hands more open
            assert later[3] <= earlier[3]  # less forward slump
        stand = mean_posture(base)
        assert rows[0][3] > stand[3] and rows[-1][3] == stand[3]  # the slump: negative only
    # Valence does not change the arousal figures, nor arousal the posture.
    assert figures(mood.effective(base, 1.0, 0.5)) == figures(mood.effective(base, -1.0, 0.5))
    assert mood.effective(base, 0.5, -1.0).home == mood.effective(base, 0.5, 1.0).home


@pytest.mark.parametrize("preset", ["", "calm", "neutral", "lively"])
def test_every_mood_of_the_grid_stays_in_bounds_and_passes_clearance_and_lean(preset):
    base = with_preset(preset) if preset else defaults()
    for valence in GRID:
        for arousal in GRID:
            config = mood.effective(base, valence, arousal)
            for key in ("selectedRange", "gestureDuration", "rotMaximumRange",
                        "breathsPerMinute"):
                row = config_module.ROWS[key]
                low, high = row.kind.bounds
                assert low <= getattr(config, row.attribute) <= high, (key, valence, arousal)
            for joint in joints.ANIMATED_JOINTS:
                limit = joints.URDF_LIMITS[joint]
                angle = config.home[joint]
                assert limit.minimum <= angle <= limit.maximum, joint
                # Inside Table 1's widest band around the configured home.
                band = trajectory.random_offset(limit, base.maximum_range(joint), 1.0)
                assert abs(angle - base.home[joint]) <= band + 1e-12, joint
            for group in groups.build(config, LIMITS):
                assert group.acceptable(group.home[np.newaxis, :])[0], group.name
                for check in group.checks:
                    # The posture keeps the full margins: no check had to lower its own.
                    if isinstance(check, clearance.ClearanceCheck):
                        assert check.threshold == clearance.MARGIN, (valence, arousal)
                    else:
                        assert check.threshold == lean.MAX_LEAN, (valence, arousal)


def test_a_posture_the_checks_refuse_is_scaled_back():
    # Arms already closer in than Stand: the negative valence's closer-in shoulders
    # would press the hands against the pelvis, so the offset is scaled back (not clipped
    # joint by joint) to what keeps the hands as clear as this home does.
    base = config_module.from_mapping({"home": {"LShoulderRoll": "0.06",
                                                "RShoulderRoll": "-0.06"}})
    config = mood.effective(base, -1.0, 0.0)
    offsets = mood.posture_offsets(base, -1.0)
    moved = dict((joint, config.home[joint] - base.home[joint]) for joint in offsets)
    fractions = set(round(moved[joint] / offsets[joint], 9) for joint in offsets
                    if offsets[joint])
    assert len(fractions) == 1 and 0.0 <= fractions.pop() < 1.0
    wanted = mood.checks_at(base, base.home)
    found = mood.checks_at(config, config.home)
    assert found[0] >= wanted[0] - 1e-12 and found[1] <= wanted[1] + 1e-12


def test_the_presets_are_points_of_the_mood_space_and_keep_their_figures():
    base = defaults()
    assert [(preset["valence"], preset["arousal"]) for preset in base.presets.values()] == \
        [(0.0, -0.5), (0.0, 0.0), (0.0, 0.5)]
    for name, expected in (("calm", (0.3, 1.6, 0.15)), ("neutral", (0.5, 1.0, 0.3)),
                           ("lively", (0.7, 0.7, 0.45))):
        chosen = with_preset(name)
        at_its_mood = mood.effective(chosen, chosen.valence, chosen.arousal)
        assert figures(at_its_mood)[:3] == expected  # exactly today's
        assert at_its_mood.home == base.home
        # The same point reached from the file's neutral figures by setMood.
        reached = mood.effective(base, chosen.valence, chosen.arousal)
        assert np.allclose(figures(reached)[:3], expected, rtol=1e-12)
    # A file with figures of its own keeps the presets' figures as today.
    other = config_module.from_mapping({"selectedRange": "0.45", "gestureDuration": "2"})
    calm = with_preset("calm", other)
    assert figures(mood.effective(calm, 0.0, -0.5))[:3] == (0.3, 1.6, 0.15)
    # A preset's figures hold at its arousal: calm taken to neutral is neutral's.
    assert np.allclose(figures(mood.effective(with_preset("calm"), 0.0, 0.0)),
                       figures(base), rtol=1e-12)


def test_a_preset_without_figures_moves_the_files_figures():
    base = config_module.from_mapping({"presets": {"excited": {"arousal": "1"}}})
    excited = with_preset("excited", base)
    assert mood.anchors(excited) == dict((row.target, 0.0) for row in mood.FIGURES)
    assert mood.effective(excited, 0.0, 1.0).selected_range == pytest.approx(0.85)


# -- the run-time mood ---------------------------------------------------------------------

class Retunes(object):
    """What the Mood hands the engine, in order, with a condition to wait on."""

    def __init__(self):
        self.configs = []
        self.cond = threading.Condition()

    def __call__(self, config):
        with self.cond:
            self.configs.append(config)
            self.cond.notify_all()

    def wait(self, expected):
        """Wait until the last configuration handed over is ``expected``'s (figures and
        home): the ramp's end. (The predicate must not take the Mood's lock: the Mood
        calls us holding it.)"""
        def arrived():
            return bool(self.configs) and figures(self.configs[-1]) == figures(expected) \
                and self.configs[-1].home == expected.home
        with self.cond:
            return wait_until(self.cond, arrived, TIMEOUT)


    def wait_count(self, count):
        """Wait until ``count`` configurations have been handed over."""
        with self.cond:
            return wait_until(self.cond, lambda: len(self.configs) >= count, TIMEOUT)


class SteppedClock(ScaledClock):
    """Robot seconds that pass only when the test moves them on (``advance``): a ramp's
    steps then come where the clock says, however late the machine runs its thread."""

    def __init__(self):
        ScaledClock.__init__(self, 1.0)
        self.time = 1000.0

    def now(self):
        return self.time

    def advance(self, seconds):
        self.time += seconds

    def wait(self, event, seconds):
        if seconds is None:
            return event.wait()
        deadline = self.time + seconds
        pause = threading.Event()
        while not event.is_set() and self.time < deadline:
            pause.wait(0.001)  # the time moves in the test's thread: look again
        return event.is_set()


@pytest.fixture
def running():
    made = []

    def make(config=None, arousal_offset=mood.no_offset, clock=None):
        retunes = Retunes()
        clock = clock or ScaledClock(0.01)
        live = mood.Mood(config or defaults(), clock, logging.getLogger("test.mood"),
                         retunes, arousal_offset)
        heard = []
        live.add_listener(lambda valence, arousal: heard.append((valence, arousal)))
        live.start()
        made.append(live)
        return live, retunes, heard
    yield make
    for live in made:
        assert live.close(TIMEOUT)


@pytest.mark.parametrize("valence, arousal, words", [
    (float("nan"), 0.0, "valence = nan is not allowed: a number in [-1, 1]"),
    (0.0, 1.5, "arousal = 1.5 is not allowed: a number in [-1, 1]"),
    (-2, 0.0, "valence = -2.0 is not allowed"),
    (0.0, float("inf"), "arousal = inf is not allowed"),
    ("high", 0.0, "valence must be a number in [-1, 1], got high (str)"),
    (0.0, True, "arousal must be a number in [-1, 1], got True (bool)"),
    (0.0, None, "arousal must be a number in [-1, 1], got None (NoneType)"),
    ([0.5], 0.0, "valence must be a number in [-1, 1], got 0.5 (list)"),
])
def test_bad_moods_are_refused_with_what_is_allowed_and_change_nothing(running, valence,
                                                                       arousal, words):
    live, retunes, heard = running()
    with pytest.raises(mood.MoodError) as raised:
        live.set(valence, arousal)
    assert words in str(raised.value)
    assert live.get() == [0.0, 0.0] and heard == [] and retunes.configs == []


def test_a_mood_ramps_in_small_steps_to_the_effective_configuration(running):
    clock = SteppedClock()
    live, retunes, heard = running(clock=clock)
    live.set(0.5, 1)
    assert live.get() == [0.5, 1.0] and heard == [(0.5, 1.0)]
    target = mood.effective(defaults(), 0.5, 1.0)
    steps = int(round(mood.MOOD_RAMP / mood.MOOD_STEP))
    for step in range(1, steps + 1):
        clock.advance(mood.MOOD_STEP)
        assert retunes.wait_count(step)
    assert retunes.wait(target) and live.now() == [0.5, 1.0]
    assert figures(retunes.configs[-1]) == figures(target)
    assert retunes.configs[-1].home == target.home
    # A step each MOOD_STEP, each a small part of the way, in order: no call sees a jump.
    amplitudes = [0.5] + [config.selected_range for config in retunes.configs]
    assert len(retunes.configs) == steps
    assert all(later > earlier for earlier, later in zip(amplitudes, amplitudes[1:]))
    assert max(np.diff(amplitudes)) < 2.0 / steps * (target.selected_range - 0.5)
    live.set(0.5, 1.0)  # the same mood: nothing heard
    assert heard == [(0.5, 1.0)]


def test_a_new_preset_takes_its_mood_and_a_style_keeps_the_mood_set(running):
    base = defaults()
    live, retunes, heard = running(base)
    live.set(-0.5, 0.25)
    calm = with_preset("calm")
    live.on_configuration(calm, base)
    assert live.get() == [0.0, -0.5] and heard[-1] == (0.0, -0.5)
    # The figures go on from where the mood is, then ramp: the first retune is at once.
    assert retunes.configs and retunes.wait(mood.effective(calm, 0.0, -0.5))
    assert live.now() == [0.0, -0.5]
    assert figures(retunes.configs[-1])[:3] == (0.3, 1.6, 0.15)
    live.set(0.75, 0.75)
    styled = calm.with_values({"motionStyle": "lifelike"}, "style")
    live.on_configuration(styled, calm)
    assert live.get() == [0.75, 0.75]
    assert retunes.wait(mood.effective(styled, 0.75, 0.75)) and live.now() == [0.75, 0.75]
    assert retunes.configs[-1].motion_style == "lifelike"


def test_the_arousal_offset_hook_moves_around_the_mood_set(running):
    # The seam the context feeds (an empty room lowers the arousal): getMood keeps the
    # mood set, the motion follows the mood plus the offset, within [-1, 1].
    offset = [0.0]
    live, retunes, heard = running(arousal_offset=lambda: offset[0])
    live.set(0.25, -0.5)
    assert retunes.wait(mood.effective(defaults(), 0.25, -0.5))
    offset[0] = -0.75
    live.refresh()
    assert retunes.wait(mood.effective(defaults(), 0.25, -1.0))
    assert live.now() == [0.25, -1.0]
    assert live.get() == [0.25, -0.5] and heard == [(0.25, -0.5)]
    offset[0] = 0.0
    live.refresh()
    assert retunes.wait(mood.effective(defaults(), 0.25, -0.5))
    assert live.now() == [0.25, -0.5]


def test_the_configurations_mood_is_where_it_starts():
    config = config_module.from_mapping({"valence": "0.5", "arousal": "-0.25"})
    live = mood.Mood(config, ScaledClock(0.01), logging.getLogger("test.mood"), Retunes())
    assert live.get() == [0.5, -0.25] and live.now() == [0.5, -0.25]
    assert figures(live.configuration()) == figures(mood.effective(config, 0.5, -0.25))
    assert live.describe() == "mood: valence 0.50, arousal -0.25"
    assert live.close(TIMEOUT)  # never started: nothing to wait for
