"""The Streamlit app: screens that render engine state and send one choice at a time.

No rules live here: what is legal comes from `Game.decision`, every change goes through
`companion.ui.dispatch.dispatch`, and texts are catalog keys translated at the edge.
"""
