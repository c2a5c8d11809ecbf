from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader


def read(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def text_of(data: bytes) -> str:
    return "\n".join(page.extract_text() or "" for page in read(data).pages)


def squash(text: str) -> str:
    """Whitespace-free text: line breaks from wrapping never decide whether a term is 'there'."""
    return re.sub(r"\s+", "", text.replace("**", ""))


@pytest.fixture(scope="session")
def toy_game():
    from companion.core.registry import register
    from tests.core.toy_game import GAME, MANIFEST

    register(MANIFEST)
    return GAME
