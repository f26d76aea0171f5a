# -*- coding: utf-8 -*-
"""The tablet page's script keeps to ES5, the JavaScript of Pepper's old Android WebView.

Headless Chromium runs anything newer without a word (tests/test_tablet_page.py), so the
page's inline scripts are parsed (esprima, ESTree) and every node must be one ES5 has:
no let/const, arrow functions, template strings, classes, destructuring, default or rest
parameters, for-of, spread, generators, async, shorthand or computed properties.
The 3.9 lane only (esprima is in requirements-dev.txt): the check reads JavaScript, the
same whichever Python runs it.
"""
from __future__ import absolute_import, division, print_function

import sys

import pytest

if sys.version_info[0] < 3:
    pytest.skip("3.9 lane only: the ES5 check parses JavaScript, the same whichever Python "
                "runs it (esprima is installed there)", allow_module_level=True)
pytest.importorskip("esprima")

from helpers.es5 import newer_than_es5, page_scripts  # noqa: E402  (after the skip)


def test_the_page_has_its_script_inline():
    # One inline script (plus the robot's qimessaging.js by src): nothing else to check.
    scripts = page_scripts()
    assert len(scripts) == 1 and "QiSession" in scripts[0][1]


def test_the_pages_script_is_es5():
    for first_line, script in page_scripts():
        assert newer_than_es5(script, first_line) == []


@pytest.mark.parametrize("source, construct", [
    ("let a = 1;", "let"),
    ("const a = 1;", "const"),
    ("var f = function (x) { return x; }; var g = (x) => x;", "ArrowFunctionExpression"),
    ("var s = `a${1}`;", "TemplateLiteral"),
    ("class A {}", "ClassDeclaration"),
    ("var o = {a: 1}; var {a} = o;", "ObjectPattern"),
    ("function f(a = 1) { return a; }", "ES2015 function syntax"),
    ("function f() { var rest = [].slice.call(arguments); return rest; }\n"
     "function g(...rest) { return rest; }", "ES2015 function syntax"),
    ("for (var x of [1]) {}", "ForOfStatement"),
    ("var f = function () {}; f(...[1]);", "SpreadElement"),
    ("function* g() {}", "ES2015 function syntax"),
    ("async function g() {}", "ES2015 function syntax"),
    ("var a = 1; var o = {a};", "ES2015 property syntax"),
    ("var o = {m() {}};", "ES2015 property syntax"),
    ("var k = 'a'; var o = {[k]: 1};", "ES2015 property syntax"),
    ("var r = /a/u;", "regular expression flags u"),
])
def test_newer_constructs_are_named_with_their_line(source, construct):
    last_line = "line %d: " % (source.count("\n") + 1)  # where each sample puts it
    found = newer_than_es5(source)
    assert any(construct in line for line in found), found
    assert all(line.startswith(last_line) for line in found), found


def test_es5_passes():
    assert newer_than_es5("var o = {a: 1, get b() { return 2; }}; for (var k in o) {}\n"
                          "var r = /a+/gi; try { o.a(); } catch (e) { throw e; }") == []
