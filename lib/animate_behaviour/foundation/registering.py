"""Registering a qi service without the garbage collector running meanwhile.

libqi-python 3.x (2.0.1 to 3.1.5, the newest) puts a weakref callback on each Python
object it converts that frees whatever libqi keeps under the C++ address the conversion
used, and later conversions reuse that address: an object collected while
``registerService`` converts its argument frees the argument under it, a segfault (seen
in the tests, where services of earlier runs die in reference cycles at the next
automatic collection). With collection paused for the call, nothing a collection frees
dies inside it. NAOqi 2.5's own bindings (Python 2.7, like qi 1.8.3) do not do this; the
pause costs nothing there. docs/naoqi.md, "libqi-python's conversions".
"""
from __future__ import absolute_import, division, print_function

import gc


def register(session, name, service):
    """``session.registerService(name, service)``, no garbage collected meanwhile; its
    id. Raises what registerService raises."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return session.registerService(name, service)
    finally:
        if enabled:
            gc.enable()
