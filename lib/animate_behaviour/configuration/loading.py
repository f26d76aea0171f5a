"""Reading ``animateBehaviourConfiguration.ini`` (or a mapping of its values) into a
Configuration. A bad file raises ConfigurationError whose message names each bad key, its
value and what is allowed: ``<source>: <key> = <value> is not allowed: <allowed>; ...``;
the ``[presets]`` section's problems are named ``presets.<name>.<key>``."""
from __future__ import absolute_import, division, print_function

import os

from animate_behaviour.configuration.checking import rechecked
from animate_behaviour.configuration.configuration import Configuration, ConfigurationError
from animate_behaviour.configuration.keys import CHECKING_ORDER, KEYS, ROWS, TABLE
from animate_behaviour.configuration.kinds import shown_value
from animate_behaviour.configuration.third_party import (ConfigObj, ConfigObjError, Validator,
                                                         flatten_errors)

CONFIG_FILE_NAME = "animateBehaviourConfiguration.ini"
# The shipped file is under 4 KB; a larger one is not a configuration file.
MAX_FILE_BYTES = 64 * 1024
# Problems named in one error; the rest are counted.
MAX_PROBLEMS = 12
# configobj's spec: the values' lines, then the sections' (none for [presets]).
SPEC = "\n".join(spec for spec in (row.spec() for row in sorted(
    TABLE, key=lambda row: row.kind.is_section)) if spec is not None).splitlines()



def load(path):
    """Read and validate the file at ``path``; raise ConfigurationError if it is unusable."""
    if not os.path.isfile(path):
        raise ConfigurationError("configuration file %s does not exist" % path)
    try:
        with open(path, "rb") as stream:
            data = stream.read(MAX_FILE_BYTES + 1)
    except (IOError, OSError) as err:
        raise ConfigurationError("configuration file %s cannot be read: %s" % (path, err))
    if len(data) > MAX_FILE_BYTES:
        raise ConfigurationError("configuration file %s is larger than %d bytes; a "
                                 "configuration file is a few KB" % (path, MAX_FILE_BYTES))
    lines = _decoded_lines(data, path)
    try:
        parsed = ConfigObj(lines, configspec=SPEC, raise_errors=True, list_values=True,
                           interpolation=False)
    except ConfigObjError as err:
        raise ConfigurationError("configuration file %s cannot be parsed: %s" % (path, err))
    return from_configobj(parsed, path)


def _decoded_lines(data, path):
    """The file's lines as text: UTF-8, with or without a byte order mark."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    lines = []
    for number, line in enumerate(data.splitlines(), 1):
        try:
            lines.append(line.decode("utf-8"))
        except UnicodeDecodeError as err:
            raise ConfigurationError(
                "configuration file %s cannot be parsed: line %d is not UTF-8 text (byte %s "
                "at column %d); save it as UTF-8" % (path, number, shown_value(
                    line[err.start:err.start + 1]), err.start + 1))
    return lines


def from_mapping(values, source="<defaults>"):
    """Validate a dict of raw (string or typed) values, as written in the file."""
    parsed = ConfigObj(configspec=SPEC, interpolation=False)
    parsed.update(values)
    return from_configobj(parsed, source)


def from_configobj(parsed, source):
    """Validate a parsed ConfigObj; return the Configuration or raise ConfigurationError."""
    problems = _misplaced(parsed)
    # The sections configobj has no spec for ([presets]) leave before it validates.
    unseen = dict((row.name, parsed.pop(row.name, {})) for row in TABLE if row.spec() is None)
    result = parsed.validate(Validator(), preserve_errors=True)
    failed = set()
    if result is not True:
        for sections, key, _error in flatten_errors(parsed, result):
            name = sections[0] if sections else key
            failed.add(name)
            if sections:
                problems.append(ROWS[name].refusal(parsed[name].get(key), name="%s.%s" % (
                    name, shown_value(key))))
            else:
                problems.append(ROWS[name].refusal(parsed.get(name)))
    raw = {}
    for row in TABLE:
        if row.name not in failed:
            raw[row.name] = row.kind.from_file(unseen[row.name] if row.name in unseen
                                               else parsed[row.name])
    values, refused = rechecked({}, raw, "", CHECKING_ORDER)
    problems.extend(refused)
    if problems:
        if len(problems) > MAX_PROBLEMS:
            problems[MAX_PROBLEMS:] = ["and %d more problems" % (len(problems) - MAX_PROBLEMS)]
        raise ConfigurationError("%s: %s" % (source, "; ".join(problems)))
    return Configuration(values, source)


def _misplaced(parsed):
    """Unknown keys, and sections where values belong or the reverse: reported and
    removed before configobj validates (it cannot validate them)."""
    problems = []
    unknown = [key for key in parsed if key not in ROWS]
    if unknown:
        problems.append("unknown key%s %s (allowed keys: %s)" % (
            "s" if len(unknown) > 1 else "", shown_value(unknown), ", ".join(KEYS)))
    for key in list(parsed):
        row = ROWS.get(key)
        if row is None:
            del parsed[key]
        else:
            problems.extend(row.kind.misplaced(row, parsed))
    return problems
