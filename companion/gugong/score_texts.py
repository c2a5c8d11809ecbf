# ruff: noqa: E501 (one text a line, as in the catalog)
"""The English texts of Gùgōng's end-table problems and score-sheet notes: what `str(error)` and a note's
"text" say when no screen translates the code (as Dragon and Yinzi write their English messages in code).
The engine imports no i18n code and reads no catalog file; tests/i18n/test_engine_english.py keeps these equal
to companion/i18n/catalog/gugong_score.en.json, which the screens translate from."""

from __future__ import annotations

ENGLISH: dict[str, str] = {
    "gugong_score.row.during_game": "VP during the game",
    "gugong_score.row.incomplete_wall": "Incomplete Great Wall",
    "gugong_score.row.decree.vp_per_3_vp": "Decree: 1 VP per 3 VP (max 10)",
    "gugong_score.row.decree.eight_vp": "Decree: 8 VP",
    "gugong_score.row.decree.vp_per_jade": "Decree: 2 VP per jade (max 10)",
    "gugong_score.row.decree.vp_per_decree_servant": "Decree: 2 VP per servant on decrees",
    "gugong_score.row.decree.vp_per_port_servant": "Decree: 2 VP per servant on port rewards",
    "gugong_score.row.palace": "Palace arrival",
    "gugong_score.row.jade": "Jade",
    "gugong_score.row.not_in_palace": "Not in the palace (score 0)",
    "gugong_score.tiebreak.intrigue": "Tie broken by the intrigue track",
    "gugong_score.note.wall_tie": "Incomplete wall: {tied} tie with {servants} servants; {winner} wins it on intrigue (space {space}, marker {height} in the stack).",
    "gugong_score.note.wall_reaches_palace": "Incomplete wall: {player}'s envoy reaches the palace and takes arrival space {arrival}.",
    "gugong_score.note.not_in_palace": "{player}'s envoy did not reach the palace: the {points} VP are struck, final score 0, cannot win.",
    "gugong_score.note.no_winner": "No envoy reached the palace: nobody wins.",
    "gugong_score.note.unverified_fact": "{key} = {value} is a placeholder ({status}), not a value read from the box; check your board and enter the printed value.",
    "gugong_score.note.tiebreak_space": "{tied} tie on {points} VP; {winner} wins: furthest along the intrigue track (space {space}).",
    "gugong_score.note.tiebreak_stack": "{tied} tie on {points} VP and share intrigue space {space}; {winner} wins: their marker lies higher in the stack (height {height}).",
    "gugong_score.problem.player_count": "there are {count} players; Gùgōng is played by 2 to 5 (solo: you and Meng)",
    "gugong_score.problem.negative": "is {value}; it must be 0 or more",
    "gugong_score.problem.envoy_range": "is {value}; the palace track goes from 0 (start) to {max} (in the palace)",
    "gugong_score.problem.intrigue_range": "is {value}; the intrigue track goes from 0 (start) to {max}",
    "gugong_score.problem.height_min": "is {value}; use 1 for the bottom marker of a stack, 2 for the one on top of it, ...",
    "gugong_score.problem.decree_servants_many": "is {value}; at most {max} (that many decrees are in play, each bought once per player)",
    "gugong_score.problem.port_servants_many": "is {value}; a player board has {max} port-reward spaces (double servant 1, gift card 2, 4 VP 3)",
    "gugong_score.problem.unknown_decree": "unknown level-3 decree {decrees}; use one of: {known}",
    "gugong_score.problem.decree_twice": "lists a decree twice; each decree can be bought only once per player",
    "gugong_score.problem.decree_servants_few": "is {value} but the player owns {owned} level-3 decree(s), each with one of their servants above it; enter at least {owned}",
    "gugong_score.problem.decrees_in_play": "the players own the level-3 decrees {decrees}, but only {max} level-3 decrees are in play",
    "gugong_score.problem.name_empty": "is empty; give every player a name",
    "gugong_score.problem.name_twice": "{name} is used twice; every player needs a different name",
    "gugong_score.problem.meng_solo": "{mengs} Meng among {count} players; a solo game has exactly 2 entries: you and Meng (\"meng\": true)",
    "gugong_score.problem.arrival_missing": "the envoy is in the palace (envoy_steps {max}): give its arrival space (1 = first to arrive)",
    "gugong_score.problem.arrival_not_in_palace": "is set but envoy_steps is {steps}; only an envoy in the palace (envoy_steps {max}) has an arrival space",
    "gugong_score.problem.arrival_shared": "{names} all have arrival {arrival}; each palace space holds one envoy, so arrivals must differ",
    "gugong_score.problem.arrival_gap": "arrivals {arrivals} leave a gap; {count} envoys in the palace have arrivals 1 to {count}",
    "gugong_score.problem.intrigue_stack": "on intrigue space {space} the markers have heights {heights}; {count} marker(s) there need heights 1 to {count} (1 = bottom)",
    "gugong_score.note.not_yet_in_palace": "{player} is not in the palace yet: only an envoy in the palace by the end of day 4 can win.",
    "gugong_score.note.wall_tie.running": "Incomplete wall: {tied} are level with {servants} servants; {winner} is ahead on intrigue (space {space}, marker {height} in the stack).",
    "gugong_score.note.tiebreak_space.running": "{tied} are level on {points} VP; {winner} is ahead for now: furthest along the intrigue track (space {space}).",
    "gugong_score.note.tiebreak_stack.running": "{tied} are level on {points} VP and share intrigue space {space}; {winner} is ahead for now: their marker lies higher in the stack (height {height}).",
}
