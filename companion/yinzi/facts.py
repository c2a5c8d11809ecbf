"""Yinzi's box facts as typed attributes: one record per group of the profile's keys ("infra.tiles" is
`comp.infra.tiles`), declared once here, one field per fact of data/yinzi/profile/*.yaml
(tests/architecture/test_one_mechanism.py checks the fields are exactly the profile's facts). Values are the
profile's own, unconverted: the Components' derived fields (rates, deck, ...) hold converted ones."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, get_type_hints

from companion.core import box
from companion.core.profile import BoxProfile


@dataclass(frozen=True)
class BggFacts:
    id: int


@dataclass(frozen=True)
class MapFacts:
    provinces: list[Any]
    borders: list[Any]
    coastal: list[Any]
    printed_crops: dict[Any, Any]


@dataclass(frozen=True)
class BoatFacts:
    capacities: list[Any]


@dataclass(frozen=True)
class CropsFacts:
    tiles: dict[Any, Any]
    removed_3p: dict[Any, Any]
    removed_2p: dict[Any, Any]
    track_costs: list[Any]


@dataclass(frozen=True)
class CityMarketsFacts:
    tiles: dict[Any, Any]
    price: dict[Any, Any]


@dataclass(frozen=True)
class LocalMarketFacts:
    price: dict[Any, Any]


@dataclass(frozen=True)
class CardsFacts:
    deck: list[Any]
    per_round: int


@dataclass(frozen=True)
class TaxationFacts:
    bands: list[Any]


@dataclass(frozen=True)
class WarFacts:
    vp: dict[Any, Any]


@dataclass(frozen=True)
class ProgressFacts:
    fields: dict[Any, Any]


@dataclass(frozen=True)
class ComponentsFacts:
    copper: int
    silver: int
    misfortune: int
    wood: int
    stone: int
    workers_per_player: int
    cubes_per_player: int
    discs_per_player: int
    wares_per_player: int
    colors: list[Any]


@dataclass(frozen=True)
class SetupFacts:
    start_copper: int


@dataclass(frozen=True)
class ExchangeFacts:
    start_field: int
    rates: list[Any]


@dataclass(frozen=True)
class RulesFacts:
    roll_after_last_round: bool


@dataclass(frozen=True)
class GameFacts:
    rounds: int


@dataclass(frozen=True)
class ActionsFacts:
    fate_per_round: int
    worker_per_round: int
    max_workers: int


@dataclass(frozen=True)
class InfraFacts:
    stack_size: int
    demands: dict[Any, Any]
    tiles: list[Any]


@dataclass(frozen=True)
class EmperorFacts:
    road_no_tile_copper: int
    boxes: dict[Any, Any]


@dataclass(frozen=True)
class ShipsFacts:
    kinds: dict[Any, Any]
    removed_2_3p: int


@dataclass(frozen=True)
class ForeignMarketsFacts:
    capacity: int
    vp: dict[Any, Any]


@dataclass(frozen=True)
class FactoriesFacts:
    wares: list[Any]
    upgrade_cost: dict[Any, Any]
    vp: dict[Any, Any]
    production: dict[Any, Any]


@dataclass(frozen=True)
class BoxFacts:
    """Every group of facts, read as `comp.<group>.<fact>` (yinzi.components.Components extends it)."""

    bgg: BggFacts
    map: MapFacts
    boat: BoatFacts
    crops: CropsFacts
    city_markets: CityMarketsFacts
    local_market: LocalMarketFacts
    cards: CardsFacts
    taxation: TaxationFacts
    war: WarFacts
    progress: ProgressFacts
    components: ComponentsFacts
    setup: SetupFacts
    exchange: ExchangeFacts
    rules: RulesFacts
    game: GameFacts
    actions: ActionsFacts
    infra: InfraFacts
    emperor: EmperorFacts
    ships: ShipsFacts
    foreign_markets: ForeignMarketsFacts
    factories: FactoriesFacts


def box_facts(profile: BoxProfile) -> dict[str, Any]:
    """The fields of BoxFacts for one box profile (each group's facts by their keys "<group>.<fact>")."""
    return {name: box.grouped(record, profile, name) for name, record in _RECORDS.items()}


_RECORDS: dict[str, type] = get_type_hints(BoxFacts)  # group -> its record class (annotations are postponed)
