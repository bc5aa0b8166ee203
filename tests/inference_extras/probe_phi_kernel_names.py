"""Write paddle_compat/inference/_phi_kernel_names.py from REAL Paddle 2.6.2 (run with the oracle):

    .oracle/bin/python -m tests.inference_extras.probe_phi_kernel_names

For every operator type Paddle registers (``core.get_all_op_names()``), ``paddle.inference._get_phi_kernel_name``
is asked for its phi kernel; the types whose kernel name differs are written as a table."""

import os

from tools.api_diff.common import oracle_stamp

TARGET = os.path.join(os.path.dirname(__file__), "..", "..", "paddle_compat", "inference", "_phi_kernel_names.py")


def main():
    stamp = oracle_stamp()
    import paddle.inference as inference
    from paddle.base import core

    table = {}
    for name in sorted(core.get_all_op_names()):
        kernel = inference._get_phi_kernel_name(name)
        if kernel != name:
            table[name] = kernel
    lines = ['"""Operator type -> phi kernel name where they differ, probed on Paddle %s' % stamp["paddle_version"],
             "(commit %s)" % stamp["paddle_commit"],
             'by tests/inference_extras/probe_phi_kernel_names.py (data; regenerate there, do not edit by hand)."""',
             "", "PHI_KERNEL_NAMES = {"]
    lines += [f"    {k!r}: {v!r}," for k, v in table.items()]
    lines.append("}")
    with open(TARGET, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("wrote", os.path.relpath(TARGET), len(table), "entries")


if __name__ == "__main__":
    main()
