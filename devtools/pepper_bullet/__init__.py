"""The qiBullet bridge: NAOqi's ALMotion, ALRobotPosture and ALAutonomousLife served on a
loopback qi session, backed by qiBullet's simulated Pepper (dev-side, Python 3.9).

Modules: ``physics`` (the simulation and its stepping thread), ``motion`` (ALMotion on
top of it), ``robot`` (the served bundle), ``render`` (frames and GIF), ``scenario`` (a
runner run against it), ``summary`` (figures of a run), ``demo`` (``make demo``).
"""
