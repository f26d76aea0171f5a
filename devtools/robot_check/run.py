"""The whole check: connect (within CONNECT_TIMEOUT), try every fact (those that move only
with the owner's consent, the base only with --move-base, an owner step only when asked
for), undo what was changed, and write the report after every finding.

Each trial is one row of TRIALS: the facts it decides, what it needs, and what it does. A
new fact is a row of facts.FACTS and one here; a fact that needs the owner's hand (open
the charging flap, say) names its step in its facts.FACTS row and gives its prompt here,
and is tried only with ``--steps <step>``."""
from __future__ import absolute_import, division, print_function

import collections
import datetime
import math
import platform
import threading

import qi

from robot_check import arm_trials, base_trial, day_trials, report, service_trials
from robot_check import simulated, variants
from robot_check.consent import Consent, question
from robot_check.facts import BY_KEY, JOINT, Findings
from robot_check.timing import ROBOT

SIMULATED = "pepper_sim on a loopback qi session (no URL given), at %s"
CONNECT_TIMEOUT = 8.0  # wall s
TRY = ("check that Pepper is on and on this network, and that the URL is "
       "tcp://<Pepper's address>:9559 (press Pepper's chest button: it says its address)")

# What a trial needs besides the robot's answers.
ARM = "the arm"  # ALMotion and the owner's consent
BASE = "the base"  # that, and --move-base

Trial = collections.namedtuple("Trial", "keys needs run prompt")
Trial.__new__.__defaults__ = (None,)  # prompt: an owner step's, for facts with a step


class CheckError(Exception):
    """The check could not start or had to stop; its message is one line for the owner."""


class Context(object):
    """What a trial gets: ``service(name)`` (a proxy, None when not served), the
    ``findings``, the ``timing``, ``lost()`` (whether the robot is gone), ``confirm`` (the
    owner's, for a prompt after an owner step: see check), and what the trials moved for
    the report's header: ``moved`` (in words), ``base_moved``."""

    def __init__(self, session, findings, timing, confirm=None):
        self._session = session
        self.findings = findings
        self.timing = timing
        self.confirm = confirm
        self.moved = []
        self.base_moved = False

    def service(self, name):
        try:
            return self._session.service(name)
        except RuntimeError:
            if self.lost():
                raise
            return None

    def lost(self):
        """Whether the robot is gone: the session says so, or a round trip fails (right
        after a call failed for the connection, libqi may not say so yet)."""
        if not self._session.isConnected():
            return True
        try:
            self._session.services()
        except RuntimeError:
            return True
        return False


def _mood(context):
    service_trials.mood_updating(context.service("ALMood"),
                                 context.service("ALAutonomousLife"), context.findings,
                                 context.timing)


def _signs(context):
    service_trials.sign_values(context.service("ALMemory"), context.findings, context.lost)


def _subscribed(context):
    service_trials.subscribed_trials(context.service, context.findings, context.timing)


def _arm(context):
    trials = arm_trials.ArmTrials(context.service("ALMotion"), context.findings,
                                  context.timing, context.lost)
    try:
        trials.run()
    finally:
        if trials.moved:
            context.moved.append("%s %.0f degrees and back, never faster than %.0f degrees "
                                 "a second" % (JOINT, math.degrees(arm_trials.STEP),
                                               math.degrees(arm_trials.MAX_SPEED)))


def _base(context):
    trial = base_trial.BaseTrial(context.service("ALMotion"), context.findings,
                                 context.timing)
    try:
        trial.run()
    finally:
        if trial.moved:
            context.base_moved = True
            context.moved.append("the base turned %.2f rad and back" % base_trial.THETA)


def _day(cls, keys, after=None):
    """A trial of day_trials: ``cls`` tries ``keys`` (ALMotion and ALMemory); ``after``, a
    prompt the owner is shown once it is over, whatever happened (close the flap)."""
    def run(context):
        memory = context.service("ALMemory")
        if memory is None:
            context.findings.not_tried(keys, "ALMemory is not served")
            return
        trial = cls(context.service("ALMotion"), memory, context.findings, context.timing,
                    context.lost)
        try:
            trial.run()
        finally:
            context.moved.extend(trial.moved)
            context.base_moved |= trial.base_turned
            if after is not None:
                context.confirm(after)
    return run


TRIALS = (
    Trial(("mood_updating",), None, _mood),
    Trial(service_trials.SUBSCRIBED, None, _subscribed),
    Trial(("sign_values_shaped",), None, _signs),
    Trial(arm_trials.FACTS, ARM, _arm),
    Trial((base_trial.KEY,), BASE, _base),
    Trial((day_trials.CHAIN,), ARM, _day(day_trials.ChainTrial, (day_trials.CHAIN,))),
    Trial(day_trials.FLAP, ARM, _day(day_trials.FlapTrial, day_trials.FLAP,
                                     day_trials.CLOSE_FLAP), day_trials.OPEN_FLAP),
    Trial((day_trials.REST,), ARM, _day(day_trials.RestTrial, (day_trials.REST,)),
          day_trials.MAKE_ROOM),
)


def steps():
    """The owner steps the check knows (facts.Fact.step), in TRIALS' order."""
    return list(collections.OrderedDict.fromkeys(
        BY_KEY[trial.keys[0]].step for trial in TRIALS if BY_KEY[trial.keys[0]].step))


def _naoqi_version(context):
    system = context.service("ALSystem")
    if system is None:
        return "not known (no ALSystem)"
    return "%s (ALSystem.systemVersion)" % system.systemVersion()


def _why_not(trial, context, consent, move_base, asked, confirm):
    """Why ``trial`` is not tried (None: it is)."""
    step = BY_KEY[trial.keys[0]].step
    if step is not None and step not in asked:
        return "an owner step: only with --steps %s (make robot-check STEPS=%s)" % (step, step)
    if trial.needs is not None:
        if not consent.granted:
            return "no consent to move: %s" % consent.why
        if trial.needs == BASE and not move_base:
            return "the base moves only with --move-base"
        if context.service("ALMotion") is None:
            return "ALMotion is not served"
    if step is not None:
        done = (Consent(False, "no prompt to confirm it at") if confirm is None
                else confirm(trial.prompt))
        if not done.granted:
            return "the owner did not confirm the step (%s)" % done.why
    return None


def _names(keys):
    return ", ".join(BY_KEY[key].name for key in keys) or "nothing"


def check(session, robot, ask, move_base, timing, writer, asked=(), confirm=None):
    """Try every fact on the robot ``session`` is connected to (``robot`` names it);
    ``ask(question)`` gives a consent.Consent to move, ``confirm(prompt)`` one for an
    owner step of ``asked``; ``writer`` (report.Writer) gets the report after every
    finding. Raises CheckError when the robot is lost (the report says where it stopped);
    Ctrl-C (KeyboardInterrupt) leaves a report that says so, once what moved is back."""
    header = {"check": "running"}

    def written(found):
        if header["check"].startswith("running"):  # a check killed outright says where
            header["check"] = "running: trying %s" % _names(found.trying)
        writer.write(header, found.all("not reached yet"))
    findings = Findings(written)
    context = Context(session, findings, timing, confirm)
    consent = ask(question(JOINT, math.degrees(arm_trials.STEP),
                           math.degrees(arm_trials.MAX_SPEED),
                           base_trial.THETA if move_base else None,
                           math.degrees(day_trials.TINY)))
    header.update({
        "robot": robot, "naoqi": _naoqi_version(context),
        "date": datetime.datetime.utcnow().replace(microsecond=0).isoformat() + "Z",
        "client": "Python %s, qi %s" % (platform.python_version(), qi.__version__)})

    def moves(state):
        header["moves"] = ("%s (%s)" % ("; ".join(context.moved), consent.why)
                           if context.moved else "none (%s: %s)" % (
                               "allowed" if consent.granted else "no consent", consent.why))
        header["base"] = ("turned %.2f rad and back" % base_trial.THETA
                          if context.base_moved else "not moved")
        header["check"] = state
    moves("running")
    try:
        for trial in TRIALS:
            findings.start(trial.keys)
            why = _why_not(trial, context, consent, move_base, asked, confirm)
            if why is not None:
                findings.not_tried(trial.keys, why)
                continue
            try:
                trial.run(context)
            except RuntimeError as err:
                if context.lost():
                    raise
                findings.not_decided(trial.keys, "the robot answered an error: %s"
                                     % _first_line(err))
            moves("running")
    except KeyboardInterrupt:
        moves("interrupted (Ctrl-C) while trying %s" % _names(findings.trying))
        writer.write(header, findings.all("not reached: the check was interrupted"))
        raise
    except RuntimeError as err:
        where = _names(findings.trying)
        moves("stopped while trying %s: %s" % (where, _first_line(err)))
        writer.write(header, findings.all("not reached: the check stopped"))
        raise CheckError("lost the robot at %s while trying %s (%s); the report so far: %s"
                         % (robot, where, _first_line(err), writer.paths[0]))
    moves("complete")
    writer.write(header, findings.all())
    return header, findings.all()


def _first_line(err):
    return (str(err).splitlines() or [""])[0]


def connect(url, timeout=CONNECT_TIMEOUT):
    """A qi.Session connected to ``url`` within ``timeout`` wall s, else CheckError.
    libqi's connect has no timeout (a port that accepts but does not speak qi holds it for
    minutes): it runs on a thread, and closing the session ends it. The thread is joined
    before this returns: a process that exits while it still runs may crash in libqi (1 in
    20 exits did with a qi.Promise-based event set from it)."""
    session = qi.Session()
    done = threading.Event()
    failure = []

    def attempt():
        try:
            session.connect(url)
        except RuntimeError as err:
            failure.append(_first_line(err))
        done.set()
    thread = threading.Thread(target=attempt, name="robot check: connect")
    thread.daemon = True
    thread.start()
    if not done.wait(timeout):
        session.close()  # ends the connect ("Promise broken")
        thread.join(timeout)
        raise CheckError("no qi answer from %s within %.0f s: %s" % (url, timeout, TRY))
    thread.join()
    if failure:
        session.close()
        raise CheckError("cannot connect to %s (%s): %s" % (url, failure[0], TRY))
    return session


def run(url, folder, ask, move_base=False, timing=ROBOT, asked=(), confirm=None,
        variant=None):
    """Check the robot at ``url`` (None: pepper_sim, or the variant of it named
    ``variant`` (variants.VARIANTS), started here on ``timing.scale``'s clock, its ALMood
    followed on its own (simulated.PacedClock), and moved without asking, its base too, its owner
    steps done by simulated.Owner instead of ``confirm``: nothing real moves) and write
    the report into ``folder``; its two paths.
    Raises CheckError when the robot cannot be reached or is lost."""
    if url is not None:
        return _run(url, url, folder, ask, move_base, timing, asked, confirm)
    options = {} if variant is None else variants.VARIANTS[variant].robot(timing.scale)
    with simulated.Robot(time_scale=timing.scale, **options) as robot:
        name = SIMULATED % robot.url + ("" if variant is None else ", variant %r" % variant)
        return _run(robot.url, name, folder, lambda _text: Consent(True, "a simulated robot"),
                    True, timing._replace(mood_clock=robot.mood_clock), asked,
                    simulated.Owner(robot.robot.day).confirm)


def _run(url, robot, folder, ask, move_base, timing, asked, confirm):
    session = connect(url)
    try:
        writer = report.Writer(folder)  # once connected: a wrong URL keeps the last report
        check(session, robot, ask, move_base, timing, writer, asked, confirm)
    finally:
        session.close()
    return writer.paths
