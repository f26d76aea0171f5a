# -*- coding: utf-8 -*-
"""The tablet page (html/index.html) in a real headless Chromium, against the real
AnimateBehaviour service on a simulated NAOqi.

tests/helpers/web_bridge.py serves the page as Pepper does and stands in for QiMessaging over a
real qi session, so the page's calls and signals reach the service exactly as a tablet's
would. Each test leaves a screenshot at out/tablet/<test name>.png (1280x800, Pepper's
tablet). The 3.9 lane only (selenium 4 and tests/helpers/web_bridge.py are Python 3); needs
Debian's chromium and chromium-driver.
"""
from __future__ import absolute_import, division, print_function

import collections
import io
import json
import os
import sys
import threading

import pytest

if sys.version_info[0] < 3:
    pytest.skip("3.9 lane only: Chromium is driven by selenium 4 through "
                "tests/helpers/web_bridge.py, both Python 3; the service they reach is "
                "tested on both lanes",
                allow_module_level=True)
pytest.importorskip("selenium.webdriver")

from selenium.common.exceptions import (NoSuchElementException,  # noqa: E402
                                        StaleElementReferenceException)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from animate_behaviour.engine import status as status_module  # noqa: E402
from animate_behaviour.expression import own_state  # noqa: E402
from animate_behaviour.foundation.clock import ScaledClock  # noqa: E402
from animate_behaviour.planning import groups  # noqa: E402
from pepper_sim.qi_server import ALL_SERVICES  # noqa: E402
from helpers.browser import browser  # noqa: E402,F401  (a fixture: headless Chromium)
from helpers.service_deployment import TIMEOUT, Deployment  # noqa: E402
from helpers.web_bridge import ROOT, WebBridge  # noqa: E402

SCREENSHOTS = os.path.join(ROOT, "out", "tablet")
PRESETS = {"calm": {"selectedRange": "0.3", "gestureDuration": "0.8"},
           "neutral": {"selectedRange": "0.5"},
           "lively": {"selectedRange": "0.7", "gestureDuration": "0.3"}}
PRESET_ORDER = ["calm", "neutral", "lively"]
# The page retries a missing service or a lost connection every 3 s.
RETRY_TIMEOUT = 15.0
PREFERENCE = ("animate-behaviour", "preset")
# The status line's words for Pepper animating, and for the arms stepping aside for speech
# (the parts in the same state together).
MOVING = "Moving — left arm, right arm, legs, base: Animating"
YIELDING_TO_SPEECH = "left arm, right arm: Yielding to speech; legs, base: Animating"


def ordered_presets():
    """PRESETS as the configuration file would list them: calm, neutral, lively."""
    return collections.OrderedDict((name, PRESETS[name]) for name in PRESET_ORDER)


@pytest.fixture
def deployment():
    """A simulated robot with ALPreferenceManager and ALBehaviorManager, our service (not
    started yet) with three presets, and the test's own client session."""
    made = Deployment(behaviour="all", presets=ordered_presets(),
                      services=ALL_SERVICES + ("ALPreferenceManager", "ALBehaviorManager"))
    yield made
    made.close()


class TabletPage(object):
    """The page in ``driver``, served by ``bridge``: what a person sees and touches.
    ``screenshot`` is the PNG file the test's picture goes to."""

    def __init__(self, driver, bridge, screenshot):
        self.driver = driver
        self.bridge = bridge
        self.screenshot = screenshot
        self.snapped = False

    def open(self):
        self.driver.get(self.bridge.page_url)

    def snapshot(self):
        """Save the test's screenshot now rather than at its end."""
        os.makedirs(os.path.dirname(self.screenshot), exist_ok=True)
        self.driver.save_screenshot(self.screenshot)
        self.snapped = True

    def find(self, css):
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def text(self, css):
        return self.find(css).text

    def wait(self, condition, message, timeout=TIMEOUT):
        """Wait until ``condition()`` is true; the page may rebuild elements meanwhile."""
        return WebDriverWait(self.driver, timeout, poll_frequency=0.05,
                             ignored_exceptions=(NoSuchElementException,
                                                 StaleElementReferenceException)).until(
            lambda _driver: condition(), message)

    def wait_ready(self, timeout=TIMEOUT):
        self.wait(lambda: self.find("#activation").is_enabled(),
                  "the page never found the service", timeout)

    def pressed(self, css):
        return self.find(css).get_attribute("aria-pressed") == "true"

    def preset_buttons(self):
        return self.driver.find_elements(By.CSS_SELECTOR, "#presets button")

    def preset_names(self):
        return [button.text.lower() for button in self.preset_buttons()]

    def highlighted(self):
        return [button.get_attribute("data-preset") for button in self.preset_buttons()
                if button.get_attribute("aria-pressed") == "true"]

    def style_buttons(self):
        return self.driver.find_elements(By.CSS_SELECTOR, "#styles button")

    def style_shown(self):
        """The motion styles whose button is pressed."""
        return [button.get_attribute("data-style") for button in self.style_buttons()
                if button.get_attribute("aria-pressed") == "true"]

    def mood_shown(self):
        """[valence, arousal] as the sliders show them."""
        return [float(self.find("#%s" % axis).get_attribute("value"))
                for axis in ("valence", "arousal")]

    def status_starts(self, text):
        return self.text("#status").startswith(text)

    def wait_shown_moving(self, message):
        """Wait until the switch shows on (``message`` if it never does) and the status
        line says Pepper is moving."""
        self.wait(lambda: self.pressed("#activation"), message)
        self.wait(lambda: self.status_starts("Moving"), "status not refreshed")


@pytest.fixture
def tablet(deployment, browser, request):
    """The page, served through a bridge on another qi session (the tablet's); the test
    opens it. Its screenshot is saved at the end of the test unless taken before."""
    bridge = WebBridge(deployment.more_clients(1)[0])
    page = TabletPage(browser, bridge, os.path.join(SCREENSHOTS, request.node.name + ".png"))
    try:
        yield page
        if not page.snapped:
            page.snapshot()
    finally:
        bridge.close()


def test_the_page_names_no_group_and_shows_those_getstatus_reports():
    # The groups are groups.TABLE's rows: one added there shows on the page unchanged.
    with io.open(os.path.join(ROOT, "html", "index.html"), encoding="utf-8") as page:
        text = page.read()
    for row in groups.TABLE:
        assert '"%s"' % row.name not in text, row.name


def page_words():
    """The page's WORDS table (its script parsed by esprima) as Python values."""
    esprima = pytest.importorskip("esprima")
    from helpers.es5 import nodes, page_scripts

    def value(node):
        if node.type == "ObjectExpression":
            return dict((prop.key.name if prop.key.type == "Identifier" else prop.key.value,
                         value(prop.value)) for prop in node.properties)
        if node.type == "ArrayExpression":
            return [value(element) for element in node.elements]
        if node.type == "Literal":
            return node.value
        raise AssertionError("WORDS holds a %s: only literals, arrays and objects" % node.type)
    (_line, script), = page_scripts()
    found = [node.init for node in nodes(esprima.parseScript(script))
             if node.type == "VariableDeclarator" and node.id.name == "WORDS"]
    assert len(found) == 1, "the page has no WORDS table, or more than one"
    return value(found[0])


def test_every_state_of_a_part_has_words_on_the_page():
    words = page_words()["states"]
    assert sorted(words) == sorted(status_module.STATES)
    assert all(words[state].strip() for state in words)


def test_every_fact_of_pepper_s_own_state_has_words_on_the_page():
    facts = own_state.OwnState(0.0, ScaledClock(libqi=False), None).report()
    table = page_words()["ownState"]
    assert sorted(row[0] for row in table) == sorted(facts)
    # A list shows each item (the chains), any other fact on one value; a row defers only
    # to a fact there is.
    for row in table:
        assert isinstance(row[1], list) == isinstance(facts[row[0]], list), row
        assert row[2].strip(), row
        assert len(row) == 3 or row[3] in facts, row


def test_the_switch_enables_pepper_and_the_page_shows_it_moving(deployment, tablet):
    service = deployment.start()
    tablet.open()
    tablet.wait_ready()
    assert not tablet.pressed("#activation")
    assert "disabled" in tablet.text("#activation")
    assert [button.get_attribute("id") for button in tablet.preset_buttons()] == [
        "preset-calm", "preset-neutral", "preset-lively"]
    assert tablet.preset_names() == PRESET_ORDER
    assert tablet.highlighted() == []  # getPreset() is "": no preset chosen
    tablet.wait(lambda: tablet.status_starts("Still"), "no status shown")

    tablet.find("#activation").click()
    tablet.wait(lambda: service.getActivation() == "enabled", "the service was not enabled")
    assert deployment.wait_random(2), "ALMotion received no random trajectory"
    assert deployment.robot.motion.calls_to("angleInterpolation")
    tablet.wait(lambda: tablet.pressed("#activation"), "the switch does not show it on")
    assert "enabled" in tablet.text("#activation")
    tablet.wait(lambda: tablet.status_starts(MOVING),
                "the status never said Pepper moves")
    tablet.wait(lambda: "motion calls" in tablet.text("#counters"), "no counters shown")

    tablet.find("#activation").click()
    tablet.wait(lambda: service.getActivation() == "disabled", "the service was not disabled")
    assert deployment.wait_change("disabled")
    tablet.wait(lambda: not tablet.pressed("#activation"), "the switch still shows on")
    tablet.wait(lambda: tablet.status_starts("Still"), "the status still moves")
    # End the test's screenshot with Pepper moving.
    tablet.find("#activation").click()
    tablet.wait(lambda: tablet.status_starts("Moving"), "not moving again")


def test_a_preset_click_chooses_it_and_the_page_follows_other_apps(deployment, tablet):
    service = deployment.start()
    assert service.setPreset("neutral") == 1  # chosen before the page opens
    tablet.open()
    tablet.wait_ready()
    tablet.wait(lambda: tablet.highlighted() == ["neutral"], "getPreset is not shown")
    tablet.find("#preset-lively").click()
    tablet.wait(lambda: service.getPreset() == "lively", "setPreset was not called")
    tablet.wait(lambda: tablet.highlighted() == ["lively"], "lively is not highlighted")
    assert PREFERENCE not in deployment.robot.preferences.values  # not asked to remember

    other_app = deployment.more_clients(1)[0].service("AnimateBehaviour")
    assert other_app.setPreset("calm") == 1
    tablet.wait(lambda: tablet.highlighted() == ["calm"], "presetChanged was not followed")
    assert other_app.setActivation("enabled") == 1
    tablet.wait_shown_moving("activationChanged was not followed")
    assert other_app.setActivation("disabled") == 1
    tablet.wait(lambda: not tablet.pressed("#activation"), "disabling was not followed")
    assert other_app.setActivation("enabled") == 1
    tablet.wait_shown_moving("enabling again was not followed")


def test_an_older_answer_arriving_late_does_not_replace_the_preset_shown(deployment, tablet):
    deployment.start()
    tablet.open()
    tablet.wait_ready()
    other_app = deployment.more_clients(1)[0].service("AnimateBehaviour")
    tablet.bridge.hold_answers("getPreset")
    assert other_app.setPreset("lively") == 1  # the page asks getPreset: "lively", held
    tablet.wait(lambda: tablet.bridge.held() == 1, "the page did not ask for the preset")
    assert other_app.setPreset("calm") == 1  # asked again: "calm", held too
    tablet.wait(lambda: tablet.bridge.held() == 2, "the page did not ask again")
    tablet.bridge.release_newest()
    tablet.wait(lambda: tablet.highlighted() == ["calm"], "the newer answer is not shown")
    tablet.bridge.release_newest()  # the older answer, "lively", arrives last
    # The status poll asks each second: two answers after the older one was sent, the page
    # has read it for certain.
    polls = tablet.bridge.answered("getStatus")
    tablet.wait(lambda: tablet.bridge.answered("getStatus") >= polls + 2, "no status poll")
    assert tablet.highlighted() == ["calm"]


def test_remember_after_restart_stores_the_preset(deployment, tablet):
    service = deployment.start()
    tablet.open()
    tablet.wait_ready()
    tablet.find("#remember").click()
    assert tablet.pressed("#remember")
    tablet.find("#preset-calm").click()
    tablet.wait(lambda: deployment.robot.preferences.values.get(PREFERENCE) == "calm",
                "storePreset did not store the preset")
    assert service.getPreset() == "calm"
    tablet.wait(lambda: tablet.highlighted() == ["calm"], "calm is not highlighted")
    assert not tablet.find("#message").is_displayed()


def test_a_preset_pepper_cannot_store_is_reported(deployment, tablet):
    service = deployment.start()
    deployment.robot.preferences.fail = "cannot write the preferences"  # a full disk, say
    tablet.open()
    tablet.wait_ready()
    tablet.find("#remember").click()
    tablet.find("#preset-neutral").click()
    tablet.wait(lambda: tablet.find("#message").is_displayed(), "the refusal is not shown")
    assert "could not remember the preset neutral" in tablet.text("#message")
    assert service.getPreset() == ""
    assert tablet.highlighted() == []


def test_a_missing_service_says_not_running_until_it_starts(deployment, tablet):
    tablet.open()
    tablet.wait(lambda: "not running" in tablet.text("#message"), "no not-running message",
                RETRY_TIMEOUT)
    assert not tablet.find("#activation").is_enabled()
    deployment.start()
    tablet.wait_ready(RETRY_TIMEOUT)
    assert not tablet.find("#message").is_displayed()
    assert tablet.preset_names() == PRESET_ORDER
    # The behaviour stops: the page says so again. The screenshot shows this state.
    deployment.host.stop()
    tablet.wait(lambda: "not running" in tablet.text("#message"),
                "the page did not notice the service stopping", RETRY_TIMEOUT)
    assert not tablet.find("#activation").is_enabled()


def test_the_page_starts_the_behaviour_when_it_is_not_running(deployment, tablet):
    behaviour = "animate-behaviour/."
    deployment.robot.behaviors.installed[behaviour] = (deployment.start, deployment.host.stop)
    tablet.open()
    tablet.wait(lambda: tablet.find("#start").is_displayed(), "no Start button", RETRY_TIMEOUT)
    tablet.find("#start").click()
    tablet.wait_ready(RETRY_TIMEOUT)
    assert ("startBehavior", (behaviour,)) in deployment.robot.behaviors.calls
    assert not tablet.find("#start").is_displayed()
    tablet.find("#activation").click()
    tablet.wait(lambda: deployment.service.getActivation() == "enabled",
                "the started service was not enabled")
    assert deployment.wait_random(2)


def test_a_behaviour_that_cannot_start_is_reported(deployment, tablet):
    tablet.open()  # ALBehaviorManager knows no animate-behaviour: not installed
    tablet.wait(lambda: tablet.find("#start").is_displayed(), "no Start button", RETRY_TIMEOUT)
    tablet.find("#start").click()
    tablet.wait(lambda: "Could not start animate behaviour" in tablet.text("#message"),
                "the failure is not shown")
    assert "not installed" in tablet.text("#message")
    # The page keeps looking for the service; the reason stays until Start is pressed again.
    # A second look-up proves the first one's failure has been handled.
    looked = tablet.bridge.lookups("AnimateBehaviour")
    tablet.wait(lambda: tablet.bridge.lookups("AnimateBehaviour") >= looked + 2,
                "the page stopped looking for the service", RETRY_TIMEOUT)
    assert "not installed" in tablet.text("#message")
    assert tablet.find("#start").is_displayed()


def test_a_lost_connection_is_shown_and_the_page_reconnects(deployment, tablet):
    service = deployment.start()
    tablet.open()
    tablet.wait_ready()
    tablet.bridge.set_online(False)
    tablet.wait(lambda: "Lost the connection" in tablet.text("#message"),
                "the lost connection is not shown")
    assert not tablet.find("#activation").is_enabled()
    tablet.bridge.set_online(True)
    tablet.wait_ready(RETRY_TIMEOUT)
    assert not tablet.find("#message").is_displayed()
    tablet.find("#activation").click()
    tablet.wait(lambda: service.getActivation() == "enabled", "the service was not enabled")
    tablet.wait_shown_moving("the switch does not show it on")


def test_the_status_says_the_arms_yield_while_another_app_speaks(deployment, tablet):
    service = deployment.start()
    tablet.open()
    tablet.wait_ready()
    tablet.find("#activation").click()
    tablet.wait(lambda: tablet.status_starts(MOVING),
                "not moving")
    text = "Hello, I am Pepper."
    # About 10 s of wall time at the deployment's time scale: longer than any wait here.
    deployment.robot.tts.seconds_per_character = 10.0 / deployment.robot.motion.time_scale / len(
        text)
    other_app = deployment.more_clients(1)[0].service("ALTextToSpeech")
    speaking = other_app.say(text, _async=True)
    tablet.wait(lambda: YIELDING_TO_SPEECH in tablet.text("#status"),
                "the status never said the arms yield to speech")
    assert service.getActivation() == "enabled"
    tablet.snapshot()
    other_app.stopAll()
    speaking.value(int(TIMEOUT * 1000))
    tablet.wait(lambda: tablet.status_starts(MOVING),
                "the arms never resumed")


def test_the_style_switch_chooses_the_motion_style_and_follows_other_apps(deployment, tablet):
    service = deployment.start()
    tablet.open()
    tablet.wait_ready()
    assert [(button.get_attribute("id"), button.text) for button in tablet.style_buttons()] \
        == [("style-specification", "Specification"), ("style-lifelike", "Lifelike")]
    tablet.wait(lambda: tablet.style_shown() == ["specification"], "getMotionStyle not shown")
    tablet.find("#style-lifelike").click()
    tablet.wait(lambda: service.getMotionStyle() == "lifelike", "setMotionStyle was not called")
    tablet.wait(lambda: tablet.style_shown() == ["lifelike"], "lifelike is not pressed")
    assert tablet.highlighted() == []  # the presets are another choice

    other_app = deployment.more_clients(1)[0].service("AnimateBehaviour")
    assert other_app.setMotionStyle("specification") == 1
    tablet.wait(lambda: tablet.style_shown() == ["specification"],
                "motionStyleChanged was not followed")
    tablet.find("#style-lifelike").click()
    tablet.wait(lambda: tablet.style_shown() == ["lifelike"], "lifelike is not pressed again")
    # A preset scales the chosen style: the switch stays where it is.
    tablet.find("#preset-calm").click()
    tablet.wait(lambda: tablet.highlighted() == ["calm"], "calm is not highlighted")
    assert service.getMotionStyle() == "lifelike"
    assert tablet.style_shown() == ["lifelike"]
    assert not tablet.find("#message").is_displayed()


def test_an_older_style_answer_arriving_late_does_not_replace_the_style_shown(deployment,
                                                                            tablet):
    deployment.start()
    tablet.open()
    tablet.wait_ready()
    tablet.wait(lambda: tablet.style_shown() == ["specification"], "getMotionStyle not shown")
    other_app = deployment.more_clients(1)[0].service("AnimateBehaviour")
    tablet.bridge.hold_answers("getMotionStyle")
    assert other_app.setMotionStyle("lifelike") == 1  # the page asks: "lifelike", held
    tablet.wait(lambda: tablet.bridge.held() == 1, "the page did not ask for the style")
    assert other_app.setMotionStyle("specification") == 1  # asked again, held too
    tablet.wait(lambda: tablet.bridge.held() == 2, "the page did not ask again")

    def read():
        """Wait until the page has read the answers sent so far: two status polls (one a
        second) after them, it has for certain."""
        polls = tablet.bridge.answered("getStatus")
        tablet.wait(lambda: tablet.bridge.answered("getStatus") >= polls + 2, "no status poll")
    # The newer answer, "specification", shows what the page shows already: nothing tells
    # when the page has read it, so the older one waits until it has for certain (sent
    # together, they may be read in either order).
    tablet.bridge.release_newest()
    read()
    tablet.bridge.release_newest()  # the older answer, "lifelike", arrives last
    read()
    assert tablet.style_shown() == ["specification"]


def test_the_mood_sliders_set_the_mood_and_follow_other_apps(deployment, tablet):
    service = deployment.start()
    assert service.setMood(0.5, -0.5) == 1  # set before the page opens
    tablet.open()
    tablet.wait_ready()
    tablet.wait(lambda: tablet.mood_shown() == [0.5, -0.5], "getMood is not shown")
    assert tablet.text("#mood-value") == "valence +0.50, arousal -0.50"
    # A slider moved by keys as by a finger: each step is let go, so each sets the mood.
    tablet.find("#valence").send_keys(Keys.END)
    tablet.wait(lambda: service.getMood() == [1.0, -0.5], "setMood was not called")
    tablet.find("#arousal").send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    tablet.wait(lambda: len(tablet.bridge.calls("setMood")) == 3, "setMood not called twice")
    assert tablet.bridge.calls("setMood") == [[1, -0.5], [1, pytest.approx(-0.45)],
                                              [1, pytest.approx(-0.4)]]
    tablet.wait(lambda: service.getMood() == [1.0, pytest.approx(-0.4)], "not set")
    tablet.wait(lambda: tablet.text("#mood-value") == "valence +1.00, arousal -0.40",
                "the mood set is not shown")
    assert not tablet.find("#message").is_displayed()

    other_app = deployment.more_clients(1)[0].service("AnimateBehaviour")
    assert other_app.setMood(-1.0, 0.75) == 1
    tablet.wait(lambda: tablet.mood_shown() == [-1.0, 0.75], "moodChanged was not followed")
    assert tablet.text("#mood-value") == "valence -1.00, arousal +0.75"


def test_a_mood_read_while_the_sliders_mood_is_on_its_way_does_not_move_them(deployment,
                                                                             tablet):
    service = deployment.start()
    tablet.open()
    tablet.wait_ready()
    tablet.wait(lambda: tablet.mood_shown() == [0.0, 0.0], "getMood is not shown")
    served = threading.Event()
    # The page's setMood waits in the bridge before reaching the service, as on a busy
    # network: a mood read meanwhile is answered with the mood before it.
    tablet.bridge.answer_instead("setMood", lambda call: served.wait(TIMEOUT) and call())
    tablet.find("#valence").send_keys(Keys.END)
    tablet.wait(lambda: tablet.bridge.calls("setMood") == [[1, 0]], "setMood was not called")
    other_app = deployment.more_clients(1)[0].service("AnimateBehaviour")
    reads = tablet.bridge.answered("getMood")
    assert other_app.setMood(-0.5, 0.5) == 1  # moodChanged: the page reads the mood again
    tablet.wait(lambda: tablet.bridge.answered("getMood") > reads, "the page did not read")
    polls = tablet.bridge.answered("getStatus")  # two polls later it has read the answer
    tablet.wait(lambda: tablet.bridge.answered("getStatus") >= polls + 2, "no status poll")
    assert tablet.mood_shown() == [1.0, 0.0]
    served.set()
    tablet.wait(lambda: service.getMood() == [1.0, 0.0], "setMood did not arrive")
    tablet.wait(lambda: tablet.text("#mood-value") == "valence +1.00, arousal +0.00",
                "the mood set is not shown")
    assert tablet.mood_shown() == [1.0, 0.0]


def test_a_refused_mood_is_reported_and_the_sliders_show_the_mood_set(deployment, tablet):
    service = deployment.start()
    tablet.open()
    tablet.wait_ready()
    tablet.wait(lambda: tablet.mood_shown() == [0.0, 0.0], "getMood is not shown")
    tablet.bridge.answer_instead("setMood", lambda call: 0)  # a service that refuses
    tablet.find("#arousal").send_keys(Keys.END)
    tablet.wait(lambda: tablet.find("#message").is_displayed(), "the refusal is not shown")
    assert tablet.text("#message") == "Pepper refused the mood: valence +0.00, arousal +1.00"
    assert tablet.bridge.calls("setMood") == [[0, 1]]
    tablet.wait(lambda: tablet.mood_shown() == [0.0, 0.0],
                "the slider does not go back to the mood set")
    assert service.getMood() == [0.0, 0.0]


def test_the_status_line_shows_the_context_when_the_service_reports_one(deployment, tablet):
    deployment.start()
    tablet.open()
    tablet.wait_ready()
    tablet.wait(lambda: tablet.status_starts("Still"), "no status shown")
    # The service reports its context (docs/context.md): nobody around, followed.
    tablet.wait(lambda: tablet.text("#status").endswith(" · context: present"),
                "the service's own context is not shown")

    def with_context(call):
        status = json.loads(call())
        status["context"] = {"state": "engaged", "weights": {"engaged": 1.0}}
        return json.dumps(status)
    tablet.bridge.answer_instead("getStatus", with_context)
    tablet.wait(lambda: tablet.text("#status") == "Still: animation is off · context: engaged",
                "the context is not shown")
    # The screenshot (docs/tablet.png's source): moving in a mood, the context shown.
    assert deployment.service.setMood(0.5, 0.25) == 1
    tablet.find("#activation").click()
    tablet.wait(lambda: tablet.text("#status").startswith(MOVING)
                and tablet.text("#status").endswith(" · context: engaged"),
                "the context is not shown while moving")
    tablet.wait(lambda: tablet.mood_shown() == [0.5, 0.25], "the mood set is not shown")


def test_a_paused_part_and_pepper_docked_show_in_words(deployment, tablet):
    """Pepper's own day on the page: docked, the base waits and says why; she falls, every
    part pauses, and the line of her own state says docked, fallen, in safeguard."""
    service = deployment.start()
    assert service.setActivation("enabled") == 1
    tablet.open()
    tablet.wait_ready()
    tablet.wait(lambda: tablet.status_starts(MOVING), "not moving")
    assert tablet.text("#own-state") == ""  # nothing of Pepper's own holds her
    deployment.robot.day.dock()
    tablet.wait(lambda: tablet.status_starts(
        "Moving — left arm, right arm, legs: Animating; base: Waiting: docked"),
        "the base does not say it waits because Pepper is docked")
    tablet.wait(lambda: tablet.text("#own-state") == "Pepper: Docked", "docked is not shown")
    deployment.robot.day.fall()
    tablet.wait(lambda: tablet.status_starts(
        "Holding still — left arm, right arm, legs, base: Paused: Pepper fell"),
        "the parts do not say they paused because Pepper fell")
    tablet.wait(lambda: tablet.text("#own-state") == "Pepper: Fallen · In safeguard · Docked",
                "the fall is not shown")


def test_each_state_and_fact_of_pepper_s_own_has_its_words(deployment, tablet):
    """A status (the bridge's) with a part in each of the other states, and Pepper's own
    facts: each in the page's words."""
    deployment.start()
    parts = {"leftArm": {"state": "disabled", "reason": "LArm disabled"},
             "rightArm": {"state": "hot", "hot": ["RShoulderPitch"]},
             "legs": {"state": "waiting", "reason": "on a slope"},
             "base": {"state": "resting", "reason": "Pepper rests"}}
    own = {"awake": False, "lifeState": "solitary", "fallen": False, "pushed": False,
           "flapOpen": True, "docked": False, "closeToStation": True, "moveDisabled": False,
           "disabled": ["LArm"], "batteryLow": True, "onSlope": True}

    def with_states(call):
        status = json.loads(call())
        status.update(state="enabled", requested="enabled", ownState=own,
                      groups=dict((part, parts[part]) for part in ("leftArm", "rightArm",
                                                                    "legs")),
                      base=parts["base"])
        return json.dumps(status)
    tablet.bridge.answer_instead("getStatus", with_states)
    tablet.open()
    tablet.wait_ready()
    tablet.wait(lambda: tablet.status_starts(
        "Holding still — left arm: Disabled: LArm disabled; right arm: Hot: RShoulderPitch; "
        "legs: Waiting: on a slope; base: Resting: Pepper rests"), "the states are not shown")
    assert tablet.text("#own-state") == ("Pepper: Resting · LArm disabled · Charging flap open "
                                         "· Close to the charging station · Battery low · "
                                         "On a slope")
