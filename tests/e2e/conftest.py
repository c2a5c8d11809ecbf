"""The browser tests' `server`: the shared `streamlit run` of this test process (tests/e2e/harness.py,
live follow off). A test that needs a server configured otherwise starts its own `Server`."""

import pytest


@pytest.fixture
def server(app_server):
    return app_server
