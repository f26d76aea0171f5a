"""qiBullet's PepperVirtual, headless, stepped in real time by one thread.

While it steps, only that thread calls pybullet (pybullet is not thread-safe). Each step it
asks a *target source* for the commanded joint angles, stiffnesses and base pose at the
current simulated time, applies them (position control at each joint's URDF max
velocity and effort x stiffness, but the legs', see HELD_WHEN_LIMP; the base by
velocity, as qiBullet does),
steps, and reads the sensors back. Every ``sample_period`` it records a :class:`Sample`;
every ``frame_period`` (when set) it renders a frame with :class:`render.Camera`.

Python 3.9 only (qiBullet's mesh installer and the ``qi`` wheel).
"""
import collections
import logging
import math
import threading
import time

import pybullet
from qibullet import SimulationManager

from animate_behaviour.planning import joints
from animate_behaviour.planning.trajectory import wrap_angle

STEP = 1.0 / 240.0  # s, pybullet's default time step, which qiBullet's models are tuned for
HAND_MULTIPLIER = 0.872665  # finger angle (rad) per unit of LHand/RHand, qiBullet's mimic
LAG_WARNING = 0.5  # s of simulated time behind the wall clock before warning

# Joints the bridge drives and reads: Pepper's, wheels aside (qiBullet drops them).
SIMULATED_JOINTS = tuple(joints.ALL_JOINTS)
# Joints held where they are at stiffness 0 (full effort on the target a limp joint keeps)
# rather than left to gravity like the arms and hands. qiBullet's Pepper stands on a
# kinematic base: with her legs limp (a rest, a fall) her torso folds onto her knees, 89
# degrees from vertical, and at the next wakeUp the hip's effort could not lift it back in
# 2 runs of 3. A fall is not simulated physically, nor the rest posture NAOqi's rest()
# goes to first: she stays on her legs.
HELD_WHEN_LIMP = frozenset(joints.LEG_JOINTS)

Sample = collections.namedtuple(
    "Sample", "time wall commanded measured pose tilt pelvis_contacts")
Sample.__doc__ = """One reading: simulated ``time`` (s), ``wall`` seconds since start,
``commanded`` and ``measured`` angles (rad, SIMULATED_JOINTS order), measured base
``pose`` [x m, y m, theta rad], the torso's ``tilt`` from vertical (rad) and the names
of the links touching the pelvis (a sorted tuple)."""

_log = logging.getLogger("pepper_bullet.physics")


class SimClock(object):
    """Simulated time, advanced by the physics thread (the clock of KinematicMotion).

    ``now()`` simulated seconds, ``elapsed(start, now)`` their difference, ``event()`` a
    new event, ``wait(event, seconds)`` blocks for ``seconds`` of simulated time or until ``event`` is set (True if
    set), waking at every step. After ``close()`` waits return at once.
    """

    def __init__(self):
        self._cond = threading.Condition()
        self._now = 0.0
        self._closed = False

    def now(self):
        return self._now

    @staticmethod
    def elapsed(start, now):
        return now - start

    @staticmethod
    def event():
        """An event for ``wait``: threading's (this clock's waits wake at every step)."""
        return threading.Event()

    def wait(self, event, seconds):
        with self._cond:
            deadline = self._now + seconds
            while not event.is_set() and self._now < deadline and not self._closed:
                self._cond.wait(0.05)  # steps notify; the timeout catches a kill in between
        return event.is_set()

    def wait_until(self, sim_time, timeout):
        """Block until simulated ``sim_time``; False after ``timeout`` wall seconds."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._now < sim_time and not self._closed:
                remaining = deadline - time.monotonic()
                if remaining <= 0.0:
                    return False
                self._cond.wait(remaining)
            return self._now >= sim_time

    def advance(self, seconds):
        with self._cond:
            self._now += seconds
            self._cond.notify_all()

    def close(self):
        with self._cond:
            self._closed = True
            self._cond.notify_all()


def _yaw(quaternion):
    return pybullet.getEulerFromQuaternion(quaternion)[2]


def _tilt(quaternion):
    """Angle (rad) between a link's z axis and the world's vertical."""
    z_of_z = pybullet.getMatrixFromQuaternion(quaternion)[8]
    return math.acos(max(-1.0, min(1.0, z_of_z)))


class PepperPhysics(object):
    """A headless qiBullet simulation of Pepper standing in her Stand posture. Call
    ``start(target_source)`` then ``close()``.

    ``target_source(now)`` returns (angles: joint -> rad, stiffness: joint -> [0, 1],
    pose: [x, y, theta]) for simulated time ``now``; it runs in the physics thread.
    ``real_time_factor`` 1.0 paces simulated time to the wall clock. ``camera`` (a
    render.Camera) with ``frame_period`` (s of simulated time) records ``frames``.
    """

    def __init__(self, real_time_factor=1.0, sample_period=0.02, camera=None,
                 frame_period=None):
        if not real_time_factor > 0.0:
            raise ValueError("real_time_factor must be > 0, got %r" % (real_time_factor,))
        if camera is not None and not (frame_period and frame_period > 0.0):
            raise ValueError("a camera needs a positive frame_period, got %r" % (frame_period,))
        self.clock = SimClock()
        self.real_time_factor = float(real_time_factor)
        self.sample_period = float(sample_period)
        self.samples = []
        self.frames = []
        self.camera = camera
        self.frame_period = frame_period
        self.max_lag = 0.0  # largest simulated-time lag behind the wall clock (s)
        self.error = None  # what stopped the physics thread, if anything did
        self._lock = threading.Lock()
        self._measured = dict(joints.STAND_POSTURE)
        self._pose = [0.0, 0.0, 0.0]
        self._stop = threading.Event()
        self._thread = None
        self._manager = SimulationManager()
        self._client = self._manager.launchSimulation(gui=False, auto_step=False)
        try:
            self.pepper = self._manager.spawnPepper(self._client, spawn_ground_plane=True)
            # Hands are driven through qiBullet's finger mimic; every other joint directly.
            self._joint_names = [name for name in SIMULATED_JOINTS
                                 if name not in joints.HAND_JOINTS]
            self._joints = [self.pepper.joint_dict[name] for name in self._joint_names]
            self._torso = self.pepper.link_dict["torso"].getIndex()
            self._pelvis = self.pepper.link_dict["Pelvis"].getIndex()
            self._link_names = dict((link.getIndex(), name)
                                    for name, link in self.pepper.link_dict.items())
            self._reset_joints(joints.STAND_POSTURE)
            self._read_sensors()
        except Exception:
            self._manager.stopSimulation(self._client)
            raise

    # ----------------------------------------------------------------- physics thread
    def _reset_joints(self, angles):
        for name, joint in zip(self._joint_names, self._joints):
            pybullet.resetJointState(self.pepper.robot_model, joint.getIndex(),
                                     angles[name], physicsClientId=self._client)
        for hand in joints.HAND_JOINTS:
            fingers, values = self.pepper._mimicHand(hand, angles[hand], HAND_MULTIPLIER)
            for finger, value in zip(fingers, values):
                pybullet.resetJointState(self.pepper.robot_model,
                                         self.pepper.joint_dict[finger].getIndex(), value,
                                         physicsClientId=self._client)
        self._apply(angles, dict.fromkeys(SIMULATED_JOINTS, 1.0))

    def _apply(self, angles, stiffness):
        for name, joint in zip(self._joint_names, self._joints):
            effort = 1.0 if name in HELD_WHEN_LIMP else stiffness[name]
            pybullet.setJointMotorControl2(
                self.pepper.robot_model, joint.getIndex(), pybullet.POSITION_CONTROL,
                targetPosition=angles[name], maxVelocity=joint.getMaxVelocity(),
                force=joint.getMaxEffort() * effort, physicsClientId=self._client)
        for hand in joints.HAND_JOINTS:
            if stiffness[hand] > 0.0:  # qiBullet drives the fingers at full effort
                self.pepper.setAngles(hand, float(angles[hand]), 1.0)

    def _move_base(self, pose):
        """Velocities that bring the base to ``pose`` over the next step. qiBullet's
        Pepper base is kinematic (a massless root link), and qiBullet's own base
        controller drives it the same way, by velocity."""
        current = self.pose()
        pybullet.resetBaseVelocity(
            self.pepper.robot_model,
            [(pose[0] - current[0]) / STEP, (pose[1] - current[1]) / STEP, 0.0],
            [0.0, 0.0, wrap_angle(pose[2] - current[2]) / STEP],
            physicsClientId=self._client)

    def _read_sensors(self):
        measured = dict(zip(self._joint_names,
                            self.pepper.getAnglesPosition(self._joint_names)))
        # qiBullet's own hand reading does not invert its finger mimic: invert it here.
        for hand in joints.HAND_JOINTS:
            finger = self.pepper.getAnglesPosition(hand[0] + "Finger11")
            measured[hand] = finger / HAND_MULTIPLIER
        position, orientation = pybullet.getBasePositionAndOrientation(
            self.pepper.robot_model, physicsClientId=self._client)
        torso = pybullet.getLinkState(self.pepper.robot_model, self._torso,
                                      physicsClientId=self._client)[1]
        with self._lock:
            self._measured = measured
            self._pose = [position[0], position[1], _yaw(orientation)]
        return measured, _tilt(torso)

    def _pelvis_contacts(self):
        touching = set()
        for contact in pybullet.getContactPoints(self.pepper.robot_model, self.pepper.robot_model,
                                                 physicsClientId=self._client):
            if self._pelvis in (contact[3], contact[4]):
                other = contact[4] if contact[3] == self._pelvis else contact[3]
                touching.add(self._link_names.get(other, str(other)))
        return tuple(sorted(touching))

    def _run(self, target_source):
        wall0 = time.monotonic()
        next_sample = 0.0
        next_frame = 0.0
        warned = False
        try:
            while not self._stop.is_set():
                now = self.clock.now()
                angles, stiffness, pose = target_source(now)
                self._apply(angles, stiffness)
                self._move_base(pose)
                pybullet.stepSimulation(physicsClientId=self._client)
                self.clock.advance(STEP)
                now += STEP
                measured, tilt = self._read_sensors()
                wall = time.monotonic() - wall0
                if now >= next_sample:
                    next_sample += self.sample_period
                    self.samples.append(Sample(
                        now, wall, [angles[name] for name in SIMULATED_JOINTS],
                        [measured[name] for name in SIMULATED_JOINTS], self.pose(), tilt,
                        self._pelvis_contacts()))
                if self.camera is not None and now >= next_frame:
                    next_frame += self.frame_period
                    self.frames.append(self.camera.capture(self._client))
                ahead = now / self.real_time_factor - wall
                if ahead > 0.0:
                    time.sleep(ahead)
                elif -ahead > self.max_lag:
                    self.max_lag = -ahead
                    if self.max_lag > LAG_WARNING and not warned:
                        warned = True
                        _log.warning("the simulation runs %.2f s behind the wall clock: "
                                     "the machine is too busy for real time", self.max_lag)
        except Exception as err:  # noqa: B902 - reported through .error and the log
            self.error = err
            _log.error("the physics thread stopped: %s", err)
            raise
        finally:
            self.clock.close()

    def posed_frame(self, angles, camera):
        """A frame of ``camera`` (render.Camera) with the joints set at ``angles`` (joint ->
        rad; Stand for those left out) without stepping: a still of commanded angles, no
        physics between them. Only before start()."""
        if self._thread is not None:
            raise RuntimeError("posed frames are drawn before the simulation starts stepping")
        posture = dict(joints.STAND_POSTURE)
        posture.update(angles)
        self._reset_joints(posture)
        return camera.capture(self._client)

    # ----------------------------------------------------------------- any thread
    def start(self, target_source):
        """Start stepping (once)."""
        if self._thread is not None:
            raise RuntimeError("the simulation is already running")
        self._thread = threading.Thread(target=self._run, args=(target_source,),
                                        name="pepper_bullet.physics")
        self._thread.daemon = True
        self._thread.start()

    def measured(self, names):
        """Latest measured angles (rad) of ``names``."""
        with self._lock:
            return [self._measured[name] for name in names]

    def pose(self):
        """Latest measured base pose [x m, y m, theta rad] in the world frame."""
        with self._lock:
            return list(self._pose)

    def close(self):
        """Stop stepping and disconnect from pybullet. Idempotent."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        self.clock.close()
        if self._client is not None:
            self._manager.stopSimulation(self._client)
            self._client = None
