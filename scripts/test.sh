#!/usr/bin/env bash
# Runs every test on both lanes: Python 3.9 with libqi 3.1.5 (unit, qi integration on
# loopback sessions, package build, the qiBullet simulator, the tablet page in Chromium),
# then Python 2.7 with libqi 1.8.3 and numpy 1.8.0 like Pepper's NAOqi 2.5 (the same but
# the 3.9 lane's tools: Chromium, qiBullet, qipkg, esprima, Pillow, matplotlib).
# Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh

export PYTHONDONTWRITEBYTECODE=1
echo "== Python 2.7 byte-compiles lib/, boxes/ and the 2.7 stand-ins"
.venv27/bin/python - <<'PY'
from __future__ import print_function
import glob, sys
bad = []
for path in sorted(glob.glob("lib/*/*.py") + glob.glob("lib/*/*/*.py") + glob.glob("boxes/*.py")
                   + ["devtools/pepper_sim/%s.py" % name for name in
                      ("motion", "autonomous_life", "memory", "speech", "preferences",
                       "behaviors", "qi_server")]):
    try:
        compile(open(path).read(), path, "exec")
    except SyntaxError as err:
        bad.append("%s: %s" % (path, err))
print("\n".join(bad) or "all compile")
sys.exit(1 if bad else 0)
PY

status=0
echo "== Python 3.9 lane (libqi $(.venv/bin/python -c 'import qi, importlib.metadata as m; print(m.version("qi"))'))"
.venv/bin/python -m pytest -p no:cacheprovider tests --simulator "$@" || status=$?
lane27="$(.venv27/bin/python -c 'import qi, numpy; print("libqi %s + numpy %s" % (qi.__version__, numpy.__version__))')"
echo "== Python 2.7 lane ($lane27: NAOqi 2.5 runs boxes under Python 2.7 with numpy 1.8.0;" \
     "qi 1.8.3 is the newest libqi wheel for Python 2.7)"
.venv27/bin/python -m pytest -p no:cacheprovider tests "$@" || status=$?
exit $status
