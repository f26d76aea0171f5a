"""The one place that owns the service's life: register, start, run, stop, restore,
unregister. Used by the command-line runner and by the Choregraphe box alike."""
from __future__ import absolute_import, division, print_function

from animate_behaviour.engine import motion_engine as engine_module
from animate_behaviour.engine import ports, supervisor
from animate_behaviour.expression import presets as presets_module
from animate_behaviour.naoqi import contract
from animate_behaviour.naoqi.preferences import OwnerPreferences
from animate_behaviour.foundation.clock import REAL_TIME
from animate_behaviour.foundation.registering import register
from animate_behaviour.serving.service import SERVICE_NAME, AnimateBehaviourService
from animate_behaviour.serving.tablet import TabletPage

HEARTBEAT_PERIOD = 10.0
# Disabling waits for the workers and a smooth return home; moving home from the far end
# of any joint's range at the default velocity fraction takes under 15 s.
STOP_TIMEOUT = 30.0
# The perception services the engine uses when the robot has them.
PERCEPTION = ("ALPeoplePerception", "ALEngagementZones", "ALMood")


class HostError(RuntimeError):
    """The service cannot start; the message says why."""


class ServiceHost(object):
    """Runs the AnimateBehaviour service on ``session`` with ``config`` (the file's),
    its presets and the owner's preferences (presets.LiveConfiguration).

    ``engine_factory(configuration=, robot=, logger=)`` builds the motion engine
    (``robot``: engine.ports.Robot, the services missing on the robot None, and what the
    robot provides for each reaction, looked up here first, naoqi.contract); tests pass
    one with a seeded random generator and the stand-ins' clock.

    What flows where: the live configuration (presets, preferences, the run-time style)
    is the one holder of the configuration, which the engine reads; a new preset's mood
    goes to the engine's mood set; the mood set and the context are the live signal's
    sources, which the planners read. Nothing calls back up.
    """

    def __init__(self, session, config, logger, engine_factory=engine_module.MotionEngine,
                 heartbeat_period=HEARTBEAT_PERIOD):
        self._session = session
        self._config = config
        self._log = logger
        self._engine_factory = engine_factory
        self._heartbeat_period = heartbeat_period
        self._engine = None
        self._service = None
        self._service_id = None
        self._disconnects = []
        self._stopped = REAL_TIME.event()
        self._heartbeat = None

    @property
    def engine(self):
        return self._engine

    def start(self, activate, show_on_tablet=False):
        """Register the service; with ``activate`` enable it at once; with
        ``show_on_tablet`` show the package's page on the tablet until stop.

        Raises HostError after undoing whatever part of the start-up had succeeded.
        """
        try:
            self._start(activate, show_on_tablet)
        except HostError:
            self.stop()
            raise

    def _start(self, activate, show_on_tablet):
        motion = self._service_or_none("ALMotion")
        if motion is None:
            raise HostError("NAOqi has no ALMotion service; nothing can be animated")
        life = self._service_or_none("ALAutonomousLife")
        if life is None:
            self._log.warning("ALAutonomousLife is missing: BackgroundMovement is left alone")
        memory = self._service_or_none("ALMemory")
        manager = self._service_or_none("ALPreferenceManager", optional=True)
        live_config = presets_module.LiveConfiguration(
            self._config, OwnerPreferences(manager) if manager is not None else None,
            self._log)
        config = live_config.configuration()
        # Before anything subscribes: a subscriber creates the keys it does not know.
        sources = contract.look_up(config, memory, self._present, life, self._log)
        self._engine = self._engine_factory(
            configuration=live_config.configuration, logger=self._log,
            robot=ports.Robot(motion, memory, life, dict(
                (name, self._present(name)) for name in PERCEPTION), sources))
        mood = self._engine.mood
        self._service = AnimateBehaviourService(self._engine, live_config, self._log)
        self._listen(self._engine, self._service.announce)
        # Under LiveConfiguration's lock, in this order: the log, the mood set (its lock
        # inside: mood.Mood), the signals.
        self._listen(live_config, self._log_change)
        self._listen(live_config, mood.on_configuration)
        self._listen(live_config, self._service.announce_changes)
        self._listen(mood, self._service.announce_mood)
        self._engine.start()
        try:
            self._service_id = register(self._session, SERVICE_NAME, self._service)
        except RuntimeError as err:
            raise HostError("cannot register the %s service (%s); is another instance "
                            "running? stop it first" % (SERVICE_NAME, err))
        self._log.info("%s service registered (id %s); configuration from %s:\n  %s"
                       % (SERVICE_NAME, self._service_id, config.source,
                          "\n  ".join(config.describe() + live_config.describe()
                                      + [mood.describe()])))
        if show_on_tablet:
            page = TabletPage(self._service_or_none("ALTabletService", optional=True),
                              self._log)
            page.show()
            self._disconnects.insert(0, page.hide)
        self._heartbeat = REAL_TIME.thread(self._beat, "animateBehaviour.heartbeat")
        self._heartbeat.start()
        if activate:
            self._engine.request(supervisor.ENABLED)

    def run(self, activate, stop_request, show_on_tablet=False):
        """Start, wait for ``stop_request`` (its ``wait()`` returns when the service must
        stop), and stop whatever happens."""
        self.start(activate, show_on_tablet)
        try:
            stop_request.wait()
        finally:
            self.stop()

    def stop(self):
        """Disable, return home, restore BackgroundMovement, unregister. Idempotent."""
        if self._stopped.is_set():
            return
        self._stopped.set()
        try:
            if self._engine is not None:
                self._engine.close(STOP_TIMEOUT)
        finally:
            if self._service_id is not None:
                try:
                    self._session.unregisterService(self._service_id)
                except RuntimeError as err:
                    self._log.error("cannot unregister %s: %s" % (SERVICE_NAME, err))
                self._service_id = None
            for disconnect in self._disconnects:
                disconnect()
            self._disconnects = []
            # Ended before stop returns: with libqi-python 3.x a thread that leaves its
            # wait (a qi future's) while the interpreter exits crashes the process.
            if self._heartbeat is not None:
                self._heartbeat.join(STOP_TIMEOUT)
            self._log.info("%s service stopped" % SERVICE_NAME)

    def _listen(self, speaker, callback):
        """Add ``callback`` to ``speaker``'s listeners until stop."""
        speaker.add_listener(callback)
        self._disconnects.append(lambda: speaker.remove_listener(callback))

    def _log_change(self, config, previous):
        """Log what a preset or a run-time style changed."""
        changes = []
        if config.preset != previous.preset:
            changes.append("preset %s chosen: %s" % (config.preset, ", ".join(
                "%s = %s" % (key, value)
                for key, value in sorted(config.presets[config.preset].items()))))
        if config.motion_style != previous.motion_style:
            changes.append("motion style now %s" % config.motion_style)
        self._log.info("; ".join(changes))

    def _present(self, name):
        """The NAOqi service ``name``, or None (what its absence costs is the contract's
        to say)."""
        try:
            return self._session.service(name)
        except RuntimeError:
            return None

    def _service_or_none(self, name, optional=False):
        """The NAOqi service ``name``, or None (logged: at warning level when
        ``optional``, the package working without it)."""
        try:
            return self._session.service(name)
        except RuntimeError as err:
            log = self._log.warning if optional else self._log.error
            log("NAOqi service %s is unavailable: %s" % (name, err))
            return None

    def _beat(self):
        while not REAL_TIME.wait(self._stopped, self._heartbeat_period):
            self._log.info("heartbeat: %s" % self._engine.status())
