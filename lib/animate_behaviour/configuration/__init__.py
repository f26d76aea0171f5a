"""The configuration: the kinds of values (kinds.py, sections.py, preset_table.py), the key
table with the built-in presets (keys.py), the Configuration (configuration.py) and reading
the file (loading.py). This face names what the rest of the package uses."""
from __future__ import absolute_import, division, print_function

from animate_behaviour.configuration.configuration import (  # noqa: F401 (the face)
    Configuration, ConfigurationError)
from animate_behaviour.configuration.keys import (  # noqa: F401
    BEHAVIOURS, BUILT_IN_PRESETS, KEYS, MAX_LEG_RANGE, MAX_ROTATION_RANGE, PLATFORMS,
    PRESET_SETTABLE_KEYS, PRESETS_SECTION, ROWS, START_PRESET_KEY, TABLE)
from animate_behaviour.configuration.kinds import shown_value  # noqa: F401
from animate_behaviour.configuration.loading import (  # noqa: F401
    CONFIG_FILE_NAME, MAX_PROBLEMS, from_configobj, from_mapping, load)
from animate_behaviour.configuration.preset_table import MAX_PRESETS  # noqa: F401
