"""One typed rule reference: which book, chapter, section and page a step, a refusal or a printable cites.

Steps, decisions and errors keep their reference as the plain string they always had (saves and error
payloads stay as they were): "gugong-de: Tagesphase, 2. Aktionen ausführen (S. 5)", "Jahr des Drachen,
Erweiterung II: Die Super-Ereignisse", "yinzi-de: 5D V Besteuerung"; several references are "; "-separated.
`parse` is the one conversion point from that string to `Rule`; the i18n layer renders a `Rule` in the
reader's language (companion.i18n.labels.rule_reference), so every reference can be checked in one place.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_PAGE = re.compile(r"\s*\((?:S\.|p\.)\s*(?P<page>[\d\-–]+)\)$")
# a book id may name an expansion of its book: "Jahr des Drachen, Erweiterung I"
_EXPANSION = re.compile(r"^(?P<book>.+?), (?P<chapter>Erweiterung [IV]+)$")


@dataclass(frozen=True)
class Rule:
    """A passage of a rulebook.

    book: the rulebook's id (data/rulebooks.json in i18n names it in each language), e.g. "gugong-de";
    chapter: the part of the book the passage is in when the book has parts ("Erweiterung II"), else "";
    section: the passage's heading path as the book prints it ("Tagesphase, 2. Aktionen ausführen");
    page: the printed page ("5", "2-3"), "" when the reference does not give it.
    """

    book: str
    chapter: str = ""
    section: str = ""
    page: str = ""

    @property
    def text(self) -> str:
        """The plain string form (what steps and errors store)."""
        if not self.book:  # free text naming no book (a toy game's "pig §1")
            return self.section
        book = f"{self.book}, {self.chapter}" if self.chapter else self.book
        page = f" (S. {self.page})" if self.page else ""
        return f"{book}: {self.section}{page}" if self.section else book


def parse_one(text: str) -> Rule | None:
    """One reference string as a `Rule`; None when it names no book ("" or free text)."""
    book, sep, section = text.strip().partition(": ")
    if not sep or not book or not section:
        return None
    chapter = ""
    expansion = _EXPANSION.match(book)
    if expansion is not None:
        book, chapter = expansion["book"], expansion["chapter"]
    page = ""
    found = _PAGE.search(section)
    if found is not None:
        page, section = found["page"], section[: found.start()]
    return Rule(book, chapter, section.strip(), page)


def parse(text: str) -> tuple[Rule, ...]:
    """Every reference in a "; "-separated string, in order, each once. A part without a book of its own
    ("yinzi-de: 5B Pflanzen anbauen; Fabriken ausbauen") is a further section of the book before it."""
    rules: list[Rule] = []
    for part in (text or "").split("; "):
        rule = parse_one(part)
        if rule is None and rules and part.strip():
            rule = parse_one(f"{rules[-1].text.partition(': ')[0]}: {part}")
        if rule is not None and rule not in rules:
            rules.append(rule)
    return tuple(rules)


def text_of(rules: tuple[Rule, ...]) -> str:
    """The plain string of references (what a decision carries): "; "-separated, a further section of the book
    before it without its book again (the inverse of `parse`)."""
    parts: list[str] = []
    book = None
    for rule in rules:
        head, _, tail = rule.text.partition(": ")
        parts.append(tail if head == book and tail else rule.text)
        book = head
    return "; ".join(parts)


def reference(text: str) -> tuple[Rule, ...]:
    """A step's rule string as typed references, parsed once when the step is registered. A string that would not
    come back the same (free text) is kept whole as one reference naming no book, so its text never changes;
    the product's steps all name their book (tests/architecture/test_one_mechanism.py)."""
    rules = parse(text)
    if text_of(rules) != (text or ""):
        return (Rule("", "", text),)
    return rules
