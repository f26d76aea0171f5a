"""Set-up under a user's own pip configuration (scripts/setup.sh).

A machine or a user may configure pip with a constraints file, extra indexes and
find-links; set-up must work under it, untouched. Run from the 3.9 lane only: the scripts
are bash, the same whichever lane calls them.
"""
from __future__ import absolute_import, division, print_function

import os
import shutil
import subprocess
import sys
import zipfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

pytestmark = pytest.mark.skipif(sys.version_info[0] < 3,
                                reason="set-up's scripts are tested once, from the 3.9 lane")


def pip_config(tmp_path):
    """A pip configuration file naming a harmless constraint, an empty extra index and
    empty find-links, as a user's or a company's may."""
    (tmp_path / "constraints.txt").write_text("six>=1.0\n")
    (tmp_path / "index").mkdir()
    (tmp_path / "wheels").mkdir()
    config = tmp_path / "pip.conf"
    config.write_text("[global]\nconstraint = %s\nextra-index-url = file://%s\nfind-links = %s\n"
                      % (tmp_path / "constraints.txt", tmp_path / "index",
                         tmp_path / "wheels"))
    return config


WHEEL = "psycopg2_binary-2.7.7-cp27-cp27mu-manylinux1_x86_64.whl"


def fetch(dest, env):
    return subprocess.run(["bash", "scripts/fetch_openssl_wheel.sh", str(dest)], cwd=ROOT,
                          env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True, timeout=300)


def test_the_openssl_wheel_is_fetched_under_a_pip_configuration_with_constraints(tmp_path):
    env = dict(os.environ, PIP_CONFIG_FILE=str(pip_config(tmp_path)))
    dest = tmp_path / "dest"
    dest.mkdir()
    proc = fetch(dest, env)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == str(dest / WHEEL)
    assert (dest / WHEEL).is_file()


def test_a_wheel_with_another_checksum_is_refused(tmp_path):
    """A valid wheel of that name that is not PyPI's (served by an index or find-links of
    the user's) stops set-up, naming both checksums."""
    real = tmp_path / "real"
    real.mkdir()
    assert fetch(real, dict(os.environ)).returncode == 0
    (tmp_path / "wheels").mkdir()
    other = tmp_path / "wheels" / WHEEL
    shutil.copy(str(real / WHEEL), str(other))
    with zipfile.ZipFile(str(other), "a") as archive:
        archive.comment = b"not PyPI's"
    dest = tmp_path / "dest"
    dest.mkdir()
    env = dict(os.environ, PIP_CONFIG_FILE=os.devnull, PIP_NO_INDEX="1",
               PIP_FIND_LINKS=str(tmp_path / "wheels"))
    proc = fetch(dest, env)
    assert proc.returncode != 0
    assert "not PyPI's psycopg2-binary 2.7.7" in proc.stderr
    assert proc.stdout == ""


# -- scripts/setup_light.sh: make robot-check's and make package's set-up -------------------

def light(tmp_path, need):
    """scripts/setup_light.sh run in a copy of scripts/ and tools/ at ``tmp_path``."""
    for folder in ("scripts", "tools"):
        shutil.copytree(os.path.join(ROOT, folder), str(tmp_path / folder))
    return subprocess.run(["bash", "scripts/setup_light.sh"] + need, cwd=str(tmp_path),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True, timeout=60)


def test_light_set_up_uses_the_project_venv_when_it_has_what_is_needed(tmp_path):
    """This lane's venv has qi and numpy: .venv-light becomes a link to the .venv (here a
    link to this lane's venv), and nothing is installed."""
    (tmp_path / ".venv").symlink_to(os.path.dirname(os.path.dirname(sys.executable)))
    proc = light(tmp_path, ["robot-check"])
    assert proc.returncode == 0, proc.stderr
    assert os.readlink(str(tmp_path / ".venv-light")) == ".venv"
    assert "installing" not in proc.stdout
    again = subprocess.run(["bash", "scripts/setup_light.sh", "robot-check"],
                           cwd=str(tmp_path), stdout=subprocess.PIPE,
                           universal_newlines=True, timeout=60)
    assert (again.returncode, again.stdout) == (0, "")  # done already: says nothing


def test_light_set_up_names_what_it_sets_up(tmp_path):
    proc = light(tmp_path, ["demo"])
    assert proc.returncode == 2
    assert proc.stderr == "usage: bash scripts/setup_light.sh robot-check|package\n"
    assert not (tmp_path / ".venv-light").exists()
