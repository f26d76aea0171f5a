"""Where what the engine perceives rings, and the running round hears it.

The awareness rings (ALMemory's threads): ``round()`` when the workers must look again at
what they may do (the context, Pepper's own state or speech changed), ``life_state()`` on
each Autonomous Life state event and each change of Pepper's own state (waking up
resumes Autonomous Life's abilities). A round listens while it runs, so a ring goes
straight down to its workers and its monitor; between rounds nobody hears it, and
nothing is lost: a round's workers look at everything as they start.
"""
from __future__ import absolute_import, division, print_function

import threading


class Bell(object):
    """Rung by the awareness, heard by the round listening now (engine.round.Round)."""

    def __init__(self):
        self._lock = threading.Lock()
        self._round = None

    def listen(self, round_):
        """``round_`` hears the rings from now on."""
        with self._lock:
            self._round = round_

    def quiet(self, round_):
        """``round_`` hears no more rings (another round that listens since keeps on)."""
        with self._lock:
            if self._round is round_:
                self._round = None

    def round(self):
        """Wake every worker of the round to look again at what it may do."""
        round_ = self._listening()
        if round_ is not None:
            round_.notify()

    def life_state(self):
        """Have the round's monitor check Autonomous Life's BackgroundMovement at once."""
        round_ = self._listening()
        if round_ is not None:
            round_.check_life_soon()

    def _listening(self):
        with self._lock:
            return self._round
