"""Editions of the rules: a game is played to its end by the reading of the rulebook it was started with.

Edition 1 is the engine as first released. Edition 2 follows the rulebook where a second reading found
the engine wrong (docs/rulings/yinzi.md: 23, 25, 29, 31 and the rulings after them). Edition 3 plays the
same rules and asks planting as one step with a count ("plant 3 wheat fields in Zhejiang"); an edition-2
game keeps asking field by field, so its log (and its token of option indices) replays as it was
written. Edition 4 follows the rulebook where a third reading found the engine wrong (issue 26; rulings
14, 15, 22, 25): the virtual-copper disc at the round end, the local market after the action, an
overbuilt empty crop tile gone, emperor-area discs only when they can be carried out. Edition 5 plays the
same rules and asks after the action only when it offers something the turn question did not (ruling 40).
Edition 6 (issue 22, ruling 41): with table entry on and the exchange rates unchecked, the table reads the rate
above the die where it stands (companion.yinzi.corrections).
Edition 7 (issue 22, rulings 42-44): likewise the table reads a boat-track field's capacity, a crop-track field's
cost and a foreign market's victory points where the game first uses them (companion.yinzi.readings).
A game's setup names its edition (`setup["rules"]`); a new game naming none plays the current one.
A save or token written before there were editions names none and is read back as edition 1
(`EDITIONS.saved_setup`, called by the codec), so every saved game replays step for step and goes on by the
rules it was played with. The mechanism is companion.core.editions; this module only declares the fixes.
The edition belongs to the engine playing the game, not to the table: it is not part of the state's JSON.
"""

from __future__ import annotations

from companion.core.editions import Editions

CURRENT = 7
UNNAMED = 1  # the edition of a setup written before there were editions
# what changed, and the first edition with it
FIXES = {
    "occasion_per_player": 2,  # RULES-Y 6 (Y 976): an occasion at the local market is one player's
    "level_iii_room": 2,  # 5B Waren produzieren (Y 632, 648): two wares at once need room for two, not an empty factory
    "personal_in_part": 2,  # 5D III (Y 862): personal infrastructure tiles may be fulfilled in part
    "lone_half_food": 2,  # 5C (Y 802, 806): a lone half-food cube feeds nobody and is not taken
    "ambassador_follows_delivery": 2,  # 5B Diplomatie (Y 516): the ambassador follows who delivered
    "war_bonds_on_turn": 2,  # 5B Fortschritte (Y 512, 566): war bonds may be cashed on a turn
    "plant_fields_at_once": 3,  # 5B Pflanzen anbauen: n fields of one crop in one step (same rules, fewer steps)
    "virtual_copper_round_end": 4,  # 5B Fortschritte (Y 512, 542): the virtual-copper disc in the round-end phases
    "market_after_action": 4,  # 6 (Y 968, 379): the local market until the turn is handed on, also after the action
    "empty_tile_gone": 4,  # 5B (Y 457, 497): an empty crop tile overbuilt or removed for a factory is gone
    "emperor_discs_if_useful": 4,  # 5B Vorhaben des Kaisers (Y 530, 548, 550): offered only when they can be used
    "after_action_if_new": 5,  # ruling 40: after the action, a question only when it offers something new
    "rate_read": 6,  # ruling 41 (issue 22): with table entry, the table reads the exchange track where the die stands
    "box_read": 7,  # rulings 42-44 (issue 22): boat capacities, crop-track costs, foreign-market VP read where used
}


EDITIONS = Editions(current=CURRENT, fixes=FIXES, error="yinzi.bad_rules", unnamed=UNNAMED)
