"""The few types Python 2.7 (NAOqi 2.5 on the robot) and Python 3 name differently, named
once here so that every module asks the same question the same way."""
from __future__ import absolute_import, division, print_function

try:
    TEXT_TYPES = (str, unicode)  # noqa: F821 (Python 2.7 on the robot)
    INTEGER_TYPES = (int, long)  # noqa: F821
    # libqi 1.8.3 hands every integer to Python 2 as a long, whose repr ends in L.
    LONG_TYPES = (long,)  # noqa: F821
    BYTES_TYPE = None  # Python 2's str is text (in TEXT_TYPES), not a separate bytes type
except NameError:
    TEXT_TYPES = (str,)
    INTEGER_TYPES = (int,)
    LONG_TYPES = ()
    BYTES_TYPE = bytes


def is_text(value):
    """Whether ``value`` is text: str on Python 3, str or unicode on Python 2.7."""
    return isinstance(value, TEXT_TYPES)
