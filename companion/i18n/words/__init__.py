"""Per-game vocabularies for companion.i18n.labels: `describe(params, state_json, lang, setup)`."""
