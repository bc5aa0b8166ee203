"""Generated files are regenerated after what they are computed from changes (issue 14): the conformance report
(reports/*, paddle_compat/_api_status.json) and the doc-example results record a digest of their inputs in
reports/freshness.json when they are written; a change to the package, goldens, mappings or tooling without
regenerating them fails here."""

import json
import os

import pytest

from tools.api_diff import common

REGENERATE = {
    "report": ".venv/bin/python -m tools.api_diff report",
    "doc_examples": ".venv/bin/python -m tools.api_diff.doc_examples run",
}


@pytest.mark.parametrize("kind", sorted(REGENERATE))
def test_generated_files_are_fresh(kind):
    assert os.path.exists(common.FRESHNESS_FILE), f"missing {common.FRESHNESS_FILE}: run {REGENERATE[kind]}"
    with open(common.FRESHNESS_FILE) as f:
        recorded = json.load(f).get(kind)
    assert recorded == common.inputs_digest(kind), (
        f"the {kind} output is stale (its inputs changed since it was generated): run {REGENERATE[kind]}")
