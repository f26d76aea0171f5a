"""The robot check an owner runs (``make robot-check URL=tcp://<pepper>:9559``): the NAOqi
facts the package relies on (docs/naoqi.md), tried on a Pepper and reported as confirmed,
contradicted or not tried, in a Markdown and a JSON report to attach to an issue
(docs/robot_check.md). Without a URL it checks pepper_sim on a loopback qi session.

Python 3 only: it runs on the owner's PC, never on the robot. One module per job:
``facts`` (the table), ``followed`` (the ALMemory keys the package follows),
``service_trials``, ``arm_trials`` and ``base_trial`` (what is tried), ``timing`` (how
long it lets things take), ``tasks`` (reading ALMotion's task list), ``consent`` (asking
before anything moves), ``report`` (the writers), ``simulated`` (the stand-in robot) and
``run`` (the whole check).
"""
