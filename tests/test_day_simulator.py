"""``make demo SCENARIO=day`` in qiBullet, its fall and the owner's recovery (issue 29): the
real runner holds still while Pepper lies limp, sends nothing into her limp joints (but
a call already on its way), and animates again once she is up, awake and out of safeguard; getStatus says so at each
step and the plot draws it. Python 3.9 with qibullet; selected with --simulator (20
simulated seconds: the whole day, 114 s, is make demo's; tests/test_demo.py plays it on
pepper_sim in a few seconds)."""
import os
import sys

import pytest

pytestmark = pytest.mark.simulator

if sys.version_info[0] < 3:
    pytest.skip("3.9 lane only: qiBullet and pybullet are installed there (a development "
                "simulator, not what Pepper runs)", allow_module_level=True)

from animate_behaviour import configuration as config_module  # noqa: E402
from animate_behaviour.engine import disruptions  # noqa: E402
from pepper_bullet import scenario, summary  # noqa: E402
from pepper_sim import plot  # noqa: E402
from pepper_sim.memory import LIFE_STATE  # noqa: E402

# The day's first row, then its fall and what follows it, sooner: in their order, each
# still tens of getStatus polls long.
FALL = [step for step in scenario.DAY if step.what == "Pepper falls"][0]
EXCERPT = (scenario.DAY[0],) + tuple(
    step._replace(at=at) for step, at in zip(
        [step for step in scenario.DAY if step.at >= FALL.at], (4.0, 7.0, 9.0, 10.0)))
SECONDS = scenario.day_seconds(EXCERPT)
IN_FLIGHT = 0.5  # s after Pepper went limp a call sent before may still arrive


@pytest.fixture(scope="module")
def fallen(tmp_path_factory):
    folder = tmp_path_factory.mktemp("day")
    lines = []
    run = scenario.run(SECONDS, str(folder), report=lines.append, scenario="day",
                       day=EXCERPT)
    figures = summary.summarise(run, config_module.load(run.config_path))
    report = "\n".join(lines + summary.lines(figures))
    sys.stdout.write("\n%s\n" % report)  # shown with -s
    return run, folder, figures, report


def test_the_excerpt_is_short_and_keeps_the_day_s_order():
    assert SECONDS <= 20.0
    assert [step.what for step in EXCERPT[1:]] == [
        "Pepper falls", "Pepper is placed upright again", "the owner wakes Pepper up",
        "Autonomous Life leaves safeguard"]


def test_each_step_shows_its_state_and_nothing_follows_into_limp_joints(fallen):
    run, _folder, figures, report = fallen
    assert run.problems == [], report
    assert [step for step in run.day_steps if step["missing"] or step["unreported"]] == [], \
        report
    assert figures["limit_violations"] == 0, report
    # Only a call sent as Pepper fell may reach ALMotion after (tests/test_demo.py).
    fell = dict((what, time) for time, what in run.day_events)["fell"]
    assert all(0.0 <= command["time"] - fell < IN_FLIGHT
               for command in run.commands["limp_commands"]), report


def test_she_stays_on_her_legs_and_is_home_and_still_after_disable(fallen):
    # The fall is not simulated physically: limp arms hang, the legs hold
    # (physics.HELD_WHEN_LIMP), and once awake every joint is driven back.
    _run, _folder, figures, report = fallen
    assert figures["torso_tilt_degrees"]["max"] < 5.0, report
    assert all(joint["commanded_within_bounds"] for joint in figures["joints"].values()), \
        report
    assert figures["still_at_home_after_disable_seconds"] is not None, report


def test_nothing_is_commanded_from_the_fall_until_pepper_has_settled_after_safeguard(fallen):
    run, _folder, _figures, report = fallen
    events = dict((what, time) for time, what in run.day_events)
    fell, over = events["fell"], events["safeguard over"]
    ours = summary.ours(run.commands["trajectories"]) + summary.ours(run.commands["moves"])
    assert ours and not [record for record in ours
                         if fell <= record.get("requested", record["start"]) < over], report
    # The settle counts in the runner's time, the wall's: the physics' clock lags it
    # whenever its stepping falls behind, so simulated seconds would read it short. The
    # safeguard ends when Life's state leaves it: the last change up to "safeguard over".
    left = [event.wall for event in run.memory_events
            if event.key == LIFE_STATE and event.time <= over][-1]
    after = [record.get("requested_wall", record.get("start_wall")) for record in ours
             if record.get("requested", record["start"]) >= over]
    assert after and min(after) - left >= disruptions.SETTLE_TIME - 0.1, report
    # The joints' targets stay where the fall left them: the physics alone moves them.
    held = [sample.commanded for sample in run.samples if fell + 0.1 < sample.time < over]
    assert held and all(targets == held[0] for targets in held), report


def test_the_plot_draws_each_part_s_state_and_the_day_s_events(fallen):
    run, folder, _figures, _report = fallen
    path = os.path.join(str(folder), "trajectories.png")
    plot.plot_commands(run.commands, None, path, states=run.states, events=run.day_events)
    assert os.path.getsize(path) > 0
    assert [what for _time, what in run.day_events] == [
        "fell", "upright", "wakeUp() by another client", "safeguard over"]
