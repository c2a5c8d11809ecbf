"""Play history and statistics: results of finished games and quick scores, kept in the store,
aggregated with pandas, exported as CSV and to BG Stats. No Streamlit here (the screen is
companion/ui/pages/stats.py; the printable season summary reads `season.season_summary`)."""
