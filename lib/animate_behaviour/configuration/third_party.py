"""The one place our code imports configobj and validate from.

The built package ships them (with the six they need) under this package's own namespace,
``animate_behaviour._vendor``, so that they never shadow or get shadowed by other apps'
copies in NAOqi's shared interpreter (tools/build_package.py fetches them at build time;
they are never committed). That copy is preferred; without it (the repository, the PC
runner, the tests) an installed configobj is used. With neither, importing this module
raises :class:`MissingDependencyError`, whose message says how to fix it.
"""
from __future__ import absolute_import, division, print_function

import os

# lib/animate_behaviour/_vendor: the package's own, beside its role folders.
VENDOR_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                          "_vendor")


class MissingDependencyError(ImportError):
    """configobj is neither vendored in the package nor installed."""


if os.path.isfile(os.path.join(VENDOR_DIR, "configobj.py")):
    from animate_behaviour._vendor import configobj, validate
else:
    try:
        import configobj
        import validate
    except ImportError as err:
        raise MissingDependencyError(
            "cannot import configobj (%s): this copy of the package has no "
            "lib/animate_behaviour/_vendor/ (only the built package and the folder staged "
            "by `make choregraphe` have it) and this Python has no configobj installed; "
            "install the .pkg built by `make package`, open the folder `make choregraphe` "
            "stages, or install configobj 5.0.6 for this Python" % (err,))

ConfigObj = configobj.ConfigObj
ConfigObjError = configobj.ConfigObjError
flatten_errors = configobj.flatten_errors
Validator = validate.Validator
ValidateError = validate.ValidateError
