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
# # Play a game of Thurn und Taxis
#
# This notebook is a game table. The app just below deals a game between **Ann** (that is you: put your own
# name first) and a **Bot** that plays at random. Click a button to take an action; the bot takes its whole
# turn as soon as you end yours, and the message under the buttons says what it did. The rest of the notebook
# explains the app one panel at a time: what it shows, how to type an action, how to take a move back, and how a
# game is saved, so that nothing is lost when the kernel restarts.
#
# To play without the notebook around it, run `make play`: the same game as an app of its own, with a **New
# game** panel (players, bots, rules, expansions, seed), the bots' turns shown one action at a time, and a
# game-over screen.
#
# If you do not know the rules yet, start with `01_rules_walkthrough`. In short, a turn has three steps
# (base rules, Game Play): **draw** a city card, **play** a card at an end of your route, and **score** the
# route when it has 3 cards or more, placing houses in its cities.

# %%
import tempfile
import textwrap
import time
from pathlib import Path

import thurn
from thurn.bots import RandomBot
from thurn.widgets import Play



def say(text, width=96):
    """Print the app's words wrapped between words (a notebook's output breaks a long line anywhere)."""
    print(textwrap.fill(str(text), width, subsequent_indent="  "))


app = Play(players=("Ann", "Bot"), bots={"Bot": RandomBot(seed=1)}, seed=2006)
app

# %% [markdown]
# `Play(...)` shows itself when it is the last line of a cell. The `seed` deals the cards, so this game is the
# same each time the notebook runs; leave it out for a fresh deal.
#
# ## What the app shows
#
# From the top:
#
# - **The status line**: the round (every player takes one turn a round), whose move it is, and what this
#   step of the turn is about, with its rule ("base rules, 1" is the draw step).
# - **The map**: the provinces as shaded regions (the legend names their colours), the cities and the roads,
#   every player's houses as coloured squares and every player's route in his colour; the route of the player
#   to move is drawn thickest and numbered from its left end. When you are about to play a card, the cities of
#   your cards that fit an end of your route are ringed. The title names the round and the last action, so it
#   changes after every click.
# - **Your hand**, **the display** (the six face-up cards), the deck and the discard pile. Cards are
#   coloured by province, as on the map. Only your hand: the bot's is a count in the players' table, and the
#   log says "Bot draws a card from the deck" (base rules, 1: the deck's cards are drawn face down). With two
#   or more humans at one screen, each one's hand shows after a **Pass to Ben: show my hand** click.
# - **The players**: cards in hand, route, houses placed and left, carriage, bonus tiles, and the score each
#   would have if the game ended now. Every house not placed yet counts −1 at the end, so everyone starts at
#   −20 (Game End and Scoring).
# - **The officials**: which one helped this turn and which can help now (one per turn).
# - **The buttons**: one for each action the rules allow now, and no other, grouped by kind: draw, call an
#   official, play at the left end / right end / as a new route, score (each way of placing houses, named by
#   its rule option, with the points it brings), keep three cards, end the turn. A button that would throw
#   away your route says so ("discard Ulm–Augsburg, start with München"), and with a route of one card, whose
#   two ends are the same place, a card that fits gets one button.
# - **The message** under the buttons: what just happened, or why an action is not allowed.
# - **Hint**, beside the box for typed actions: the best few actions now, with the reason, and the best one
#   drawn on the map.
# - **The log** of the whole game, newest at the bottom (new lines highlighted), and the **undo** and
#   **save / load** tools beside it (**Download the game** saves it as a file in your browser).
#
# To see this without clicking, the rest of the notebook drives a second app from code, in a hotseat game
# (no bot: Ann and Ben both click). It is not shown, so the game above stays yours; everything it does is
# what a click does.

# %%
demo = Play(["Ann", "Ben"], seed=7, autosave=False)
demo.state

# %% [markdown]
# Ann starts with no cards, so the engine has already called the Postmaster for her: she draws two cards
# this turn (base rules, 1). The app lists the same actions as the engine, button for button:

# %%
[button.description for button in demo.action_buttons]

# %%
assert [b.action for b in demo.action_buttons] == demo.state.legal_actions()

# %% [markdown]
# A click is `button.click()` in code. Ann takes München from the display; the message says what happened,
# in the words of the log, and the buttons change: a new card has filled the display.

# %%
demo.action_buttons[0].click()
say(demo.message)

# %%
[button.description for button in demo.action_buttons]

# %% [markdown]
# ## Typing an action
#
# Under the buttons there is a text box: type an action and press Enter (or click **Do it**). The words are
# the game's: `draw deck`, `draw Ulm`, `call Postmaster`, `call Postal Carrier`, `play Ulm right` (or `left`,
# or `new` to start a new route), `score Ulm+Augsburg`, `keep Ulm+Basel+Linz`, `end`. Accents and capitals
# do not matter. Every button shows what to type for it when you hover over it, and the box suggests actions
# you can take now.
#
# In code, `app.do(...)` is the same as typing. Ann draws her second card from the deck:

# %%
demo.do("draw deck")
say(demo.message)

# %% [markdown]
# An action the rules do not allow is never ignored: the message says why, citing the rule, and nothing
# changes. Ann must play a card now; she cannot end her turn first:

# %%
before = demo.state
demo.do("end")
say(demo.message)
assert demo.state is before

# %% [markdown]
# She already had the Postmaster's help, and only one official may help per turn:

# %%
demo.do("call administrator")
say(demo.message)

# %% [markdown]
# A city the engine does not know, or words it cannot read, are explained too:

# %%
demo.do("play nurnburg new")
say(demo.message)

# %%
demo.do("fly to ulm")
say(demo.message)

# %% [markdown]
# Ann starts her route with München. A route of one card is too short to score (base rules, 3), so her
# turn ends by itself and Ben's begins:

# %%
demo.do("play munchen new")
say(demo.message)

# %%
demo.state.to_move_name, demo.state.step

# %% [markdown]
# Ann and Ben share the screen, so Ben's hand stays hidden (and no button, hint or ringed city gives it away)
# until he clicks **Pass to Ben: show my hand**; Ann's hand is then hidden in turn. A click in code:

# %%
demo.pass_button.click()

# %% [markdown]
# ## Asking for a hint
#
# Stuck? **Hint** asks a bot what it would do (by default the greedy bot of `thurn.bots`, which weighs each
# legal action by what it does for the route, the houses, the tiles and the carriage) and lists its best
# three with the reason in words; the best is drawn on the map. From code:

# %%
for h in demo.hint():
    say(h)

# %% [markdown]
# ## Taking moves back
#
# The **history** slider under the log goes back to any earlier action; **Back to here** returns the game to
# that point. The app does not store old positions: it replays the game's start (`state.root`) with the
# first actions of its history, the same way a saved game is loaded. In code, `back_to(k)` keeps the first
# `k` actions. Back to Ann's first draw:

# %%
demo.back_to(1)
demo.state.history

# %%
assert demo.state == thurn.replay(demo.state.root, ["draw munchen"])

# %% [markdown]
# That is **teaching mode**, the default here: go back anywhere and try another way. Against bots it would let
# you peek: draw from the deck, look, take it back, and draw from the display instead. So a **fair game**
# (`undo="fair"`, the app's default) never goes back before a card revealed from the deck (a draw, the display
# refilled, the Administrator) or before a bot's action. Ann draws München (the display is refilled from the
# deck) and then the deck's top card; going back to draw again is refused:

# %%
fair = Play(["Ann", "Ben"], seed=7, autosave=False, undo="fair")
fair.do("draw munchen")
fair.do("draw deck")
fair.back_to(1)
say(fair.message)
assert len(fair.state.history) == 2
fair.close()     # an app not shown is closed once used, with every widget it made

# %% [markdown]
# ## Saving and loading
#
# **Save** writes the game to a JSON file (the name in the box beside it), **Load** reads one back, from a
# path or from **Upload a game**. A saved game holds the setup (players, seed, rules) and every action, so
# loading replays it and gets exactly the same game; the file also holds the position, which the replay must
# match. In code, `save(path)` and `load(path)`; here into a temporary folder:

# %%
folder = Path(tempfile.mkdtemp())
demo.save(folder / "ann-and-ben.json")
other = Play(["Ann", "Ben"], seed=1, autosave=False)
other.load(folder / "ann-and-ben.json")
other.state == demo.state

# %% [markdown]
# A file that is not a thurn game is refused with the reason, and the game in play stays as it was. This
# one claims a game in which Ann starts a route with Ulm before drawing any card:

# %%
other.load('{"format": "thurn-game/1", "setup": {"players": ["Ann", "Ben"], "seed": 1}, '
           '"actions": ["play ulm new"]}')
say(other.message)
assert other.state == demo.state

# %% [markdown]
# ## Autosave: a restart loses nothing
#
# After every action the app writes the game to `play.thurn-autosave.json` in the working folder (choose
# another file with `autosave="my-game.json"`, or none with `autosave=False`). When a new app starts and
# that file holds an unfinished game, it first asks: **Resume the saved game** or **Start a new game**.
#
# Here is what happens after a kernel restart, with the file in the temporary folder: a game of a few
# actions, then a new app on the same file.

# %%
autosave = folder / "play.thurn-autosave.json"
first = Play(["Ann", "Ben"], seed=7, autosave=autosave)
for action in ["draw munchen", "draw deck", "play munchen new"]:
    first.do(action)
first.state

# %%
after_restart = Play(["Ann", "Ben"], seed=99, autosave=autosave)
after_restart.offer_pending, after_restart.saved_state

# %% [markdown]
# The new app shows only the question until it is answered, so nothing overwrites the saved game by
# accident: **Start a new game** keeps the saved one and autosaves the new game beside it
# (`play-2.thurn-autosave.json`). Each file carries its game's identity, so two apps open on one file never
# write over each other's games either; a file that cannot be read is kept aside as
# `play.thurn-autosave.bad-<time>.json`, and the app says so. Resuming gives back the game exactly:

# %%
after_restart.resume()
after_restart.state == first.state

# %% [markdown]
# ## Bots
#
# `bots={"Bot": RandomBot(seed=1)}` gives the player named Bot to a bot. A bot is any object with a method
# `choose(state)` that returns one of `state.legal_actions()`, so writing one takes three lines. This one
# always takes the first action the engine lists:

# %%
class FirstChoice:
    name = "first choice"

    def choose(self, state):
        return state.legal_actions()[0]


duel = Play(["Ann", "Bob"], bots={"Bob": FirstChoice()}, seed=7, autosave=False)
for action in ["draw munchen", "draw deck", "play munchen new"]:
    duel.do(action)
say(duel.message)

# %% [markdown]
# Bob played his whole turn the moment Ann's ended, and it is Ann's turn again. The message says what he did,
# in the words of the log.
#
# With `pace="step"` a bot's turn is shown one action at a time instead: a **Next** button plays its next
# action, draws it on the map and says it (`step_bot()` in code); `pace=0.6` plays them on their own with a
# pause of 0.6 s between them.

# %%
slow = Play(["Ann", "Bob"], bots={"Bob": FirstChoice()}, seed=7, autosave=False, pace="step")
for action in ["draw munchen", "draw deck", "play munchen new"]:
    slow.do(action)
say(slow.message)
slow.step_bot()
say(slow.message)
slow.close()

# %% [markdown]
# ## How fast is a click?
#
# A click asks the engine for the new state and its legal actions, and redraws the map in place. Timed here
# on the game of Ann and Ben (the numbers depend on the machine):

# %% tags=["nbval-ignore-output"]
clicks = 20
start = time.perf_counter()
for _ in range(clicks):
    if demo.pass_pending:          # the hotseat's next human: "Pass to Ben: show my hand"
        demo.pass_button.click()
    demo.action_buttons[-1].click()
print(f"one click → redraw: {(time.perf_counter() - start) / clicks * 1000:.0f} ms")

# %% [markdown]
# ## Your game
#
# Here is your game again; it is the same app as at the top, so a click in either place plays in both. When
# the game ends, the app shows the final score table and a chart of the scores.

# %%
app
