"""Yinzi (Spielworxx 2019): the round-by-round bookkeeping engine, exchange-rate track and score pad."""
