"""The ``[presets]`` section's kind: named sets of motion keys, each checked on top of the
file's values."""
from __future__ import absolute_import, division, print_function

import collections
import re

from animate_behaviour.configuration.checking import rechecked
from animate_behaviour.configuration.kinds import shown_value
from animate_behaviour.configuration.sections import Section

# Preset names: short words a tablet button and a URL can show as they are.
PRESET_NAME_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,24}$")
MAX_PRESETS = 12


class PresetTable(Section):
    """The ``[presets]`` section: the ``built_in`` presets with the file's ``[[name]]``
    subsections over them, each a few of the ``settable`` keys checked on top of the
    file's values. configobj never sees it: it is checked preset by preset. ``rows()``
    gives the key table's (name -> row, the settable rows in checking order): the table
    holds this kind, so it is asked for at check time."""

    lines = "a [[name]] subsection of key = value lines each"

    def __init__(self, built_in, settable, rows):
        self.built_in = built_in
        self.settable = settable
        self.needs = settable
        self._rows = rows

    def allowed(self):
        return ("at most %d presets with the %d built-in ones: [[name]] subsections "
                "(letters, digits, _ and -, at most 24) each setting only %s"
                % (MAX_PRESETS, len(self.built_in), ", ".join(self.settable)))

    def spec(self, name, default):
        return None

    def from_file(self, raw):
        presets = collections.OrderedDict(self.built_in)  # the file's replace or add
        presets.update(_plain(raw))
        return presets

    def check(self, key, value, values, prefix):
        kept, problems = collections.OrderedDict(), []
        if len(value) > MAX_PRESETS:
            problems.append("%s holds %d presets with the %d built-in ones, more than %d" % (
                key.name, len(value), len(self.built_in), MAX_PRESETS))
        for name in list(value)[:MAX_PRESETS]:
            label = "%s.%s" % (key.name, shown_value(name))
            if not PRESET_NAME_PATTERN.match(name):
                problems.append("%s is not a preset name: letters, digits, _ and - only, at "
                                "most 24" % label)
                continue
            if not isinstance(value[name], dict):
                problems.append("%s is a value, not a preset: write [[%s]] under [%s] and "
                                "then a key = value line each" % (label, name, key.name))
                continue
            overrides, found = self._parsed(value[name], label + ".")
            checked, refused = rechecked(values, overrides, label + ".", self._rows()[1],
                                         value[name])
            problems.extend(found + refused)
            if not found and not refused:
                kept[str(name)] = collections.OrderedDict(
                    (key, checked[key]) for key in self.settable if key in overrides)
        return (kept, []) if not problems else (None, problems)

    def format(self, value):
        return "; ".join("%s: %s" % (name, ", ".join(
            "%s = %s" % (key, self._rows()[0][key].format(item))
            for key, item in overrides.items())
            or "the file's values") for name, overrides in value.items())

    def _parsed(self, raw, prefix):
        """Parse a preset's {key: text} into {key: value of its kind}; returns (overrides,
        problems named ``prefix + key``: keys a preset may not set, values of the wrong
        kind)."""
        overrides, problems = {}, []
        for key in raw:
            row = self._rows()[0].get(key)
            if row is None or key not in self.settable:
                problems.append("%s%s is not a key it may set (a preset sets only %s)"
                                % (prefix, shown_value(key), ", ".join(self.settable)))
                continue
            value, refused = row.parse(raw[key], name=prefix + row.name)
            if refused:
                problems.append(refused)
            else:
                overrides[row.name] = value
        return overrides, problems


def _plain(section):
    """A configobj section (or a dict) as nested ordered dicts, in the file's order."""
    keys = list(section.scalars) + list(section.sections) if hasattr(section, "scalars") \
        else list(section)
    return collections.OrderedDict(
        (key, _plain(section[key]) if isinstance(section[key], dict) else section[key])
        for key in keys)
