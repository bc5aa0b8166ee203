from paddle_compat.distributed.launch.main import launch

if __name__ == "__main__":
    launch()
