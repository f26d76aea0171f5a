class MyClass(GeneratedClass):
    """Disable Animate behaviour.

    Self-contained: copy this box into any Choregraphe behaviour. It only needs
    the "Animate behaviour" application to be running on the robot (it
    registers the AnimateBehaviour service).
    Fires onStopped on success, onFailed(message) otherwise.
    """

    SERVICE_NAME = "AnimateBehaviour"
    ACTIVATION = "disabled"

    def __init__(self):
        GeneratedClass.__init__(self)

    def onLoad(self):
        pass

    def onUnload(self):
        pass

    def onInput_onStart(self):
        try:
            service = self.session().service(self.SERVICE_NAME)
        except Exception as err:
            self._fail("the %s service is not available (is the Animate behaviour "
                       "application running?): %s" % (self.SERVICE_NAME, err))
            return
        try:
            result = service.setActivation(self.ACTIVATION)
        except Exception as err:
            self._fail("%s.setActivation(\"%s\") raised: %s"
                       % (self.SERVICE_NAME, self.ACTIVATION, err))
            return
        if result == 1:
            self.onStopped()
        else:
            self._fail("%s.setActivation(\"%s\") returned %r instead of 1"
                       % (self.SERVICE_NAME, self.ACTIVATION, result))

    def onInput_onStop(self):
        self.onUnload()
        self.onStopped()

    def _fail(self, message):
        message = "Disable Animate behaviour: " + message
        self.logger.error(message)
        self.onFailed(message)
