"""Load and merge the known-deviation files ``mappings/*.toml`` (schema: mappings/README.md).

    [xfail]                         # case ids replay marks xfail(strict=True)
    "<group>::<case id>" = "reason"   (or just "<case id>": every group with that id)
    [tolerance]                     # per-case looser comparison
    "<group>::<case id>" = { rtol = 1e-4, atol = 1e-5 }
    [apis."paddle.xxx"]             # documentation of an API's mapping
    torch = "torch.xxx"; renames = { a = "b" }; deviation = "..."; note = "..."
"""

import os

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

from tools.api_diff.common import ROOT

MAPPINGS_DIR = os.path.join(ROOT, "mappings")
_CACHE = {}


class Mappings:
    def __init__(self):
        self.xfail = {}
        self.tolerance = {}
        self.apis = {}
        self.sources = {}

    def _lookup(self, table, group, case_id):
        key = f"{group}::{case_id}"
        if key in table:
            return table[key]
        return table.get(case_id)

    def xfail_reason(self, group, case_id):
        return self._lookup(self.xfail, group, case_id)

    def tolerance_for(self, group, case_id):
        return self._lookup(self.tolerance, group, case_id)

    def deviation(self, api):
        """The documented deviation text of an API (None if none)."""
        info = self.apis.get(api)
        return info.get("deviation") if info else None


def load(directory=MAPPINGS_DIR, refresh=False):
    """Merge every ``*.toml`` under ``directory`` (sorted; a later file's entry of the same key wins)."""
    if not refresh and directory in _CACHE:
        return _CACHE[directory]
    m = Mappings()
    if os.path.isdir(directory):
        for name in sorted(os.listdir(directory)):
            if not name.endswith(".toml"):
                continue
            path = os.path.join(directory, name)
            with open(path, "rb") as f:
                data = tomllib.load(f)
            for k, v in data.get("xfail", {}).items():
                m.xfail[k] = str(v)
                m.sources[k] = name
            for k, v in data.get("tolerance", {}).items():
                m.tolerance[k] = dict(v)
            for api, info in data.get("apis", {}).items():
                merged = dict(m.apis.get(api, {}))
                merged.update(info)
                merged.setdefault("source", name)
                m.apis[api] = merged
    _CACHE[directory] = m
    return m
