#!/usr/bin/env python
# -*- coding: utf-8 -*-
"""Build dist/animate-behaviour-<version>.pkg with qipkg, or stage the Choregraphe project.

Run it with a venv that has qibuild's qipkg (`make package` sets up .venv-light:
scripts/setup_light.sh). qipkg compiles the translations with lrelease: Qt's where it is
installed (Debian qttools5-dev-tools), else tools/lrelease.py, which writes the same bytes:

    .venv/bin/python tools/build_package.py [--dist DIR] [--build-dir DIR]
    .venv/bin/python tools/build_package.py --choregraphe [DIR]   # make choregraphe

Steps:

1. check that behavior.xar is up to date with boxes/*.py (tools/build_xar.py), and that
   manifest.xml's version is CHANGELOG.md's newest release (tools/package_version.py);
2. stage the files to ship in <build-dir>/package/ (or, with --choregraphe, in DIR,
   default build/choregraphe/): manifest.xml, behavior.xar, translations/*.ts and
   the .pml's resources (lib/**/*.py, config/*.ini, icon.png);
3. vendor configobj 5.0.6 (configobj.py + its validate.py) and six.py from the
   Python 2.7 venv into the staged lib/animate_behaviour/_vendor/, because
   Pepper's Python 2.7 may not have them. They live under our package's own
   namespace so that, in NAOqi's interpreter shared by every app, they neither
   shadow nor get shadowed by other apps' six, validate or configobj; only
   animate_behaviour.configuration.third_party imports them. Their imports of each other are
   rewritten to relative ones (configobj: ``import six``, ``from validate import
   ...``), and configobj's ``from _version import __version__`` (a top-level
   module called ``_version``) becomes ``__version__ = '5.0.6'``;
4. with the Python 2.7 venv (if present): compile every staged .py, then with
   site-packages dropped from sys.path read config/*.ini through
   animate_behaviour.configuration.config, checking that configobj, validate and six came from
   the staged _vendor/ and that no top-level six, configobj or validate was imported;
5. write the staged .pml (tools/update_pml.py's format, listing every staged
   file, vendored ones included). With --choregraphe that is all: open
   DIR/animate-behaviour.pml in Choregraphe and press Play. Otherwise run
   ``qipkg make-package`` and then ``qipkg validate-package`` on the result; any
   qipkg error or manifest warning fails the build (non-zero exit status).

Vendored copies live only in the staged folders: never commit build/ or dist/
(lib/animate_behaviour/_vendor/ is ignored by git and left out of the repository's .pml).

Single-source Python 2.7 / 3.x.
"""
from __future__ import absolute_import, division, print_function, unicode_literals

import argparse
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import xml.etree.ElementTree as ElementTree

TOOLS_DIR = os.path.dirname(os.path.abspath(__file__))
ROOT_DIR = os.path.dirname(TOOLS_DIR)
sys.path.insert(0, TOOLS_DIR)

import build_xar  # noqa: E402  (tools/ is put on sys.path just above)
import package_version  # noqa: E402
import update_pml  # noqa: E402
from generated_file import read_text, write_text  # noqa: E402

DEFAULT_PY27 = os.path.join(ROOT_DIR, ".venv27", "bin", "python")
_PY27_SITE = os.path.join(ROOT_DIR, ".venv27", "lib", "python2.7", "site-packages")
# configobj 5.0.6 (its _version.py, validate.py) and six: from .venv27 (make test's
# set-up), else from the interpreter running this (scripts/setup_light.sh installs them
# into .venv-light for make package).
DEFAULT_VENDOR_FROM = (_PY27_SITE if os.path.isfile(os.path.join(_PY27_SITE, "_version.py"))
                       else sysconfig.get_paths()["purelib"])
PML_NAME = update_pml.PML_NAME

DEFAULT_CHOREGRAPHE_DIR = os.path.join(ROOT_DIR, "build", "choregraphe")

#: Vendored module file -> version it must have (checked in the source text).
VENDORED = [
    ("configobj.py", None),
    ("validate.py", "__version__ = '1.0.1'"),
    ("six.py", '__version__ = "1.16.0"'),
]
VENDOR_DIR = "lib/animate_behaviour/_vendor"
CONFIGOBJ_VERSION = "5.0.6"
#: configobj.py's imports of its siblings -> what the vendored copy says instead.
CONFIGOBJ_REWRITES = [
    (r"^import six$", "from . import six"),
    (r"^from _version import __version__$", "__version__ = '%s'" % CONFIGOBJ_VERSION),
    (r"^(\s+)from validate import (\w+)$", r"\1from .validate import \2"),
]
#: Top-level module names a vendored file must no longer import.
SIBLINGS = ("six", "configobj", "validate", "_version")
VENDOR_INIT = (
    '"""configobj %s, validate and six, vendored by tools/build_package.py from the Python 2.7\n'
    'venv at build time (never committed). Import them through animate_behaviour.configuration.third_party."""\n'
    % CONFIGOBJ_VERSION)

# Qt's lrelease where Debian puts it, then tools/bin/lrelease (tools/lrelease.py).
EXTRA_TOOL_DIRS = ["/usr/lib/qt5/bin", "/usr/lib/x86_64-linux-gnu/qt5/bin",
                   os.path.join(TOOLS_DIR, "bin")]

PY27_CHECK = r"""
import io, os, sys
# Only the stdlib and the staged lib/: drop site-packages (where the venv's own
# configobj, validate and six live). (-S cannot be used: virtualenv's site.py
# is what puts the stdlib on sys.path.)
sys.path[:] = [p for p in sys.path if 'site-packages' not in p and 'dist-packages' not in p]
lib_dir, root_dir, ini_files = sys.argv[1], sys.argv[2], sys.argv[3:]
bad = []
for dirpath, dirnames, filenames in os.walk(root_dir):
    for name in sorted(filenames):
        if name.endswith('.py'):
            path = os.path.join(dirpath, name)
            try:
                compile(io.open(path, 'rb').read(), path, 'exec')
            except SyntaxError as err:
                bad.append('%s: %s' % (path, err))
if bad:
    sys.stderr.write('Python 2.7 cannot compile:\n  ' + '\n  '.join(bad) + '\n')
    sys.exit(1)
sys.path.insert(0, lib_dir)
from animate_behaviour import configuration as config
from animate_behaviour.configuration import third_party
for ini in ini_files:
    config.load(ini)
vendor = os.path.join(os.path.abspath(lib_dir), 'animate_behaviour', '_vendor')
for mod in (third_party.configobj, third_party.validate, sys.modules.get('animate_behaviour._vendor.six')):
    if mod is None or not os.path.abspath(mod.__file__).startswith(vendor + os.sep):
        sys.stderr.write('%r was not imported from %s\n' % (mod, vendor))
        sys.exit(1)
top_level = sorted(name for name in ('six', 'configobj', 'validate', '_version') if name in sys.modules)
if top_level:
    sys.stderr.write('top-level modules imported: %s\n' % ', '.join(top_level))
    sys.exit(1)
sys.stdout.write('python2.7: staged sources compile; configobj %s, validate %s, six %s '
                 'import from the staged %s only\n'
                 % (third_party.configobj.__version__, third_party.validate.__version__,
                    sys.modules['animate_behaviour._vendor.six'].__version__, vendor))
"""


class BuildError(Exception):
    pass


def manifest_info(manifest_path):
    root = ElementTree.parse(manifest_path).getroot()
    uuid, version = root.get("uuid"), root.get("version")
    if not uuid or not version:
        raise BuildError("%s: <package> needs uuid and version attributes" % manifest_path)
    return uuid, version


def find_program(name, extra_dirs=()):
    """Path of `name`: next to this interpreter, then on PATH, then extra_dirs."""
    dirs = [os.path.dirname(sys.executable)]
    dirs += os.environ.get("PATH", "").split(os.pathsep)
    dirs += list(extra_dirs)
    for directory in dirs:
        candidate = os.path.join(directory, name)
        if directory and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


def copy_file(src, dst):
    parent = os.path.dirname(dst)
    if not os.path.isdir(parent):
        os.makedirs(parent)
    shutil.copy2(src, dst)


def stage_project(stage_dir):
    """Copy the project's packaged files into stage_dir; return their rel paths."""
    files = ["manifest.xml", "behavior.xar"]
    translations = os.path.join(ROOT_DIR, "translations")
    files += sorted("translations/" + name for name in os.listdir(translations)
                    if name.endswith(".ts"))
    files += update_pml.find_resources(ROOT_DIR)
    for rel in files:
        copy_file(os.path.join(ROOT_DIR, rel), os.path.join(stage_dir, rel))
    return files


def vendored_text(name, text):
    """The text of the vendored copy of `name` (configobj.py, validate.py or six.py)."""
    if name == "configobj.py":
        for pattern, replacement in CONFIGOBJ_REWRITES:
            text, count = re.subn(pattern, replacement + "  # vendored", text, flags=re.M)
            if count != 1:
                raise BuildError("configobj.py: expected one line matching %r to rewrite, "
                                 "found %d" % (pattern, count))
    leftover = re.findall(r"^\s*(?:import|from)\s+(%s)\b" % "|".join(SIBLINGS), text,
                          flags=re.M)
    if leftover:
        raise BuildError("%s still imports top-level %s" % (name, ", ".join(sorted(set(leftover)))))
    return text


def vendor(stage_dir, vendor_from):
    """Copy configobj/validate/six into stage_dir's VENDOR_DIR; return their rel paths."""
    target = os.path.join(stage_dir, *VENDOR_DIR.split("/"))
    version_file = os.path.join(vendor_from, "_version.py")
    if not os.path.isfile(version_file) or \
            CONFIGOBJ_VERSION not in read_text(version_file):
        raise BuildError("%s is not configobj %s's _version.py; run scripts/setup_light.sh "
                         "package (or pass --vendor-from)" % (version_file, CONFIGOBJ_VERSION))
    if not os.path.isdir(target):
        os.makedirs(target)
    write_text(os.path.join(target, "__init__.py"), VENDOR_INIT)
    staged = [VENDOR_DIR + "/__init__.py"]
    for name, marker in VENDORED:
        src = os.path.join(vendor_from, name)
        if not os.path.isfile(src):
            raise BuildError("cannot vendor %s: %s does not exist" % (name, src))
        text = read_text(src)
        if marker is not None and marker not in text:
            raise BuildError("%s is not the expected version (no %r)" % (src, marker))
        write_text(os.path.join(target, name), vendored_text(name, text))
        shutil.copymode(src, os.path.join(target, name))
        staged.append(VENDOR_DIR + "/" + name)
    return staged


def stage(stage_dir, py27=DEFAULT_PY27, vendor_from=DEFAULT_VENDOR_FROM):
    """Stage a project folder Choregraphe opens and qipkg packages as is: the project's
    files, the vendored libraries and a .pml listing all of them. Return the .pml's path."""
    if build_xar.generate() != read_text(build_xar.XAR_PATH):
        raise BuildError("behavior.xar is out of date with boxes/*.py; "
                         "run: python tools/build_xar.py")
    # A .pkg named and installed as another version than the changelog's newest release.
    version_problems = package_version.problems()
    if version_problems:
        raise BuildError("; ".join(version_problems))
    if update_pml.generate() != read_text(update_pml.PML_PATH):
        print("warning: %s is out of date (run python tools/update_pml.py); the package "
              "is built from the files present anyway" % update_pml.PML_NAME)
    stage_dir = os.path.abspath(stage_dir)
    if os.path.exists(stage_dir):
        shutil.rmtree(stage_dir)
    os.makedirs(stage_dir)
    stage_project(stage_dir)
    vendor(stage_dir, vendor_from)
    if py27 and os.path.exists(py27):
        check_py27(py27, stage_dir)
    else:
        print("warning: no Python 2.7 interpreter at %s; skipping the 2.7 checks" % py27)
    pml_path = os.path.join(stage_dir, PML_NAME)
    write_text(pml_path, update_pml.generate(stage_dir, vendored=True))
    return pml_path


def check_py27(py27, stage_dir):
    ini_files = [os.path.join(stage_dir, rel) for rel in update_pml.find_resources(stage_dir)
                 if rel.endswith(".ini")]
    cmd = [py27, "-c", PY27_CHECK, os.path.join(stage_dir, "lib"),
           stage_dir] + ini_files
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = proc.communicate()[0].decode("utf-8", "replace")
    sys.stdout.write(out)
    if proc.returncode != 0:
        raise BuildError("the staged package does not work under Python 2.7 (%s)" % py27)


def run_qipkg(qipkg, args, cwd):
    """Run qipkg; return its output; raise if it fails or reports manifest problems."""
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([env.get("PATH", "")] + EXTRA_TOOL_DIRS)
    env["LRELEASE_PYTHON"] = sys.executable  # tools/bin/lrelease's
    cmd = [qipkg] + args
    print("+ " + " ".join(cmd))
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)
    out = proc.communicate()[0].decode("utf-8", "replace")
    sys.stdout.write(out)
    if proc.returncode != 0:
        raise BuildError("qipkg %s failed with exit status %d" % (args[0], proc.returncode))
    for marker in ("Package errors", "Package warnings"):
        if marker in out:
            raise BuildError("qipkg %s reported '%s' (see above)" % (args[0], marker))
    return out


def build(dist_dir, build_dir, py27=DEFAULT_PY27, vendor_from=DEFAULT_VENDOR_FROM,
          qipkg=None):
    """Build the package; return its path."""
    qipkg = qipkg or find_program("qipkg")
    if qipkg is None:
        raise BuildError("qipkg not found: run with the venv's python (.venv/bin/python)")

    uuid, version = manifest_info(os.path.join(ROOT_DIR, "manifest.xml"))
    stage_dir = os.path.abspath(os.path.join(build_dir, "package"))
    dist_dir = os.path.abspath(dist_dir)
    if not os.path.isdir(dist_dir):
        os.makedirs(dist_dir)
    pml_path = stage(stage_dir, py27=py27, vendor_from=vendor_from)

    output = os.path.join(dist_dir, "%s-%s.pkg" % (uuid, version))
    if os.path.exists(output):
        os.remove(output)
    # qipkg's -o is the path of the .pkg file itself (not a directory).
    run_qipkg(qipkg, ["make-package", pml_path, "-o", output], cwd=stage_dir)
    if not os.path.isfile(output):
        raise BuildError("qipkg make-package did not write %s" % output)
    run_qipkg(qipkg, ["validate-package", output], cwd=stage_dir)
    return output


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", default=os.path.join(ROOT_DIR, "dist"),
                        help="directory of the .pkg (default: %(default)s)")
    parser.add_argument("--build-dir", default=os.path.join(ROOT_DIR, "build"),
                        help="build directory; files are staged in its package/ "
                             "subdirectory (default: %(default)s)")
    parser.add_argument("--py27", default=DEFAULT_PY27,
                        help="Python 2.7 used to check the staged sources "
                             "(default: %(default)s; '' to skip)")
    parser.add_argument("--vendor-from", default=DEFAULT_VENDOR_FROM,
                        help="site-packages holding configobj 5.0.6, validate.py and "
                             "six.py (default: %(default)s)")
    parser.add_argument("--choregraphe", nargs="?", const=DEFAULT_CHOREGRAPHE_DIR,
                        metavar="DIR",
                        help="only stage the Choregraphe project folder, in DIR (default: "
                             "%s); open DIR/%s in Choregraphe" % (DEFAULT_CHOREGRAPHE_DIR,
                                                                  PML_NAME))
    args = parser.parse_args(argv)
    try:
        if args.choregraphe:
            pml_path = stage(args.choregraphe, py27=args.py27, vendor_from=args.vendor_from)
        else:
            output = build(args.dist, args.build_dir, py27=args.py27,
                           vendor_from=args.vendor_from)
    except BuildError as err:
        print("build_package: error: %s" % err, file=sys.stderr)
        return 1
    if args.choregraphe:
        print("Choregraphe project: open %s (File > Open project), then press Play" % pml_path)
    else:
        print("package: %s (%d bytes)" % (output, os.path.getsize(output)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
