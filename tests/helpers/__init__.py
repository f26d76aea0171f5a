"""What the tests share, each helper once: test files import them from here
(``from helpers.manual_clock import ManualClock``) and never from one another.

* browser (Python 3 only): headless Chromium as a fixture, for the tablet page;
* checks: the motion checks several test files make on recorded calls and plans;
* es5 (Python 3 only): the tablet page's scripts read as ES5;
* lock_recorder: the order the service's locks are taken in, recorded;
* manual_clock: robot time that passes only when a test moves it;
* pepper_day: Pepper's own day over qi (pepper_sim's day, our service, another client);
* pepper_sim_fixtures: pepper_sim served over qi, as pytest fixtures;
* qi_double: a qi stand-in for unit tests that need no session;
* script_modules: importing scripts/*.py without leaving scripts/ on sys.path;
* service_deployment: the service deployed against pepper_sim, driven as an app would;
* web_bridge (Python 3 only) and qimessaging_standin.js: html/ served with QiMessaging
  stood in, for headless Chromium.
"""
