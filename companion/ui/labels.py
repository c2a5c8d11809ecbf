"""Moved to companion.i18n.labels (one place for engine codes to words, shared with the printables).

This alias only keeps code written in parallel before the move importable; new code imports
companion.i18n.labels. Delete it once nothing imports companion.ui.labels.
"""

import sys

from companion.i18n import labels as _labels

sys.modules[__name__] = _labels
