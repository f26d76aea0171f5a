#!/usr/bin/env bash
# Downloads psycopg2-binary 2.7.7's cp27mu wheel (its bundled OpenSSL 1.0.2 is what libqi
# 1.8.3 links; scripts/setup.sh unpacks it) into DIR, checks its sha256 against PyPI's and
# prints the wheel's path.
#
# It runs .venv's pip (Python 3.9) for Python 2.7's platform and ABI, not .venv27's: pip
# 20.3.4, the last pip for Python 2.7, fails an assertion in `pip download` whenever a
# constraints file is in force (a machine's or a user's pip configuration may name one),
# and a user's pip configuration is theirs to keep. Extra indexes and find-links are
# harmless: whichever serves the file, the checksum decides.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 1 ] || { echo "usage: $0 DIR" >&2; exit 2; }
dir="$1"
wheel="$dir/psycopg2_binary-2.7.7-cp27-cp27mu-manylinux1_x86_64.whl"
sha256="df6444f952ca849016902662e1a47abf4fa0678d75f92fd9dd27f20525f809cd"

.venv/bin/python -m pip download -q --disable-pip-version-check --no-deps \
    --only-binary=:all: --platform manylinux1_x86_64 --python-version 2.7 \
    --implementation cp --abi cp27mu -d "$dir" psycopg2-binary==2.7.7 >&2
if [ ! -f "$wheel" ]; then
    echo "fetch_openssl_wheel: pip downloaded no $(basename "$wheel") into $dir" >&2
    exit 1
fi
actual="$(sha256sum "$wheel" | cut -d' ' -f1)"
if [ "$actual" != "$sha256" ]; then
    echo "fetch_openssl_wheel: $wheel has sha256 $actual, not PyPI's psycopg2-binary 2.7.7" \
         "($sha256)" >&2
    exit 1
fi
echo "$wheel"
