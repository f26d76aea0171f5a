"""Presets and the owner's preferences, without a live session (both lanes)."""
from __future__ import absolute_import, division, print_function

import logging
import threading

import pytest

from animate_behaviour import configuration as config_module
from animate_behaviour.expression import presets as presets_module
from animate_behaviour.naoqi.preferences import OwnerPreferences
from animate_behaviour.planning import styles
from pepper_sim.preferences import RAISES, FakePreferenceManager

DOMAIN = presets_module.DOMAIN
# A file that sets some keys itself, with two presets.
FILE = {"selectedRange": "0.45", "numPoints": "50", "preset": "calm",
        "presets": {"calm": {"selectedRange": "0.3", "gestureDuration": "1.6"},
                    "lively": {"selectedRange": "0.7", "gestureDuration": "0.7",
                               "rotMaximumRange": "0.45"}}}


@pytest.fixture
def log(caplog):
    caplog.set_level(logging.INFO)
    return logging.getLogger("test.presets")


def errors(caplog, level=logging.ERROR):
    return [record.getMessage() for record in caplog.records if record.levelno == level]


def make(preferences=None, **values):
    settings = dict(FILE)
    settings.update(values)
    return presets_module.LiveConfiguration(
        config_module.from_mapping(settings),
        OwnerPreferences(preferences) if preferences is not None else None,
        logging.getLogger("test.presets"))


def test_the_built_in_presets_and_their_documented_values():
    defaults = config_module.from_mapping({})
    assert list(defaults.presets) == ["calm", "neutral", "lively"]
    # The values and reasons of docs/configuration.md's Presets table.
    assert [(preset["selectedRange"], preset["gestureDuration"], preset["rotMaximumRange"])
            for preset in defaults.presets.values()] == [(0.3, 1.6, 0.15), (0.5, 1.0, 0.3),
                                                         (0.7, 0.7, 0.45)]
    neutral = defaults.with_values(defaults.presets["neutral"], "neutral")
    # neutral is the specification's defaults, named so that it restores them.
    for key in defaults.presets["neutral"]:
        attribute = config_module.ROWS[key].attribute
        assert getattr(neutral, attribute) == getattr(defaults, attribute)
    assert defaults.presets["lively"]["rotMaximumRange"] < config_module.MAX_ROTATION_RANGE


def test_a_file_without_presets_has_the_built_in_ones_to_choose(log):
    # Issue 14 4: such a file had no presets, so the tablet page showed no buttons.
    presets = presets_module.LiveConfiguration(
        config_module.from_mapping({"selectedRange": "0.45"}), None,
        logging.getLogger("test.presets"))
    assert presets.names() == ["calm", "neutral", "lively"]
    presets.select("calm")
    calm = presets.configuration()
    assert (calm.selected_range, calm.gesture_duration, calm.rot_maximum_range) == \
        (0.3, 1.6, 0.15)
    presets.select("neutral")
    assert presets.configuration().selected_range == 0.5  # not the file's 0.45


def test_a_files_preset_replaces_the_built_in_one_whole_and_new_ones_come_after():
    loaded = config_module.from_mapping({"selectedRange": "0.45", "presets": {
        "party": {"selectedRange": "0.9"}, "calm": {"gestureDuration": "2.0"}}})
    assert list(loaded.presets) == ["calm", "neutral", "lively", "party"]
    assert loaded.presets["calm"] == {"gestureDuration": 2.0}
    calm = loaded.with_values(loaded.presets["calm"], "calm")
    assert (calm.selected_range, calm.gesture_duration, calm.rot_maximum_range) == \
        (0.45, 2.0, 0.3)  # the file's and the defaults' values for what it does not name


@pytest.mark.parametrize("added, fits", [(9, True), (10, False)])
def test_at_most_twelve_presets_with_the_built_in_ones(added, fits):
    values = {"presets": dict(("p%d" % index, {"selectedRange": "0.1"})
                              for index in range(added))}
    if fits:
        assert len(config_module.from_mapping(values).presets) == config_module.MAX_PRESETS
    else:
        with pytest.raises(config_module.ConfigurationError,
                           match="presets holds 13 presets with the 3 built-in ones, more "
                                 "than 12"):
            config_module.from_mapping(values)


def test_a_preset_overrides_only_what_it_names(log):
    presets = make()
    assert presets.names() == ["calm", "neutral", "lively"]
    assert presets.current == "calm"  # the file's start preset
    calm = presets.configuration()
    assert (calm.selected_range, calm.gesture_duration) == (0.3, 1.6)
    assert calm.num_points == 50  # the file's
    assert calm.rot_maximum_range == 0.3  # the default
    assert calm.preset == "calm"
    presets.select("lively")
    lively = presets.configuration()
    assert (lively.selected_range, lively.gesture_duration, lively.rot_maximum_range,
            lively.num_points) == (0.7, 0.7, 0.45, 50)


def test_without_preference_manager_the_file_alone_counts(caplog, log):
    presets = make(None)
    assert presets.current == "calm" and presets.preferred == {}
    assert "no ALPreferenceManager" in caplog.text
    with pytest.raises(presets_module.PresetError, match="no ALPreferenceManager"):
        presets.store("lively")
    assert presets.current == "calm"


def test_preferences_choose_the_start_preset_and_come_before_everything(log):
    preferences = FakePreferenceManager({(DOMAIN, "preset"): "lively",
                                         (DOMAIN, "gestureDuration"): "2.0",
                                         (DOMAIN, "verboseMode"): True,
                                         ("other-app", "selectedRange"): "0.1"})
    presets = make(preferences)
    assert presets.current == "lively"
    lively = presets.configuration()
    assert lively.gesture_duration == 2.0  # preferences over the preset
    assert lively.selected_range == 0.7  # the preset over the file
    assert lively.num_points == 50  # the file over the defaults
    assert lively.max_velocity_fraction == 0.2  # the defaults
    assert lively.verbose is True
    presets.select("calm")
    assert presets.configuration().gesture_duration == 2.0
    assert presets.configuration().selected_range == 0.3
    # Read once, setting by setting, from our domain only.
    assert set(args[0] for method, args in preferences.calls) == set([DOMAIN])
    assert all(method == "getValue" for method, _args in preferences.calls)


@pytest.mark.parametrize("setting, value, words", [
    ("selectedRange", "2", "selectedRange = 2 is not allowed: a number in [0, 1]"),
    ("selectedRange", 2.5, "selectedRange = 2.5 is not allowed: a number in [0, 1]"),
    ("numPoints", "many", "numPoints = many is not allowed: a whole number in [1, 10000]"),
    # Fits the file, but not with the presets' other keys: numPoints // legRepeatFactor.
    ("numPoints", "8", "numPointsLeg = 2 is not allowed"),
    ("behaviour", "dance", "behaviour = dance is not allowed: one of body, hands"),
    ("armMaximumRange", [0.1, 0.2], "armMaximumRange = 0.1, 0.2 is not allowed: 5 numbers"),
    ("preset", "wild", "preset = wild is not allowed: one of calm, neutral, lively"),
    ("motionStyle", "natural", "motionStyle = natural is not allowed: one of specification, "
                               "lifelike (any case)"),
    ("breathsPerMinute", "30", "breathsPerMinute = 30 is not allowed: a number of breaths per "
                               "minute in [8, 20]"),
])
def test_a_bad_preference_is_logged_with_the_usual_message_and_ignored(caplog, log, setting,
                                                                       value, words):
    preferences = FakePreferenceManager({(DOMAIN, setting): value,
                                         (DOMAIN, "handMaximumRange"): "0.5"})
    presets = make(preferences)
    lines = errors(caplog)
    assert len(lines) == 1 and words in lines[0] and "ignored" in lines[0], lines
    assert "ALPreferenceManager animate-behaviour" in lines[0]
    assert presets.preferred == {"handMaximumRange": 0.5}  # the good one still counts
    assert presets.current == "calm"
    assert presets.configuration().num_points == 50


def test_a_failing_preference_manager_leaves_the_file_alone(caplog, log):
    preferences = FakePreferenceManager({(DOMAIN, "preset"): "lively"})
    preferences.fail = "ALPreferenceManager crashed"
    presets = make(preferences)
    assert presets.current == "calm" and presets.preferred == {}
    warnings = errors(caplog, logging.WARNING)
    assert len(warnings) == 1 and errors(caplog) == []  # one line for every setting
    assert "getValue failed for platform, behaviour, " in warnings[0]
    assert ", preset (ALPreferenceManager crashed); taken as not set" in warnings[0]


@pytest.mark.parametrize("unset", [None, "", RAISES])
def test_settings_never_set_count_as_not_set_whatever_naoqi_answers(caplog, log, unset):
    # Issue 14 b: NAOqi does not document what getValue gives for a setting never set.
    preferences = FakePreferenceManager({(DOMAIN, "preset"): "lively",
                                         (DOMAIN, "gestureDuration"): "2.0"}, unset=unset)
    presets = make(preferences)
    assert presets.current == "lively"
    assert presets.preferred == {"gestureDuration": 2.0}
    assert errors(caplog) == []
    warnings = errors(caplog, logging.WARNING)
    if unset == RAISES:
        assert len(warnings) == 1 and "selectedRange (" in warnings[0], warnings
        assert "gestureDuration" not in warnings[0] and ", preset (" not in warnings[0]
    else:
        assert warnings == []


def test_a_setting_that_cannot_be_read_costs_that_setting_only(caplog, log):
    preferences = FakePreferenceManager({(DOMAIN, "preset"): "lively",
                                         (DOMAIN, "gestureDuration"): "2.0",
                                         (DOMAIN, "selectedRange"): "0.6"},
                                        broken={(DOMAIN, "selectedRange"): "corrupt entry"})
    presets = make(preferences)
    assert presets.current == "lively"
    assert presets.preferred == {"gestureDuration": 2.0}
    assert errors(caplog, logging.WARNING) == [
        "ALPreferenceManager animate-behaviour: getValue failed for selectedRange (corrupt "
        "entry); taken as not set"]


def test_store_writes_the_preference_then_chooses(log):
    preferences = FakePreferenceManager()
    presets = make(preferences)
    heard = []
    presets.add_listener(lambda configuration, previous: heard.append(
        (configuration.preset, configuration.selected_range)))
    presets.store("lively")
    assert preferences.values[(DOMAIN, "preset")] == "lively"
    assert presets.current == "lively" and heard == [("lively", 0.7)]
    # The next start begins with it.
    assert make(preferences).current == "lively"


def test_unknown_names_and_failed_stores_change_nothing(log):
    preferences = FakePreferenceManager()
    presets = make(preferences)
    heard = []
    presets.add_listener(lambda configuration, previous: heard.append(
        configuration.preset))
    with pytest.raises(presets_module.PresetError,
                       match="there is no preset 'wild'|there is no preset wild"):
        presets.select("wild")
    with pytest.raises(presets_module.PresetError,
                       match="the presets are: calm, neutral, lively"):
        presets.store("wild")
    preferences.fail = "disk full"
    with pytest.raises(presets_module.PresetError, match="not stored.*disk full"):
        presets.store("lively")
    assert presets.current == "calm" and heard == []
    assert (DOMAIN, "preset") not in preferences.values


def test_choosing_the_current_preset_says_nothing(log):
    presets = make()
    heard = []
    presets.add_listener(lambda configuration, previous: heard.append(
        configuration.preset))
    presets.select("calm")
    presets.select("lively")
    presets.select("lively")
    assert heard == ["lively"]


def race(choose, start, count=8):
    """Run ``choose(index)`` in ``count`` threads at once: each waits for ``start``, set
    once all have started; returns when all are done (10 s at most each)."""
    threads = [threading.Thread(target=choose, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    start.set()
    for thread in threads:
        thread.join(10.0)


def test_concurrent_choices_reach_the_listeners_in_the_order_they_won(log):
    presets = make()
    heard = []
    presets.add_listener(lambda configuration, previous: heard.append(
        (configuration.preset, configuration.gesture_duration)))
    start = threading.Event()

    def choose(index):
        start.wait()
        for step in range(50):
            presets.select(["calm", "lively"][(index + step) % 2])
    race(choose, start)
    assert heard, "some choice changed the preset"
    # Each change alternates (a change to the current one is no change), carries the
    # chosen preset's configuration, and the last one heard is the one that stayed.
    assert all(first[0] != second[0] for first, second in zip(heard, heard[1:]))
    assert all(duration == {"calm": 1.6, "lively": 0.7}[name] for name, duration in heard)
    assert heard[-1][0] == presets.current


# -- the motion style (issue 13) -------------------------------------------------------

# A preset that sets the style, one that sets it back, one that leaves it alone.
STYLED = {"sleepy": {"motionStyle": "lifelike", "selectedRange": "0.2"},
          "exact": {"motionStyle": "specification", "selectedRange": "0.6"},
          "lively": {"selectedRange": "0.7"}}


def styled(preferences=None, **values):
    return make(preferences, presets=STYLED, preset="", **values)


def listen(presets):
    """What the listeners hear: (preset, style, style before) per change."""
    heard = []
    presets.add_listener(lambda configuration, previous: heard.append(
        (configuration.preset, configuration.motion_style, previous.motion_style)))
    return heard


def test_the_style_comes_from_the_run_time_choice_preferences_preset_file_defaults(log):
    assert make().style == "specification"  # the default
    assert make(motionStyle="lifelike").style == "lifelike"  # the file
    presets = styled(motionStyle="lifelike")
    presets.select("exact")
    assert presets.style == "specification"  # the preset over the file
    preferences = FakePreferenceManager({(DOMAIN, "motionStyle"): "lifelike"})
    presets = styled(preferences)
    assert presets.preferred == {"motionStyle": "lifelike"}
    assert presets.style == "lifelike"  # the preference over the file
    presets.select("exact")
    assert presets.style == "lifelike"  # and over every preset
    assert presets.configuration().selected_range == 0.6
    presets.choose_style("specification")
    assert presets.style == "specification"  # the run-time choice over the preference
    assert presets.configuration().motion_style == "specification"


def test_a_chosen_style_reaches_the_listeners_and_presets_keep_it(log):
    presets = make()
    heard = listen(presets)
    presets.choose_style("lifelike")
    calm = presets.configuration()
    assert heard == [("calm", "lifelike", "specification")]
    assert (calm.motion_style, calm.selected_range, calm.gesture_duration, calm.num_points) \
        == ("lifelike", 0.3, 1.6, 50)  # the preset's amplitude and tempo, the file's rest
    presets.select("lively")
    lively = presets.configuration()
    assert (lively.motion_style, lively.selected_range, lively.preset) == \
        ("lifelike", 0.7, "lively")  # presets scale amplitude and tempo in either style
    assert heard[-1] == ("lively", "lifelike", "lifelike")
    presets.choose_style("lifelike")  # no change: nothing to hear
    presets.select("lively")
    assert len(heard) == 2
    presets.choose_style("specification")
    assert heard[-1] == ("lively", "specification", "lifelike")
    assert presets.configuration().selected_range == 0.7


def test_a_preset_that_sets_the_style_changes_it_unless_one_was_chosen_at_run_time(log):
    presets = styled()
    heard = listen(presets)
    presets.select("sleepy")
    presets.select("lively")
    assert heard == [("sleepy", "lifelike", "specification"),
                     ("lively", "specification", "lifelike")]
    presets.choose_style("specification")  # already the style: a choice, no change
    assert len(heard) == 2
    presets.select("sleepy")
    assert presets.style == "specification"  # the run-time choice stays
    assert presets.configuration().selected_range == 0.2
    assert heard[-1] == ("sleepy", "specification", "specification")


@pytest.mark.parametrize("name", ["Lifelike", "", "natural", " lifelike", 7, None,
                                  ["lifelike"]])
def test_unknown_styles_are_refused_and_change_nothing(log, name):
    presets = make()
    heard = listen(presets)
    before = presets.configuration()
    with pytest.raises(presets_module.StyleError,
                       match="there is no motion style .*; the styles are: specification, "
                             "lifelike$"):
        presets.choose_style(name)
    assert presets.configuration() is before and heard == []
    presets.select("lively")  # no style was chosen: the preset's (the file's) counts
    assert presets.style == "specification"


def test_concurrent_styles_and_presets_reach_the_listeners_in_the_order_they_won(log):
    presets = styled()
    heard = []
    presets.add_listener(lambda configuration, previous: heard.append(
        (configuration, previous)))
    start = threading.Event()

    def choose(index):
        start.wait()
        for step in range(40):
            if (index + step) % 2:
                presets.choose_style(styles.NAMES[step % 2])
            else:
                presets.select(["sleepy", "lively"][step % 2])
    race(choose, start)
    assert heard
    # Each change starts from the one heard before it, and the last one heard stays.
    for (_configuration, previous), (before, _previous) in zip(heard[1:], heard):
        assert previous is before
    assert heard[-1][0] is presets.configuration()
    assert all(configuration.motion_style in styles.NAMES for configuration, _ in heard)
