"""Paddle's on-disk formats without a protobuf dependency: the ``framework.proto`` messages of a ``.pdmodel``
(``framework``) and the LoDTensor stream of ``.pdiparams`` (``tensor_stream``)."""
