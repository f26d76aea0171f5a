#!/usr/bin/env bash
# Installs everything the project needs, idempotently: Debian tools (lrelease for
# translations, chromium and its driver for the tablet page's tests), a Python 3.9 venv (.venv: qi, qibuild, qibullet, test and plot tools)
# with qiBullet's Pepper meshes (this ACCEPTS SoftBank's meshes licence; they go to
# ~/.qibullet) and a Python 2.7 venv (.venv27: the robot's interpreter, old numpy).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v lrelease >/dev/null 2>&1 && [ ! -x /usr/lib/qt5/bin/lrelease ]; then
    echo "setup: installing Debian qttools5-dev-tools (lrelease)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq qttools5-dev-tools >/dev/null
fi

if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
    echo "setup: installing Debian chromium and chromium-driver (tablet page tests)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
fi

pyenv_python() {
    PYENV_VERSION="$1" pyenv which "$2"
}

if [ ! -x .venv/bin/python ]; then
    echo "setup: creating .venv (Python 3.9)"
    "$(pyenv_python 3.9.18 python3.9)" -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -r requirements-dev.txt
.venv/bin/python devtools/pepper_bullet/install_meshes.py

if [ ! -x .venv27/bin/python ]; then
    echo "setup: creating .venv27 (Python 2.7)"
    py27="$(pyenv_python 2.7.18 python2.7)"
    "$py27" -m pip install -q --disable-pip-version-check "virtualenv<20.22"
    "$py27" -m virtualenv -q .venv27
fi
.venv27/bin/python -m pip install -q --disable-pip-version-check -r requirements-py27.txt
