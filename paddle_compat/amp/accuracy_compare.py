"""``paddle.amp.accuracy_compare``: compares the dump files of Paddle's C++ tensor checker, which paddle-compat
does not write."""


def compare_accuracy(dump_path, another_dump_path, output_filename, loss_scale=1, dump_all_tensors=False):
    raise NotImplementedError(
        "paddle.amp.accuracy_compare.compare_accuracy reads the dump files Paddle's C++ tensor checker writes; "
        "paddle-compat writes no such dumps."
    )
