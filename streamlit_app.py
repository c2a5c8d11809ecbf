"""Companion app entry point (the full app arrives with the app issue)."""

import streamlit as st

st.set_page_config(page_title="Companion", page_icon="🀄")
st.title("Companion")
st.write("Gùgōng · In the Year of the Dragon · Yinzi")
