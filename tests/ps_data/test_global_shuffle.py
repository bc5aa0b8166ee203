"""InMemoryDataset.global_shuffle over two gloo ranks (our own behaviour: Paddle 2.6.2 needs its parameter-server
runtime for this and crashes without one, so there is no oracle golden). Every instance must end on exactly one
rank, and the memory sizes summed over the workers must be unchanged. fleet.metrics reduce over the same group
(the expected AUC is the trapezoid rule over the summed histograms, computed here)."""

import os

import pytest

from tests.distributed._launch import launch, read_ranks

SCRIPT = os.path.join(os.path.dirname(__file__), "scripts", "global_shuffle_worker.py")


@pytest.mark.timeout(300)
def test_global_shuffle_two_ranks(tmp_path):
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    lines = {0: [f"1 {i} 1 0.5" for i in range(0, 30)], 1: [f"2 {i} {i + 1} 1 1.5" for i in range(100, 120)]}
    for rank, rows in lines.items():
        (data_dir / f"part{rank}.txt").write_text("\n".join(rows) + "\n")
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    done, _seconds, log_dir = launch(tmp_path, SCRIPT, str(out_dir), str(data_dir), nproc=2)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    ranks = read_ranks(str(out_dir), 2)
    assert [ranks[r]["before"] for r in "01"] == [30, 20]
    assert all(ranks[r]["total_before"] == 50 and ranks[r]["total_after"] == 50 for r in "01")
    assert sum(ranks[r]["after"] for r in "01") == 50
    assert all(ranks[r]["shuffled"] == ranks[r]["after"] for r in "01")
    merged = sorted(ranks["0"]["records"] + ranks["1"]["records"])
    expected = sorted([[i] for i in range(30)] + [[i, i + 1] for i in range(100, 120)])
    assert merged == expected
    # fleet.metrics inside static mode reduce over both ranks: [1 + 2, 10 + 10]; auc of the summed histograms
    assert ranks["0"]["metric_sum"] == ranks["1"]["metric_sum"] == [3.0, 20.0]
    pos, neg = [2.0, 2.0, 6.0], [6.0, 4.0, 3.0]
    area, p, n = 0.0, 0.0, 0.0
    for b in (2, 1, 0):
        area += neg[b] * (2 * p + pos[b]) / 2
        p, n = p + pos[b], n + neg[b]
    assert ranks["0"]["metric_auc"] == ranks["1"]["metric_auc"] == pytest.approx(area / (p * n))
