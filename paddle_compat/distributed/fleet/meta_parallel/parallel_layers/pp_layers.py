"""Pipeline model description: ``LayerDesc`` (a Layer class and its arguments, built only on the stage that
runs it), ``SharedLayerDesc`` (one layer whose weight several stages share, e.g. tied embeddings),
``PipelineLayer`` (cuts the description into ``num_stages`` segments with Paddle's ``uniform`` / ``layer:<regex>``
/ explicit-boundary methods and builds this rank's part, each layer under ``paddle.seed(1234 + index)`` as
Paddle, so every stage layout gives the same weights)."""

import glob
import math
import os
import re
from functools import partial

from .....nn import Layer, LayerDict
from ...utils.log_util import logger

__all__ = []


def _layer_to_str(base, *args, **kwargs):
    parts = [str(arg) for arg in args] + [f"{key}={value}" for key, value in kwargs.items()]
    return f"{base}({', '.join(parts)})"


class LayerDesc:
    def __init__(self, layer_func, *inputs, **kwargs):
        self.layer_func = layer_func
        self.inputs = inputs
        self.kwargs = kwargs
        if not issubclass(layer_func, Layer):
            raise TypeError("The input(layer_func) should be a derived class of Layer.")

    def build_layer(self):
        return self.layer_func(*self.inputs, **self.kwargs)

    def __repr__(self):
        return _layer_to_str(self.layer_func.__name__, *self.inputs, **self.kwargs)


class SharedLayerDesc(LayerDesc):
    def __init__(self, key, layer_func, forward_func=None, shared_weight_attr="weight", *inputs, **kwargs):
        super().__init__(layer_func, *inputs, **kwargs)
        self.layer_name = key
        self.forward_func = forward_func
        self.shared_weight_attr = shared_weight_attr


class SegmentLayers:
    def __init__(self, layers_desc, num_parts, method="uniform", num_virtual_pipeline_stage=None):
        self._layers_desc = layers_desc
        self.method = method
        self.num_parts = num_parts
        self.num_items = len(layers_desc)
        self.num_virtual_pipeline_stage = num_virtual_pipeline_stage
        if num_virtual_pipeline_stage is not None:
            self.total_parts = num_parts * num_virtual_pipeline_stage
        assert self.num_items >= self.num_parts, "layer number should be greater than number of segments"

    def do_segment(self):
        if isinstance(self.method, list):
            bounds = self.method[:]
            assert bounds[0] == 0, "seg_method[0] should be 0"
            for part in bounds:
                assert isinstance(part, int), "part should be int"
                assert part >= 0, f"part[{part}] should be greater than 0"
                assert part <= self.num_items, f"part[{part}] should be less than num_items[{self.num_items}]"
            if self.num_parts == len(bounds):
                return bounds + [self.num_items]
            if self.num_parts == len(bounds) - 1:
                return bounds
            raise ValueError(f"We set seg_method as {bounds}, this length is {len(bounds)}, but the number of "
                             f"stages is {self.num_parts}")
        if self.method == "uniform":
            return self.uniform(self.num_items, self.num_parts)
        if self.method.startswith("layer:"):
            weights = [0] * self.num_items
            for index in self._gen_layer_weight(self.method.split(":")[1]):
                weights[index] = 1
            parts = self.num_parts if self.num_virtual_pipeline_stage is None else self.total_parts
            assert sum(weights) % parts == 0, (
                f"number of layers ({sum(weights)}) should be divided by part number({parts})")
            part_size = sum(weights) // parts
            result = [0] * (parts + 1)
            counted, position = 0, 1
            for index, weight in enumerate(weights):
                counted += weight
                if counted == part_size:
                    result[position] = index + 1
                    position += 1
                    counted = 0
            result[parts] = len(weights)
            return result
        raise ValueError(f"method {self.method} is not supported")

    def _gen_layer_weight(self, layername):
        indices = []
        regex = re.compile(layername, re.IGNORECASE)
        for index, layer in enumerate(self._layers_desc):
            if isinstance(layer, Layer):
                name = type(layer).__name__
            elif isinstance(layer, LayerDesc):
                name = layer.layer_func.__name__
            else:
                name = getattr(layer, "__name__", None)
                if name is None:
                    continue
            if regex.search(name):
                indices.append(index)
        assert len(indices) > 0, "weight_idxs' length should be greater than 0"
        return indices

    def uniform(self, num_items, num_parts):
        result = [0] * (num_parts + 1)
        part_size = math.floor(num_items / num_parts)
        extra_layers = num_items % num_parts
        for i in range(1, num_parts):
            offset = 1 if i > (num_parts - extra_layers) else 0
            result[i] = int(min(result[i - 1] + part_size + offset, num_items))
        result[num_parts] = num_items
        return result


class PipelineLayerChunk(Layer):
    def __init__(self):
        super().__init__()
        self.run_function = []

    def append(self, sublayer):
        if isinstance(sublayer, Layer):
            self.add_sublayer(str(len(self.run_function)), sublayer)
        self.run_function.append(sublayer)

    def get_run_function(self):
        return self.run_function

    def forward(self, *args, **kwargs):
        raise PermissionError("The forward function of PipelineLayerChunk cannot be called directly. Please call "
                              "forward function of PipelineLayer.")


class PipelineLayer(Layer):
    def __init__(self, layers, num_stages=None, topology=None, loss_fn=None, seg_method="uniform",
                 recompute_interval=0, recompute_ctx=None, num_virtual_pipeline_stages=None):
        super().__init__()
        from .... import parallel
        from ...base.topology import CommunicateTopology

        if num_stages is None and topology is None:
            raise ValueError("should provide num_stages or topology")
        if num_virtual_pipeline_stages:
            assert isinstance(num_virtual_pipeline_stages, int), "virtual_pipeline_stage should be None or an int"
            if num_virtual_pipeline_stages > 1:
                logger.info("set num_virtual_pipeline_stages > 1 means using interleave scheduler instead of 1f1b "
                            "scheduler")
                assert isinstance(seg_method, str), "seg_method should be a str for interleave scheduler"
                assert seg_method.startswith("layer:"), (
                    "seg_method shoud be start with layer: for interleave scheduler")
        self._num_virtual_pipeline_stages = num_virtual_pipeline_stages or 1
        # A CPU-only Paddle has no device id, so its PipelineLayer fails here; CPU gets 0 in ours.
        self.device_id = getattr(parallel.ParallelEnv(), "_device_id", 0)
        self.layers = layers
        self._loss_fn = loss_fn
        self._topo = topology
        self._recompute_interval = recompute_interval
        self.recompute_ctx = recompute_ctx
        self._base_seed = 1234
        if recompute_interval > 0:
            assert recompute_ctx is not None, "recompute_ctx must be not None for recompute."
            for option in ("offload", "partition"):
                if recompute_ctx.get(option, False):
                    raise NotImplementedError(
                        f"PipelineLayer: recompute_ctx['{option}'] = True is not implemented in paddle-compat")
        world_size = parallel.get_world_size()
        self.global_rank = parallel.get_rank()
        if self._topo:
            self._stage_id = self._topo.get_coord(self.global_rank).pipe
            self._num_stages = self._topo.get_dim_size("pipe")
            if num_stages:
                assert self._num_stages == num_stages, "num_stages should be equal to be %d" % (self._num_stages)
        else:
            if world_size % num_stages != 0:
                raise ValueError(f"should provide correct num_stages({num_stages}) which can be divided by "
                                 f"world_size({world_size})")
            self._topo = CommunicateTopology(["data", "pipe", "model"], [world_size // num_stages, num_stages, 1])
            self._stage_id = self._topo.get_coord(self.global_rank).pipe
            self._num_stages = self._topo.get_dim_size("pipe")
        self._total_stages_with_virtual_stages = self._num_stages * self._num_virtual_pipeline_stages
        self._layers_desc = list(self.layers)
        self._num_layers = len(self._layers_desc)
        self.shared_layers = LayerDict()
        self.shared_weight_attrs = {}
        if self._num_virtual_pipeline_stages > 1:
            # this stage runs parts stage_id, stage_id + num_stages, ... of num_stages * virtual stages
            self._start_poss, self._end_poss = [], []
            self.segment_parts = SegmentLayers(
                self._layers_desc, num_parts=self._num_stages, method=seg_method,
                num_virtual_pipeline_stage=self._num_virtual_pipeline_stages).do_segment()
            for part in range(self._stage_id, self._total_stages_with_virtual_stages, self._num_stages):
                assert self.segment_parts[part] <= self.segment_parts[part + 1]
                self._start_poss.append(self.segment_parts[part])
                self._end_poss.append(self.segment_parts[part + 1])
            self._log_segmentation(seg_method)
            self._model_chunks = []
            self._build_layer_with_interleave()
        else:
            self._start_pos = 0
            self._end_pos = self._num_layers - 1
            self._segment_network(seg_method)
            self.run_function = []
            self._build_layer()
        self.shared_comm = self._construct_shared_comm()
        self._synchronize_shared_weights()

    def get_stage_from_index(self, layer_idx):
        assert 0 <= layer_idx < self._num_layers, "layer_idx is out of bound"
        for virtual in range(self._num_virtual_pipeline_stages):
            base = virtual * self._num_stages
            for stage in range(self._num_stages):
                if self.segment_parts[base + stage] <= layer_idx < self.segment_parts[base + stage + 1]:
                    return stage

    def get_num_virtual_stages(self):
        return self._num_virtual_pipeline_stages

    def get_model_chunks(self):
        return None if self._num_virtual_pipeline_stages == 1 else self._model_chunks

    def _construct_shared_comm(self):
        from .... import collective

        shared_comm = {}
        if self._topo.get_dim("pipe") == 1:
            return shared_comm
        names = {desc.layer_name for desc in self._layers_desc if isinstance(desc, SharedLayerDesc)}
        dims = self._topo.get_hybrid_group_names()
        for key in sorted(names):
            stages = sorted({self.get_stage_from_index(index) for index, desc in enumerate(self._layers_desc)
                             if isinstance(desc, SharedLayerDesc) and desc.layer_name == key})
            other_axes = [name for name in dims if name != "pipe"]
            sizes = [self._topo.get_dim(name) for name in other_axes]
            for flat in range(math.prod(sizes)):
                coords, rest = {}, flat
                for name, size in zip(reversed(other_axes), reversed(sizes)):
                    coords[name] = rest % size
                    rest //= size
                ranks = [self._topo.get_rank(pipe=stage, **coords) for stage in stages]
                group = collective.new_group(ranks=ranks)
                if self.global_rank in ranks:
                    shared_comm[key] = {"ranks": ranks, "group": group, "weight_attr": self.shared_weight_attrs[key],
                                        "layer": self.shared_layers[key]}
        return shared_comm

    def _synchronize_shared_weights(self):
        from .....framework import no_grad
        from .... import communication

        for comm in self.shared_comm.values():
            with no_grad():
                communication.broadcast(getattr(comm["layer"], comm["weight_attr"]), src=min(comm["ranks"]),
                                        group=comm["group"])
            for param in comm["layer"].parameters():
                if self.global_rank != min(comm["ranks"]):
                    param.is_firstly_shared = False

    def allreduce_shared_weight_gradients(self):
        from .....framework import no_grad
        from .... import communication

        for key, comm in self.shared_comm.items():
            param = getattr(self.shared_layers[key], comm["weight_attr"])
            with no_grad():
                communication.all_reduce(param.main_grad if hasattr(param, "main_grad") else param.grad,
                                         group=comm["group"])

    def _segment_network(self, seg_method):
        logger.info("start segment network..")
        self.segment_parts = SegmentLayers(self._layers_desc, num_parts=self._num_stages,
                                           method=seg_method).do_segment()
        self._start_pos = self.segment_parts[self._stage_id]
        self._end_pos = self.segment_parts[self._stage_id + 1]
        self._log_segmentation(seg_method)

    def _log_segmentation(self, seg_method):
        logger.info(f"segment with method: {seg_method}; result: " + ", ".join(map(str, self.segment_parts)))
        for stage in range(self._total_stages_with_virtual_stages):
            start, end = self.segment_parts[stage], self.segment_parts[stage + 1]
            logger.info(f"stage={stage}, global_rank={self.global_rank} ,layer_number={end - start}")
            for index, layer in enumerate(self._layers_desc[start:end]):
                logger.info(f"{index + start}: {layer}")

    def _build_layer(self):
        self._with_restored_rng(lambda: self._build_layer_impl(self._start_pos, self._end_pos))

    def _build_layer_with_interleave(self):
        def build():
            for start, end in zip(self._start_poss, self._end_poss):
                chunk = self._build_layer_impl(start, end)
                self._model_chunks.append(chunk)
                self.add_sublayer(str(start), chunk)

        self._with_restored_rng(build)

    @staticmethod
    def _with_restored_rng(build):
        from .....framework.random import get_rng_state, set_rng_state
        from ...layers.mpu.random import get_rng_state_tracker

        original_state = get_rng_state()
        original_tracker = get_rng_state_tracker().get_states_tracker()
        build()
        set_rng_state(original_state)
        get_rng_state_tracker().set_states_tracker(original_tracker)

    def _build_layer_impl(self, start, end):
        from .....framework.random import seed

        chunked = self._num_virtual_pipeline_stages > 1
        run_function = PipelineLayerChunk() if chunked else self.run_function
        for index, desc in enumerate(self._layers_desc[start:end]):
            layer_index = start + index
            seed(self._base_seed + layer_index)
            if isinstance(desc, Layer):
                run_function.append(desc)
                if not chunked:
                    self.add_sublayer(str(layer_index), desc)
            elif isinstance(desc, SharedLayerDesc):
                if desc.layer_name not in self.shared_layers:
                    self.shared_layers[desc.layer_name] = desc.build_layer()
                    self.shared_weight_attrs[desc.layer_name] = desc.shared_weight_attr
                    for param in self.shared_layers[desc.layer_name].parameters():
                        param.is_firstly_shared = True
                shared = self.shared_layers[desc.layer_name]
                if desc.forward_func is None:
                    run_function.append(shared)
                else:
                    run_function.append(partial(desc.forward_func, shared))
                    if chunked:
                        run_function.add_sublayer(desc.layer_name, shared)
            elif isinstance(desc, LayerDesc):
                layer = desc.build_layer()
                run_function.append(layer)
                if not chunked:
                    self.add_sublayer(str(layer_index), layer)
            else:
                run_function.append(desc)
        return run_function

    def forward_function(self, start, end):
        run_function = self.run_function

        def execute_func(*x):
            if len(x) == 1:
                x = x[0]
            for layer in run_function[start:end]:
                x = layer(x)
            return x

        return execute_func

    def forward(self, input, chunk_id=None):
        if chunk_id is not None:
            assert isinstance(chunk_id, int), "chunk_id should be an int"
            assert self._num_virtual_pipeline_stages > 1, (
                "chunk_id is only valid when using virtual pipeline stage")
            assert chunk_id < len(self._model_chunks), (
                f"The virtual pipeline only has {len(self._model_chunks)} chunks, but received chunk_id {chunk_id}.")
            self.run_function = self._model_chunks[chunk_id].get_run_function()
        if self._recompute_interval == 0:
            return self.forward_function(0, len(self.run_function))(input)
        from ...recompute.recompute import recompute

        num_layers = len(self.run_function)
        for start in range(0, num_layers, self._recompute_interval):
            end = min(start + self._recompute_interval, num_layers)
            if not isinstance(input, tuple):
                input = (input,)
            if self._need_recompute(self.run_function[start:end], input):
                input = recompute(self.forward_function(start, end), *input,
                                  preserve_rng_state=self.recompute_ctx.get("preserve_rng_state", True))
            else:
                input = self.forward_function(start, end)(*input)
        return input

    def _need_recompute(self, funcs, inputs):
        from ....._core.tensor import Tensor

        if not any(not value.stop_gradient for value in inputs if isinstance(value, Tensor)):
            return False
        return any(len(list(func.parameters())) > 0 for func in funcs if isinstance(func, Layer))

    def _runs(self):
        """(first layer index, layers, chunk id or None) of each part this stage runs."""
        if self._num_virtual_pipeline_stages == 1:
            return [(self._start_pos, self.run_function, None)]
        return [(start, chunk.get_run_function(), chunk_id)
                for chunk_id, (start, chunk) in enumerate(zip(self._start_poss, self._model_chunks))]

    def _layer_file_prefix(self, path, layer_index, chunk_id):
        prefix = os.path.join(path, f"layer_{layer_index:0>2d}")
        return prefix if chunk_id is None else prefix + f"-virtual_pp_stage_{chunk_id:0>2d}"

    def save_state_dict(self, path):
        from .....framework.io import save

        if self._topo.get_coord(self.global_rank).data != 0:
            return
        os.makedirs(path, exist_ok=True)
        model_rank = self._topo.get_coord(self.global_rank).model
        for start, run_function, chunk_id in self._runs():
            for index, layer in enumerate(run_function):
                if not hasattr(layer, "state_dict"):
                    continue
                prefix = self._layer_file_prefix(path, start + index, chunk_id)
                save(layer.state_dict(), prefix + f"-tensor_{model_rank:0>2d}-model_states.pdparams")
        logger.info("save model state successfully...")

    def set_state_dir(self, path):
        from .....framework.io import load

        assert os.path.exists(path), f"{path} not found, please check the path"
        mp_rank = self._topo.get_coord(self.global_rank).model
        mp_world_size = self._topo.get_dim("model")
        for start, run_function, chunk_id in self._runs():
            for index, layer in enumerate(run_function):
                if not hasattr(layer, "set_state_dict"):
                    continue
                files = sorted(glob.glob(self._layer_file_prefix(path, start + index, chunk_id)
                                         + "*model_states.pdparams"))
                layer.set_state_dict(load(files[mp_rank * len(files) // mp_world_size]))
        self._synchronize_shared_weights()
        logger.info("load model state successfully...")
