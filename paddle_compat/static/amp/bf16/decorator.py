"""``paddle.static.amp.bf16.decorator``: ``decorate_bf16`` (bfloat16 training of static Programs; no loss
scaling)."""


import torch

from ....framework import program as _prog
from .. import _rewrite as rw
from ..decorator import OptimizerWithMixedPrecision as _Fp16Decorated
from ..decorator import _create_learning_rate_var
from .amp_lists import AutoMixedPrecisionListsBF16
from .amp_utils import cast_model_to_bf16, cast_parameters_to_bf16, rewrite_program_bf16


class OptimizerWithMixedPrecision:
    """An optimizer training a static Program in bfloat16 (O1: ``rewrite_program_bf16``; pure:
    ``cast_model_to_bf16`` + ``amp_init``)."""

    def __init__(self, optimizer, amp_lists, use_pure_bf16, use_bf16_guard):
        self._optimizer = optimizer
        if getattr(optimizer, "type", None) == "sgd":
            optimizer._use_mkldnn = True
        self._amp_lists = amp_lists
        self._param_grads = None
        self._train_program = None
        self._learning_rate = optimizer._learning_rate
        self._learning_rate_map = getattr(optimizer, "_learning_rate_map", {})
        self._use_pure_bf16 = use_pure_bf16
        self._use_bf16_guard = use_bf16_guard
        self._to_bf16_var_names = None

    def _init_amp_var(self):
        _create_learning_rate_var(self)

    def backward(self, loss, startup_program=None, parameter_list=None, no_grad_set=None, callbacks=None):
        """Rewrite the program for bfloat16 and append the backward; returns ``[(param, grad)]``."""
        from ....base.backward import append_backward

        train_program = loss.block.program
        self._train_program = train_program
        with _prog.program_guard(train_program, startup_program):
            self._init_amp_var()
            if self._use_pure_bf16:
                self._to_bf16_var_names = cast_model_to_bf16(train_program, startup_program, self._amp_lists,
                                                             self._use_bf16_guard)
            else:
                rewrite_program_bf16(train_program, self._amp_lists)
            if loss._t.dtype != torch.float32:
                loss = loss.astype("float32")
            block = train_program.global_block()
            start = len(block.ops)
            params = parameter_list if parameter_list else self._optimizer._parameter_list
            params_grads = append_backward(loss, parameter_list=params, no_grad_set=no_grad_set,
                                           callbacks=callbacks)
            rw.fix_cast_grad_ops(block, start)
        return params_grads

    def amp_init(self, place, scope=None, test_program=None, use_bf16_test=False):
        """Cast the float32 parameters in ``scope`` to bfloat16 (pure bf16), after the startup program ran."""
        assert self._train_program is not None, "Please call the minimize method first."
        if self._use_pure_bf16:
            cast_parameters_to_bf16(place, self._train_program, scope, self._to_bf16_var_names)
        if test_program is not None:
            if self._use_pure_bf16:
                cast_model_to_bf16(test_program, amp_lists=self._amp_lists, use_bf16_guard=self._use_bf16_guard)
            elif use_bf16_test:
                rewrite_program_bf16(test_program, amp_lists=self._amp_lists)

    def apply_gradients(self, params_grads):
        from ....base.backward import _static_apply_gradients

        return _static_apply_gradients(self._optimizer, self._train_program.global_block(), params_grads)

    # same steps as the float16 decorator's (backward here rewrites for bfloat16 and scales nothing)
    apply_optimize = _Fp16Decorated.apply_optimize
    minimize = _Fp16Decorated.minimize


def decorate_bf16(optimizer, amp_lists=None, use_pure_bf16=False, use_bf16_guard=None):
    """Decorate ``optimizer`` for bfloat16 training of static Programs."""
    if amp_lists is None:
        amp_lists = AutoMixedPrecisionListsBF16()
    if use_bf16_guard is None:
        use_bf16_guard = use_pure_bf16
    return OptimizerWithMixedPrecision(optimizer, amp_lists, use_pure_bf16, use_bf16_guard)
