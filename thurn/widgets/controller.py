"""The Play app's game controller (:class:`GameController`, a part of :class:`thurn.widgets.play.Play`): one action
played (checked once by the engine, its log sentences kept from apply's ``say`` callback), the bots' turns, undo, the
typed action and the message after each."""
from __future__ import annotations

import html
import time

from ..errors import IllegalAction, ThurnError
from ..state import GameState
from .. import turn
from ..parts import remembered
from ..log import seen_line
from .playtext import BOT_LINES_MAX, SAID_KEPT, whose, game_summary, reveals_deck


class GameController:
    """The acting half of the Play app (a mixin of :class:`~thurn.widgets.play.Play`)."""

    # -- acting --------------------------------------------------------------------------------------------------------
    def do(self, action) -> bool:
        """Play ``action`` (an action or its notation, e.g. ``"play ulm right"``) for whoever is to move, then let
        the bots play. An illegal or unreadable action is explained in the message area and changes nothing.
        Returns True when the action was played."""
        if self.offer_pending:
            self.messages.error("First choose: resume the saved game, or start the new one.")
            return False
        if self.bots_pending:
            self.messages.error(f"It is {self._state.to_move_name}'s turn (a bot): click Next to see its action.")
            return False
        if isinstance(action, str):
            from .. import words

            try:
                action = words.read_typed(self._state, action)     # the game's words, or the stored notation
            except ValueError as e:
                self.messages.error(str(e))
                return False
        t0 = time.perf_counter()
        before = self._state
        try:
            after = self._apply(before, action)     # checked once, by the engine, and said once (its say callback)
        except IllegalAction as why:
            self.messages.error(f"Not allowed: {why}")
            return False
        if self.pass_pending:           # an action typed in code: the player to move is the one at the screen
            self._revealed = before.to_move
        self._state = self._run_bots(after)
        self._tell(before, after)
        self._changed()
        self.last_update_seconds = time.perf_counter() - t0
        self.play_bots(then=True)
        return True

    # -- the bots' turns in view ---------------------------------------------------------------------------------------
    def step_bot(self) -> bool:
        """The bot to move takes one action: it is applied, drawn on the map and said in words (the log's sentence
        for it). Returns False (and says why) when no bot is to move."""
        s = self._state
        if self.offer_pending or not self.bots_pending:
            self.messages.info("No bot is to move now." if not s.is_over else "The game is over.")
            return False
        t0 = time.perf_counter()
        after = self._bot_action(s)
        self._state = after
        said = " ".join(self._log_of(after)[len(self._log_of(s)):])
        if after.is_over:
            said += f" The game is over: {after.result_text()}."
        elif self.bots_pending:
            said += f" Next: {whose(after.to_move_name)} action."
        else:
            said += f" {whose(after.to_move_name)} turn."
        self.messages.info(said)
        self._changed()
        self.last_update_seconds = time.perf_counter() - t0
        return True

    def play_bots(self, pause=None, then: bool = False) -> int:
        """With a pace in seconds: the bots take their actions one after another, each shown, with the pause
        between them, until a human is to move (or the game ends); ``pause`` overrides the pace. With
        ``pace="step"`` they wait for Next (:meth:`step_bot`), and with ``pace=None`` they have already moved.
        Returns the number of bot actions taken; ``then``: the message goes on from the human action's."""
        if pause is None:
            if self.pace is None or self.pace == "step":
                return 0
            pause = self.pace
        if not pause:                          # no pause: every bot action at once, then one update
            return self._bots_at_once(then)
        n = 0
        while self.bots_pending and not self.offer_pending:
            time.sleep(pause)
            self.step_bot()
            n += 1
        return n

    def _bots_at_once(self, then: bool = False) -> int:
        before = s = self._state
        if self.offer_pending or not self.bots_pending:
            return 0
        while not s.is_over and s.to_move_name in self.bots:
            s = self._bot_action(s)
        self._state = s
        lines = self._log_of(s)[len(self._log_of(before)):]
        n = len(s.history) - len(before.history)
        last = "" if s.is_over else f" The last: {lines[-1]}"
        text = (" ".join(lines) if len(lines) <= BOT_LINES_MAX else
                f"The bots took {n} actions (all of them in the log).{last}")
        text += f" The game is over: {s.result_text()}." if s.is_over else f" {whose(s.to_move_name)} turn."
        lead = self.messages.text if then and self.messages.kind == "info" else ""
        self.messages.info(f"{lead} Then: {text}" if lead else text)
        self._changed()
        return len(s.history) - len(before.history)

    def _bot_action(self, state: GameState) -> GameState:
        bot = self.bots[state.to_move_name]
        from ..information import view_for

        action = bot.choose(view_for(bot, state))      # his view only: the other hands and the deck dealt again or hidden
        try:
            return self._apply(state, action)
        except IllegalAction as why:
            raise ThurnError(f"the bot of {state.to_move_name} chose an illegal action ({action}): {why}") from None

    def _apply(self, state: GameState, action) -> GameState:
        """``state.apply(action)``, its log sentences kept as the engine says them (the log grows by them: the game
        is not replayed to find what an action said). Raises IllegalAction, the state unchanged."""
        said: list = []
        after = state.apply(action, said.append)
        self._said = [(after, self._said_of(state) + said)] + self._said[:SAID_KEPT - 1]
        return after

    def _said_of(self, state: GameState) -> list:
        """Every sentence of ``state``'s log as the engine said it (each as a viewer may read it: seen_line): kept
        for the last few states; a state the app did not make (loaded, undone to) is replayed once."""
        for s, lines in self._said:
            if s is state:
                return lines
        lines = turn.start_text(state.root)
        s = state.root
        for a in state.history:
            s = s.apply(a, lines.append)
        self._said = [(state, lines)] + self._said[:SAID_KEPT - 1]
        return lines

    def hint(self, n: int = 3) -> list:
        """The best ``n`` actions for the player to move, with reasons (``thurn.bots.hint``): listed under the
        buttons, the best drawn on the map (its card ringed, its route dashed, its houses hollow)."""
        from ..bots.hint import hint

        s = self._state
        if s.is_over:
            self.messages.info("The game is over: there is nothing left to hint at.")
            return []
        if not self._every_hand and self.viewer != s.to_move:
            self.messages.info(f"A hint is for the player at the screen: it would show {whose(s.to_move_name)} "
                               f"cards, which only {s.to_move_name} may see.")
            return []
        self.hints = hint(s, n=n, bot=self.hint_bot)
        rows = "".join(f"<li><b>{html.escape(h.words or str(h.action))}</b> <small>(worth {h.value:+.1f})</small>: "
                       f"{html.escape(h.reason)}</li>" for h in self.hints)
        self._hints.value = (f"<div style='margin:4px 0;white-space:normal'><b>Hint</b> for "
                             f"{html.escape(s.to_move_name)}, best first (the best is drawn on the map). "
                             f"<small>“worth” is the bot's estimate of what the action adds to the final score, in "
                             f"points, against the other actions now: only the order counts.</small>"
                             f"<ol style='margin:2px 0'>{rows}</ol></div>")
        self._show_map(s, s.legal_actions())
        return self.hints

    def back_to(self, k: int) -> None:
        """Undo: the game as it was after its first ``k`` actions, replayed from its start (``state.root``).
        If a bot is to move there, it plays again from there."""
        history = self._state.history
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= len(history):
            raise ValueError(f"back_to takes a number of actions from 0 to {len(history)}, not {k!r}.")
        if k == len(history):
            self.messages.info("That is where the game is now.")
            return
        floor = self.undo_floor
        if k < floor:
            self.messages.error(
                f"Not in a fair game: undo goes back to action {floor} at most (the last card revealed from the "
                f"deck or the last bot's action), so that it never shows what the deck holds. Start a game in "
                f"teaching mode to take back anything.")
            return
        self._state = self._run_bots(self._replay(k))
        self.messages.ok(f"Back to after action {k} of {len(history)}: {game_summary(self._state)}.")
        self._changed()
        self.play_bots()

    @property
    def undo_floor(self) -> int:
        """How far back undo may go (a number of actions). Teaching mode: 0, the start. Fair mode: just after the
        last action that revealed a card from the deck (a draw, the display refilled, the Administrator) or that a
        bot took — a card once seen stays seen, and a bot's answer is not asked twice."""
        s = self._state
        if self.undo_mode != "fair":
            return 0
        known, floor = self._floor
        n = len(s.history)
        if known is s:
            return floor
        if known is None or len(known.history) > n or known.root != s.root or any(
                a.notation != b.notation for a, b in zip(known.history, s.history)):
            known, floor = s.root, 0
        k = len(known.history)
        for a in s.history[k:]:
            after = known.apply(a)
            k += 1
            if reveals_deck(known, after) or known.to_move_name in self.bots:
                floor = k
            known = after
        self._floor = (s, floor)
        return floor

    def _undo_help(self) -> str:
        if self.undo_mode == "fair":
            return ("<b>Undo</b> (fair game): slide back to an earlier action of this turn — never before a card "
                    "revealed from the deck or a bot's action, so undo cannot show what the deck holds")
        return "<b>Undo</b> (teaching mode): slide back to any earlier action"

    def _replay(self, k: int) -> GameState:
        s = self._state.root
        for a in self._state.history[:k]:
            s = s.apply(a)
        return s

    def _playable(self, state: GameState) -> GameState:
        """``state``, if someone in it is not a bot (a loaded game may have other players: they click)."""
        if all(n in self.bots for n in state.names) and self.pace is None:
            raise ThurnError(f"every player of that game ({', '.join(state.names)}) is a bot here; "
                             f"at least one must click.")
        return state

    def _run_bots(self, state: GameState) -> GameState:
        """With ``pace=None`` the bots' actions at once; with a pace they wait to be shown one by one."""
        if self.pace is not None:
            return state
        while not state.is_over and state.to_move_name in self.bots:
            state = self._bot_action(state)
        return state

    def _typed_changed(self, change) -> None:
        """The typed action is sent when the box loses focus or on Enter (``continuous_update=False``): clicking
        Do it sends it this way first, so the click that follows finds the box empty and the action done."""
        if change["new"].strip():
            self._guard(lambda: self._do_typed(sent=True))

    def _do_typed(self, sent: bool = False) -> None:
        text = self._typed.value.strip()
        if not text:
            if self._typed_done:          # Do it, after its own text was sent on leaving the box: already played
                self._typed_done = False
                return
            from .. import words

            examples = ", ".join(f"'{t}'" for t in words.typed_examples(self.state))
            self.messages.error("Type an action first" + (f", e.g. {examples}." if examples else "."))
            return
        done = self.do(text)
        if done:
            self._typed.value = ""
        self._typed_done = sent and done

    def _tell(self, before: GameState, after: GameState) -> None:
        """The message after an action: what the engine logged for it, and the bots' moves in short."""
        said = self._log_of(after)[len(self._log_of(before)):]
        text = " ".join(said)
        if self._state is not after:
            theirs = self._log_of(self._state)[len(said) + len(self._log_of(before)):]
            more = len(theirs) - BOT_LINES_MAX
            told = " ".join(theirs[:BOT_LINES_MAX]) + (f" … and {more} more, in the log." if more > 0 else "")
            text += f" Then: {told}"
            if self._state.is_over:
                text += f" The game is over: {self._state.result_text()}."
            else:
                text += f" {whose(self._state.to_move_name)} turn."
        elif self.bots_pending and self.pace == "step":
            text += f" {whose(after.to_move_name)} turn (a bot): click Next to see each of its actions."
        self.messages.info(text)

    def _log_of(self, state: GameState) -> list[str]:
        """``state.log(viewer)`` as the screen may show it (:meth:`_log_seat`), remembered for the last few states
        (the log is replayed from the start)."""
        seat = self._log_seat()
        options = self.app_options
        for s, k, o, lines in self._logs:
            if s is state and k == seat and o == options:
                return lines
        lines = [seen_line(line, seat) for line in self._said_of(state)]      # as state.log(viewer) reads it
        if options:                      # a secret of his own the player asked to remember (Parts.remembered)
            lines = [remembered(state, line, seat, options, text) for line, text in zip(self._said_of(state), lines)]
        self._logs = [(state, seat, options, lines)] + self._logs[:2]
        return lines
