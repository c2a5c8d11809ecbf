"""A snippet run in a fresh Python process (nothing of the app imported yet) that prints one `RESULT <json>` line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def result_of(child: str, env: dict[str, str]) -> tuple[dict[str, Any], str]:
    """Run `child` with `env` from the repository's root: its RESULT line read as JSON, and what it logged."""
    done = subprocess.run([sys.executable, "-c", child], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)
    line = next((x for x in done.stdout.splitlines() if x.startswith("RESULT ")), None)
    assert line is not None, done.stderr[-3000:]
    return json.loads(line.split(" ", 1)[1]), done.stderr
