"""Yinzi, phone-first: long option lists become buttons grouped as the board groups them.

- Planting (5B Pflanzen anbauen): how many fields at once (number buttons, all the card has left by
  default), then the crop: one button per printed crop and empty crop tile, under its province. The
  engine (rules edition 3) offers "plant n fields of this crop" as one option, so "3" then "Rice" is one
  step, one log entry and one undo; a crop with fewer fields possible (cubes) plants as many as it can.
  A game of edition 2 asks field by field: there the same option is sent again while the engine still
  offers it (companion.ui.choosers.grouped.send_again). Buying a crop tile: one button per province
  under the tile on the crop track. Done ends the action.
- The turn (5B): the fate actions under each card in hand (with or without the taxation disc), the
  worker actions under each worker group, anything else (local market, progress discs) apart.
- The bonus (5A), starting factories, progress, building and upgrading factories: grouped by bonus,
  factory tile, progress area, factory.
- Feeding the workers (5C): one button per place to feed from that feeds as much as is still needed from
  there (the count tried on a copy of the game); one food at a time stays possible in the list below.
- Any other question with more than eight options: one button per option, no list to open.
The chooser holds no rules: the buttons are the decision's own options; the view supplies the words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from companion.i18n import t
from companion.i18n.words.yinzi import card_text, factory_at, factory_tile, word

from .. import folds
from ..dispatch import _copy  # a throwaway copy of the game, as dispatch tries a command on one
from .ask import Ask
from .grouped import Group, by, number_of, numbers, option_button, render, send_again, whole_list

MAX_BUTTONS = 8  # as the generic panel: up to eight options are buttons there already
OTHER = "~other"


def _option(ask: Ask, i: int) -> dict[str, Any]:
    return ask.decision.options[i]


def _others(ask: Ask, idx: list[int]) -> Group:
    return Group(t("choosers_dy.other", ask.lang), [(i, ask.labels[i]) for i in idx])


# -- planting -----------------------------------------------------------------------------------------
def _count_key(ask: Ask) -> str:
    return f"dy_count_{ask.table.game_id}_{ask.version}"


def _set(key: str, value: int) -> None:
    st.session_state[key] = value


def how_many(ask: Ask) -> int:
    """Number buttons 1..left (the executions the card still has): how many times the next field is planted.
    All that are left unless the player taps a smaller number: one tap plants a whole card on one field,
    and "2", field, field splits it."""
    left = int(ask.decision.params.get("left", 1) or 1)
    key = _count_key(ask)
    n = max(1, min(int(st.session_state.get(key, left)), left))
    if left > 1:
        st.caption(t("choosers_dy.yinzi.how_many", ask.lang))
        row = st.container(horizontal=True, gap="xsmall", key="dy_how_many")
        for k in range(1, left + 1):
            row.button(str(k), key=f"dy_n_{ask.version}_{k}", on_click=_set, args=(key, k),
                       type="primary" if k == n else "secondary", width="stretch")
    return n


def _tile_crops(ask: Ask) -> dict[int, dict[str, Any]]:
    return {tile["index"]: tile for prov in ask.view["provinces"] for tile in prov["crop_tiles"]}


def _counted(ask: Ask, n: int) -> dict[int, int]:
    """Per printed crop and province, the option planting the most of its fields up to `n` (index -> fields);
    a game asking field by field (edition 2): every field option, each sent `n` times."""
    best: dict[tuple[str, str], tuple[int, int]] = {}
    for i, o in enumerate(ask.decision.options):
        if o["type"] != "plant":
            continue
        k = int(o.get("fields", n))
        key = (o["province"], o["good"])
        if k <= n and (key not in best or k > best[key][1]):
            best[key] = (i, k)
    return dict(best.values())


def _field_groups(ask: Ask, n: int) -> list[Group]:
    """One group per province: its printed fields (×k when k fields are planted at once) and empty crop tiles."""
    tiles, lang, counted = _tile_crops(ask), ask.lang, _counted(ask, n)
    groups: dict[str, Group] = {}
    for i, o in enumerate(ask.decision.options):
        if o["type"] == "plant" and i in counted:
            k = counted[i]
            prov, label = o["province"], word("good", o["good"], lang) + (f" ×{k}" if k > 1 else "")
        elif o["type"] == "plant_tile" and o["tile"] in tiles:
            prov = tiles[o["tile"]]["province"]
            label = t("choosers_dy.yinzi.on_tile", lang, crop=word("good", tiles[o["tile"]]["good"], lang))
        else:
            continue
        groups.setdefault(prov, Group(word("province", prov, lang))).items.append((i, label))
    return list(groups.values())


def _buy_groups(ask: Ask) -> list[Group]:
    """Buying a crop tile: one group per tile on the crop track, a button per province."""
    track = {s["slot"] - 1: s for s in ask.view["crop_track"]}
    out = []
    for slot, idx in by(ask, lambda o: o["slot"] if o["type"] == "buy_crop" else None).items():
        if slot is None or slot not in track:
            continue
        title = t("choosers_dy.yinzi.buy", ask.lang, crop=word("good", track[slot]["crop"], ask.lang),
                  copper=track[slot]["cost"])
        out.append(Group(title, [(i, word("province", _option(ask, i)["province"], ask.lang)) for i in idx]))
    return out


def _plant(ask: Ask, i: int, n: int) -> None:
    send_again(ask, _option(ask, i), n)


def _repeat(option: dict[str, Any], n: int) -> int:
    """How often a button sends its option: n for a field of a game asking field by field, else once."""
    return n if option["type"] == "plant" and "fields" not in option else 1


def choose_plant(ask: Ask) -> bool:
    n = how_many(ask)
    for g, group in enumerate(_field_groups(ask, n)):
        with st.container(border=True, key=f"dy_field_{g}"):
            st.markdown(f"**{group.title}**")
            row = st.container(horizontal=True, gap="xsmall")
            for i, label in group.items:
                row.button(label, key=f"opt_{ask.version}_{i}", on_click=_plant,
                           args=(ask, i, _repeat(_option(ask, i), n)), width="stretch")
    buy = _buy_groups(ask)
    if buy and not int(ask.decision.params.get("left", 1) or 0):  # every planting done: buying is all that is left
        st.caption(t("a11y.yinzi.plant_only_buy", ask.lang))
        render(ask, buy, "buy")
    elif buy:  # once per action, not an execution: out of the way of the fields
        buying = t("choosers_dy.yinzi.buy_tiles", ask.lang)
        with folds.closed(buying, "yz_buy_fold", ":material/add_shopping_cart:") as shown:
            if shown:  # a phone: drawn only while open
                render(ask, buy, "buy")
    for i, o in enumerate(ask.decision.options):
        if o["type"] not in ("plant", "plant_tile", "buy_crop"):
            option_button(ask, st, i, ask.labels[i])
    return True


# -- feeding the workers (5C) ------------------------------------------------------------------------------
def feeds_in_a_row(ask: Ask, option: dict[str, Any], limit: int = 40) -> int:
    """How often the engine would take `option` in a row while the same player is still feeding: tried on a
    copy of the game (the engine says what a food is worth and when the workers are fed; the app knows no rule)."""
    work, decision = _copy(ask.table.session), ask.decision
    n = 0
    while n < limit:
        now = work.decision
        if now is None or now.kind != decision.kind or now.player != decision.player or option not in now.options:
            return n
        work.act(option)
        n += 1
    return n


def _feed_all(ask: Ask, i: int, times: int) -> None:
    send_again(ask, _option(ask, i), times)


def choose_feed(ask: Ask) -> bool:
    """One button per place to feed from, feeding as much as is still needed from there in one tap; the
    one-food-at-a-time choice stays in the list below."""
    runs = {i: feeds_in_a_row(ask, o) if o.get("type") == "feed" else 1 for i, o in enumerate(ask.decision.options)}
    if max(runs.values(), default=1) <= 1:
        return False  # one food per place anyway: the generic buttons say it
    st.caption(t("a11y.yinzi.feed_hint", ask.lang))
    for i, label in enumerate(ask.labels):
        n = runs[i]
        st.button(t("a11y.yinzi.feed_from", ask.lang, label=label, n=n) if n > 1 else label,
                  key=f"opt_{ask.version}_{i}", on_click=_feed_all, args=(ask, i, max(n, 1)), width="stretch",
                  type="primary" if i == 0 else "secondary")
    whole_list(ask)
    return True


# -- the turn -------------------------------------------------------------------------------------------
def _turn_key(ask: Ask, o: dict[str, Any]) -> tuple:
    if o["type"] == "fate":
        return ("fate", tuple(o["card"]))
    if o["type"] == "worker":
        return ("worker", o["group"])
    return (OTHER,)


def _tax_key(ask: Ask) -> str:
    return f"dy_tax_{ask.table.game_id}_{ask.version}"


def _flip(key: str) -> None:
    st.session_state[key] = not st.session_state.get(key, False)


def with_tax(ask: Ask) -> bool:
    """One toggle for the taxation disc (one more execution) instead of every fate action twice."""
    if not any(o["type"] == "fate" and o["tax"] for o in ask.decision.options):
        return False
    key = _tax_key(ask)
    on = bool(st.session_state.get(key, False))
    st.button(t("choosers_dy.yinzi.tax_toggle", ask.lang), key=f"dy_tax_{ask.version}", on_click=_flip, args=(key,),
              icon=":material/check_box:" if on else ":material/check_box_outline_blank:",
              type="primary" if on else "secondary")
    return on


def choose_turn(ask: Ask) -> bool:
    lang, groups = ask.lang, []
    tax = with_tax(ask)
    for key, idx in by(ask, lambda o: _turn_key(ask, o)).items():
        if key[0] == "fate":
            items = [(i, word("action", _option(ask, i)["action"], lang)) for i in idx if _option(ask, i)["tax"] == tax]
            groups.append(Group(t("choosers_dy.yinzi.fate_card", lang, card=card_text(list(key[1]), lang)), items))
        elif key[0] == "worker":
            items = [(i, word("action", _option(ask, i)["action"], lang)) for i in idx]
            groups.append(Group(t("choosers_dy.yinzi.workers_under", lang, group=word("action", key[1], lang)), items))
        else:
            groups.append(_others(ask, idx))
    render(ask, groups, "turn")
    return True


# -- grouped by what the options share ---------------------------------------------------------------
def _area_of(ask: Ask) -> dict[str, str]:
    return {f["field"]: area for area, fields in ask.view["progress"]["areas"].items() for f in fields}


def choose_progress(ask: Ask) -> bool:
    areas = _area_of(ask)
    groups = []
    for area, idx in by(ask, lambda o: areas.get(o.get("field"), OTHER)).items():
        if area == OTHER:
            groups.append(_others(ask, idx))
        else:
            groups.append(Group(word("area", area, ask.lang), [(i, ask.labels[i]) for i in idx]))
    render(ask, groups, "area")
    return True


def choose_bonus(ask: Ask) -> bool:
    """A group per bonus tile: the bonus alone, or with the crop tile above it (its crop and price)."""
    lang = ask.lang
    above = {b["bonus"]: b for b in ask.view.get("bonus_track", [])}
    groups = []
    for bonus, idx in by(ask, lambda o: o["bonus"]).items():
        tile = above.get(bonus, {})
        items = [(i, t("choosers_dy.yinzi.with_crop", lang, crop=word("good", tile["crop"], lang), copper=tile["cost"])
                  if _option(ask, i)["crop"] and tile.get("crop") else t("choosers_dy.yinzi.bonus_only", lang))
                 for i in idx]
        groups.append(Group(word("bonus", bonus, lang), items))
    render(ask, groups, "bonus")
    return True


def _factory_at(ask: Ask, index: int) -> str:
    f = next((f for f in ask.view["factories"] if f["index"] == index), None)
    if f is None:
        return str(index)
    return factory_at(f["ware"], f["province"], f["level"], ask.lang)


def _province_pay(o: dict[str, Any], lang: str) -> str:
    place = word("province", o["province"], lang)
    return place if o.get("pay", "stone") == "stone" else f"{place} ({word('field', o['pay'], lang)})"


def choose_factory(ask: Ask) -> bool:
    """Starting factories and 'build or upgrade factories': a group per factory tile, a button per province;
    the factories to upgrade in a group of their own."""
    lang, groups = ask.lang, []
    for key, idx in by(ask, lambda o: o.get("factory") if o["type"] != "upgrade" else "~upgrade").items():
        if key == "~upgrade":
            items = [(i, _factory_at(ask, _option(ask, i)["factory"])) for i in idx]
            groups.append(Group(t("choosers_dy.yinzi.upgrade", lang), items))
        elif isinstance(key, str) and all("province" in _option(ask, i) for i in idx):
            title = t("choosers_dy.yinzi.build", lang, factory=factory_tile(key, lang))
            groups.append(Group(title, [(i, _province_pay(_option(ask, i), lang)) for i in idx]))
        else:
            groups.append(_others(ask, idx))
    render(ask, groups, "factory")
    return True


def choose_any(ask: Ask) -> bool:
    """More options than the generic panel shows as buttons: all of them as buttons, in the engine's order."""
    if len(ask.decision.options) <= MAX_BUTTONS:
        return False
    render(ask, [Group("", list(enumerate(ask.labels)))], "any")
    whole_list(ask)
    return True


CHOICES: dict[str, Callable[[Ask], bool]] = {
    "yinzi.fate_plant": choose_plant,
    "yinzi.feed": choose_feed,
    "yinzi.choose_action": choose_turn,
    "yinzi.progress_pick": choose_progress,
    "yinzi.fate_progress": choose_progress,
    "yinzi.choose_bonus": choose_bonus,
    "yinzi.start_factory": choose_factory,
    "yinzi.fate_upgrade_factories": choose_factory,
}


READ_LABELS = {  # a printed number the table reads -> the label of its number field
    "yinzi.rate_read": "seen_items.rate_label",  # the exchange track (companion.yinzi.corrections)
    "yinzi.boat_read": "yinzi.readings.label.capacity",  # the boat track, crop track, foreign markets (readings)
    "yinzi.crop_cost_read": "yinzi.readings.label.cost",
    "yinzi.market_vp_read": "yinzi.readings.label.vp",
}


def choose_rate(ask: Ask) -> None:
    """A printed number read at the table (the exchange track, companion.yinzi.corrections; a boat-track or
    crop-track field, a foreign market, companion.yinzi.readings): the model's number in one tap, another number
    the box shows behind "something else" (a number field over the range the box may print)."""
    options = ask.decision.options
    # keyed as the confirm of what the table holds (a hidden step): one tap takes the listed first, as there
    st.button(ask.labels[0], key=f"held_confirm_{ask.version}", on_click=ask.send, args=(options[0],),
              type="primary", width="stretch", icon=":material/check:")
    numbers_seen = [o["n"] for o in options[1:]]
    with folds.closed(t("corrections.box_shows", ask.lang), f"rate_other_{ask.table.game_id}") as shown:
        if not shown:
            return  # a phone: drawn only while open
        n = st.number_input(t(READ_LABELS[ask.decision.kind], ask.lang), min_value=min(numbers_seen),
                            max_value=max(numbers_seen), value=None, step=1, key=f"rate_n_{ask.version}")
        chosen = next((o for o in options[1:] if n is not None and o["n"] == int(n)), None)
        st.button(t("corrections.enter", ask.lang), key=f"rate_enter_{ask.version}", on_click=ask.send,
                  args=(chosen,), disabled=chosen is None)


def choose(ask: Ask) -> bool:
    """Yinzi's chooser: its own layout for the long questions, else the generic panel."""
    if ask.decision.kind in READ_LABELS:
        choose_rate(ask)
        return True
    if ask.decision.is_chance or "provinces" not in ask.view:
        return False
    chooser = CHOICES.get(ask.decision.kind) or (numbers if number_of(ask) else choose_any)
    if not chooser(ask):
        return False
    if chooser not in (choose_any, numbers, choose_feed) and len(ask.decision.options) > MAX_BUTTONS:
        whole_list(ask)  # the generic panel's list, collapsed, for the rare choice the buttons make long
    return True
