#!/usr/bin/env bash
# What `make robot-check` (libqi, numpy) or `make package` and `make choregraphe`
# (qibuild's qipkg, configobj 5.0.6, six) need, and nothing else, idempotently, in
# .venv-light: no Chromium, no Qt tools, no simulator and no simulator meshes (so no
# licence is accepted), and never a change to the project's .venv or .venv27.
#
#     bash scripts/setup_light.sh robot-check|package
#
# Where the project's .venv (scripts/setup.sh) already has what is needed, .venv-light is
# a link to it; otherwise it is a small venv of its own (Python 3.9 to 3.12: pyenv's 3.9.18
# as scripts/setup.sh uses, else python3), with requirements-<need>.txt.
set -euo pipefail
cd "$(dirname "$0")/.."

need="${1:-}"
case "$need" in
    robot-check|package) ;;
    *) echo "usage: bash scripts/setup_light.sh robot-check|package" >&2; exit 2 ;;
esac

# Whether the interpreter $1 has what $need needs (for package: configobj 5.0.6 where
# tools/build_package.py looks for it by default).
has() {
    [ -x "$1" ] && "$1" - "$need" >/dev/null 2>&1 <<'PY'
import os, sys
if sys.argv[1] == "robot-check":
    import numpy, qi
else:
    import qisys, six
    sys.path.insert(0, "tools")
    import build_package
    with open(os.path.join(build_package.DEFAULT_VENDOR_FROM, "_version.py")) as stream:
        sys.exit(build_package.CONFIGOBJ_VERSION not in stream.read())
PY
}

if has .venv-light/bin/python; then
    exit 0
fi
if [ -L .venv-light ]; then
    rm .venv-light  # a link to .venv, which lacks this: a venv of its own, then
fi
if [ ! -e .venv-light ] && has .venv/bin/python; then
    ln -s .venv .venv-light
    echo "setup_light: .venv-light is .venv, which has what make $need needs"
    exit 0
fi

if [ ! -x .venv-light/bin/python ]; then
    python=""
    if command -v pyenv >/dev/null 2>&1; then
        python="$(PYENV_VERSION=3.9.18 pyenv which python3.9 2>/dev/null || true)"
    fi
    if [ -z "$python" ]; then
        python="$(command -v python3 || true)"
    fi
    if [ -z "$python" ] || ! "$python" -c 'import sys; sys.exit(not (3, 9) <= sys.version_info[:2] <= (3, 12))'; then
        echo "setup_light: needs Python 3.9 to 3.12 (qi 3.1.5 and numpy 1.26.4 have wheels for them); found: ${python:-no python3}" >&2
        exit 1
    fi
    echo "setup_light: creating .venv-light ($("$python" --version 2>&1))"
    "$python" -m venv .venv-light
fi
echo "setup_light: installing requirements-$need.txt into .venv-light"
.venv-light/bin/python -m pip install -q --disable-pip-version-check -r "requirements-$need.txt"
if ! has .venv-light/bin/python; then
    echo "setup_light: .venv-light still lacks what make $need needs (requirements-$need.txt)" >&2
    exit 1
fi
