"""The people extractors (ALPeoplePerception, ALEngagementZones) subscribed under the
package's name while the animation runs, so that their events come whatever Autonomous
Life's state (docs/naoqi.md, "Extractors").

An extractor publishes only while someone has subscribed to it ("If not yet started by
another subscriber, starts processing data periodically and publishes data in ALMemory",
ALExtractor::subscribe), ALEngagementZones only with ALPeoplePerception subscribed too,
and Autonomous Life runs them in its solitary state only: with a person engaged it is
interactive and they would be silent. NAOqi counts subscribers by name, so subscribing
and unsubscribing ours never stops another app's use, and runs each extractor at the
smallest period its subscribers ask (ALExtractor::getCurrentPeriod): PERIOD is only ours.
What this costs is camera work NAOqi does not publish a figure for (docs/context.md).
"""
from __future__ import absolute_import, division, print_function

SUBSCRIBER = "AnimateBehaviour"
# People perception first: the zones need it.
NAMES = ("ALPeoplePerception", "ALEngagementZones")
# ms between two updates we ask for, and the precision (ALExtractor's default, 1): a
# visitor's arrival shows within half a second, about the context's engaged ramp's pace.
PERIOD = 500
PRECISION = 1.0


class PeopleExtractors(object):
    """Subscribes ``services`` ({name: proxy or None}, NAMES) under SUBSCRIBER; logs
    failures to ``log`` and goes on (a reaction then waits for another subscriber).
    Idempotent both ways; not thread-safe (the engine's supervisor calls it)."""

    def __init__(self, services, log):
        self._services = [(name, services.get(name)) for name in NAMES]
        self._log = log
        self._subscribed = []

    @property
    def subscribed(self):
        """The extractors subscribed now, by name."""
        return [name for name, _proxy in self._subscribed]

    def subscribe(self):
        for name, proxy in self._services:
            if proxy is None or (name, proxy) in self._subscribed:
                continue
            try:
                proxy.subscribe(SUBSCRIBER, PERIOD, PRECISION)
            except RuntimeError as err:
                self._log.error("%s.subscribe(%s) failed (%s): people events come only "
                                "while another app or Autonomous Life runs it"
                                % (name, SUBSCRIBER, err))
                continue
            self._subscribed.append((name, proxy))

    def unsubscribe(self):
        while self._subscribed:
            name, proxy = self._subscribed.pop()
            try:
                proxy.unsubscribe(SUBSCRIBER)
            except RuntimeError as err:
                self._log.error("%s.unsubscribe(%s) failed: %s" % (name, SUBSCRIBER, err))
