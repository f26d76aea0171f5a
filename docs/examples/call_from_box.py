import json
import threading


class MyClass(GeneratedClass):
    """A Choregraphe "Python script" box (docs/calling.md): enables Animate behaviour and
    fires onStopped once Pepper has settled and moves (activationChanged), onFailed(message)
    if the service is missing or refuses. The behaviour must be running."""

    def __init__(self):
        GeneratedClass.__init__(self)
        self.service = None
        self.link = None
        self.lock = threading.Lock()
        self.done = False

    def onLoad(self):
        pass

    def onUnload(self):
        if self.link is not None:  # a box's signal links end with the box
            self.service.activationChanged.disconnect(self.link)
            self.link = None

    def onInput_onStart(self):
        self.done = False
        try:
            self.service = self.session().service("AnimateBehaviour")
        except RuntimeError as err:
            self.onFailed("AnimateBehaviour is not running: %s" % err)
            return
        if self.link is None:
            self.link = self.service.activationChanged.connect(self.settled)
        if self.service.setActivation("enabled") != 1:
            self.onFailed("AnimateBehaviour refused to enable")
            return
        self.settled()  # already settled: a repeated state sends no signal

    def settled(self, *_state):
        # libqi does not keep signals' order: read the state Pepper has settled in.
        if json.loads(self.service.getStatus())["state"] != "enabled":
            return
        with self.lock:
            done, self.done = self.done, True
        if not done:
            self.onStopped()

    def onInput_onStop(self):
        self.onUnload()
        self.onStopped()
