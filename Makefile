# Entry points. Each target installs what it needs first (scripts/setup.sh is idempotent).
SECONDS ?= 30
BEHAVIOUR ?=
SCENARIO ?=
STYLE ?=

.PHONY: setup test demo package choregraphe benchmark

setup:
	bash scripts/setup.sh

test:
	bash scripts/test.sh

demo: setup
	PYTHONPATH=lib:devtools .venv/bin/python devtools/pepper_bullet/demo.py --seconds $(SECONDS) $(if $(BEHAVIOUR),--behaviour $(BEHAVIOUR)) $(if $(SCENARIO),--scenario $(SCENARIO)) $(if $(STYLE),--style $(STYLE))

package: setup
	.venv/bin/python tools/build_package.py

# A project folder Choregraphe opens and plays as is: build/choregraphe/animate-behaviour.pml
choregraphe: setup
	.venv/bin/python tools/build_package.py --choregraphe

benchmark: setup
	.venv27/bin/python scripts/benchmark.py
	.venv/bin/python scripts/benchmark.py
	PYTHONPATH=lib:devtools .venv/bin/python scripts/benchmark_service.py
	PYTHONPATH=lib:devtools .venv/bin/python scripts/benchmark_citizen.py
	PYTHONPATH=lib:devtools .venv/bin/python scripts/benchmark_lanes.py
	PYTHONPATH=lib:devtools .venv/bin/python scripts/benchmark_motion.py
