"""The app-wide look that Streamlit's theme settings cannot say (WCAG 2.2 AA, issue 20).

- Secondary text (captions, help under a widget, a disabled button's label) is dark enough to read: Streamlit
  draws a caption at 60 % opacity (#828180 on white, 3.9:1); here fully opaque in a grey of 7:1.
- What a finger taps is at least 44 px high (buttons, links to pages, the parts of an expander, tabs), and the
  small controls (a number field's + and −, a check box) at least 24×24 px (WCAG 2.5.5 and 2.5.8).

Only Streamlit's stable hooks are used: data-testid attributes and the st-key-* classes of keyed widgets.
"""

from __future__ import annotations

import streamlit as st

SECONDARY_TEXT = "#55575f"  # 7.2:1 on white, 6.4:1 on Streamlit's light grey (#f0f2f6)
TAP = "44px"  # a primary control: a finger's width
SMALL_TAP = "24px"  # anything else that can be tapped

CSS = f"""
<style>
[data-testid="stCaptionContainer"], [data-testid="stCaptionContainer"] p,
[data-testid="stWidgetLabel"] [data-testid="stCaptionContainer"],
[data-testid="InputInstructions"], [data-testid="stTooltipHoverTarget"] svg,
.stTooltipIcon, [data-testid="stMetricDelta"] ~ div,
[data-testid="stExpanderToggleIcon"], [data-testid="stMarkdownContainer"] small {{
  color: {SECONDARY_TEXT};
}}
[data-testid="stCaptionContainer"] {{
  opacity: 1;  /* Streamlit fades captions to 60 %: the colour above is already the secondary one */
}}
button[data-testid^="stBaseButton"]:disabled, button[data-testid^="stBaseButton"]:disabled p {{
  color: {SECONDARY_TEXT};
}}
button[data-testid^="stBaseButton"] {{
  min-height: {TAP};
}}
[data-testid="stPageLink"] a, [data-testid="stPageLink-NavLink"] {{
  min-height: {TAP};
  display: flex;
  align-items: center;
}}
@media (max-width: 640px) {{  /* the navigation a phone opens over the page: one finger per line */
  [data-testid="stSidebarNavLink"] {{
    min-height: {TAP};
  }}
}}
[data-testid="stHeaderActionElements"] {{
  display: none;  /* the 16 px "link to this heading" anchors: a player never needs them */
}}
[data-testid="stExpander"] summary {{
  min-height: {TAP};
}}
[data-testid="stTab"], button[role="tab"] {{
  min-height: {TAP};
}}
[data-testid="stNumberInputStepDown"], [data-testid="stNumberInputStepUp"] {{
  min-width: {SMALL_TAP};
  min-height: {SMALL_TAP};
}}
[data-testid="stCheckbox"] label, [data-testid="stRadio"] label {{
  min-height: {SMALL_TAP};
}}
/* the parts' own rules, here so that a run sends one style element, not one per part (issue 23) */
[class*='st-key-something_else_'] button {{
  min-width: {TAP};  /* "Something else…": every choice a finger's width */
}}
[class*='st-key-entry_grid_'] button * {{  /* a long label wraps: a decree's printed cost is never cut off */
  white-space: normal !important;
  text-overflow: clip !important;
  overflow: visible !important;
}}
.st-key-meng_page h2 {{  /* Meng's page steps h1 -> h2 (no skipped level), at a size that fits a phone */
  font-size: 1.35rem;
  padding-top: 0.75rem;
}}
</style>
"""


def apply() -> None:
    """Once per run, before the page draws: a style element only (it takes no room on the page)."""
    st.html(CSS)
