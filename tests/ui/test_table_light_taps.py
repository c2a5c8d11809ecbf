"""Issue 23: a Table run sends fewer elements. "Do this on the table" says each player's lines in one Markdown
block with one tick per player below it; a phone draws closed parts (the step's rule card, a chooser's whole
list) only once they are opened; and a tap carries the revision its screen showed, so keys stay versioned."""

from __future__ import annotations

from companion.ui import folds

from .apphelpers import click, draw_setup, start, step, table

NAMES = ["Lisa", "Ben", "Mia"]


def _on_table(app):
    """The "Do this on the table" box of the last run."""
    found = []

    def walk(node):
        if getattr(node, "key", None) == "on_table":
            found.append(node)
        for child in (getattr(node, "children", None) or {}).values():
            walk(child)

    walk(app.main)
    assert found, "no table moves on screen"
    return found[0]


def _kinds(node, kind: str) -> list:
    out = []
    for child in (getattr(node, "children", None) or {}).values():
        if type(child).__name__ == kind:
            out.append(child)
        out += _kinds(child, kind)
    return out


def test_each_players_lines_come_in_one_block_with_one_tick_per_player(app):
    start(app, "gugong", players=3, names=NAMES)
    draw_setup(app)  # the start hands: each player's "goes into your start hand" lines
    box = _on_table(app)
    blocks = [m.value for m in box.children.values() if type(m).__name__ == "Markdown"]  # not a rule card's
    listed = next(text for text in blocks if text.startswith("**Do this on the table**"))
    for name in NAMES:  # every player's lines under their name, all in the one block
        assert f"**{name}**\n\n- " in listed, listed
    ticks = {b.label: b.key for b in _kinds(box, "Button") if b.key and b.key.startswith("do_seat_")}
    assert {f"{name}: done" for name in NAMES} <= set(ticks), ticks
    assert len(blocks) <= 2, blocks  # the list, and a walked list at most (no Markdown per player any more)
    click(app, ticks[f"{NAMES[1]}: done"])
    listed = next(m.value for m in _kinds(_on_table(app), "Markdown") if m.value.startswith("**Do this"))
    assert f"**{NAMES[1]}**" not in listed and f"**{NAMES[0]}**" in listed


def test_a_phone_draws_the_rule_card_only_once_opened(app, monkeypatch):
    monkeypatch.setattr(folds, "is_phone", lambda: True)
    start(app, "gugong", players=3, names=NAMES)
    draw_setup(app)
    while table(app).session.decision.kind != "gugong.turn":
        step(app)
    kind = table(app).session.decision.kind
    rule = next(e for e in app.expander if getattr(e, "key", None) == f"rule_card_{kind}")
    assert not _kinds(rule, "Markdown"), "a closed fold on a phone sends nothing inside it"
    app.session_state[f"rule_card_{kind}"] = True  # the player opens it (its tap reruns the screen)
    app.run()
    rule = next(e for e in app.expander if getattr(e, "key", None) == f"rule_card_{kind}")
    assert _kinds(rule, "Markdown"), "an opened fold shows the card"


def test_a_laptop_draws_the_rule_card_as_before(app):
    start(app, "gugong", players=3, names=NAMES)
    draw_setup(app)
    for _ in range(20):
        rules = [e for e in app.expander if (getattr(e, "key", None) or "").startswith("rule_card_")]
        if rules:
            break
        step(app)
    assert rules and _kinds(rules[0], "Markdown"), "a laptop draws the card in its (closed) expander, as before"


def test_a_tap_of_an_older_screen_finds_no_button(app):
    """The step's buttons are keyed by its version: a tap made on the screen before a step names a button the
    next run does not draw, so it calls nothing (a position key would call the newest run's callback)."""
    start(app, "gugong", players=3, names=NAMES)
    draw_setup(app)
    tab = table(app)
    old = tab.version
    before = {b.key for b in app.button if b.key and (b.key.endswith(f"_{old}") or f"_{old}_" in b.key)}
    assert f"undo_{old}" in before and len(before) > 2, before
    step(app)
    assert tab.version != old
    assert not before & {b.key for b in app.button}
