"""Dev-side stand-ins for Pepper's NAOqi services (never shipped to the robot).

``motion.KinematicMotion`` (ALMotion), ``autonomous_life`` (ALAutonomousLife,
ALRobotPosture), ``memory.FakeMemory`` (ALMemory) and ``speech`` (ALTextToSpeech,
ALAnimatedSpeech) are Python 2.7/3 single-source and usable in-process;
``qi_server.SimulatedRobot`` (Python 3 + ``qi``) serves them, wired together, over
libqi; ``demo`` runs the project's runner against them and plots what it commanded.
"""
