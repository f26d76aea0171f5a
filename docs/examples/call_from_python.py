"""Every method and signal of AnimateBehaviour, called from a Python app (docs/calling.md).

    python call_from_python.py --qi-url tcp://<pepper>:9559

Python 2.7 (NAOqi 2.5's) or 3, with libqi (the NAOqi Python SDK, or pip's qi). Pepper
moves: the animation is enabled until she has settled, then disabled. storePreset keeps
"calm" as the owner's preference after a reboot; to forget it:
qicli call ALPreferenceManager.removeValue animate-behaviour preset
"""
from __future__ import print_function

import json
import sys
import threading

import qi

SERVICE = "AnimateBehaviour"
BEHAVIOUR = "animate-behaviour/."  # for ALBehaviorManager: the package's id/the behaviour
TIMEOUT_MS = 30000
# Each signal says "it changed". libqi does not keep signals' order: read the value again
# (for activationChanged, the state Pepper has settled in: getStatus's "state").
READ_AGAIN = {"activationChanged": lambda service: json.loads(service.getStatus())["state"],
              "presetChanged": lambda service: service.getPreset(),
              "motionStyleChanged": lambda service: service.getMotionStyle(),
              "moodChanged": lambda service: service.getMood()}
SHOWING = threading.Lock()


def show(*words):
    with SHOWING:  # the signals' threads print too
        print(*words)


def animate_behaviour(session):
    """The service, which exists while the behaviour runs: start the behaviour if it is
    not running, then wait for the service to appear."""
    if SERVICE not in [service["name"] for service in session.services()]:
        session.service("ALBehaviorManager").startBehavior(BEHAVIOUR)
    session.waitForService(SERVICE, _async=True).value(TIMEOUT_MS)  # raises on timeout
    return session.service(SERVICE)


class Follower(object):
    """Connects the four signals; when one fires, reads its value again and prints it."""

    def __init__(self, service):
        self.service = service
        self.lock = threading.Lock()
        self.expected = []  # [(signal, value, promise)] that the next reads may settle
        self.links = [(signal, getattr(service, signal).connect(self.reader(signal)))
                      for signal in sorted(READ_AGAIN)]

    def reader(self, signal):
        def read(*_carried):
            value = READ_AGAIN[signal](self.service)
            show("%s: now %s" % (signal, json.dumps(value)))
            with self.lock:
                settled = [entry for entry in self.expected if entry[:2] == (signal, value)]
                self.expected = [entry for entry in self.expected if entry not in settled]
            for _signal, _value, promise in settled:
                promise.setValue(value)
        return read

    def expect(self, signal, value):
        """A future set once signal has fired and the value read again is value."""
        promise = qi.Promise()
        with self.lock:
            self.expected.append((signal, value, promise))
        return promise.future()

    def disconnect(self):
        for signal, link in self.links:
            getattr(self.service, signal).disconnect(link)


def main():
    application = qi.Application(sys.argv)  # reads --qi-url
    application.start()
    service = animate_behaviour(application.session)
    follower = Follower(service)

    show("getPresets:", service.getPresets())            # ["calm", "neutral", "lively"]
    show("getPreset:", json.dumps(service.getPreset()))  # "" for none: the file's values
    show("getMotionStyles:", service.getMotionStyles())  # ["specification", "lifelike"]
    show("getMotionStyle:", service.getMotionStyle())
    show("getMood:", service.getMood())                  # [valence, arousal]
    show("getActivation:", service.getActivation())      # "enabled" or "disabled"
    status = json.loads(service.getStatus())             # a JSON object, in a string
    show("getStatus:", status["state"], json.dumps(status["counters"]))

    changes = [follower.expect("presetChanged", "calm"),
               follower.expect("motionStyleChanged", "lifelike"),
               follower.expect("moodChanged", [0.5, -0.25])]
    show("setPreset:", service.setPreset("lively"))           # 1, or 0: an unknown name
    show("storePreset:", service.storePreset("calm"))         # 1: chosen, and kept
    show("setMotionStyle:", service.setMotionStyle("lifelike"))  # 1
    show("setMood:", service.setMood(0.5, -0.25))             # 1
    show("setMood:", service.setMood(2.0, 0.0))               # 0: refused, out of [-1, 1]
    for change in changes:
        change.value(TIMEOUT_MS)

    for state in ("enabled", "disabled"):
        settled = follower.expect("activationChanged", state)
        show("setActivation:", service.setActivation(state))  # 1: accepted
        settled.value(TIMEOUT_MS)  # Pepper has settled: moving, or still at home
    follower.disconnect()


if __name__ == "__main__":
    main()
