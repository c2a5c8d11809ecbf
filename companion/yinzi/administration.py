"""5F Verwaltung: set the exchange rate (the die), take workers back and move migrants down, prepare
the new round (taxation discs back, cards out of the game, the cylinders to the provisional order)."""

from __future__ import annotations

from companion.core import Event
from companion.core.steps import push

from . import components, exchange
from .draws import draw_frame
from .state import YinziState
from .steps import STEPS, bookkeeping

RULE_ADMIN = "5F Verwaltung"


@bookkeeping("admin_exchange_rate", "5F I Kupfer-Silber-Tauschverhältnis festlegen")
def roll_the_die(state: YinziState) -> list[Event]:
    box = components.of(state)
    if state.round < box.rounds or box.rules.roll_after_last_round:
        push(state, draw_frame("die"))
    return []


def workers_home(state: YinziState) -> None:
    """5F II: workers come back from every box (not veterans laid aside) and the lower migration area;
    the upper migrants move down."""
    for p, pl in enumerate(state.players):
        pl.workers += sum(pl.boxes.values()) + pl.migr_lower + sum(w for q, w in state.war_box if q == p)
        if pl.veterans and pl.veterans_round < state.round:  # veterans fought again this round: home now
            pl.workers += pl.veterans
            pl.veterans = 0
        pl.workers += sum(pl.tableau.values())
        pl.boxes, pl.tableau = {}, {}
        pl.migr_lower, pl.migr_upper = pl.migr_upper, 0


@bookkeeping("admin_new_round", "5F II-III Arbeiter zurücknehmen; die neue Runde vorbereiten")
def prepare_new_round(state: YinziState) -> list[Event]:
    workers_home(state)
    discs = sum(pl.tax_discs for pl in state.players) + len(state.levies)  # the table's disc step, if any
    for p, pl in enumerate(state.players):
        pl.discs += pl.tax_discs + state.levies.count(p)
        pl.tax_discs = 0
        pl.played = []
        pl.fate_used, pl.worker_used, pl.actions_done = [], [], 0
    state.war_box, state.levies, state.weakened = [], [], 0
    state.emperor = {b: [] for b in state.emperor}
    state.last_order = list(state.order)
    state.prov_order = list(state.order)
    state.bonus_of = [None] * len(state.players)
    params = {"round": state.round, "rate": exchange.rate(state), "discs": discs}
    return [STEPS.event("round_ended", components.tagged(state, params, rate=components.RATES))]


def after_round(state: YinziState) -> str:
    """Four rounds, then the last chance before scoring."""
    return "bonus" if state.round < components.of(state).rounds else "final"
