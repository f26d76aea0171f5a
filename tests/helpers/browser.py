"""Headless Chromium for the tablet page's tests, as a pytest fixture (``browser``):
Debian's chromium and chromedriver, at Pepper's tablet size. Python 3 only (selenium 4);
used by tests/test_tablet_page.py and test_calling_examples.py."""
from __future__ import absolute_import, division, print_function

import os

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


@pytest.fixture
def browser(tmp_path):
    """Headless Chromium showing pages at Pepper's tablet size, with a fresh profile;
    nothing is downloaded (Debian's chromium and chromedriver)."""
    if not (os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER)):
        pytest.skip("needs Debian's chromium and chromium-driver (%s, %s): run scripts/setup.sh"
                    % (CHROMIUM, CHROMEDRIVER))
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--window-size=1280,800",
                 "--hide-scrollbars", "--user-data-dir=%s" % tmp_path.joinpath("profile")):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    try:
        # --window-size counts the window's frame: give the page itself 1280x800.
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})
        yield driver
    finally:
        driver.quit()
