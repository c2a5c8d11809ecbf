"""Never present a placeholder as fact (shared/components/README.md, point 5): the Gùgōng board view.

A game set up with the default box profile shows "?" after every value read from an unverified
fact (gift-card values, jade houses) and the legend line; a game set up after the owner's box
check shows the owner's values, unmarked, and no legend.
"""

from __future__ import annotations

import re

from streamlit.testing.v1 import AppTest

from companion.core.profile import load_default
from companion.i18n import t
from companion.storage import open_store
from tests.ui.apphelpers import draw_setup, start, table, texts

NAMES = ["Lisa", "Ben"]
OWNER_HOUSES = [{"cost": 3, "jade": 2}, {"cost": 4, "jade": 2}, {"cost": 6, "jade": 2}]


def _to_first_turn(at: AppTest) -> None:
    """Let the app draw the setup (start player, board cards, decrees, dice, tiles); the table enters its start
    hands (hidden: the app may not draw them)."""
    draw_setup(at)


def _board_text(at: AppTest) -> str:
    cells = []
    for frame in at.table:
        df = frame.value
        cells += [str(v) for v in df.to_numpy().ravel()]
    return " ".join(cells)


def test_default_profile_marks_card_values_and_jade_houses_with_the_legend(app):
    start(app, "gugong", players=2, names=NAMES)
    _to_first_turn(app)
    board = _board_text(app)
    assert "?" not in board  # no mark glued to the numbers (issue 11): one notice names the facts instead
    shown = texts(app)
    assert "nobody has checked yet" in shown and "gift cards" in shown and "jade houses" in shown
    notice = next(line for line in shown.splitlines() if "nobody has checked yet" in line)
    assert re.search(r": [^:]+, [^:]+ and [^:,]+\. ", notice), notice  # "a, b and c." inside the sentence
    assert "house 1 (cost 2): 2" in shown


def test_owner_overrides_show_the_owners_values_unmarked(app, data_dir):
    default = load_default("gugong")
    verified = {key: default.value(key) for key in ("gift_cards", "dice_faces", "map_cities", "map_roads")}
    open_store().set_box_overrides("gugong", {**verified, "jade_houses": OWNER_HOUSES})
    start(app, "gugong", players=2, names=NAMES)
    assert table(app).session.setup["profile"]["overrides"]["jade_houses"] == OWNER_HOUSES
    _to_first_turn(app)
    board = _board_text(app)
    assert "?" not in board
    shown = texts(app)
    assert "house 1 (cost 3)" in shown and "house 3 (cost 6)" in shown  # the owner's prices, not the default's
    assert "(cost 2?)" not in shown
    assert "Gift cards" not in shown and "Jade houses" not in shown  # the owner checked them: not named


def test_board_view_in_german_uses_the_rulebook_terms(app):
    app.session_state["lang"] = "de"
    start(app, "gugong", players=2, names=NAMES)
    _to_first_turn(app)
    officials = list(app.table[1].value.index)
    assert "Palast der himmlischen Reinheit" in officials and "Kaiserkanal" in officials
    shown = texts(app)
    assert "noch ungeprüften Angaben" in shown and "Geschenkkarten" in shown


def _meng_deck(at: AppTest) -> list[str]:
    at.switch_page("companion/ui/pages/meng.py").run()
    assert not at.exception, at.exception
    return [str(v) for v in at.table[0].value.iloc[:, 0]]


def test_meng_deck_counts_are_marked_until_the_automa_cards_are_checked(app, data_dir):
    from companion.ui import context

    context.register_extra_games()
    start(app, "gugong-solo", names=["Anna"])
    deck = _meng_deck(app)
    assert deck and not any(v.endswith("?") for v in deck)  # no marks on screen (issue 11)

    owner = load_default("gugong")
    checked = ("meng.automa_cards", "gift_cards", "jade_houses", "dice_faces", "map_cities", "map_roads")
    overrides = {k: owner.value(k) for k in checked}
    open_store().set_box_overrides("gugong", overrides)
    fresh = AppTest.from_file(app._script_path, default_timeout=30)
    fresh.session_state["lang"] = "en"
    start(fresh, "gugong-solo", names=["Anna"])
    deck = _meng_deck(fresh)
    assert deck and not any(v.endswith("?") for v in deck)
    assert t("gugong.placeholder.legend", "en", mark="?") not in texts(fresh)
