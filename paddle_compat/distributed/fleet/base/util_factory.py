"""``UtilBase`` (``fleet.util``): small helpers over the role maker (file sharding, printing on one rank,
collectives on numpy values)."""

__all__ = []


class UtilBase:
    def __init__(self):
        self.role_maker = None
        self.dist_strategy = None

    def _set_strategy(self, dist_strategy):
        self.dist_strategy = dist_strategy

    def _set_role_maker(self, role_maker):
        self.role_maker = role_maker

    def _set_file_system(self, fs_client):
        raise NotImplementedError("UtilBase._set_file_system (fleet file systems) is not implemented in "
                                  "paddle-compat")

    def all_reduce(self, input, mode="sum", comm_world="worker"):
        return self.role_maker._all_reduce(input, mode, comm_world)

    def barrier(self, comm_world="worker"):
        self.role_maker._barrier(comm_world)

    def all_gather(self, input, comm_world="worker"):
        return self.role_maker._all_gather(input, comm_world)

    def get_file_shard(self, files):
        """This worker's contiguous share of ``files``; the first ``len(files) % workers`` get one more."""
        if not isinstance(files, list):
            raise TypeError("files should be a list of file need to be read.")
        trainer_id = self.role_maker._worker_index()
        trainers = self.role_maker._worker_num()
        blocks = [len(files) // trainers + (1 if i < len(files) % trainers else 0) for i in range(trainers)]
        begin = sum(blocks[:trainer_id])
        return files[begin:begin + blocks[trainer_id]]

    def print_on_rank(self, message, rank_id):
        if self.role_maker._worker_index() != rank_id:
            return
        print(message)
