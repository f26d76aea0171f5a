"""Dev-side stand-ins for Pepper's NAOqi services (never shipped to the robot).

``motion.KinematicMotion`` (ALMotion), ``autonomous_life`` (ALAutonomousLife,
ALRobotPosture), ``memory.FakeMemory`` (ALMemory) and ``speech`` (ALTextToSpeech,
ALAnimatedSpeech) are Python 2.7/3 single-source and usable in-process;
``qi_server.SimulatedRobot`` (both, with ``qi``) serves them, wired together, over
libqi; ``demo`` runs the project's runner against them and plots what it commanded.
"""
import os

# libqi's event loop starts with 3 threads and adds one per 500 ms while they are all
# busy; a stand-in's blocking multiThreaded calls (angleInterpolation, say) occupy them,
# delaying ALMemory's signals by hundreds of ms. NAOqi serves ALMotion from a process
# with many threads, so give the stand-ins' process enough from the start, and keep them:
# libqi 3 ends threads idle for 5 s down to QI_EVENTLOOP_MIN_THREADS (default: one per
# CPU), so after a few quiet seconds a two-core machine served every stand-in call,
# getTaskList and signal with two threads, behind whichever calls blocked them. libqi
# reads these when the process's first session is created, so they are set at import.
THREAD_SETTINGS = {"QI_EVENTLOOP_THREAD_COUNT": "32", "QI_EVENTLOOP_MIN_THREADS": "32"}
for _name, _value in THREAD_SETTINGS.items():
    os.environ.setdefault(_name, _value)


def runner_environment(lib_folder):
    """The environment for a runner process (``python -m animate_behaviour``) started
    beside the stand-ins: the package on its path and libqi's own thread limits, as a user
    starts it, not on the 32 threads kept alive that the stand-ins' limits would give it."""
    environment = dict(os.environ, PYTHONPATH=lib_folder)
    for name in THREAD_SETTINGS:
        environment.pop(name, None)
    return environment
