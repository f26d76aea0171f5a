#!/usr/bin/env bash
# Runs every test on both lanes, side by side: Python 3.9 with libqi 3.1.5 (unit, qi
# integration on loopback sessions, package build, the qiBullet simulator, the tablet page
# in Chromium) and Python 2.7 with libqi 1.8.3 and numpy 1.8.0 like Pepper's NAOqi 2.5
# (the same but the 3.9 lane's tools: Chromium, qiBullet, qipkg, esprima, Pillow,
# matplotlib).
# Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh

export PYTHONDONTWRITEBYTECODE=1
# A native crash (libqi) leaves every thread's Python stack: pytest's faulthandler plugin
# in the 3.9 lane's own process, this in the processes tests start. Python 2.7 has no
# faulthandler, and its PyPI backport is not installable here (no distribution found).
export PYTHONFAULTHANDLER=1
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
# Three runs side by side: the 2.7 lane, the 3.9 lane, and the 3.9 lane's qiBullet tests
# (about 3 minutes of real-time physics). Most of a run's time is waiting (robot time on
# scaled or virtual clocks, qi round trips, the simulator's real time): together they
# use about a third of this machine's two cores, and the tests decide their own races
# rather than count on a quiet machine. One after the other they took over 9 minutes,
# near CI's 10. The other runs' output is shown once the 3.9 lane's is done.
lane27="$(.venv27/bin/python -c 'import qi, numpy; print("libqi %s + numpy %s" % (qi.__version__, numpy.__version__))')"
log27="$(mktemp)"
logsim="$(mktemp)"
.venv27/bin/python -m pytest -p no:cacheprovider tests "$@" >"$log27" 2>&1 &
pid27=$!
.venv/bin/python -m pytest -p no:cacheprovider tests -m simulator --simulator "$@" \
    >"$logsim" 2>&1 &
pidsim=$!
trap 'kill "$pid27" "$pidsim" 2>/dev/null || true; rm -f "$log27" "$logsim"' EXIT
echo "== Python 3.9 lane (libqi $(.venv/bin/python -c 'import qi, importlib.metadata as m; print(m.version("qi"))'))"
.venv/bin/python -m pytest -p no:cacheprovider tests "$@" || status=$?
wait "$pidsim" || status=$?
echo "== Python 3.9 lane: the qiBullet simulator tests (--simulator)"
cat "$logsim"
wait "$pid27" || status=$?
echo "== Python 2.7 lane ($lane27: NAOqi 2.5 runs boxes under Python 2.7 with numpy 1.8.0;" \
     "qi 1.8.3 is the newest libqi wheel for Python 2.7)"
cat "$log27"
exit $status
