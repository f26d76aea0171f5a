"""The kinds of configuration values: how each parses, checks, shows and describes its
values (one :class:`Kind` per kind: Choice, Boolean, Number, WholeNumber, NumberList,
JointList, PresetName; the sections' are sections.py and preset_table.py), and how error
messages quote a value (:func:`shown_value`)."""
from __future__ import absolute_import, division, print_function

import math
import re

from animate_behaviour.configuration.third_party import Validator
from animate_behaviour.foundation.compat import INTEGER_TYPES, is_text
from animate_behaviour.foundation.shown import shown
from animate_behaviour.planning import joints

_PLAIN = re.compile(r"^[!-~]([ -~]{0,78}[!-~])?$")
_LIST_SHOWN = 8


def shown_value(value):
    """A value as error messages quote it: plain short text as it is, anything else
    escaped on one line and cut (foundation.shown); lists item by item, the first few."""
    if isinstance(value, (list, tuple)):
        items = [shown_value(item) for item in value[:_LIST_SHOWN]]
        if len(value) > _LIST_SHOWN:
            items.append("... (%d items)" % len(value))
        return ", ".join(items) if items else "(an empty list)"
    if is_text(value) and _PLAIN.match(value):
        return str(value)
    if isinstance(value, dict):
        return "a section"
    if isinstance(value, INTEGER_TYPES) and not isinstance(value, bool) and \
            abs(value) >= 10 ** 40:
        # Python 3.9 refuses to print whole numbers of over 4300 digits.
        return "a whole number of about %d digits" % int(abs(value).bit_length() * 0.30103 + 1)
    return shown(value)


def finite(number):
    """Whether a number is neither NaN nor infinite (whole numbers always are; Python 2
    cannot turn a huge one into a float to ask)."""
    return not isinstance(number, float) or not (math.isnan(number) or math.isinf(number))


def _number(value):
    return "%g" % value


class Limit(object):
    """A bound that depends on other keys: its words, the keys it needs, and how to
    compute it from their (already checked) values."""

    def __init__(self, words, needs, compute):
        self.words = words
        self.needs = needs
        self.compute = compute


class Kind(object):
    """What one kind of key accepts: how its values are parsed from the file (or a
    preference), checked, shown in the banner and described in error messages. Each row
    of :data:`TABLE` holds one (:attr:`Key.kind`); this base is a plain value that
    configobj's ``check_name`` check parses and that needs nothing more."""

    check_name = None  # the configobj check that parses a value of the kind
    is_section = False  # a [section] of the file rather than a key = value line
    splits_text = False  # a list: text is its items, comma-separated
    needs = ()  # the keys checked before (values holds them when check runs)

    def allowed(self):
        """What is allowed, as error messages quote it (no semicolons: problems are
        joined with "; ")."""
        raise NotImplementedError

    def spec(self, name, default):
        """The key's line of the configobj spec; None for a section configobj never sees."""
        if isinstance(default, tuple):
            default = "list(%s)" % ", ".join(str(item) for item in default)
        else:
            default = str(default) or '""'
        return "%s = %s(default=%s)" % (name, self.check_name, default)

    def parse(self, raw):
        """``raw`` (text as the file or a preference gives it, or an already typed value)
        as a value of the kind; ValidateError if it is none."""
        if isinstance(raw, bool):
            raw = "true" if raw else "false"
        elif isinstance(raw, INTEGER_TYPES + (float,)):
            raw = repr(raw)
        if self.splits_text and is_text(raw):
            raw = [item.strip() for item in raw.split(",")]
        return Validator().check(self.check_name, raw)

    def from_file(self, raw):
        """What :func:`from_configobj` checks, from what the parsed file holds for the key."""
        return raw

    def check(self, key, value, values, prefix):
        """(the value to keep, []) or (None, the problems), for :meth:`Key.check`."""
        return value, []

    def format(self, value):
        """The value as the start-up banner and docs/configuration.md show it."""
        if isinstance(value, tuple):
            return ", ".join(str(item) for item in value)
        return str(value)

    def misplaced(self, key, parsed):
        """The problems configobj cannot report with the file's ``parsed`` entry for
        ``key`` (a section where a value belongs); removes what it reports."""
        if isinstance(parsed[key.name], dict):
            del parsed[key.name]
            return ["%s is a section, not a value: %s" % (key.name, key.allowed)]
        return []


class Choice(Kind):
    """One of a few words, in any case; kept as the table spells it."""

    check_name = "string"

    def __init__(self, choices):
        self.choices = choices

    def allowed(self):
        return "one of %s (any case)" % ", ".join(self.choices)

    def check(self, key, value, values, prefix):
        chosen = value.strip().lower()
        if chosen in self.choices:
            return self.choices[self.choices.index(chosen)], []
        return key.refused(value, prefix)


class Boolean(Kind):
    check_name = "boolean"

    def allowed(self):
        return "true or false"


class Number(Kind):
    """A number in ``[low, high]`` (``high`` possibly a :class:`Limit`), of ``unit``;
    ``why``: the reason for the bounds, quoted in error messages."""

    check_name = "float"
    what = "a number"

    def __init__(self, low, high, why, unit=None):
        self.bounds = (low, high)
        self.why = why
        self.unit = unit
        self.needs = high.needs if isinstance(high, Limit) else ()

    def _described(self):
        """What the value is, before its bounds."""
        return self.what

    def allowed(self):
        what = self._described()
        if self.unit:
            what += " of %s" % self.unit
        low, high = self.bounds
        high = high.words if isinstance(high, Limit) else _number(high)
        return "%s in [%s, %s]%s (%s)" % (what, _number(low), high, self._items(), self.why)

    def _items(self):
        """What the numbers of a list are, after the bounds."""
        return ""

    def inside(self, number, values):
        low, high = self.bounds
        if isinstance(high, Limit):
            high = high.compute(values)
        return finite(number) and low <= number <= high

    def check(self, key, value, values, prefix):
        if self.inside(value, values):
            return value, []
        return key.refused(value, prefix)


class WholeNumber(Number):
    check_name = "integer"
    what = "a whole number"


class NumberList(Number):
    """One number in the bounds for each of ``items`` (their names, in order)."""

    check_name = "float_list"
    splits_text = True

    def __init__(self, items, low, high, why, unit=None):
        super(NumberList, self).__init__(low, high, why, unit)
        self.items = items

    def _described(self):
        return "%d numbers" % len(self.items)

    def _items(self):
        return " for %s" % ", ".join(self.items)

    def check(self, key, value, values, prefix):
        if len(value) == len(self.items) and all(self.inside(item, values) for item in value):
            return tuple(value), []
        return key.refused(value, prefix)


class JointList(Kind):
    """Animated joints' names, at least one; kept as a tuple."""

    check_name = "string_list"
    splits_text = True

    def allowed(self):
        return "Pepper joint names other than HeadYaw and HeadPitch, at least one"

    def check(self, key, value, values, prefix):
        if value and all(name in joints.ANIMATED_JOINTS for name in value):
            return tuple(joints.ANIMATED_JOINTS[joints.ANIMATED_JOINTS.index(name)]
                         for name in value), []
        return key.refused(value, prefix)


class PresetName(Kind):
    """The name of a preset of the ``section`` row's (``[presets]``), or empty for none."""

    check_name = "string"

    def __init__(self, section):
        self.section = section
        self.needs = (section,)

    def allowed(self):
        return "empty or the name of a preset (built in or of the [%s] section)" % (
            self.section)

    def check(self, key, value, values, prefix):
        chosen = value.strip()
        if chosen == "" or chosen in values[self.section]:
            return chosen, []
        return key.refused(value, prefix)

    def format(self, value):
        return str(value) if value else "none (the file's values)"
