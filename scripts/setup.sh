#!/usr/bin/env bash
# Installs everything the project needs, idempotently: Debian tools (lrelease for
# translations, chromium and its driver for the tablet page's tests), a Python 3.9 venv (.venv: qi, qibuild, qibullet, test and plot tools)
# with qiBullet's Pepper meshes (this ACCEPTS SoftBank's meshes licence; they go to
# ~/.qibullet) and a Python 2.7 venv (.venv27: the robot's interpreter and numpy 1.8.0,
# libqi 1.8.3 with the OpenSSL 1.0.2 libraries it needs).
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
    # .venv's virtualenv, not one installed into pyenv's own Python 2.7 (the user's).
    .venv/bin/python -m virtualenv -q -p "$(pyenv_python 2.7.18 python2.7)" .venv27
fi
.venv27/bin/python -m pip install -q --disable-pip-version-check -r requirements-py27.txt

# qi 1.8.3 (the newest libqi wheel for Python 2.7) links libssl/libcrypto 1.0.0 but does not
# ship them, and today's systems have none. psycopg2-binary 2.7.7's cp27mu wheel bundles
# OpenSSL 1.0.2 (with the krb5 and zlib it needs): its libraries go next to libqi, whose rpath
# is $ORIGIN, under the names libqi asks for; psycopg2 itself is not installed. Test lane
# only: OpenSSL 1.0.2 is end-of-life and nothing of it ships in the package.
if ! .venv27/bin/python -c "import qi" >/dev/null 2>&1; then
    echo "setup: adding OpenSSL 1.0.2 (psycopg2-binary 2.7.7's bundled libraries) to .venv27's qi"
    wheels="$(mktemp -d)"
    trap 'rm -rf "$wheels"' EXIT
    wheel="$(bash scripts/fetch_openssl_wheel.sh "$wheels")"
    .venv27/bin/python - "$wheel" <<'PY'
import imp, os, sys, zipfile
wheel = sys.argv[1]
target = os.path.join(imp.find_module("qi")[1], "linux")  # qi itself does not import yet
with zipfile.ZipFile(wheel) as archive:
    for name in archive.namelist():
        if name.startswith("psycopg2/.libs/"):
            path = os.path.join(target, os.path.basename(name))
            with open(path, "wb") as out:
                out.write(archive.read(name))
            os.chmod(path, 0o755)
for link, library in (("libssl.so.1.0.0", "libssl-c0c2ede4.so.1.0.2q"),
                      ("libcrypto.so.1.0.0", "libcrypto-c1fa9491.so.1.0.2q")):
    path = os.path.join(target, link)
    if os.path.lexists(path):
        os.remove(path)
    os.symlink(library, path)
PY
    .venv27/bin/python -c "import qi"
fi
