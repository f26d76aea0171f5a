#!/usr/bin/env python
# -*- coding: utf-8 -*-
"""Build dist/animate-behaviour-<version>.pkg with qipkg.

Run it with the development venv (it needs qibuild's qipkg and lrelease):

    .venv/bin/python tools/build_package.py [--dist DIR] [--build-dir DIR]

Steps:

1. check that behavior.xar is up to date with boxes/*.py (tools/build_xar.py);
2. stage the files to ship in <build-dir>/package/: manifest.xml,
   behavior.xar, translations/*.ts, lib/**/*.py and config/*.ini;
3. vendor configobj 5.0.6 (configobj.py + its validate.py) and six.py from the
   Python 2.7 venv into the staged lib/, because Pepper's Python 2.7 may not
   have them. configobj 5.0.6 does ``from _version import __version__`` (a
   top-level module called ``_version``); rather than shipping such a generic
   top-level name into NAOqi's shared interpreter, the staged copy gets that
   line replaced by ``__version__ = '5.0.6'``;
4. with the Python 2.7 venv (if present): compile every staged .py and import
   the vendored modules from the staged lib/ only (site-packages dropped from
   sys.path), reading
   config/*.ini with them;
5. write the staged .pml (tools/update_pml.py's format, listing every staged
   file, vendored ones included), run ``qipkg make-package`` and then
   ``qipkg validate-package`` on the result; any qipkg error or manifest
   warning fails the build (non-zero exit status).

Vendored copies live only in the build directory: never commit build/ or dist/.

Single-source Python 2.7 / 3.x.
"""
from __future__ import absolute_import, division, print_function, unicode_literals

import argparse
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

TOOLS_DIR = os.path.dirname(os.path.abspath(__file__))
ROOT_DIR = os.path.dirname(TOOLS_DIR)
sys.path.insert(0, TOOLS_DIR)

import build_xar  # noqa: E402  (tools/ is put on sys.path just above)
import update_pml  # noqa: E402
from generated_file import read_text, write_text  # noqa: E402

DEFAULT_PY27 = os.path.join(ROOT_DIR, ".venv27", "bin", "python")
DEFAULT_VENDOR_FROM = os.path.join(ROOT_DIR, ".venv27", "lib", "python2.7", "site-packages")
PML_NAME = update_pml.PML_NAME

#: Vendored module file -> version it must have (checked in the source text).
VENDORED = [
    ("configobj.py", None),
    ("validate.py", "__version__ = '1.0.1'"),
    ("six.py", '__version__ = "1.16.0"'),
]
CONFIGOBJ_VERSION = "5.0.6"
CONFIGOBJ_VERSION_IMPORT = "from _version import __version__"

EXTRA_TOOL_DIRS = ["/usr/lib/qt5/bin", "/usr/lib/x86_64-linux-gnu/qt5/bin"]

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
import six, configobj, validate
for mod in (six, configobj, validate):
    if not os.path.abspath(mod.__file__).startswith(os.path.abspath(lib_dir)):
        sys.stderr.write('%s was not imported from the staged lib/\n' % mod.__name__)
        sys.exit(1)
for ini in ini_files:
    configobj.ConfigObj(ini, file_error=True)
sys.stdout.write('python2.7: staged sources compile; configobj %s, validate %s, six %s '
                 'import from the staged lib/\n'
                 % (configobj.__version__, validate.__version__, six.__version__))
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


def vendor(stage_dir, vendor_from):
    """Copy configobj/validate/six into stage_dir/lib; return their rel paths."""
    lib_dir = os.path.join(stage_dir, "lib")
    version_file = os.path.join(vendor_from, "_version.py")
    if not os.path.isfile(version_file) or \
            CONFIGOBJ_VERSION not in read_text(version_file):
        raise BuildError("%s is not configobj %s's _version.py; install requirements-py27.txt"
                         % (version_file, CONFIGOBJ_VERSION))
    staged = []
    for name, marker in VENDORED:
        src = os.path.join(vendor_from, name)
        if not os.path.isfile(src):
            raise BuildError("cannot vendor %s: %s does not exist" % (name, src))
        text = read_text(src)
        if marker is not None and marker not in text:
            raise BuildError("%s is not the expected version (no %r)" % (src, marker))
        if name == "configobj.py":
            if text.count(CONFIGOBJ_VERSION_IMPORT + "\n") != 1:
                raise BuildError("%s: expected one %r line to replace"
                                 % (src, CONFIGOBJ_VERSION_IMPORT))
            text = text.replace(
                CONFIGOBJ_VERSION_IMPORT + "\n",
                "__version__ = '%s'  # vendored by tools/build_package.py; was: %s\n"
                % (CONFIGOBJ_VERSION, CONFIGOBJ_VERSION_IMPORT))
        write_text(os.path.join(lib_dir, name), text)
        shutil.copymode(src, os.path.join(lib_dir, name))
        staged.append("lib/" + name)
    return staged


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
    if build_xar.generate() != read_text(build_xar.XAR_PATH):
        raise BuildError("behavior.xar is out of date with boxes/*.py; "
                         "run: python tools/build_xar.py")
    if update_pml.generate() != read_text(update_pml.PML_PATH):
        print("warning: %s is out of date (run python tools/update_pml.py); the package "
              "is built from the files present anyway" % update_pml.PML_NAME)
    qipkg = qipkg or find_program("qipkg")
    if qipkg is None:
        raise BuildError("qipkg not found: run with the venv's python (.venv/bin/python)")
    if find_program("lrelease", EXTRA_TOOL_DIRS) is None:
        raise BuildError("lrelease not found: install Debian qttools5-dev-tools")

    uuid, version = manifest_info(os.path.join(ROOT_DIR, "manifest.xml"))
    stage_dir = os.path.abspath(os.path.join(build_dir, "package"))
    dist_dir = os.path.abspath(dist_dir)
    if os.path.exists(stage_dir):
        shutil.rmtree(stage_dir)
    os.makedirs(stage_dir)
    if not os.path.isdir(dist_dir):
        os.makedirs(dist_dir)

    stage_project(stage_dir)
    vendor(stage_dir, vendor_from)
    if py27 and os.path.exists(py27):
        check_py27(py27, stage_dir)
    else:
        print("warning: no Python 2.7 interpreter at %s; skipping the 2.7 checks" % py27)

    pml_path = os.path.join(stage_dir, PML_NAME)
    write_text(pml_path, update_pml.generate(stage_dir))

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
    args = parser.parse_args(argv)
    try:
        output = build(args.dist, args.build_dir, py27=args.py27,
                       vendor_from=args.vendor_from)
    except BuildError as err:
        print("build_package: error: %s" % err, file=sys.stderr)
        return 1
    print("package: %s (%d bytes)" % (output, os.path.getsize(output)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
