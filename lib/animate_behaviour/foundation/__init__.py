"""The floor everything stands on: the clock (robot seconds, waits that never poll) and the
few names Python 2.7 and 3 spell differently."""
