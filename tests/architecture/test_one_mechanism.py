"""One mechanism each, in core: a test enumerating the engines that fails on a second one (issue 27, "done
means"). Grep-level on purpose: each rule is a pattern a second, hand-written mechanism would match, and each
is shown to catch one in a throwaway tree."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from companion.core.game import Game
from companion.core.registry import manifests

ROOT = Path(__file__).resolve().parents[2] / "companion"
EDITION_CHECK = re.compile(r"\.rules\s*(>=|<=|>|<|==|!=)")  # comparing an edition by hand, outside core
# validating a table against a JSON Schema, or raising an end-table refusal of one's own code family
TABLE_CHECK = re.compile(r"^\s*(import jsonschema|from jsonschema)|schema_problem|\bvalidate\(|"
                         r"Error\(\s*[\"'][a-z_]+\.(table|bad_table)", re.MULTILINE)


def engine_packages(root: Path = ROOT) -> list[str]:
    """The packages of the listed games' engines (gugong-solo lives inside gugong)."""
    found = {m.engine.__class__.__module__.split(".")[1] for m in manifests() if m.engine.__class__.__module__
             .startswith(f"{root.name}.")}
    return sorted(found)


def editions_problems(root: Path, engines: list[str]) -> list[str]:
    problems = []
    for engine in engines:
        for path in sorted((root / engine).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            rel = path.relative_to(root)
            if EDITION_CHECK.search(text):
                problems.append(f"{rel}: compares the rules edition by hand (use EDITIONS.has(state, fix))")
            tree = ast.parse(text)
            defined = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.ClassDef)}
            if path.name == "editions.py" and defined:
                problems.append(f"{rel}: an editions module with its own code {sorted(defined)} "
                                "(declare an Editions of companion.core.editions)")
            if path.name != "engine.py" and {"saved_setup", "of_setup"} & defined:
                problems.append(f"{rel}: a second saved_setup/of_setup (companion.core.editions has the one)")
    return problems


def end_table_problems(root: Path, engines: list[str]) -> list[str]:
    """Every place an engine checks an end-of-game table by its own means (core.end_table is the one check)."""
    problems = []
    for engine in engines:
        for path in sorted((root / engine).rglob("*.py")):
            found = TABLE_CHECK.search(path.read_text(encoding="utf-8"))
            if found:
                problems.append(f"{path.relative_to(root)}: {found.group(0).strip()!r} checks an end table by hand "
                                "(the manifest's end_table_schema drives companion.core.end_table; refuse with "
                                "core.end_table.refuse)")
    return problems


STEP_IDIOM = re.compile(r"^def (step|decision|bookkeeping)\(\s*kind|^def event\(\s*code|"
                        r"\bEvent\(f?[\"'][a-z_]+\.", re.MULTILINE)


def step_problems(root: Path, engines: list[str]) -> list[str]:
    """Every engine module with a step decorator or event constructor of its own (core.steps has the one)."""
    problems = []
    for engine in engines:
        for path in sorted((root / engine).rglob("*.py")):
            found = STEP_IDIOM.search(path.read_text(encoding="utf-8"))
            if found:
                problems.append(f"{path.relative_to(root)}: {found.group(0)!r} (use STEPS.step / STEPS.bookkeeping / "
                                "STEPS.event of companion.core.steps, worded by the game's Idiom)")
    return problems


def test_the_listed_engines_are_the_known_packages():
    assert engine_packages() == ["dragon", "gugong", "yinzi"]


def test_one_editions_mechanism():
    assert editions_problems(ROOT, engine_packages()) == []


@pytest.mark.parametrize(("rel", "text"), [
    ("gugong/editions.py", "def revised(state):\n    return state.rules >= 2\n"),
    ("yinzi/editions.py", "FIXES = {}\n\ndef has(state, fix):\n    return True\n"),
    ("yinzi/setup.py", "def saved_setup(setup):\n    return setup\n"),
    ("gugong/morning.py", "if state.rules > 1:\n    pass\n"),
])
def test_a_second_editions_mechanism_is_caught(tmp_path, rel, text):
    path = tmp_path / "companion" / rel
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    assert editions_problems(tmp_path / "companion", ["gugong", "yinzi"]) != []


def test_one_end_table_check():
    assert end_table_problems(ROOT, engine_packages()) == []
    for m in manifests():  # every scorer with a schema runs behind the one check
        if m.score_table is not None and m.end_table_schema:
            assert getattr(m.score_table, "end_table_checked", False), m.name


@pytest.mark.parametrize(("rel", "text"), [
    ("dragon/end_table.py", "import jsonschema\n\ndef score_table(data):\n    jsonschema.validate(data, {})\n"),
    ("yinzi/commands.py", "raise CompanionError(\"yinzi.bad_table\", \"bad\")\n"),
    ("gugong/end_table.py", "from companion.core.validate import schema_problem\n"),
])
def test_a_second_end_table_check_is_caught(tmp_path, rel, text):
    path = tmp_path / "companion" / rel
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    assert end_table_problems(tmp_path / "companion", ["dragon", "gugong", "yinzi"]) != []


def test_one_step_decorator_and_event_factory():
    assert step_problems(ROOT, engine_packages()) == []
    product = tuple(f"{ROOT.name}.{e}." for e in engine_packages())
    for m in manifests():  # every step of the product (not a toy game a test registers) cites its book
        steps = getattr(m.engine, "steps", None) if m.engine.__class__.__module__.startswith(product) else None
        for step in (steps.kinds.values() if steps is not None else ()):
            assert (step.ref and all(r.book for r in step.ref)) or not step.rule, (m.name, step.kind)


@pytest.mark.parametrize(("rel", "text"), [
    ("dragon/steps.py", "def step(kind, rule, options=None):\n    return STEPS.step(kind, rule, options)\n"),
    ("gugong/steps.py", "def event(code, **params):\n    return Event(code, params)\n"),
    ("yinzi/taxation.py", "events.append(Event(\"yinzi.taxed\", {}))\n"),
    ("gugong/solo/meng.py", "def say(code, **params):\n    return Event(f\"meng.event.{code}\", params)\n"),
])
def test_a_second_step_idiom_is_caught(tmp_path, rel, text):
    path = tmp_path / "companion" / rel
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    assert step_problems(tmp_path / "companion", ["dragon", "gugong", "yinzi"]) != []


def test_extra_options_are_declared_not_rewritten():
    """Gùgōng's trades are one declared ExtraOptions: no engine rewrites the registered steps (STEPS.kinds[...] =)
    or keys a cache by id(step)."""
    for engine in engine_packages():
        for path in sorted((ROOT / engine).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"STEPS\.kinds\[[^\]]+\]\s*=|id\(step\)", text), path
    from companion.gugong.steps import STEPS
    from companion.gugong.trades import TRADES

    assert STEPS.extras == [TRADES]
    assert all(step.resolve.__module__ != "companion.gugong.trades" for step in STEPS.kinds.values())


# -- box facts: one loader (core.box), one accessor style, one provenance helper (core.provenance) ----------------
# a loader of one's own: the shipped profile read by hand, or a cached function that builds components
LOADER = re.compile(r"\bload_default\(|^@(functools\.)?(cache|lru_cache)\b.*\n(def \w*(components|box)\w*\(|"
                    r".*\bwith_overrides\()", re.MULTILINE)
# marks of one's own: the params key written by hand, or unverified facts cached per components object
PROVENANCE = re.compile(r"\bUNVERIFIED\b|\[\s*[\"']unverified[\"']\s*\]\s*=|\{\s*[\"']unverified[\"']\s*:|"
                        r"\bid\(\s*state\.comp\s*\)")
# raw-key reads of a fact a typed attribute carries (`comp.act.wall_b_cost`, `comp.infra.tiles`)
RAW_READ = re.compile(r"\bact\[|\bvalue\(state, [\"']|\.profile\.value\([\"']|\.v\(")


def box_problems(root: Path, engines: list[str]) -> list[str]:
    """Every engine module that loads a box or marks provenance by its own means, and every engine that does not
    register exactly one build with companion.core.box."""
    problems = []
    for engine in engines:
        registered = 0
        for path in sorted((root / engine).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            rel = path.relative_to(root)
            registered += len(re.findall(r"\bbox\.register\(", text))
            if found := LOADER.search(text):
                problems.append(f"{rel}: {found.group(0).strip()!r} loads a box by hand (register a build with "
                                "companion.core.box and read box.components / box.profile)")
            if found := PROVENANCE.search(text):
                problems.append(f"{rel}: {found.group(0).strip()!r} marks provenance by hand (use tag / tag_event / "
                                "carry of companion.core.provenance)")
        if registered != 1:
            problems.append(f"{engine}: {registered} box.register calls (one build per engine)")
    return problems


def test_one_box_loader_and_one_provenance_helper():
    assert box_problems(ROOT, engine_packages()) == []
    from companion.core import box

    assert {"dragon", "gugong", "yinzi"} <= set(box._LOADERS)


GOOD_COMPONENTS = "from companion.core import box\n\nbox.register('gugong', build)\n"


@pytest.mark.parametrize(("rel", "text"), [
    ("gugong/solo/box.py", "from companion.core.profile import load_default\n\nFACTS = load_default('gugong')\n"),
    ("gugong/meng_box.py", "@cache\ndef meng_components(key):\n    return build(key)\n"),
    ("gugong/boxes.py", "@lru_cache(maxsize=8)\ndef _box(key):\n    return PROFILE.with_overrides(key)\n"),
    ("gugong/more.py", GOOD_COMPONENTS),  # a second build registered for the same engine
    ("gugong/marks.py", "from companion.core.provenance import UNVERIFIED\n"),
    ("gugong/wall.py", "params['unverified'] = {'vp': ['wall_majority_vp']}\n"),
    ("gugong/night.py", "return Event(code, {'unverified': marks, **params})\n"),
    ("gugong/jade.py", "_SEEN[(id(state.comp), keys)] = found\n"),
])
def test_a_second_box_loader_or_provenance_helper_is_caught(tmp_path, rel, text):
    engine = tmp_path / "companion" / "gugong"
    engine.mkdir(parents=True)
    (engine / "components.py").write_text(GOOD_COMPONENTS, encoding="utf-8")
    assert box_problems(tmp_path / "companion", ["gugong"]) == []
    path = tmp_path / "companion" / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    assert box_problems(tmp_path / "companion", ["gugong"]) != []


def raw_reads(root: Path, engines: list[str]) -> list[str]:
    """Every engine module that reads a box fact by its key where a typed attribute carries it."""
    problems = []
    for engine in engines:
        for path in sorted((root / engine).rglob("*.py")):
            if found := RAW_READ.search(path.read_text(encoding="utf-8")):
                problems.append(f"{path.relative_to(root)}: {found.group(0)!r} reads a fact by key (read the typed "
                                "attribute of the game's Components: comp.act.wall_b_cost, comp.infra.tiles)")
    return problems


def test_one_accessor_style():
    """Every engine reads box facts as typed attributes of its Components (`comp.act.wall_b_cost`,
    `comp.meng_act.swap_vp`, `comp.infra.tiles`), never by a raw key written in the code."""
    assert raw_reads(ROOT, engine_packages()) == []


@pytest.mark.parametrize(("rel", "text"), [
    ("yinzi/taxation.py", "bands = components.of(state).v(\"taxation.bands\")\n"),
    ("gugong/wall.py", "cost = state.comp.act[\"wall_b_cost\"]\n"),
    ("gugong/solo/dusk.py", "cost = value(state, \"dusk_wall_cost\")\n"),
    ("gugong/solo/night.py", "n = state.comp.profile.value(\"meng.fixed_matches\")\n"),
])
def test_a_raw_key_read_is_caught(tmp_path, rel, text):
    path = tmp_path / "companion" / rel
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    assert raw_reads(tmp_path / "companion", ["gugong", "yinzi"]) != []


def test_typed_records_declare_the_schema_keys():
    """The typed records declare each key of their fact once: exactly the keys the profile schema requires."""
    import json
    from dataclasses import fields

    from companion.gugong.components import Actions, MengActions, MengFacts

    schema = json.loads((ROOT.parent / "data" / "schemas" / "profile-gugong.json").read_text(encoding="utf-8"))
    for record, fact in ((Actions, "action_values"), (MengActions, "meng.action_values")):
        assert [f.name for f in fields(record)] == schema["facts"][fact]["required"], fact
    from companion.gugong.components import components

    profile = components().profile
    assert {f"meng.{f.name}" for f in fields(MengFacts)} == {k for k in profile.facts if k.startswith("meng.")} - {
        "meng.action_values"}
    from typing import get_type_hints

    from companion.yinzi.components import for_overrides
    from companion.yinzi.facts import BoxFacts

    declared = {f"{group}.{f.name}" for group, record in get_type_hints(BoxFacts).items() for f in fields(record)}
    assert declared == set(for_overrides(None).profile.facts)  # every Yinzi fact, each declared once


# a copy of a state written by hand: a clone/copy function or method, a dict swapped in, a deep copy by the library
HAND_COPY = re.compile(r"^\s*def (clone|copy|copy_state|\w+_copy)\(|\.__dict__\s*=[^=]|\bdeepcopy\(|"
                       r"\breplace\(\s*(s|state|pl|player),", re.MULTILINE)


def copy_problems(root: Path, engines: list[str]) -> list[str]:
    """Every engine module that copies a state by hand (companion.core.copies writes the one copy from the fields)."""
    problems = []
    for engine in engines:
        for path in sorted((root / engine).rglob("*.py")):
            found = HAND_COPY.search(path.read_text(encoding="utf-8"))
            if found:
                problems.append(f"{path.relative_to(root)}: {found.group(0).strip()!r} copies a state by hand "
                                "(Game.clone / companion.core.copies.copy write it from the dataclass fields)")
    return problems


def test_one_state_copy():
    assert copy_problems(ROOT, engine_packages()) == []
    for m in manifests():  # no engine of the product overrides the core's copy
        if m.engine.__class__.__module__.startswith(f"{ROOT.name}."):
            assert type(m.engine).clone is Game.clone, m.name


@pytest.mark.parametrize(("rel", "text"), [
    ("gugong/state.py", "class Boat:\n    def copy(self) -> Boat:\n        b = Boat.__new__(Boat)\n"
                        "        b.__dict__ = self.__dict__.copy()\n        return b\n"),
    ("gugong/solo/state.py", "class MengState:\n    def clone(self) -> MengState:\n        return self\n"),
    ("dragon/state.py", "def clone(s):\n    return replace(s, players=list(s.players))\n"),
    ("dragon/state.py", "def _player_copy(pl):\n    return replace(pl, hand=list(pl.hand))\n"),
    ("yinzi/state.py", "def copy_state(state):\n    return marshal.loads(marshal.dumps(state))\n"),
    ("yinzi/infra.py", "scratch = copy.deepcopy(state)\n"),
])
def test_a_hand_written_copy_is_caught(tmp_path, rel, text):
    path = tmp_path / "companion" / rel
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    assert copy_problems(tmp_path / "companion", ["dragon", "gugong", "yinzi"]) != []
