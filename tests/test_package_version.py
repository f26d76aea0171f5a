# -*- coding: utf-8 -*-
"""The package's version is CHANGELOG.md's newest release, and manifest.xml and
animate_behaviour.__version__ say the same (tools/package_version.py)."""
from __future__ import absolute_import, division, print_function, unicode_literals

import io
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, "tools")
if TOOLS not in sys.path:
    sys.path.insert(0, TOOLS)

import package_version  # noqa: E402

CHANGELOG = """# Changelog

## [Unreleased]

### Added
- Something not released yet (issue 99).

## [1.2.0] - 2026-12-24

### Changed
- Something (issue 98).

## [1.1.0] - 2026-12-03
"""


def write(path, text):
    parent = os.path.dirname(path)
    if not os.path.isdir(parent):
        os.makedirs(parent)
    with io.open(path, "w", encoding="utf-8") as out:
        out.write(text)


def project(root, changelog, manifest, library):
    write(os.path.join(root, "CHANGELOG.md"), changelog)
    write(os.path.join(root, "manifest.xml"),
          '<?xml version="1.0" encoding="UTF-8" ?>\n'
          '<package uuid="animate-behaviour" version="%s">\n</package>\n' % manifest)
    write(os.path.join(root, "lib", "animate_behaviour", "__init__.py"),
          '"""animate-behaviour."""\n__version__ = "%s"\n' % library)
    return root


def test_the_manifest_and_the_library_say_the_changelogs_newest_release():
    assert package_version.problems() == []


def test_the_newest_release_is_the_first_heading_with_a_date_not_unreleased():
    assert package_version.changelog_version(CHANGELOG) == "1.2.0"


@pytest.mark.parametrize("version", ["1.1.0", "0.0.1", "2.0.0", "10.20.30"])
def test_three_whole_numbers_not_all_zero_are_a_version(version):
    assert package_version.checked(version, "here") == version


@pytest.mark.parametrize("version", ["0.0.0", "1.1", "1.1.0.0", "1.1.0-rc1", "v1.1.0",
                                     "01.1.0", "1. 1.0", ""])
def test_anything_else_is_refused_saying_what_is_allowed(version):
    with pytest.raises(package_version.VersionError) as refused:
        package_version.checked(version, "CHANGELOG.md")
    assert "CHANGELOG.md: version '%s' is not allowed: three whole numbers X.Y.Z, not all 0" \
        % version in str(refused.value)


def test_a_changelog_without_a_release_is_refused():
    with pytest.raises(package_version.VersionError) as refused:
        package_version.changelog_version("# Changelog\n\n## [Unreleased]\n")
    assert "no release heading '## [X.Y.Z] - YYYY-MM-DD'" in str(refused.value)


def test_each_file_that_lags_behind_the_changelog_is_named(tmpdir):
    root = project(str(tmpdir), CHANGELOG, manifest="1.1.0", library="1.2.0")
    assert package_version.problems(root) == [
        "manifest.xml says version '1.1.0' where CHANGELOG.md's newest release is 1.2.0: "
        "write 1.2.0 there"]
    root = project(str(tmpdir), CHANGELOG, manifest="1.2.0", library="1.1.0")
    assert [problem.split(" says ")[0] for problem in package_version.problems(root)] == [
        os.path.join("lib", "animate_behaviour", "__init__.py")]


def test_a_bad_release_heading_is_the_one_problem(tmpdir):
    root = project(str(tmpdir), "## [1.2] - 2026-12-24\n", manifest="1.2", library="1.2")
    assert package_version.problems(root) == [
        "CHANGELOG.md: version '1.2' is not allowed: three whole numbers X.Y.Z, not all 0 "
        "(e.g. 1.2.0)"]


def test_qipkg_takes_the_version_as_above_zero():
    # qipkg validate-package refuses a manifest whose version is not above 0.0.0.0.
    qisys_version = pytest.importorskip("qisys.version")  # qibuild: the 3.9 lane's
    with io.open(os.path.join(ROOT, "CHANGELOG.md"), encoding="utf-8") as changelog:
        version = package_version.changelog_version(changelog.read())
    assert qisys_version.compare(version, "0.0.0.0") == 1
    assert qisys_version.compare("0.0.0", "0.0.0.0") < 1
