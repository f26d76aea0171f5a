# Entry points. Each target installs what it needs first, idempotently: scripts/setup.sh
# everything (the demo, the tests, the simulator); scripts/setup_light.sh only what
# robot-check, package and choregraphe need, in .venv-light (no Chromium, Qt tools or
# simulator meshes).
SECONDS ?=
BEHAVIOUR ?=
SCENARIO ?=
STYLE ?=

.PHONY: setup test demo compare package choregraphe benchmark robot-check people

setup:
	bash scripts/setup.sh

test:
	bash scripts/test.sh

demo: setup
	PYTHONPATH=lib:devtools .venv/bin/python devtools/pepper_bullet/demo.py $(if $(SECONDS),--seconds $(SECONDS)) $(if $(BEHAVIOUR),--behaviour $(BEHAVIOUR)) $(if $(SCENARIO),--scenario $(SCENARIO)) $(if $(STYLE),--style $(STYLE))

# The two motion styles side by side: out/compare/styles.gif and speed_traces.png
# (docs/ holds copies of a run at the defaults).
compare: setup
	PYTHONPATH=lib:devtools .venv/bin/python devtools/pepper_bullet/compare.py $(if $(SECONDS),--seconds $(SECONDS)) $(if $(BEHAVIOUR),--behaviour $(BEHAVIOUR))

package:
	bash scripts/setup_light.sh package
	.venv-light/bin/python tools/build_package.py

# A project folder Choregraphe opens and plays as is: build/choregraphe/animate-behaviour.pml
choregraphe:
	bash scripts/setup_light.sh package
	.venv-light/bin/python tools/build_package.py --choregraphe

# Every figure a benchmark prints also goes to its page of docs/measurements/ (--write:
# between the page's markers; docs/measurements/README.md says which script writes which).
benchmark: setup
	.venv27/bin/python scripts/benchmark.py --write
	.venv27/bin/python scripts/benchmark_day.py --write
	.venv/bin/python scripts/benchmark.py --write
	PYTHONPATH=lib:devtools .venv/bin/python scripts/benchmark_service.py --write
	PYTHONPATH=lib:devtools .venv/bin/python scripts/benchmark_citizen.py --write
	PYTHONPATH=lib:devtools .venv/bin/python scripts/benchmark_lanes.py --write
	PYTHONPATH=lib:devtools .venv/bin/python scripts/benchmark_motion.py --write
	PYTHONPATH=lib:devtools .venv/bin/python scripts/benchmark_mood.py --seconds 120 --write
	PYTHONPATH=lib:devtools .venv/bin/python scripts/benchmark_context.py --write
	PYTHONPATH=lib:devtools .venv/bin/python scripts/benchmark_follow.py --write
	PYTHONPATH=lib:devtools .venv/bin/python scripts/benchmark_set_angles.py --write
	PYTHONPATH=lib:devtools .venv/bin/python scripts/benchmark_drift.py --seeds 10 --write
	$(PEOPLE_RUN) --write

# Pepper beside people standing idle (issue 32): out/people/ (docs/people.md). The data lies
# in ../shared/people beside the repository, or where PEOPLE=/path says.
PEOPLE_RUN = PYTHONPATH=lib:devtools .venv/bin/python scripts/people.py $(if $(PEOPLE),--people $(PEOPLE))
people: setup
	$(PEOPLE_RUN)

# The NAOqi facts the package relies on, tried on a Pepper (URL=tcp://<pepper>:9559;
# MOVE_BASE=1 also turns the base, YES=1 moves without asking, STEPS=flap,rest the owner
# steps of Pepper's own day) or,
# without URL, on pepper_sim (VARIANT=<name>: one that contradicts a fact):
# out/robot_check/report.md and report.json (docs/robot_check.md).
robot-check:
	bash scripts/setup_light.sh robot-check
	.venv-light/bin/python scripts/check_robot.py $(if $(URL),--url $(URL)) $(if $(MOVE_BASE),--move-base) $(if $(YES),--yes) $(if $(STEPS),--steps $(STEPS)) $(if $(VARIANT),--variant $(VARIANT))
