"""``DistributedStrategy``: Paddle's protobuf-backed configuration object, on our own message class with the
same fields, defaults, validation, config-dict merging, printing and prototxt files."""

import copy

from ..utils.log_util import logger
from ._proto import Message, RepeatedMessage, RepeatedScalar
from ._strategy_schema import ROOT

__all__ = []

# property -> (protobuf field, the name Paddle's warning uses) for switches that only warn on a non-bool
_WARN_BOOL = {
    name: (name, name) for name in (
        "amp", "asp", "recompute", "sync_nccl_allreduce", "use_hierarchical_allreduce", "sync_batch_norm",
        "fuse_all_reduce_ops", "find_unused_parameters", "sharding", "without_graph_optimization", "is_fl_ps_mode",
        "pipeline", "tensor_parallel", "localsgd", "adaptive_localsgd", "dgc", "gradient_merge", "lars", "lamb",
        "elastic", "auto", "split_data", "qat", "heter_ccl_mode", "cudnn_exhaustive_search",
        "cudnn_batchnorm_spatial_persistent")
}
_WARN_BOOL.update({
    "is_with_coordinator": ("with_coordinator", "with_coordinator"),
    "semi_auto": ("semi_auto", "semi-auto"),
    "auto_search": ("auto_search", "auto-search"),
})
_WARN_BOOLEAN = {"_calc_comm_same_stream": "calc_comm_same_stream", "fuse_grad_merge": "fuse_grad_merge"}
_WARN_INT = {name: "int" for name in ("hierarchical_allreduce_inter_nranks", "fuse_grad_size_in_MB",
                                      "nccl_comm_num", "conv_workspace_size_limit")}
_WARN_INT["fuse_grad_size_in_num"] = "int32"
# property -> (protobuf field, the name Paddle's unknown-key assertion uses)
_CONFIGS = {name: (name, name) for name in (
    "amp_configs", "sharding_configs", "pipeline_configs", "tensor_parallel_configs", "localsgd_configs",
    "adaptive_localsgd_configs", "dgc_configs", "lars_configs", "lamb_configs", "a_sync_configs",
    "trainer_desc_configs", "qat_configs", "gradient_scale_configs")}
_CONFIGS["recompute_configs"] = ("recompute_configs", "checkpoint_configs")
_CONFIGS["gradient_merge_configs"] = ("gradient_merge_configs", "gradient_configs")


def _message_dict(message):
    result = {}
    for name in message.field_names:
        value = getattr(message, name)
        if isinstance(value, RepeatedScalar):
            value = list(value)
        elif isinstance(value, RepeatedMessage):
            value = [_message_dict(item) for item in value]
        result[name] = value
    return result


def _check_keys(message, configs, label):
    for key in configs:
        assert key in message.field_names, f"key:{key} not in {label}"


def _assign(message, configs):
    for key, value in configs.items():
        if key not in message.field_names:
            continue
        _, _, _, repeated, _, sub = message.field_spec(key)
        if repeated:
            if value is None:
                continue
            container = getattr(message, key)
            if sub:
                # Paddle's helper adds one message per list item but never fills it (it compares the item,
                # not its keys, with the field names): the items come out empty.
                for _ in value:
                    container.add()
            else:
                container.extend(value)
        else:
            # a nested (non-repeated) message raises AttributeError here, as protobuf's assignment does
            setattr(message, key, value)


def _field_property(field, accept, after_set=None):
    """A property over ``self.strategy.<field>`` whose setter stores only what ``accept(value)`` returns True for
    (``accept`` warns and returns False, or raises, on a bad value); ``after_set(self)`` runs after storing."""

    def getter(self):
        return getattr(self.strategy, field)

    def setter(self, value):
        if accept(value):
            setattr(self.strategy, field, value)
            if after_set is not None:
                after_set(self)

    return property(getter, setter)


def _warn_unless(value_type, label, type_word):
    def accept(value):
        if isinstance(value, value_type):
            return True
        logger.warning(f"{label} should have value of {type_word} type")
        return False

    return accept


def _bool_flag(flag):
    if not isinstance(flag, bool):
        raise ValueError(f"The type of `flag` is invalid, expected type is bool, but received {type(flag)}")
    return True


def _fp16_allreduce_flag(flag):
    if not isinstance(flag, bool):
        raise TypeError("fp16_allreduce must be value of bool type")
    return True


def _positive_group_size(value):
    if value > 0:
        return True
    raise ValueError("last_comm_group_size_MB should be greater than 0")


def _reset_a_sync_configs(strategy):
    strategy.a_sync_configs = {"k_steps": 0}


def _copy_fields(names, source, target, convert=None):
    for name in names:
        value = getattr(source, name)
        setattr(target, name, value if convert is None else convert(name, value))
    return target


def _static_strategy_property(field, class_name, convert=None):
    """A property giving a new ``paddle.static.<class_name>`` with the fields of ``self.strategy.<field>``;
    assigning one copies its fields (through ``convert(name, value)``) into the message."""

    def getter(self):
        from .... import static

        message = getattr(self.strategy, field)
        return _copy_fields(message.field_names, message, getattr(static, class_name)())

    def setter(self, strategy):
        message = getattr(self.strategy, field)
        _copy_fields(message.field_names, strategy, message, convert)

    return property(getter, setter)


def _configs_property(field, label):
    def getter(self):
        return _message_dict(getattr(self.strategy, field))

    def setter(self, configs):
        message = getattr(self.strategy, field)
        _check_keys(message, configs, label)
        _assign(message, configs)

    return property(getter, setter)


class DistributedStrategy:
    """All distributed-training options (AMP, recompute, sharding, pipeline, hybrid degrees...) in one
    object, printed as Paddle's overview table and saved/loaded as protobuf text (prototxt)."""

    __lock_attr = False

    def __init__(self):
        self.strategy = Message(ROOT)
        self.hybrid_parallel_order = ["dp", "pp", "sharding", "sep", "mp"]
        self.sync_param_name = ["embedding", "layer_norm", ".b_"]
        self.__lock_attr = True
        logger.info("distributed strategy initialized")

    def __setattr__(self, key, value):
        if self.__lock_attr and not hasattr(self, key):
            raise TypeError(f"{key} is not a attribute of {self.__class__.__name__}")
        object.__setattr__(self, key, value)

    def __deepcopy__(self, memo):
        copied = DistributedStrategy.__new__(DistributedStrategy)
        for key, value in self.__dict__.items():
            object.__setattr__(copied, key, copy.deepcopy(value, memo))
        return copied

    def save_to_prototxt(self, output):
        """Write the strategy as protobuf text to the file ``output``."""
        with open(output, "w") as fout:
            fout.write(str(self.strategy))

    def load_from_prototxt(self, pb_file):
        """Merge the protobuf text of the file ``pb_file`` into this strategy."""
        with open(pb_file) as f:
            self.strategy.merge_text(f.read())

    # switches with their own validation ------------------------------------------------------------------
    a_sync = _field_property("a_sync", _bool_flag, after_set=_reset_a_sync_configs)
    adam_d2sum = _field_property("adam_d2sum", _bool_flag)
    fp16_allreduce = _field_property("fp16_allreduce", _fp16_allreduce_flag)
    last_comm_group_size_MB = _field_property("last_comm_group_size_MB", _positive_group_size)  # noqa: N815
    _fuse_grad_size_in_TFLOPS = _field_property(  # noqa: N815
        "fuse_grad_size_in_TFLOPS", _warn_unless(float, "fuse_grad_size_in_TFLOPS", "float"))

    @property
    def hybrid_configs(self):
        return _message_dict(self.strategy.hybrid_configs)

    @hybrid_configs.setter
    def hybrid_configs(self, configs):
        hybrid_config = copy.deepcopy(configs)
        if "order" in hybrid_config:
            self.hybrid_parallel_order = hybrid_config.pop("order")
        message = self.strategy.hybrid_configs
        _check_keys(message, hybrid_config, "hybrid_configs")
        # Paddle consumes the nested sections from the caller's dict itself (they are popped from it).
        if "mp_configs" in configs:
            if "sync_param_name" in configs["mp_configs"]:
                self.sync_param_name = configs["mp_configs"].pop("sync_param_name")
            _assign(message.mp_configs, configs.pop("mp_configs"))
        if "pp_configs" in configs:
            _assign(message.pp_configs, configs.pop("pp_configs"))
        # Paddle 2.6.2 unpacks only mp_configs and pp_configs: a sharding_configs dict fails on assignment.
        _assign(message, configs)

    @property
    def fs_client_param(self):
        return self.strategy.fs_client_param

    @fs_client_param.setter
    def fs_client_param(self, configs):
        _check_keys(self.strategy.fs_client_param, configs, "fs_client_param")
        _assign(self.strategy.fs_client_param, configs)

    @property
    def sparse_table_configs(self):
        return self.strategy.downpour_table_param

    @sparse_table_configs.setter
    def sparse_table_configs(self, configs):
        raise NotImplementedError(
            "DistributedStrategy.sparse_table_configs (parameter-server sparse tables) is not implemented in "
            "paddle-compat")

    fleet_desc_configs = sparse_table_configs

    build_strategy = _static_strategy_property(
        "build_strategy", "BuildStrategy",
        convert=lambda name, value: int(value) if name == "reduce_strategy" else value)
    execution_strategy = _static_strategy_property("execution_strategy", "ExecutionStrategy")

    def _is_strict_auto(self):
        return False

    # printing --------------------------------------------------------------------------------------------
    def __repr__(self):
        width = 78
        title = "    |{:^78s}|\n".format
        row = "    |{:>38s}  {:^38s}|\n".format
        border = "    +" + "=" * width + "+"
        line = "    +" + "-" * width + "+"
        message = self.strategy
        text = border + "\n" + title("") + title("DistributedStrategy Overview") + title("")
        env_text = line + "\n"
        for name in message.field_names:
            if "build_strategy" in name or "execution_strategy" in name or "_configs" in name:
                continue
            value = getattr(message, name)
            if isinstance(value, bool) and name + "_configs" in message.field_names:
                if value:
                    text += border + "\n" + title(f"{name}=True <-> {name}_configs") + line + "\n"
                    configs = getattr(message, name + "_configs")
                    for config_name in configs.field_names:
                        config_value = getattr(configs, config_name)
                        if isinstance(config_value, RepeatedScalar):
                            for index, item in enumerate(config_value):
                                text += row(config_name if index == 0 else "", str(item))
                        else:
                            text += row(config_name, str(config_value))
            else:
                env_text += row(name, str(value))
        result = text + border + "\n" + title("Environment Flags, Communication Flags") + env_text
        result += border + "\n" + title("Build Strategy") + line + "\n"
        for name in message.build_strategy.field_names:
            result += row(name, str(getattr(message.build_strategy, name)))
        result += border + "\n" + title("Execution Strategy") + line + "\n"
        for name in message.execution_strategy.field_names:
            result += row(name, str(getattr(message.execution_strategy, name)))
        return result + border + "\n"


for _name, (_field, _label) in _WARN_BOOL.items():
    setattr(DistributedStrategy, _name, _field_property(_field, _warn_unless(bool, _label, "bool")))
for _name, _label in _WARN_BOOLEAN.items():
    setattr(DistributedStrategy, _name, _field_property(_label, _warn_unless(bool, _label, "boolean")))
for _name, _type_word in _WARN_INT.items():
    setattr(DistributedStrategy, _name, _field_property(_name, _warn_unless(int, _name, _type_word)))
for _name, (_field, _label) in _CONFIGS.items():
    setattr(DistributedStrategy, _name, _configs_property(_field, _label))
del _name, _field, _label, _type_word
