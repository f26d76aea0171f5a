"""Serving it: the qi service, the host that owns its life, the command-line runner, the
Choregraphe box's glue, the tablet page and the logs."""
