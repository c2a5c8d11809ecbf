"""The UI fixtures (fresh data directory, AppTest of the app) for the polish tests."""

from tests.ui.conftest import app, data_dir  # noqa: F401
