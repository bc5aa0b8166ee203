"""Reader decorators with Paddle 2.6's semantics (sample order, errors, thread/process behaviour)."""

import itertools
import logging
import multiprocessing
import random
import sys
import warnings
from queue import Queue
from threading import Thread

__all__ = []

# Seconds multiprocess_reader waits for a sample before giving up (paddle.base.reader.QUEUE_GET_TIMEOUT).
QUEUE_GET_TIMEOUT = 60

_fork_context = multiprocessing.get_context("fork") if sys.platform == "darwin" else multiprocessing


def cache(reader):
    """Read ``reader`` once, now, and replay its samples from memory on every call."""
    samples = tuple(reader())

    def cached_reader():
        yield from samples

    return cached_reader


def map_readers(func, *readers):
    """Samples ``func(a, b, ...)`` over the readers' samples in lockstep (stops at the shortest)."""

    def mapped_reader():
        yield from map(func, *[r() for r in readers])

    return mapped_reader


def shuffle(reader, buf_size):
    """Shuffle (Python's ``random``) within consecutive windows of ``buf_size`` samples."""

    def shuffled_reader():
        window = []
        for sample in reader():
            window.append(sample)
            if len(window) >= buf_size:
                random.shuffle(window)
                yield from window
                window = []
        if window:
            random.shuffle(window)
            yield from window

    return shuffled_reader


def chain(*readers):
    """All samples of the first reader, then of the second, ..."""

    def chained_reader():
        yield from itertools.chain(*[r() for r in readers])

    return chained_reader


class ComposeNotAligned(ValueError):
    pass


def _as_tuple(sample):
    return sample if isinstance(sample, tuple) else (sample,)


def compose(*readers, **kwargs):
    """Flattened tuples of the readers' samples taken in lockstep: ``(1, 2)``, ``3`` -> ``(1, 2, 3)``.

    ``check_alignment`` (default True) raises ComposeNotAligned when a reader ends before the others;
    False stops at the shortest."""
    check_alignment = kwargs.pop("check_alignment", True)

    def composed_reader():
        iterators = [r() for r in readers]
        if not check_alignment:
            for samples in zip(*iterators):
                yield sum(map(_as_tuple, samples), ())
            return
        for samples in itertools.zip_longest(*iterators):
            if any(s is None for s in samples):
                raise ComposeNotAligned("outputs of readers are not aligned.")
            yield sum(map(_as_tuple, samples), ())

    return composed_reader


class _EndOfData:
    pass


def buffered(reader, size):
    """Read ahead in a daemon thread into a queue of at most ``size`` samples."""

    def buffered_reader():
        end = _EndOfData()
        samples = Queue(maxsize=size)

        def fill(iterator):
            for sample in iterator:
                samples.put(sample)
            samples.put(end)

        Thread(target=fill, args=(reader(),), daemon=True).start()
        sample = samples.get()
        while sample is not end:
            yield sample
            sample = samples.get()

    return buffered_reader


def firstn(reader, n):
    """At most the first ``n`` samples."""

    def first_n_reader():
        for i, sample in enumerate(reader()):
            if i == n:
                break
            yield sample

    return first_n_reader


class XmapEndSignal:
    pass


def xmap_readers(mapper, reader, process_num, buffer_size, order=False):
    """``mapper`` applied to the samples by ``process_num`` threads, through queues of ``buffer_size``;
    ``order=True`` keeps the reader's order, otherwise samples come out as the threads finish them."""
    end = XmapEndSignal()

    def feed(in_queue):
        for index, sample in enumerate(reader()):
            in_queue.put((index, sample) if order else sample)
        in_queue.put(end)

    def work(in_queue, out_queue, next_index):
        item = in_queue.get()
        while not isinstance(item, XmapEndSignal):
            if order:
                index, sample = item
                result = mapper(sample)
                while index != next_index[0]:  # Paddle spins here too: outputs leave in input order
                    pass
                out_queue.put(result)
                next_index[0] += 1
            else:
                out_queue.put(mapper(item))
            item = in_queue.get()
        in_queue.put(end)  # pass the end on to the next worker
        out_queue.put(end)

    def mapped_reader():
        in_queue, out_queue, next_index = Queue(buffer_size), Queue(buffer_size), [0]
        Thread(target=feed, args=(in_queue,), daemon=True).start()
        for _ in range(process_num):
            Thread(target=work, args=(in_queue, out_queue, next_index), daemon=True).start()
        finished = 0
        while finished < process_num:
            sample = out_queue.get()
            if isinstance(sample, XmapEndSignal):
                finished += 1
            else:
                yield sample

    return mapped_reader


def multiprocess_reader(readers, use_pipe=True, queue_size=1000):
    """Run each reader in its own (forked) process and merge their samples, through pipes (samples must be
    JSON-serialisable, as in Paddle) or through one ``multiprocessing.Queue`` of ``queue_size``."""
    if sys.platform == "win32":
        raise NotImplementedError("The multiprocess_reader method is not supported on windows.")
    try:
        import ujson as json
    except Exception:
        warnings.warn(
            "The `ujson` module is not found, use the `json` module, `ujson` encodes and decodes faster, "
            "you can install `ujson` through `pip install ujson`."
        )
        import json
    assert isinstance(readers, (list, tuple)) and len(readers) > 0, "`readers` must be list or tuple."

    def read_into_queue(reader, queue):
        try:
            for sample in reader():
                if sample is None:
                    raise ValueError("sample has None")
                queue.put(sample)
            queue.put(None)
        except Exception:
            queue.put("")
            raise

    def queue_reader():
        queue = _fork_context.Queue(queue_size)
        for reader in readers:
            _fork_context.Process(target=read_into_queue, args=(reader, queue)).start()
        finished = 0
        while finished < len(readers):
            try:
                sample = queue.get(timeout=QUEUE_GET_TIMEOUT)
            except Exception:
                logging.error("multiprocess_reader failed to get data from the multiprocessing.Queue.")
                raise
            if sample is None:
                finished += 1
            elif sample == "":
                raise ValueError("multiprocess_reader failed to put data into the multiprocessing.Queue.")
            else:
                yield sample

    def read_into_pipe(reader, conn):
        try:
            for sample in reader():
                if sample is None:
                    raise ValueError("sample has None!")
                conn.send(json.dumps(sample))
            conn.send(json.dumps(None))
            conn.close()
        except Exception:
            conn.send(json.dumps(""))
            conn.close()
            raise

    def pipe_reader():
        conns = []
        for reader in readers:
            parent_conn, child_conn = _fork_context.Pipe()
            conns.append(parent_conn)
            _fork_context.Process(target=read_into_pipe, args=(reader, child_conn)).start()
        finished = 0
        while finished < len(readers):
            # one sample from each live reader per round, as Paddle interleaves them
            for conn in list(conns):
                sample = json.loads(conn.recv())
                if sample is None:
                    finished += 1
                    conn.close()
                    conns.remove(conn)
                elif sample == "":
                    conn.close()
                    conns.remove(conn)
                    raise ValueError("multiprocess_reader failed to send data into the multiprocessing.Pipe.")
                else:
                    yield sample

    return pipe_reader if use_pipe else queue_reader
