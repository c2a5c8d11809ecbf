"""Printables offer the paper the reader most likely has: US Letter where it is usual, A4 elsewhere."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from companion.ui import context


@pytest.mark.parametrize(("locale", "paper"), [
    ("en-US", "letter"), ("en-CA", "letter"), ("es_MX", "letter"),
    ("en-GB", "a4"), ("en", "a4"), ("nl-NL", "a4"), ("de-DE", "a4"), (None, "a4"),
])
def test_the_browsers_country_chooses_the_paper(monkeypatch, locale, paper):
    monkeypatch.setattr(context, "st", SimpleNamespace(context=SimpleNamespace(locale=locale)))
    assert context.browser_paper() == paper
