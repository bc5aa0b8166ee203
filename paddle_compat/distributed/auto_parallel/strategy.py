"""Configuration records of auto-parallel's ``Strategy`` (``paddle.distributed.Strategy``): fields with Paddle's
defaults, ``from_dict``/``to_dict``/``get`` and Paddle's printing."""

import copy

_NOT_FOUND = "not_found"
BASE = "base"
SHARDING = "sharding"
GRADIENT_MERGE = "gradient_merge"
PIPELINE = "pipeline"
FUSED_PASSES = "fused_passes"

# field defaults per category, as read from Paddle 2.6.2
_DEFAULTS = {
    BASE: {"auto_mode": "semi", "gradient_scale": True, "use_cache": True, "return_numpy": True,
           "all_ranks": False, "split_data": True, "seed": None, "reinit": False},
    SHARDING: {"enable": False, "stage": 1, "degree": 8, "enable_overlap": False, "param_comm_stream_num": 1,
               "grad_comm_stream_num": 1, "param_bucket_size_numel": 1, "grad_bucket_size_numel": 1,
               "enable_hierarchical_comm": False, "partition_algor": "greedy_even", "enable_tuning": False,
               "tuning_range": []},
    GRADIENT_MERGE: {"enable": False, "k_steps": 1, "avg": True},
    PIPELINE: {"enable": False, "schedule_mode": "1F1B", "micro_batch_size": 1, "accumulate_steps": 1,
               "generation_batch_size": 1, "enable_send_recv_overlap": False, "job_schedule_profiler_start": -1,
               "job_schedule_profiler_stop": -1},
}


def get_category_default_config(category):
    return copy.deepcopy(_DEFAULTS[category])


class BaseConfig:
    def __init__(self, category, config_dict=None):
        self._category = category
        self._config_dict = None
        if config_dict is not None:
            if not isinstance(config_dict, dict):
                raise ValueError(f"Expected a dictionary. But received: {config_dict}")
            self._config_dict = config_dict
        for field, default in get_category_default_config(category).items():
            setattr(self, field, default)
        if self._config_dict:
            self.from_dict(self._config_dict)

    def from_dict(self, config_dict):
        for field in _DEFAULTS[self._category]:
            value = config_dict.get(field, _NOT_FOUND)
            if value != _NOT_FOUND:
                setattr(self, field, value)

    def to_dict(self):
        result = {field: getattr(self, field) for field in _DEFAULTS[self._category]}
        for field, value in self.__dict__.items():
            if isinstance(value, BaseConfig):
                result[field] = value.to_dict()
        return result

    def __repr__(self):
        return "{" + "".join(f'"{k}":"{v}",' for k, v in self.to_dict().items()) + "}"

    def __deepcopy__(self, memo):
        result = self.__class__.__new__(self.__class__)
        memo[id(self)] = result
        for k, v in self.__dict__.items():
            setattr(result, k, copy.deepcopy(v, memo))
        return result

    def get(self, k, d=None):
        return self.to_dict().get(k, d)


class ShardingConfig(BaseConfig):
    def __init__(self, config_dict=None):
        super().__init__(SHARDING, config_dict)


class GradientMergeConfig(BaseConfig):
    def __init__(self, config_dict=None):
        super().__init__(GRADIENT_MERGE, config_dict)


class PipelineConfig(BaseConfig):
    def __init__(self, config_dict=None):
        super().__init__(PIPELINE, config_dict)
