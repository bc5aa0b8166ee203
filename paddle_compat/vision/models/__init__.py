__all__ = []  # LeNet (lenet.py) is wired in once nn.Layer lands
