# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Thurn und Taxis
#
# Choose the players (humans or bots) and the rules, then start: the bots' turns are shown one action at a time.

# %%
from thurn.widgets import GameApp

GameApp()
