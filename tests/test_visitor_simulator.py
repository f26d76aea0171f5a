"""``make demo SCENARIO=visitor`` in qiBullet: the real runner follows the visitor's mood
at full strength (issue 25), as getStatus's moodNow shows it and the plot draws it.
Python 3.9 with qibullet; selected with --simulator (about 35 s)."""
import os
import sys

import pytest

pytestmark = pytest.mark.simulator

if sys.version_info[0] < 3:
    pytest.skip("3.9 lane only: qiBullet and pybullet are installed there (a development "
                "simulator, not what Pepper runs)", allow_module_level=True)

from pepper_bullet import scenario  # noqa: E402
from pepper_sim import plot  # noqa: E402

SECONDS = 30.0  # make demo's default


@pytest.fixture(scope="module")
def visitor(tmp_path_factory):
    folder = tmp_path_factory.mktemp("visitor")
    lines = []
    run = scenario.run(SECONDS, str(folder), report=lines.append, scenario="visitor")
    sys.stdout.write("\n%s\n" % "\n".join(lines))  # shown with -s
    return run, folder, "\n".join(lines)


def test_pepper_s_mood_moves_toward_each_mood_the_visitor_feels(visitor):
    run, _folder, report = visitor
    assert run.problems == [], report
    assert "followPersonMood = 1" in report
    phases = scenario.mood_follow(run.context)
    assert [phase["what"] for phase in phases] == [
        what for _, what in scenario.VISITOR if what in scenario.PERSON_MOODS], report
    followed = [phase for phase in phases if phase["moved_toward"] is not None]
    assert len(followed) >= 2, report  # happy after neutral, sad after happy
    assert all(phase["moved_toward"] for phase in followed), report
    # The follow's own lean points the way the person's mood does.
    for phase in followed:
        assert all(lean * person > 0 for lean, person in zip(phase["lean_end"],
                                                             phase["person"])), report


def test_the_plot_draws_pepper_s_mood_against_the_visitor_s(visitor):
    run, folder, _report = visitor
    assert plot.has_mood_row(run.context)
    path = os.path.join(str(folder), "trajectories.png")
    plot.plot_commands(run.commands, None, path, context=run.context)
    assert os.path.getsize(path) > 0
