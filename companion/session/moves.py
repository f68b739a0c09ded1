"""The moves of the log as the table names them, for "Undo Chen's Refresh?" and the refusals that name a move."""

from __future__ import annotations

from companion.i18n import N_

MOVE_NAMES: dict[str, str] = {
    "advance_phase": N_("Next phase"), "refresh": N_("Refresh"), "throw_life_preserver": N_("Life Preserver throw"),
    "declare": N_("Declaration"), "equip": N_("Rod or Reel"), "drop_sinkers": N_("Sinkers"), "fish": N_("Catch"),
    "give_up": N_("Fish given up"), "abandon_ship": N_("Abandon ship"), "draw_regret": N_("Regret draw"),
    "discard_regret": N_("Regret discard"), "pass": N_("Pass"), "claim_reward": N_("Passing reward"),
    "sell": N_("Sell"), "buy": N_("Buy"), "cycle_market": N_("Market cycled"), "mount": N_("Mount"),
    "use_can_of_worms": N_("Can of Worms"), "eat_fish": N_("Eat"), "discard_fish": N_("Fish discarded"),
    "enter_fish": N_("Fish entered"),
    "draw_dink": N_("Dink drawn"), "use_dink": N_("Dink used"), "gain_item": N_("Item gained"),
    "use_item": N_("Item used"), "gain_die": N_("Die gained"), "increment_die": N_("Die turned up"),
    "refresh_die": N_("Die refreshed"), "adjust_fishbucks": N_("Fishbucks change"),
    "reveal_regrets": N_("Regret value"),
    "use_personality": N_("Personality"), "move_regrets": N_("Regrets given"), "empty_shoal": N_("Shoal emptied"),
    "reveal_plug": N_("The Plug"), "end_game": N_("End the game"),
}
