"""What the Choregraphe box calls: everything testable lives here, the box stays thin.

The box (boxes/animate_behaviour.py) puts the package's lib/ on sys.path, imports this
module and calls :func:`start_from_box`; it keeps the :class:`BoxRun` it gets back and
calls its ``stop()`` when the behaviour stops. NAOqi runs every behaviour's boxes in one
Python interpreter, so nothing here is process-wide: each run has its own logger and
closes only its own handlers.
"""
from __future__ import absolute_import, division, print_function

import os

from animate_behaviour.serving import logs

CONFIG_DIR = "config"


class BoxRun(object):
    """One started AnimateBehaviour service as the box holds it: its host and its logger."""

    def __init__(self, host, logger):
        self.host = host
        self.logger = logger

    def stop(self):
        """Disable, restore, unregister (see ServiceHost.stop), then close this run's log
        handlers (no other host's). Idempotent."""
        try:
            self.host.stop()
        finally:
            logs.close_logger(self.logger)


def start_from_box(session, package_dir, box_logger, activate, show_on_tablet=False,
                   qi_module=None):
    """Start the service from the box's ``session``; return its :class:`BoxRun`, or None
    after logging one error line on ``box_logger`` saying why it cannot start (configobj
    missing, a bad configuration, a missing ALMotion, a name clash). ``activate``: enable
    at once; ``show_on_tablet``: show the package's page on the tablet until stop."""
    try:
        # Imported here, not at the top: without configobj the box must still be able to
        # say so in one line instead of failing to import this module.
        from animate_behaviour import configuration as config_module
        from animate_behaviour.serving import host as host_module
    except ImportError as err:
        box_logger.error("animate behaviour not started: %s" % err)
        return None
    if qi_module is None:
        import qi as qi_module
    config_path = os.path.join(package_dir, CONFIG_DIR, config_module.CONFIG_FILE_NAME)
    try:
        config = config_module.load(config_path)
    except config_module.ConfigurationError as err:
        box_logger.error("animate behaviour not started: %s" % err)
        return None
    logger = logs.make_logger(config.verbose, qi_module=qi_module)
    host = host_module.ServiceHost(session, config, logger)
    try:
        host.start(activate, show_on_tablet)
    except host_module.HostError as err:
        logger.error("animate behaviour not started: %s" % err)
        logs.close_logger(logger)
        box_logger.error("animate behaviour not started: %s" % err)
        return None
    return BoxRun(host, logger)
