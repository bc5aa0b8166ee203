"""``paddle.distributed.InMemoryDataset`` / ``QueueDataset`` and their relatives: slot datasets read from MultiSlot
text files through a pipe command (see ``_slot_records``). The description (``_desc()``) is Paddle's
``DataFeedDesc`` text; the instances are kept in Python (Paddle keeps them in its C++ data feed)."""

from ._slot_records import FeedDesc, RecordStore, feed_batches, slot_of

__all__ = []


class DatasetBase:
    """Base dataset class."""

    def __init__(self):
        self.proto_desc = FeedDesc()
        self.proto_desc.set("pipe_command", "cat")
        self.thread_num = 1
        self.filelist = []
        self.use_ps_gpu = False
        self.psgpu = None
        self._use_vars = []
        self._store = RecordStore()
        self._fs_name = self._fs_ugi = ""
        self._download_cmd = "cat"

    def init(self, batch_size=1, thread_num=1, use_var=[], pipe_command="cat", input_type=0,  # noqa: B006
             fs_name="", fs_ugi="", download_cmd="cat"):
        self._set_batch_size(batch_size)
        self._set_thread(thread_num)
        self._set_use_var(use_var)
        self._set_pipe_command(pipe_command)
        self._set_input_type(input_type)
        self._set_hdfs_config(fs_name, fs_ugi)
        self._set_download_cmd(download_cmd)

    def _set_pipe_command(self, pipe_command):
        self.proto_desc.set("pipe_command", pipe_command)

    def _set_batch_size(self, batch_size):
        self.proto_desc.set("batch_size", batch_size)

    def _set_thread(self, thread_num):
        self.thread_num = thread_num

    def set_filelist(self, filelist):
        """The files to read (each through the pipe command)."""
        self.filelist = filelist

    def _set_input_type(self, input_type):
        self.proto_desc.set("input_type", input_type)

    def _set_uid_slot(self, uid_slot):
        self.proto_desc.uid_slot = uid_slot

    def _set_use_var(self, var_list):
        for var in var_list:
            self.proto_desc.slots.append(slot_of(var))
            self._use_vars.append(var)

    def _set_hdfs_config(self, fs_name, fs_ugi):
        self._fs_name, self._fs_ugi = fs_name, fs_ugi

    def _set_download_cmd(self, download_cmd):
        self._download_cmd = download_cmd

    def _prepare_to_run(self):
        if self.thread_num > len(self.filelist):
            self.thread_num = len(self.filelist)

    def _set_use_ps_gpu(self, use_ps_gpu):
        # no heterogeneous parameter-server build: Paddle turns the switch off as well
        self.use_ps_gpu = 0

    def _finish_to_run(self):
        pass

    def _desc(self):
        return self.proto_desc.text()

    def _dynamic_adjust_before_train(self, thread_num):
        pass

    def _dynamic_adjust_after_train(self):
        pass

    def _check_use_var_with_data_generator(self, var_list, data_generator_class, test_file):
        from ...._core import dtypes

        with open(test_file) as f:
            for line in f:
                produce = data_generator_class.generate_sample(line)
                for sample in produce():
                    if len(var_list) != len(sample):
                        raise ValueError(f"var length mismatch error: var_list = {len(var_list)} vs "
                                         f"data_generator = {len(sample)}")
                    for var, (name, values) in zip(var_list, sample):
                        if len(values) == 0:
                            raise ValueError("var length error: var %s's length in data_generator is 0" % name)
                        if var.dtype == dtypes.float32 and not all(isinstance(v, float) for v in values):
                            raise TypeError(_mismatch(name, "float", values))
                        if var.dtype in (dtypes.int64, dtypes.int32) and not all(isinstance(v, int) for v in values):
                            raise TypeError(_mismatch(name, "int", values))

    # --- used by the executor's dataset loop -----------------------------------------------------------
    def _records_for_training(self):
        if self._store.records:
            return self._store.records
        store = RecordStore()
        store.load(self.filelist, self.proto_desc.get("pipe_command"), self.proto_desc.slots)
        return store.records

    def _feed_batches(self):
        """Feed dicts of one batch each, in record order (see ``_slot_records.feed_batches``)."""
        return feed_batches(self._records_for_training(), self.proto_desc.slots,
                            self.proto_desc.get("batch_size", 32))


def _mismatch(name, kind, values):
    other = "non-float" if kind == "float" else "non-int"
    return (f"var dtype mismatch error: var name = {name}, var type in var_list = {kind}, while var in "
            f"data_generator contains {other} value, which is {values} \n"
            "Please check if order of var_list and data_generator are aligned. \n"
            "Please check if var's type in data_generator is correct.")


class InMemoryDataset(DatasetBase):
    """Loads all instances into memory (``load_into_memory``), where they can be shuffled locally or across the
    workers before training."""

    def __init__(self):
        super().__init__()
        self.proto_desc.set("name", "MultiSlotInMemoryDataFeed")
        self.fleet_send_batch_size = None
        self.is_user_set_queue_num = False
        self.queue_num = None
        self.parse_ins_id = False
        self.parse_content = False
        self.parse_logkey = False
        self.merge_by_sid = True
        self.enable_pv_merge = False
        self.merge_by_lineid = False
        self.fleet_send_sleep_seconds = None
        self.fea_eval = False

    def _init_distributed_settings(self, **kwargs):
        merge_size = kwargs.get("merge_size", -1)
        if merge_size > 0:
            self._set_merge_by_lineid(merge_size)
        self._set_parse_ins_id(kwargs.get("parse_ins_id", False))
        self._set_parse_content(kwargs.get("parse_content", False))
        if kwargs.get("fleet_send_batch_size", None):
            self._set_fleet_send_batch_size(kwargs["fleet_send_batch_size"])
        if kwargs.get("fleet_send_sleep_seconds", None):
            self._set_fleet_send_sleep_seconds(kwargs["fleet_send_sleep_seconds"])
        if kwargs.get("fea_eval", False):
            self._set_fea_eval(kwargs.get("candidate_size", 10000), True)

    def update_settings(self, **kwargs):
        for key, value in kwargs.items():
            if key == "pipe_command":
                self._set_pipe_command(value)
            elif key == "batch_size":
                self._set_batch_size(value)
            elif key == "thread_num":
                self._set_thread(value)
            elif key == "use_var":
                self._set_use_var(value)
            elif key == "input_type":
                self._set_input_type(value)
            elif key == "fs_name" and "fs_ugi" in kwargs:
                self._set_hdfs_config(value, kwargs["fs_ugi"])
            elif key == "download_cmd":
                self._set_download_cmd(value)
            elif key == "merge_size" and kwargs.get("merge_size", -1) > 0:
                self._set_merge_by_lineid(value)
            elif key == "parse_ins_id":
                self._set_parse_ins_id(value)
            elif key == "parse_content":
                self._set_parse_content(value)
            elif key == "fleet_send_batch_size":
                self._set_fleet_send_batch_size(value)
            elif key == "fleet_send_sleep_seconds":
                self._set_fleet_send_sleep_seconds(value)
            elif key == "fea_eval" and value:
                self._set_fea_eval(kwargs.get("candidate_size", 10000), True)

    def init(self, **kwargs):
        self._set_feed_type("SlotRecordInMemoryDataFeed" if self.use_ps_gpu else "MultiSlotInMemoryDataFeed")
        super().init(batch_size=kwargs.get("batch_size", 1), thread_num=kwargs.get("thread_num", 1),
                     use_var=kwargs.get("use_var", []), pipe_command=kwargs.get("pipe_command", "cat"),
                     input_type=kwargs.get("input_type", 0), fs_name=kwargs.get("fs_name", ""),
                     fs_ugi=kwargs.get("fs_ugi", ""), download_cmd=kwargs.get("download_cmd", "cat"))
        if kwargs.get("queue_num", -1) > 0:
            self._set_queue_num(kwargs["queue_num"])

    def _set_feed_type(self, data_feed_type):
        self.proto_desc.set("name", data_feed_type)

    def _prepare_to_run(self):
        if self.thread_num <= 0:
            self.thread_num = 1
        if self.queue_num is None:
            self.queue_num = self.thread_num

    def _set_queue_num(self, queue_num):
        self.is_user_set_queue_num = True
        self.queue_num = queue_num

    def _set_parse_ins_id(self, parse_ins_id):
        self.parse_ins_id = parse_ins_id

    def _set_parse_content(self, parse_content):
        self.parse_content = parse_content

    def _set_fleet_send_batch_size(self, fleet_send_batch_size=1024):
        self.fleet_send_batch_size = fleet_send_batch_size

    def _set_fleet_send_sleep_seconds(self, fleet_send_sleep_seconds=0):
        self.fleet_send_sleep_seconds = fleet_send_sleep_seconds

    def _set_merge_by_lineid(self, merge_size=2):
        raise NotImplementedError("InMemoryDataset merge_size (merging instances by line id) is not implemented in "
                                  "paddle-compat")

    def _set_fea_eval(self, record_candidate_size, fea_eval=True):
        if fea_eval:
            raise NotImplementedError("InMemoryDataset fea_eval (slots_shuffle feature evaluation) is not "
                                      "implemented in paddle-compat")
        self.fea_eval = fea_eval

    def slots_shuffle(self, slots):
        if self.fea_eval:
            raise NotImplementedError("InMemoryDataset.slots_shuffle is not implemented in paddle-compat")

    def set_date(self, date):
        int(date[:4]), int(date[4:6]), int(date[6:])  # Paddle parses it; only its GPU-PS build uses it

    def load_into_memory(self, is_shuffle=False):
        """Read every file of the file list through the pipe command into memory."""
        self._prepare_to_run()
        self._store.load(self.filelist, self.proto_desc.get("pipe_command"), self.proto_desc.slots,
                         self.parse_ins_id, self.parse_content)

    def preload_into_memory(self, thread_num=None):
        """Start loading (here: load now; ``wait_preload_done`` then returns at once)."""
        self.load_into_memory()

    def wait_preload_done(self):
        pass

    def local_shuffle(self):
        """Shuffle the instances held by this worker."""
        self._store.local_shuffle()

    def global_shuffle(self, fleet=None, thread_num=12):
        """Redistribute the instances randomly over the ``fleet.worker_num()`` workers (one worker without
        ``fleet``), then shuffle them."""
        trainer_num = 1 if fleet is None else fleet.worker_num()
        if self.fleet_send_batch_size is None:
            self.fleet_send_batch_size = 1024
        if self.fleet_send_sleep_seconds is None:
            self.fleet_send_sleep_seconds = 0
        self._store.global_shuffle(trainer_num)

    def release_memory(self):
        """Drop the instances held in memory."""
        self._store.release()

    def _global_count(self, local, fleet):
        import numpy as np

        from ....framework.program import suspend_recording

        local = np.array([local])
        if fleet is not None and fleet.worker_num() > 1:
            with suspend_recording():  # a communication, not an operator of the static program
                return fleet.util.all_reduce(local, "sum")[0]
        return local[0]

    def get_memory_data_size(self, fleet=None):
        """Number of instances in memory (summed over the workers when ``fleet`` is given)."""
        return self._global_count(len(self._store.records), fleet)

    def get_shuffle_data_size(self, fleet=None):
        """Number of instances this worker received in the last global shuffle (summed over workers with
        ``fleet``)."""
        return self._global_count(self._store.shuffled_size, fleet)


class QueueDataset(DatasetBase):
    """Streams the files through the pipe command while training (no in-memory shuffling)."""

    def __init__(self):
        super().__init__()
        self.proto_desc.set("name", "MultiSlotDataFeed")

    def init(self, **kwargs):
        super().init(**kwargs)

    def _prepare_to_run(self):
        if self.thread_num > len(self.filelist):
            self.thread_num = len(self.filelist)
        if self.thread_num == 0:
            self.thread_num = 1


class FileInstantDataset(DatasetBase):
    """FileInstantDataset, it will process data streamly."""

    def __init__(self):
        super().__init__()
        self.proto_desc.set("name", "MultiSlotFileInstantDataFeed")

    def init(self, **kwargs):
        super().init(**kwargs)


_NO_BOXPS = "BoxPSDataset.{} needs Paddle's BoxPS (GPU parameter-server) engine, which paddle-compat does not have"


class BoxPSDataset(InMemoryDataset):
    """BoxPSDataset: derived from InMemoryDataset."""

    def __init__(self):
        super().__init__()
        self.proto_desc.set("name", "PaddleBoxDataFeed")

    def init(self, **kwargs):
        super().init(**kwargs)
        self._set_rank_offset(kwargs.get("rank_offset", ""))
        self._set_pv_batch_size(kwargs.get("pv_batch_size", 1))
        self._set_parse_logkey(kwargs.get("parse_logkey", False))
        self._set_merge_by_sid(kwargs.get("merge_by_sid", False))
        self._set_enable_pv_merge(kwargs.get("enable_pv_merge", False))

    def _set_rank_offset(self, rank_offset):
        self.proto_desc.set("rank_offset", rank_offset)

    def _set_pv_batch_size(self, pv_batch_size):
        self.proto_desc.set("pv_batch_size", pv_batch_size)

    def _set_parse_logkey(self, parse_logkey):
        self.parse_logkey = parse_logkey

    def _set_merge_by_sid(self, merge_by_sid):
        self.merge_by_sid = merge_by_sid

    def _set_enable_pv_merge(self, enable_pv_merge):
        self.enable_pv_merge = enable_pv_merge

    def _dynamic_adjust_after_train(self):
        pass


def _boxps_only(name):
    def method(self, *args, **kwargs):
        raise NotImplementedError(_NO_BOXPS.format(name))

    method.__name__ = method.__qualname__ = name
    return method


for _name in ("set_date", "begin_pass", "end_pass", "wait_preload_done", "load_into_memory", "preload_into_memory",
              "slots_shuffle", "set_current_phase", "get_pv_data_size", "preprocess_instance",
              "postprocess_instance"):
    setattr(BoxPSDataset, _name, _boxps_only(_name))
del _name
