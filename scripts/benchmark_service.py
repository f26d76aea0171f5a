"""Latency and memory of the AnimateBehaviour service over libqi (Python 3 + qi).

    make benchmark

Against a simulated NAOqi on loopback: the round trip of setActivation from a client
session, how long after setActivation("disabled") activationChanged("disabled") arrives
(home reached), and the runner process's resident memory. (Disable-to-kill is in
benchmark_citizen.py.) Prints a Markdown table; ``--write`` also writes it into
docs/measurements/service.md. Figures, not assertions.
"""
import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "lib"), os.path.join(ROOT, "devtools")]

import qi  # noqa: E402

import measurement_pages  # noqa: E402  (scripts/ is on sys.path)
import pepper_sim  # noqa: E402
from pepper_sim.qi_server import SimulatedRobot  # noqa: E402

ROUND_TRIPS = 300
TOGGLES = 10
TIMEOUT = 20.0
SCALE = 0.05  # wall s per robot s


def resident_kib(pid):
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return None


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    measurement_pages.option(parser, "service.md")
    args = parser.parse_args()
    config = tempfile.NamedTemporaryFile("w", suffix=".ini", delete=False)
    config.write("gestureDuration = 1.0\n")  # the default 100 x 1 s trajectories
    config.close()
    with SimulatedRobot(time_scale=SCALE) as robot:
        runner = subprocess.Popen(
            [sys.executable, "-m", "animate_behaviour", "--qi-url", robot.url,
             "--config", config.name, "--log-file", os.devnull],
            env=pepper_sim.runner_environment(os.path.join(ROOT, "lib")),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        client = qi.Session()
        client.connect(robot.url)
        try:
            client.waitForService("AnimateBehaviour", _async=True).value(int(TIMEOUT * 1000))
            service = client.service("AnimateBehaviour")
            changed = threading.Condition()
            received = []

            def on_change(state):
                with changed:
                    received.append((time.monotonic(), state))
                    changed.notify_all()
            link = service.activationChanged.connect(on_change)

            trips = []
            for _ in range(ROUND_TRIPS):
                start = time.monotonic()
                service.getActivation()
                trips.append(time.monotonic() - start)

            settle_delays = []
            for _ in range(TOGGLES):
                service.setActivation("enabled")
                with changed:
                    changed.wait_for(lambda: received and received[-1][1] == "enabled", TIMEOUT)
                robot.motion.wait_for(lambda: any(len(r.times[0]) > 1 and r.end is None
                                                  for r in robot.motion.trajectories), TIMEOUT)
                start = time.monotonic()
                service.setActivation("disabled")
                with changed:
                    changed.wait_for(lambda: received[-1][1] == "disabled", TIMEOUT)
                    settle_delays.append(received[-1][0] - start)
            service.setActivation("enabled")
            time.sleep(2.0)  # let the runner reach its steady state before reading its memory
            memory = resident_kib(runner.pid)
            service.activationChanged.disconnect(link)
        finally:
            client.close()
            runner.send_signal(signal.SIGTERM)
            runner.wait(TIMEOUT)
    os.unlink(config.name)
    ms = 1000.0
    lines = [
        "The runner over qi against pepper_sim on loopback, the specification's defaults.", "",
        "| figure | value |", "| --- | --- |",
        "| getActivation round trip over loopback (%d calls), median / p95 (ms) | %.2f / %.2f |"
        % (ROUND_TRIPS, statistics.median(trips) * ms, percentile(trips, 0.95) * ms),
        "| setActivation(\"disabled\") to activationChanged(\"disabled\"), home reached "
        "(%d times), median / max: robot s (wall ms at %.2f wall s per robot s) | "
        "%.2f / %.2f (%.0f / %.0f) |"
        % (TOGGLES, SCALE, statistics.median(settle_delays) / SCALE,
           max(settle_delays) / SCALE, statistics.median(settle_delays) * ms,
           max(settle_delays) * ms),
        "| the runner's resident memory while enabled (MiB) | %.1f |" % (memory / 1024.0),
        "| the runner's exit status after SIGTERM | %d |" % runner.returncode]
    print("\n".join(lines))
    if args.write:
        measurement_pages.write("service.md", "benchmark_service.py", lines)


if __name__ == "__main__":
    main()
