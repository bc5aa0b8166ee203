"""``paddle.fluid.dygraph``: the 2.4 dygraph names that are the same objects in 2.6.2 (``guard`` is
``paddle.base.dygraph.guard``, ``Layer`` is ``paddle.nn.Layer``, ``BatchNorm`` is ``paddle.nn.BatchNorm``...).
The 2.4 layer classes whose 2.6 counterparts take other arguments (``Linear(input_dim, output_dim)``,
``Conv2D(num_channels, ...)``, ``Pool2D``, ``Embedding(size)``) raise AttributeError naming the 2.6 class."""

from ._alias import make_getattr, same_names

# each name is the object of the same name in the 2.6.2 module it is listed under
_TABLE = same_names({
    "paddle.base.dygraph": "guard to_variable no_grad enabled base",
    "paddle": "grad DataParallel",
    "paddle.base": "enable_dygraph disable_dygraph",
    "paddle.nn": "Layer Sequential LayerList ParameterList BatchNorm",
    "paddle.distributed": "ParallelEnv",
    "paddle.jit": "to_static TranslatedLayer",
})
_HINTS = {
    "Linear": "paddle.nn.Linear(in_features, out_features, weight_attr, bias_attr)",
    "Conv2D": "paddle.nn.Conv2D(in_channels, out_channels, kernel_size, ...)",
    "Conv2DTranspose": "paddle.nn.Conv2DTranspose", "Pool2D": "paddle.nn.MaxPool2D / paddle.nn.AvgPool2D",
    "Embedding": "paddle.nn.Embedding(num_embeddings, embedding_dim)", "LayerNorm": "paddle.nn.LayerNorm",
    "Dropout": "paddle.nn.Dropout", "GRUUnit": "paddle.nn.GRUCell", "PRelu": "paddle.nn.PReLU",
    "save_dygraph": "paddle.save(state_dict, path + '.pdparams')", "load_dygraph": "paddle.load",
    "prepare_context": "paddle.distributed.init_parallel_env", "TracedLayer": "paddle.jit.to_static + paddle.jit.save",
    "jit": "paddle.jit", "declarative": "paddle.jit.to_static", "ProgramTranslator": "paddle.jit",
}
__getattr__ = make_getattr("paddle.fluid.dygraph", _TABLE, _HINTS, globals())
__all__ = []
