from tests.ui.conftest import *  # noqa: F403  (the app on a test data directory)
