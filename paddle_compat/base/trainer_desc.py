"""``paddle.base.trainer_desc``: the trainer descriptions Paddle's dataset executor hands to its C++ trainers
(``MultiTrainer``, ``DistMultiTrainer``, ``PipelineTrainer``, the heterogeneous ones): a ``TrainerDesc`` protobuf
message built by setters, serialised by ``_desc()`` and printed as protobuf text by ``str()``. The message is
declared here with Paddle's field numbers, types and defaults (the fields TrainerDesc itself sets; the device
workers' parameter messages are written by the device workers)."""

import os
import struct

__all__ = []

# (number, name, kind, repeated, sub-message schema)
_FETCH_CONFIG = ((1, "fetch_var_names", "string", True, None), (2, "fetch_var_str_format", "string", True, None),
                 (3, "print_period", "int32", False, None), (4, "method", "enum", False, None))
_TABLE_DEPENDENCY = ((1, "key", "int32", False, None), (2, "values", "int32", True, None))
_COPY_TABLE = ((1, "need_copy", "bool", False, None), (2, "batch_num", "int32", False, None),
               (3, "src_sparse_tables", "int32", True, None), (4, "dest_sparse_tables", "int32", True, None),
               (5, "src_dense_tables", "int32", True, None), (6, "dest_dense_tables", "int32", True, None),
               (7, "src_var_list", "string", True, None), (8, "dest_var_list", "string", True, None),
               (9, "dense_pull_after_copy", "bool", False, None), (10, "sparse_copy_by_feasign", "bool", False, None),
               (11, "enable_dependency", "bool", False, None),
               (12, "table_denpendency_map", "message", True, ("TableDependencyMap", _TABLE_DEPENDENCY)))
_ADJUST_INS_WEIGHT = ((1, "need_adjust", "bool", False, None), (2, "nid_slot", "string", False, None),
                      (3, "nid_adjw_threshold", "float", False, None), (4, "nid_adjw_ratio", "float", False, None),
                      (5, "ins_weight_slot", "string", False, None))
_TRAINER_DESC = (
    (1, "class_name", "string", False, None), (2, "device_worker_name", "string", False, None),
    (3, "thread_num", "int32", False, None), (4, "binding_cpu", "bool", False, None),
    (5, "filelist", "string", True, None), (6, "debug", "bool", False, None),
    (7, "fetch_config", "message", False, ("FetchConfig", _FETCH_CONFIG)), (8, "use_cvm", "bool", False, None),
    (9, "dump_slot", "bool", False, None), (10, "scale_datanorm", "float", False, None),
    (11, "mpi_rank", "int32", False, None), (12, "dump_fields_path", "string", False, None),
    (13, "dump_fields", "string", True, None), (14, "dump_converter", "string", False, None),
    (15, "dump_param", "string", True, None), (16, "mpi_size", "int32", False, None),
    (17, "dump_file_num", "int32", False, None), (18, "check_nan_var_names", "string", True, None),
    (19, "copy_table_config", "message", False, ("CopyTableConfig", _COPY_TABLE)),
    (20, "adjust_ins_weight_config", "message", False, ("AdjustInsWeightConfig", _ADJUST_INS_WEIGHT)),
    (21, "no_cvm", "bool", False, None), (22, "thread_barrier", "bool", False, None),
    (23, "loss_names", "string", True, None), (24, "enable_random_dump", "bool", False, None),
    (25, "random_with_lineid", "bool", False, None), (26, "dump_interval", "int32", False, None),
    (27, "worker_places", "int32", True, None), (28, "xpu_send_list", "string", True, None),
    (29, "xpu_recv_list", "string", True, None), (30, "xpu_start_idx", "int32", False, None),
    (31, "xpu_end_idx", "int32", False, None), (32, "use_ps_gpu", "bool", False, None),
    (33, "user_define_dump_filename", "string", False, None),
    (34, "scale_sparse_gradient_with_batch_size", "bool", False, None), (35, "trainers", "int32", True, None),
    (36, "trainer_id", "int32", False, None), (37, "fleet_desc", "string", False, None),
    (38, "is_dump_in_simple_mode", "bool", False, None), (39, "dump_fields_mode", "string", False, None),
    (40, "dump_num_decimals", "int32", False, None),
)
_DEFAULTS = {"print_period": 100, "batch_num": 100, "sparse_copy_by_feasign": True, "scale_datanorm": -1.0,
             "mpi_rank": -1, "mpi_size": -1, "dump_file_num": 16, "dump_interval": 10000,
             "scale_sparse_gradient_with_batch_size": True, "dump_fields_mode": "w", "dump_num_decimals": 9}
_ACCEPTS = {"int32": ((int,), "(<class 'int'>,)"), "enum": ((int,), "(<class 'int'>,)"),
            "bool": ((bool, int), "(<class 'bool'>, <class 'int'>)"), "float": ((int, float), "int, float"),
            "string": ((bytes, str), "(<class 'bytes'>, <class 'str'>)")}
_ENUM_VALUES = {"method": {0: "PRINT"}}


def _checked(kind, value, where=None):
    types, listed = _ACCEPTS[kind]
    if not isinstance(value, types):
        problem = f"{value!r} has type {type(value)}, but expected one of: {listed}"
        raise TypeError(f"Cannot set {where} to {value!r}: {problem}" if where else problem)
    if kind in ("int32", "enum") and not -(2**31) <= value < 2**31:
        raise ValueError(f"Value out of range: {value}")
    if kind == "bool":
        return bool(value)
    if kind == "float":
        return float(value)
    if kind == "string" and isinstance(value, bytes):
        return value.decode("utf-8")
    return value


class _Repeated(list):
    def __init__(self, kind, schema=None):
        super().__init__()
        self._kind, self._schema = kind, schema

    def append(self, value):
        super().append(_checked(self._kind, value))

    def extend(self, values):
        for value in values:
            self.append(value)

    def add(self, **fields):
        item = _Message(self._schema[0], self._schema[1])
        for key, value in fields.items():
            if isinstance(value, list):
                getattr(item, key).extend(value)
            else:
                setattr(item, key, value)
        super().append(item)
        return item


class _Message:
    """A protobuf message of the schema: setters type-check as protobuf's, unset fields answer the default."""

    def __init__(self, full_name, schema):
        object.__setattr__(self, "_full_name", full_name)
        object.__setattr__(self, "_schema", {name: (number, kind, repeated, sub)
                                             for number, name, kind, repeated, sub in schema})
        object.__setattr__(self, "_values", {})

    def __getattr__(self, name):
        try:
            _number, kind, repeated, sub = self._schema[name]
        except KeyError:
            raise AttributeError(name) from None
        values = self._values
        if name not in values:
            if repeated:
                values[name] = _Repeated(kind, sub)
            elif kind == "message":
                values[name] = _Message(f"paddle.framework.{sub[0]}", sub[1])
            else:
                return _DEFAULTS.get(name, {"bool": False, "string": "", "float": 0.0}.get(kind, 0))
        return values[name]

    def __setattr__(self, name, value):
        if name not in self._schema:
            raise AttributeError(f"Assignment not allowed (no field \"{name}\" in protocol message object).")
        _number, kind, repeated, _sub = self._schema[name]
        if repeated or kind == "message":
            raise AttributeError(f"Assignment not allowed to field \"{name}\" in protocol message object.")
        self._values[name] = _checked(kind, value, f"{self._full_name}.{name}")

    def _set_fields(self):
        fields = []
        for name, (number, kind, repeated, _sub) in self._schema.items():
            value = self._values.get(name)
            if value is None:
                continue
            if (repeated and not value) or (kind == "message" and not repeated and not value._set_fields()):
                continue
            fields.append((number, name, kind, repeated, value))
        return sorted(fields)

    def SerializeToString(self):  # noqa: N802 - protobuf's spelling
        from .._proto.wire import encode_varint

        out = bytearray()
        for number, _name, kind, repeated, value in self._set_fields():
            for item in (value if repeated else [value]):
                if kind == "message":
                    payload = item.SerializeToString()
                    encode_varint((number << 3) | 2, out)
                    encode_varint(len(payload), out)
                    out += payload
                elif kind == "string":
                    payload = item.encode("utf-8")
                    encode_varint((number << 3) | 2, out)
                    encode_varint(len(payload), out)
                    out += payload
                elif kind == "float":
                    encode_varint((number << 3) | 5, out)
                    out += struct.pack("<f", item)
                else:
                    encode_varint(number << 3, out)
                    encode_varint(int(item) & 0xFFFFFFFFFFFFFFFF, out)
        return bytes(out)

    def _text(self, indent=""):
        from ..distributed.fleet.dataset._slot_records import _quote

        lines = []
        for _number, name, kind, repeated, value in self._set_fields():
            for item in (value if repeated else [value]):
                if kind == "message":
                    lines.append(f"{indent}{name} {{\n{item._text(indent + '  ')}{indent}}}\n")
                elif kind == "string":
                    lines.append(f"{indent}{name}: {_quote(item)}\n")
                elif kind == "bool":
                    lines.append(f"{indent}{name}: {'true' if item else 'false'}\n")
                elif kind == "float":
                    lines.append(f"{indent}{name}: {_shortest_float32(item)}\n")
                elif kind == "enum":
                    lines.append(f"{indent}{name}: {_ENUM_VALUES.get(name, {}).get(item, item)}\n")
                else:
                    lines.append(f"{indent}{name}: {item}\n")
        return "".join(lines)

    def __str__(self):
        return self._text()


def _shortest_float32(value):
    """The shortest decimal that reads back as the same float32, printed as a Python float."""
    as_float32 = struct.unpack("<f", struct.pack("<f", value))[0]
    for digits in range(6, 10):
        text = "%.*g" % (digits, as_float32)
        if struct.unpack("<f", struct.pack("<f", float(text)))[0] == as_float32:
            return str(float(text))
    return str(as_float32)


class TrainerDesc:
    """Set up a trainer description (base of the trainer classes)."""

    def __init__(self):
        self.proto_desc = _Message("paddle.framework.TrainerDesc", _TRAINER_DESC)
        self.proto_desc.thread_num = os.cpu_count()
        self._fleet_desc = None
        self._device_worker = None
        self._program = None
        self._infer = False

    def _set_heter_info(self, ret):
        if ret is None:
            return
        self.proto_desc.xpu_start_idx = ret[0]
        self.proto_desc.xpu_end_idx = ret[1]
        self.proto_desc.xpu_send_list.extend(ret[2])
        self.proto_desc.xpu_recv_list.extend(ret[3])

    def _set_fetch_var_and_info(self, fetch_vars, fetch_info, print_period):
        fetch_info = list(fetch_info)
        config = self.proto_desc.fetch_config
        for i, var in enumerate(fetch_vars):
            config.fetch_var_names.extend([var.name])
            config.fetch_var_str_format.extend([fetch_info[i]])
        config.print_period = print_period

    def _set_debug(self, debug):
        self.proto_desc.debug = debug

    def _set_thread(self, thread_num):
        self.proto_desc.thread_num = thread_num

    def _set_device_worker(self, device_worker):
        self._device_worker = device_worker

    def _set_infer(self, infer):
        self._infer = infer

    def _set_fleet_desc(self, fleet_desc):
        self._fleet_desc = fleet_desc
        self.proto_desc.fleet_desc = str(fleet_desc)

    def _gen_trainer_desc(self):
        pass

    def _set_program(self, program):
        self._program = program

    def _set_trainer_id(self, trainer_id):
        self.proto_desc.trainer_id = trainer_id

    def _set_trainers(self, trainers):
        self.proto_desc.trainers.extend(trainers)

    def _set_use_cvm(self, use_cvm=False):
        self.proto_desc.use_cvm = use_cvm

    def _set_no_cvm(self, no_cvm=False):
        self.proto_desc.no_cvm = no_cvm

    def _set_scale_sparse_grad_with_batch_size(self, scale_sparse_gradient_with_batch_size=True):
        self.proto_desc.scale_sparse_gradient_with_batch_size = scale_sparse_gradient_with_batch_size

    def _set_scale_datanorm(self, scale_datanorm=-1):
        self.proto_desc.scale_datanorm = scale_datanorm

    def _set_dump_slot(self, dump_slot):
        self.proto_desc.dump_slot = dump_slot

    def _set_mpi_rank(self, mpi_rank):
        self.proto_desc.mpi_rank = mpi_rank

    def _set_mpi_size(self, mpi_size):
        self.proto_desc.mpi_size = mpi_size

    def _set_dump_fields(self, dump_fields):
        self.proto_desc.dump_fields.extend(dump_fields)

    def _set_is_dump_in_simple_mode(self, is_dump_in_simple_mode):
        self.proto_desc.is_dump_in_simple_mode = is_dump_in_simple_mode

    def _set_dump_num_decimals(self, dump_num_decimals):
        self.proto_desc.dump_num_decimals = dump_num_decimals

    def _set_dump_fields_path(self, path):
        self.proto_desc.dump_fields_path = path

    def _set_dump_file_num(self, dump_file_num):
        self.proto_desc.dump_file_num = dump_file_num

    def _set_user_define_dump_filename(self, user_define_dump_filename):
        self.proto_desc.user_define_dump_filename = user_define_dump_filename

    def _set_dump_converter(self, converter):
        self.proto_desc.dump_converter = converter

    def _set_enable_random_dump(self, enable_random_dump):
        self.proto_desc.enable_random_dump = enable_random_dump

    def _set_dump_interval(self, dump_interval):
        self.proto_desc.dump_interval = dump_interval

    def _set_random_with_lineid(self, random_with_lineid):
        self.proto_desc.random_with_lineid = random_with_lineid

    def _set_dump_param(self, dump_param):
        self.proto_desc.dump_param.extend(dump_param)

    def _set_dump_fields_mode(self, mode):
        self.proto_desc.dump_fields_mode = mode

    def _set_worker_places(self, worker_places):
        self.proto_desc.worker_places.extend(worker_places)

    def _set_use_ps_gpu(self, use_ps_gpu=False):
        self.proto_desc.use_ps_gpu = use_ps_gpu

    def _set_thread_barrier(self, thread_barrier):
        self.proto_desc.thread_barrier = thread_barrier

    def _set_check_nan_var_names(self, check_nan_var_names):
        self.proto_desc.check_nan_var_names.extend(check_nan_var_names)

    def _set_loss_names(self, loss_names):
        self.proto_desc.loss_names.extend(loss_names)

    def _set_adjust_ins_weight(self, config_dict):
        config = self.proto_desc.adjust_ins_weight_config
        config.need_adjust = config_dict.get("need_adjust", False)
        config.nid_slot = config_dict.get("nid_slot", "")
        config.nid_adjw_threshold = config_dict.get("nid_adjw_threshold", 0.0)
        config.nid_adjw_ratio = config_dict.get("nid_adjw_ratio", 0.0)
        config.ins_weight_slot = config_dict.get("ins_weight_slot", "")

    def _set_copy_table_config(self, config_dict):
        config = self.proto_desc.copy_table_config
        config.need_copy = config_dict.get("need_copy", False)
        config.batch_num = config_dict.get("batch_num", 100)
        for kind in ("sparse_tables", "dense_tables", "var_list"):
            sources = _as_list(config_dict.get("src_" + kind, []))
            targets = _as_list(config_dict.get("dest_" + kind, []))
            if len(sources) != len(targets):
                raise ValueError(f"len(src_{kind}) != len(dest_{kind}), {len(sources)} vs {len(targets)}")
            getattr(config, "src_" + kind).extend(sources)
            getattr(config, "dest_" + kind).extend(targets)
        for key, values in config_dict.get("dependency_map", {}).items():
            entry = config.table_denpendency_map.add()
            entry.key = key
            values = _as_list(values)
            if len(values) != 1:
                raise ValueError("dependency len %s != 1" % len(values))
            entry.values.extend(values)
        config.dense_pull_after_copy = config_dict.get("dense_pull_after_copy", True)
        config.enable_dependency = config_dict.get("enable_dependency", False)
        config.sparse_copy_by_feasign = config_dict.get("sparse_copy_by_feasign", True)

    def _desc(self):
        return self.proto_desc.SerializeToString()

    def __str__(self):
        return str(self.proto_desc)


def _as_list(value):
    return value if isinstance(value, list) else [value]


def _trainer_class(class_name, needs_program, doc):
    def _set_program(self, program):
        TrainerDesc._set_program(self, program)
        self._program = program

    def _gen_trainer_desc(self):
        TrainerDesc._gen_trainer_desc(self)
        self.proto_desc.class_name = class_name
        if needs_program and self._program is None:
            raise RuntimeError("None Program")
        self._device_worker._set_infer(self._infer)
        self._device_worker._set_program(self._program)
        self._device_worker._gen_worker_desc(self.proto_desc)

    return type(class_name, (TrainerDesc,), {"__doc__": doc, "_set_program": _set_program,
                                             "_gen_trainer_desc": _gen_trainer_desc, "__module__": __name__})


MultiTrainer = _trainer_class("MultiTrainer", False, "Implement of MultiTrainer.")
DistMultiTrainer = _trainer_class("DistMultiTrainer", True, "Implement of DistMultiTrainer.")
HeterXpuTrainer = _trainer_class("HeterXpuTrainer", True, "Implement of HeterXpuTrainer.")
PSGPUTrainer = _trainer_class("PSGPUTrainer", True, "Implement of PSGPUTrainer.")
HeterPipelineTrainer = _trainer_class("HeterPipelineTrainer", True, "Implement of HeterPipelineTrainer.")
PipelineTrainer = _trainer_class("PipelineTrainer", True, "Implement of PipelineTrainer.")
