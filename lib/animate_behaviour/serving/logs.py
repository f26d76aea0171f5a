"""Logging: Python ``logging`` records forwarded to NAOqi's log system and a log file.

Each host logs through a logger made here for it alone (category ``animateBehaviour``), so
its lines appear in Choregraphe's log viewer and ``qicli log-view`` and in
``animateBehaviourLogFile.log``, and stopping it closes its own handlers, no one else's.
"""
from __future__ import absolute_import, division, print_function

import logging
import logging.handlers
import os

CATEGORY = "animateBehaviour"
LOG_FILE_NAME = "animateBehaviourLogFile.log"
LOG_DIR_VARIABLE = "ANIMATE_BEHAVIOUR_LOG_DIR"
_FORMAT = "%(asctime)s %(levelname)s %(threadName)s: %(message)s"


def default_log_path():
    """``$ANIMATE_BEHAVIOUR_LOG_DIR`` or ``~/.local/share/animate-behaviour``, plus the file
    name: the home directory is writable by the nao user on the robot and on a PC."""
    directory = os.environ.get(LOG_DIR_VARIABLE) or os.path.join(
        os.path.expanduser("~"), ".local", "share", "animate-behaviour")
    return os.path.join(directory, LOG_FILE_NAME)


def _native(text):
    """``text`` as the ``str`` pylog takes: UTF-8 bytes for Python 2's unicode (qi 1.8.3
    refuses unicode), unchanged otherwise."""
    return text if isinstance(text, str) else text.encode("utf-8")


class QiLogHandler(logging.Handler):
    """Forwards records to NAOqi's log through ``qi_logging`` (the ``qi.logging`` module)
    under ``category``; debug maps to qi's verbose level.

    Every qi version (NAOqi 2.5's, 1.8.3, 3.1.5) has ``qi.logging.pylog(level, category,
    message, file, function, line)`` and the level constants; ``qi.Logger`` calls it after
    walking ``inspect.stack()`` to find the caller, for every line, which is slow on
    Pepper's Atom. The record already knows where it was logged from, so it goes to
    pylog directly: the one place that depends on qi's logging API.
    """

    def __init__(self, qi_logging, category):
        logging.Handler.__init__(self)
        self._pylog = qi_logging.pylog
        self._category = category
        # Highest first: a record goes out at the qi level of the first threshold it reaches.
        self._levels = ((logging.ERROR, qi_logging.ERROR), (logging.WARNING, qi_logging.WARNING),
                        (logging.INFO, qi_logging.INFO), (logging.NOTSET, qi_logging.VERBOSE))

    def emit(self, record):
        level = next(qi_level for threshold, qi_level in self._levels
                     if record.levelno >= threshold)
        self._pylog(level, self._category, _native(self.format(record)),
                    _native(record.pathname), _native(record.funcName or "<function>"),
                    record.lineno)


def make_logger(verbose, log_path=None, qi_module=None):
    """A new logger of its own for one host: category ``animateBehaviour``, its own handlers.

    It is not registered in the ``logging`` module's process-wide table: NAOqi runs every
    behaviour's boxes in one interpreter, so a shared ``logging.getLogger(...)`` would let
    one host's start or stop remove another running host's handlers. Pass it to
    :func:`close_logger` when the host is done.

    ``qi_module`` is the imported ``qi`` (None where libqi is unavailable, as in tests).
    A log file that cannot be opened is reported through the other handlers.
    """
    logger = logging.Logger(CATEGORY, logging.DEBUG if verbose else logging.INFO)
    logger.propagate = False
    if qi_module is not None:
        logger.addHandler(QiLogHandler(qi_module.logging, CATEGORY))
    path = log_path or default_log_path()
    try:
        directory = os.path.dirname(path)
        if directory and not os.path.isdir(directory):
            os.makedirs(directory)
        file_handler = logging.handlers.RotatingFileHandler(path, maxBytes=1 << 20, backupCount=3)
    except (IOError, OSError) as err:
        logger.error("cannot write the log file %s: %s" % (path, err))
    else:
        file_handler.setFormatter(logging.Formatter(_FORMAT))
        logger.addHandler(file_handler)
    return logger


def close_logger(logger):
    """Remove and close the handlers of ``logger`` (one made by :func:`make_logger`) only."""
    for handler in list(logger.handlers):
        logger.removeHandler(handler)
        handler.close()
