#!/usr/bin/env python
# -*- coding: utf-8 -*-
"""The package's version, written once by hand: CHANGELOG.md's newest release heading.

A release is a heading ``## [X.Y.Z] - YYYY-MM-DD`` (Keep a Changelog; the ``## [Unreleased]``
above it is none). manifest.xml's ``version`` (what ALPackageManager installs, and the
.pkg's name) and ``animate_behaviour.__version__`` (what the log and the box report) must say
the same: :func:`problems` names each that does not, and tools/build_package.py and
tests/test_package_version.py fail on it.

X.Y.Z is three whole numbers, not all 0: Choregraphe's project panel sets a version of three
numbers, and qipkg's validator refuses one that is not above 0.0.0.0 (docs/development.md,
"Releasing").

Single-source Python 2.7 / 3.x.
"""
from __future__ import absolute_import, division, print_function, unicode_literals

import io
import os
import re
import xml.etree.ElementTree as ElementTree

ROOT_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHANGELOG = "CHANGELOG.md"
MANIFEST = "manifest.xml"
LIBRARY = os.path.join("lib", "animate_behaviour", "__init__.py")

RELEASE_HEADING = re.compile(r"^## \[([^\]]*)\] - (\d{4}-\d{2}-\d{2})\s*$", re.MULTILINE)
VERSION = re.compile(r"^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$")
LIBRARY_VERSION = re.compile(r'^__version__ = "([^"]*)"$', re.MULTILINE)


class VersionError(ValueError):
    pass


def checked(version, where):
    """version if it is X.Y.Z, three whole numbers not all 0; else a VersionError."""
    match = VERSION.match(version)
    if match is None or not any(int(number) for number in match.groups()):
        raise VersionError("%s: version '%s' is not allowed: three whole numbers X.Y.Z, not "
                           "all 0 (e.g. 1.2.0)" % (where, version))
    return version


def changelog_version(text, where=CHANGELOG):
    """The version of the first release heading of a changelog's text."""
    match = RELEASE_HEADING.search(text)
    if match is None:
        raise VersionError("%s has no release heading '## [X.Y.Z] - YYYY-MM-DD'" % where)
    return checked(match.group(1), where)


def manifest_version(path):
    return ElementTree.parse(path).getroot().get("version") or ""


def library_version(path):
    with io.open(path, encoding="utf-8") as source:
        match = LIBRARY_VERSION.search(source.read())
    return match.group(1) if match else ""


def problems(root=ROOT_DIR):
    """What disagrees with the changelog's version, one sentence each; [] when all agree."""
    with io.open(os.path.join(root, CHANGELOG), encoding="utf-8") as changelog:
        try:
            version = changelog_version(changelog.read())
        except VersionError as err:
            return [str(err)]
    found = [(MANIFEST, manifest_version(os.path.join(root, MANIFEST))),
             (LIBRARY, library_version(os.path.join(root, LIBRARY)))]
    return ["%s says version '%s' where %s's newest release is %s: write %s there"
            % (name, said, CHANGELOG, version, version)
            for name, said in found if said != version]
