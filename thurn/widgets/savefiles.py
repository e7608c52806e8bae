"""The Play app's save files (:class:`SaveFiles`, a part of :class:`thurn.widgets.play.Play`: save, load, download
and autosave) and their safety: a file is replaced only when it is a thurn save, never another unfinished game's
autosave, a file that cannot be read (kept aside) or a read-only one; written through a temporary file."""
from __future__ import annotations

import base64
import datetime
import html
import json
import os
import re
import stat
import time
import uuid
from pathlib import Path

from ..errors import PositionError, ThurnError
from ..io import GAME_FORMAT, MAX_SAVE_BYTES, POSITION_FORMAT  # a save larger than MAX_SAVE_BYTES is refused unread
from ..state import GameState
from .playtext import APP_NAME, AUTOSAVE_SUFFIX, DOWNLOAD_WARNING, MESSAGE_MAX, game_summary


class SaveFiles:
    """Save, load, download and autosave of the Play app (a mixin of :class:`~thurn.widgets.play.Play`)."""

    # -- save, load, autosave -------------------------------------------------------------------------------------
    def save(self, path, overwrite: bool = False) -> Path | None:
        """Write the game (setup, actions and position: ``state.to_json()``) to ``path``; returns the path, or None
        (and says why in the message area) when it was not written. An existing file is replaced only when it is a
        thurn save (game or position file), or with ``overwrite=True``; a read-only file, a folder or a device is
        never replaced."""
        path = Path(str(path).strip() or "thurn-game.json")
        refusal = _save_refusal(path, overwrite)
        if refusal is not None:
            self.messages.error(refusal)
            return None
        try:
            _write(path, self._state.to_json(indent=1))
        except OSError as e:
            self.messages.error(f"Could not save the game to {path}: {e.strerror or e}.")
            return None
        self.messages.ok(f"Saved the game ({game_summary(self._state)}) to {path}.")
        return path

    def load(self, source) -> bool:
        """Load a saved game: a file path, or the JSON text (or bytes) of a save. A file that cannot be read or
        is not a thurn game is explained in the message area, and the game in play stays as it was. A file read
        is a regular file of at most ``MAX_SAVE_BYTES``."""
        name = "the upload"
        try:
            if isinstance(source, (bytes, bytearray, memoryview)):
                text = bounded_save(bytes(source), name)
            elif isinstance(source, str) and source.lstrip().startswith("{"):
                name = "the text"
                text = bounded_save(source, name)
            else:
                if not str(source).strip():
                    self.messages.error("Give the path of a saved game to load.")
                    return False
                path = Path(str(source).strip())
                name = str(path)
                try:
                    text = _read_save(path)
                except OSError as e:
                    self.messages.error(f"Could not read {path}: {e.strerror or e}.")
                    return False
            state, meta = parse_save(text, self._boards())
            state = self._playable(state)
        except (ThurnError, ValueError, KeyError) as e:
            self.messages.error(f"Could not load {name}: {short_error(e)}")
            return False
        self._close_offer()
        self.game_id = _game_id(meta) or new_game_id()
        self._state = self._run_bots(state)
        self.messages.ok(f"Loaded {name}: {game_summary(self._state)}.")
        self._changed()
        self.play_bots()
        return True

    def _load_upload(self) -> None:
        files = self._upload.value
        if not files:
            return
        item = files[0] if isinstance(files, (list, tuple)) else next(iter(files.values()))
        name = str(item.get("name", "the upload"))[:80]
        data = bytes(item["content"])
        if self._state.history and not self._state.is_over:          # never replace a game in progress unasked
            self._pending_upload = (name, data)
            kept = (f"it stays autosaved in {self.autosave_path.name}" if self.autosave_path is not None
                    else "it is lost unless you download it first")
            self._confirm_text.value = (f"<b>Replace the game in progress</b> ({html.escape(game_summary(self._state))})"
                                        f" with {html.escape(name)}? {html.escape(kept)}.")
            self._confirm.layout.display = "flex"
            self.messages.info(f"Load {name}? Confirm under the upload button.")
            return
        self._load_named(name, data)

    def confirm_upload(self) -> bool:
        """Load the upload waiting for confirmation (the game in progress stays in its autosave file)."""
        pending, self._pending_upload = self._pending_upload, None
        self._confirm.layout.display = "none"
        if pending is None:
            self.messages.error("There is no upload waiting to be loaded.")
            return False
        return self._load_named(*pending)

    def cancel_upload(self) -> None:
        self._pending_upload = None
        self._confirm.layout.display = "none"
        self.messages.info("The upload was not loaded; the game goes on.")

    @property
    def upload_pending(self) -> bool:
        """True while an upload waits for "replace the game in progress?"."""
        return self._pending_upload is not None

    def _load_named(self, name: str, data: bytes) -> bool:
        ok = self.load(data)
        if ok and self.messages.kind == "ok":
            self.messages.ok(f"Loaded {name}: {game_summary(self._state)}.")
        return ok

    # -- download ------------------------------------------------------------------------------------------------------
    # The file is made only when the learner asks (a click), never kept in the page: a save holds the whole game — the
    # seed, the deck's order, every hand and every secret (base rules, 1: the deck is drawn face down; The Audience,
    # Preparation: the clergymen are sealed secretly) —, which a fair game's page may not hold (issue 33).
    @property
    def download_name(self) -> str:
        return f"thurn-{self.game_id[:12]}.json"

    @property
    def download_pending(self) -> bool:
        """True while "the file holds the whole game: download it?" waits for an answer (a fair game)."""
        return self._download_confirm.layout.display != "none"

    def ask_download(self) -> None:
        """The "Download the game" button: in a fair game (``undo="fair"``) not yet over, first say that the file
        holds the whole game and ask; otherwise make the file at once (:meth:`download`)."""
        if self.undo_mode == "fair" and not self._state.is_over:
            self._download_text.value = DOWNLOAD_WARNING
            self._download_confirm.layout.display = "flex"
            self.messages.info("The file holds the whole game: confirm under the Download button.")
            return
        self.download()

    def download(self) -> str:
        """Make the file now and hand it to the browser once: a ``data:`` link clicked at once by the page (and shown,
        should the browser not follow it), removed from the page at the next change of the game. Returns its HTML."""
        self._download_confirm.layout.display = "none"
        self._download_count += 1
        link = self.download_html(nonce=f"{self.game_id[:12]}-{self._download_count}")
        self._download.value = link
        if "thurn-download-link" in link:
            self.messages.ok(f"The game is in the file {self.download_name}: your browser saves it (or click the "
                             f"link under the Download button). The link is gone after the next move.")
        else:
            self.messages.error("The game is too large to download here.")
        return link

    def cancel_download(self) -> None:
        self._download_confirm.layout.display = "none"
        self.messages.info("Nothing was downloaded; the game goes on.")

    def _forget_download(self) -> None:
        """The game changed: the file made for the last click leaves the page (it told the game as it was)."""
        self._download.value = ""
        self._download_confirm.layout.display = "none"

    def download_html(self, game: dict | None = None, nonce: str | None = None) -> str:
        """A link that saves the game (``state.to_json()``) as a file in the browser: a ``data:`` URI, made now.
        ``game``: the game's ``state.to_dict()`` when it was made already. ``nonce``: the page clicks the link once
        as it shows (only the first time this nonce shows in the page): the browser saves the file at once."""
        text = json.dumps(self._state.to_dict() if game is None else game, ensure_ascii=False, indent=1)
        if len(text) > MAX_SAVE_BYTES:
            return "<small>The game is too large to download here.</small>"
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        name = html.escape(self.download_name)
        link = (f"<a class='thurn-download-link' download='{name}' href='data:application/json;base64,{data}' "
                f"style='display:inline-block;padding:3px 10px;border:1px solid #888;border-radius:3px;"
                f"background:#f4f4f4;color:#222;text-decoration:none;margin:2px 0'>⤓ Save the file {name}</a>")
        if nonce is None:
            return link
        key = json.dumps(re.sub(r"[^0-9a-zA-Z-]", "", str(nonce))[:40])
        click = html.escape(f"var w=window.thurnDownloads=window.thurnDownloads||{{}};if(!w[{key}]){{w[{key}]=1;"
                            f"this.previousElementSibling.click();}}this.remove();", quote=True)
        return f"{link}<img alt='' src='data:,' style='display:none' onerror=\"{click}\">"

    def _autosave(self, game: dict | None = None) -> None:
        """Write the game with its identity to the autosave file, unless the file is another unfinished game's
        (then to a free name beside it), cannot be read (kept aside first), or is read-only (autosave off).
        ``game``: the game's ``state.to_dict()`` when it was made already."""
        path = self.autosave_path
        if path is None:
            return
        try:
            path = self._autosave_target(path)
            if path is None:
                return
            _write(path, json.dumps(self._autosave_dict(game), ensure_ascii=False))
            self._written = _signature(path)
        except OSError as e:
            self._autosave_off(f"writing {path} failed ({e.strerror or e})")

    def _autosave_dict(self, game: dict | None = None) -> dict:
        d = dict(self._state.to_dict() if game is None else game)
        d["meta"] = {"game_id": self.game_id, "app": APP_NAME,
                     "saved_at": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")}
        if self.seats:
            d["meta"]["seats"] = dict(self.seats)
        return d

    def _autosave_target(self, path: Path) -> Path | None:
        """The file this game's autosave may replace now: ``path``, or a free name beside it when ``path`` holds
        another game in progress; None when autosave had to be switched off."""
        read_only = _read_only(path)
        if read_only is not None:
            self._autosave_off(read_only)
            return None
        now = _signature(path)
        if now is None or now == self._written:         # no file yet, or the file as this app last wrote it
            return path
        whose, found = self._whose(path)
        if whose in ("ours", "finished"):
            return path
        if whose == "bad":
            note = self._keep_aside(path, found)
            self._notice(note, "error")
            return self.autosave_path
        new = _free_name(path)
        self._written = _signature(new)
        self.autosave_path = new
        self._notice(f"{path.name} holds another game in progress ({game_summary(found)}): it is left as it is, and "
                     f"this game autosaves to {new.name}.", "info")
        return new

    def _boards(self) -> dict:
        """The board this app plays on, by the name its save files give it: a board loaded from a path by code
        may be named by this app's own files (a save file alone may name only installed boards)."""
        s = self._state
        return {s.rules.board: s.board}

    def _whose(self, path: Path):
        """What the autosave file at ``path`` holds: ("ours", state) — this game, or the start of it; ("finished",
        state) — a finished game, which may be replaced; ("other", state) — another game in progress; ("bad",
        error) — nothing readable."""
        try:
            state, meta = parse_save(_read_save(path), self._boards())
        except Exception as e:              # any failure to load, RecursionError and OSError included
            return "bad", e
        gid = _game_id(meta)
        if (gid is None or gid == self.game_id) and _continues(self._state, state):
            return "ours", state
        if state.is_over:
            return "finished", state
        return "other", state

    def _keep_aside(self, path: Path, problem) -> str:
        """Move the unreadable file ``path`` to ``<name>.bad-<time>.json`` beside it (never over an existing file);
        the sentence that says so. When it cannot be moved, autosave is switched off and the file left as it is."""
        why = short_error(problem).rstrip(".")
        read_only = _read_only(path)
        try:
            if read_only is not None:
                raise PermissionError(read_only)
            bad = _move_aside(path)
        except OSError as e:
            self.autosave_path = None
            return (f"The autosave file {path.name} could not be loaded ({why}), and it could not be kept aside "
                    f"({e.strerror or e}): it is left as it is, and autosave is off.")
        self._written = None
        return (f"The autosave file {path.name} could not be loaded ({why}). It is kept as {bad.name}, and this "
                f"new game autosaves to {path.name}.")

    def _autosave_off(self, reason: str) -> None:
        self.autosave_path = None
        self._notice(f"Autosave is off: {reason}. The file is left as it is; save the game with Save.", "error")

    def _notice(self, text: str, kind: str) -> None:
        """Add ``text`` to the message shown (an error makes the whole message an error)."""
        old = self.messages.text
        if old and self.messages.kind == "error":
            kind = "error"
        self.messages.show(f"{old} {text}" if old else text, kind)

    def _offer_saved_game(self) -> None:
        """At the start: offer to resume the game played last (the game in progress of the autosave file or of one
        beside it, ``play-2...``, written last); keep an unreadable autosave file aside and play the new game; adopt
        the file's identity when it is this very game."""
        path = self.autosave_path
        if path is None:
            return
        if not os.path.lexists(path):
            self._offer_latest(path)
            return
        try:
            sig = _signature(path)
            saved, meta = parse_save(_read_save(path), self._boards())
        except PositionError as e:
            if e.reason == "not_a_file":
                self._autosave_off(str(e))
                return
            self._notice(self._keep_aside(path, e), "error")
            self._offer_latest(path)
            return
        except Exception as e:               # RecursionError, UnicodeDecodeError, OSError, ...: never stop the app
            self._notice(self._keep_aside(path, e), "error")
            self._offer_latest(path)
            return
        if not saved.is_over and _continues(self._state, saved):    # this very game (e.g. Play.from_state)
            self.game_id = _game_id(meta) or self.game_id
            self._written = sig
            return
        self._offer_latest(path)

    def _offer_latest(self, path: Path) -> None:
        """Offer the game in progress of ``path``'s autosave family written last (this very game: take over its
        file and identity instead); name the others, and the files that could not be loaded."""
        latest, others, bad = latest_in_progress(path, self._boards())
        if bad:
            self._notice(not_offered_text(bad), "error")
        if latest is None:
            return
        file, saved, meta, sig = latest
        if _continues(self._state, saved):
            self.autosave_path, self._written = file, sig
            self.game_id = _game_id(meta) or self.game_id
            return
        self.saved_state = saved
        self._saved = (_game_id(meta), sig)
        self._saved_path = file
        self._offer_text.value = (f"<b>A game in progress was saved</b> in <code>{html.escape(file.name)}</code> "
                                  f"(players {html.escape(', '.join(saved.names))})."
                                  f"{html.escape(others_in_progress_text(others))}")
        self._resume_button.description = f"Resume the saved game ({game_summary(saved)})"
        self._new_button.description = "Start a new game (the saved one is kept)"
        self._offer.layout.display = "flex"
        self._game.layout.display = "none"

    def resume(self) -> None:
        """Continue the autosaved game (after a kernel restart or a closed tab): this app takes over its identity
        and its file."""
        if self.saved_state is None:
            self.messages.error("There is no saved game to resume.")
            return
        try:
            saved = self._playable(self.saved_state)
        except ThurnError as e:
            self.messages.error(str(e))
            return
        gid, sig = self._saved
        self.game_id = gid or new_game_id()
        self.autosave_path = self._saved_path or self.autosave_path        # the file of the game resumed
        self._written = sig
        self._state = self._run_bots(saved)
        self._close_offer()
        self.messages.ok(f"Resumed the saved game: {game_summary(self._state)}.")
        self._show()
        self.play_bots()

    def start_new(self) -> None:
        """Play the new game; the saved game stays in its file, and this one autosaves to a free name beside it."""
        self._close_offer()
        where = self.autosave_path.name if self.autosave_path is not None else "its file"
        self.messages.info(f"New game: {game_summary(self._state)}. The saved game stays in {where}; this game "
                           f"autosaves to a new file beside it.")

    def _close_offer(self) -> None:
        self._offer.layout.display = "none"
        self._game.layout.display = "flex"

    def _guard(self, fn) -> None:
        """Run a click handler; an unexpected error is shown in the message area (and still raised)."""
        try:
            fn()
        except Exception as e:
            self.messages.error(f"Something went wrong: {type(e).__name__}: {e}")
            raise

    def _changed(self) -> None:
        self.hints = []
        self._hints.value = ""
        self._show()
        self._autosave()


# -- save files ---------------------------------------------------------------------------------------------------


def new_game_id() -> str:
    return uuid.uuid4().hex


def _game_id(meta) -> str | None:
    """The game's identity in an autosave file's ``meta`` (None when it has none)."""
    gid = meta.get("game_id") if isinstance(meta, dict) else None
    return gid if isinstance(gid, str) and 0 < len(gid) <= 64 else None


def short_error(error) -> str:
    """An error as a short phrase for a message: the engine's sentence, else its type and text, cut."""
    text = str(error) if isinstance(error, ThurnError) else f"{type(error).__name__}: {error}"
    return text if len(text) <= MESSAGE_MAX else text[:MESSAGE_MAX - 1] + "…"


def bounded_save(data, name: str):
    if len(data) > MAX_SAVE_BYTES:
        raise PositionError(f"{name} is larger than {MAX_SAVE_BYTES // 2**20} MB: it is not a thurn save.",
                            "save_too_large")
    return data


def _read_save(path: Path) -> bytes:
    """The bytes of the save file ``path``, read only when it is a regular file of at most ``MAX_SAVE_BYTES`` (a
    pipe or a device could block or never end). OSError when it cannot be read."""
    mode = path.stat().st_mode
    if not stat.S_ISREG(mode):
        raise PositionError(f"{path.name} is not a regular file (a folder, a pipe or a device): it is not read.",
                            "not_a_file")
    with open(path, "rb") as f:
        return bounded_save(f.read(MAX_SAVE_BYTES + 1), path.name)


def parse_save(data, boards=None) -> tuple[GameState, dict | None]:
    """The game in a save (JSON text or bytes) and the ``meta`` an autosave file carries (None when there is
    none): the engine loads it, ``meta`` included (``GameState.from_json`` checks its shape, ``seats`` too), so
    the apps and the engine read one save format. A file that is not a game raises the engine's PositionError (a
    ValueError); so does absurd nesting. ``boards``: the board this app was started on from code, which its own
    files may name (see load_game)."""
    try:
        d = json.loads(data)
    except (ValueError, RecursionError):
        d = None                            # the engine explains what is wrong with it
    if isinstance(d, dict):
        data = d
    try:
        state = GameState.from_json(data, boards=boards)
        return state, (d.get("meta") if isinstance(d, dict) else None)
    except RecursionError:
        raise PositionError("the save file is nested too deeply to be a thurn game.") from None


def _continues(mine: GameState, theirs: GameState) -> bool:
    """True when ``theirs`` is ``mine`` or an earlier point of it: the same start, and its actions the first of
    mine."""
    n = len(theirs.history)
    return (n <= len(mine.history) and theirs.root == mine.root
            and [a.notation for a in theirs.history] == [a.notation for a in mine.history[:n]])


def _signature(path: Path):
    """What tells one version of a file from another (None when there is no file): every write of ``_write``
    makes a new file, so its inode changes."""
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_ino, st.st_dev, st.st_size, st.st_mtime_ns


def _read_only(path: Path) -> str | None:
    """Why ``path`` may not be written (a read-only file or folder, by its permission bits or for this user), or
    None. Permission bits are respected even where the user could write anyway (e.g. as root)."""
    folder = path.parent
    try:
        if os.path.lexists(path):
            if not path.stat().st_mode & 0o222 or not os.access(path, os.W_OK):
                return f"{path.name} is read-only"
        if not folder.stat().st_mode & 0o222 or not os.access(folder, os.W_OK | os.X_OK):
            return f"the folder {folder} is read-only"
    except OSError as e:
        return f"{path} cannot be checked ({e.strerror or e})"
    return None


def _free_name(path: Path) -> Path:
    """A new file beside ``path`` (``play-2.thurn-autosave.json``, ``-3``, ...), created empty at once so that
    another app cannot take it too."""
    base, ext = _family_base(path)
    for k in range(2, 10_000):
        new = path.with_name(f"{base}-{k}{ext}")
        try:
            os.close(os.open(new, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
        except FileExistsError:
            continue
        return new
    raise OSError(f"no free file name beside {path}")


def _move_aside(path: Path) -> Path:
    """Move ``path`` to ``<stem>.bad-<yyyymmdd-hhmmss>.json`` beside it (``-2``, ``-3``... when taken); never
    replaces a file."""
    stem = path.name[:-len(path.suffix)] if path.suffix else path.name
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for k in range(1, 10_000):
        bad = path.with_name(f"{stem}.bad-{stamp}{'' if k == 1 else f'-{k}'}.json")
        try:
            os.link(path, bad, follow_symlinks=False)       # fails when ``bad`` exists
        except FileExistsError:
            continue
        except OSError:                                     # no hard links here: check, then rename
            if os.path.lexists(bad):
                continue
            os.rename(path, bad)
            return bad
        os.unlink(path)
        return bad
    raise OSError(f"no free file name beside {path}")


def _is_thurn_save(path: Path) -> bool:
    """True when ``path`` holds a thurn game or position file (whether it loads or not)."""
    try:
        d = json.loads(_read_save(path))
    except (OSError, ValueError, RecursionError):
        return False
    return isinstance(d, dict) and d.get("format") in (GAME_FORMAT, POSITION_FORMAT)


def _save_refusal(path: Path, overwrite: bool) -> str | None:
    """Why ``save`` does not write ``path`` (None: it may)."""
    if not os.path.lexists(path):
        return None
    try:
        mode = path.stat().st_mode
    except OSError as e:
        return f"Could not save the game to {path}: {e.strerror or e}."
    if not stat.S_ISREG(mode):
        return f"Not saved: {path} is not a file (a folder, a pipe or a device)."
    if not mode & 0o222 or not os.access(path, os.W_OK):
        return f"Not saved: {path} is read-only, and it is left as it is."
    if not overwrite and not _is_thurn_save(path):
        return (f"Not saved: {path} exists and is not a thurn save, so it is not replaced. Choose another file "
                f"name (or, in code, app.save(path, overwrite=True) to replace it).")
    return None


#: A temporary file of ``_write`` older than this (seconds) is a leftover of an app stopped while writing.
TEMP_STALE_SECONDS = 60.0
#: The most files of an autosave family read to find the game played last (the newest first).
FAMILY_MAX = 20


def _temp_name(path: Path) -> Path:
    """The temporary file ``_write`` writes first: ``.tmp-<pid>-<8 hex>-<name>``, beside ``path``."""
    return path.with_name(f".tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}-{path.name}")


def _family_base(path: Path) -> tuple[str, str]:
    """``(base, suffix)`` of an autosave family: ``("play", ".thurn-autosave.json")`` for
    ``play.thurn-autosave.json`` and for the free names beside it (``play-2.thurn-autosave.json``, ...)."""
    name = path.name
    base, ext = (name[:-len(AUTOSAVE_SUFFIX)], AUTOSAVE_SUFFIX) if name.endswith(AUTOSAVE_SUFFIX) else (
        path.stem, path.suffix)
    return re.sub(r"-[0-9]{1,4}$", "", base) or base, ext


def _family_re(path: Path) -> "re.Pattern":
    """The names of the autosave files of ``path``'s family: ``play.thurn-autosave.json`` and the free names beside
    it (``play-2.thurn-autosave.json``, ... see ``_free_name``)."""
    base, ext = _family_base(path)
    return re.compile(f"{re.escape(base)}(?:-[0-9]{{1,4}})?{re.escape(ext)}")


def _autosave_family(path: Path) -> list[Path]:
    """The autosave files of ``path``'s family (regular files; temporary and kept-aside files are not), the most
    recently written first, at most :data:`FAMILY_MAX`."""
    family = _family_re(path)
    found = []
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return []
    for entry in entries:
        if family.fullmatch(entry.name):
            try:
                st = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if stat.S_ISREG(st.st_mode):
                found.append((st.st_mtime_ns, entry.name))
    found.sort(reverse=True)
    return [path.parent / name for _, name in found[:FAMILY_MAX]]


def _saved_at(meta, path: Path) -> tuple:
    """When an autosave was written, to find the newest: its ``meta.saved_at`` (the app's clock), then the file's
    modification time."""
    try:
        mtime = path.stat().st_mtime_ns
    except OSError:
        mtime = 0
    when = meta.get("saved_at") if isinstance(meta, dict) else None
    try:
        stamp = datetime.datetime.fromisoformat(when).timestamp() if isinstance(when, str) and len(when) < 40 else None
    except (ValueError, OverflowError, OSError):
        stamp = None
    return (stamp if stamp is not None else mtime / 1e9, mtime)


def latest_in_progress(path: Path, boards=None) -> tuple:
    """The game played last among the autosave files of ``path``'s family: ``((file, state, meta, signature) or
    None, [other files in progress], [problems])``: the unfinished game with the newest ``meta.saved_at`` (then
    modification time); ``problems`` names each file that could not be loaded ("name (why)")."""
    found, bad = [], []
    for p in _autosave_family(path):
        try:
            sig = _signature(p)
            saved, meta = parse_save(_read_save(p), boards)
        except Exception as e:          # any failure to load: not offered (a game's autosave keeps it aside)
            bad.append(f"{p.name} ({short_error(e)})")
            continue
        if not saved.is_over:
            found.append((_saved_at(meta, p), p, saved, meta, sig))
    if not found:
        return None, [], bad
    found.sort(key=lambda f: f[0], reverse=True)
    _, p, saved, meta, sig = found[0]
    return (p, saved, meta, sig), [f[1].name for f in found[1:]], bad


def not_offered_text(bad: list) -> str:
    """The sentence that names the autosave files not offered because they could not be loaded."""
    more = f" and {len(bad) - 3} more" if len(bad) > 3 else ""
    return f"Not offered, as it could not be loaded: {'; '.join(bad[:3])}{more}."


def others_in_progress_text(others: list) -> str:
    """The sentence that names the other games in progress (plain text; escape it for HTML)."""
    if not others:
        return ""
    more = f" and {len(others) - 3} more files" if len(others) > 3 else ""
    return f" Other games in progress stay saved in {', '.join(others[:3])}{more}."


def remove_stale_temps(path: Path) -> list[str]:
    """Remove the temporary files ``_write`` left beside the autosave file ``path`` when an app was stopped while
    writing (a killed kernel): those of ``path``'s family whose process is gone or older than
    :data:`TEMP_STALE_SECONDS`; another app's write in progress is left alone. The names removed."""
    temp = re.compile(f"\\.tmp-([0-9]{{1,10}})-[0-9a-f]{{8}}-({_family_re(path).pattern})")
    removed = []
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        m = temp.fullmatch(entry.name)
        if m is None:
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(st.st_mode):
                continue
            if _process_alive(int(m.group(1))) and now - st.st_mtime < TEMP_STALE_SECONDS:
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(entry.name)
    return removed


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError, OSError):
        return True                 # (someone else's process: assume alive)
    return True


def _write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file of its own, so a crash never leaves half a save and two
    apps never share a temporary file (a leftover of an app stopped while writing is removed at the next start:
    ``remove_stale_temps``)."""
    tmp = _temp_name(path)   # still *.thurn-autosave.json
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()
