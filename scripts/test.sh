#!/usr/bin/env bash
# Runs every test on both lanes: Python 3.9 with the real libqi bindings (unit, qi
# integration on loopback sessions, package build, the qiBullet simulator), then Python 2.7 like Pepper's
# NAOqi 2.5 (everything that needs no live session). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh

export PYTHONDONTWRITEBYTECODE=1
echo "== Python 2.7 byte-compiles lib/, boxes/ and the 2.7 stand-ins"
.venv27/bin/python - <<'PY'
from __future__ import print_function
import glob, sys
bad = []
for path in sorted(glob.glob("lib/**/*.py") + glob.glob("lib/*/*.py") + glob.glob("boxes/*.py")
                   + ["devtools/pepper_sim/%s.py" % name for name in
                      ("motion", "autonomous_life", "memory", "speech", "preferences",
                       "behaviors")]):
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
echo "== Python 2.7 lane"
.venv27/bin/python -m pytest -p no:cacheprovider tests "$@" || status=$?
exit $status
