"""Serve the stand-ins over libqi as ALMotion, ALAutonomousLife and ALRobotPosture.

Python 3 only (needs the ``qi`` 3.1.5 wheel). Usage::

    with SimulatedRobot(time_scale=0.01) as robot:
        session = qi.Session(); session.connect(robot.url)
        session.service("ALMotion").angleInterpolation("HipRoll", 0.1, 1.0, True)
        robot.motion.trajectories  # what was commanded

The served classes are ``qi.multiThreaded()`` subclasses, so concurrent calls run
together (libqi objects are single-threaded by default). Test helpers of the stand-ins
(``wait_for``, ``reset_records``, ...) are hidden with ``qi.nobind``. The ALMotion methods listed in
``motion.NOT_SIMULATED`` raise "... is not simulated" on the server; any other unknown
method fails on the client side: libqi raises ``AttributeError("'...' object has no
attribute 'name'")`` from the proxy.
"""
import qi

from pepper_sim.autonomous_life import FakeAutonomousLife, FakeRobotPosture
from pepper_sim.motion import KinematicMotion

ALL_SERVICES = ("ALMotion", "ALAutonomousLife", "ALRobotPosture")


def _hide(cls, names):
    """Make ``names`` (helpers of a base class) invisible over qi in subclass ``cls``."""
    for name in names:
        base = getattr(cls, name)

        def hidden(self, *args, _base=base, **kwargs):
            return _base(self, *args, **kwargs)

        hidden.__name__ = name
        hidden.__doc__ = base.__doc__
        setattr(cls, name, qi.nobind(hidden))
    return cls


def served_motion(cls, hidden=()):
    """A ``qi.multiThreaded()`` subclass of KinematicMotion (or of a subclass of it) whose
    test helpers, and the public methods named in ``hidden``, are hidden from qi."""
    served = qi.multiThreaded()(type("Served" + cls.__name__, (cls,), {
        "__doc__": "%s served multi-threaded." % cls.__name__}))
    return _hide(served, ("wait_for", "reset_records", "calls_to") + tuple(hidden))


ServedMotion = served_motion(KinematicMotion)


@qi.multiThreaded()
class ServedAutonomousLife(FakeAutonomousLife):
    """FakeAutonomousLife served multi-threaded."""


@qi.multiThreaded()
class ServedRobotPosture(FakeRobotPosture):
    """FakeRobotPosture served multi-threaded."""


_hide(ServedAutonomousLife, ("set_calls",))


class SimulatedRobot(object):
    """A standalone qi session serving the stand-ins on tcp://127.0.0.1:<free port>.

    Attributes: ``url`` (for ``--qi-url``), ``session`` (the serving session), ``motion``
    (KinematicMotion), ``life`` (FakeAutonomousLife), ``posture`` (FakeRobotPosture).
    ``services`` selects which of ALL_SERVICES to register (the objects exist anyway).
    ``motion`` replaces the kinematic ALMotion (a ``served_motion`` class instance, e.g.
    the qiBullet bridge's); ``time_scale`` and ``initial_angles`` then do not apply.
    """

    def __init__(self, time_scale=1.0, initial_angles=None, services=ALL_SERVICES,
                 motion=None):
        unknown = sorted(set(services) - set(ALL_SERVICES))
        if unknown:
            raise ValueError("unknown services %s (known: %s)"
                             % (", ".join(unknown), ", ".join(ALL_SERVICES)))
        if motion is None:
            motion = ServedMotion(time_scale=time_scale, initial_angles=initial_angles)
        self.motion = motion
        self.life = ServedAutonomousLife()
        self.posture = ServedRobotPosture(self.motion)
        self.session = qi.Session()
        self.session.listenStandalone("tcp://127.0.0.1:0")
        self.url = self._tcp_url()
        self._service_ids = []
        objects = {"ALMotion": self.motion, "ALAutonomousLife": self.life,
                   "ALRobotPosture": self.posture}
        try:
            for name in services:
                self._service_ids.append(self.session.registerService(name, objects[name]))
        except RuntimeError:
            self.close()
            raise

    def _tcp_url(self):
        for endpoint in self.session.endpoints():
            if endpoint.startswith("tcp://127.0.0.1:"):
                return endpoint
        raise RuntimeError("the standalone session listens on no tcp://127.0.0.1 endpoint: %r"
                           % (self.session.endpoints(),))

    def close(self):
        """Unregister the services (stopping the base and killing joint tasks first, so
        no served call stays blocked) and close the session. Idempotent."""
        if self.session is None:
            return
        self.motion.killAll()
        self.motion.stopMove()
        for service_id in reversed(self._service_ids):
            try:
                self.session.unregisterService(service_id)
            except RuntimeError:
                pass  # already gone with the session: nothing left to release
        self._service_ids = []
        self.session.close()
        self.session = None

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.close()
        return False
