"""``PipelineParallel``: Paddle's 1F1B schedule over the pipe group. Each stage runs its ``PipelineLayer``
segment on micro-batches (``pipeline_configs`` micro_batch_size x accumulate_steps = the batch): after
``num_stages - stage_id - 1`` warm-up forwards it alternates one forward and one backward, then drains the
remaining backwards. Activations go forward and their gradients backward by point-to-point send/recv on the pipe
group's torch process group (each activation preceded by a small header with its dtype, shape and
stop_gradient, so stages need not know each other's shapes). The last stage's loss, scaled by 1/accumulate_steps
and summed over the micro-batches, is broadcast to every stage."""

import torch

from ...._core.tensor import Tensor, wrap
from ....framework import no_grad
from ..meta_optimizers.dygraph_optimizer.hybrid_parallel_optimizer import HybridParallelOptimizer
from ..utils.hybrid_parallel_util import (
    broadcast_dp_parameters,
    broadcast_mp_parameters,
    broadcast_sep_parameters,
    broadcast_sharding_parameters,
)
from ..utils.log_util import logger
from .meta_parallel_base import MetaParallelBase
from .parallel_layers.pp_layers import PipelineLayer

__all__ = []

_HEADER_LEN = 64
_DTYPES = [torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.int64, torch.int32, torch.bool,
           torch.uint8, torch.int8, torch.int16, torch.complex64, torch.complex128]


class FakeMicroDataset:
    """Cuts ``[inputs, labels]`` into ``acc_steps`` micro-batches along the first axis (a list of per-micro-batch
    values is taken item by item); the first stage reads the inputs, the last the labels."""

    def __init__(self, data, is_first_stage, is_last_stage, acc_steps, micro_batch_size):
        self._data = data
        self._index = 0
        self._acc_steps = acc_steps
        self._is_first_stage = is_first_stage
        self._is_last_stage = is_last_stage
        self._micro_batch_size = micro_batch_size

    def __iter__(self):
        return self

    def __next__(self):
        if self._index >= self._acc_steps:
            raise StopIteration
        assert self._is_first_stage or self._is_last_stage
        micro_batch_data = self._load_micro_batch(self._index)
        self._index += 1
        return micro_batch_data

    def _load_micro_batch(self, micro_step):
        data = label = None
        if self._is_first_stage:
            assert len(self._data) == 2, "length of input should be 2"
            data = self._load_micro_batch_impl(self._data[0], micro_step)
        if self._is_last_stage:
            assert len(self._data) == 2, "length of input should be 2"
            label = self._load_micro_batch_impl(self._data[1], micro_step)
        return (data, label)

    def _load_micro_batch_impl(self, inputs, micro_step):
        begin = micro_step * self._micro_batch_size
        end = begin + self._micro_batch_size
        if isinstance(inputs, tuple):
            output = []
            for data in inputs:
                if isinstance(data, list):
                    assert len(data) == self._acc_steps, (
                        "length of data should be %d, but it is %d" % (self._acc_steps, len(data)))
                    output.append(data[micro_step].detach() if data[micro_step] is not None else None)
                elif data is not None:
                    self._check_data_vaild(data)
                    output.append(data[begin:end, :].detach())
                else:
                    output.append(None)
            return tuple(output)
        if isinstance(inputs, list):
            assert len(inputs) == self._acc_steps, (
                "length of data should be %d, but it is %d" % (self._acc_steps, len(inputs)))
            return inputs[micro_step].detach()
        if inputs is not None:
            self._check_data_vaild(inputs)
            return inputs[begin:end, :].detach()
        return None

    def _check_data_vaild(self, data):
        batch_size = data.shape[0]
        assert self._micro_batch_size * self._acc_steps == batch_size, (
            "batch_size needs to be divisible by micro_batch_size. Currently, batch_size = %d, micro_batch_size = "
            "%d, accumulate_steps = %d." % (batch_size, self._micro_batch_size, self._acc_steps))


class _P2P:
    """Activations to the next stage and gradients to the previous one on the pipe group (a ring: the last
    stage's next is the first, which the interleaved schedules use). Every message is a header (count, then
    dtype, stop_gradient, rank and shape of each tensor) followed by the tensors, so no stage needs to know
    another's shapes; forward and backward messages carry different tags, so two stages that are each other's
    next and previous never mix them. Sends are posted first and receives after, so no pairing can deadlock."""

    _FORWARD, _BACKWARD = 0, 1

    def __init__(self, hcg):
        from .sharding.group_sharded_utils import _comm_device

        self._group = hcg.get_pipe_parallel_group().process_group
        self._device = _comm_device(hcg.get_pipe_parallel_group())
        self._next = hcg._get_p2p_next_rank()
        self._prev = hcg._get_p2p_prev_rank()

    @staticmethod
    def _tensors(value):
        if value is None:
            return []
        values = list(value) if isinstance(value, (tuple, list)) else [value]
        for tensor in values:
            if not isinstance(tensor, Tensor):
                raise TypeError("PipelineParallel: a stage must pass Tensors (or a tuple of Tensors) to the next, "
                                f"got {type(tensor).__name__}")
        return values

    def _header(self, tensors, as_tuple):
        fields = [len(tensors), int(as_tuple)]
        for tensor in tensors:
            t = tensor._t
            fields += [_DTYPES.index(t.dtype), int(tensor.stop_gradient), t.dim(), *t.shape]
        if len(fields) > _HEADER_LEN:
            raise NotImplementedError("PipelineParallel: too many / too high-rank tensors between stages")
        header = torch.zeros(_HEADER_LEN, dtype=torch.int64)
        header[:len(fields)] = torch.tensor(fields, dtype=torch.int64)
        return header.to(self._device)

    def _isend(self, value, peer, tag):
        """Post the sends of ``value`` (nothing for None); returns (works, buffers) to wait on."""
        import torch.distributed as torch_dist

        if value is None:
            return [], []
        tensors = self._tensors(value)
        payload = [self._header(tensors, isinstance(value, (tuple, list)))]
        payload += [tensor._t.detach().contiguous() for tensor in tensors]
        return [torch_dist.isend(t, peer, self._group, tag) for t in payload], payload

    def _recv(self, peer, tag):
        import torch.distributed as torch_dist

        header = torch.empty(_HEADER_LEN, dtype=torch.int64, device=self._device)
        torch_dist.recv(header, peer, self._group, tag)
        values = header.tolist()
        received, position = [], 2
        for _ in range(values[0]):
            dtype, stop_gradient, ndim = _DTYPES[values[position]], values[position + 1], values[position + 2]
            shape = values[position + 3:position + 3 + ndim]
            position += 3 + ndim
            t = torch.empty(shape, dtype=dtype, device=self._device)
            torch_dist.recv(t, peer, self._group, tag)
            if not stop_gradient and (t.is_floating_point() or t.is_complex()):
                t.requires_grad_(True)
            received.append(wrap(t))
        return tuple(received) if values[1] else received[0]

    def _exchange(self, output=None, input_grad=None, recv_prev=False, recv_next=False):
        works, payloads = self._isend(output, self._next, self._FORWARD)
        more_works, more_payloads = self._isend(input_grad, self._prev, self._BACKWARD)
        input_tensor = self._recv(self._prev, self._FORWARD) if recv_prev else None
        output_grad = self._recv(self._next, self._BACKWARD) if recv_next else None
        for work in works + more_works:
            work.wait()
        del payloads, more_payloads
        return input_tensor, output_grad

    # Paddle's P2pHelper entry points (``sync_recv`` selects Paddle's asynchronous receive; ours are synchronous)
    def recv_forward(self, pp_first_stage, sync_recv=True):
        return None if pp_first_stage else self._exchange(recv_prev=True)[0]

    def recv_backward(self, pp_last_stage, sync_recv=True):
        return None if pp_last_stage else self._exchange(recv_next=True)[1]

    def send_forward(self, output_tensor, pp_last_stage):
        if not pp_last_stage:
            self._exchange(output=output_tensor)

    def send_backward(self, input_tensor_grad, pp_first_stage):
        if not pp_first_stage:
            self._exchange(input_grad=input_tensor_grad)

    def send_forward_recv_backward(self, output_tensor, pp_last_stage):
        return None if pp_last_stage else self._exchange(output=output_tensor, recv_next=True)[1]

    def send_backward_recv_forward(self, input_tensor_grad, pp_first_stage):
        return None if pp_first_stage else self._exchange(input_grad=input_tensor_grad, recv_prev=True)[0]

    def send_forward_recv_forward(self, output_tensor, recv_prev):
        return self._exchange(output=output_tensor, recv_prev=recv_prev)[0]

    def send_backward_recv_backward(self, input_tensor_grad, recv_next):
        return self._exchange(input_grad=input_tensor_grad, recv_next=recv_next)[1]

    def send_forward_backward_recv_forward_backward(self, output_tensor, input_tensor_grad, recv_prev, recv_next):
        return self._exchange(output_tensor, input_tensor_grad, recv_prev, recv_next)


class PipelineParallel(MetaParallelBase):
    def __init__(self, layers, hcg, strategy):
        if not isinstance(layers, PipelineLayer):
            raise TypeError("The Layer should be a derived class of PipelineLayer.")
        super().__init__(layers, hcg, strategy)
        self.use_data_parallel = hcg.get_data_parallel_world_size() > 1
        self.use_model_parallel = hcg.get_model_parallel_world_size() > 1
        self.use_sep_parallel = hcg.get_sep_parallel_world_size() > 1
        self.use_sharding_parallel = hcg.get_sharding_parallel_world_size() > 1
        self.total_loss = None
        self.micro_batch_size = strategy.pipeline_configs["micro_batch_size"]
        self.accumulate_steps = strategy.pipeline_configs["accumulate_steps"]
        # Both are transport choices of Paddle's p2p layer (send a slice per model-parallel rank; cache the
        # exchanged shapes); every tensor is sent whole with its header here, which yields the same values.
        self._enable_partial_send_recv = strategy.pipeline_configs["enable_partial_send_recv"]
        self._using_cache = strategy.pipeline_configs["p2p_cache_shape"]
        self.num_stages = hcg.get_pipe_parallel_world_size()
        self.stage_id = hcg.get_stage_id()
        self.global_rank = hcg.get_global_rank()
        self.pp_group = hcg.get_pipe_parallel_group()
        self.dp_group = hcg.get_dp_sep_parallel_group() if self.use_sep_parallel else hcg.get_data_parallel_group()
        self.sharding_group = hcg.get_sharding_parallel_group()
        self._virtual_pp_world_size = None
        self._virtual_pp_rank = None
        self._real_pp_world_size = self.num_stages
        self._real_pp_rank = self.stage_id
        pp_configs = strategy.hybrid_configs["pp_configs"]
        self._delay_scale_loss = pp_configs.delay_scale_loss
        for option in ("dp_comm_overlap", "sharding_comm_overlap", "enable_timer", "profiling"):
            if getattr(pp_configs, option):
                raise NotImplementedError(
                    f"PipelineParallel: hybrid_configs pp_configs {option} is not implemented in paddle-compat")
        if strategy.hybrid_configs["sharding_configs"].split_param:
            raise NotImplementedError(
                "PipelineParallel: hybrid_configs sharding_configs split_param is not implemented in paddle-compat")
        self._dp_comm_overlap = self._sharding_comm_overlap = False
        self._p2p_helper = _P2P(hcg)
        self.micro_batch_id = 0
        self._compute_loss = True
        logger.info(f"Pipeline Info -- num_stages: {self.num_stages}, stage_id: {self.stage_id}")
        if self.use_model_parallel:
            broadcast_mp_parameters(self._layers, hcg)
        if self.use_sep_parallel:
            broadcast_sep_parameters(self._layers, hcg)
        if self.use_sharding_parallel:
            broadcast_sharding_parameters(self._layers, hcg)
        if self.use_data_parallel:
            broadcast_dp_parameters(self._layers, hcg)

    def is_pipeline_first_stage(self, ignore_virtual=False):
        if not ignore_virtual and self._virtual_pp_world_size is not None and self._virtual_pp_rank != 0:
            return False
        return self._real_pp_rank == 0

    def is_pipeline_last_stage(self, ignore_virtual=False):
        if (not ignore_virtual and self._virtual_pp_world_size is not None
                and self._virtual_pp_rank != self._virtual_pp_world_size - 1):
            return False
        return self._real_pp_rank == self._real_pp_world_size - 1

    def set_virtual_pipeline_rank(self, rank):
        self._virtual_pp_rank = rank

    def _wrap_data(self, data):
        if not isinstance(data, (tuple, list)):
            return data
        return FakeMicroDataset(data, self.is_pipeline_first_stage(ignore_virtual=True),
                                self.is_pipeline_last_stage(ignore_virtual=True), self.accumulate_steps,
                                self.micro_batch_size)

    def forward_backward_pipeline(self, data, scaler=None, static_scheduler=False):
        schedule = [] if static_scheduler else None
        self.scaler = scaler
        self.total_loss = None
        self.micro_batch_id = 0
        startup_steps = min(self.num_stages - self.stage_id - 1, self.accumulate_steps)
        steady_steps = self.accumulate_steps - startup_steps
        if static_scheduler:
            schedule += [f"f{i};" for i in range(startup_steps)]
            for i in range(steady_steps):
                schedule += [f"f{startup_steps + i};", f"b{i};"]
            schedule += [f"b{steady_steps + i};" for i in range(startup_steps)]
            return "".join(schedule)
        p2p = self._p2p_helper
        first, last = self.is_pipeline_first_stage(), self.is_pipeline_last_stage()
        input_buffers, output_buffers = [], []
        micro_dataset = self._wrap_data(data)
        for _ in range(startup_steps):
            input_tensor = p2p.recv_forward(first)
            output_tensor = self._forward_step(input_tensor, micro_dataset)
            p2p.send_forward(output_tensor, last)
            input_buffers.append(input_tensor)
            output_buffers.append(output_tensor)
        if steady_steps > 0:
            input_tensor = p2p.recv_forward(first)
        for i in range(steady_steps):
            output_tensor = self._forward_step(input_tensor, micro_dataset)
            output_tensor_grad = p2p.send_forward_recv_backward(output_tensor, last)
            input_buffers.append(input_tensor)
            output_buffers.append(output_tensor)
            input_tensor, output_tensor = input_buffers.pop(0), output_buffers.pop(0)
            input_tensor_grad = self._backward_step(input_tensor, output_tensor, output_tensor_grad)
            if i == steady_steps - 1:
                input_tensor = None
                p2p.send_backward(input_tensor_grad, first)
            else:
                input_tensor = p2p.send_backward_recv_forward(input_tensor_grad, first)
        for _ in range(startup_steps):
            input_tensor, output_tensor = input_buffers.pop(0), output_buffers.pop(0)
            output_tensor_grad = p2p.recv_backward(last)
            input_tensor_grad = self._backward_step(input_tensor, output_tensor, output_tensor_grad)
            p2p.send_backward(input_tensor_grad, first)
        self._layers.allreduce_shared_weight_gradients()
        return self._broadcast_final_loss()

    def _prepare_training(self, data, optimizer, lr_scheduler):
        from ....framework import is_grad_enabled

        self.set_virtual_pipeline_rank(0)
        assert isinstance(optimizer, HybridParallelOptimizer), (
            "optimizer should be HybridParallelOptimizer subclass.")
        assert is_grad_enabled(), "Please enable the generation of gradients."
        if self.is_pipeline_first_stage(ignore_virtual=True) or self.is_pipeline_last_stage(ignore_virtual=True):
            assert data is not None, "For the first and the last stage, the data must be set."
        else:
            data = None
        self.optimizer = optimizer
        self.lr_scheduler = lr_scheduler
        self._layers.train()
        return data

    def train_batch(self, data, optimizer, lr_scheduler=None, scaler=None):
        data = self._prepare_training(data, optimizer, lr_scheduler)
        train_loss = self.forward_backward_pipeline(data, scaler)
        self._optimizer_step()
        return train_loss

    def eval_batch(self, data, compute_loss=False):
        self.set_virtual_pipeline_rank(0)
        self._layers.eval()
        self._compute_loss = compute_loss
        self.micro_batch_id = 0
        self.total_loss = None
        p2p = self._p2p_helper
        first, last = self.is_pipeline_first_stage(), self.is_pipeline_last_stage()
        startup_steps = min(self.num_stages - self.stage_id - 1, self.accumulate_steps)
        steady_steps = self.accumulate_steps - startup_steps
        output_buffers = []
        micro_dataset = self._wrap_data(data)
        for _ in range(startup_steps):
            output_tensor = self._forward_step(p2p.recv_forward(first), micro_dataset)
            p2p.send_forward(output_tensor, last)
            output_buffers.append(output_tensor)
        if steady_steps > 0:
            input_tensor = p2p.recv_forward(first)
        for i in range(steady_steps):
            output_tensor = self._forward_step(input_tensor, micro_dataset)
            p2p.send_forward(output_tensor, last)
            output_buffers.append(output_tensor)
            if i != steady_steps - 1:
                input_tensor = p2p.recv_forward(first)
        self.train_loss = self._broadcast_final_loss() if self._compute_loss else output_buffers
        return self.train_loss

    def _forward_step(self, input_tensor, micro_dataset, chunk_id=None):
        from ....tensor.creation import zeros_like

        if self.is_pipeline_first_stage():
            input_tensor = next(micro_dataset)[0]
            self._check_micro_batch_data_valid(input_tensor)
        output_tensor = self._layers.forward(input_tensor, chunk_id=chunk_id)
        if self.is_pipeline_last_stage() and self._compute_loss:
            assert self._layers._loss_fn is not None, "loss function should exist to compute loss"
            labels = next(micro_dataset)[1]
            self._check_micro_batch_data_valid(labels)
            output_tensor = self._layers._loss_fn(output_tensor, labels)
            assert isinstance(output_tensor, Tensor), "Currently, loss_fn should obtain Paddle.Tensor dtype"
            if self.accumulate_steps > 1 and not self._delay_scale_loss:
                output_tensor = output_tensor / self.accumulate_steps
            if self.total_loss is None:
                self.total_loss = zeros_like(output_tensor)
            self.total_loss = self.total_loss + output_tensor.detach()
        if self.is_pipeline_first_stage() or self.is_pipeline_last_stage():
            self.micro_batch_id += 1
        return output_tensor

    def _backward_step(self, input_tensor, output_tensor, output_tensor_grad):
        if self.is_pipeline_last_stage():
            assert output_tensor_grad is None
            loss = self.scaler.scale(output_tensor) if self.scaler else output_tensor
            torch.autograd.backward(loss._t)
        elif isinstance(output_tensor, tuple):
            outputs = [t._t for t in output_tensor if not t.stop_gradient]
            assert len(outputs) == len(output_tensor_grad)
            torch.autograd.backward(outputs, [g._t for g in output_tensor_grad])
        else:
            torch.autograd.backward([output_tensor._t], [output_tensor_grad._t])
        if input_tensor is None:
            return None
        if isinstance(input_tensor, tuple):
            return tuple(wrap(t._t.grad) for t in input_tensor if not t.stop_gradient)
        return None if input_tensor._t.grad is None else wrap(input_tensor._t.grad)

    def _check_micro_batch_data_valid(self, micro_batch_data):
        if isinstance(micro_batch_data, (tuple, list)):
            for data in micro_batch_data:
                self._check_micro_batch_data_valid(data)
        elif micro_batch_data is not None:
            assert isinstance(micro_batch_data, Tensor)

    @no_grad()
    def _broadcast_final_loss(self):
        from ....tensor.creation import full, zeros
        from ... import communication

        if self.is_pipeline_last_stage(ignore_virtual=True):
            assert self.total_loss is not None, "train_batch() in last stage should obtain vaild loss"
            loss = self.total_loss.detach() if not self._delay_scale_loss else self.total_loss / self.accumulate_steps
            is_fp32 = full([], 1 if loss._t.dtype == torch.float32 else 0, "int64")
            communication.broadcast(is_fp32, src=self.global_rank, sync_op=True, group=self.pp_group)
            communication.broadcast(loss, src=self.global_rank, sync_op=True, group=self.pp_group)
        else:
            src = self._hcg.get_rank_from_stage(self.num_stages - 1)
            is_fp32 = full([], 1, "int64")
            communication.broadcast(is_fp32, src=src, sync_op=True, group=self.pp_group)
            loss = zeros(shape=[1], dtype="float32" if int(is_fp32._t) else "float16")
            communication.broadcast(loss, src=src, sync_op=True, group=self.pp_group)
        return loss

    def _optimizer_step(self):
        if self._delay_scale_loss:
            with no_grad():
                for param in self._layers.parameters():
                    if param._t.grad is not None:
                        param._t.grad.mul_(1.0 / self.accumulate_steps)
        if self.scaler:
            self.scaler.step(self.optimizer)
            self.scaler.update()
        else:
            self.optimizer.step()
        self.optimizer.clear_grad()
        if self.lr_scheduler:
            self.lr_scheduler.step()

    def get_static_scheduler(self):
        return self.forward_backward_pipeline(data=None, static_scheduler=True)


class PipelineParallelWithInterleave(PipelineParallel):
    """Paddle's interleaved 1F1B schedule over virtual pipeline stages: each rank runs several model chunks
    (``PipelineLayer(num_virtual_pipeline_stages=...)``), micro-steps walk the chunks ``num_stages``
    micro-batches at a time, and activations travel round the ring of stages (the last stage's chunk feeds the
    first stage's next chunk)."""

    def __init__(self, layers, hcg, strategy):
        super().__init__(layers=layers, hcg=hcg, strategy=strategy)
        assert layers.get_num_virtual_stages() > 1
        self._check_sanity()
        self.num_model_chunks = layers.get_num_virtual_stages()
        self.model_chunks = layers.get_model_chunks()
        assert self.model_chunks is not None
        assert len(self.model_chunks) == self.num_model_chunks
        self._virtual_pp_world_size = self.num_model_chunks
        self._virtual_pp_rank = 0
        self._forward_micro_step_counter = {}
        self._backward_micro_step_counter = {}
        self._reset_counter()

    def _check_sanity(self):
        assert self.num_stages > 2, "virtual pipeline must run under pp degree > 2"
        assert self.accumulate_steps % self.num_stages == 0, (
            "accumulate_steps should be evenly divisible by num_stages for pipeline with interleave")

    def _reset_counter(self):
        for chunk in range(self.num_model_chunks):
            self._forward_micro_step_counter[chunk] = 0
            self._backward_micro_step_counter[chunk] = 0

    def _get_virtual_pp_rank(self, micro_step, forward):
        chunk = micro_step % (self.num_stages * self.num_model_chunks) // self.num_stages
        return chunk if forward else self.num_model_chunks - chunk - 1

    def _forward_step_helper(self, micro_dataset, micro_step):
        chunk = self._get_virtual_pp_rank(micro_step, forward=True)
        self.set_virtual_pipeline_rank(chunk)
        assert len(self.input_tensors[chunk]) == len(self.output_tensors[chunk]) + 1
        output_tensor = self._forward_step(self.input_tensors[chunk][-1], micro_dataset, chunk)
        self.output_tensors[chunk].append(output_tensor)
        if self._forward_only:
            self.input_tensors[chunk].pop()
            self.output_tensors[chunk].pop()
        return output_tensor

    def _backward_step_helper(self, micro_step):
        chunk = self._get_virtual_pp_rank(micro_step, forward=False)
        self.set_virtual_pipeline_rank(chunk)
        assert len(self.output_tensor_grads[chunk]) == 1, (
            f"output_tensor_grads is empty for virtual_pp_rank {chunk}")
        return self._backward_step(self.input_tensors[chunk].pop(0), self.output_tensors[chunk].pop(0),
                                   self.output_tensor_grads[chunk].pop(0))

    def _static_step(self, micro_step, forward):
        chunk = self._get_virtual_pp_rank(micro_step, forward=forward)
        counter = self._forward_micro_step_counter if forward else self._backward_micro_step_counter
        step = counter[chunk]
        counter[chunk] += 1
        return f"{'f' if forward else 'b'}{step}_vp{chunk};"

    def _next_recv_prev(self, next_forward_step, last_step):
        """Whether the forward of micro-step ``next_forward_step`` needs an activation from the previous stage."""
        if last_step:
            return False
        return not (self.is_pipeline_first_stage(ignore_virtual=True)
                    and self._get_virtual_pp_rank(next_forward_step, forward=True) == 0)

    def _next_recv_next(self, next_backward_step, last_step):
        if last_step:
            return False
        return not (self.is_pipeline_last_stage(ignore_virtual=True)
                    and self._get_virtual_pp_rank(next_backward_step, forward=False) == self.num_model_chunks - 1)

    def _start_interleaved_run(self, scaler, forward_only, compute_loss, static_scheduler=False):
        """The checks and per-run state the interleaved schedules share."""
        if not compute_loss:
            assert not forward_only, "compute_loss can only be set to False when forward_only is set to True"
        if static_scheduler:
            assert not forward_only, "static_scheduler only for training not for eval"
        assert self._using_cache, "cache should be enabled for pipeline with interleave"
        self.scaler = scaler
        self.total_loss = None
        self.micro_batch_id = 0
        self._forward_only = forward_only

    def _reset_chunk_buffers(self):
        self.input_tensors = [[] for _ in range(self.num_model_chunks)]
        self.output_tensors = [[] for _ in range(self.num_model_chunks)]
        self.output_tensor_grads = [[] for _ in range(self.num_model_chunks)]

    def forward_backward_pipeline(self, data, scaler, forward_only=False, compute_loss=True, static_scheduler=False):
        self._start_interleaved_run(scaler, forward_only, compute_loss, static_scheduler)
        assert self.accumulate_steps % self.num_stages == 0, (
            f"accumulate_steps({self.accumulate_steps}) should be evenly divisible by num_stages({self.num_stages}) "
            "for pipeline with interleave")
        self._reset_chunk_buffers()
        num_steps = self.accumulate_steps * self.num_model_chunks
        if forward_only:
            startup_steps = num_steps
        else:
            startup_steps = min((self.num_stages - self.stage_id - 1) * 2
                                + (self.num_model_chunks - 1) * self.num_stages, num_steps)
        steady_steps = num_steps - startup_steps
        if static_scheduler:
            schedule = [self._static_step(step, True) for step in range(startup_steps)]
            for step in range(steady_steps):
                schedule += [self._static_step(startup_steps + step, True), self._static_step(step, False)]
            schedule += [self._static_step(step, False) for step in range(steady_steps, num_steps)]
            self._reset_counter()
            return "".join(schedule)
        p2p = self._p2p_helper
        micro_dataset = self._wrap_data(data)
        self.set_virtual_pipeline_rank(0)
        self.input_tensors[0].append(p2p.recv_forward(self.is_pipeline_first_stage(), sync_recv=False))
        for step in range(startup_steps):
            output_tensor = self._forward_step_helper(micro_dataset, step)
            next_chunk = self._get_virtual_pp_rank(step + 1, forward=True)
            recv_prev = self._next_recv_prev(step + 1, step == num_steps - 1)
            if self.is_pipeline_last_stage():
                output_tensor = None
            if step == startup_steps - 1 and not forward_only and steady_steps:
                recv_next = not self.is_pipeline_last_stage(ignore_virtual=True)
                input_tensor, output_tensor_grad = p2p.send_forward_backward_recv_forward_backward(
                    output_tensor, None, recv_prev=recv_prev, recv_next=recv_next)
                self.output_tensor_grads[self.num_model_chunks - 1].append(output_tensor_grad)
            else:
                input_tensor = p2p.send_forward_recv_forward(output_tensor, recv_prev=recv_prev)
            self.input_tensors[next_chunk].append(input_tensor)
        for step in range(steady_steps):
            forward_step = step + startup_steps
            output_tensor = self._forward_step_helper(micro_dataset, forward_step)
            input_tensor_grad = self._backward_step_helper(step)
            self.set_virtual_pipeline_rank(self._get_virtual_pp_rank(forward_step, forward=True))
            if self.is_pipeline_last_stage():
                output_tensor = None
            self.set_virtual_pipeline_rank(self._get_virtual_pp_rank(step, forward=False))
            if self.is_pipeline_first_stage():
                input_tensor_grad = None
            recv_prev = self._next_recv_prev(forward_step + 1, step == steady_steps - 1)
            recv_next = self._next_recv_next(step + 1, False)
            input_tensor, output_tensor_grad = p2p.send_forward_backward_recv_forward_backward(
                output_tensor, input_tensor_grad, recv_prev=recv_prev, recv_next=recv_next)
            self.input_tensors[self._get_virtual_pp_rank(forward_step + 1, forward=True)].append(input_tensor)
            self.output_tensor_grads[self._get_virtual_pp_rank(step + 1, forward=False)].append(output_tensor_grad)
        if not forward_only:
            if not steady_steps:
                self.output_tensor_grads[self.num_model_chunks - 1].append(
                    p2p.recv_backward(self.is_pipeline_last_stage()))
            for step in range(steady_steps, num_steps):
                input_tensor_grad = self._backward_step_helper(step)
                recv_next = self._next_recv_next(step + 1, step == num_steps - 1)
                self.output_tensor_grads[self._get_virtual_pp_rank(step + 1, forward=False)].append(
                    p2p.send_backward_recv_backward(input_tensor_grad, recv_next=recv_next))
            self._layers.allreduce_shared_weight_gradients()
        if compute_loss:
            return self._broadcast_final_loss()
        return self.output_tensors

    def eval_batch(self, data, compute_loss=False):
        self.set_virtual_pipeline_rank(0)
        self._layers.eval()
        self._compute_loss = compute_loss
        return self.forward_backward_pipeline(data, None, forward_only=True)

    def get_static_scheduler(self):
        return self.forward_backward_pipeline(data=None, scaler=None, static_scheduler=True)


class PipelineParallelWithInterleaveFthenB(PipelineParallelWithInterleave):
    """Virtual pipeline stages for pp_degree <= accumulate_steps < 2 * pp_degree: every forward micro-step first
    (chunk by chunk, ``accumulate_steps`` micro-batches each), then every backward; stages whose activations
    arrive before they can use them hold them in a queue."""

    def _check_sanity(self):
        assert self.num_stages > 2, "virtual pipeline must run under pp degree > 2"

    def _get_virtual_pp_rank(self, micro_step, forward):
        chunk = micro_step % (self.accumulate_steps * self.num_model_chunks) // self.accumulate_steps
        return chunk if forward else self.num_model_chunks - chunk - 1

    def forward_backward_pipeline(self, data, scaler, forward_only=False, compute_loss=True):
        import queue

        self._start_interleaved_run(scaler, forward_only, compute_loss)
        assert self.accumulate_steps >= self.num_stages, (
            f"accumulate_steps({self.accumulate_steps}) should be larger than num_stages({self.num_stages}) for "
            "pipeline with interleave")
        assert self.accumulate_steps < 2 * self.num_stages, (
            f"accumulate_steps({self.accumulate_steps}) should be smaller than 2 * num_stages({self.num_stages}) "
            "for pipeline with interleave")
        skip_steps = self.accumulate_steps - self.num_stages
        held = queue.Queue()  # what the ring's wrap-around delivers before the receiver's chunk is due
        self._reset_chunk_buffers()
        p2p = self._p2p_helper
        micro_dataset = self._wrap_data(data)
        num_steps = self.accumulate_steps * self.num_model_chunks
        self.set_virtual_pipeline_rank(0)
        self.input_tensors[0].append(p2p.recv_forward(self.is_pipeline_first_stage(), sync_recv=False))
        self._fthenb_sweep(True, num_steps, skip_steps, held, micro_dataset)
        if not forward_only:
            self.output_tensor_grads[self.num_model_chunks - 1].append(
                p2p.recv_backward(self.is_pipeline_last_stage(), sync_recv=False))
            self._fthenb_sweep(False, num_steps, skip_steps, held, micro_dataset)
            self._layers.allreduce_shared_weight_gradients()
        if compute_loss:
            return self._broadcast_final_loss()
        return self.output_tensors

    def _fthenb_sweep(self, forward, num_steps, skip_steps, held, micro_dataset):
        """Every forward (or backward) micro-step, each result passed on along the ring; on the last (first)
        physical stage a result that wraps around before the receiving chunk is due waits in ``held``."""
        p2p = self._p2p_helper
        if forward:
            received, at_ring_end, next_recv = self.input_tensors, self.is_pipeline_last_stage, self._next_recv_prev
            exchange = p2p.send_forward_recv_forward
        else:
            received, at_ring_end = self.output_tensor_grads, self.is_pipeline_first_stage
            next_recv, exchange = self._next_recv_next, p2p.send_backward_recv_backward
        for step in range(num_steps):
            result = (self._forward_step_helper(micro_dataset, step) if forward
                      else self._backward_step_helper(step))
            next_chunk = self._get_virtual_pp_rank(step + 1, forward=forward)
            recv = next_recv(step + 1, step == num_steps - 1)
            if at_ring_end(ignore_virtual=True):
                if not at_ring_end():
                    held.put(result)
                if step < skip_steps or (at_ring_end() and step % self.accumulate_steps >= skip_steps):
                    result = None
                else:
                    result = held.get()
            received[next_chunk].append(exchange(result, recv))
        assert held.empty(), "send_recv buffer should be empty"
