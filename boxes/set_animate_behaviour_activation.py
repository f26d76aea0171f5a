class MyClass(GeneratedClass):
    """Enable or disable Animate behaviour, as the box parameter "State" says.

    behavior.xar holds two copies of this box: "Enable animate behaviour"
    (State "enabled") and "Disable animate behaviour" (State "disabled").
    Self-contained: copy either one into any Choregraphe behaviour. It only
    needs the "Animate behaviour" application to be running on the robot (it
    registers the AnimateBehaviour service).
    Fires onStopped on success, onFailed(message) otherwise (including a State
    that is neither "enabled" nor "disabled").
    """

    SERVICE_NAME = "AnimateBehaviour"
    STATES = ("enabled", "disabled")

    def __init__(self):
        GeneratedClass.__init__(self)

    def onLoad(self):
        pass

    def onUnload(self):
        pass

    def onInput_onStart(self):
        state = self.getParameter("State")
        if state not in self.STATES:
            self._fail("the State parameter is \"%s\"; it must be \"enabled\" or "
                       "\"disabled\"" % (state,))
            return
        try:
            service = self.session().service(self.SERVICE_NAME)
        except Exception as err:
            self._fail("the %s service is not available (is the Animate behaviour "
                       "application running?): %s" % (self.SERVICE_NAME, err))
            return
        try:
            result = service.setActivation(state)
        except Exception as err:
            self._fail("%s.setActivation(\"%s\") raised: %s"
                       % (self.SERVICE_NAME, state, err))
            return
        if result == 1:
            self.onStopped()
        else:
            self._fail("%s.setActivation(\"%s\") returned %r instead of 1"
                       % (self.SERVICE_NAME, state, result))

    def onInput_onStop(self):
        self.onUnload()
        self.onStopped()

    def _fail(self, message):
        message = "Set animate behaviour activation: " + message
        self.logger.error(message)
        self.onFailed(message)
