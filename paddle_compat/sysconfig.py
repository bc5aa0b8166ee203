"""``paddle.sysconfig``: where the C++ headers and libraries of the package live.

Paddle answers ``<package dir>/include`` and ``<package dir>/libs``; ours are the same paths under this
package (custom operators build against torch's headers: see ``paddle.utils.cpp_extension``).
"""

import os

__all__ = ["get_include", "get_lib"]

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


def get_include():
    return os.path.join(_PACKAGE_DIR, "include")


def get_lib():
    return os.path.join(_PACKAGE_DIR, "libs")
