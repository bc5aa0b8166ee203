"""``paddle.distributed.auto_parallel.interface``: ``shard_op``, the sharding annotation of one operator call for
the static auto-parallel planner. The call itself runs unchanged; the annotation (input/output dims mappings over
the process mesh) is validated as Paddle does and, in static mode, kept on the operators the call appended
(``op.dist_dims_mapping``: variable name -> dims mapping); paddle-compat has no static auto-parallel planner that
reads it."""

from .process_mesh import ProcessMesh, get_current_process_mesh


def convert_to_dims_mapping(shard_spec, process_mesh):
    """Mesh dimension index per tensor dimension; -1 for a replicated dimension (None, or a mesh dimension of
    size 1)."""
    dims_mapping = []
    for shard in shard_spec:
        if shard is None:
            dims_mapping.append(-1)
            continue
        axis = process_mesh.dim_names.index(shard)
        dims_mapping.append(-1 if process_mesh.shape[axis] == 1 else axis)
    return dims_mapping


class DistributedOperatorHelper:
    """A callable running ``serial_op`` and annotating the operators it records with dims mappings."""

    def __init__(self, serial_op, process_mesh, in_dims_mappings, out_dims_mappings, kwargs):
        self._serial_op = serial_op
        self._process_mesh = process_mesh
        self._in_dims_mappings = in_dims_mappings
        self._out_dims_mappings = out_dims_mappings
        self._chunk_id = kwargs.get("chunk_id", 0)

    def __call__(self, *args, **kwargs):
        from ...framework.program import _Mode, default_main_program
        from ...static import Variable

        if self._in_dims_mappings:
            assert len(args) + len(kwargs) == len(self._in_dims_mappings), (
                f"The length of dims_mapping {len(self._in_dims_mappings)} does not matching the length output "
                f"{len(args) + len(kwargs)}.")
        mapping = {}
        if self._in_dims_mappings:
            for index, arg in enumerate(list(args) + list(kwargs.values())):
                if isinstance(arg, Variable):
                    mapping[arg.name] = self._in_dims_mappings[index]
        block = default_main_program().current_block() if _Mode.static else None
        first_new_op = len(block.ops) if block is not None else 0
        output = self._serial_op(*args, **kwargs)
        if isinstance(output, (tuple, list)):
            outputs = list(output)
        elif isinstance(output, Variable):
            outputs = [output]
        else:
            raise ValueError("Unrecognized output.")
        if self._out_dims_mappings:
            assert len(outputs) == len(self._out_dims_mappings), (
                f"The length of dims_mapping {len(self._out_dims_mappings)} does not matching the length output "
                f"{len(outputs)}.")
            for index, item in enumerate(outputs):
                if isinstance(item, Variable):
                    mapping[item.name] = self._out_dims_mappings[index]
        if block is not None:
            for op in block.ops[first_new_op:]:
                names = set(op.input_arg_names) | set(op.output_arg_names)
                op.dist_dims_mapping = {n: m for n, m in mapping.items() if n in names and m is not None}
                op.dist_process_mesh = self._process_mesh
        return output


def _dims_mappings(specs, label, process_mesh):
    mappings = []
    if specs is not None:
        assert all(isinstance(spec, list) or spec is None for spec in specs), \
            f"{label} {specs} is not a list of list or None"
        for spec in specs:
            mappings.append(convert_to_dims_mapping(spec, process_mesh) if spec is not None else None)
    return mappings


def shard_op(op, process_mesh=None, in_shard_specs=None, out_shard_specs=None, **kwargs):
    """Annotate the operator call ``op`` with how its inputs/outputs are sharded over ``process_mesh`` (default:
    the mesh of the enclosing ``with ProcessMesh(...)``); returns a callable running ``op``."""
    if process_mesh is not None:
        assert isinstance(process_mesh, ProcessMesh), \
            f"Argument process_mesh {process_mesh} is not an instance of ProcessMesh"
    else:
        process_mesh = get_current_process_mesh()
        assert process_mesh is not None, \
            "Specify the process mesh argument or use ProcessMesh context manager first."
    in_dims_mappings = _dims_mappings(in_shard_specs, "in_shard_spec", process_mesh)
    out_dims_mappings = _dims_mappings(out_shard_specs, "out_shard_spec", process_mesh)
    return DistributedOperatorHelper(op, process_mesh, in_dims_mappings, out_dims_mappings, kwargs)


DistributedOperatorHelper.__module__ = "paddle.distributed.auto_parallel.static.dist_op"  # where Paddle defines it
