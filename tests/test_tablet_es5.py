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

import io
import os
import re
import sys

import pytest

if sys.version_info[0] < 3:
    pytest.skip("3.9 lane only: the ES5 check parses JavaScript, the same whichever Python "
                "runs it (esprima is installed there)", allow_module_level=True)
esprima = pytest.importorskip("esprima")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.path.join(ROOT, "html", "index.html")

ES5_NODES = frozenset([
    "Program", "EmptyStatement", "BlockStatement", "ExpressionStatement", "IfStatement",
    "LabeledStatement", "BreakStatement", "ContinueStatement", "WithStatement",
    "SwitchStatement", "SwitchCase", "ReturnStatement", "ThrowStatement", "TryStatement",
    "CatchClause", "WhileStatement", "DoWhileStatement", "ForStatement", "ForInStatement",
    "DebuggerStatement", "FunctionDeclaration", "VariableDeclaration", "VariableDeclarator",
    "ThisExpression", "ArrayExpression", "ObjectExpression", "Property", "FunctionExpression",
    "UnaryExpression", "UpdateExpression", "BinaryExpression", "AssignmentExpression",
    "LogicalExpression", "MemberExpression", "ConditionalExpression", "CallExpression",
    "NewExpression", "SequenceExpression", "Identifier", "Literal"])
INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.S)


def nodes(node):
    """Every ESTree node under ``node`` (esprima's objects), ``node`` included."""
    if isinstance(node, list):
        for item in node:
            for found in nodes(item):
                yield found
        return
    if not isinstance(getattr(node, "type", None), str):
        return
    yield node
    for key, value in vars(node).items():
        if key != "type":
            for found in nodes(value):
                yield found


def newer_than_es5(source, first_line=1):
    """What in ``source`` (a script starting on line ``first_line`` of its file) ES5
    lacks: one entry per node, with its line in the file."""
    found = []
    for node in nodes(esprima.parseScript(source, {"loc": True})):
        where = "line %d" % (node.loc.start.line + first_line - 1)
        if node.type not in ES5_NODES:
            found.append("%s: %s" % (where, node.type))
        elif node.type == "VariableDeclaration" and node.kind != "var":
            found.append("%s: %s" % (where, node.kind))
        elif node.type == "Property" and (node.kind not in ("init", "get", "set") or
                                          node.method or node.shorthand or node.computed):
            found.append("%s: ES2015 property syntax" % where)
        elif node.type in ("FunctionDeclaration", "FunctionExpression") and (
                node.generator or node.isAsync or
                any(param.type != "Identifier" for param in node.params)):
            found.append("%s: ES2015 function syntax" % where)
        elif node.type == "Literal" and getattr(node, "regex", None) is not None and (
                set(node.regex.flags) - set("gim")):
            found.append("%s: regular expression flags %s" % (where, node.regex.flags))
    return found


def page_scripts():
    """[(the line of index.html it starts on, an inline script)]."""
    with io.open(PAGE, encoding="utf-8") as page:
        html = page.read()
    return [(html.count("\n", 0, match.start(1)) + 1, match.group(1))
            for match in INLINE_SCRIPT.finditer(html)]


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
