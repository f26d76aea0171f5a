# -*- coding: utf-8 -*-
"""Reading the tablet page's scripts as ES5 (esprima, ESTree): the page's inline scripts
(``page_scripts``), every node of a parsed script (``nodes``) and what is newer than ES5
(``newer_than_es5``). Python 3 only (esprima is in requirements-dev.txt); used by
tests/test_tablet_es5.py, test_tablet_page.py and test_calling_examples.py."""
from __future__ import absolute_import, division, print_function

import io
import os
import re

import esprima

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
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
