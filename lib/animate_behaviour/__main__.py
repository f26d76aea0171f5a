"""Entry point of ``python -m animate_behaviour``."""
from __future__ import absolute_import

import sys

from animate_behaviour.serving.runner import main

sys.exit(main())
