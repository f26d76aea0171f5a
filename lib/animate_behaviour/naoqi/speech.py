"""Whether Pepper is speaking, from ALTextToSpeech's events on ALMemory.

ALAnimatedSpeech speaks through ALTextToSpeech and plays its gestures as animations that
wait for busy joints, so while Pepper speaks the arms and hands are left to it. Speech
counts from ``TextStarted`` = 1 to ``TextDone`` = 1 or ``TextInterrupted`` = 1 (NAOqi
raises it when a text is stopped, by ``stopAll`` for example, and does not say whether
``TextDone`` follows), and for each task id of ``Status`` from "enqueued" or "started"
to "done", "stopped" or "thrown". A task id never heard of again stops counting after
STALE_AFTER s, so a lost Status event cannot freeze the arms.
"""
from __future__ import absolute_import, division, print_function

import threading

TEXT_STARTED = "ALTextToSpeech/TextStarted"
TEXT_DONE = "ALTextToSpeech/TextDone"
TEXT_INTERRUPTED = "ALTextToSpeech/TextInterrupted"
STATUS = "ALTextToSpeech/Status"
KEYS = (TEXT_STARTED, TEXT_DONE, TEXT_INTERRUPTED, STATUS)
SPEAKING = ("enqueued", "started")
FINISHED = ("done", "stopped", "thrown")
STALE_AFTER = 60.0  # s


def _is_one(value):
    return value is True or value == 1 or value == "1"


class SpeechWatch(object):
    """``clock`` as in foundation.clock; ``on_change()`` is called (on ALMemory's
    thread) each time ``speaking`` changes."""

    def __init__(self, clock, on_change):
        self._clock = clock
        self._on_change = on_change
        self._lock = threading.Lock()
        self._text = False
        self._tasks = {}  # task id -> clock time of its last "enqueued"/"started"
        # What ``speaking`` reads without a lock (a sender asks it holding its own):
        # (the text is on, the clock time a task was last heard of, or None), replaced
        # whole on each event.
        self._published = (False, None)

    def subscribe(self, subscriptions):
        """Subscribe to ALTextToSpeech's four events through ``subscriptions``
        (memory_events.MemorySubscriptions)."""
        subscriptions.subscribe(TEXT_STARTED, self.on_text_started)
        subscriptions.subscribe(TEXT_DONE, self.on_text_done)
        subscriptions.subscribe(TEXT_INTERRUPTED, self.on_text_done)
        subscriptions.subscribe(STATUS, self.on_status)

    @property
    def speaking(self):
        return self._speaking_at(self._published, self._clock.now())

    def _speaking_at(self, published, now):
        text, latest = published
        return text or (latest is not None
                        and self._clock.elapsed(latest, now) <= STALE_AFTER)

    def _update(self, change):
        with self._lock:
            now = self._clock.now()
            before = self._speaking_at(self._published, now)
            change(now)
            for task, since in list(self._tasks.items()):
                if self._clock.elapsed(since, now) > STALE_AFTER:
                    del self._tasks[task]  # heard of no more: it stops counting
            self._published = (self._text, max(self._tasks.values()) if self._tasks
                               else None)
            after = self._speaking_at(self._published, now)
        if before != after:
            self._on_change()

    def on_text_started(self, value):
        if _is_one(value):
            self._update(lambda now: setattr(self, "_text", True))

    def on_text_done(self, value):
        """``TextDone`` or ``TextInterrupted``: either ends the text."""
        if _is_one(value):
            self._update(lambda now: setattr(self, "_text", False))

    def on_status(self, value):
        try:
            task, state = str(value[0]), str(value[1])
        except (TypeError, IndexError, KeyError):
            return  # not NAOqi's [taskId, status]: nothing to learn from it

        def change(now):
            if state in SPEAKING:
                self._tasks[task] = now
            elif state in FINISHED:
                self._tasks.pop(task, None)
        self._update(change)
