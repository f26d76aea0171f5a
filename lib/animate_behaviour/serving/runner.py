"""``python -m animate_behaviour``: run the service from a PC against any NAOqi URL.

Exit status: 0 after SIGINT/SIGTERM (disabled, restored, unregistered), 1 when NAOqi is
unreachable, goes away while running, or the service cannot start, 2 for a bad
configuration or command line.
"""
from __future__ import absolute_import, division, print_function

import argparse
import errno
import fcntl
import functools
import logging
import os
import select
import signal
import sys
import threading

from animate_behaviour import configuration as config_module
from animate_behaviour.engine import motion_engine as engine_module
from animate_behaviour.foundation import clock as clock_module
from animate_behaviour.serving import host as host_module
from animate_behaviour.serving import logs

DEFAULT_CONFIG = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "config", config_module.CONFIG_FILE_NAME)


def parse_arguments(argv):
    parser = argparse.ArgumentParser(prog="python -m animate_behaviour",
                                     description="Make Pepper look alive.")
    parser.add_argument("--qi-url", default="tcp://127.0.0.1:9559",
                        help="NAOqi to connect to (default: %(default)s)")
    parser.add_argument("--config", default=DEFAULT_CONFIG,
                        help="configuration file (default: the package's)")
    parser.add_argument("--activate", action="store_true",
                        help="enable the animation at once")
    parser.add_argument("--show-on-tablet", action="store_true",
                        help="show the package's page on Pepper's tablet while running (the "
                             "package must be installed on the robot: the page is its html/)")
    parser.add_argument("--log-file", default=None,
                        help="log file (default: %s)" % logs.default_log_path())
    parser.add_argument("--time-scale", type=_time_scale, default=1.0,
                        help="wall seconds per robot second, for a simulated NAOqi that runs "
                             "faster than real time (tests, benchmarks); 1 on a robot")
    return parser.parse_args(argv)


def _time_scale(text):
    try:
        return clock_module.ScaledClock(float(text)).time_scale
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not a positive number" % (text,))


class StopRequest(object):
    """What ends the runner: a signal or a lost connection calls ``set()``; the main thread
    blocks in ``wait()`` until then, in select() on a pipe ``set()`` writes to, with no
    timeout. (On Python 2.7 a thread blocked on a lock or in libqi would not run the
    signal handlers, and a timed wait would poll.)"""

    def __init__(self):
        self._read, self._write = os.pipe()
        # Written to by the C-level signal handler too, which must never block.
        flags = fcntl.fcntl(self._write, fcntl.F_GETFL)
        fcntl.fcntl(self._write, fcntl.F_SETFL, flags | os.O_NONBLOCK)
        self._set = False
        self._on_signals = False

    def set_on_signals(self, signums, callback):
        """On each of ``signums``, call ``callback(signum)`` on the main thread and set the
        request. The kernel may deliver a signal to any thread (libqi's included), and
        Python runs handlers on the main thread alone: a signal that reaches another
        thread does not interrupt the main thread's select(), so the wake-up byte that
        the C-level handler writes to the pipe is what wakes it."""
        def handler(signum, _frame):
            callback(signum)
            self.set()
        signal.set_wakeup_fd(self._write)
        self._on_signals = True
        for signum in signums:
            signal.signal(signum, handler)

    def set(self):
        """Ask for the stop; from a signal handler or any thread."""
        if not self._set:
            self._set = True
            os.write(self._write, b"x")

    def is_set(self):
        return self._set

    def wait(self):
        while not self._set:
            try:
                select.select([self._read], [], [])
            except select.error as err:  # Python 2.7: EINTR once a signal came
                if err.args[0] != errno.EINTR:
                    raise

    def close(self):
        if self._on_signals:
            signal.set_wakeup_fd(-1)
        os.close(self._read)
        os.close(self._write)


def main(argv=None, qi_module=None):
    arguments = parse_arguments(sys.argv[1:] if argv is None else argv)
    if qi_module is None:
        import qi as qi_module
    console = logging.StreamHandler(sys.stderr)
    try:
        config = config_module.load(arguments.config)
    except config_module.ConfigurationError as err:
        logger = logs.make_logger(False, arguments.log_file, qi_module)
        logger.addHandler(console)
        logger.error("invalid configuration: %s" % err)
        return 2
    logger = logs.make_logger(config.verbose, arguments.log_file, qi_module)
    logger.addHandler(console)

    application = qi_module.Application([sys.argv[0], "--qi-url", arguments.qi_url])
    try:
        application.start()
    except RuntimeError as err:
        logger.error("cannot reach NAOqi at %s: %s" % (arguments.qi_url, err))
        return 1
    session = application.session

    stop = StopRequest()
    lost = threading.Event()  # a flag: nothing waits on it

    def lost_naoqi(*_args):
        logger.error("lost the connection to NAOqi at %s" % arguments.qi_url)
        lost.set()
        stop.set()

    stop.set_on_signals((signal.SIGINT, signal.SIGTERM),
                        lambda signum: logger.info("signal %d received: stopping" % signum))
    link = session.disconnected.connect(lost_naoqi)
    engine_factory = functools.partial(
        engine_module.MotionEngine, clock=clock_module.ScaledClock(arguments.time_scale))
    host = host_module.ServiceHost(session, config, logger, engine_factory=engine_factory)
    code = 0
    try:
        host.run(arguments.activate, stop, arguments.show_on_tablet)
    except host_module.HostError as err:
        logger.error("animate behaviour not started: %s" % err)
        code = 1
    finally:
        session.disconnected.disconnect(link)
        # Close while the event loop still runs: libqi's exit-time teardown can deadlock
        # destroying a socket a client (a tablet, qicli) still holds open.
        session.close()
        stop.close()
    # Everything is stopped, restored and closed. libqi 3.1.5's exit-time teardown can
    # still deadlock (it joins its event loop holding the GIL while the loop waits for
    # the GIL to release what we served: seen after NAOqi went away, and once in ten
    # loaded test runs after a clean stop, hung past 20 s) or abort ("terminate called
    # without an active exception"): leave without it, the logs flushed (docs/naoqi.md,
    # "libqi-python's conversions").
    logs.close_logger(logger)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(1 if lost.is_set() else code)
