"""A value as one short printable line: how anything a caller sent is quoted in the log
and in error messages, so that it can neither flood nor forge them."""
from __future__ import absolute_import, division, print_function

from animate_behaviour.foundation.compat import BYTES_TYPE, LONG_TYPES, is_text

# Characters of a value's escaped text shown in one log line.
SHOWN_LIMIT = 80
# How text is escaped inside our quotes; a repr is already quoted and escaped, so only
# what is still unprintable in it is escaped again.
_TEXT_ESCAPES = {"\\": "\\\\", "'": "\\'", "\n": "\\n", "\r": "\\r", "\t": "\\t"}
_REPR_ESCAPES = {}


def _escape_char(char, escapes):
    """One character as printable ASCII, like repr: \\n, \\x1b, \\u202e, \\U0001f600."""
    if char in escapes:
        return escapes[char]
    code = ord(char)
    if 0x20 <= code < 0x7f:
        return str(char)
    if code < 0x100:
        return "\\x%02x" % code
    if code < 0x10000:
        return "\\u%04x" % code
    return "\\U%08x" % code


def _printable(chars, limit, escapes):
    """(escaped text, whether it was cut) for an iterable of one-character strings,
    at most ``limit`` characters long; an escape sequence is never split."""
    pieces = []
    used = 0
    for char in chars:
        piece = _escape_char(char, escapes)
        if used + len(piece) > limit:
            return "".join(pieces), True
        pieces.append(piece)
        used += len(piece)
    return "".join(pieces), False


def shown(value, limit=SHOWN_LIMIT):
    """``value`` as one printable ASCII line of at most about ``limit`` characters.

    Text is quoted like repr (the same on Python 2.7 and 3: no u prefix), with newlines,
    control and non-ASCII characters escaped; longer text is cut and its length noted:
    ``'aaaa...'... (102400 characters)``. Only the first ``limit`` characters are
    looked at, so a 100 KB value costs no more than a short one. Anything else is shown
    through its repr, escaped and cut the same way.
    """
    if is_text(value):
        text, cut = _printable(value[:limit + 1], limit, _TEXT_ESCAPES)
        text, unit = "'%s'" % text, "characters"
    elif BYTES_TYPE is not None and isinstance(value, BYTES_TYPE):  # Python 3 only
        text, cut = _printable((chr(byte) for byte in value[:limit + 1]), limit, _TEXT_ESCAPES)
        text, unit = "b'%s'" % text, "bytes"
    else:
        return _shown_repr(value, limit)
    if cut or len(value) > limit:
        return "%s... (%d %s)" % (text, len(value), unit)
    return text


def _shown_repr(value, limit):
    try:
        # Python 2's longs (all of libqi 1.8.3's integers) without repr's L.
        whole = str(value) if isinstance(value, LONG_TYPES) else repr(value)
    except Exception as err:  # noqa: a caller's object may raise anything from __repr__
        return "<%s whose repr raised %s>" % (type(value).__name__, type(err).__name__)
    text, cut = _printable(whole[:limit + 1], limit, _REPR_ESCAPES)
    if cut or len(whole) > limit:
        return "%s... (repr of %d characters)" % (text, len(whole))
    return text
