"""SpeechWatch against the ALMemory and ALTextToSpeech stand-ins (both lanes)."""
from __future__ import absolute_import, division, print_function

import logging
import threading

import pytest

from animate_behaviour.foundation.clock import ScaledClock
from animate_behaviour.naoqi import speech
from animate_behaviour.naoqi.memory_events import MemorySubscriptions
from pepper_sim.memory import FakeMemory
from pepper_sim.speech import FakeTextToSpeech

TIMEOUT = 10.0


class Watched(object):
    """A SpeechWatch subscribed to ``memory`` and the changes it announced."""

    def __init__(self, memory, clock):
        self.changes = []
        self.watch = speech.SpeechWatch(
            clock, lambda: self.changes.append(self.watch.speaking))
        self.subscriptions = MemorySubscriptions(memory, logging.getLogger("test.speech"))
        self.watch.subscribe(self.subscriptions)


def test_an_interruption_without_text_done_ends_the_speech():
    memory = FakeMemory(synchronous=True)
    watched = Watched(memory, ScaledClock())
    memory.raise_event(speech.TEXT_STARTED, 1, "ALTextToSpeech")
    assert watched.watch.speaking
    memory.raise_event(speech.TEXT_INTERRUPTED, 1, "ALTextToSpeech")
    assert not watched.watch.speaking
    assert watched.changes == [True, False]
    watched.subscriptions.close()


@pytest.mark.parametrize("done_after_interruption", [True, False])
def test_stop_all_frees_the_arms_whether_or_not_text_done_follows(done_after_interruption):
    clock = ScaledClock()  # real time: stopAll ends the text at once
    memory = FakeMemory(clock=clock)
    tts = FakeTextToSpeech(clock=clock, memory=memory,
                           done_after_interruption=done_after_interruption)
    watched = Watched(memory, clock)
    saying = threading.Thread(target=tts.say, args=("x" * 2000,))  # 140 s unless stopped
    saying.start()
    assert tts.wait_for(lambda: tts.utterances and tts.utterances[0].start is not None,
                        TIMEOUT)
    assert memory.wait_for_notifications(TIMEOUT)
    assert watched.watch.speaking
    tts.stopAll()
    saying.join(TIMEOUT)
    assert memory.wait_for_notifications(TIMEOUT)
    assert tts.utterances[0].stopped
    assert not watched.watch.speaking
    assert watched.changes == [True, False]
    watched.subscriptions.close()
