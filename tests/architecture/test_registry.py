"""The light game list (core.registry.GAMES) says what each game's manifest says, and listing the games imports no
engine: Home lists the games without paying for four engines (issue 23, first load)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from companion.core import registry
from companion.core.registry import GAMES, Listing, game_names, listing, manifest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("entry", GAMES, ids=lambda g: g.name)
def test_each_listing_agrees_with_its_manifest(entry):
    found = entry.load()
    assert (found.name, found.box, found.solo) == (entry.name, entry.box, entry.solo)
    assert (found.min_players, found.max_players) == (entry.min_players, entry.max_players)
    assert found.title == f"ui.game.{entry.name}"  # the title Home shows before the manifest is loaded
    assert listing(entry.name) is entry and manifest(entry.name) is found


def test_a_listing_that_disagrees_with_its_manifest_is_caught():
    wrong = Listing("dragon", "companion.yinzi.manifest:MANIFEST", "dragon", 2, 5)
    with pytest.raises(TypeError, match="listed as 'dragon'"):
        wrong.load()
    with pytest.raises(TypeError, match="not a Manifest"):
        Listing("yinzi", "companion.yinzi.manifest:GAME", "yinzi", 2, 4).load()


def test_the_listings_are_in_the_registrys_order_and_unique():
    assert [g.name for g in GAMES] == ["gugong", "gugong-solo", "dragon", "yinzi"]
    assert game_names()[:4] == [g.name for g in GAMES]
    assert len({g.target for g in GAMES}) == len(GAMES)
    assert registry.listing("toy-pig") is None


def test_listing_the_games_imports_no_engine_and_one_manifest_only_its_own():
    code = (
        "import sys\n"
        "from companion.core.registry import game_names, manifest\n"
        "names = game_names()\n"
        "engines = ('companion.gugong', 'companion.dragon', 'companion.yinzi')\n"
        "assert not [m for m in sys.modules if m.startswith(engines)], names\n"
        "manifest('dragon')\n"
        "assert 'companion.dragon.engine' in sys.modules\n"
        "assert not [m for m in sys.modules if m.startswith(('companion.gugong', 'companion.yinzi'))]\n"
        "assert 'yaml' not in sys.modules and 'jsonschema' not in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
