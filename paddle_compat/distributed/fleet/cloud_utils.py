"""The legacy launcher's cluster on PaddleCloud, read from the job's environment (PADDLE_TRAINERS, POD_IP,
PADDLE_TRAINER_ID, TRAINER_PORTS_NUM, DISTRIBUTED_TRAINER_ENDPOINTS, PADDLE_PORT)."""

import os

from ..cloud_utils import _cloud_job, _cloud_trainer_endpoints, _warn_if_ips_differ
from .launch_utils import get_cluster, logger

__all__ = []


def get_cloud_cluster(args_node_ips, device_mode, devices_per_proc, args_port=6170):
    """``(cluster, this node's pod)``: node ips and rank from the environment; endpoints from
    DISTRIBUTED_TRAINER_ENDPOINTS, else consecutive ports from ``args_port`` (PADDLE_PORT on several nodes)."""
    node_ips, node_ip, node_rank, ports_num = _cloud_job()
    _warn_if_ips_differ(args_node_ips, node_ips)
    trainer_endpoints = _cloud_trainer_endpoints(node_ips, ports_num, args_port, len(devices_per_proc))
    logger.debug(f"parsed from args: node_ips:{node_ips} node_ip:{node_ip} node_rank:{node_rank} "
                 f"trainer_endpoints:{trainer_endpoints}")
    cluster, _ = get_cluster(node_ips, node_ip, trainer_endpoints, device_mode, devices_per_proc)
    return cluster, cluster.pods[node_rank]


def use_paddlecloud():
    """True when all of PADDLE_TRAINERS, POD_IP, PADDLE_TRAINER_ID and TRAINER_PORTS_NUM are set."""
    return all(os.getenv(name) is not None
               for name in ("PADDLE_TRAINERS", "POD_IP", "PADDLE_TRAINER_ID", "TRAINER_PORTS_NUM"))


def get_trainers_num():
    return int(os.getenv("PADDLE_TRAINERS_NUM", "1"))
