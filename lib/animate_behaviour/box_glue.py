"""What the Choregraphe box calls: everything testable lives here, the box stays thin."""
from __future__ import absolute_import, division, print_function

import os

from animate_behaviour import config as config_module
from animate_behaviour import host as host_module
from animate_behaviour import logs


def start_from_box(session, package_dir, box_logger, activate, qi_module=None):
    """Start the service from the box's ``session``; return the host, or None after
    logging why it cannot start (a bad configuration, a missing ALMotion, a name clash)."""
    if qi_module is None:
        import qi as qi_module
    config_path = os.path.join(package_dir, "config", config_module.CONFIG_FILE_NAME)
    try:
        config = config_module.load(config_path)
    except config_module.ConfigurationError as err:
        box_logger.error("animate behaviour not started: %s" % err)
        return None
    logger = logs.make_logger(config.verbose, qi_module=qi_module)
    host = host_module.ServiceHost(session, config, logger)
    try:
        host.start(activate)
    except host_module.HostError as err:
        logger.error("animate behaviour not started: %s" % err)
        box_logger.error("animate behaviour not started: %s" % err)
        return None
    return host
