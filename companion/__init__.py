"""Companion: table-side assistant for Gùgōng (with Meng), In the Year of the Dragon and Yinzi."""
