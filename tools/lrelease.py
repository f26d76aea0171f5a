#!/usr/bin/env python
# -*- coding: utf-8 -*-
"""Compile a Qt Linguist .ts file into a .qm file, as Qt 5's ``lrelease -compress`` does,
for the package's own translations, so that ``make package`` needs no Qt tools.

    python tools/lrelease.py [-compress] translations/translation_fr_FR.ts -qm out.qm

qipkg runs ``lrelease -compress <ts> -qm <qm>`` for the .pml's <Translations>; where
Debian's lrelease (qttools5-dev-tools) is not installed, tools/build_package.py puts
tools/bin/lrelease, which runs this, on qipkg's PATH. tests/test_packaging.py checks that
its output is byte for byte Qt's for every .ts of the repository, where Qt's lrelease is
installed (make test's set-up installs it).

What it writes (Qt 5's qm format, "stripped" as with -compress): the language, a table of
(hash, offset) sorted by hash, the messages (each translation as UTF-16, then the comment,
source text and context as UTF-8, as far as needed to tell it from a neighbour with the
same hash), a hash table of the contexts, and the language's plural rules. A message's
comment (its disambiguation) is kept only where another message of its context has the
same source text. What it refuses, with a message: plural forms, translations marked
unfinished, obsolete or vanished (none in the package), and a language whose plural rules
are not in NUMERUS_RULES.

Single-source Python 2.7 / 3.x.
"""
from __future__ import absolute_import, division, print_function, unicode_literals

import argparse
import struct
import sys
import xml.etree.ElementTree as ElementTree

MAGIC = bytearray([0x3C, 0xB8, 0x64, 0x18, 0xCA, 0xEF, 0x9C, 0x95,
                   0xCD, 0x21, 0x1C, 0xBF, 0x60, 0xA1, 0xBD, 0xDD])
# Block tags.
CONTEXTS, HASHES, MESSAGES, NUMERUS, LANGUAGE = 0x2F, 0x42, 0x69, 0x88, 0xA7
# Message tags.
END, TRANSLATION, SOURCE_TEXT, CONTEXT, COMMENT = 1, 3, 6, 7, 8
# How much of a message is written: enough to tell it from a neighbour with its hash.
HASH, HASH_CONTEXT, HASH_CONTEXT_SOURCE, HASH_CONTEXT_SOURCE_COMMENT = 1, 2, 3, 4
# Qt's plural rules (numerus.cpp) by language, as bytes: Q_EQ 1 then 1 for English
# ("one" is n == 1), Q_LEQ 3 then 1 for French (n <= 1), none for Japanese.
NUMERUS_RULES = {"en": b"\x01\x01", "fr": b"\x03\x01", "ja": b""}


class ReleaseError(Exception):
    """The .ts file holds something this compiler does not write."""


def elf_hash(data):
    """Qt's elfHash of ``data`` (bytes), never 0."""
    value = 0
    for byte in bytearray(data):
        value = ((value << 4) + byte) & 0xFFFFFFFF
        high = value & 0xF0000000
        if high:
            value ^= high >> 24
        value &= ~high & 0xFFFFFFFF
    return value or 1


def _tagged(tag, data):
    """A block of the file, or a field of a message: its tag, length and bytes."""
    return bytearray([tag]) + struct.pack(">I", len(data)) + data


def read_ts(path):
    """(language, [(context, source, comment, translation), ...]) of a .ts file, texts
    as unicode."""
    root = ElementTree.parse(path).getroot()
    messages = []
    for context in root.findall("context"):
        name = context.findtext("name") or ""
        for message in context.findall("message"):
            translation = message.find("translation")
            if message.get("numerus") == "yes":
                raise ReleaseError("%s: plural forms are not supported (%r)"
                                   % (path, message.findtext("source")))
            if translation is None or translation.get("type"):
                raise ReleaseError("%s: the translation of %r is %s; finish it (or use Qt's "
                                   "lrelease)" % (path, message.findtext("source"),
                                                  "missing" if translation is None else
                                                  translation.get("type")))
            messages.append((name, message.findtext("source") or "",
                             message.findtext("comment") or "", translation.text or ""))
    return root.get("language") or "", messages


def _stripped(messages):
    """{(context, source, comment) as UTF-8: translation}, each comment dropped unless
    another message of its context has the same source text (as lrelease does)."""
    kept = {}
    for context, source, comment, translation in messages:
        key = tuple(text.encode("utf-8") for text in (context, source, comment))
        plain = key[:2] + (b"",)
        same_source = any(other[:2] == (context, source) and not other[2]
                          for other in messages)
        if comment and context and not same_source and plain not in kept:
            key = plain
        kept[key] = translation
    return kept


def _prefix(first, second):
    """How much two messages (keys) share: 0, HASH, HASH_CONTEXT, ..."""
    if elf_hash(first[1] + first[2]) != elf_hash(second[1] + second[2]):
        return 0
    if first[0] != second[0]:
        return HASH
    if first[1] != second[1]:
        return HASH_CONTEXT
    if first[2] != second[2]:
        return HASH_CONTEXT_SOURCE
    return HASH_CONTEXT_SOURCE_COMMENT


def _message(key, translation, prefix):
    context, source, comment = key
    data = _tagged(TRANSLATION, translation.encode("utf-16-be"))
    if prefix not in (HASH_CONTEXT_SOURCE, HASH_CONTEXT):
        data += _tagged(COMMENT, comment)
    if prefix != HASH_CONTEXT:
        data += _tagged(SOURCE_TEXT, source)
    return data + _tagged(CONTEXT, context) + bytearray([END])


def _contexts(keys):
    """The contexts' hash table: its size, the table, then the contexts as Pascal strings
    from offset 2 on, bucket by bucket, each bucket padded to an even length."""
    names = sorted(set(key[0] for key in keys))
    if len(names) >= 60:
        raise ReleaseError("%d contexts: more than this compiler's table (60) holds"
                           % len(names))
    size = 151
    buckets = {}
    for name in names:
        buckets.setdefault(elf_hash(name) % size, []).insert(0, name)
    table = [0] * size
    pool = bytearray(b"\x00\x00")  # offset 0 is never used
    for index in sorted(buckets):
        table[index] = len(pool) // 2
        for name in buckets[index]:
            pool += bytearray([min(len(name), 255)]) + name[:255]
        if len(pool) % 2:
            pool += b"\x00"
    return struct.pack(">H", size) + struct.pack(">%dH" % size, *table) + pool


def compile_ts(path):
    """The .qm bytes of the .ts file at ``path``."""
    language, messages = read_ts(path)
    code = language.split("_")[0]
    if code not in NUMERUS_RULES:
        raise ReleaseError("%s: no plural rules for language %r here (known: %s); add "
                           "Qt's to NUMERUS_RULES" % (path, language,
                                                     ", ".join(sorted(NUMERUS_RULES))))
    kept = _stripped(messages)
    keys = sorted(kept)
    data, offsets = bytearray(), []
    for index, key in enumerate(keys):
        before = _prefix(keys[index - 1], key) if index else 0
        after = _prefix(key, keys[index + 1]) if index + 1 < len(keys) else 0
        offsets.append((elf_hash(key[1] + key[2]), len(data)))
        data += _message(key, kept[key], max(before, after + 1))
    hashes = bytearray().join(struct.pack(">II", *entry) for entry in sorted(offsets))
    out = bytearray(MAGIC)
    if language:
        out += _tagged(LANGUAGE, language.encode("latin-1"))
    out += _tagged(HASHES, hashes) + _tagged(MESSAGES, data)
    out += _tagged(CONTEXTS, _contexts(keys))
    if NUMERUS_RULES[code]:
        out += _tagged(NUMERUS, bytearray(NUMERUS_RULES[code]))
    return bytes(out)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-compress", action="store_true",
                        help="accepted for lrelease's command line: always compressed")
    parser.add_argument("ts", help="the .ts file")
    parser.add_argument("-qm", required=True, help="the .qm file to write")
    args = parser.parse_args(argv)
    try:
        data = compile_ts(args.ts)
        count = len(read_ts(args.ts)[1])
    except (ReleaseError, ElementTree.ParseError) as err:
        sys.stderr.write("lrelease.py: error: %s\n" % err)
        return 1
    with open(args.qm, "wb") as stream:
        stream.write(data)
    print("Updating '%s'...\n    Generated %d translation(s) (%d finished and 0 unfinished)"
          % (args.qm, count, count))
    return 0


if __name__ == "__main__":
    sys.exit(main())
