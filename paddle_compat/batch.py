"""``paddle.batch``: the legacy reader decorator that groups samples into lists."""

__all__ = ["batch"]


def batch(reader, batch_size, drop_last=False):
    """Wrap a sample reader (a no-arg callable returning an iterable) into a batch reader."""
    batch_size = int(batch_size)
    if batch_size <= 0:
        raise ValueError(f"batch_size should be a positive integer value, but got batch_size={batch_size}")

    def batch_reader():
        items = []
        for sample in reader():
            items.append(sample)
            if len(items) == batch_size:
                yield items
                items = []
        if items and not drop_last:
            yield items

    return batch_reader
