"""A simulated Pepper on a loopback qi session: qiBullet physics behind NAOqi's API."""
from pepper_sim.qi_server import ALL_SERVICES, SimulatedRobot, served_motion

from pepper_bullet.motion import BulletMotion
from pepper_bullet.physics import PepperPhysics

ServedBulletMotion = served_motion(BulletMotion, hidden=("targets",))  # the physics' hook


class BulletRobot(object):
    """qiBullet's Pepper, headless and stepping in real time, with ALMotion (the
    bridge), ALAutonomousLife, ALRobotPosture, ALMemory, ALTextToSpeech,
    ALAnimatedSpeech and the perception services (ALMood...) served on tcp://127.0.0.1:<free port> (see SimulatedRobot: wired
    the same way, speech and records on the simulated clock).

    Attributes: ``url``, ``session``, ``motion`` (BulletMotion), ``life``, ``posture``,
    ``memory``, ``tts``, ``speech``, ``almood`` (FakeMood), ``day`` (PeppersDay: an arm's or
    a hand's joint at stiffness 0 is commanded nowhere, so the physics leaves it to
    gravity; the legs hold, physics.HELD_WHEN_LIMP), ``physics``
    (PepperPhysics: ``samples``, ``frames``, ``clock``). ``falling_edges`` goes to FakeTextToSpeech. Other keyword arguments go
    to PepperPhysics (``camera``, ``frame_period``, ``real_time_factor``...).
    """

    def __init__(self, services=ALL_SERVICES, falling_edges=False, **physics_options):
        self.physics = PepperPhysics(**physics_options)
        try:
            self.motion = ServedBulletMotion(self.physics)
            self.physics.start(self.motion.targets)
            self._served = SimulatedRobot(services=services, motion=self.motion,
                                          falling_edges=falling_edges)
        except Exception:
            self.physics.close()
            raise
        self.url = self._served.url
        self.session = self._served.session
        self.life = self._served.life
        self.posture = self._served.posture
        self.memory = self._served.memory
        self.tts = self._served.tts
        self.speech = self._served.speech
        self.almood = self._served.almood
        self.day = self._served.day

    def close(self):
        """Stop every task, unregister the services, stop the physics. Idempotent."""
        self._served.close()
        self.physics.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.close()
        return False
