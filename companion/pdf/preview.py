"""A PNG preview of a PDF page for the app, via pdftoppm (poppler-utils) when it is installed."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path


def available() -> bool:
    return shutil.which("pdftoppm") is not None


def page_png(pdf: bytes, page: int = 1, dpi: int = 60) -> bytes | None:
    """The page as PNG bytes, or None when pdftoppm is missing or fails."""
    exe = shutil.which("pdftoppm")
    if exe is None:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "in.pdf"
        src.write_bytes(pdf)
        try:
            subprocess.run([exe, "-r", str(dpi), "-png", "-f", str(page), "-l", str(page), "-singlefile", str(src),
                            str(Path(tmp) / "out")], check=True, capture_output=True, timeout=30)
        except (subprocess.SubprocessError, OSError):
            return None
        out = Path(tmp) / "out.png"
        return out.read_bytes() if out.exists() else None
