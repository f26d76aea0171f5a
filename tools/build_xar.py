#!/usr/bin/env python
# -*- coding: utf-8 -*-
"""Generate behavior.xar from the box scripts in boxes/.

The box scripts are kept as plain .py files under boxes/ (so that they can be
linted, compiled under Python 2.7 and tested); behavior.xar, the file
Choregraphe and NAOqi read, is generated from them and from the template
below. Never edit behavior.xar by hand: edit boxes/*.py or this tool, then run

    python tools/build_xar.py            # rewrite behavior.xar
    python tools/build_xar.py --check    # exit 1 if behavior.xar is stale

Layout of the generated behaviour (root box, id -1):

* "Animate behaviour" (boxes/animate_behaviour.py) wired
  root.onStart -> box.onStart, root.onStop -> box.onStop,
  box.onStopped -> root.onStopped.
* "Enable animate behaviour" and "Disable animate behaviour" are two copies of
  one box script, boxes/set_animate_behaviour_activation.py, told apart only by
  the default of their "State" parameter ("enabled" or "disabled", a string
  parameter offering those two choices). They sit in the same root diagram,
  NOT connected to anything. Choregraphe is happy with unconnected boxes (it
  instantiates them when the diagram loads but never starts them; their
  __init__/onLoad do nothing), and shipping them inside the project is the
  simplest way for users to copy-paste either one into their own behaviours
  from Choregraphe. The same script is also available as a plain file under
  boxes/ for anyone building boxes by hand.

Names are in English here; their French and Japanese translations are in
translations/*.ts, keyed the way Choregraphe keys its own translation messages
(see docs/naoqi.md, "Packages: .pml, .xar and qipkg"): the context is the box path behind the
behaviour's xar ("behavior.xar:/<box name>" for a behaviour whose .pml
BehaviorDescription has src="."), and a parameter's texts carry the
parameter's name as <comment>. translation_messages() lists every message the
.ts files must hold (the box's name; each parameter's name; each choice value,
left untranslated because it is what the box sends); --check also checks
them.

Single-source Python 2.7 / 3.x.
"""
from __future__ import absolute_import, division, print_function, unicode_literals

import argparse
import os
import sys
import xml.etree.ElementTree as ElementTree
from xml.sax.saxutils import escape

TOOLS_DIR = os.path.dirname(os.path.abspath(__file__))
if TOOLS_DIR not in sys.path:
    sys.path.insert(0, TOOLS_DIR)

from generated_file import read_text, write_or_check  # noqa: E402  (tools/ is on sys.path)

ROOT_DIR = os.path.dirname(TOOLS_DIR)
XAR_PATH = os.path.join(ROOT_DIR, "behavior.xar")
BOXES_DIR = os.path.join(ROOT_DIR, "boxes")

BOX_BITMAP = "media/images/box/box-python-script.png"

#: Where behavior.xar is in the package: the .pml's BehaviorDescription src.
BEHAVIOR_SRC = "."
TRANSLATIONS_DIR = os.path.join(ROOT_DIR, "translations")
LANGUAGES = ["en_US", "fr_FR", "ja_JP"]

# Standard Choregraphe tooltips of the four default box ports.
TIP_ON_LOAD = "Signal sent when diagram is loaded."
TIP_ON_START = "Box behavior starts when a signal is received on this input."
TIP_ON_STOP = "Box behavior stops when a signal is received on this input."
TIP_ON_STOPPED = "Signal sent when box behavior is finished."

# Port types: 1 = bang, 3 = string. Natures: inputs 0 = onLoad, 2 = onStart,
# 3 = onStop; outputs 1 = onStopped-like (the box is finished), 2 = punctual.
# Parameter content_type: 0 = bool, 1 = int, 2 = double, 3 = string.

#: Values of the "State" parameter of the activation boxes (AnimateBehaviour.setActivation).
ACTIVATION_STATES = ["enabled", "disabled"]


def activation_box(box_id, name, state, x, tooltip):
    """One copy of boxes/set_animate_behaviour_activation.py whose State defaults to `state`."""
    return {
        "id": box_id,
        "name": name,
        "script": "set_animate_behaviour_activation.py",
        "tooltip": tooltip + (" Copy this box into your own behaviours; the Animate "
                              "behaviour application must be running."),
        "x": x, "y": 300,
        "outputs": [
            {"name": "onStopped", "type": 1, "nature": 1, "id": 4,
             "tooltip": "Signal sent when the AnimateBehaviour service has accepted the "
                        "request."},
            {"name": "onFailed", "type": 3, "nature": 1, "id": 5,
             "tooltip": "Sends an error message when the request could not be made or "
                        "was refused, or when State is not a valid value."},
        ],
        "parameters": [
            {"name": "State", "content_type": 3, "value": state, "default_value": state,
             "choices": ACTIVATION_STATES, "id": 6,
             "tooltip": "What to ask for: \"enabled\" starts the motion, \"disabled\" "
                        "stops it and brings the robot back to its home posture."},
        ],
    }


#: The boxes of the root diagram, in id order (the diagram's own id is 0).
BOXES = [
    {
        "id": 1,
        "name": "Animate behaviour",
        "script": "animate_behaviour.py",
        "tooltip": ("Makes the robot move subtly and randomly so that it looks alive. "
                    "While it runs, the AnimateBehaviour service lets other behaviours "
                    "enable or disable the motion."),
        "x": 300, "y": 120,
        "outputs": [
            {"name": "onStopped", "type": 1, "nature": 1, "id": 4,
             "tooltip": TIP_ON_STOPPED},
        ],
        "parameters": [
            {"name": "Activate on start", "content_type": 0, "value": "1",
             "default_value": "1", "id": 5,
             "tooltip": "Start moving as soon as the box starts. When unchecked, the "
                        "robot stays still until another behaviour calls "
                        "AnimateBehaviour.setActivation(\"enabled\")."},
            {"name": "Show on tablet", "content_type": 0, "value": "0",
             "default_value": "0", "id": 6,
             "tooltip": "Show the package's page (an on/off switch, the presets, what the "
                        "robot is doing) on the tablet while the box runs, and hide it when "
                        "it stops."},
        ],
    },
    activation_box(2, "Enable animate behaviour", "enabled", x=300,
                   tooltip="Asks the AnimateBehaviour service to start moving the robot."),
    activation_box(3, "Disable animate behaviour", "disabled", x=550,
                   tooltip="Asks the AnimateBehaviour service to stop moving the robot."),
]

#: Links of the root diagram: (inputowner, indexofinput, outputowner, indexofoutput).
#: Owner 0 is the root box itself (its inputs act as outputs inside the diagram).
LINKS = [
    (1, 2, 0, 2),  # root onStart   -> Animate behaviour onStart
    (1, 3, 0, 3),  # root onStop    -> Animate behaviour onStop
    (0, 4, 1, 4),  # Animate behaviour onStopped -> root onStopped
]

ROOT_TEMPLATE = """\
<?xml version="1.0" encoding="UTF-8" ?>
<!-- Generated by tools/build_xar.py from boxes/*.py: do not edit by hand. -->
<ChoregrapheProject xmlns="http://www.aldebaran-robotics.com/schema/choregraphe/project.xsd" xar_version="3">
    <Box name="root" id="-1" localization="8" tooltip="Root box of Choregraphe&apos;s behavior. Highest level possible." x="0" y="0">
        <bitmap>media/images/box/root.png</bitmap>
        <script language="4">
            <content><![CDATA[]]></content>
        </script>
        <Input name="onLoad" type="1" type_size="1" nature="0" inner="1" tooltip="{tip_on_load}" id="1" />
        <Input name="onStart" type="1" type_size="1" nature="2" inner="0" tooltip="{tip_on_start}" id="2" />
        <Input name="onStop" type="1" type_size="1" nature="3" inner="0" tooltip="{tip_on_stop}" id="3" />
        <Output name="onStopped" type="1" type_size="1" nature="1" inner="0" tooltip="{tip_on_stopped}" id="4" />
        <Timeline enable="0">
            <BehaviorLayer name="behavior_layer1">
                <BehaviorKeyframe name="keyframe1" index="1">
                    <Diagram>
{boxes}{links}                    </Diagram>
                </BehaviorKeyframe>
            </BehaviorLayer>
        </Timeline>
    </Box>
</ChoregrapheProject>
"""

BOX_TEMPLATE = """\
                        <Box name="{name}" id="{id}" localization="8" tooltip="{tooltip}" x="{x}" y="{y}">
                            <bitmap>{bitmap}</bitmap>
                            <script language="4">
                                <content><![CDATA[{script}]]></content>
                            </script>
                            <Input name="onLoad" type="1" type_size="1" nature="0" inner="1" tooltip="{tip_on_load}" id="1" />
                            <Input name="onStart" type="1" type_size="1" nature="2" inner="0" tooltip="{tip_on_start}" id="2" />
                            <Input name="onStop" type="1" type_size="1" nature="3" inner="0" tooltip="{tip_on_stop}" id="3" />
{ports}                        </Box>
"""

OUTPUT_TEMPLATE = (
    '                            <Output name="{name}" type="{type}" type_size="1" '
    'nature="{nature}" inner="0" tooltip="{tooltip}" id="{id}" />\n')

PARAMETER_TEMPLATE = (
    '                            <Parameter name="{name}" inherits_from_parent="0" '
    'content_type="{content_type}" value="{value}" default_value="{default_value}" '
    '{extra}tooltip="{tooltip}" id="{id}"{end}\n')

# A parameter with "choices" gets one <Choice> child per value; custom_choice="0"
# makes Choregraphe offer only those values.
CHOICE_TEMPLATE = '                                <Choice value="{value}" />\n'
PARAMETER_END = '                            </Parameter>\n'

LINK_TEMPLATE = (
    '                        <Link inputowner="{0}" indexofinput="{1}" '
    'outputowner="{2}" indexofoutput="{3}" />\n')


def attr(value):
    """Escape a value for a double-quoted XML attribute (newlines kept)."""
    return escape("%s" % (value,), {'"': "&quot;", "'": "&apos;", "\n": "&#x0A;"})


def read_script(name, boxes_dir=BOXES_DIR):
    """Exact text of boxes/<name> (UTF-8, newlines untouched)."""
    path = os.path.join(boxes_dir, name)
    text = read_text(path)
    if "]]>" in text:
        raise ValueError("%s contains ']]>', which cannot be embedded in CDATA" % path)
    if "\r" in text:
        raise ValueError("%s has CR characters; use LF line endings (XML parsers "
                         "would normalise them and the xar would not match)" % path)
    return text


def port_tips():
    return {
        "tip_on_load": attr(TIP_ON_LOAD),
        "tip_on_start": attr(TIP_ON_START),
        "tip_on_stop": attr(TIP_ON_STOP),
        "tip_on_stopped": attr(TIP_ON_STOPPED),
    }


def render_box(box, boxes_dir=BOXES_DIR):
    ports = []
    for output in box["outputs"]:
        ports.append(OUTPUT_TEMPLATE.format(
            name=attr(output["name"]), type=output["type"], nature=output["nature"],
            tooltip=attr(output["tooltip"]), id=output["id"]))
    for param in box["parameters"]:
        choices = param.get("choices")
        ports.append(PARAMETER_TEMPLATE.format(
            name=attr(param["name"]), content_type=param["content_type"],
            value=attr(param["value"]), default_value=attr(param["default_value"]),
            extra='custom_choice="0" ' if choices else "",
            tooltip=attr(param["tooltip"]), id=param["id"], end=">" if choices else " />"))
        if choices:
            ports.extend(CHOICE_TEMPLATE.format(value=attr(value)) for value in choices)
            ports.append(PARAMETER_END)
    fields = port_tips()
    fields.update(
        name=attr(box["name"]), id=box["id"], tooltip=attr(box["tooltip"]),
        x=box["x"], y=box["y"], bitmap=BOX_BITMAP,
        script=read_script(box["script"], boxes_dir), ports="".join(ports))
    return BOX_TEMPLATE.format(**fields)


def generate(boxes_dir=BOXES_DIR):
    """Return the full text of behavior.xar."""
    boxes = "".join(render_box(box, boxes_dir) for box in BOXES)
    links = "".join(LINK_TEMPLATE.format(*link) for link in LINKS)
    fields = port_tips()
    fields.update(boxes=boxes, links=links)
    return ROOT_TEMPLATE.format(**fields)


def translation_context(box_path, behavior_src=BEHAVIOR_SRC):
    """Choregraphe's translation context of the box at `box_path` ("Box", "Parent/Box"):
    "<behaviour dir>/behavior.xar:/<box path>", just "behavior.xar:/<box path>" for the
    behaviour at the package root (src=".")."""
    xar = "behavior.xar" if behavior_src == "." else behavior_src.rstrip("/") + "/behavior.xar"
    return xar + ":/" + box_path


def translation_messages():
    """(context, source, comment) of every message translations/*.ts must hold; comment is
    the parameter's name for a parameter's texts, None for the box's own name."""
    messages = []
    for box in BOXES:
        context = translation_context(box["name"])
        messages.append((context, box["name"], None))
        for param in box["parameters"]:
            messages.append((context, param["name"], param["name"]))
            for value in param.get("choices", ()):
                messages.append((context, value, param["name"]))
    return messages


def untranslated_sources():
    """(context, source, comment) of the messages whose translation must be the source:
    choice values, which the box sends as they are (AnimateBehaviour.setActivation)."""
    return set((translation_context(box["name"]), value, param["name"])
               for box in BOXES for param in box["parameters"]
               for value in param.get("choices", ()))


def read_translations(path):
    """{(context, source, comment): translation element} of the .ts file at `path`."""
    messages = {}
    for context in ElementTree.parse(path).getroot().findall("context"):
        name = context.find("name").text
        for message in context.findall("message"):
            comment = message.find("comment")
            key = (name, message.find("source").text,
                   None if comment is None else comment.text)
            messages[key] = message.find("translation")
    return messages


def translation_problems(translations_dir=TRANSLATIONS_DIR):
    """What is wrong with translations/*.ts against BOXES, one line each (none: [])."""
    expected = set(translation_messages())
    verbatim = untranslated_sources()
    problems = []
    for lang in LANGUAGES:
        path = os.path.join(translations_dir, "translation_%s.ts" % lang)
        found = read_translations(path)
        for key in sorted(expected - set(found), key=repr):
            problems.append("%s: no message %r" % (path, key))
        for key in sorted(set(found) - expected, key=repr):
            problems.append("%s: message %r matches no box, parameter or choice" % (path, key))
        for key in sorted(expected & set(found), key=repr):
            translation = found[key]
            if not translation.text or translation.get("type") is not None:
                problems.append("%s: %r is not translated (or not finished)" % (path, key))
            elif key in verbatim and translation.text != key[1]:
                problems.append("%s: %r must stay %r: the box sends it as it is"
                                % (path, key, key[1]))
    return problems


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="do not write; exit 1 if behavior.xar is not up to date")
    parser.add_argument("--output", default=XAR_PATH,
                        help="path of the generated file (default: %(default)s)")
    args = parser.parse_args(argv)
    status = write_or_check(args.output, generate(), args.check, "python tools/build_xar.py")
    if args.check:
        problems = translation_problems()
        for problem in problems:
            print(problem, file=sys.stderr)
        if problems:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
