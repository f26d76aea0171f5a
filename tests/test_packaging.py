# -*- coding: utf-8 -*-
"""Packaging: behavior.xar, the .pml, translations, the box scripts and the .pkg.

Runs on both lanes but for the package build (qibuild's qipkg) and the icon (Pillow):
the 3.9 lane's tools, as `make package` uses them.
"""
from __future__ import absolute_import, division, print_function, unicode_literals

import io
import json
import os
import struct
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
import zipfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, "tools")
if TOOLS not in sys.path:
    sys.path.insert(0, TOOLS)

import build_package  # noqa: E402
import build_xar  # noqa: E402
import lrelease  # noqa: E402
import update_pml  # noqa: E402
from generated_file import read_text  # noqa: E402

XAR_NS = "{http://www.aldebaran-robotics.com/schema/choregraphe/project.xsd}"
LANGUAGES = ["en_US", "fr_FR", "ja_JP"]
BOX_FILES = sorted(name for name in os.listdir(os.path.join(ROOT, "boxes"))
                   if name.endswith(".py"))


def run_tool(args):
    proc = subprocess.Popen([sys.executable] + args, cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)
    out = proc.communicate()[0].decode("utf-8", "replace")
    return proc.returncode, out


def xar_boxes():
    """{box name: Box element} of the root diagram of behavior.xar."""
    root = ElementTree.parse(os.path.join(ROOT, "behavior.xar")).getroot()
    assert root.tag == XAR_NS + "ChoregrapheProject"
    root_box = root.find(XAR_NS + "Box")
    assert root_box.get("id") == "-1"
    diagram = root_box.find("/".join(XAR_NS + tag for tag in (
        "Timeline", "BehaviorLayer", "BehaviorKeyframe", "Diagram")))
    return root_box, diagram, dict((box.get("name"), box)
                                   for box in diagram.findall(XAR_NS + "Box"))


def script_of(box):
    return box.find(XAR_NS + "script").find(XAR_NS + "content").text or ""


# --- (a) behavior.xar ------------------------------------------------------------

def test_xar_is_up_to_date():
    code, out = run_tool([os.path.join("tools", "build_xar.py"), "--check"])
    assert code == 0, out


def test_xar_embeds_exactly_each_box_script():
    _, _, boxes = xar_boxes()
    assert sorted(boxes) == sorted(spec["name"] for spec in build_xar.BOXES)
    assert sorted(set(spec["script"] for spec in build_xar.BOXES)) == BOX_FILES
    for spec in build_xar.BOXES:
        text = read_text(os.path.join(ROOT, "boxes", spec["script"]))
        assert script_of(boxes[spec["name"]]) == text, spec["name"]
    # One script, two boxes: only the State parameter tells them apart.
    assert [spec["name"] for spec in build_xar.BOXES
            if spec["script"] == "set_animate_behaviour_activation.py"] == \
        ["Enable animate behaviour", "Disable animate behaviour"]


def test_xar_wiring_and_parameter():
    root_box, diagram, boxes = xar_boxes()
    main = boxes["Animate behaviour"]
    links = set((link.get("inputowner"), link.get("indexofinput"),
                 link.get("outputowner"), link.get("indexofoutput"))
                for link in diagram.findall(XAR_NS + "Link"))
    main_id = main.get("id")
    ports = dict((port.get("name"), port.get("id")) for port in
                 main.findall(XAR_NS + "Input") + main.findall(XAR_NS + "Output"))
    root_ports = dict((port.get("name"), port.get("id")) for port in
                      root_box.findall(XAR_NS + "Input") + root_box.findall(XAR_NS + "Output"))
    assert links == set([
        (main_id, ports["onStart"], "0", root_ports["onStart"]),
        (main_id, ports["onStop"], "0", root_ports["onStop"]),
        ("0", root_ports["onStopped"], main_id, ports["onStopped"]),
    ])
    param = main.find(XAR_NS + "Parameter")
    assert param.get("name") == "Activate on start"
    assert (param.get("content_type"), param.get("value"), param.get("default_value")) == \
        ("0", "1", "1")
    for name, state in (("Enable animate behaviour", "enabled"),
                        ("Disable animate behaviour", "disabled")):
        outputs = dict((out.get("name"), out) for out in boxes[name].findall(XAR_NS + "Output"))
        assert sorted(outputs) == ["onFailed", "onStopped"]
        assert outputs["onFailed"].get("type") == "3"  # string
        params = boxes[name].findall(XAR_NS + "Parameter")
        assert [param.get("name") for param in params] == ["State"]
        param = params[0]
        # A string parameter (content_type 3) offering only the two choices.
        assert (param.get("content_type"), param.get("value"), param.get("default_value"),
                param.get("custom_choice")) == ("3", state, state, "0")
        assert [choice.get("value") for choice in param.findall(XAR_NS + "Choice")] == \
            ["enabled", "disabled"]


def test_box_ids_are_unique_per_box():
    _, _, boxes = xar_boxes()
    for box in boxes.values():
        ids = [child.get("id") for child in box
               if child.tag in (XAR_NS + "Input", XAR_NS + "Output", XAR_NS + "Parameter")]
        assert len(ids) == len(set(ids)), box.get("name")


# --- (b) the .pml -------------------------------------------------------------------

def test_pml_is_up_to_date():
    code, out = run_tool([os.path.join("tools", "update_pml.py"), "--check"])
    assert code == 0, out


def test_pml_lists_every_lib_module_and_config():
    root = ElementTree.parse(os.path.join(ROOT, update_pml.PML_NAME)).getroot()
    listed = set(elem.get("src") for elem in root.find("Resources").findall("File"))
    expected = set()
    for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, "lib")):
        dirnames[:] = [d for d in dirnames if d not in ("__pycache__", "_vendor")
                       and not d.startswith(".")]
        for name in filenames:
            if name.endswith(".py"):
                expected.add(os.path.relpath(os.path.join(dirpath, name), ROOT)
                             .replace(os.sep, "/"))
    assert "lib/animate_behaviour/__init__.py" in expected
    assert expected <= listed
    # Vendored libraries exist only in staged folders; never in the repository's .pml.
    assert not [src for src in listed if "/_vendor/" in src]
    assert "config/animateBehaviourConfiguration.ini" in listed
    assert "icon.png" in listed
    assert "html/index.html" in listed  # the tablet page
    for src in listed:
        assert os.path.isfile(os.path.join(ROOT, src)), src
    behaviors = root.find("BehaviorDescriptions").findall("BehaviorDescription")
    assert [(b.get("src"), b.get("xar")) for b in behaviors] == [(".", "behavior.xar")]
    translations = root.find("Translations")
    assert translations.get("auto-fill") == "en_US"
    assert sorted(t.get("language") for t in translations.findall("Translation")) == LANGUAGES


def test_update_pml_ignores_bytecode(tmpdir):
    base = str(tmpdir)
    for rel in ("lib/pkg/__init__.py", "lib/pkg/mod.py", "lib/pkg/mod.pyc",
                "lib/pkg/__pycache__/mod.cpython-39.pyc", "lib/pkg/__pycache__/x.py",
                "config/a.ini", "config/sub/b.ini", "config/notes.txt"):
        path = os.path.join(base, *rel.split("/"))
        if not os.path.isdir(os.path.dirname(path)):
            os.makedirs(os.path.dirname(path))
        io.open(path, "w").close()
    assert update_pml.find_resources(base) == [
        "config/a.ini", "lib/pkg/__init__.py", "lib/pkg/mod.py"]


def test_update_pml_lists_vendored_libraries_only_when_asked(tmpdir):
    for rel in ("lib/pkg/__init__.py", "lib/pkg/_vendor/__init__.py", "lib/pkg/_vendor/six.py"):
        tmpdir.join(*rel.split("/")).write("", ensure=True)
    assert update_pml.find_resources(str(tmpdir)) == ["lib/pkg/__init__.py"]
    assert update_pml.find_resources(str(tmpdir), vendored=True) == [
        "lib/pkg/__init__.py", "lib/pkg/_vendor/__init__.py", "lib/pkg/_vendor/six.py"]


# --- (d) translations ---------------------------------------------------------------

def ts_messages(lang, translations_dir=os.path.join(ROOT, "translations")):
    """{(context, source, comment or None): translation element} of one .ts file."""
    path = os.path.join(translations_dir, "translation_%s.ts" % lang)
    root = ElementTree.parse(path).getroot()
    assert root.tag == "TS" and root.get("language") == lang
    messages = {}
    for context in root.findall("context"):
        name = context.find("name").text
        for message in context.findall("message"):
            comment = message.find("comment")
            key = (name, message.find("source").text, None if comment is None else comment.text)
            assert key not in messages, (lang, key)
            messages[key] = message.find("translation")
    return messages


def xar_translation_keys():
    """The messages Choregraphe's keying gives behavior.xar, read from the files themselves:
    context "<behaviour dir>/behavior.xar:/<box path>" ("behavior.xar:/..." for the
    .pml's src="."), and per box its name, each parameter's name and each choice value,
    a parameter's texts commented with the parameter's name."""
    pml = ElementTree.parse(os.path.join(ROOT, update_pml.PML_NAME)).getroot()
    behaviors = pml.find("BehaviorDescriptions").findall("BehaviorDescription")
    assert [b.get("name") for b in behaviors] == ["behavior"]
    src = behaviors[0].get("src")
    prefix = "behavior.xar:/" if src == "." else src + "/behavior.xar:/"
    keys = set()
    _, diagram, boxes = xar_boxes()
    # Only root-diagram boxes: a nested box's path would be "Parent/Child".
    assert not [box for box in diagram.iter(XAR_NS + "Box") if box not in boxes.values()]
    for name, box in boxes.items():
        keys.add((prefix + name, name, None))
        for param in box.findall(XAR_NS + "Parameter"):
            keys.add((prefix + name, param.get("name"), param.get("name")))
            for choice in param.findall(XAR_NS + "Choice"):
                keys.add((prefix + name, choice.get("value"), param.get("name")))
    return keys


def test_translation_context_is_spelled_like_choregraphe():
    assert build_xar.translation_context("Say") == "behavior.xar:/Say"
    assert build_xar.translation_context("INIT/Say", "behavior_1") == \
        "behavior_1/behavior.xar:/INIT/Say"


def test_translations_are_keyed_on_behavior_xar_boxes_parameters_and_choices():
    expected = xar_translation_keys()
    assert ("behavior.xar:/Enable animate behaviour", "enabled", "State") in expected
    assert ("behavior.xar:/Animate behaviour", "Activate on start", "Activate on start") \
        in expected
    assert set(build_xar.translation_messages()) == expected
    for lang in LANGUAGES:
        assert set(ts_messages(lang)) == expected, lang
    assert build_xar.translation_problems() == []


def test_translations_are_complete_and_choice_values_stay_as_the_box_sends_them():
    verbatim = build_xar.untranslated_sources()
    assert set(key[1] for key in verbatim) == set(["enabled", "disabled"])
    for lang in LANGUAGES:
        for key, translation in ts_messages(lang).items():
            # qipkg's lrelease step fails on any untranslated or unfinished message.
            assert translation.text, (lang, key)
            assert translation.get("type") is None, (lang, key)
            if lang == "en_US" or key in verbatim:
                assert translation.text == key[1], (lang, key)
            else:
                assert translation.text != key[1], (lang, key)
    assert ts_messages("fr_FR")[("behavior.xar:/Enable animate behaviour", "State", "State")] \
        .text == "\u00c9tat"


def test_translation_problems_name_the_message(tmpdir):
    for lang in LANGUAGES:
        text = read_text(os.path.join(ROOT, "translations", "translation_%s.ts" % lang))
        if lang == "fr_FR":
            text = text.replace("<translation>enabled</translation>",
                                "<translation>activ\u00e9</translation>", 1)
            text = text.replace("<comment>Activate on start</comment>", "", 1)
        tmpdir.join("translation_%s.ts" % lang).write_text(text, encoding="utf-8")
    problems = build_xar.translation_problems(str(tmpdir))
    assert len(problems) == 3, problems
    assert "must stay 'enabled': the box sends it as it is" in problems[2]
    assert "no message ('behavior.xar:/Animate behaviour', 'Activate on start', " \
        "'Activate on start')" in problems[0].replace("u'", "'")
    assert "matches no box, parameter or choice" in problems[1]


# --- the box scripts themselves (both lanes, with a fake Choregraphe) ----------------

class FakeLogger(object):
    def __init__(self):
        self.errors = []

    def error(self, message):
        self.errors.append(message)

    info = warning = debug = error


def load_box(filename, session=None, params=None, behavior_path="/pkg"):
    fired = []

    class GeneratedClass(object):
        def __init__(self):
            self.logger = FakeLogger()

        def session(self):
            return session

        def getParameter(self, name):
            return (params or {})[name]

        def behaviorAbsolutePath(self):
            return behavior_path

        def onStopped(self, *args):
            fired.append(("onStopped",) + args)

        def onFailed(self, *args):
            fired.append(("onFailed",) + args)

    namespace = {"GeneratedClass": GeneratedClass}
    code = compile(read_text(os.path.join(ROOT, "boxes", filename)), filename, "exec")
    exec(code, namespace)
    box = namespace["MyClass"]()
    return box, fired


class FakeService(object):
    def __init__(self, result=1, error=None):
        self.calls = []
        self.result, self.error = result, error

    def setActivation(self, value):
        self.calls.append(value)
        if self.error is not None:
            raise self.error
        return self.result


class FakeSession(object):
    def __init__(self, services):
        self.services = services

    def service(self, name):
        if name not in self.services:
            raise RuntimeError("Cannot find service '%s' in index" % name)
        return self.services[name]


ACTIVATION_BOX = "set_animate_behaviour_activation.py"


@pytest.mark.parametrize("state", ["enabled", "disabled"])
def test_activation_box(state):
    params = {"State": state}
    service = FakeService()
    box, fired = load_box(ACTIVATION_BOX, FakeSession({"AnimateBehaviour": service}), params)
    box.onLoad()
    box.onInput_onStart()
    assert service.calls == [state] and fired == [("onStopped",)]
    assert box.logger.errors == []

    refusing = FakeService(result=0)
    box, fired = load_box(ACTIVATION_BOX, FakeSession({"AnimateBehaviour": refusing}), params)
    box.onInput_onStart()
    assert refusing.calls == [state]
    assert fired[0][0] == "onFailed" and "returned 0" in fired[0][1]
    assert state in fired[0][1]
    assert box.logger.errors == [fired[0][1]]

    failing = FakeService(error=RuntimeError("boom"))
    box, fired = load_box(ACTIVATION_BOX, FakeSession({"AnimateBehaviour": failing}), params)
    box.onInput_onStart()
    assert fired[0][0] == "onFailed" and "boom" in fired[0][1]
    assert box.logger.errors == [fired[0][1]]


@pytest.mark.parametrize("state", ["enabled", "disabled"])
def test_activation_box_without_service(state):
    box, fired = load_box(ACTIVATION_BOX, FakeSession({}), {"State": state})
    box.onInput_onStart()
    assert len(fired) == 1 and fired[0][0] == "onFailed"
    assert "AnimateBehaviour" in fired[0][1] and "not available" in fired[0][1]
    assert box.logger.errors == [fired[0][1]]


@pytest.mark.parametrize("state", ["Enabled", "on", "", None])
def test_activation_box_rejects_a_bad_state(state):
    service = FakeService()
    box, fired = load_box(ACTIVATION_BOX, FakeSession({"AnimateBehaviour": service}),
                          {"State": state})
    box.onInput_onStart()
    assert service.calls == []
    assert len(fired) == 1 and fired[0][0] == "onFailed"
    message = fired[0][1]
    assert '"%s"' % (state,) in message
    assert '"enabled"' in message and '"disabled"' in message
    assert box.logger.errors == [message]


FAKE_GLUE = """
def start_from_box(session, package_dir, logger, activate, show_on_tablet):
    session.calls.append((__file__, package_dir, activate, show_on_tablet))
    return session.results.pop(0)
"""


class FakeRun(object):
    def __init__(self):
        self.stopped = 0

    def stop(self):
        self.stopped += 1


class RecordingSession(object):
    def __init__(self, results):
        self.calls, self.results = [], results


def test_main_box_delegates_to_box_glue(tmpdir, monkeypatch):
    """The box imports box_glue from its own package's lib/ and hands it the session."""
    package_dir = str(tmpdir.join("apps", "animate-behaviour"))
    fake_dir = tmpdir.join("apps", "animate-behaviour", "lib", "animate_behaviour", "serving")
    fake_dir.dirpath().join("__init__.py").write("", ensure=True)
    fake_dir.join("__init__.py").write("", ensure=True)
    fake_dir.join("box_glue.py").write(FAKE_GLUE)
    for name in [name for name in sys.modules if name.split(".")[0] == "animate_behaviour"]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.setattr(sys, "dont_write_bytecode", True)

    run = FakeRun()
    session = RecordingSession([run, None])
    box, fired = load_box("animate_behaviour.py", session,
                          {"Activate on start": 1, "Show on tablet": 0},
                          behavior_path=package_dir)
    box.onLoad()
    box.onInput_onStart()
    assert [(os.path.dirname(call[0]),) + call[1:] for call in session.calls] == \
        [(str(fake_dir), package_dir, True, False)]
    assert fired == [] and box.run is run
    box.onInput_onStop()
    assert run.stopped == 1 and box.run is None and fired == [("onStopped",)]
    box.onUnload()
    assert run.stopped == 1
    box.onInput_onStart()  # start_from_box returns None: the box ends at once
    assert len(session.calls) == 2
    assert fired == [("onStopped",), ("onStopped",)]
    assert "animate_behaviour" not in sys.modules


# --- (c) the staged folders and the package ---------------------------------------

VENDOR = "lib/animate_behaviour/_vendor/"
VENDORED = [VENDOR + name for name in ("__init__.py", "configobj.py", "six.py", "validate.py")]

# Run in a fresh interpreter on the staged lib/ first on sys.path, site-packages kept (the
# venvs have configobj, validate and six installed there): which copies does our code use?
WHICH_COPIES = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from animate_behaviour import configuration as config
from animate_behaviour.configuration import third_party
config.load(sys.argv[2])
six = sys.modules['animate_behaviour._vendor.six']
print(json.dumps({
    'files': [m.__file__ for m in (third_party.configobj, third_party.validate, six)],
    'top_level': sorted(n for n in ('six', 'configobj', 'validate', '_version')
                        if n in sys.modules),
}))
"""


def list_tree(base):
    found = set()
    for dirpath, _dirnames, filenames in os.walk(base):
        for name in filenames:
            found.add(os.path.relpath(os.path.join(dirpath, name), base).replace(os.sep, "/"))
    return found


def pml_listed(pml_path):
    """Every file the .pml names: manifest, behaviours, resources, translations."""
    root = ElementTree.parse(pml_path).getroot()
    listed = set([root.find("Manifest").get("src")])
    for behavior in root.find("BehaviorDescriptions").findall("BehaviorDescription"):
        src = behavior.get("src")
        listed.add(behavior.get("xar") if src == "." else src + "/" + behavior.get("xar"))
    listed.update(elem.get("src") for elem in root.find("Resources").findall("File"))
    listed.update(elem.get("src") for elem in root.find("Translations").findall("Translation"))
    return listed


def test_choregraphe_folder_lists_every_file_it_holds_vendored_ones_included(tmpdir):
    folder = str(tmpdir.join("choregraphe"))
    code, out = run_tool([os.path.join("tools", "build_package.py"), "--choregraphe", folder])
    assert code == 0, out
    pml = os.path.join(folder, update_pml.PML_NAME)
    assert "open %s" % pml in out
    held = list_tree(folder) - set([update_pml.PML_NAME])
    assert pml_listed(pml) == held
    assert set(VENDORED) <= held
    assert set(["manifest.xml", "behavior.xar", "config/animateBehaviourConfiguration.ini",
                "icon.png"]) <= held
    assert set("translations/translation_%s.ts" % lang for lang in LANGUAGES) <= held
    # Nothing but our own package at the top of lib/, which the box puts on sys.path.
    assert os.listdir(os.path.join(folder, "lib")) == ["animate_behaviour"]


def test_vendored_libraries_are_ours_alone_and_preferred(tmpdir):
    folder = str(tmpdir.join("staged"))
    build_package.stage(folder)
    configobj_text = read_text(os.path.join(folder, VENDOR + "configobj.py"))
    assert "\nfrom . import six  # vendored\n" in configobj_text
    assert "\n__version__ = '5.0.6'  # vendored\n" in configobj_text
    assert " from .validate import VdtMissingValue  # vendored\n" in configobj_text
    for line in configobj_text.splitlines():
        words = line.split()
        assert words[:2] not in (["import", "six"], ["from", "validate"], ["from", "_version"])
    proc = subprocess.Popen([sys.executable, "-c", WHICH_COPIES, os.path.join(folder, "lib"),
                             os.path.join(folder, "config", "animateBehaviourConfiguration.ini")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = proc.communicate()
    assert proc.returncode == 0, err.decode("utf-8", "replace")
    which = json.loads(out.decode("utf-8"))
    vendor_dir = os.path.join(folder, *VENDOR.split("/"))
    for path in which["files"]:
        assert os.path.abspath(path).startswith(vendor_dir), path
    assert which["top_level"] == []



def test_build_validate_and_inspect_package(tmpdir):
    if sys.version_info[0] < 3:
        pytest.skip("3.9 lane only: make package builds with qibuild's qipkg, installed there")
    pytest.importorskip("qipkg")
    dist = os.path.join(str(tmpdir), "dist")
    build = os.path.join(str(tmpdir), "build")
    code, out = run_tool([os.path.join("tools", "build_package.py"),
                          "--dist", dist, "--build-dir", build])
    assert code == 0, out
    assert "The package satisfies default package requirements" in out
    manifest = ElementTree.parse(os.path.join(ROOT, "manifest.xml")).getroot()
    pkg = os.path.join(dist, "%s-%s.pkg" % (manifest.get("uuid"), manifest.get("version")))
    assert os.path.isfile(pkg)
    assert not os.path.exists(os.path.join(ROOT, "translations", "translation_en_US.qm"))

    qipkg = os.path.join(os.path.dirname(sys.executable), "qipkg")
    proc = subprocess.Popen([qipkg, "validate-package", pkg], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)
    out = proc.communicate()[0].decode("utf-8", "replace")
    assert proc.returncode == 0, out
    assert "Package warnings" not in out and "Package errors" not in out, out
    names = set(zipfile.ZipFile(pkg).namelist())
    expected = set(["manifest.xml", "behavior.xar", "config/animateBehaviourConfiguration.ini",
                    "icon.png", "html/index.html"])
    expected.update(VENDORED)
    expected.update("translations/translation_%s.qm" % lang for lang in LANGUAGES)
    lib_dir = os.path.join(ROOT, "lib", "animate_behaviour")
    expected.update("lib/animate_behaviour/" + name for name in os.listdir(lib_dir)
                    if name.endswith(".py"))
    assert expected <= names, sorted(expected - names)
    assert not [name for name in names if name.endswith(".pyc") or "__pycache__" in name]
    # Nothing at the top of lib/ but our package: no six, validate or configobj there.
    assert set(name.split("/")[1] for name in names if name.startswith("lib/")) == \
        set(["animate_behaviour"])
    with io.open(os.path.join(ROOT, "icon.png"), "rb") as icon:
        assert zipfile.ZipFile(pkg).read("icon.png") == icon.read()


# --- translations without Qt: tools/lrelease.py ------------------------------------------

def qt_lrelease():
    """Qt's lrelease where Debian puts it or on PATH (not tools/bin's), or None."""
    ours = os.path.join(TOOLS, "bin")
    dirs = os.environ.get("PATH", "").split(os.pathsep) + build_package.EXTRA_TOOL_DIRS
    for directory in dirs:
        candidate = os.path.join(directory, "lrelease")
        if directory and os.path.abspath(directory) != ours and os.access(candidate, os.X_OK):
            return candidate
    return None


def hard_ts(path, language):
    """A .ts with what the package's do not have yet: contexts sharing a slot of the
    contexts' table, one source with and without a comment, one source with two comments,
    a comment that can be dropped, text outside Latin-1."""
    slots = {}
    for index in range(1000):
        name = "Box%d" % index
        slots.setdefault(lrelease.elf_hash(name.encode("ascii")) % 151, []).append(name)
    contexts = [names for names in slots.values() if len(names) >= 3][0][:3] + ["behavior.xar:/Box"]
    messages = [("State", "State", "\u00c9tat"), ("State", "", "\u00c9tat seul"),
                ("Open", "door", "Ouvrir la porte"), ("Open", "file", "Ouvrir le fichier"),
                ("Hello", "", "Bonjour \u263a"), ("Only", "a note", "Seul")]
    lines = ['<?xml version="1.0" encoding="utf-8"?>', "<!DOCTYPE TS>",
             '<TS version="2.1" language="%s">' % language]
    for context in contexts:
        lines.append("<context><name>%s</name>" % context)
        for source, comment, translation in messages:
            lines.append("<message><source>%s</source>%s<translation>%s</translation>"
                         "</message>" % (source, "<comment>%s</comment>" % comment
                                         if comment else "", translation))
        lines.append("</context>")
    lines.append("</TS>\n")
    with io.open(path, "w", encoding="utf-8") as stream:
        stream.write("\n".join(lines))
    return path


TS_CASES = (["translations/translation_%s.ts" % lang for lang in LANGUAGES]
            + ["hard:%s" % lang for lang in ("fr_FR", "en_GB", "ja_JP")])


@pytest.mark.parametrize("case", TS_CASES)
def test_lrelease_py_writes_what_qt_lrelease_writes(tmpdir, case):
    qt = qt_lrelease()
    if qt is None:
        pytest.skip("needs Qt's lrelease to compare with (Debian qttools5-dev-tools, which "
                    "make test's set-up installs)")
    if case.startswith("hard:"):
        ts = hard_ts(str(tmpdir.join("hard.ts")), case.split(":")[1])
    else:
        ts = os.path.join(ROOT, case)
    qm = str(tmpdir.join("qt.qm"))
    subprocess.check_call([qt, "-compress", ts, "-qm", qm], stdout=subprocess.PIPE)
    with io.open(qm, "rb") as stream:
        assert lrelease.compile_ts(ts) == stream.read()


def test_lrelease_py_refuses_what_it_does_not_write(tmpdir):
    ts = str(tmpdir.join("x.ts"))
    for language, message, refused in (
            ("fr_FR", '<source>A</source><translation type="unfinished">B</translation>',
             "unfinished"),
            ("de_DE", "<source>A</source><translation>B</translation>", "'de_DE'"),
            ("fr_FR", '<source>A</source><translation><numerusform>B</numerusform>'
             '</translation>', "plural forms")):
        with io.open(ts, "w", encoding="utf-8") as stream:
            stream.write('<TS version="2.1" language="%s"><context><name>C</name><message%s>'
                         '%s</message></context></TS>' % (
                             language, ' numerus="yes"' if "numerus" in message else "",
                             message))
        with pytest.raises(lrelease.ReleaseError) as raised:
            lrelease.compile_ts(ts)
        assert refused in str(raised.value)


def test_a_package_builds_with_tools_lrelease_where_qt_has_none(tmpdir, monkeypatch):
    """make package on a PC without the Qt tools: qipkg finds tools/bin/lrelease only, and
    the package's .qm files are tools/lrelease.py's."""
    if sys.version_info[0] < 3:
        pytest.skip("3.9 lane only: make package builds with qibuild's qipkg, installed there")
    pytest.importorskip("qipkg")
    monkeypatch.setattr(build_package, "EXTRA_TOOL_DIRS", [os.path.join(TOOLS, "bin")])
    monkeypatch.setenv("PATH", os.path.dirname(sys.executable))
    pkg = build_package.build(str(tmpdir.join("dist")), str(tmpdir.join("build")))
    for lang in LANGUAGES:
        assert zipfile.ZipFile(pkg).read("translations/translation_%s.qm" % lang) == \
            lrelease.compile_ts(os.path.join(ROOT, "translations",
                                             "translation_%s.ts" % lang))


# --- the icon ---------------------------------------------------------------------------

def png_size(data):
    """(width, height) of PNG bytes; fails unless they start like a PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_icon_is_a_square_png_at_the_package_root():
    with io.open(os.path.join(ROOT, "icon.png"), "rb") as icon:
        assert png_size(icon.read()) == (512, 512)


def test_icon_is_what_draw_icon_draws():
    if sys.version_info[0] < 3:
        pytest.skip("3.9 lane only: tools/draw_icon.py draws with Pillow, installed there")
    pytest.importorskip("PIL")
    import draw_icon
    from PIL import Image
    assert draw_icon.same_pixels(Image.open(os.path.join(ROOT, "icon.png")), draw_icon.draw())
    code, out = run_tool([os.path.join("tools", "draw_icon.py"), "--check"])
    assert code == 0, out
