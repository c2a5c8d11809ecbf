"""Yinzi's words: what the table sees for the engine's codes, indices and goods places.

Provinces, goods, wares, nations, fields and phases become the rulebooks' terms; a factory
index the factory with its ware, province and level; a goods place ("f/<province>/<good>",
"t/<i>", "m/<province>/<coin>") the field, crop tile or city market; an infrastructure tile its
demand and war strength; a chance draw what was drawn. A value that rests on a placeholder of the box
profile carries "?": the engine marks it (core.provenance: event and instruction parameters, score rows),
companion.i18n.labels shows the mark; only the banner's exchange rate, which comes without parameters, is
marked here. Shared by the app (companion.ui.boards.yinzi, companion.ui.widgets) and the printables
(companion.pdf.sheet) through companion.i18n.labels. Pure functions: no Streamlit.
"""

from __future__ import annotations

from typing import Any

from companion.core.registry import manifest
from companion.i18n import PLURAL_COUNT, has, t
from companion.i18n.labels import humanize, marks_shown

UNVERIFIED = "?"  # appended to a value that comes from an unverified fact
MARK = UNVERIFIED  # the placeholder mark companion.i18n.labels shows on score cells
RATES = "exchange.rates"
SILVER_ROW = "yinzi.row_yinzi"  # silver plus the copper converted at the current rate
# the facts whose placeholders reach the printed log (companion.yinzi.components marks them)
IN_THE_LOG = (RATES, "boat.capacities", "crops.track_costs", "infra.tiles")


# -- words ----------------------------------------------------------------------------------------
def word(prefix: str, code: Any, lang: str) -> str:
    key = f"yinzi.{prefix}.{code}"
    return t(key, lang) if has(key, lang) else humanize(str(code))


def colour_word(colour: str, lang: str) -> str:
    return t(f"ui.colour.{colour}", lang) if has(f"ui.colour.{colour}", lang) else str(colour)


def factory_tile(code: str, lang: str) -> str:
    """ "paper/blue" -> "Paper (blue)" (a factory tile: ware and the raw-material colour it needs)."""
    ware, _, colour = code.partition("/")
    return t("yinzi.ui.factory_tile", lang, ware=word("ware", ware, lang), colour=colour_word(colour, lang))


def card_text(card: Any, lang: str) -> str:
    """[fate, workers] or "fate/workers" -> "fate 2 · 3 workers" (an action card)."""
    if isinstance(card, str):
        fate, _, workers = card.partition("/")
    else:
        fate, workers = card[0], card[1]
    return t("yinzi.ui.card", lang, fate=fate, workers=workers)


def names(state: dict[str, Any]) -> list[str]:
    return [p["name"] for p in state.get("players", [])]


def seat_name(state: dict[str, Any], seat: Any) -> str:
    who = names(state)
    return who[seat] if isinstance(seat, int) and 0 <= seat < len(who) else str(seat)


# -- the box the game was set up with ---------------------------------------------------------------
def box_of(state: dict[str, Any]) -> Any:
    """The box the game was set up with: the default profile plus the owner's overrides the state carries."""
    return manifest("yinzi").words_context(None, state)


def rates(state: dict[str, Any]) -> tuple[list[int], bool]:
    """The six copper-per-silver values above the track and whether they are the owner's (verified)."""
    box = box_of(state)
    return list(box.rates), box.profile.fact(RATES).verified


def _box_of_setup(setup: dict[str, Any] | None) -> Any:
    return manifest("yinzi").words_context(setup, None)


def legend(lang: str) -> str:
    return t("yinzi.ui.placeholders", lang, mark=UNVERIFIED)


def placeholder_legend(setup: dict[str, Any] | None, lang: str) -> str | None:
    """The legend line when the log may show placeholder values (exchange rates, boat capacities, crop
    costs, what an infrastructure tile wants and pays)."""
    box = _box_of_setup(setup)
    return legend(lang) if not all(box.verified(key) for key in IN_THE_LOG) else None


def placeholder_cells(sheet: Any, setup: dict[str, Any] | None = None) -> set[tuple[int, int]]:
    """(row, player) of the score-sheet values that rest on a placeholder: the sheet's own marks
    (ScoreRow.unverified; the engine sets them, a quick-score pad only for a rate read off the box)."""
    return {(r, i) for r, row in enumerate(sheet.rows) for i in range(len(row.values)) if row.facts_behind(i)}


# -- describe: option, decision and event parameters as the table sees them -------------------------
def source_text(src: Any, state: dict[str, Any], lang: str) -> str:
    """A goods cube's place: "f/<province>/<good>" a printed field, "t/<i>" a crop tile,
    "m/<province>/<coin>" raw material from a city market, "market" the local market."""
    if not isinstance(src, str):
        return str(src)
    if src == "market":
        return t("yinzi.ui.local_market", lang)
    if has(f"yinzi.field.{src}", lang):  # a progress disc standing in for a good ("free_salt")
        return t(f"yinzi.field.{src}", lang)
    kind, _, rest = src.partition("/")
    if kind == "f":
        province, _, good = rest.partition("/")
        return t("yinzi.ui.src_field", lang, good=word("good", good, lang), province=word("province", province, lang))
    if kind == "t" and rest.isdigit():
        tiles = state.get("tiles", [])
        i = int(rest)
        if i < len(tiles):
            tile = tiles[i]
            good, province = word("good", tile["good"], lang), word("province", tile["province"], lang)
            return t("yinzi.ui.src_tile", lang, good=good, province=province)
    if kind == "m":
        province, _, coin = rest.partition("/")
        where = word("province", province, lang)
        if coin:
            return t("yinzi.ui.src_market_coin", lang, good=word("good", coin, lang), province=where)
        return t("yinzi.ui.src_market", lang, province=where)
    return src


def sources_text(sources: list[Any], state: dict[str, Any], lang: str) -> str:
    """Several cubes' places, each city market named once so a button stays short: "Rohstoff + Tee vom
    städtischen Markt Zhejiang"; plain raw material from several markets: "… von den städtischen Märkten
    Jiangxi und Huguang"."""
    markets: dict[str, list[str]] = {}
    for src in sources:
        if isinstance(src, str) and src.startswith("m/"):
            _, province, coin = [*src.split("/"), ""][:3]
            markets.setdefault(province, []).append(word("good", coin, lang) if coin else t("yinzi.ui.raw", lang))
    others = _counted([source_text(s, state, lang) for s in sources if not (isinstance(s, str) and s.startswith("m/"))])
    raw = t("yinzi.ui.raw", lang)
    if len(markets) > 1 and all(goods == [raw] for goods in markets.values()):
        where = t("yinzi.ui.and", lang).join(word("province", p, lang) for p in markets)
        return ", ".join([*others, t("yinzi.ui.src_markets_raw", lang, provinces=where)])
    if len(markets) > 1:
        items = ", ".join(f"{' + '.join(_counted(goods))} ({word('province', p, lang)})"
                          for p, goods in markets.items())
        return ", ".join([*others, t("yinzi.ui.src_markets", lang, items=items)])
    texts = [t("yinzi.ui.src_market_goods", lang, goods=" + ".join(_counted(goods)), province=word("province", p, lang))
             for p, goods in markets.items()]
    return ", ".join([*others, *texts])


def _counted(texts: list[str]) -> list[str]:
    """The same words once, with their count: ["raw material", "raw material"] -> ["2× raw material"]."""
    counts = {text: texts.count(text) for text in texts}  # in the order first named
    return [text if n == 1 else f"{n}× {text}" for text, n in counts.items()]


def factory_text(index: Any, state: dict[str, Any], lang: str) -> str:
    factories = state.get("factories", [])
    if not isinstance(index, int) or not 0 <= index < len(factories):
        return str(index)
    f = factories[index]
    return factory_at(f["ware"], f["province"], f["level"], lang)


def factory_at(ware: str, province: str, level: Any, lang: str) -> str:
    """ "Papier-Fabrik in Zhejiang (Stufe 3)": the factory's name as the rulebook writes it, per ware."""
    return t("yinzi.ui.factory_at", lang, factory=word("factory", ware, lang),
             province=word("province", province, lang), level=level)


def infra_tile_text(index: Any, state: dict[str, Any], lang: str) -> str:
    tiles = box_of(state).infra.tiles
    if not isinstance(index, int) or not 0 <= index < len(tiles):
        return str(index)
    tile = tiles[index]
    demand = demand_text(tile["demand"], state, lang)
    if not tile.get("disaster"):  # no disaster: the button stays short
        return t("yinzi.ui.infra_tile_calm", lang, demand=demand, war=tile["war"])
    return t("yinzi.ui.infra_tile", lang, demand=demand, war=tile["war"],
             disaster=word("disaster", tile["disaster"], lang))


def demand_text(code: Any, state: dict[str, Any], lang: str) -> str:
    demand = box_of(state).infra.demands.get(code)
    if demand is None:
        return str(code)
    needs = ", ".join(_counted([need_text(n, lang) for n in demand["needs"]]))
    return t("yinzi.ui.demand", lang, needs=needs, vp=demand["vp"])


def need_text(need: str, lang: str) -> str:
    """ "ware:silk|porcelain" -> "Silk or Porcelain"; "pair:wheat+rice|rice+fruit"; "cube:any"."""
    kind, _, what = need.partition(":")
    if kind == "ambassador" or not what:
        return t("yinzi.ui.need_ambassador", lang) if kind == "ambassador" else need
    if what == "any":
        return t(f"yinzi.ui.need_any_{kind}", lang) if has(f"yinzi.ui.need_any_{kind}", lang) else need
    prefix = "ware" if kind == "ware" else "good"
    alternatives = [" + ".join(word(prefix, g, lang) for g in alt.split("+")) for alt in what.split("|")]
    return t("yinzi.ui.or", lang).join(alternatives)


def _draw_value(value: Any, state: dict[str, Any], lang: str, what: str | None = None) -> Any:
    """What a chance option shows: the kind of draw is the pending draw step's (or `what`)."""
    if what is None:
        stack = state.get("stack") or []
        kind = stack[-1].get("k", "") if stack else ""
        what = kind.removeprefix("draw_") if kind.startswith("draw_") else None
    if what == "order":
        return seat_name(state, value)
    if what in ("infra", "infra_hidden"):
        return infra_tile_text(value, state, lang)
    if what == "card":
        return card_text(value, lang)
    if what == "factory" and isinstance(value, str):
        return factory_tile(value, lang)
    if what in ("crop",):
        return word("good", value, lang)
    if what in ("coast", "ship_top", "ship_remove"):
        kind = box_of(state).ship_kinds.get(value) if "#" in str(value) else None
        return ship_text(kind["nation"], kind["slots"], lang) if kind else word("nation", value, lang)
    if what == "market" and isinstance(value, str):
        return market_tile_text(value, state, lang)
    return value


def market_tile_text(code: str, state: dict[str, Any], lang: str) -> str:
    tile = box_of(state).city_markets.tiles.get(code)
    if not tile:
        return code
    goods = ", ".join(word("good", g, lang) for g in tile["goods"])
    coin = ", ".join(word("good", g, lang) for g in tile.get("coin", ())) or "–"
    # the tile as it lies on the board, by its goods and its coin field: the code (m7) is printed nowhere
    return t("yinzi.ui.market_tile", lang, tile=code, goods=goods, coin=coin)  # "Tea, Bamboo, Salt (coin field: …)"


WORDS = {  # parameter -> catalog prefix of its words
    "province": "province",
    "market": "province",
    "good": "good",
    "crop": "good",
    "food": "good",
    "resource": "resource",
    "ware": "ware",
    "nation": "nation",
    "bonus": "bonus",
    "field": "field",
    "box": "box",
    "disaster": "disaster",
    "action": "action",
    "group": "action",
    "phase": "phase",
}


def describe(
    params: dict[str, Any], state_json: dict[str, Any], lang: str, setup: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Parameters in words (the hook of companion.i18n.labels, for the app and the printed log).

    Option rows and slots are 0-based; events already count from 1, so options get extra
    1-based fields (`row_n`, `slot_n`) for their labels and `row`/`slot` stay as they are.
    `setup` is accepted for the common hook: the owner's box overrides travel in the state.
    """
    if isinstance(params.get("step"), str) and isinstance(params.get("action"), dict):
        return forced(params, state_json, lang)
    out = dict(params)
    for stage in STAGES:  # in this order: a later stage may read what an earlier one left as a code
        stage(out, state_json, lang)
    return out | _entered_words(params, state_json, lang)


Out = dict[str, Any]


def _counts(out: Out, state: dict[str, Any], lang: str) -> None:
    if type(out.get("fields")) is int and "good" in out:  # fields of one crop planted at once: its plural
        out.setdefault(PLURAL_COUNT, out["fields"])
    if out.get("round") == 0:
        out["round"] = None  # the setup, before round 1: the banner leaves the round out
    if out.get("phase") == "over":
        out["phase"] = None  # the banner says "Game over" once, from the shell


def _named(out: Out, state: dict[str, Any], lang: str) -> None:
    """Codes with words of their own: provinces, goods, wares, nations, fields..., a ship's load, factories."""
    field = out.get("field")  # a progress field whose name does not say what it does gets its effect
    does = f"rulecard.yinzi.does.field.{field}"
    if "field" in out:
        out["does"] = f" ({t(does, lang)})" if isinstance(field, str) and has(does, lang) else ""
    for key, prefix in WORDS.items():
        value = out.get(key)
        if isinstance(value, str) and not (key == "field" and value.isdigit()):
            out[key] = word(prefix, value, lang)
    load = _ship_load(out, state, lang)
    if load is not None:
        out["load"] = load
    if isinstance(out.get("what"), str):
        what = out["what"]
        out["what"] = word("ware" if has(f"yinzi.ware.{what}", lang) else "good", what, lang)
    if isinstance(out.get("factory"), str):
        out["factory"] = factory_tile(out["factory"], lang)
    elif isinstance(out.get("factory"), int) and not isinstance(out.get("factory"), bool):
        out["factory"] = factory_text(out["factory"], state, lang)


def _places(out: Out, state: dict[str, Any], lang: str) -> None:
    """Where cubes come from, cards and hands, lists of foods and crops, seats and who is paid."""
    for key in ("src", "first", "tea"):
        if isinstance(out.get(key), str):
            out[key] = source_text(out[key], state, lang)
    for key in ("raw", "salt"):
        if isinstance(out.get(key), list):
            out[key] = sources_text(out[key], state, lang)
    if isinstance(out.get("card"), list | str) and out.get("card"):
        out["card"] = card_text(out["card"], lang)
    if isinstance(out.get("hand"), list):
        out["hand"] = "; ".join(card_text(c, lang) for c in out["hand"])
    if isinstance(out.get("foods"), list):
        out["foods"] = " + ".join(word("good", f, lang) for f in out["foods"])
    if isinstance(out.get("crop_track"), list):
        out["crop_track"] = ", ".join(word("good", c, lang) if c else "–" for c in out["crop_track"])
    if isinstance(out.get("order"), list):
        out["order"] = " → ".join(seat_name(state, p) for p in out["order"])
    if isinstance(out.get("owner"), int):
        out["owner"] = seat_name(state, out["owner"])
    if "from" in out and "roll" in out:  # the die's roll: "from" and "to" are fields of the exchange-rate track
        return
    if "to" in out and (out["to"] is None or isinstance(out["to"], int)):  # a payment's receiver
        out["to"] = t("yinzi.ui.to_bank", lang) if out["to"] is None else seat_name(state, out["to"])


def _tiles(out: Out, state: dict[str, Any], lang: str) -> None:
    """Infrastructure and market tiles, their demands and needs, and what a building is paid with."""
    if isinstance(out.get("demand"), str):
        out["demand"] = demand_text(out["demand"], state, lang)
    if isinstance(out.get("need"), list):
        out["need"] = ", ".join(need_text(str(n), lang) for n in out["need"])
    if isinstance(out.get("tile"), int) and not isinstance(out.get("tile"), bool):
        out["crop_tile"] = source_text(f"t/{out['tile']}", state, lang)  # plant_tile: an empty crop tile
        out["tile"] = infra_tile_text(out["tile"], state, lang)
    elif "tile" in out and out["tile"] is None:  # the road-building pick from the face-down discards
        out["tile"] = t("yinzi.ui.hidden_tile", lang)
    elif isinstance(out.get("tile"), str):
        out["tile"] = market_tile_text(out["tile"], state, lang)
    if isinstance(out.get("pay"), str):
        out["pay"] = word("resource", out["pay"], lang)


def _notes(out: Out, state: dict[str, Any], lang: str) -> None:
    """1-based rows and slots, option fragments, the banner's rate with its mark, a ship's send, a draw."""
    for key in ("row", "slot"):
        if isinstance(out.get(key), int) and not isinstance(out.get(key), bool):
            out[f"{key}_n"] = out[key] + 1
    for flag in ("tax", "coin", "crop", "extra_worker", "double"):
        if isinstance(out.get(flag), bool):  # option fragments: " + taxation disc" or nothing
            out[f"{flag}_note"] = t(f"yinzi.ui.note_{flag}", lang) if out[flag] else ""
    # the banner's rate (the engine's summary) comes without parameters to carry its mark: marked here
    banner_rate = out.get("exchange_rate")
    if isinstance(banner_rate, int) and not isinstance(banner_rate, bool) and not rates(state)[1] and marks_shown():
        out["exchange_rate"] = f"{banner_rate}{UNVERIFIED}"
    if isinstance(out.get("send"), bool):
        out["send"] = t("yinzi.ui.send_yes" if out["send"] else "yinzi.ui.send_no", lang)
    if "value" in out:
        out["value"] = _draw_value(out["value"], state, lang)


STAGES = (_counts, _named, _places, _tiles, _notes)


def _entered_words(params: dict[str, Any], state: dict[str, Any], lang: str) -> dict[str, Any]:
    """"Something else…": what the table entered (an option's "seen", an event's tile or ship) and what the
    model had in its place, by what the component shows."""
    out: dict[str, Any] = {}
    if "value" not in params and isinstance(params.get("seen"), dict):
        out["value"] = seen_text(params["seen"], state, lang)
    if isinstance(params.get("expected"), dict | list):
        out["expected"] = seen_text(params["expected"], state, lang)
    infra = {"demand", "war", "disaster"} <= set(params) and isinstance(params["demand"], str)
    if infra or (isinstance(params.get("goods"), list) and isinstance(params.get("coin"), list)):
        out["tile_seen"] = seen_text(params, state, lang)
    if isinstance(params.get("slots"), list) and isinstance(params.get("nation"), str):
        out["ship_seen"] = seen_text(params, state, lang)
    return out


def goods_list(goods: list[str], lang: str, prefix: str = "good") -> str:
    """["salt", "sugarcane", "tea"] -> "Salt, Sugar cane and Tea" (the reader's words, "and" before the last)."""
    said = [word("ware" if prefix == "slot" and g not in ("tea", "salt") else "good", g, lang) for g in goods]
    return t("yinzi.ui.and", lang).join([", ".join(said[:-1]), said[-1]]) if len(said) > 1 else "".join(said)


def ship_text(nation: str, slots: list[str], lang: str) -> str:
    """A ship by its nation and the places it shows: "Japan with Tea and Porcelain"."""
    return t("yinzi.ui.ship_layout", lang, nation=word("nation", nation, lang), slots=goods_list(slots, lang, "slot"))


def market_layout_text(goods: list[str], coin: list[str], lang: str) -> str:
    """A city-market tile by what it shows: the goods it demands and those with a coin field beside."""
    if not coin:
        return t("yinzi.ui.market_layout_plain", lang, goods=goods_list(goods, lang))
    return t("yinzi.ui.market_layout", lang, goods=goods_list(goods, lang), coin=goods_list(coin, lang),
             coins=len(coin))


READ_NUMBERS = {"rate", "capacity", "cost", "vp"}  # the numbers the table reads off its box


def seen_text(seen: Any, state: dict[str, Any], lang: str) -> str:
    """An infrastructure tile by its demand, war and disaster symbols, an action card [fate, workers] or a
    city-market tile by its goods and coin fields (as the table entered it, companion.yinzi.table_entry)."""
    if isinstance(seen, list):
        return card_text(seen, lang)
    read = READ_NUMBERS & set(seen)  # a printed number read (companion.yinzi.corrections, readings)
    if read:
        return str(seen[read.pop()])
    if "crop" in seen:  # a crop tile of a sort the setup had put back
        return word("good", seen["crop"], lang)
    if "fate" in seen:
        return card_text([seen["fate"], seen["workers"]], lang)
    if "goods" in seen:
        return market_layout_text(list(seen["goods"]), list(seen["coin"]), lang)
    if "slots" in seen:
        return ship_text(str(seen["nation"]), list(seen["slots"]), lang)
    demand = demand_text(seen["demand"], state, lang)
    if seen.get("disaster") in (None, "none"):
        return t("yinzi.ui.infra_tile_calm", lang, demand=demand, war=seen["war"])
    disaster = word("disaster", seen["disaster"], lang)
    return t("yinzi.ui.infra_tile", lang, demand=demand, war=seen["war"], disaster=disaster)


def forced(params: dict[str, Any], state: dict[str, Any], lang: str) -> dict[str, Any]:
    """A step taken for the table (event core.forced): the question and the one possible answer, in words."""
    step, action = params["step"], params["action"]
    rest = {k: v for k, v in params.items() if k not in ("step", "action")}
    asked = describe(rest, state, lang)
    out: dict[str, Any] = {
        "step": t(step, lang, **asked) if has(step, lang) else humanize(step),
        "action": forced_text(step, action, rest, state, lang),
    }
    if isinstance(params.get("player"), int) and params["player"] >= 0:
        out["player"] = params["player"]
    return out


def forced_text(step: str, action: dict[str, Any], params: dict[str, Any], state: dict[str, Any], lang: str) -> str:
    """What the engine did by itself because only one option was left, as that option's label."""
    kind = str(action.get("type", step))
    answer = {k: v for k, v in action.items() if k != "type"}
    if step.startswith("yinzi.draw_") and "value" in answer:  # a draw with one possible outcome
        answer["value"] = _draw_value(answer.pop("value"), state, lang, step.removeprefix("yinzi.draw_"))
    fields = describe({**params, **answer}, state, lang)
    nothing = [f"{step}.{kind}.none"] if None in answer.values() else []  # "no factory to upgrade"
    for key in (*nothing, f"{step}.{kind}", f"yinzi.action.{kind}"):
        if has(key, lang):
            return t(key, lang, **fields)
    return humanize(kind)


def _ship_load(out: dict[str, Any], state: dict[str, Any], lang: str) -> str | None:
    """What a delivery (ship, infrastructure) option hands over: wares of a factory, cubes, a disc."""
    if isinstance(out.get("ware"), int) and not isinstance(out.get("ware"), bool):
        return factory_text(out["ware"], state, lang)
    for key in ("salt", "pair"):
        if isinstance(out.get(key), list):
            return " + ".join(source_text(s, state, lang) for s in out[key])
    for key in ("tea", "src"):
        if isinstance(out.get(key), str):
            return source_text(out[key], state, lang)
    if isinstance(out.get("disc"), str):
        return word("field", out["disc"], lang)
    return None


def entry_word(field: str, value: Any, lang: str) -> str | None:
    """A value the table picks under "Something else…" (companion.ui.chance): a demand as the tile shows it,
    a disaster symbol or none, a market tile's goods, a ship's nation and places; None: the value as it is."""
    if field == "demand":
        return demand_text(value, {}, lang)
    if field == "disaster":
        return word("disaster", value, lang)
    if field in ("goods", "coin") and isinstance(value, list):  # a city-market tile's goods, its coin field
        return goods_list(value, lang)
    if field == "slots" and isinstance(value, list):  # the places a ship shows
        return goods_list(value, lang, "slot")
    if field == "nation":
        return word("nation", value, lang)
    if field == "crop":
        return word("good", value, lang)
    return None
