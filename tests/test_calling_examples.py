"""docs/calling.md's examples (docs/examples/) run against the real AnimateBehaviour service
on pepper_sim, each from a Pepper whose behaviour is installed but not running, so each
starts it through ALBehaviorManager first, as a newcomer's app would.

- call_from_python.py runs as a program given --qi-url (both lanes);
- call_from_box.py is loaded as Choregraphe loads a box script (both lanes);
- call_from_page.js runs in headless Chromium, served with tests/helpers/web_bridge.py and
  tests/helpers/qimessaging_standin.js (the 3.9 lane only: selenium 4 and the bridge are Python 3),
  and keeps to ES5 (tests/test_tablet_es5.py's check);
- call_from_qicli.sh is not run by qicli: neither venv has qicli (qibuild does not ship
  it; NAOqi and its C++ SDK do). Its lines are checked instead, in order: each `qicli call`
  names a real method with as many arguments as it takes, each argument JSON with --json,
  and plain only where our method takes a string (how qicli types a plain argument is not
  documented); the call is then made over qi with those arguments and its answer compared
  with the line's "# ->". `qicli info` and `qicli watch` name a real service and signal.
The Python and JavaScript programs call every method and follow every signal; the page
shows each example as the file is (scripts/update_calling_examples.py).
"""
from __future__ import absolute_import, division, print_function

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import threading

import pytest
import qi

from animate_behaviour.serving import service as service_module
from pepper_sim.qi_server import ALL_SERVICES
from helpers.service_deployment import TIMEOUT, Deployment

from helpers import script_modules

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
update_calling_examples = script_modules.load("update_calling_examples")
from generated_file import read_text  # noqa: E402  (update_calling_examples puts tools/ there)

if sys.version_info[0] >= 3:
    from helpers.browser import browser  # noqa: F401,E402  (a fixture: headless Chromium)

BEHAVIOUR = "animate-behaviour/."
SERVICE = service_module.SERVICE_NAME
# Our methods' and signals' names, as the service binds them.
METHODS = set(getattr(member, "__qi_name__", None)
              for member in vars(service_module.AnimateBehaviourService).values()) - {None}
SIGNALS = set(name for name, member in vars(service_module.AnimateBehaviourService).items()
              if isinstance(member, qi.Signal))
FOLLOWED = re.compile(r"^(\w+Changed): now (.*)$")
# What the Python and JavaScript programs' calls that change something answer, in order.
CHANGES = ["setPreset: 1", "storePreset: 1", "setMotionStyle: 1", "setMood: 1", "setMood: 0",
           "setActivation: 1", "setActivation: 1"]


def example(name):
    return os.path.join(ROOT, "docs", "examples", name)


@pytest.fixture
def pepper():
    """pepper_sim with ALPreferenceManager and ALBehaviorManager, on which starting
    animate-behaviour/. hosts our service; it is not running yet."""
    deployment = Deployment(services=ALL_SERVICES + ("ALPreferenceManager",
                                                     "ALBehaviorManager"))
    deployment.robot.behaviors.installed[BEHAVIOUR] = (deployment.start,
                                                       deployment.host.stop)
    yield deployment
    deployment.close()


def check_the_program_ran(lines, pepper):
    """What call_from_python.py and call_from_page.js print, one line a call or a signal
    ("method: answer", "signal: now value"), and what they leave on Pepper."""
    assert ("startBehavior", (BEHAVIOUR,)) in pepper.robot.behaviors.calls
    answers = [line for line in lines if not FOLLOWED.match(line)]
    assert set(line.split(":")[0] for line in answers) >= METHODS
    assert [line for line in answers if line.startswith("set") or
            line.startswith("store")] == CHANGES
    followed = [FOLLOWED.match(line).groups() for line in lines if FOLLOWED.match(line)]
    values = set((signal, json.dumps(json.loads(value))) for signal, value in followed)
    assert set(signal for signal, _value in followed) == SIGNALS
    for signal, value in (("presetChanged", "calm"), ("motionStyleChanged", "lifelike"),
                          ("moodChanged", [0.5, -0.25]), ("activationChanged", "enabled"),
                          ("activationChanged", "disabled")):
        assert (signal, json.dumps(value)) in values
    assert [signal for signal, _value in followed if signal == "activationChanged"] == \
        ["activationChanged"] * 2
    service = pepper.service
    assert (service.getPreset(), service.getMotionStyle(), service.getMood()) == \
        ("calm", "lifelike", [0.5, -0.25])
    assert pepper.robot.preferences.values[("animate-behaviour", "preset")] == "calm"
    assert json.loads(service.getStatus())["state"] == "disabled"
    # The test's own link hears the same two (libqi: in either order, and maybe later).
    assert pepper.wait_until(lambda: sorted(pepper.changes) == ["disabled", "enabled"])


def test_the_page_shows_each_example_as_the_file_is():
    page = read_text(update_calling_examples.PAGE)
    assert update_calling_examples.splice(page) == page, \
        "docs/calling.md's examples are stale: run scripts/update_calling_examples.py"


def test_the_python_program_starts_the_behaviour_calls_everything_and_follows_it(pepper):
    process = subprocess.Popen([sys.executable, example("call_from_python.py"), "--qi-url",
                                pepper.robot.url], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, universal_newlines=True)
    output, errors = process.communicate()
    assert process.returncode == 0, errors
    check_the_program_ran(output.splitlines(), pepper)


class GeneratedClass(object):
    """What Choregraphe gives a box script: here its session and its two outputs."""

    def __init__(self):
        self.stopped = threading.Event()
        self.failures = []

    def onStopped(self):  # noqa: N802 (Choregraphe's names)
        self.stopped.set()

    def onFailed(self, message):  # noqa: N802
        self.failures.append(message)


def test_the_box_enables_and_fires_once_pepper_moves(pepper):
    namespace = {"GeneratedClass": GeneratedClass}
    exec(compile(read_text(example("call_from_box.py")), "call_from_box.py", "exec"),
         namespace)
    box = namespace["MyClass"]()
    box.session = lambda: pepper.client
    box.onLoad()
    box.onInput_onStart()
    assert "AnimateBehaviour is not running" in box.failures[0]
    pepper.start()
    box.onInput_onStart()
    assert box.stopped.wait(TIMEOUT)
    assert json.loads(pepper.service.getStatus())["state"] == "enabled"
    assert pepper.wait_change("enabled")
    box.stopped.clear()
    box.onInput_onStart()  # enabled already: no signal comes, the box fires at once
    assert box.stopped.is_set()
    box.onUnload()
    assert box.link is None and len(box.failures) == 1


def qicli_lines():
    """The example's qicli lines: (words, the answer after "# ->" or None)."""
    for line in read_text(example("call_from_qicli.sh")).splitlines():
        command, _hash, comment = line.partition("#")
        if not command.strip():
            continue
        comment = comment.strip()
        answer = json.JSONDecoder().raw_decode(comment[2:].strip())[0] \
            if comment.startswith("->") else None
        yield shlex.split(command), answer


def members(session, service, kind):
    """{name: signature} of ``service``'s methods or signals, as qicli info lists them."""
    key = "parametersSignature" if kind == "methods" else "signature"
    return dict((member["name"], member[key]) for member in
                session.service(service).metaObject()[kind].values())


def test_the_qicli_lines_call_real_methods_and_answer_as_shown(pepper):
    client = pepper.client
    called, watched = set(), set()
    for words, answer in qicli_lines():
        assert words[:1] == ["qicli"] and words[1] in ("call", "info", "watch"), words
        if words[1] == "info":  # until qicli info finds the service
            client.waitForService(words[2], _async=True).value(int(TIMEOUT * 1000))
            continue
        as_json = words[2] == "--json"
        service, member = words[3 if as_json else 2].split(".")
        if words[1] == "watch":
            assert member in members(client, service, "signals"), words
            watched.add(member)
            continue
        arguments = words[4 if as_json else 3:]
        signature = members(client, service, "methods")[member]
        assert len(arguments) == len(signature) - 2, words  # "(...)": one letter each
        if as_json:
            arguments = [json.loads(argument) for argument in arguments]
        elif service == SERVICE:
            assert set(signature[1:-1]) <= set("s"), words
        result = getattr(client.service(service), member)(*arguments)
        if answer is not None:
            assert json.loads(json.dumps(result)) == answer, words
        if service == SERVICE:
            called.add(member)
    assert called == METHODS and watched == SIGNALS


HARNESS = """<!DOCTYPE html>
<html><body>
<script>
  window.lines = [];  // what the example shows, for the test
  console.log = function (text) { window.lines.push(String(text)); };
</script>
<script src="/libs/qimessaging/2/qimessaging.js"></script>
<script src="call_from_page.js"></script>
</body></html>
"""


@pytest.mark.skipif(sys.version_info[0] < 3, reason="3.9 lane only: Chromium is driven by "
                    "selenium 4 through tests/helpers/web_bridge.py, both Python 3")
def test_the_page_script_starts_the_behaviour_calls_everything_and_follows_it(
        pepper, browser, tmpdir):
    from selenium.webdriver.support.ui import WebDriverWait
    from helpers.es5 import newer_than_es5
    from helpers.web_bridge import WebBridge
    assert newer_than_es5(read_text(example("call_from_page.js"))) == []
    tmpdir.join("index.html").write(HARNESS)
    shutil.copy(example("call_from_page.js"), str(tmpdir))
    bridge = WebBridge(pepper.more_clients(1)[0], html_dir=str(tmpdir))
    try:
        browser.get(bridge.page_url)
        WebDriverWait(browser, TIMEOUT, poll_frequency=0.05).until(
            lambda driver: re.match("done|failed", driver.execute_script(
                "return window.lines.slice(-1)[0] || ''")), "the page script never ended")
        lines = browser.execute_script("return window.lines")
    finally:
        bridge.close()
    assert lines[-1] == "done", lines
    check_the_program_ran(lines[:-1], pepper)
