"""The package's page (html/index.html) on Pepper's tablet: shown while the service
runs when the box's "Show on tablet" parameter (or the runner's --show-on-tablet) asks."""
from __future__ import absolute_import, division, print_function

PACKAGE_UUID = "animate-behaviour"
# NAOqi serves each package's html/ folder at /apps/<package uuid>/; the tablet reaches
# the robot at 198.18.0.1 on its internal link, whatever the robot's own network address.
PAGE_URL = "http://198.18.0.1/apps/%s/index.html" % PACKAGE_UUID


class TabletPage(object):
    """Shows and hides the page through ``tablet`` (an ALTabletService proxy, or None
    when the robot has none: then both only log)."""

    def __init__(self, tablet, logger):
        self._tablet = tablet
        self._log = logger
        self._shown = False

    def show(self):
        if self._tablet is None:
            self._log.warning("no ALTabletService: the page %s is not shown" % PAGE_URL)
            return
        try:
            shown = self._tablet.showWebview(PAGE_URL)
        except RuntimeError as err:
            self._log.error("ALTabletService.showWebview(%s) failed: %s" % (PAGE_URL, err))
            return
        if shown is False:
            self._log.error("ALTabletService.showWebview(%s) refused to show the page"
                            % PAGE_URL)
            return
        self._shown = True
        self._log.info("tablet shows %s" % PAGE_URL)

    def hide(self):
        """Hide the page if we showed it."""
        if not self._shown:
            return
        self._shown = False
        try:
            self._tablet.hideWebview()
        except RuntimeError as err:
            self._log.error("ALTabletService.hideWebview failed: %s" % err)
