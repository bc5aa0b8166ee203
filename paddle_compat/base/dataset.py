"""``paddle.base.dataset``: the fluid-era spellings of the slot datasets (public ``set_*`` setters, ``desc()``,
``DatasetFactory``) over the same record store as ``paddle.distributed.InMemoryDataset`` / ``QueueDataset``."""

from ..distributed.fleet.dataset import dataset as _fleet_dataset

__all__ = []


class DatasetFactory:
    """Creates a dataset from its class name."""

    def __init__(self):
        pass

    def create_dataset(self, datafeed_class="QueueDataset"):
        kind = _DATASETS.get(datafeed_class) if isinstance(datafeed_class, str) else None
        if kind is None:
            raise ValueError("datafeed class %s does not exist" % datafeed_class)
        return kind()


class DatasetBase(_fleet_dataset.DatasetBase):
    """Base dataset class."""

    def set_pipe_command(self, pipe_command):
        self._set_pipe_command(pipe_command)

    def set_so_parser_name(self, so_parser_name):
        self.proto_desc.set("so_parser_name", so_parser_name)

    def set_rank_offset(self, rank_offset):
        self.proto_desc.set("rank_offset", rank_offset)

    def set_fea_eval(self, record_candidate_size, fea_eval=True):
        if fea_eval:
            raise NotImplementedError("set_fea_eval (slots_shuffle feature evaluation) is not implemented in "
                                      "paddle-compat")
        self.fea_eval = fea_eval

    def slots_shuffle(self, slots):
        if getattr(self, "fea_eval", False):
            raise NotImplementedError("slots_shuffle is not implemented in paddle-compat")

    def set_batch_size(self, batch_size):
        self._set_batch_size(batch_size)

    def set_pv_batch_size(self, pv_batch_size):
        self.proto_desc.set("pv_batch_size", pv_batch_size)

    def set_thread(self, thread_num):
        self._set_thread(thread_num)

    def set_input_type(self, input_type):
        self._set_input_type(input_type)

    def set_use_var(self, var_list):
        self._set_use_var(var_list)

    def set_hdfs_config(self, fs_name, fs_ugi):
        self._set_hdfs_config(fs_name, fs_ugi)

    def set_download_cmd(self, download_cmd):
        self._set_download_cmd(download_cmd)

    def desc(self):
        return self._desc()


def _needs_engine(name, engine):
    def method(self, *args, **kwargs):
        raise NotImplementedError(f"{name} needs Paddle's {engine}, which paddle-compat does not have")

    method.__name__ = method.__qualname__ = name
    return method


class InMemoryDataset(_fleet_dataset.InMemoryDataset, DatasetBase):
    """Loads all instances into memory; deprecated since 2.0 for ``paddle.distributed.InMemoryDataset``."""

    def __init__(self):
        super().__init__()
        self.trainer_num = -1
        self.pass_id = 0

    def set_feed_type(self, data_feed_type):
        self._set_feed_type(data_feed_type)

    def set_queue_num(self, queue_num):
        self._set_queue_num(queue_num)

    def set_parse_ins_id(self, parse_ins_id):
        self._set_parse_ins_id(parse_ins_id)

    def set_parse_content(self, parse_content):
        self._set_parse_content(parse_content)

    def set_parse_logkey(self, parse_logkey):
        self.parse_logkey = parse_logkey

    def _set_trainer_num(self, trainer_num):
        self.trainer_num = trainer_num

    def set_merge_by_sid(self, merge_by_sid):
        self.merge_by_sid = merge_by_sid

    def set_enable_pv_merge(self, enable_pv_merge):
        self.enable_pv_merge = enable_pv_merge

    def set_fleet_send_batch_size(self, fleet_send_batch_size=1024):
        self._set_fleet_send_batch_size(fleet_send_batch_size)

    def set_fleet_send_sleep_seconds(self, fleet_send_sleep_seconds=0):
        self._set_fleet_send_sleep_seconds(fleet_send_sleep_seconds)

    def set_merge_by_lineid(self, merge_size=2):
        self._set_merge_by_lineid(merge_size)

    def set_pass_id(self, pass_id):
        self.pass_id = pass_id

    def get_pass_id(self):
        return self.pass_id

    def global_shuffle(self, fleet=None, thread_num=12):
        if fleet is not None and self.trainer_num == -1:
            self.trainer_num = fleet.worker_num()
        if self.fleet_send_batch_size is None:
            self.fleet_send_batch_size = 1024
        if self.fleet_send_sleep_seconds is None:
            self.fleet_send_sleep_seconds = 0
        self._store.global_shuffle(max(self.trainer_num, 1))

    def get_shuffle_data_size(self, fleet=None):
        import numpy as np

        print("global shuffle local_data_size: ", np.array([self._store.shuffled_size]))
        return super().get_shuffle_data_size(fleet)


for _name, _engine in (("set_generate_unique_feasigns", "parameter-server feasign tables"),
                       ("generate_local_tables_unlock", "parameter-server feasign tables"),
                       ("preprocess_instance", "PV-merging data feed"),
                       ("postprocess_instance", "PV-merging data feed"),
                       ("set_current_phase", "PV-merging data feed"), ("get_pv_data_size", "PV-merging data feed"),
                       ("get_epoch_finish", "graph data feed"), ("clear_sample_state", "graph data feed"),
                       ("set_graph_config", "graph data feed"), ("dump_walk_path", "graph data feed"),
                       ("dump_sample_neighbors", "graph data feed"), ("_set_heter_ps", "heterogeneous PS")):
    setattr(InMemoryDataset, _name, _needs_engine(f"InMemoryDataset.{_name}", _engine))


class QueueDataset(_fleet_dataset.QueueDataset, DatasetBase):
    """Streams the files while training."""

    def local_shuffle(self):
        raise NotImplementedError("QueueDataset does not support local shuffle, please use InMemoryDataset for "
                                  "local_shuffle")

    def global_shuffle(self, fleet=None):
        raise NotImplementedError("QueueDataset does not support global shuffle, please use InMemoryDataset for "
                                  "global_shuffle")


class FileInstantDataset(_fleet_dataset.FileInstantDataset, DatasetBase):
    """Processes the files as a stream."""

    def local_shuffle(self):
        raise NotImplementedError("FileInstantDataset does not support local shuffle, please use InMemoryDataset "
                                  "for local_shuffle")

    def global_shuffle(self, fleet=None):
        raise NotImplementedError("FileInstantDataset does not support global shuffle, please use InMemoryDataset "
                                  "for global_shuffle")


class BoxPSDataset(_fleet_dataset.BoxPSDataset, InMemoryDataset):
    """BoxPS (GPU parameter-server) dataset."""


for _name in ("set_date", "begin_pass", "end_pass", "wait_preload_done", "load_into_memory", "preload_into_memory",
              "slots_shuffle"):
    setattr(BoxPSDataset, _name, getattr(_fleet_dataset.BoxPSDataset, _name))
del _name, _engine

_DATASETS = {"QueueDataset": QueueDataset, "InMemoryDataset": InMemoryDataset,
             "FileInstantDataset": FileInstantDataset, "BoxPSDataset": BoxPSDataset, "DatasetBase": DatasetBase,
             "DatasetFactory": DatasetFactory}
