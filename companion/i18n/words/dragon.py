"""In the Year of the Dragon's words: what the table sees for the engine's codes and indices.

Person tiles ("farmer:old") become "Farmer (old)", action cards, events, super events, phases,
privileges and wall tiles the rulebooks' terms, a palace index the palace with its floors and
the persons in it. Shared by the app (companion.ui.boards.dragon, companion.ui.widgets) and the
printables (companion.pdf.sheet) through companion.i18n.labels. Pure functions: no Streamlit.
"""

from __future__ import annotations

from typing import Any

from companion.i18n import has, t
from companion.i18n.labels import humanize


# -- single words ---------------------------------------------------------------------------------
def word(group: str, code: str | None, lang: str) -> str:
    """ "dragon.<group>.<code>" from the catalog, the readable code when no catalog names it (a code new to
    the engine), "?" when there is none yet (an event not turned up)."""
    if code is None:
        return "?"
    key = f"dragon.{group}.{code}"
    return t(key, lang) if has(key, lang) else humanize(str(code))


def tile_word(tile: str, lang: str) -> str:
    """ "farmer:old" -> "Farmer (old)"; a bare type ("farmer", "wild") -> its name."""
    kind, _, age = tile.partition(":")
    if not age:
        return word("person", kind, lang)
    return t("dragon.ui.tile", lang, person=word("person", kind, lang), age=word("age", age, lang))


def card_word(card: str, lang: str) -> str:
    """An action card ("taxes") or a person card ("farmer", "wild")."""
    return word("card", card, lang) if has(f"dragon.card.{card}", lang) else word("person", card, lang)


# -- reading the state ------------------------------------------------------------------------------
def names(state: dict[str, Any]) -> list[str]:
    return [p["name"] for p in state.get("players", [])]


def acting_player(state: dict[str, Any]) -> int | None:
    """The seat of the step on top of the engine's stack (None: a chance step or the game's end)."""
    stack = state.get("stack") or []
    p = stack[-1].get("p") if stack else None
    return p if isinstance(p, int) else None


def palace_text(palace: dict[str, Any], n: int, lang: str) -> str:
    """ "palace 2 (3 floors: Farmer (old), Monk (young))" """
    inside = ", ".join(tile_word(x, lang) for x in palace["persons"]) or t("dragon.ui.empty", lang)
    key = "dragon.ui.palace_desc_one" if palace["floors"] == 1 else "dragon.ui.palace_desc"
    return t(key, lang, n=n, floors=palace["floors"], persons=inside)


WORDS = {"kind": "person", "event": "event", "super_event": "super", "why": "why", "size": "privilege"}  # param: group


# -- the describe hook ---------------------------------------------------------------------------------
def describe(
    params: dict[str, Any], state_json: dict[str, Any], lang: str, setup: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Option, decision and event parameters as the table sees them (the hook of companion.i18n.labels).

    Events carry a `player`: their palace is a number as it was then. Options belong to the
    player whose turn it is: their palace is shown with its floors and persons as they lie now.
    `setup` is accepted for the common hook; Dragon's words need only the state.
    """
    if isinstance(params.get("step"), str) and isinstance(params.get("action"), dict):
        return forced(params, state_json, lang)
    out = dict(params)
    if out.get("month") == 0:
        out["month"] = None  # the setup, before month 1: the banner leaves the month out
    if isinstance(out.get("tile"), str):
        tile = out["tile"]
        out["tile"] = tile_word(tile, lang) if ":" in tile else word("wall_tile", tile, lang)
    if isinstance(out.get("card"), str):
        out["card"] = card_word(out["card"], lang)
    if isinstance(out.get("cards"), list):
        out["cards"] = ", ".join(word("card", str(c), lang) for c in out["cards"])
    if isinstance(out.get("persons"), list):
        out["persons"] = " + ".join(word("person", str(k), lang) for k in out["persons"])
    out |= _does(params, lang)
    for key, group in WORDS.items():
        if isinstance(out.get(key), str):
            out[key] = word(group, out[key], lang)
    if out.get("phase") == "over":
        out["phase"] = None  # the banner already says the game is over
    elif isinstance(out.get("phase"), str):
        out["phase"] = word("phase", out["phase"], lang)
    if isinstance(out.get("helmets"), list):
        who = names(state_json)
        out["helmets"] = ", ".join(f"{who[i] if i < len(who) else i + 1} {h}" for i, h in enumerate(out["helmets"]))
    if isinstance(out.get("palace"), int) and not isinstance(out.get("palace"), bool):
        out["palace"] = _palace_param(out, state_json, lang)
    return out


def _does(params: dict[str, Any], lang: str) -> dict[str, str]:
    """What a privilege or an action card brings, for its option label (rules_dragon catalog); {} for others."""
    for key, group in (("size", "privilege"), ("card", "card")):
        code = params.get(key)
        if isinstance(code, str) and has(f"rulecard.dragon.does.{group}.{code}", lang):
            return {"does": f" ({t(f'rulecard.dragon.does.{group}.{code}', lang)})"}
    return {"does": ""} if isinstance(params.get("size"), str) else {}


def _palace_param(out: dict[str, Any], state: dict[str, Any], lang: str) -> Any:
    index = out["palace"]
    if "player" in out:  # an event: the palace's number then
        return index + 1
    seat = acting_player(state)
    players = state.get("players", [])
    if seat is None or seat >= len(players):
        return index + 1
    palaces = players[seat]["palaces"]
    if index == len(palaces):  # a floor for a new palace
        return t("dragon.ui.new_palace", lang)
    if index > len(palaces):
        return index + 1
    if "tile" in out:  # the person replaced or released is named: the palace's number is enough
        return t("dragon.ui.palace_n", lang, n=index + 1)
    text = palace_text(palaces[index], index + 1, lang)
    if isinstance(out.get("release"), str):  # the earthquake: this person must leave the smaller palace
        text = t("dragon.ui.then_leaves", lang, palace=text, tile=tile_word(out["release"], lang))
    return text


def forced(params: dict[str, Any], state: dict[str, Any], lang: str) -> dict[str, Any]:
    """A core.forced event (a step with one possible outcome, taken by the engine): its option's label as
    `action`, and the player who had it (none for a chance step); the step's other fields are in that label."""
    out: dict[str, Any] = {"action": forced_text(params["step"], params["action"], state, lang)}
    if isinstance(params.get("player"), int) and params["player"] >= 0:
        out["player"] = params["player"]
    return out


def forced_text(step: str, action: dict[str, Any], state: dict[str, Any], lang: str) -> str:
    """What the engine did by itself because only one option was left, as that option's label.

    `step` is the decision kind ("dragon.place", as core.forced reports it; a bare "place" also works)."""
    step = step.removeprefix("dragon.")
    kind = str(action.get("type", step))
    fields = {k: v for k, v in action.items() if k != "type"}
    fields = describe({**fields, "player": -1}, state, lang)  # "player": past, palace as a number
    if isinstance(fields.get("palace"), int) and not isinstance(fields.get("palace"), bool):
        fields["palace"] = t("dragon.ui.palace_n", lang, n=fields["palace"])  # the option reads "Into palace 1"
    for key in (f"dragon.{step}.{kind}", f"dragon.action.{kind}"):
        if has(key, lang):
            return t(key, lang, **fields)
    return humanize(kind)
