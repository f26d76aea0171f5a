"""``make demo``'s command line: what it asks of the runner reaches the runner's
configuration. No qiBullet: the robot is replaced by one that refuses to start, after the
configuration is written."""
import sys

import pytest

if sys.version_info[0] < 3:
    pytest.skip("3.9 lane only: the demo drives qiBullet (a development simulator, not what "
                "Pepper runs)", allow_module_level=True)

from animate_behaviour import configuration as config_module  # noqa: E402
from pepper_bullet import demo, scenario  # noqa: E402


class NoRobot(object):
    def __init__(self, **_options):
        raise RuntimeError("no robot in this test")


def runner_configuration(tmp_path, monkeypatch, argv):
    """The configuration the runner would get from ``demo.main(argv)``."""
    monkeypatch.setattr(scenario, "BulletRobot", NoRobot)
    with pytest.raises(RuntimeError, match="no robot in this test"):
        demo.main(argv + ["--out", str(tmp_path), "--seconds", "1"])
    return config_module.load(str(tmp_path / "config_used.ini"))


@pytest.mark.parametrize("style", ["lifelike", "specification"])
def test_the_style_reaches_the_runner_s_configuration(tmp_path, monkeypatch, style):
    monkeypatch.delenv("STYLE", raising=False)
    config = runner_configuration(tmp_path, monkeypatch, ["--style", style,
                                                          "--behaviour", "body"])
    assert (config.motion_style, config.behaviour, config.platform) == (
        style, "body", "simulator")


def test_the_style_comes_from_the_environment_and_is_specification_without(
        tmp_path, monkeypatch):
    monkeypatch.setenv("STYLE", "lifelike")
    assert runner_configuration(tmp_path, monkeypatch, []).motion_style == "lifelike"
    monkeypatch.delenv("STYLE")
    assert demo.parse_args([]).style == "specification"


@pytest.mark.parametrize("argv, environment", [(["--style", "dance"], None), ([], "dance")])
def test_an_unknown_style_is_refused_with_the_known_ones(monkeypatch, capsys, argv,
                                                         environment):
    if environment is None:
        monkeypatch.delenv("STYLE", raising=False)
    else:
        monkeypatch.setenv("STYLE", environment)
    with pytest.raises(SystemExit) as exit_info:
        demo.parse_args(argv)
    assert exit_info.value.code == 2
    error = capsys.readouterr().err
    assert "dance" in error and "specification" in error and "lifelike" in error


def test_the_visitor_scenario_is_offered_and_its_context_summarised(monkeypatch):
    monkeypatch.setenv("SCENARIO", "visitor")
    assert demo.parse_args([]).scenario == "visitor"
    from pepper_bullet import summary
    context = {"time": [0.0, 1.0, 2.0, 3.0], "state": ["present", "engaged", "engaged",
                                                       "listening"], "weights": {}}
    assert summary._context_intervals(context) == [[0.0, 0.0, "present"],
                                                   [1.0, 2.0, "engaged"],
                                                   [3.0, 3.0, "listening"]]


def test_the_visitor_raises_its_events_in_order_to_subscribers():
    from pepper_sim.memory import FakeMemory
    from animate_behaviour.naoqi import context_events
    memory = FakeMemory(synchronous=True)

    class Clock(object):
        def wait_until(self, _time, _timeout):
            return True

        def now(self):
            return 0.0
    heard = []
    subscribers = [memory.subscriber(key) for key in (context_events.HUMAN_TRACKED,
                                                     context_events.RECOGNITION_STATUS,
                                                     context_events.JUST_LEFT)]
    for subscriber in subscribers:
        subscriber.signal.connect(lambda value, key=subscriber.key: heard.append((key, value)))
    problems = []
    visitor = scenario.Visitor(memory, Clock(), 10.0, problems, lambda line: None)
    visitor.join(5.0)
    assert problems == []
    assert heard == [(context_events.HUMAN_TRACKED, 1), (context_events.RECOGNITION_STATUS, "ListenOn"),
                     (context_events.RECOGNITION_STATUS, "SpeechDetected"),
                     (context_events.RECOGNITION_STATUS, "EndOfProcess"),
                     (context_events.RECOGNITION_STATUS, "ListenOff"),
                     (context_events.RECOGNITION_STATUS, "Idle"),
                     (context_events.HUMAN_TRACKED, -1), (context_events.JUST_LEFT, 1)]
