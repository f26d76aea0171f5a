import os
import sys


class MyClass(GeneratedClass):
    """Main "Animate behaviour" box.

    Thin on purpose: all the logic lives in the package's lib/animate_behaviour
    library (see box_glue.start_from_box), so that it can be tested outside
    Choregraphe.

    NAOqi runs the boxes of every behaviour in one Python interpreter, so the
    box leaves it as it found it:

    - A second start while the AnimateBehaviour service runs is refused, with
      an error in the log; stop the behaviour first.
    - Start puts the package's lib/ first on sys.path (unless it is there
      already) and stop takes off exactly what start put there.
    - Start and stop drop the package's cached modules (animate_behaviour, its
      submodules and the vendored libraries under animate_behaviour._vendor),
      so that an updated package runs its new code, not a copy an earlier run
      left in the interpreter.
    """

    PACKAGE = "animate_behaviour"

    def __init__(self):
        GeneratedClass.__init__(self)
        self.run = None      # box_glue.BoxRun while the service runs
        self.lib_dir = None  # lib/ while this box has it on sys.path

    def onLoad(self):
        pass

    def onUnload(self):
        run, self.run = self.run, None
        try:
            if run is not None:
                run.stop()
        finally:
            if self.lib_dir in sys.path:
                sys.path.remove(self.lib_dir)
            self.lib_dir = None
            self.forgetPackage()

    def onInput_onStart(self):
        if self.run is not None:
            self.logger.error("Animate behaviour is already running: a second start is "
                              "refused; stop the behaviour first")
            return
        self.forgetPackage()
        lib_dir = os.path.join(self.behaviorAbsolutePath(), "lib")
        if lib_dir not in sys.path:
            sys.path.insert(0, lib_dir)
            self.lib_dir = lib_dir
        try:
            from animate_behaviour.serving import box_glue
            self.run = box_glue.start_from_box(
                self.session(),
                self.behaviorAbsolutePath(),
                self.logger,
                bool(self.getParameter("Activate on start")),
                bool(self.getParameter("Show on tablet")))
        finally:
            if self.run is None:
                self.onUnload()
        if self.run is None:
            # start_from_box has already logged why (configobj missing, a bad
            # configuration, a NAOqi service missing...).
            self.onStopped()

    def onInput_onStop(self):
        self.onUnload()
        self.onStopped()

    def forgetPackage(self):
        """Drop the package's modules, and the import hooks they added (the vendored
        six adds one), from the interpreter's caches."""
        prefix = self.PACKAGE + "."
        for name in list(sys.modules):
            if name == self.PACKAGE or name.startswith(prefix):
                del sys.modules[name]
        sys.meta_path[:] = [finder for finder in sys.meta_path
                            if not type(finder).__module__.startswith(prefix)]
