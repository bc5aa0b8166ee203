"""``paddle.metric``."""

from .metrics import Accuracy, Auc, Metric, Precision, Recall, accuracy

__all__ = ['Metric', 'Accuracy', 'Precision', 'Recall', 'Auc', 'accuracy']
