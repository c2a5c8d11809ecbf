"""The Statistics screen's page file. The screen is companion/ui/pages/stats_screen.py, imported as a module:
Streamlit compiles a page file (with its "magic") afresh in every server process, a module's bytecode is cached."""

from companion.ui.pages.stats_screen import render

render()
