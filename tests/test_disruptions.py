"""The disruptions' table (engine.disruptions): its precedence, and every gate of the
groups and the base reading it rather than an order of its own."""
from __future__ import absolute_import, division, print_function

import collections
import logging
import threading

import pytest

from animate_behaviour.engine import base_worker, disruptions, group_worker, homing
from animate_behaviour.engine.disruptions import (A_GROUP, DISABLED, ERROR, HEAT, HOT, KINDS,
                                                  LOOKS, OTHER_APP, OWN_STATE, PAUSED,
                                                  REFUSED, RESTING, ROUND_STOP, SPEAKING,
                                                  SPEECH, STOP, STOPPING, TASKS, THE_BASE,
                                                  WAITING, Disruption, Kind, kind_of)
from animate_behaviour.expression.own_state_rules import Hold
from animate_behaviour.planning import joints

from helpers.manual_clock import ManualClock


def test_the_gates_look_in_one_order():
    assert LOOKS == (ROUND_STOP, OWN_STATE, HEAT, SPEAKING, TASKS)
    assert [look.asks for look in LOOKS] == [False, False, False, False, True]
    assert [look.name for look in LOOKS if look.again] == ["speech"]


def test_every_reason_has_one_row():
    reasons = [kind.reason for kind in KINDS]
    assert sorted(reasons) == sorted(set(reasons))
    assert set(reasons) == {STOPPING, PAUSED, RESTING, DISABLED, WAITING, HOT, SPEECH,
                            OTHER_APP, ERROR, REFUSED}
    assert kind_of(Disruption(WAITING)).waited_enough


def test_what_stops_a_running_call_and_what_the_base_waited_through():
    stops = dict((part, [kind.reason for kind in KINDS if part in kind.stops_call])
                 for part in (A_GROUP, THE_BASE))
    # A slope (the one wait of a group) and hot joints let a group's call end as planned.
    assert stops[A_GROUP] == [STOPPING, DISABLED, PAUSED, RESTING, SPEECH]
    assert stops[THE_BASE] == [STOPPING, DISABLED, PAUSED, RESTING, WAITING]
    assert [kind.reason for kind in KINDS if kind.waited_enough] == [WAITING, REFUSED]


def test_kinds_are_built_by_name_and_their_waits_are_worked_out():
    config = collections.namedtuple("Config", "yield_quiet_time")(1.5)
    speech = kind_of(Disruption(SPEECH))
    assert speech.recheck.of(config, 8.0) == disruptions.SPEECH_RECHECK
    assert speech.quiet.of(config, 8.0) == 1.5
    assert kind_of(Disruption(ERROR)).quiet.of(config, 8.0) == 8.0
    assert kind_of(Disruption(HOT)).recheck.of(config, 8.0) is None
    with pytest.raises(TypeError):
        Kind(HOT, "hot", HEAT, (), False)  # only the reason, state and look by position
    with pytest.raises(TypeError) as raised:
        Kind(HOT, "hot", HEAT, stop_call=())
    assert "no field stop_call; it has counted" in str(raised.value)


class Looks(object):
    """Looks that each find what they are given, and remember being read."""

    def __init__(self, **found):
        self.read = []
        self._found = found

    def table(self, *looks):
        return dict((look, self._reader(look)) for look in looks)

    def _reader(self, look):
        def read():
            self.read.append(look.name)
            return self._found.get(look.name.split()[-1])
        return read


def use(monkeypatch, kinds):
    """Make ``kinds`` the table, as if written in disruptions.py."""
    monkeypatch.setattr(disruptions, "KINDS", tuple(kinds))
    by_reason, looks = disruptions.index(kinds)
    monkeypatch.setattr(disruptions, "_BY_REASON", by_reason)
    monkeypatch.setattr(disruptions, "LOOKS", looks)


def test_the_first_found_in_the_order_wins():
    looks = Looks(heat=Disruption(HOT), speech=Disruption(SPEECH))
    assert disruptions.first(looks.table(*LOOKS), asking=True).reason == HOT
    assert looks.read == ["the round's stop", "Pepper's own state", "the heat"]


def test_only_a_gate_that_may_ask_reads_almotion_and_then_speech_again():
    looks = Looks()
    assert disruptions.first(looks.table(*LOOKS), asking=False) is None
    assert "ALMotion's tasks" not in looks.read and looks.read.count("speech") == 1
    looks = Looks()
    assert disruptions.first(looks.table(*LOOKS), asking=True) is None
    assert looks.read[-2:] == ["ALMotion's tasks", "speech"]


def test_the_veto_reads_only_what_may_stop_the_call():
    slope = Disruption(WAITING, why="on a slope")
    looks = Looks(state=slope, speech=Disruption(SPEECH), heat=Disruption(HOT))
    assert disruptions.veto(looks.table(*LOOKS), A_GROUP).reason == SPEECH
    assert looks.read == ["the round's stop", "Pepper's own state", "speech"]
    looks = Looks(state=slope)
    assert disruptions.veto(looks.table(ROUND_STOP, OWN_STATE, HEAT, TASKS),
                            THE_BASE) == slope


# -- each gate of the workers reads the table -------------------------------------------

class OwnState(object):
    def __init__(self):
        self.holding = None

    def hold(self, _names, _base=False):
        return self.holding


class Heat(object):
    def __init__(self):
        self.hot = []

    def resting(self, names):
        return [name for name in names if name in self.hot]


class Sender(object):
    def __init__(self):
        self.free = True
        self.moving = False

    def joints_free(self, _names):
        return self.free

    def move_active(self):
        return self.moving


class Round(object):
    def __init__(self, group=None):
        self.clock = ManualClock()
        self.log = logging.getLogger("test.disruptions")
        self.sender = Sender()
        self.stop = threading.Event()
        self.own_state = OwnState()
        self.heat = Heat()
        self.speech = False
        groups = {"legs": group}
        self.tunings = collections.namedtuple("Tunings", "current")(
            lambda: collections.namedtuple("Tuning", "groups")(groups))

    def speaking(self):
        return self.speech


LEGS = collections.namedtuple("Group", "names yields_to_speech")(joints.LEG_JOINTS, True)


def gates():
    """(the round, {gate name: gate}) for a group and the base."""
    round_ = Round(LEGS)
    group = group_worker.GroupWorker(round_, "legs", None)
    base = base_worker.BaseWorker(round_, None)
    return round_, {"group's known": group._known_disruption,
                    "group's check": lambda: group.check(()), "group's veto": group._veto,
                    "base's known": lambda: base._disruption(ask_motion=False),
                    "base's check": lambda: base.check(()), "base's veto": base._stop_reason}


def test_every_gate_finds_nothing_on_a_quiet_round():
    _round, found = gates()
    assert [name for name, gate in found.items() if gate() is not None] == []


def test_every_gate_follows_the_tables_order(monkeypatch):
    # Hot legs while Pepper is paused: the table says Pepper's own state wins; put the
    # heat first and every gate that reads both follows.
    round_, found = gates()
    round_.own_state.holding = Hold(PAUSED, "fall", None)
    round_.heat.hot = [joints.LEG_JOINTS[0]]
    assert set(gate().reason for gate in found.values()) == {PAUSED}
    monkeypatch.setattr(disruptions, "LOOKS", (ROUND_STOP, HEAT, OWN_STATE, SPEAKING, TASKS))
    assert dict((name, gate().reason) for name, gate in found.items()) == {
        "group's known": HOT, "group's check": HOT, "base's known": HOT, "base's check": HOT,
        # Hot joints let a call end: the vetoes skip the heat.
        "group's veto": PAUSED, "base's veto": PAUSED}


def test_every_gate_reads_which_kinds_stop_a_call(monkeypatch):
    round_, found = gates()
    round_.own_state.holding = Hold(WAITING, "on a slope", None)
    assert found["group's veto"]() is None and found["base's veto"]().reason == WAITING
    use(monkeypatch, [kind._replace(stops_call=()) if kind.reason == WAITING else kind
                      for kind in KINDS])
    assert found["base's veto"]() is None
    assert found["group's known"]().reason == WAITING


def test_the_gates_that_may_ask_ask_almotion_last():
    round_, found = gates()
    round_.sender.free = False
    round_.sender.moving = True
    assert dict((name, gate() and gate().reason) for name, gate in found.items()) == {
        "group's known": None, "group's check": OTHER_APP, "group's veto": None,
        "base's known": None, "base's check": OTHER_APP, "base's veto": None}
    round_.speech = True  # speech outranks another app, for the group only
    assert found["group's check"]() == disruptions.YIELD_TO_SPEECH
    assert found["base's check"]().reason == OTHER_APP
    round_.stop.set()
    assert set(gate() for gate in found.values()) == {STOP}


def test_the_way_home_follows_the_tables_order(monkeypatch):
    # A group held by Pepper's own state while Pepper speaks and another app holds it.
    round_ = Round()
    round_.own_state.holding = Hold(RESTING, "Pepper rests", None)
    round_.speech = True
    round_.sender.free = False
    tuning = collections.namedtuple("Tuning", "groups")(
        {"legs": collections.namedtuple("Group", "name names yields_to_speech")(
            "legs", joints.LEG_JOINTS, True)})

    def left(order):
        monkeypatch.setattr(disruptions, "LOOKS", order)
        lines = []
        log = collections.namedtuple("Log", "info")(lines.append)
        homing.go_home(round_.sender, tuning, round_.speaking, round_.own_state, log, {})
        return lines

    assert left(LOOKS) == ["group legs left where it is: resting (Pepper rests)"]
    assert left((SPEAKING, OWN_STATE, TASKS)) == [
        "group legs left where it is: Pepper is speaking"]
    assert left((TASKS, OWN_STATE, SPEAKING)) == [
        "group legs left where it is: another app moves it"]


def test_a_new_kind_is_one_row_and_its_look(monkeypatch):
    # A kind no gate knew: found by a look of its own with no round trip, ranked before
    # the heat, stopping a group's running call but not the base's.
    touch = disruptions.Look("a touch")
    kinds = list(KINDS)
    kinds.insert([kind.reason for kind in KINDS].index(HOT),
                 Kind("touched", "yielding", touch, stops_call=(A_GROUP,)))
    use(monkeypatch, kinds)
    assert disruptions.LOOKS == (ROUND_STOP, OWN_STATE, touch, HEAT, SPEAKING, TASKS)
    looks = Looks(touch=Disruption("touched"), heat=Disruption(HOT))
    table = looks.table(*disruptions.LOOKS)
    assert disruptions.first(table, asking=False).reason == "touched"
    assert disruptions.veto(table, A_GROUP).reason == "touched"
    assert disruptions.veto(table, THE_BASE) is None
