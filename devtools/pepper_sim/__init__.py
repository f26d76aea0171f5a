"""Dev-side stand-ins for Pepper's NAOqi services (never shipped to the robot).

``motion.KinematicMotion`` and ``autonomous_life`` are Python 2.7/3 single-source and
usable in-process; ``qi_server.SimulatedRobot`` (Python 3 + ``qi``) serves them over
libqi; ``demo`` runs the project's runner against them and plots what it commanded.
"""
