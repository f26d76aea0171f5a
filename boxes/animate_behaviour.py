import os
import sys


class MyClass(GeneratedClass):
    """Main "Animate behaviour" box.

    Thin on purpose: all the logic lives in the package's lib/animate_behaviour
    library (see box_glue.start_from_box), so that it can be tested outside
    Choregraphe.
    """

    def __init__(self):
        GeneratedClass.__init__(self)
        self.host = None

    def onLoad(self):
        lib_dir = os.path.join(self.behaviorAbsolutePath(), "lib")
        if lib_dir not in sys.path:
            sys.path.insert(0, lib_dir)

    def onUnload(self):
        if self.host is not None:
            self.host.stop()
            self.host = None

    def onInput_onStart(self):
        from animate_behaviour import box_glue
        self.host = box_glue.start_from_box(
            self.session(),
            self.behaviorAbsolutePath(),
            self.logger,
            bool(self.getParameter("Activate on start")))
        if self.host is None:
            # start_from_box has already logged why (bad configuration,
            # a NAOqi service missing...).
            self.onStopped()

    def onInput_onStop(self):
        self.onUnload()
        self.onStopped()
