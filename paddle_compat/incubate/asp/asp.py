"""``paddle.incubate.asp.asp``: Automatic SParsity (ASP) workflow: prune supported weights to an n:m pattern and
keep them pruned during training.

Dygraph: ``decorate(optimizer)`` creates a ones mask parameter ``<param>.asp_mask`` per supported weight,
``prune_model`` writes pruned weights and masks, and the wrapped ``step()`` multiplies each weight by its mask
after the update. Static graph: the wrapped ``minimize`` creates the mask parameters in the startup program and
appends Paddle's ``elementwise_mul`` masking ops after the update ops; ``prune_model`` edits the scope.
State lives per Program (in dygraph, the default main program), as in Paddle.
"""

import copy

import numpy as np

from .supported_layer_list import _default_pruning, supported_layers_and_prune_func_map
from .utils import MaskAlgo

__all__ = []

_MASK_ALGOS = {
    'mask_1d': MaskAlgo.MASK_1D,
    'mask_2d_greedy': MaskAlgo.MASK_2D_GREEDY,
    'mask_2d_best': MaskAlgo.MASK_2D_BEST,
}


def _default_main_program():
    from ...framework.program import default_main_program

    return default_main_program()


def _in_dynamic_mode():
    from ...framework import in_dynamic_mode

    return in_dynamic_mode()


def _require_dygraph(func_name):
    if not _in_dynamic_mode():
        raise AssertionError(
            f"We only support '{func_name}()' in dynamic graph mode, please call 'paddle.disable_static()' to "
            "enter dynamic graph mode."
        )


def set_excluded_layers(param_names, main_program=None):
    """Keep the parameters whose names contain any of ``param_names`` (e.g. a layer's ``full_name()``) out of
    ASP, for ``main_program`` (default: the default main program, which is also dygraph's). Call it before
    ``decorate`` / ``minimize``.
    """
    if main_program is None:
        main_program = _default_main_program()
    ASPHelper.set_excluded_layers(param_names=param_names, main_program=main_program)


def reset_excluded_layers(main_program=None):
    """Forget the excluded layers of ``main_program`` (None: of every program)."""
    ASPHelper.reset_excluded_layers(main_program=main_program)


def decorate(optimizer):
    """Wrap ``optimizer`` so its updates keep the pruned weights sparse. In dygraph the ``<param>.asp_mask``
    mask parameters (ones) are created now and ``step()`` applies them; in static mode ``minimize`` creates them
    and appends the masking ops.
    """
    return ASPHelper.decorate(optimizer)


def prune_model(model, n=2, m=4, mask_algo='mask_1d', with_mask=True):
    """Prune the weights of the supported layers of ``model`` (an ``nn.Layer`` or a ``Program``) to an ``n:m``
    pattern made by ``mask_algo`` ('mask_1d', 'mask_2d_greedy' or 'mask_2d_best'); with ``with_mask`` also
    store the masks in the mask parameters of ``decorate`` (which must have run). Returns {parameter name:
    numpy mask}.
    """
    from ...framework.program import Program
    from ...nn.layer.layers import Layer

    if mask_algo not in _MASK_ALGOS:
        raise AssertionError('The "mask_algo" should be one of ["mask_1d", "mask_2d_greedy", "mask_2d_best"]')
    if isinstance(model, Layer):
        prune = ASPHelper.prune_model_by_layer
    elif isinstance(model, Program):
        prune = ASPHelper.prune_model_by_program
    else:
        raise TypeError(f"model should be paddle.nn.Layer or paddle.static.Program, but got {type(model)}")
    from ..._core.place import get_device

    return prune(get_device(), model, n=n, m=m, mask_algo=_MASK_ALGOS[mask_algo], with_mask=with_mask)


class ProgramASPInfo:
    """ASP state of one Program: mask parameters and numpy masks by parameter name, excluded layer names."""

    def __init__(self):
        self.__mask_vars = {}
        self.__masks = {}
        self.__excluded_layers = []

    def update_mask_vars(self, param_name, var):
        self.__mask_vars[param_name] = var

    def update_masks(self, param_name, var):
        self.__masks[param_name] = var

    def update_excluded_layers(self, param_names):
        self.__excluded_layers.extend(copy.deepcopy(param_names))

    def reset_excluded_layers(self):
        self.__excluded_layers = []

    @property
    def mask_vars(self):
        return self.__mask_vars

    @property
    def masks(self):
        return self.__masks

    @property
    def excluded_layers(self):
        return self.__excluded_layers


class ASPHelper:
    """The ASP machinery behind ``decorate`` / ``prune_model`` / the excluded layers, with its state per Program
    (dygraph uses the default main program).
    """

    MASK_APPENDDED_NAME = 'asp_mask'
    PADDLE_WEIGHT_SUFFIX = "w_"

    __asp_info = {}

    @classmethod
    def set_excluded_layers(cls, param_names, main_program):
        """``set_excluded_layers`` for an explicit ``main_program``."""
        cls._get_program_asp_info(main_program).update_excluded_layers(param_names)

    @classmethod
    def reset_excluded_layers(cls, main_program=None):
        """``reset_excluded_layers``."""
        if main_program is None:
            for info in cls.__asp_info.values():
                info.reset_excluded_layers()
        else:
            cls._get_program_asp_info(main_program).reset_excluded_layers()

    @staticmethod
    def decorate(optimizer):
        """``decorate``: creates the dygraph mask parameters now, then wraps the optimizer."""
        if _in_dynamic_mode():
            from ...framework.program import default_startup_program

            # in dygraph the default main program is the key of the ASP state
            ASPHelper._create_mask_variables(_default_main_program(), default_startup_program(),
                                             optimizer._parameter_list)
        return OptimizerWithSparsityGuarantee(optimizer)

    @classmethod
    def prune_model_by_program(cls, place, main_program=None, n=2, m=4, mask_algo=MaskAlgo.MASK_1D,
                               with_mask=True):
        """``prune_model`` of a Program: reads and writes the weights and masks in the global scope."""
        from ...base.executor import global_scope

        if main_program is None:
            main_program = _default_main_program()
        asp_info = cls._get_program_asp_info(main_program)
        scope = global_scope()
        for param in main_program.global_block().all_parameters():
            if not ASPHelper._is_supported_layer(main_program, param.name):
                continue
            weight_tensor = scope.find_var(param.name).get_tensor()
            weight = np.array(weight_tensor)
            pruned, mask = ASPHelper._get_prune_func_by_name(param.name)(weight, m, n, mask_algo, param.name)
            weight_tensor.set(pruned.astype(weight.dtype), place)
            if with_mask:
                mask_var = scope.find_var(ASPHelper._get_mask_name(param.name))
                if mask_var is None:
                    raise AssertionError(
                        f'Cannot find {ASPHelper._get_mask_name(param.name)} variable, please call '
                        'optimizer.minimize (paddle.incubate.asp.decorate(optimizer).minimize(loss) and '
                        'initialization (exe.run(startup_program)) first!'
                    )
                mask_tensor = mask_var.get_tensor()
                mask = mask.astype(np.array(mask_tensor).dtype)
                mask_tensor.set(mask, place)
            asp_info.update_masks(param.name, mask)
        return asp_info.masks.copy()

    @classmethod
    def prune_model_by_layer(cls, place, layer, n=2, m=4, mask_algo=MaskAlgo.MASK_1D, with_mask=True):
        """``prune_model`` of a Layer (a Layer built in static mode prunes its Program)."""
        if not _in_dynamic_mode():
            # a Layer built under static mode: its parameters live in the Program of their block
            target_program = None
            for param in layer.parameters():
                target_program = param.block.program
            if target_program is None:
                raise AssertionError('Cannot get paddle.static.Program from Paddle.nn.Layer.')
            return ASPHelper.prune_model_by_program(place, target_program, n=n, m=m, mask_algo=mask_algo,
                                                    with_mask=with_mask)
        main_program = _default_main_program()
        asp_info = cls._get_program_asp_info(main_program)
        for param in layer.parameters():
            if not ASPHelper._is_supported_layer(main_program, param.name):
                continue
            weight = param.numpy()
            pruned, mask = ASPHelper._get_prune_func_by_name(param.name)(weight, m, n, mask_algo, param.name)
            param.set_value(pruned.astype(weight.dtype))
            if with_mask:
                mask_param = asp_info.mask_vars.get(param.name, None)
                if mask_param is None:
                    raise AssertionError(
                        f'Cannot find {ASPHelper._get_mask_name(param.name)} variable, please call '
                        'asp.decorate() to decorate your optimizer first!'
                    )
                mask_param.set_value(mask)
            asp_info.update_masks(param.name, mask)
        return asp_info.masks.copy()

    @staticmethod
    def _get_mask_name(param_name):
        return param_name + "." + ASPHelper.MASK_APPENDDED_NAME

    @staticmethod
    def _get_not_ASP_relevant_vars(main_program):  # noqa: N802 - Paddle's name
        return [param for param in main_program.global_block().all_parameters()
                if ASPHelper.MASK_APPENDDED_NAME not in param.name.split('.')]

    @classmethod
    def _get_program_asp_info(cls, main_program):
        info = cls.__asp_info.get(main_program)
        if info is None:
            info = cls.__asp_info[main_program] = ProgramASPInfo()
        return info

    @classmethod
    def _is_supported_layer(cls, main_program, param_name):
        """Whether ASP prunes the parameter ``param_name``: not a mask, not of an excluded layer (a substring
        match, as Paddle's), registered by its full name, or a weight (``<layer>_<k>.w_<j>``) of a registered
        layer type."""
        parts = param_name.split('.')
        if ASPHelper.MASK_APPENDDED_NAME in parts:
            return False
        if any(layer in param_name for layer in cls._get_program_asp_info(main_program).excluded_layers):
            return False
        if param_name in supported_layers_and_prune_func_map:
            return True
        if len(parts) == 1:
            return False
        layer_instance, param_kind = parts[0], parts[1]
        if ASPHelper.PADDLE_WEIGHT_SUFFIX not in param_kind:
            return False
        layer_type = layer_instance[:layer_instance.rfind('_')]
        registered = supported_layers_and_prune_func_map
        return layer_instance in registered or layer_type in registered

    @classmethod
    def _get_prune_func_by_name(cls, param_name):
        layer_instance = param_name.split('.')[0]
        func = supported_layers_and_prune_func_map.get(param_name, None)
        if func is None:
            func = supported_layers_and_prune_func_map.get(layer_instance, None)
        if func is None:
            func = supported_layers_and_prune_func_map.get(layer_instance[:layer_instance.rfind('_')],
                                                           _default_pruning)
        return func

    @classmethod
    def _minimize(cls, optimizer, loss, main_program=None, startup_program=None, parameter_list=None,
                  no_grad_set=None):
        """``optimizer.minimize(loss)``, then a ones mask parameter per supported weight (startup program) and a
        masking op after the updates (main program)."""
        from ...framework.program import default_startup_program

        if main_program is None:
            main_program = loss.block.program
        if startup_program is None:
            startup_program = default_startup_program()
        optimizer_ops, params_and_grads = optimizer.minimize(loss, startup_program, parameter_list,
                                                             no_grad_set=no_grad_set)
        params = [pair[0] for pair in params_and_grads]
        cls._create_mask_variables(main_program, startup_program, params)
        cls._insert_sparse_mask_ops(main_program, params)
        return optimizer_ops, params_and_grads

    @classmethod
    def _step(cls, optimizer):
        _require_dygraph("_step")
        optimizer.step()
        from ...framework.dygraph import no_grad

        with no_grad():
            ASPHelper._insert_sparse_mask_ops(_default_main_program(), optimizer._parameter_list)

    @classmethod
    def _create_mask_variables(cls, main_program, startup_program, params):
        from ...framework.program import program_guard
        from ...nn.initializer import Constant
        from ...nn.param_attr import create_parameter

        asp_info = cls._get_program_asp_info(main_program)
        with program_guard(main_program, startup_program):
            for param in params:
                if ASPHelper._is_supported_layer(main_program, param.name) and param.name not in asp_info.mask_vars:
                    mask_param = create_parameter(name=ASPHelper._get_mask_name(param.name), shape=param.shape,
                                                  dtype=param.dtype, default_initializer=Constant(value=1.0))
                    mask_param.stop_gradient = True
                    mask_param.trainable = False
                    asp_info.update_mask_vars(param.name, mask_param)

    @classmethod
    def _insert_sparse_mask_ops(cls, main_program, params):
        """Multiply each masked parameter by its mask: in place now (dygraph), or as an ``elementwise_mul`` op
        appended to ``main_program`` (static)."""
        mask_vars = cls._get_program_asp_info(main_program).mask_vars
        if _in_dynamic_mode():
            for param in params:
                mask = mask_vars.get(param.name)
                if mask is not None:
                    # deliberate deviation: Paddle 2.6.2 traces this multiply with the parameter as its output,
                    # which leaves it stop_gradient=True, so masked weights silently stop training after the
                    # first decorated step; here they keep training with the mask re-applied (mappings)
                    param._t.mul_(mask._t)
            return
        block = main_program.global_block()
        for param in params:
            if param.name in mask_vars:
                block.append_op(type='elementwise_mul', inputs={"X": param, 'Y': mask_vars[param.name]},
                                outputs={'Out': param}, attrs={'axis': -1, 'use_mkldnn': False, 'op_role': 2})


class OptimizerWithSparsityGuarantee:
    """An optimizer whose ``minimize`` (static) adds the ASP masking ops and whose ``step`` (dygraph) masks
    the weights after the update; other attributes are the wrapped optimizer's.
    """

    def __init__(self, optimizer):
        self._optimizer = optimizer

    def __getattr__(self, item):
        return getattr(self._optimizer, item)

    def minimize(self, loss, startup_program=None, parameter_list=None, no_grad_set=None):
        """The optimizer's ``minimize`` plus ASP mask parameters and masking ops (static graph)."""
        return ASPHelper._minimize(self._optimizer, loss, startup_program=startup_program,
                                   parameter_list=parameter_list, no_grad_set=no_grad_set)

    def step(self):
        """The optimizer's ``step`` then the masks applied to their weights (dygraph only)."""
        _require_dygraph("step")
        ASPHelper._step(self._optimizer)

    def state_dict(self):
        """The optimizer's state dict plus the mask parameters under ``<param>.asp_mask`` (dygraph only)."""
        _require_dygraph("state_dict")
        state_dict = self._optimizer.state_dict()
        for param_name, var in ASPHelper._get_program_asp_info(_default_main_program()).mask_vars.items():
            state_dict[ASPHelper._get_mask_name(param_name)] = var
        return state_dict

    def set_state_dict(self, state_dict):
        """Restore the mask parameters (each must be in ``state_dict``), then the optimizer's state (dygraph only)."""
        _require_dygraph("set_state_dict")
        asp_info = ASPHelper._get_program_asp_info(_default_main_program())
        for param_name, var in asp_info.mask_vars.items():
            mask_name = ASPHelper._get_mask_name(param_name)
            if mask_name not in state_dict:
                raise AssertionError(f"The {mask_name} is not found.")
            var.set_value(state_dict[mask_name])
            asp_info.update_masks(param_name, var.numpy())
        return self._optimizer.set_state_dict(state_dict)
