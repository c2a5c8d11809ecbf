"""In the Year of the Dragon, phone-first: every common choice is a tap on a button, none a list.

- The action (1. Phase Aktion): the card groups as they lie on the table, each with its dragons and what
  joining costs, one button per action card with what it would give; top-up below. One tap.
- The opening pair (Vor dem eigentlichen Spiel): tap the first person, then the second. Two taps.
- The person card, the person tile (each with how many are left), and the palace choices (placing,
  releasing, drought) grouped by palace. One tap each.
Other questions (privilege, floors, the wall, chance steps) stay with the generic panel.
The chooser holds no rules: the buttons are the decision's own options; the view supplies the words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from companion.i18n import t
from companion.i18n.words.dragon import card_word, palace_text, tile_word

from .ask import Ask
from .grouped import Group, by, number_of, numbers, option_button, render, whole_list

MAX_BUTTONS = 8  # as the generic panel: more options than this would have been a list there


def _who(ask: Ask, seats: list[int]) -> str:
    return ", ".join(ask.names[p] if 0 <= p < len(ask.names) else str(p + 1) for p in seats)


# -- the action ---------------------------------------------------------------------------------------
def card_label(card: str, ask: Ask) -> str:
    """"Taxes · +4 yuan": the card and what it would bring the acting player now (from the view)."""
    view, lang = ask.view, ask.lang
    gain = view.get("action_gains", {}).get(card)
    if gain is not None:
        return f"{card_word(card, lang)} · {t(f'choosers_dy.dragon.gain.{card}', lang, n=gain)}"
    if card == "privilege":
        cost = t("choosers_dy.dragon.privilege_cost", lang, small=view["small_privilege_cost"],
                 large=view["large_privilege_cost"])
        return f"{card_word(card, lang)} · {cost}"
    return card_word(card, lang)


def action_groups(ask: Ask) -> list[Group]:
    """The groups of the view, each option a button under its group, the rest of the group shown disabled."""
    chosen = by(ask, lambda o: o.get("group"))
    out = []
    for group in ask.view["groups"]:
        n = group["group"]
        note = (t("choosers_dy.dragon.taken", ask.lang, players=_who(ask, group["dragons"]), yuan=group["cost"])
                if group["dragons"] else t("choosers_dy.dragon.free", ask.lang))
        items = [(i, card_label(ask.decision.options[i]["card"], ask)) for i in chosen.get(n, [])]
        offered = {ask.decision.options[i]["card"] for i in chosen.get(n, [])}
        off = [card_label(c, ask) for c in group["cards"] if c not in offered]
        out.append(Group(t("choosers_dy.dragon.group", ask.lang, n=n), items, off, note))
    return out


def choose_action(ask: Ask) -> bool:
    render(ask, action_groups(ask), "group")
    for i in by(ask, lambda o: o.get("group")).get(None, []):  # top up instead of an action
        option_button(ask, st, i, ask.labels[i])
    return True


# -- the opening pair ---------------------------------------------------------------------------------
def _first_key(ask: Ask) -> str:
    return f"dy_first_{ask.table.game_id}_{ask.version}"


def _pick_first(key: str, kind: str | None) -> None:
    st.session_state[key] = kind


def choose_opening(ask: Ask) -> bool:
    """Two taps: the first person (any that still pairs), then the second (sends the pair)."""
    lang, key = ask.lang, _first_key(ask)
    pairs = [tuple(o["persons"]) for o in ask.decision.options]
    kinds = [k for k in ask.view["person_types"] if any(k in pair for pair in pairs)]
    first = st.session_state.get(key)
    if first not in kinds:
        st.caption(t("choosers_dy.dragon.opening_first", lang))
        row = st.container(horizontal=True, gap="xsmall")
        for kind in kinds:
            row.button(card_word(kind, lang), key=f"dy_open_{ask.version}_{kind}", on_click=_pick_first,
                       args=(key, kind), width="stretch")
    else:
        st.caption(t("choosers_dy.dragon.opening_second", lang, first=card_word(first, lang)))
        row = st.container(horizontal=True, gap="xsmall")
        for i, pair in enumerate(pairs):
            if first in pair:
                other = pair[1] if pair[0] == first else pair[0]
                option_button(ask, row, i, card_word(other, lang))
        st.button(t("choosers_dy.dragon.opening_back", lang), key=f"dy_open_back_{ask.version}",
                  on_click=_pick_first, args=(key, None), icon=":material/arrow_back:")
    whole_list(ask)
    return True


# -- persons ------------------------------------------------------------------------------------------
def _acting(ask: Ask) -> dict[str, Any]:
    return ask.view["players"][ask.decision.player]


def choose_card(ask: Ask) -> bool:
    """The person cards in hand, one button each ("×2" when two of a kind are in hand)."""
    counts = _acting(ask).get("cards_left", {})
    items = [(i, card_word(o["card"], ask.lang) + (f" ×{counts[o['card']]}" if counts.get(o["card"], 1) > 1 else ""))
             for i, o in enumerate(ask.decision.options)]
    render(ask, [Group(t("choosers_dy.dragon.hand", ask.lang), items)], "card")
    return True


def choose_tile(ask: Ask) -> bool:
    """The person tiles, one row per person type: younger and older, with how many are left on the board."""
    left = ask.view.get("person_tiles_left", {})
    groups = [Group(card_word(kind, ask.lang), [(i, t("choosers_dy.dragon.left", ask.lang,
                                                         tile=tile_word(ask.decision.options[i]["tile"], ask.lang),
                                                         n=left.get(ask.decision.options[i]["tile"], 0)))
                                                 for i in idx])
              for kind, idx in by(ask, lambda o: o["tile"].partition(":")[0]).items()]
    render(ask, groups, "tile")
    return True


def choose_in_palace(ask: Ask) -> bool:
    """Options per palace (the palace with its persons as the heading); options of no palace at the end."""
    palaces = _acting(ask)["palaces"]
    groups = []
    for palace, idx in by(ask, lambda o: o.get("palace")).items():
        if palace is None or not 0 <= palace < len(palaces):
            groups.append(Group(t("choosers_dy.other", ask.lang), [(i, ask.labels[i]) for i in idx]))
            continue
        items = [(i, _in_palace_label(ask.decision.options[i], ask.lang)) for i in idx]
        title = palace_text(palaces[palace], palace + 1, ask.lang)
        groups.append(Group(title[:1].upper() + title[1:], items))
    render(ask, groups, "palace")
    return True


def _in_palace_label(option: dict[str, Any], lang: str) -> str:
    if option["type"] == "place":
        return t("choosers_dy.dragon.here", lang)
    if option["type"] == "replace":
        return t("choosers_dy.dragon.replace", lang, tile=tile_word(option["tile"], lang))
    return tile_word(option["tile"], lang)


CHOICES: dict[str, Callable[[Ask], bool]] = {
    "dragon.action": choose_action,
    "dragon.opening": choose_opening,
    "dragon.card": choose_card,
    "dragon.tile": choose_tile,
    "dragon.place": choose_in_palace,
    "dragon.release": choose_in_palace,
    "dragon.drought": choose_in_palace,
    "dragon.tornado": choose_card,
}


def choose(ask: Ask) -> bool:
    """The Dragon's chooser: its own layout for the common questions, else the generic panel."""
    chooser = CHOICES.get(ask.decision.kind) or (numbers if number_of(ask) else None)
    if ask.decision.is_chance or chooser is None or "groups" not in ask.view:
        return False
    if not chooser(ask):
        return False
    if chooser is not choose_opening and len(ask.decision.options) > MAX_BUTTONS:
        whole_list(ask)  # the generic panel's list, collapsed, for the rare choice the buttons make long
    return True
