"""Gùgōng's words: what the table sees for the engine's ids and codes.

Card ids become the values printed on the gift cards, location numbers and codes the
officials' names, decree / tile / reward / benefit codes the rulebooks' terms. Values read
from a fact the box profile has not verified (status unknown or inferred) carry the
placeholder mark "?", so a placeholder is never shown as fact (shared/components/README.md,
point 5). The profile is the one the game was set up with: the default plus the owner's
overrides stored in setup["profile"]["overrides"].
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.core.profile import BoxProfile
from companion.core.provenance import marked as carried_marks
from companion.core.registry import manifest
from companion.i18n import has, t
from companion.i18n.labels import humanize, marks_shown

MARK = "?"  # appended to a value that comes from an unverified fact
LEGEND = "gugong.placeholder.legend"
CARD_KEYS = ("card", "given", "taken", "value", "taken_value")  # Meng's events carry the values themselves
VALUE_KEYS = ("value", "taken_value")
CODE_WORDS = (  # parameter -> catalog prefix of its codes
    ("decree", "gugong.decree"),
    ("tile", "gugong.tile"),
    ("expected_tile", "gugong.tile"),
    ("action", "gugong.card_action"),
    ("benefit", "gugong.benefit_kind"),
    ("for", "gugong.trade"),
)
CODE_KEYS = (*(k for k, _ in CODE_WORDS), "reward", "how")  # codes with their own words, not locations


Components = Any  # companion.gugong.components.Components, reached only through the manifest's words_context


def comp_of(setup: dict[str, Any] | None, state_json: dict[str, Any] | None = None) -> Components:
    """The components of the box this game was set up with (default profile + the owner's overrides), grown by
    what its table entered when the state JSON is given (the manifest's words_context hook)."""
    return manifest("gugong").words_context(setup, state_json)


def profile_of(setup: dict[str, Any] | None) -> BoxProfile:
    return comp_of(setup).profile


def verified(setup: dict[str, Any] | None, key: str) -> bool:
    return profile_of(setup).fact(key).verified


def marked(value: Any, is_verified: bool) -> str:
    """The value, with the mark where the reader sees marks (paper; a screen names the facts once instead)."""
    return str(value) if is_verified or not marks_shown() else f"{value}{MARK}"


def legend(lang: str) -> str:
    return t(LEGEND, lang, mark=MARK)


# facts whose values the board shows in every game: card values and jade houses. The fate-die faces and city
# numbers are marked too, but only join the legend's test once the board's dice and cities lines use
# dice_text / cities_text (tests/polish/test_board_placeholders.py checks the legend against these two).
LEGEND_FACTS = manifest("gugong").board_facts


def placeholder_legend(setup: dict[str, Any] | None, lang: str) -> str | None:
    """The legend line when card values or jade houses (what the screens and the log show) are placeholders."""
    profile = profile_of(setup)
    if all(profile.fact(key).verified for key in LEGEND_FACTS):
        return None
    return legend(lang)


WEIGHT_FACTS = manifest("gugong").chance_facts  # which facts the copies left of a chance step are counted from


def weights_verified(kind: str, setup: dict[str, Any] | None) -> bool:
    profile = profile_of(setup)
    return all(profile.fact(key).verified for key in WEIGHT_FACTS.get(kind, ()) if key in profile.facts)


def placeholder_cells(sheet: Any, setup: dict[str, Any] | None) -> set[tuple[int, int]]:
    """(row, player) of the score-sheet values the sheet itself marks as resting on unverified facts
    (ScoreRow.unverified), unless this game's box profile has verified them since (the owner's box check)."""
    profile = profile_of(setup)

    def still_open(key: str) -> bool:
        return key not in profile.facts or not profile.fact(key).verified

    return {(r, i) for r, row in enumerate(sheet.rows) for i in range(len(row.values))
            if any(still_open(k) for k in row.facts_behind(i))}


# -- single words --------------------------------------------------------------------------------------
def _word(key: str, code: str, lang: str) -> str:
    """The catalog text, or the readable code when no catalog names it (a code new to the engine)."""
    return t(key, lang) if has(key, lang) else humanize(code)


def location(code: str, lang: str) -> str:
    return _word(f"gugong.location.{code}", code, lang)


def decree(code: str, lang: str) -> str:
    return _word(f"gugong.decree.{code}", code, lang)


def tile(code: str, lang: str) -> str:
    return _word(f"gugong.tile.{code}", code, lang)


def card_action(code: str, lang: str) -> str:
    return _word(f"gugong.card_action.{code}", code, lang)


ENTRY_WORDS = {"action": "card_action", "tile": "tile", "decree": "decree"}  # "Something else…" field -> words


def entry_word(field: str, value: Any, lang: str) -> str | None:
    """A value the table picks under "Something else…" (companion.ui.chance): a card action, travel tile or
    decree in the reader's words; None: the value as it is."""
    if field == "house" and isinstance(value, int):
        return t("corrections.house", lang, n=value + 1)
    if field == "city" and isinstance(value, int):
        return str(value + 1)
    key = f"gugong.{ENTRY_WORDS[field]}.{value}" if field in ENTRY_WORDS else ""
    return t(key, lang) if key and has(key, lang) else None


def card_value(card_id: int | None, comp: Components) -> str:
    """The value printed on a gift card, marked when the card table is a placeholder."""
    if card_id is None:
        return "–"
    if not 0 <= card_id < len(comp.cards):
        return str(card_id)
    return marked(comp.cards[card_id].value, comp.profile.fact("gift_cards").verified)


def dice_ok(comp: Components) -> bool:
    """The fate dice's faces are the owner's (box check), not the placeholder 1-6."""
    return comp.profile.fact("dice_faces").verified


def die_face(face: Any, comp: Components) -> str:
    return marked(face, dice_ok(comp))


def dice_text(dice: list[Any], comp: Components) -> str:
    """The fate dice as they show: "2?, 5?, 5?" while the faces are placeholders ("–" before the roll)."""
    return ", ".join(die_face(d, comp) for d in dice if d) or "–"


def city_number(index: int, comp: Components) -> str:
    """A city's number (1-based) on the travel map: marked while the map (cities, roads) is the placeholder."""
    return marked(index + 1, comp.map_verified)


def cities_text(cities: list[str | None], comp: Components, lang: str) -> str:
    """The travel tiles lying in the cities: "3?: Envoy; 7?: Jade card"."""
    return "; ".join(f"{city_number(i, comp)}: {tile(x, lang)}" for i, x in enumerate(cities) if x) or "–"


# -- the describe hook -----------------------------------------------------------------------------------
def _loc_word(value: Any, comp: Components, lang: str) -> Any:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(comp.locations):
        return location(comp.locations[value], lang)
    if isinstance(value, str) and value in comp.locations:
        return location(value, lang)
    return value


def _boat(params: dict[str, Any], state_json: dict[str, Any], lang: str) -> str | None:
    """ "boat" (an index into the deciding player's boats) or "route" (a new boat) as words."""
    seat = params.get("p", params.get("player"))
    if isinstance(params.get("boat"), int) and isinstance(seat, int):
        players = state_json.get("players", [])
        boats = players[seat].get("boats", []) if 0 <= seat < len(players) else []
        if 0 <= params["boat"] < len(boats):
            b = boats[params["boat"]]
            return t("gugong.word.boat", lang, route=b["route"] + 1, port=b["port"], servants=b.get("servants", 0))
    if isinstance(params.get("route"), int):
        return t("gugong.word.new_boat", lang, route=params["route"] + 1)
    return None


def _detail(params: dict[str, Any], state_json: dict[str, Any], comp: Components, lang: str) -> str:
    """The small print of an option: double servant, decree slot, jade house, double tiles, die face."""
    parts: list[str] = []
    slots = state_json.get("decree_slots", [])
    slot = params.get("slot")
    if isinstance(slot, int) and 0 <= slot < len(slots) and slots[slot]:
        parts.append(decree(slots[slot], lang))
    house = params.get("house")
    if isinstance(house, int) and not isinstance(house, bool):
        if house < 0:
            parts.append(t("gugong.word.jade_square", lang))
        else:
            cost = comp.jade_houses[house][0] if house < len(comp.jade_houses) else "?"
            price = marked(cost, comp.profile.fact("jade_houses").verified)
            parts.append(t("gugong.word.jade_house", lang, house=house + 1, cost=price))
    if params.get("dd") is True:
        parts.append(t("gugong.word.with_double", lang))
    if params.get("pay_dd") is True:
        parts.append(t("gugong.word.pay_double", lang))
    if isinstance(params.get("doubles"), int) and params["doubles"] > 0:
        parts.append(t("gugong.word.double_tiles", lang, count=params["doubles"]))
    if params.get("benefit") == "die" and isinstance(params.get("die"), int) and "face" in params:
        parts.append(t("gugong.word.die_face", lang, die=params["die"] + 1, face=die_face(params["face"], comp)))
    return "".join(f" – {p}" for p in parts)


def describe(
    params: dict[str, Any], state_json: dict[str, Any], lang: str, setup: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Option, decision and event parameters as the table sees them (the hook of companion.i18n.labels)."""
    seen = Seen(params, state_json, comp_of(setup, state_json), set(carried_marks(params)))
    out = dict(params)
    for stage in STAGES:  # in this order: a later stage may read what an earlier one left as a code
        stage(out, seen, lang)
    return out


@dataclass(frozen=True)
class Seen:
    """What `describe` reads besides the words it fills in."""
    params: dict[str, Any]
    state: dict[str, Any]
    comp: Any  # the box as this table knows it: the cards, faces, decrees it entered included
    carried: set[str]  # marked by the engine: labels add the mark, so it is not added twice


def _fragments(out: dict[str, Any], seen: Seen, lang: str) -> None:
    """The option label's pieces: detail, option letter, boat target, the card's action."""
    params, comp = seen.params, seen.comp
    out["detail"] = _detail(params, seen.state, comp, lang)
    opt = params.get("opt")  # option A/B of a location action; decrees and jade have none
    out["opt"] = _option_letter(opt, params.get("loc"), comp, lang)
    card = params.get("card")  # a card action's A/B is the option of the location the card shows
    shown = comp.cards[card].action if isinstance(card, int) and not isinstance(card, bool) \
        and 0 <= card < len(comp.cards) else None
    out["card_opt"] = _option_letter(opt, shown, comp, lang)
    boat = _boat(params, seen.state, lang)
    out["target"] = boat if boat is not None else ""
    card = params.get("card")
    out["card_act"] = ""
    if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < len(comp.cards):
        out["card_action"] = card_action(comp.cards[card].action, lang)
        out["card_act"] = f", {out['card_action']}"  # a card option names the whole card: value and action
    entered = params.get("seen")  # a card the table entered by what it shows (companion.gugong.table_entry)
    if isinstance(entered, dict) and "value" in entered and "card" not in params:
        out["card"] = f"{entered['value']} · {card_action(str(entered.get('action')), lang)}"
    _decree_cost(out, params, comp, lang)
    if isinstance(entered, dict):  # a printed fact the table corrected (companion.gugong.corrections)
        out.update({f"seen_{k}": tile(v, lang) if k == "tile" else v for k, v in entered.items()})
    house = params.get("house")
    if isinstance(house, int) and not isinstance(house, bool) and house >= 0:
        out["house_no"] = house + 1


def _decree_cost(out: dict[str, Any], params: dict[str, Any], comp: Any, lang: str) -> None:
    """A decree tile's printed cost ("costs 2 servants"): what the table entered, else the model's, marked."""
    code, entered = params.get("decree"), params.get("seen")
    tile = comp.decrees.get(code) if isinstance(code, str) else None
    if tile is None:
        return
    if isinstance(entered, dict) and isinstance(entered.get("cost"), int):
        out["decree_cost"] = t("corrections.costs", lang, n=entered["cost"])
        return
    verified = comp.profile.fact(tile.cost_fact).verified
    text = t("corrections.costs", lang, n=tile.cost)
    out["decree_cost"] = text.replace(str(tile.cost), marked(tile.cost, verified), 1)


def _option_letter(opt: Any, loc: Any, comp: Components, lang: str) -> str:
    """" A (envoy 1 step forward)": a location's option letter with what it does (rules_gugong catalog)."""
    if not opt:
        return ""
    indexed = isinstance(loc, int) and not isinstance(loc, bool) and 0 <= loc < len(comp.locations)
    code = comp.locations[loc] if indexed else loc
    key = f"rulecard.gugong.opt.{code}.{opt}"
    return f" {opt} ({t(key, lang)})" if isinstance(code, str) and has(key, lang) else f" {opt}"


def _values(out: dict[str, Any], seen: Seen, lang: str) -> None:
    """Cards as their values, jade prices and the card at an official, marked where they are guesses."""
    params, comp, carried = seen.params, seen.comp, seen.carried
    for key in CARD_KEYS:
        value = out.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            if key in VALUE_KEYS:  # already a value (Meng's events), still from the placeholder table
                out[key] = marked(value, key in carried or comp.profile.fact("gift_cards").verified)
            else:
                out[key] = card_value(value, comp)
    if isinstance(out.get("price"), int) and isinstance(params.get("house"), int) and params["house"] >= 1:
        # Meng buys from jade house n (1-based; 0 = the jade square, whose price is confirmed)
        out["price"] = marked(out["price"], "price" in carried or comp.profile.fact("jade_houses").verified)
    board = seen.state.get("board", [])
    loc = params.get("loc")
    if isinstance(params.get("taken"), int) and not isinstance(params.get("taken"), bool):
        out["at_card"] = out["taken"]  # the card the step itself names: its words stay as they were
    elif isinstance(loc, int) and not isinstance(loc, bool) and 0 <= loc < len(board):
        out["at_card"] = card_value(board[loc], comp)  # an option of now: the card at that official now


def _codes(out: dict[str, Any], seen: Seen, lang: str) -> None:
    """Locations, rewards, ways to pay and yes/no as words."""
    params, comp = seen.params, seen.comp
    if "loc" in out:
        loc = params.get("loc")
        out["loc"] = tile(params["tile"], lang) if loc is None and "tile" in params else _loc_word(loc, comp, lang)
    if "location" in out:  # a code, or an official's number (a bonus tile's place); None: no place
        out["location"] = "–" if out["location"] is None else _loc_word(out["location"], comp, lang)
    for key, value in list(out.items()):  # location codes anywhere else (Meng's Automa "card", ...)
        if key not in CODE_KEYS and isinstance(value, str) and value in comp.locations:
            out[key] = location(value, lang)
    # a port reward names its port or boat; the same codes without one are a travel-tile trade's reward
    rewards = "gugong.reward" if "port" in params or "boat" in params else "gugong.trade"
    for key, prefix in (*CODE_WORDS, ("reward", rewards)):
        if isinstance(out.get(key), str):
            out[key] = _word(f"{prefix}.{out[key]}", out[key], lang)
    if isinstance(out.get("how"), str):
        how = out["how"]
        out["how"] = t(f"gugong.pay.{how}", lang, card=out.get("card", ""), card_action=out.get("card_action", ""),
                       servants=comp.act.exchange_servants)
    for key in ("use", "double"):
        if isinstance(out.get(key), bool):
            out[key] = t("ui.yes" if out[key] else "ui.no", lang)


def _numbers(out: dict[str, Any], seen: Seen, lang: str) -> None:
    """Seats as names, cities, routes and dice counted from 1, faces as printed, travel tiles given up."""
    comp, carried, names = seen.comp, seen.carried, seen.state.get("names", [])
    if isinstance(out.get("start"), int) and 0 <= out["start"] < len(names):
        out["start"] = names[out["start"]]
    if isinstance(out.get("city"), int) and not isinstance(out.get("city"), bool):
        cities = seen.state.get("cities", [])
        city = out["city"]
        out["city_tile"] = tile(cities[city], lang) if 0 <= city < len(cities) and cities[city] else "–"
        if "seen_tile" in out:  # a move to a city whose tile the table finds to be another
            out["city_tile"] = out["seen_tile"]
        out["city"] = city + 1 if "city" in carried else city_number(city, comp)
    for key in ("route", "die"):
        if isinstance(out.get(key), int) and not isinstance(out.get(key), bool):
            out[key] = out[key] + 1
    if isinstance(out.get("face"), int) and not isinstance(out.get("face"), bool):  # a fate die's face
        out["face"] = out["face"] if "face" in carried else die_face(out["face"], comp)
    if isinstance(out.get("tiles"), list):  # travel tiles given up in a trade (gugong.trade_tiles)
        given = ", ".join(tile(c, lang) for c in out["tiles"] if isinstance(c, str))
        doubles = seen.params.get("doubles")
        if not given and isinstance(doubles, int) and doubles > 0:  # only the double tiles go: say those
            given = t("gugong.word.double_tiles", lang, count=doubles)
        out["tiles"] = given or "–"


STAGES = (_fragments, _values, _codes, _numbers)
