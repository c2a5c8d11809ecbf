"""One table's view of the store: every call is for that table's games, settings and box corrections.

The app hands screens a `TableStore`, so a screen cannot reach another table's games by mistake.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.session import Session
from . import history
from .base import GameRow, Store
from .errors import DamagedRowError

if TYPE_CHECKING:
    import pandas as pd


@dataclass(frozen=True)
class TableStore:
    """`on_damage`: told about a damaged setting or box record, whose default is then used (None: raise)."""

    store: Store
    owner: str
    on_damage: Callable[[DamagedRowError], None] | None = None
    before_save: Callable[[], None] | None = None  # e.g. store the table's code at its first save

    def _saving(self) -> None:
        if self.before_save is not None:
            self.before_save()

    def list_games(self) -> list[GameRow]:
        return self.store.list_games(owner=self.owner)

    def create_game(self, session: Session, title: str = "", meta: dict | None = None) -> GameRow:
        self._saving()
        return self.store.create_game(session, owner=self.owner, title=title, meta=meta)

    def load_game(self, game_id: str) -> tuple[Session, GameRow]:
        return self.store.load_game(game_id, owner=self.owner)

    def has_game(self, game_id: str) -> bool:
        return self.store.has_game(game_id, owner=self.owner)

    def revision(self, game_id: str) -> int | None:
        return self.store.revision(game_id, owner=self.owner)

    def save_text(self, game_id: str) -> str:
        return self.store.save_text(game_id, owner=self.owner)

    def delete_game(self, game_id: str) -> bool:
        return self.store.delete_game(game_id, owner=self.owner)

    def box_overrides(self, game: str) -> dict[str, Any]:
        try:
            return self.store.box_overrides(game, owner=self.owner)
        except DamagedRowError as err:
            if self.on_damage is None:
                raise
            self.on_damage(err)
            return {}

    def set_box_overrides(self, game: str, overrides: dict[str, Any]) -> None:
        self._saving()
        self.store.set_box_overrides(game, overrides, owner=self.owner)

    def setting(self, key: str, default: Any = None) -> Any:
        try:
            return self.store.setting(key, default, owner=self.owner)
        except DamagedRowError as err:
            if self.on_damage is None:
                raise
            self.on_damage(err)
            return default

    def set_setting(self, key: str, value: Any) -> None:
        self._saving()
        self.store.set_setting(key, value, owner=self.owner)

    def save_result(self, record: dict[str, Any]) -> None:
        self._saving()
        self.store.save_result(record, owner=self.owner)

    def delete_result(self, result_id: str) -> bool:
        return self.store.delete_result(result_id, owner=self.owner)

    def results_version(self) -> str:
        return self.store.results_version(owner=self.owner)

    def result_frames(self) -> dict[str, pd.DataFrame]:
        return self.store.result_frames(owner=self.owner)

    def finished_without_result(self) -> list[str]:
        return self.store.finished_without_result(owner=self.owner)

    # -- the play history's people and deleted plays (companion/storage/history.py) ----------------
    def set_deleted(self, result_id: str, deleted: bool) -> bool:
        return history.set_deleted(self.store, result_id, deleted, owner=self.owner)

    def deleted_results(self) -> list[dict[str, Any]]:
        return history.deleted_results(self.store, owner=self.owner)

    def people(self) -> list[dict[str, Any]]:
        return history.people(self.store, owner=self.owner)

    def merge_people(self, alias: str, into: str) -> bool:
        return history.merge_people(self.store, self.owner, alias, into)

    def unmerge_person(self, alias: str) -> bool:
        return history.unmerge_person(self.store, self.owner, alias)
