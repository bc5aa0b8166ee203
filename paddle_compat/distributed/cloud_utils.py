"""The legacy launcher's cluster description on PaddleCloud, read from the job's environment (PADDLE_TRAINERS,
POD_IP, PADDLE_TRAINER_ID, TRAINER_PORTS_NUM, DISTRIBUTED_TRAINER_ENDPOINTS, PADDLE_PORT)."""

import os

from .utils.launch_utils import get_cluster, get_cluster_from_args, get_gpus, logger


def _cloud_job():
    """(node ips, this node's ip, its rank, ports per node) from the PaddleCloud job's environment, with
    Paddle's assertions for the missing ones (shared with the legacy launcher's fleet.cloud_utils)."""
    node_ips = os.getenv("PADDLE_TRAINERS")
    assert node_ips is not None, "PADDLE_TRAINERS should not be None"
    node_ip = os.getenv("POD_IP")
    assert node_ip is not None, "POD_IP should not be None"
    node_rank = os.getenv("PADDLE_TRAINER_ID")
    assert node_rank is not None, "PADDLE_TRAINER_ID should not be None"
    return node_ips.split(","), node_ip, int(node_rank), int(os.getenv("TRAINER_PORTS_NUM"))


def _warn_if_ips_differ(args_node_ips, node_ips):
    if args_node_ips != "127.0.0.1" and args_node_ips != ",".join(node_ips):
        logger.warning(f"Please NOTE: When using paddlecloud, cluster_node_ips is automatically got from "
                       f"PADDLE_TRAINERS(multi nodes) or POD_IP(single node).Your input cluster_node_ips: "
                       f"{args_node_ips} doesn't equals to IPs: {node_ips} from paddlecloud environment.")


def _cloud_trainer_endpoints(node_ips, ports_num, args_port, devices_count):
    """Each node's trainer endpoints: DISTRIBUTED_TRAINER_ENDPOINTS split by node, else ``devices_count`` consecutive
    ports from ``args_port`` (from PADDLE_PORT instead on several nodes when each has enough ports; 6170 when
    neither is given). Shared with fleet.cloud_utils."""
    listed = os.getenv("DISTRIBUTED_TRAINER_ENDPOINTS")
    if listed is not None:
        flat = listed.split(",")
        assert len(node_ips) * ports_num == len(flat)
        return [flat[i * ports_num:(i + 1) * ports_num] for i in range(len(node_ips))]
    start_port = args_port
    if len(node_ips) > 1:
        try:
            cloud_port = int(os.getenv("PADDLE_PORT", ""))
            if ports_num >= devices_count and cloud_port != args_port:
                logger.warning(f"Use Cloud specified port:{cloud_port}.")
                start_port = cloud_port
        except ValueError as error:  # Paddle prints a missing/invalid PADDLE_PORT and keeps the argument's port
            print(error)
    if start_port is None:
        start_port = 6170
    ports = range(start_port, start_port + devices_count)
    return [["%s:%d" % (ip, port) for port in ports] for ip in node_ips]


def get_cloud_cluster(args_node_ips, args_node_ip, args_port, selected_devices):
    """``(cluster, this node's pod)`` from the PaddleCloud environment; the arguments are only compared with it
    (a warning when they differ) and give the first port when the environment has no endpoints."""
    node_ips, node_ip, node_rank, ports_num = _cloud_job()
    if node_ip != "127.0.0.1" and node_ip != args_node_ip:
        logger.warning(f"Please NOTE: When using paddlecloud, node_ip is automatically got from POD_IP. Your input "
                       f"node_ip: {args_node_ip} doesn't equals to node_ip: {node_ip} from paddlecloud environment.")
    _warn_if_ips_differ(args_node_ips, node_ips)
    trainer_endpoints = _cloud_trainer_endpoints(node_ips, ports_num, args_port, len(selected_devices))
    logger.debug(f"parsed from args: node_ips:{node_ips} node_ip:{node_ip} node_rank:{node_rank} "
                 f"trainer_endpoints:{trainer_endpoints}")
    cluster, _pod = get_cluster(node_ips, node_ip, trainer_endpoints, selected_devices)
    return cluster, cluster.pods[node_rank]


def _get_trainers_num():
    return int(os.getenv("PADDLE_TRAINERS_NUM", "1"))


def get_cluster_and_pod(args):
    """The cluster from the PaddleCloud environment (``args.use_paddlecloud`` with several trainers) or from the
    launcher's arguments."""
    selected_devices = get_gpus(args.selected_devices)
    trainers_num = _get_trainers_num()
    logger.debug(f"parsed from args trainerss_num:{trainers_num} selected_devices:{selected_devices}")
    if args.use_paddlecloud and trainers_num != 1:
        cluster, pod = get_cloud_cluster(args.cluster_node_ips, args.node_ip, args.started_port, selected_devices)
        logger.info(f"get cluster from cloud:{cluster}")
    else:
        cluster, pod = get_cluster_from_args(args, selected_devices)
        logger.info(f"get cluster from args:{cluster}")
    return cluster, pod
