"""Codes of the statistics in words (game names, option tags, categories, difficulty), for the screen,
the CSV files and the BG Stats comments alike. Missing catalog texts fall back to readable codes."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from ..core.errors import SetupError
from ..core.registry import manifest
from ..i18n import labels, t

DATE_INPUT = {"en": "YYYY-MM-DD", "de": "DD.MM.YYYY", "nl": "DD-MM-YYYY"}  # how each language writes a date


def game_name(game: str, lang: str) -> str:
    return labels.kind_label(f"ui.game.{game}", lang)


def box_name(game: str, lang: str) -> str:
    """The name of the box played (a solo Gùgōng is a play of Gùgōng, for BG Stats and BGG)."""
    try:
        return game_name(manifest(game).box, lang)
    except SetupError:
        return game_name(game, lang)


def tag_text(game: str, tag: str, lang: str) -> str:
    """An option tag in words: "great_wall" -> "The Great Wall", "super_event=random" -> "random super event"."""
    key, _, value = tag.partition("=")
    try:
        option = next((o for o in manifest(game).options if o.key == key), None)
    except SetupError:
        option = None
    if option is None:
        return labels.humanize(tag)
    if not value:
        return labels.kind_label(option.label, lang)
    found = labels.lookup([f"{option.choice_label}{value}"], lang, {}) if option.choice_label else None
    return f"{labels.kind_label(option.label, lang)}: {found or value}"


def tags_text(game: str, tags: list[str], lang: str) -> str:
    return ", ".join(tag_text(game, tag, lang) for tag in tags)


def difficulty_text(difficulty: str, lang: str) -> str:
    return labels.lookup([f"ui.meng.difficulty.{difficulty}"], lang, {}) or difficulty if difficulty else ""


def category(sheet_game: str, code: str, lang: str) -> str:
    return labels.row_label(sheet_game, code, lang)


def comments(game: str, tags: list[str], difficulty: str, lang: str) -> str:
    """What a BG Stats play carries beside the scores: the solo difficulty and the options played."""
    parts = []
    if difficulty:
        parts.append(t("stats.comment_difficulty", lang, value=difficulty_text(difficulty, lang)))
    if tags:
        parts.append(t("stats.comment_options", lang, value=tags_text(game, tags, lang)))
    return " · ".join(parts)


def half_up(value: float, digits: int = 1) -> str:
    """`value` with `digits` decimals, halves rounded up as people do by hand (38.25 -> "38.3", never the
    banker's "38.2"), read from the float's shortest decimal text (so 2.675 is 2.68, as written)."""
    exact = Decimal(repr(float(value)))
    return str(exact.quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP))
