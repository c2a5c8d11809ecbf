"""Gùgōng (Game Brewer 2018) for 2-5 players: the rules engine is `companion.gugong.engine.GAME`."""
