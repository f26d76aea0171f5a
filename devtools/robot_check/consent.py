"""Asking the owner before anything moves: an interactive y/N question, skipped by --yes;
with no terminal to ask on and no --yes, the answer is no. An owner step (a fact tried
only when asked for with --steps) waits for the owner to press Enter at its prompt."""
from __future__ import absolute_import, division, print_function

import collections

Consent = collections.namedtuple("Consent", "granted why")


def question(joint, step_degrees, speed_degrees, base_turn, tiny_degrees):
    """What the check will move, as a question (``base_turn``: rad, or None;
    ``tiny_degrees``: the call on the wrist of an arm reported disabled)."""
    text = ("The robot check turns %s by %.0f degrees and back, never faster than %.0f "
            "degrees a second" % (joint, step_degrees, speed_degrees))
    if base_turn is not None:
        text += ", and turns the base by %.2f rad on the spot and back" % base_turn
    return text + (". If ALMotion reports an arm disabled, it also sends that arm's wrist "
                   "a %.0f-degree call, which should not move it. Is Pepper standing clear "
                   "of people and objects? Move it?" % tiny_degrees)


def ask(text, yes, stdin, stdout):
    """A Consent for ``text``: granted by ``yes`` (--yes), else asked on ``stdout`` and
    read from ``stdin`` when it is a terminal ("y" or "yes" grants it)."""
    if yes:
        return Consent(True, "--yes")
    if not stdin.isatty():
        return Consent(False, "no terminal to ask on and no --yes")
    stdout.write("%s [y/N] " % text)
    stdout.flush()
    answer = stdin.readline().strip()
    if answer.lower() in ("y", "yes"):
        return Consent(True, "the owner answered %r" % answer)
    return Consent(False, "the owner answered %r" % answer)


def confirm(text, stdin, stdout):
    """A Consent for an owner step: ``text`` shown on ``stdout``, granted once the owner
    presses Enter on ``stdin`` (a terminal); refused on end of input or without one."""
    if not stdin.isatty():
        return Consent(False, "no terminal to ask on")
    stdout.write("%s (press Enter when done) " % text)
    stdout.flush()
    if not stdin.readline():
        return Consent(False, "end of input")
    return Consent(True, "the owner pressed Enter")
