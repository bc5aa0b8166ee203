"""Conformance tooling (spec dump, golden recorders, replay, report); see docs/conformance.md."""

import importlib.util
import os
import sys


def _canonical_oracle_environment():
    """Under the oracle interpreter, hide optional packages before Paddle is imported: the oracle is paddlepaddle
    and its own requirements, and `import paddle` switches numpy-image transforms to OpenCV when cv2 happens to be
    installed (and paddle.utils.download to the tqdm package), which would silently change goldens and the spec
    (PADDLE_COMPAT_ORACLE_WITH_CV2=1 keeps them visible on purpose)."""
    if os.environ.get("PADDLE_COMPAT_ORACLE_WITH_CV2") == "1" or "paddle" in sys.modules:
        return
    spec = importlib.util.find_spec("paddle")
    origin = (spec.origin or "") if spec is not None else ""
    if origin.endswith(os.path.join("site-packages", "paddle", "__init__.py")):
        for optional in ("cv2", "tqdm"):  # tqdm: paddle.utils.download then uses its own tqdm class
            sys.modules.setdefault(optional, None)


_canonical_oracle_environment()
