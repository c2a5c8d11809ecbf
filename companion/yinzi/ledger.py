"""Money and goods moving between players, the bank and the board.

Exchange (RULES-Y 5F): copper and silver change only while paying and only as much as the
payment needs, at the rate above the die. All coin moves go through here so the bank ledger
(players + bank = box total) stays exact.
"""

from __future__ import annotations

from .box import Box
from .state import Player, YinziState


def rate(state: YinziState, box: Box) -> int:
    return box.rate(state.die)


def wares_on_coast_ships(state: YinziState, p: int) -> int:
    """Player p's wares still on a ship at the coast (they count at the end like wares in a factory)."""
    return sum(
        1
        for ship in state.coast
        if ship
        for s in ship["slots"]
        for it in s["items"]
        if it["kind"] == "ware" and it["owner"] == p
    )


def gain_copper(state: YinziState, p: int, n: int) -> None:
    state.players[p].copper += n
    state.bank_copper -= n


def gain_silver(state: YinziState, p: int, n: int) -> None:
    state.players[p].silver += n
    state.bank_silver -= n


def copper_worth(state: YinziState, box: Box, p: int) -> int:
    pl = state.players[p]
    return pl.copper + pl.silver * rate(state, box)


def can_pay_copper(state: YinziState, box: Box, p: int, n: int) -> bool:
    return copper_worth(state, box, p) >= n


def can_pay_silver(state: YinziState, box: Box, p: int, n: int) -> bool:
    pl = state.players[p]
    return pl.silver + pl.copper // rate(state, box) >= n


def _exchange_silver_for_copper(state: YinziState, box: Box, pl: Player) -> None:
    r = rate(state, box)
    pl.silver -= 1
    state.bank_silver += 1
    pl.copper += r
    state.bank_copper -= r


def _spend_virtual(pl: Player, n: int) -> None:
    """Copper spent comes from the virtual coins first (RULES-Y 5B Wirtschaft: "Der Spieler gibt 2
    Kupfermünzen aus": they exist only to be spent)."""
    pl.virtual_copper = max(0, pl.virtual_copper - n)


def gain_virtual_copper(state: YinziState, p: int, n: int) -> None:
    gain_copper(state, p, n)
    state.players[p].virtual_copper += n


def lapse_virtual_copper(state: YinziState) -> None:
    """Virtual coins not spent in the turn they were taken go back to the bank."""
    for pl in state.players:
        if pl.virtual_copper:
            left = min(pl.virtual_copper, pl.copper)
            pl.copper -= left
            state.bank_copper += left
            pl.virtual_copper = 0


def _exchange_copper_for_silver(state: YinziState, box: Box, pl: Player) -> None:
    r = rate(state, box)
    _spend_virtual(pl, r)
    pl.copper -= r
    state.bank_copper += r
    pl.silver += 1
    state.bank_silver -= 1


def pay_copper(state: YinziState, box: Box, p: int, n: int, to: int | None = None) -> int:
    """Pay n copper (to the bank or player `to`), breaking silver only as needed. Returns silver broken."""
    pl = state.players[p]
    broken = 0
    while pl.copper < n and pl.silver > 0:
        _exchange_silver_for_copper(state, box, pl)
        broken += 1
    assert pl.copper >= n, "caller checks can_pay_copper first"
    _spend_virtual(pl, n)
    pl.copper -= n
    if to is None:
        state.bank_copper += n
    else:
        state.players[to].copper += n
    return broken


def pay_silver(state: YinziState, box: Box, p: int, n: int, to: int | None = None) -> tuple[int, int]:
    """Pay up to n silver, buying silver with copper as needed. Returns (paid, bought)."""
    pl = state.players[p]
    bought = 0
    while pl.silver < n and pl.copper >= rate(state, box):
        _exchange_copper_for_silver(state, box, pl)
        bought += 1
    paid = min(n, pl.silver)
    pl.silver -= paid
    if to is None:
        state.bank_silver += paid
    else:
        state.players[to].silver += paid
    return paid, bought


# -- goods cubes on fields and crop tiles -------------------------------------------------------
def sources(state: YinziState, p: int, goods: tuple[str, ...] | set[str] | None = None) -> list[dict]:
    """Where player p has cubes: printed fields ("f") and crop tiles ("t"), in a fixed order."""
    out = []
    for key in sorted(state.players[p].fields):
        if state.players[p].fields[key] > 0:
            prov, good = key.split("/")
            if goods is None or good in goods:
                out.append({"src": f"f/{key}", "province": prov, "good": good})
    for i, tile in enumerate(state.tiles):
        if tile["owner"] == p and tile["cubes"] > 0 and (goods is None or tile["good"] in goods):
            out.append({"src": f"t/{i}", "province": tile["province"], "good": tile["good"]})
    return out


def find_source(state: YinziState, p: int, src: str) -> dict | None:
    for s in sources(state, p):
        if s["src"] == src:
            return s
    return None


def take_cube(state: YinziState, p: int, src: str) -> tuple[str, str]:
    """Remove one of p's cubes from a field or tile; returns (province, good)."""
    kind, _, rest = src.partition("/")
    if kind == "f":
        pl = state.players[p]
        pl.fields[rest] -= 1
        if pl.fields[rest] == 0:
            del pl.fields[rest]
        prov, good = rest.split("/")
        return prov, good
    tile = state.tiles[int(rest)]
    tile["cubes"] -= 1
    if tile["cubes"] == 0:
        tile["owner"] = None  # an empty crop tile stays on the board
    return tile["province"], tile["good"]


def put_on_field(state: YinziState, p: int, province: str, good: str, n: int) -> None:
    pl = state.players[p]
    pl.cubes -= n
    key = f"{province}/{good}"
    pl.fields[key] = pl.fields.get(key, 0) + n


def cubes_on_board(state: YinziState, p: int) -> int:
    pl = state.players[p]
    return sum(pl.fields.values()) + sum(t["cubes"] for t in state.tiles if t["owner"] == p)


def provinces_with_cubes(state: YinziState, p: int) -> list[str]:
    return sorted({s["province"] for s in sources(state, p)})


def return_cube(state: YinziState, owner: int) -> None:
    state.players[owner].cubes += 1


def workers_on_board(state: YinziState, p: int) -> int:
    """Workers that must be fed: action boxes, war box (with veterans) and migration box."""
    pl = state.players[p]
    war = sum(w for q, w in state.war_box if q == p)
    return sum(pl.boxes.values()) + war + pl.migr_upper + pl.migr_lower + pl.veterans


def own_factories(state: YinziState, p: int) -> list[int]:
    return [i for i, f in enumerate(state.factories) if f["owner"] == p and f["level"] > 0]


def wares_in_factories(state: YinziState, p: int) -> list[int]:
    return [i for i, f in enumerate(state.factories) if p in f["wares"]]


# -- the local market (RULES-Y 6) ---------------------------------------------------------------
def new_occasion(state: YinziState) -> None:
    """Selling to and buying from the local market never happen on the same occasion."""
    state.occasion = {"sold": False, "bought": False}


def can_buy_local(state: YinziState, box: Box, p: int) -> bool:
    price = int(box.v("local_market.price")["buy"])
    return sum(state.local_market) > 0 and not state.occasion["sold"] and can_pay_copper(state, box, p, price)


def buy_local(state: YinziState, box: Box, p: int) -> int:
    """Buy one food cube (used at once); returns the colour (owner) of the cube taken."""
    price = int(box.v("local_market.price")["buy"])
    pay_copper(state, box, p, price)
    owner = next(q for q, n in enumerate(state.local_market) if n > 0)
    state.local_market[owner] -= 1
    state.occasion["bought"] = True
    return owner


def can_sell_local(state: YinziState) -> bool:
    return not state.occasion["bought"]


def sell_local(state: YinziState, box: Box, p: int, src: str, better_sales: bool) -> int:
    take_cube(state, p, src)
    state.local_market[p] += 1
    price = int(box.v("local_market.price")["sell"]) + (1 if better_sales else 0)
    gain_copper(state, p, price)
    state.players[p].delivered["local"] += 1
    state.occasion["sold"] = True
    return price
