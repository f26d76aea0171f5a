"""The engine's bell (both lanes): what the awareness perceives reaches the round that
runs, and only it."""
from __future__ import absolute_import, division, print_function

from animate_behaviour.engine.bell import Bell


class Round(object):
    def __init__(self):
        self.heard = []

    def notify(self):
        self.heard.append("round")

    def check_life_soon(self):
        self.heard.append("life")


def test_only_the_listening_round_hears_the_bell():
    bell, first, second = Bell(), Round(), Round()
    bell.round()  # between rounds: nobody listens, nothing fails
    bell.listen(first)
    bell.round()
    bell.life_state()
    bell.listen(second)  # a new round starts before the old one went quiet
    bell.quiet(first)  # the old one going quiet leaves the new one listening
    bell.round()
    bell.quiet(second)
    bell.life_state()
    assert first.heard == ["round", "life"]
    assert second.heard == ["round"]
