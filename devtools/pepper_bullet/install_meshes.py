"""Install qiBullet's robot meshes without prompting (``scripts/setup.sh`` runs this).

Running it accepts SoftBank's licence for the Pepper meshes on the user's behalf (the
meshes may not be redistributed); they go to ~/.qibullet/<version>. Does nothing when
they are already there. Exits 1 with a message if the installation failed.
"""
import contextlib
import io
import sys

from qibullet import tools


def installed():
    with contextlib.redirect_stdout(io.StringIO()):  # it prints "not yet installed"
        return tools._check_resources_installed()


def main():
    if installed():
        return 0
    print("setup: installing qiBullet's Pepper meshes in %s (accepting their licence)"
          % tools._get_resources_folder())
    with contextlib.redirect_stdout(io.StringIO()) as chatter:
        tools._install_resources(agreement=True)
    if not installed():
        print("setup: qiBullet's meshes could not be installed in %s:\n%s"
              % (tools._get_resources_folder(), chatter.getvalue()), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
