"""Conformance tooling (spec dump, golden recorders, replay, report); see docs/conformance.md."""

import importlib.util
import os
import sys


def _canonical_oracle_environment():
    """Under the oracle interpreter, hide cv2 before Paddle is imported: the oracle is paddlepaddle + numpy +
    protobuf, and `import paddle` switches numpy-image transforms to OpenCV when cv2 happens to be installed,
    which would silently change goldens (PADDLE_COMPAT_ORACLE_WITH_CV2=1 records with it on purpose)."""
    if os.environ.get("PADDLE_COMPAT_ORACLE_WITH_CV2") == "1" or "paddle" in sys.modules:
        return
    spec = importlib.util.find_spec("paddle")
    origin = (spec.origin or "") if spec is not None else ""
    if origin.endswith(os.path.join("site-packages", "paddle", "__init__.py")):
        sys.modules.setdefault("cv2", None)


_canonical_oracle_environment()
