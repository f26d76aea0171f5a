"""The whole check: connect, try every fact (those that move only with the owner's
consent, the base only with --move-base), undo what was changed, write the report."""
import datetime
import math
import platform

import qi

from robot_check import arm_trials, base_trial, report, service_trials, simulated
from robot_check.consent import Consent, question
from robot_check.facts import JOINT, MOVING, Findings
from robot_check.timing import ROBOT

SIMULATED = "pepper_sim on a loopback qi session (no URL given), at %s"


def _service(session, name):
    """The proxy of ``name``, or None when the robot does not serve it."""
    try:
        return session.service(name)
    except RuntimeError:
        return None


def _naoqi_version(session):
    system = _service(session, "ALSystem")
    if system is None:
        return "not known (no ALSystem)"
    return "%s (ALSystem.systemVersion)" % system.systemVersion()


def check(session, robot, ask, move_base, timing):
    """(the report's header, the findings) for the robot ``session`` is connected to
    (``robot`` names it); ``ask(question)`` gives a consent.Consent to move."""
    findings = Findings()
    motion = _service(session, "ALMotion")
    consent = ask(question(JOINT, math.degrees(arm_trials.STEP),
                           base_trial.THETA if move_base else None))
    header = {"robot": robot, "naoqi": _naoqi_version(session),
              "date": datetime.datetime.now(datetime.timezone.utc).isoformat(
                  timespec="seconds"),
              "client": "Python %s, qi %s" % (platform.python_version(), qi.__version__),
              "moves": "%s (%s)" % ("allowed" if consent.granted else "none", consent.why),
              "base": ("may turn %.2f rad and back (--move-base)" % base_trial.THETA
                       if move_base and consent.granted else "not moved")}
    service_trials.events_declared(_service(session, "ALMemory"), findings)
    service_trials.mood_updating(_service(session, "ALMood"),
                                 _service(session, "ALAutonomousLife"), findings,
                                 timing.mood)
    service_trials.extractor_subscribers(lambda name: _service(session, name), findings)
    if motion is None:
        findings.not_tried(MOVING, "ALMotion is not served")
    elif not consent.granted:
        findings.not_tried(MOVING, "no consent to move: %s" % consent.why)
    else:
        arm_trials.ArmTrials(motion, findings, timing).run()
        if move_base:
            base_trial.try_move_to(motion, findings, timing)
        else:
            findings.not_tried((base_trial.KEY,), "the base moves only with --move-base")
    return header, findings.all()


def run(url, folder, ask, move_base=False, timing=ROBOT):
    """Check the robot at ``url`` (None: pepper_sim, started here, moved without asking:
    nothing real moves) and write the report into ``folder``; its two paths."""
    if url is not None:
        return _run(url, url, folder, ask, move_base, timing)
    with simulated.Robot() as robot:
        return _run(robot.url, SIMULATED % robot.url, folder,
                    lambda _text: Consent(True, "a simulated robot"), move_base, timing)


def _run(url, robot, folder, ask, move_base, timing):
    session = qi.Session()
    session.connect(url)
    try:
        header, findings = check(session, robot, ask, move_base, timing)
    finally:
        session.close()
    return report.write(folder, header, findings)
