__version__ = "0.1.0"
# The Paddle release whose Python API this package reproduces.
PADDLE_VERSION = "2.6.2"
