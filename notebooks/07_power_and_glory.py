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
# # Power and Glory: the northern board, where horses pull the carriage
#
# In the base game a long route pays because it brings a better carriage. **Power and Glory** (a section of the
# rule book with the expansions) moves the game north and takes the carriage cards away. Instead every city card
# shows 1, 2 or 3 **horseshoes**, and a card may be played either to the route, as always, or *horse side up* beside
# the player's carriage card. A route may be closed only when enough horses pull the carriage: **at least as many
# horses as cards in the route**. Every card is now a choice between a city and horses.
#
# Two more things are new: four **free cities** that belong to no province, and **Preußen**, one province in two
# parts. This notebook teaches the rules one per cell, each on a real position of the engine (`thurn`), with the
# questions left for you to answer; then it asks a question the rule book cannot answer: *what is a 3-horseshoe
# card worth, played as horses, against a city your route needs?*

# %%
import os
import textwrap
import time

import pandas as pd
import plotly.express as px
from tqdm.auto import tqdm

import thurn
from thurn.bots.greedy import GreedyBot
from thurn.information import Watch, view_for
from thurn.expansions.power_glory import rules as pg
from thurn.lessons import load_lesson
from thurn.sim import bot_seed, game_seed
from thurn.viz import board_figure
from thurn.widgets import Quiz, RulesStepper
from thurn.widgets.whatif import options_table

PG = {"board": "northern", "expansions": ["power_glory"]}
LESSON = load_lesson("power_glory")          # the positions of the rules stepper's lesson, used below too
STEP = {s.step.id: s for s in LESSON.stops()}
NORTH = thurn.load_board("northern")


def say(sentences, width=96):
    """Print the engine's sentences (one, or a list), each wrapped between words to ``width`` columns."""
    for sentence in [sentences] if isinstance(sentences, (str, Exception)) else sentences:
        print(textwrap.fill(str(sentence), width, subsequent_indent="  "))


# %% [markdown]
# ## The map first: the northern board (reconstructed)
#
# The printed board of Power and Glory is not fully known. What the rules and the reference say is kept: 23
# cities; the free cities Bremen, Hamburg, Lübeck and Frankfurt; Preußen in two parts split by Hannover; Holland in
# the west, Sachsen in the east, Lübeck in the north and Würzburg in the south (the one city shared with the base
# board); the roads of the rules' own example route. The rest (eight cities, most roads, the positions, most
# cards' horseshoes, the tiles' values) is **reconstructed** from the geography and the postal roads of the time,
# and the board file says which is which. A corrected file in the same format would replace it.

# %%
board_figure("northern").show()

# %% [markdown]
# The board file's own words on what is certain and what is assumed, and the provinces with their cities. A free
# city has no province (its row says so):

# %%
say(NORTH.note)
provinces = pd.DataFrame([{"city": c.name, "province": str(NORTH.province_of_city(c.name) or "(free city)")}
                          for c in NORTH.cities])
provinces.groupby("province", sort=False)["city"].apply(", ".join).to_frame("cities")

# %%
assert len(NORTH.cities) == 23 and (provinces["province"] == "(free city)").sum() == 4

# %% [markdown]
# ## Learn by clicking: the rules stepper
#
# The rules stepper goes through Power and Glory one rule at a time: the rule with its citation, the position on
# the map, and a question to answer by clicking; **Next** and **Back** move between the steps, and after the last
# one **Play a game** starts a game on the northern board against a bot. The sections below take the same rules
# one per cell, in code.

# %%
RulesStepper("power_glory")

# %% [markdown]
# ## Every card has horseshoes
#
# > 69 city cards (3 each of 23 cities). The backs of the city cards have 1, 2 or 3 horses. The number is also
# > shown on both sides of the cards as horseshoes. (Power and Glory, Preparation)
#
# A copy's horseshoes belong to the card, not to its city: the three Hamburg cards differ. The engine reads them
# from the card itself (`board.card_value(card, "horseshoes")`). On the reconstructed board every city has one
# card of each kind, and the copies the reference shows keep their printed horseshoes:

# %%
cards = pd.DataFrame({"card": NORTH.card_names,
                      "city": [NORTH.city_name(NORTH.city_of[c]) for c in range(len(NORTH.card_names))],
                      "horseshoes": [NORTH.card_value(c, pg.ATTRIBUTE) for c in range(len(NORTH.card_names))]})
cards.groupby("horseshoes").size().to_frame("cards")

# %%
assert len(cards) == 69 and list(cards.groupby("horseshoes").size()) == [23, 23, 23]

# %% [markdown]
# ## A card horse side up
#
# > When playing a city card, the player can either play it to add a city to his route as in the base game or
# > play it horse side up to the right of his carriage card to add to the number of horses pulling his carriage.
# > (Power and Glory, Play a city card from the hand)
#
# > Note: the carriage itself comes with 2 horses, which are counted in the total. (Power and Glory, Closing and
# > scoring a route)
#
# Ann has drawn and must play a card. Her route is Halle–Berlin–Hannover; no card lies beside her carriage card.

# %%
horse_side_up = STEP["horse_side_up"].state
say(f"Ann holds {', '.join(horse_side_up.player().hand)}; {pg.horses(horse_side_up)} horses pull her carriage.")

# %% [markdown]
# **Check yourself.** The quiz is the rules stepper's question about this position; click an answer.

# %%
Quiz(STEP["horse_side_up"].question)

# %% [markdown]
# ### The engine's answer, and what a horse play costs
#
# Played horse side up, a card adds its horseshoes to the carriage's 2. The turn's play is spent on it: the route
# does not grow this turn. A card goes horse side up whether or not it would fit the route (Kassel does not), and
# at most **6** cards lie beside a carriage ("A player may have a maximum of 6 cards as horses before his
# carriage"). `pg.horses(state)` counts the horses:

# %%
after = horse_side_up.apply("horse hamburg_3_horseshoes")
say(after.log()[-1:])
print("horses:", pg.horses(after), "· horse cards:", ", ".join(after.pile("horses", "Ann")))
for action in ["play kassel_1_horseshoe right", "horse kassel_1_horseshoe"]:
    say(f"{action}: {horse_side_up.why_illegal(action) or 'legal'}")

# %% [markdown]
# ## As many horses as cards
#
# > In order to close and score a route, a player must have at least as many horses pulling his carriage as there
# > are city cards in the route. (Power and Glory, Closing and scoring a route)
#
# Ann's route is Halle–Berlin–Hannover–Hamburg, four cards. Beside her carriage card lies one horse card, Kassel
# with 1 horseshoe.

# %%
too_few = STEP["too_few_horses"].state
board_figure(too_few, title="Ann's route of four cards; Kassel (1 horseshoe) beside her carriage").show()

# %%
Quiz(STEP["too_few_horses"].question)

# %% [markdown]
# ### The engine's answer: a race between cards and horses
#
# The refusal says why, in the rule's words. A route now grows only as fast as its horses: every card played to
# the route asks for a horse more, and every horse play is a turn the route does not grow. Two horses come free, so
# a route of 3 needs just one horseshoe; a route of 6 needs four more, at least two horse cards.

# %%
say(too_few.why_illegal("score halle+berlin"))
need = pd.DataFrame({"route": range(3, 10)})
need["horseshoes needed"] = need["route"] - pg.CARRIAGE_HORSES
need["fewest horse cards"] = -(-need["horseshoes needed"] // 3)
need.set_index("route").T

# %% [markdown]
# ## Free cities: no province, and one house at most
#
# > The free cities (Frankfurt, Bremen, Hamburg and Lübeck) are not provinces themselves and are not part of the
# > surrounding provinces. When a player closes and scores a route with one or more free cities, he may place a
# > house on only one of the free cities. (Power and Glory, Placing houses)
#
# Ann closes Hannover–Hamburg–Bremen with 3 horses for 3 cards. Hannover is a city of the province Hannover;
# Hamburg and Bremen are free cities.

# %%
free = STEP["one_free_city"].state
board_figure(free, title="Ann's route Hannover–Hamburg–Bremen").show()

# %%
Quiz(STEP["one_free_city"].question)

# %% [markdown]
# ### The engine's answer: every placement it allows
#
# The engine lists each way Ann may place houses. For option A (one house in each province of the route) a free
# city counts as a place of its own, but only one of them may take a house; option B (every city of one province)
# never takes a free city. The first house on a free city also takes its round tile, worth 1 point (Power and Glory, Collect
# bonus tiles): the `points` column counts it.

# %%
options_table(free)[["houses", "tiles", "points"]]

# %% [markdown]
# ## The bonus tiles
#
# > 5x 8 distance, 4x 7 distance, 3x 6 distance, 2x 5 distance, 4x all provinces, 4x free cities, 4x Preußen,
# > 3x Mecklenburg/Hannover, 3x Holland/Belgien, 3x Thüringen/Sachsen, 3x Hessen/Baiern, 1x game end.
# > (Power and Glory, components)
#
# There are no carriages, so routes of 5 to 8 and more take tiles, as in the base game. The province tiles come in
# pairs of provinces with three cities each (a house on every city of both), Preußen has a tile of its own, and
# each free city one round tile. The values of most tiles are not known and are reconstructed (the board file's
# note):

# %%
pd.DataFrame([{"tile": s.name, "kind": s.kind, "values": ", ".join(map(str, s.values))} for s in NORTH.stacks])

# %% [markdown]
# ## Preußen needs both parts
#
# > To earn the Preußen bonus tile, a player must have a house on every city in both parts of Preußen. (Power and
# > Glory, Collect bonus tiles)
#
# Preußen has seven cities: Stettin, Berlin, Magdeburg and Halle in the east; Münster, Düsseldorf and Cölln in the
# west, beyond Hannover. Ann has houses in Münster and Düsseldorf, and closes the four eastern cities with 5
# horses.

# %%
preussen = STEP["preussen_tile"].state
board_figure(preussen, title="Ann's eastern route; her houses in Münster and Düsseldorf").show()

# %%
Quiz(STEP["preussen_tile"].question)

# %% [markdown]
# ### The engine's answer, and with Cölln
#
# Without a house in Cölln the western part is not complete. The same scoring with a house in Cölln too takes the
# tile. The "all provinces" tile, on the other hand, needs a house in each of the nine provinces and none on a free
# city ("He need not have houses on any of the free cities").

# %%
def scoring(state, action):
    """The log sentence of the player's scoring (the first sentence the action adds to the log)."""
    return state.apply(action).log()[len(state.log())]


score = "score stettin+berlin+magdeburg+halle"
say(scoring(preussen, score))
position = preussen.position()
position["players"][0]["houses"] = ["Münster", "Düsseldorf", "Cölln"]
position["players"][0]["houses_left"] -= 1
say(scoring(thurn.GameState.from_position(position), score))

# %% [markdown]
# ## The rules' example: six cities, seven horses
#
# > Example: A player has a route of 6 cities (Halle, Berlin, Hannover, Hamburg, Bremen and Münster) and 7 horses
# > pulling his carriage. (Power and Glory, Discard city cards)
#
# Ann's carriage: the carriage card's 2 horses, Kassel with 3 horseshoes and Halle with 2. Seven horses for six
# cards, so she may close the route. Where should her houses go?

# %%
example = STEP["example_placements"].state
board_figure(example, title="The rules' example: Ann's route of six, with 7 horses").show()

# %%
Quiz(STEP["example_placements"].question)

# %% [markdown]
# ### The engine's answer: the two best placements
#
# > For placing houses, his best choices are: Either he places 1 house on each of the cities in both parts of
# > Preußen (Halle, Berlin and Münster), or he places 1 house on Preußen (Halle, Berlin or Münster), 1 house on
# > Hannover, and 1 house on one of the free cities (Hamburg or Bremen). (Power and Glory, Discard city cards)
#
# Both place three houses, the most this route allows; the route of 6 takes its tile (3 points) either way. The
# second also takes a free city's round tile, 1 point more. Never both free cities.

# %%
table = options_table(example)
table[["houses", "tiles", "points"]]

# %%
best = table.loc[table["points"] == table["points"].max(), "houses"]
assert len(best) == 6 and table["houses"].str.count(",").max() == 2      # 3 Preußen × 2 free cities; 3 houses
assert "Berlin, Halle, Münster" in set(table["houses"]) and not table["houses"].str.contains("Hamburg, Bremen").any()

# %% [markdown]
# After scoring, the horses go too:
#
# > After a player closes and scores a route, he discards the city cards used to build the route and the horse
# > cards that he had played next to his carriage. He keeps the carriage. (Power and Glory, Discard city cards)
#
# So the next route starts again from the carriage card's 2 horses.

# %%
scored = example.apply("score halle+hannover+hamburg")
say(scoring(example, "score halle+hannover+hamburg"))
print("horses afterwards:", pg.horses(scored, 0), "· discarded:", len(scored.discard), "cards")

# %% [markdown]
# ## The end: only the houses
#
# There are no carriage cards, so the last carriage cannot end the game: only the houses can. Ann, the starting
# player, has one house left and closes Halle–Berlin–Hannover.

# %%
Quiz(STEP["last_house"].question)

# %% [markdown]
# ### The engine's answer
#
# > When a player has played all his houses, the round is played to the end as in the base game. (Power and
# > Glory, Game end)
#
# The round is played out: Ben, after Ann, still plays his turn.

# %%
end = STEP["last_house"].state.apply("score hannover")
print("game over:", end.is_over, "· to move:", end.to_move_name)

# %% [markdown]
# ---
#
# # What-if, by simulation: a 3-horseshoe card against a city you need
#
# A card that fits the route and shows 3 horseshoes is the hardest choice of the expansion. To the route, it makes
# the route longer, but asks for a horse more; horse side up, it brings three horses, but the route waits a turn.
# Which is worth more? The rule book cannot say; games can.
#
# The experiment: we play games of three `GreedyBot`s on the northern board and stop at each moment a player holds
# a 3-horseshoe card that fits his route (at most three such moments per game, routes of one card or more). From
# that position we play the game to its end twice, with the same bots and seeds: once with the card played to the
# route, once horse side up. The difference in the player's final score is what the choice was worth, in that
# position. **Small by default**: 40 games, about 20 seconds (the cell prints what it took: 11 s on an idle
# machine, about 30 s on a busy one); `THURN_SIZE=full` before starting Jupyter plays 1,000. Every game is seeded, so the numbers are the same on any
# machine (for the same bots).

# %% tags=["nbval-ignore-output"]
FULL = os.environ.get("THURN_SIZE", "small").strip().lower() == "full"
GAMES = 1000 if FULL else 40
NAMES = ["Ann", "Ben", "Cat"]
print(f"{GAMES} games ({'full' if FULL else 'small'} size)")


# %%
def dilemma(state):
    """(the card to the route, the card horse side up) for a 3-horseshoe card that fits the route, or None."""
    if state.step != "play" or not state.player().route:
        return None
    legal = state.legal_actions()
    for horse in (a for a in legal if a.kind == "horse"):
        city, kind = NORTH.card_key(horse.city)
        if NORTH.card_value(kind, pg.ATTRIBUTE) == 3:
            for play in (a for a in legal if a.kind == "play" and NORTH.card_key(a.city) == (city, kind)):
                return play, horse
    return None


def move(bots, state, watch):
    """The bot to play chooses from his player's view (never the whole game: thurn.information), as thurn.sim hands
    it; the table's ``watch`` sees the move. Returns (the action, the state after it)."""
    bot = bots[state.to_move]
    action = bot.choose(view_for(bot, state, watch=watch))
    after = state.apply(action)
    watch.see(state, after.last_action, after)
    return action, after


def finish(state, seed, watch):
    """Play ``state`` to the end between greedy bots seeded as thurn.sim seeds them."""
    bots = [GreedyBot(seed=bot_seed(seed, i)) for i in range(state.num_players)]
    watch = watch.copy()
    while not state.is_over:
        _, state = move(bots, state, watch)
    return state


def dilemmas(seed, most=3):
    """The first ``most`` dilemmas of a seeded greedy game: (position, (to the route, horse side up), greedy's
    choice, what the table had watched)."""
    state = thurn.new_game(NAMES, seed=seed, rules=PG)
    bots = [GreedyBot(seed=bot_seed(seed, i)) for i in range(len(NAMES))]
    watch = Watch.start(state)
    found = []
    while not state.is_over and len(found) < most:
        seen = watch.copy()
        choice, after = move(bots, state, watch)
        both = dilemma(state)
        if both:
            found.append((state, both, choice, seen))
        state = after
    return found


# %% tags=["nbval-ignore-output"]
rows, started = [], time.perf_counter()
for k in tqdm(range(GAMES), desc="games"):
    seed = game_seed(24, k)
    for j, (state, (city, horse), choice, seen) in enumerate(dilemmas(seed)):
        me = state.to_move
        row = {"game": k, "route": len(state.player().route), "horses before": pg.horses(state),
               "greedy plays it": "to the route" if choice == city else "as horses" if choice == horse else
               "another card"}
        for arm, action in (("to the route", city), ("as horses", horse)):
            after, watch = state.apply(action), seen.copy()
            watch.see(state, after.last_action, after)
            final = finish(after, seed + j + 1, watch)
            row[arm] = final.score_records()[me]["total"]
            row[f"wins ({arm})"] = final.winner() == state.names[me]
        rows.append(row)
found = pd.DataFrame(rows)
found["spare horses"] = (found["horses before"] - found["route"] - 1).clip(-2, 2)    # if it goes to the route
found["worth as horses"] = found["as horses"] - found["to the route"]
print(f"{len(found)} positions from {GAMES} games in {time.perf_counter() - started:.0f} s")

# %% [markdown]
# The answer by the *spare horses* the route would have if the card went to it: the horses now, less the cards in
# the route with the card (−1: the longer route could not be scored yet; 0: exactly enough; 1 or more: horses to
# spare). `worth as horses` is the mean of (score with the card as horses − score with it in the route), with its
# 95 % interval:

# %% tags=["nbval-ignore-output"]
def interval(values):
    return 1.96 * values.std() / len(values) ** 0.5 if len(values) > 1 else float("nan")


worth = found.groupby("spare horses").agg(positions=("worth as horses", "size"),
                                          worth=("worth as horses", "mean"),
                                          plus_minus=("worth as horses", interval),
                                          wins_as_horses=("wins (as horses)", "mean"),
                                          wins_to_route=("wins (to the route)", "mean")).round(2)
overall = found["worth as horses"]
print(f"all positions: {overall.mean():+.2f} points as horses (± {interval(overall):.2f}, 95 %)")
worth

# %% tags=["nbval-ignore-output"]
fig = px.bar(worth.reset_index(), x="spare horses", y="worth", error_y="plus_minus", text="positions",
             title="What a 3-horseshoe card played as horses is worth, against the city it would add",
             labels={"worth": "final score: as horses − to the route", "spare horses":
                     "spare horses if the card went to the route"})
fig.update_traces(texttemplate="%{text} positions", textposition="outside")
fig.show()

# %% [markdown]
# How to read it. One decision changes a whole game, and many decisions follow it, so the play-outs are noisy: a
# row tells the two uses apart only where its interval leaves out zero. The cell below says, row by row, what this
# run can tell (its words are computed from the table above); the small run's rows are few and their intervals
# wide, so take what it says as a first look. The full run (1,000 games, 3,000 positions) narrows every interval.

# %% tags=["nbval-ignore-output"]
def reading(mean, plus_minus, positions):
    """What a row of the table can tell: which use is worth more, where its 95 % interval leaves out zero."""
    figure = f"{mean:+.2f} ± {plus_minus:.2f}"
    if positions < 2:
        return f"{figure}: too few positions to say"
    if mean - plus_minus > 0:
        return f"{figure}: worth more as horses"
    if mean + plus_minus < 0:
        return f"{figure}: worth more in the route"
    return f"{figure}: the interval holds 0, cannot tell the two uses apart"


print(f"standard deviation of a position's difference: {overall.std():.1f} points")
for spare, row in worth.iterrows():
    print(f"spare horses {spare:+d} ({int(row.positions)} positions): "
          f"{reading(row.worth, row.plus_minus, row.positions)}")
print(f"all positions ({len(overall)}): {reading(overall.mean(), interval(overall), len(overall))}")

# %% [markdown]
# Measured with the greedy bot of today at full size (`THURN_SIZE=full`), the answer is *it depends on the
# horses*:
#
# - where the longer route would be **one horse short** (−1: 658 positions), the card is worth about **1.5 points
#   more as horses** (+1.55 ± 0.67), and the player wins 38 % of those games instead of 26 %;
# - where the horses would be **exactly enough** (0: 2,286 positions), the city is worth more: the card is worth
#   about **0.7 points more in the route** (−0.69 ± 0.36; wins 33 % against 29 %);
# - over all positions the two uses come out even (−0.20 ± 0.32); the rows of −2, 1 and 2 are too few to say.
#
# Three horses pay for more cities later; one city now is one house. Which wins is the question the rule puts to
# every player: can my route still be scored if it grows?
#
# And what does the greedy bot itself do at these moments? Mostly it plays another card; where the longer route
# would be short of horses it plays this one as horses more often than to the route, and where the horses suffice
# to the route: the rows above say it chooses the better use where it chooses between the two:

# %% tags=["nbval-ignore-output"]
pd.crosstab(found["spare horses"], found["greedy plays it"])

# %%
assert set(found["greedy plays it"]) <= {"to the route", "as horses", "another card"}
assert found["spare horses"].between(-2, 2).all() and len(found) > 0

# %% [markdown]
# ## Your experiment
#
# Change the question: a 2-horseshoe card instead of a 3 (`== 3` in `dilemma`), games of four (`NAMES`), or the
# northern board under the base rules (`{"board": "northern"}`: carriages again, and the horseshoes ignored).
#
# Or change a position and ask the engine. Below, the rules' example with one horse card fewer: Halle's 2
# horseshoes taken back to Ann's hand leave 5 horses for a route of 6. How many placements are left?

# %%
fewer = example.position()
fewer["players"][0]["piles"]["horses"].remove("Halle (2 horseshoes)")
fewer["players"][0]["hand"].append("Halle (2 horseshoes)")
fewer = thurn.GameState.from_position(fewer)
print("horses:", pg.horses(fewer), "· placements:", len(options_table(fewer)))
