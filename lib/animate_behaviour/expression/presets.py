"""The live configuration: which configuration the engine goes by, as the presets, the
owner's preferences and the run-time style make it from the file's (LiveConfiguration).

Highest first: the motion style chosen at run time (setMotionStyle, until the service
stops), the owner's preferences (ALPreferenceManager, domain ``animate-behaviour``, read
once at start), the selected preset, the configuration file, the defaults. The
``preset`` preference chooses the start preset (before the file's ``preset`` key); any
other configuration key set there replaces the file's value for every preset. A
preference that does not fit is logged at error level with the configuration's usual
message and ignored. NAOqi does not document what ``getValue`` gives for a setting never
set: None, "" and an error count as not set, setting by setting (the errors are logged
in one warning line, the other settings still count). Without ALPreferenceManager (the
simulator) the file alone counts.
"""
from __future__ import absolute_import, division, print_function

import collections
import threading

from animate_behaviour import configuration as config_module
from animate_behaviour.planning import styles

# The owner's preferences' domain in ALPreferenceManager (naoqi.preferences reads it).
DOMAIN = "animate-behaviour"
# The preferences are named as the configuration keys; this one chooses the start preset.
PRESET_SETTING = config_module.START_PRESET_KEY


class PresetError(RuntimeError):
    """A preset cannot be chosen or stored; the message says why."""


class StyleError(RuntimeError):
    """A motion style cannot be chosen; the message says why."""


class LiveConfiguration(object):
    """The configuration the engine goes by, and what makes it: the presets of ``config``
    (the file's Configuration), the one chosen now, the owner's preferences read through
    ``preferences`` (naoqi.preferences.OwnerPreferences, or None where the robot has no
    ALPreferenceManager; the preset choice is stored there) and the motion style chosen
    at run time; logs on ``logger``. Thread-safe;
    listeners hear of each change of the configuration in the order of the changes."""

    def __init__(self, config, preferences, logger):
        self._file = config
        self._preferences = preferences
        self._log = logger
        self._lock = threading.Lock()
        self._listeners = []
        preferred, start = self._read_preferences()
        self.preferred = preferred  # {key: value} the owner's preferences set
        self._configurations = collections.OrderedDict(
            (name, self._combined(name, preferred)) for name in [""] + list(config.presets))
        self._current = start
        self._style = None  # the style chosen at run time; None: the configuration's own
        self._effective = self._configurations[start]

    # -- reading ---------------------------------------------------------------------

    def names(self):
        """The presets: the built-in ones (those the file replaces in their place), then
        the file's others, in its order."""
        return list(self._file.presets)

    @property
    def current(self):
        """The selected preset; "" for none (the file's values)."""
        with self._lock:
            return self._current

    @property
    def style(self):
        """The motion style the engine goes by (the configuration's motion_style)."""
        return self.configuration().motion_style

    def configuration(self):
        """The configuration the engine goes by: the selected preset's, preferences
        applied, with the style chosen at run time over them. Takes no lock: the
        configuration is replaced whole (one assignment) and asked at every step."""
        return self._effective

    def describe(self):
        """Lines for the start-up banner."""
        preferred = ", ".join("%s = %s" % (key, config_module.ROWS[key].format(value))
                              for key, value in sorted(self.preferred.items()))
        return ["preset now: %s" % (self.current or "none (the file's values)"),
                "owner preferences (%s): %s" % (self._source(), preferred or "none")]

    # -- choosing --------------------------------------------------------------------

    def add_listener(self, callback):
        """Call ``callback(configuration, previous)`` after each change of the
        configuration the engine goes by (another preset, another style)."""
        self._listeners.append(callback)

    def remove_listener(self, callback):
        self._listeners.remove(callback)

    def _known(self, name):
        if name not in self._file.presets:
            raise PresetError("there is no preset %s; the presets are: %s" % (
                config_module.shown_value(name), ", ".join(self.names())))

    def select(self, name):
        """Choose the preset ``name``; PresetError if there is none of that name. A style
        chosen at run time stays: presets scale amplitude and tempo in either style."""
        self._known(name)
        with self._lock:
            self._change(name, self._style)

    def choose_style(self, name):
        """Go by the motion style ``name`` (one of styles.NAMES) until the service stops,
        whatever the preferences, the preset or the file say; StyleError if there is
        none of that name."""
        if name not in styles.NAMES:
            raise StyleError("there is no motion style %s; the styles are: %s" % (
                config_module.shown_value(name), ", ".join(styles.NAMES)))
        with self._lock:
            self._change(self._current, styles.NAMES[styles.NAMES.index(name)])

    def _change(self, name, style):
        """Go by the preset ``name`` and the run-time ``style`` (None: none chosen); the
        listeners hear the configuration if it changed. Called under the lock, so
        concurrent choices reach the listeners in the order they won."""
        if (name, style) == (self._current, self._style):
            return
        previous = self._effective
        configuration = self._configurations[name]
        if style is not None and style != configuration.motion_style:
            configuration = configuration.with_values(
                {"motionStyle": style}, "%s, setMotionStyle" % configuration.source)
        self._current, self._style, self._effective = name, style, configuration
        if configuration is not previous:
            for callback in list(self._listeners):
                callback(configuration, previous)

    def store(self, name):
        """Choose the preset ``name`` and store it as the owner's ``preset`` preference, so
        that it survives reboots and package updates; PresetError if it is unknown or
        cannot be stored (then nothing changes)."""
        self._known(name)
        if self._preferences is None:
            raise PresetError("preset %s not stored: NAOqi has no ALPreferenceManager" % name)
        try:
            self._preferences.store(PRESET_SETTING, name)
        except RuntimeError as err:
            raise PresetError("preset %s not stored: ALPreferenceManager.setValue failed: %s"
                              % (name, err))
        self.select(name)

    # -- preferences -----------------------------------------------------------------

    def _combined(self, name, preferred, written=None):
        """The file's configuration with the preset's keys, then the preferences
        (``written``: their values as the owner wrote them, for error messages)."""
        values = dict(self._file.presets[name]) if name else {}
        values.update(preferred)
        values[config_module.START_PRESET_KEY] = name
        source = "%s%s%s" % (self._file.source, ", preset %s" % name if name else "",
                             ", %s" % self._source() if preferred else "")
        return self._file.with_values(values, source, written)

    def _read_preferences(self):
        """({key: value} of the preferences that fit, the start preset)."""
        if self._preferences is None:
            self._log.info("no ALPreferenceManager: the configuration comes from %s alone"
                           % self._file.source)
            return {}, self._file.preset
        raw, failures = self._preferences.read(
            [row.name for row in config_module.TABLE if not row.kind.is_section])
        if failures:  # a warning: NAOqi may answer so for a setting never set
            self._log.warning("%s: getValue failed for %s; taken as not set" % (
                self._source(), "; ".join("%s (%s)" % (", ".join(settings),
                                                    config_module.shown_value(error))
                                       for error, settings in failures.items())))
        start = self._file.preset
        if PRESET_SETTING in raw:
            wanted = raw.pop(PRESET_SETTING)
            if wanted in self._file.presets:
                start = wanted
            else:
                self._log.error(
                    "%s/%s = %s is not allowed: one of %s; ignored, starting with %s" % (
                        self._source(), PRESET_SETTING, config_module.shown_value(wanted),
                        ", ".join(self.names()), start or "no preset"))
        preferred = {}
        for key in raw:
            value, problem = config_module.ROWS[key].parse(raw[key], name="%s/%s" % (
                self._source(), key))
            if problem is None:
                problem = self._misfit(dict(preferred, **{key: value}), raw)
            if problem is not None:
                self._log.error("%s; ignored, the file's value is kept" % problem)
                continue
            preferred[key] = value
        return preferred, start

    def _source(self):
        """How the log names the preferences."""
        return self._preferences.name if self._preferences is not None else \
            "no ALPreferenceManager"

    def _misfit(self, preferred, written):
        """The problem the preferences cause with the file or one of its presets, or None."""
        for name in [""] + list(self._file.presets):
            try:
                self._combined(name, preferred, written)
            except config_module.ConfigurationError as err:
                return str(err)
        return None
