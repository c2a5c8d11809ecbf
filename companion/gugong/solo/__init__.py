"""Solo Gùgōng against the Automa Meng (gugong-de "SOLO VARIANT"): the engine "gugong-solo"."""
