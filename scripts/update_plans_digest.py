"""Write tests/data/plans_digest.json, the digest of both styles' plans (devtools/plans_digest),
or check it.

    .venv/bin/python scripts/update_plans_digest.py           # write it (changed on purpose)
    .venv/bin/python scripts/update_plans_digest.py --check   # exit 1 if the plans changed

tests/test_plans_digest.py fails on both lanes when the plans change: a refactor or a CPU
cut must leave them as they were; a change to the motion writes the file again, and its
commit says why the plans changed. Single-source 2.7 / 3.
"""
from __future__ import absolute_import, division, print_function

import argparse
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _path in (os.path.join(ROOT, "lib"), os.path.join(ROOT, "devtools"),
              os.path.join(ROOT, "tools")):
    if _path not in sys.path:
        sys.path.insert(0, _path)

import plans_digest  # noqa: E402  (devtools/ is on sys.path)
from generated_file import write_or_check  # noqa: E402  (tools/ is on sys.path)

DIGEST = os.path.join(ROOT, "tests", "data", "plans_digest.json")


def text(digests):
    """The file's text for ``digests`` (plans_digest.every_style's shape)."""
    return json.dumps(digests, indent=2, sort_keys=True, separators=(",", ": ")) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check the digest")
    args = parser.parse_args()
    return write_or_check(DIGEST, text(plans_digest.every_style()), args.check,
                          "%s scripts/update_plans_digest.py (if the plans changed on purpose)"
                          % os.path.basename(sys.executable))


if __name__ == "__main__":
    sys.exit(main())
