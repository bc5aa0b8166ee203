"""The legacy launcher's cluster on PaddleCloud, read from the job's environment (PADDLE_TRAINERS, POD_IP,
PADDLE_TRAINER_ID, TRAINER_PORTS_NUM, DISTRIBUTED_TRAINER_ENDPOINTS, PADDLE_PORT)."""

import os

from ..cloud_utils import _cloud_job
from .launch_utils import get_cluster, logger

__all__ = []


def get_cloud_cluster(args_node_ips, device_mode, devices_per_proc, args_port=6170):
    """``(cluster, this node's pod)``: node ips and rank from the environment; endpoints from
    DISTRIBUTED_TRAINER_ENDPOINTS, else consecutive ports from ``args_port`` (PADDLE_PORT on several nodes)."""
    node_ips, node_ip, node_rank, ports_num = _cloud_job()
    if args_node_ips != "127.0.0.1" and args_node_ips != ",".join(node_ips):
        logger.warning(f"Please NOTE: When using paddlecloud, cluster_node_ips is automatically got from "
                       f"PADDLE_TRAINERS(multi nodes) or POD_IP(single node).Your input cluster_node_ips: "
                       f"{args_node_ips} doesn't equals to IPs: {node_ips} from paddlecloud environment.")
    listed = os.getenv("DISTRIBUTED_TRAINER_ENDPOINTS")
    if listed is None:
        start_port = args_port
        if len(node_ips) > 1:
            try:
                cloud_port = int(os.getenv("PADDLE_PORT", ""))
                if ports_num >= len(devices_per_proc) and cloud_port != args_port:
                    logger.warning(f"Use Cloud specified port:{cloud_port}.")
                    start_port = cloud_port
            except ValueError as error:  # Paddle prints a missing/invalid PADDLE_PORT and keeps args_port
                print(error)
        if start_port is None:
            start_port = 6170
        ports = range(start_port, start_port + len(devices_per_proc))
        trainer_endpoints = [["%s:%d" % (ip, port) for port in ports] for ip in node_ips]
    else:
        flat = listed.split(",")
        assert len(node_ips) * ports_num == len(flat)
        trainer_endpoints = [flat[i * ports_num:(i + 1) * ports_num] for i in range(len(node_ips))]
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
