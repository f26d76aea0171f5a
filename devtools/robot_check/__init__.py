"""The robot check an owner runs (``make robot-check URL=tcp://<pepper>:9559``): the NAOqi
facts the package relies on (docs/naoqi.md), each tried by a trial that could have shown
otherwise and reported as confirmed, contradicted, not decided or not tried, in a Markdown
and a JSON report (written after every finding) to attach to an issue
(docs/robot_check.md). Without a URL it checks pepper_sim on a loopback qi session.

It runs on the owner's PC, never on the robot: Python 3 or 2.7 (single-source, as an
owner may have NAOqi 2.5's own Python 2.7 SDK), with libqi. One module per job:
``facts`` (the table and the findings), ``followed`` (the ALMemory keys the package
follows), ``service_trials``, ``arm_trials`` and ``base_trial`` (what is tried),
``day_trials`` (Pepper's own day: a disabled chain, and the owner steps flap and rest),
``timing`` (how long it lets things take, and its clock), ``tasks`` (reading ALMotion's
task list, and the check's own calls), ``consent`` (asking before anything moves),
``report`` (the writers), ``simulated`` (the stand-in robot and its owner),
``variants`` (stand-ins that each contradict one fact: the check's own mutation test) and
``run`` (the trials' table and the whole check).
"""
