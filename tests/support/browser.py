"""Real-browser helpers: JupyterLab and Voilà on 127.0.0.1, Debian Chromium through Playwright, checks read
from the page.

Nothing here touches the network, the repo or ``$HOME``: servers get Jupyter/IPython dirs in a temp dir and
serve copies of the notebooks; the browser is Debian's ``/usr/bin/chromium`` (never a downloaded one).
Every wait is bounded by :data:`WAIT_MS` (running all cells by :data:`RUN_ALL_MS`); every server is stopped
(SIGTERM, then wait) when its ``with`` block ends.
"""
from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Iterator
from urllib.parse import urlparse

import pytest

from tests.support.paths import ROOT

if TYPE_CHECKING:
    from playwright.sync_api import Browser

NOTEBOOKS = ROOT / "notebooks"
CHROMIUM = Path("/usr/bin/chromium")
WAIT_MS = 120_000
#: How long running every cell of a notebook may take: the strategy lab simulates 10,000 games (minutes).
RUN_ALL_MS = 1_800_000
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
VIEWPORT = {"width": 1280, "height": 1600}
LOCAL_HOSTS = {"127.0.0.1", "localhost"}
# Voilà's page template links FontAwesome (and MathJax) from these CDNs; offline they fail harmlessly because
# the same assets are bundled in voila's own JS.
VOILA_CDN_HOSTS = {"cdn.jsdelivr.net", "cdnjs.cloudflare.com"}
# Console and page errors seen under Voilà that change nothing on the page, each told by the strings it
# contains: the CDN links above; jupytext's lab extension (Voilà's older shared modules cannot load it, and it
# draws nothing); jupyterlab-plotly storing a PNG snapshot of a go.Figure output into a model that Voilà keeps
# read-only (the figure itself is drawn); anywidget's 2-second timer on a model's start, which fires on a busy
# machine while Voilà creates the models of every widget in the kernel and plotly's 5 MB module loads. That
# model then drops every change sent to it (a map drawn, then frozen: the CI failure at b73b5bb); the apps'
# FigureBox puts a fresh widget in its place (tests/browser/test_map_under_load.py), so the error says nothing
# about what the page shows, and the maps are still checked: drawn, and changed by a click.
VOILA_NOISE = [*((host,) for host in VOILA_CDN_HOSTS),
               ("/labextensions/jupyterlab-jupytext/",),
               ("setData is not a function", "/labextensions/jupyterlab-plotly/"),
               ("[anywidget] Failed to initialize model.", "/labextensions/anywidget/")]
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
PLOTLY_MIME = "application/vnd.plotly.v1+json"

# JupyterLab settings for a clean, deterministic page: no news toast, no update check, no autosave into the
# copies, every cell attached to the DOM (the default 'contentVisibility' windowing skips offscreen cells).
LAB_OVERRIDES = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/docmanager-extension:plugin": {"autosave": False},
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none", "scrollPastEnd": False},
}


# --- the browser ---------------------------------------------------------------------------------------------

def require_browser() -> None:
    """Skip when Chromium or Playwright is missing on a developer machine; fail under CI (``CI=true``)."""
    missing = []
    if not os.access(CHROMIUM, os.X_OK):
        missing.append(f"{CHROMIUM} (Debian: apt-get install -y --no-install-recommends chromium)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        missing.append("the playwright package (pip install -e '.[test]'; never run `playwright install`)")
    if not missing:
        return
    message = "browser tests need " + " and ".join(missing)
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(message + " — CI must install it (see .ci/run)", pytrace=False)
    pytest.skip(message)


@contextmanager
def chromium() -> Iterator[Browser]:
    """Headless Debian Chromium driven by Playwright."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


@dataclass
class PageLog:
    """What a page asked for and complained about: requests to other hosts, console errors, uncaught errors."""

    external: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    def watch(self, page) -> "PageLog":
        page.on("request", lambda request: self._request(request.url))
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.page_errors.append(f"{error} (at {error.stack})"))
        return self

    def _console(self, msg) -> None:
        if msg.type == "error":
            self.console_errors.append(f"{msg.text} (at {msg.location.get('url') or '?'})")

    def _request(self, url: str) -> None:
        parsed = urlparse(url)
        if parsed.scheme in ("http", "https", "ws", "wss") and parsed.hostname not in LOCAL_HOSTS:
            self.external.append(url)

    def external_hosts(self) -> set[str]:
        return {urlparse(url).hostname for url in self.external}

    def errors(self, noise: list[tuple[str, ...]] = ()) -> list[str]:
        """Console errors and uncaught page errors, except those containing all the strings of a ``noise`` entry."""
        return [error for error in self.console_errors + self.page_errors
                if not any(all(part in error for part in known) for known in noise)]


# --- servers -------------------------------------------------------------------------------------------------

def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def jupyter_env(home: Path) -> dict[str, str]:
    """The environment for a server whose Jupyter and IPython state all lives under ``home``."""
    dirs = {"JUPYTER_CONFIG_DIR": "cfg", "JUPYTER_DATA_DIR": "data", "JUPYTER_RUNTIME_DIR": "rt",
            "JUPYTERLAB_SETTINGS_DIR": "settings", "JUPYTERLAB_WORKSPACES_DIR": "ws", "IPYTHONDIR": "ipy",
            "MPLCONFIGDIR": "mpl"}
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    # the servers' kernels import thurn from this checkout (a git worktree too), not from where it is installed
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])
    for name, sub in dirs.items():
        env[name] = str(home / sub)
        (home / sub).mkdir(parents=True, exist_ok=True)
    return env


def copy_notebooks(dest: Path) -> Path:
    """A copy of ``notebooks/`` (what the servers serve and the kernels write into), never the repo itself."""
    shutil.copytree(NOTEBOOKS, dest, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "*.thurn-autosave.json"))
    return dest


def _log_tail(log: Path, lines: int = 30) -> str:
    text = log.read_text(errors="replace") if log.exists() else ""
    return "\n".join(text.splitlines()[-lines:])


def _get(url: str, timeout: float = 2.0) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status == 200
    except (urllib.error.URLError, OSError):
        return False


@contextmanager
def server(cmd: list[str], *, cwd: Path, env: dict[str, str], ready_url: str, log: Path) -> Iterator[None]:
    """Run ``cmd`` until the ``with`` block ends: ready once ``ready_url`` answers 200, then stopped by SIGTERM."""
    what = " ".join(cmd[1:3])
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + WAIT_MS / 1000
        while not _get(ready_url):
            if proc.poll() is not None:
                raise RuntimeError(f"{what} exited with {proc.returncode} before it was ready:\n{_log_tail(log)}")
            if time.monotonic() > deadline:
                raise TimeoutError(f"{what} not ready at {ready_url} after {WAIT_MS // 1000} s:\n{_log_tail(log)}")
            time.sleep(0.2)
        yield
    finally:
        stop(proc)


def stop(proc: subprocess.Popen) -> None:
    """SIGTERM and wait (Jupyter shuts its kernels down on SIGTERM); SIGKILL the process group if it hangs."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)


@dataclass
class Lab:
    """A running JupyterLab: its base URL, token and the folder it serves."""

    url: str
    token: str
    root: Path

    def notebook_url(self, name: str) -> str:
        return f"{self.url}/lab/tree/{name}?token={self.token}&reset"

    def api(self, path: str, method: str = "GET"):
        request = urllib.request.Request(f"{self.url}/api/{path}", method=method,
                                         headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=30) as response:
            body = response.read()
        return json.loads(body) if body else None

    def shut_down_kernels(self) -> None:
        """End every session (and its kernel), so the next notebook has the two cores to itself."""
        for session in self.api("sessions"):
            self.api(f"sessions/{session['id']}", method="DELETE")


@contextmanager
def jupyter_lab(root: Path, home: Path, size: str | None = None) -> Iterator[Lab]:
    """JupyterLab on 127.0.0.1 serving ``root``, with its state and settings under ``home``; ``size`` ("small" or
    "full"), when given, is its kernels' ``THURN_SIZE`` (the notebooks' simulations), else the test's own."""
    env = jupyter_env(home)
    if size is not None:
        env["THURN_SIZE"] = size
    app_settings = home / "app-settings"
    app_settings.mkdir(exist_ok=True)
    (app_settings / "overrides.json").write_text(json.dumps(LAB_OVERRIDES))
    port, token = free_port(), secrets.token_hex(16)
    cmd = [sys.executable, "-m", "jupyterlab", "--allow-root", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
           "--ServerApp.port_retries=0", f"--ServerApp.root_dir={root}", f"--IdentityProvider.token={token}",
           "--ServerApp.terminals_enabled=False", "--LabApp.expose_app_in_browser=True", "--LabApp.news_url=None",
           "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
           f"--LabApp.app_settings_dir={app_settings}"]
    url = f"http://127.0.0.1:{port}"
    with server(cmd, cwd=root, env=env, ready_url=f"{url}/api/status?token={token}", log=home / "lab.log"):
        yield Lab(url, token, root)


@contextmanager
def voila(notebook: Path, home: Path) -> Iterator[str]:
    """Voilà standalone on 127.0.0.1 serving ``notebook`` as an app; yields the app's URL."""
    env = jupyter_env(home)
    for attempt in range(3):      # a free port can be taken before Voilà binds it (two test workers): another one
        port = free_port()
        cmd = [sys.executable, "-m", "voila", notebook.name, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
               "--Voila.port_retries=0", "--show_tracebacks=True"]
        url = f"http://127.0.0.1:{port}"
        running = server(cmd, cwd=notebook.parent, env=env, ready_url=f"{url}/voila/static/voila.js",
                         log=home / "voila.log")
        try:
            running.__enter__()
        except RuntimeError as e:
            if "already in use" in str(e) and attempt < 2:
                continue
            raise
        with ExitStack() as stack:
            stack.push(running)
            yield f"{url}/"
        return


# --- a notebook in JupyterLab --------------------------------------------------------------------------------

_WAIT_FOR_KERNEL = """async ([name, waitMs]) => {
  const app = window.jupyterapp;
  const panel = app.shell.currentWidget;
  if (!panel || !panel.context || panel.context.path !== name) throw new Error('the notebook is not open');
  await panel.context.ready;
  await panel.sessionContext.ready;
  const deadline = Date.now() + waitMs;
  for (;;) {
    const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
    if (kernel && kernel.connectionStatus === 'connected' && kernel.status === 'idle') return kernel.name;
    if (Date.now() > deadline) throw new Error('kernel not connected and idle: ' + (kernel ? kernel.status : 'none'));
    await new Promise(r => setTimeout(r, 100));
  }
}"""

_RUN_ALL = """async (waitMs) => {
  const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('run all: timed out')), waitMs));
  return await Promise.race([window.jupyterapp.commands.execute('notebook:run-all-cells'), timeout]);
}"""

_CELLS = """() => window.jupyterapp.shell.currentWidget.content.widgets
  .filter(cell => cell.model.type === 'code')
  .map(cell => ({source: cell.model.sharedModel.getSource(), count: cell.model.executionCount,
                 outputs: cell.model.outputs.toJSON()}))"""


def open_notebook(page, lab: Lab, name: str) -> None:
    """Open ``name`` in a fresh workspace and wait until its kernel is connected and idle.

    Waiting on the toolbar's idle indicator is not enough: it reads "idle" before the kernel connects, and a
    run-all sent then executes nothing.
    """
    page.goto(lab.notebook_url(name), timeout=WAIT_MS)
    page.wait_for_function(
        "name => { const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
        " return !!panel && !!panel.context && panel.context.path === name; }",
        arg=name, timeout=WAIT_MS)
    page.evaluate(_WAIT_FOR_KERNEL, [name, WAIT_MS])


def run_all_cells(page) -> list[dict]:
    """Run every cell, wait until the kernel has answered them all, and return the code cells with outputs."""
    ran = page.evaluate(_RUN_ALL, RUN_ALL_MS)
    cells = page.evaluate(_CELLS)
    if not ran:
        errors = error_outputs(cells)
        raise AssertionError(f"run all cells stopped early: {errors or 'no error output'}")
    unrun = [i for i, cell in enumerate(cells) if cell["source"].strip() and cell["count"] is None]
    assert not unrun, f"code cells {unrun} did not run"
    return cells


def error_outputs(cells: list[dict]) -> list[str]:
    """Every error output of the code cells, as ``cell <i>: <ename>: <evalue>``."""
    return [f"code cell {i}: {out.get('ename')}: {out.get('evalue')}"
            for i, cell in enumerate(cells) for out in cell["outputs"] if out["output_type"] == "error"]


def count_mime(cells: list[dict], mime: str) -> int:
    """How many outputs of the code cells carry ``mime``."""
    return sum(mime in out.get("data", {}) for cell in cells for out in cell["outputs"])


# --- what the page shows -------------------------------------------------------------------------------------

_LAB_RENDERED = """() => {
  const drawn = el => !!el && el.children.length > 0 && !/Loading widget/.test(el.textContent);
  const cells = window.jupyterapp.shell.currentWidget.content.widgets.filter(c => c.model.type === 'code');
  const outputsDrawn = cells.every(cell => {
    const outputs = cell.model.outputs.toJSON();
    const nodes = [...cell.outputArea.node.children].filter(c => c.classList.contains('jp-OutputArea-child'))
      .map(child => child.querySelector(':scope > .jp-OutputArea-output'));
    return outputs.every((out, i) => {
      const data = out.data || {};
      if ('%s' in data) return drawn(nodes[i]);
      if ('%s' in data) return !!nodes[i] && !!nodes[i].querySelector('.main-svg');
      return true;
    });
  });
  const maps = [...document.querySelectorAll('.thurn-map')];
  return outputsDrawn && maps.every(m => m.querySelector('.js-plotly-plot .main-svg'));
}""" % (WIDGET_MIME, PLOTLY_MIME)

_APP_RENDERED = """() => {
  const loading = [...document.querySelectorAll('.jupyter-widgets, .jp-OutputArea-output')]
    .some(el => /Loading widget/.test(el.textContent));
  const maps = [...document.querySelectorAll('.thurn-map')];
  const ready = window.__plotlyWidgetsRendered || [];
  return !loading && maps.length > 0 && maps.every(m => m.querySelector('.js-plotly-plot .main-svg')
    && ready.includes(m.querySelector('.js-plotly-plot')));
}"""

#: Added to every page before it loads: remembers each plotly FigureWidget view that has finished its first
#: drawing (plotly's widget announces it with the ``plotlywidget-after-render`` event). Its SVG shows earlier,
#: and until then the view does not follow its figure. Under Voilà on an overloaded machine (two cores, four
#: busy processes beside the test) a view sometimes never finishes: the map stays frozen while the rest of
#: the app answers. So the tests click only after it, and say so when it never comes.
PLOTLY_WIDGETS_RENDERED = """
window.__plotlyWidgetsRendered = [];
document.addEventListener('plotlywidget-after-render',
  event => window.__plotlyWidgetsRendered.push(event.detail.element));
"""


def wait_for_rendering(page) -> None:
    """In JupyterLab: wait until every widget output of every cell is drawn (not "Loading widget..."), every
    plotly output has its SVG, and every ``.thurn-map`` holds a drawn plot."""
    page.wait_for_function(_LAB_RENDERED, timeout=WAIT_MS)


def wait_for_app(page) -> None:
    """In Voilà: wait until no widget is still loading and every ``.thurn-map`` (at least one) holds a plot whose
    first drawing is finished (needs :data:`PLOTLY_WIDGETS_RENDERED` added to the page before it loads)."""
    try:
        page.wait_for_function(_APP_RENDERED, timeout=WAIT_MS)
    except Exception as error:  # playwright's TimeoutError: say which part is missing
        shown = page.evaluate("""() => [...document.querySelectorAll('.thurn-map')].map(m => ({
            svg: !!m.querySelector('.js-plotly-plot .main-svg'),
            finished: (window.__plotlyWidgetsRendered || []).includes(m.querySelector('.js-plotly-plot'))}))""")
        raise AssertionError(
            f"the app did not finish drawing within {WAIT_MS // 1000} s: maps {shown} (svg: the map is shown; "
            f"finished: plotly's widget finished its first drawing; a map shown but never finished stays frozen, "
            f"a stall of plotly's FigureWidget seen only with the machine overloaded)") from error


_PAGE_PROBLEMS = """() => {
  const text = el => el.innerText || el.textContent || '';
  const tracebacks = [...document.querySelectorAll(
      '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')]
    .map(text).filter(t => /Traceback|Error\\b|error when executing|timed out/.test(t));
  const widgets = [...document.querySelectorAll('.jp-OutputArea-output, .widget-error')]
    .map(text).filter(t => /Error displaying widget|Error rendering widget|Could not create a (model|view)/.test(t));
  return [...tracebacks, ...widgets].map(t => t.slice(0, 800));
}"""


def page_problems(page) -> list[str]:
    """Error outputs as the page shows them: stderr tracebacks, widgets that failed to render, Voilà's cell error."""
    return page.evaluate(_PAGE_PROBLEMS)


def count(page, selector: str) -> int:
    return page.locator(selector).count()


_PLAY_STATE = """() => {
  const app = document.querySelector('.thurn-play');
  if (!app) return null;
  const text = sel => [...app.querySelectorAll(sel)].map(el => el.textContent.trim()).join(' | ');
  return {
    title: text('.thurn-map .gtitle'),
    svg: [...app.querySelectorAll('.thurn-map svg.main-svg')].map(s => s.innerHTML).join(''),
    log: text('.thurn-log'),
    message: text('.thurn-message'),
    actions: [...app.querySelectorAll('.thurn-action')].filter(b => !b.disabled).map(b => b.textContent.trim()),
  };
}"""


def play_state(page) -> dict | None:
    """The Play app as seen: the map's title and SVG, the log, the message, the enabled action buttons."""
    return page.evaluate(_PLAY_STATE)


_CHANGED = """([title, svg, log]) => {
  const app = document.querySelector('.thurn-play');
  if (!app) return false;
  const text = sel => [...app.querySelectorAll(sel)].map(el => el.textContent.trim()).join(' | ');
  const nowSvg = [...app.querySelectorAll('.thurn-map svg.main-svg')].map(s => s.innerHTML).join('');
  return (text('.thurn-map .gtitle') !== title || nowSvg !== svg) && text('.thurn-log') !== log;
}"""


def click_first_action(page) -> tuple[str, dict, dict]:
    """Click the first Play app's first enabled legal-action button; wait until both its map and its log change.

    Returns the button's label and the app's state before and after.
    """
    before = play_state(page)
    assert before is not None, "no .thurn-play app on the page"
    assert before["svg"], "the Play app has no drawn map (.thurn-map svg.main-svg)"
    assert before["actions"], "the Play app shows no enabled .thurn-action button"
    button = page.locator(".thurn-play").first.locator(".thurn-action:not([disabled])").first
    label = button.text_content().strip()
    button.click()
    try:
        page.wait_for_function(_CHANGED, arg=[before["title"], before["svg"], before["log"]], timeout=WAIT_MS)
    except Exception as error:  # playwright's TimeoutError: say what did not change
        after = play_state(page) or {}
        raise AssertionError(
            f"clicking {label!r} did not change both the map and the log within {WAIT_MS // 1000} s: "
            f"title {before['title']!r} -> {after.get('title')!r}, "
            f"map SVG changed: {after.get('svg') != before['svg']}, log changed: {after.get('log') != before['log']}, "
            f"message {after.get('message')!r}") from error
    return label, before, play_state(page)


# --- artefacts -----------------------------------------------------------------------------------------------

def artifacts_dir() -> Path:
    """Where screenshots go: ``$THURN_ARTIFACTS`` if set, else ``artifacts/screenshots/`` in the repo."""
    folder = Path(os.environ.get("THURN_ARTIFACTS") or ROOT / "artifacts" / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def screenshot(page, name: str, selector: str | None = None) -> Path:
    """Save a PNG of the page (or of the element ``selector``) as ``<artifacts>/<name>.png``."""
    path = artifacts_dir() / f"{name}.png"
    if selector:
        page.locator(selector).first.screenshot(path=path, timeout=WAIT_MS)
    else:
        page.screenshot(path=path, full_page=True, timeout=WAIT_MS)
    return path


_NOTEBOOK_SCROLLER = """(() => { const nb = window.jupyterapp.shell.currentWidget.content.node;
  return nb.querySelector('.jp-WindowedPanel-outer') || nb; })()"""


def screenshot_notebook(page, name: str, part_height: int = 12_000) -> list[Path]:
    """Save the whole notebook, not just the visible part: JupyterLab scrolls inside its panel, so the viewport
    is grown to the notebook's height for the shot. A notebook taller than ``part_height`` pixels is saved in
    parts, ``<name>-part1.png``, ``<name>-part2.png``, ...; a shorter one as ``<name>.png``."""
    for old in artifacts_dir().glob(f"{name}-part*.png"):
        old.unlink()
    scroll, chrome = page.evaluate(f"() => {{ const s = {_NOTEBOOK_SCROLLER};"
                                   " return [s.scrollHeight, window.innerHeight - s.clientHeight]; }")
    visible = min(scroll, part_height)
    page.set_viewport_size({"width": VIEWPORT["width"], "height": max(visible + chrome, VIEWPORT["height"])})
    parts = -(-scroll // visible)
    try:
        shots = []
        for part in range(parts):
            page.evaluate(f"top => {{ {_NOTEBOOK_SCROLLER}.scrollTop = top; }}", part * visible)
            page.wait_for_timeout(500)  # relayout and plotly's resize
            shots.append(screenshot(page, name if parts == 1 else f"{name}-part{part + 1}"))
        return shots
    finally:
        page.set_viewport_size(VIEWPORT)


# --- the game app (notebooks/app.ipynb) ----------------------------------------------------------------------

_APP_VIEW = """() => {
  const app = document.querySelector('.thurn-app');
  if (!app) return null;
  const text = sel => [...app.querySelectorAll(sel)].map(el => el.textContent.trim()).join(' | ');
  return {
    message: text('.thurn-play .thurn-message'),
    log: text('.thurn-log'),
    svg: [...app.querySelectorAll('.thurn-map svg.main-svg')].map(s => s.innerHTML).join(''),
    next: app.querySelectorAll('.thurn-next:not([disabled])').length,
    gameover: text('.thurn-gameover h2'),
  };
}"""


def app_view(page) -> dict | None:
    """The game app as seen: the game's message, log and map SVG, whether Next shows, the game-over heading."""
    return page.evaluate(_APP_VIEW)


def fill_new_game(page, seats: list[tuple[str, str]], pace: str | None = None) -> None:
    """Fill the New game panel: ``seats`` as (name, kind label: "Human" or a level's name, "Beginner", "Club", ...,
    "Master": thurn.bots.levels); ``pace`` a label of the bots' pace ("At once", ...)."""
    panel = page.locator(".thurn-newgame").first
    panel.locator(".thurn-seats button", has_text=f"{len(seats)} players").click()
    for i, (name, kind) in enumerate(seats):
        box = panel.locator(".thurn-seat-name input").nth(i)
        box.fill(name)
        box.press("Tab")
        panel.locator(".thurn-seat-kind select").nth(i).select_option(label=kind)
    if pace:
        panel.locator(".thurn-pace label", has_text=pace).locator("input").check()
    page.wait_for_timeout(300)      # let the kernel receive the values before Start


_APP_CHANGED = """([log, svg]) => {
  const app = document.querySelector('.thurn-app');
  const text = sel => [...app.querySelectorAll(sel)].map(el => el.textContent.trim()).join(' | ');
  const nowSvg = [...app.querySelectorAll('.thurn-map svg.main-svg')].map(s => s.innerHTML).join('');
  return text('.thurn-log') !== log && nowSvg !== svg;
}"""


def click_and_wait(page, locator) -> tuple[dict, dict]:
    """Click ``locator`` in the game app and wait until its log and its map both change; the views before, after."""
    before = app_view(page)
    locator.click()
    page.wait_for_function(_APP_CHANGED, arg=[before["log"], before["svg"]], timeout=WAIT_MS)
    return before, app_view(page)


# --- the lessons: the stepper's count, text that fits --------------------------------------------------------

_STEPPER_COUNTS = """() => [...document.querySelectorAll('.thurn-stepper')].map(s => [
  (s.querySelector('.thurn-step-header') || {}).innerText || '',
  (s.querySelector('.thurn-step-count') || {}).innerText || ''])"""


def stepper_counts(page) -> list[tuple[str, str]]:
    """Each rules stepper's header ("Step 1 of 12 · base rules, ...") and its count in the navigation ("1 / 12")."""
    return [tuple(pair) for pair in page.evaluate(_STEPPER_COUNTS)]


_WRAPPED_TEXT = """() => [...document.querySelectorAll(
    '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stdout"] pre,'
    + ' .jp-OutputArea-output[data-mime-type="text/plain"] pre')]
  .filter(p => p.offsetParent !== null)
  .map(p => { const text = p.textContent.replace(/\\n$/, '');
              const lines = text.split('\\n').length;
              const shown = Math.round(p.getBoundingClientRect().height / parseFloat(getComputedStyle(p).lineHeight));
              return shown > lines ? text.split('\\n').find(l => l.length === Math.max(
                  ...text.split('\\n').map(x => x.length))) : null; })
  .filter(t => t !== null)"""


def wrapped_text(page) -> list[str]:
    """The longest line of each printed or plain-text output that the page wraps (JupyterLab breaks output lines
    anywhere, inside words too)."""
    return page.evaluate(_WRAPPED_TEXT)


# -- the Play app in Voilà, as a newcomer opens it ----------------------------------------------------------------

@contextmanager
def app_in_voila(browser, tmp_path: Path, name: str, viewport: dict | None = None):
    """A fresh page on the Play app (a copy of ``notebooks/app.ipynb``) served by Voilà, its New game panel shown:
    yields ``(page, panel)``. The page logs its requests and errors (``page.seen``); a failure leaves a screenshot
    ``<name>-failed``; the browser context is closed after."""
    context = browser.new_context(viewport=viewport or VIEWPORT)
    page = context.new_page()
    page.add_init_script(PLOTLY_WIDGETS_RENDERED)
    page.set_default_timeout(WAIT_MS)
    page.seen = PageLog().watch(page)
    root = copy_notebooks(tmp_path / "notebooks")
    try:
        with voila(root / "app.ipynb", tmp_path) as url:
            try:
                page.goto(url, timeout=WAIT_MS)
                panel = page.locator(".thurn-app .thurn-newgame").first
                panel.locator(".thurn-start").wait_for(timeout=WAIT_MS)
                yield page, panel
            except BaseException:
                try:
                    screenshot(page, f"{name}-failed")
                except Exception:
                    pass
                raise
    finally:
        context.close()


def set_seed(panel, seed: int) -> None:
    """The New game panel's seed: the same deal every run."""
    box = panel.locator(".thurn-seed input").first
    box.fill(str(seed))
    box.press("Tab")


def start_game(page, panel) -> None:
    """Click the New game panel's Start and wait until the game's map is drawn and the app is ready."""
    panel.locator(".thurn-start").first.click()
    page.wait_for_selector(".thurn-app .thurn-play .thurn-map .js-plotly-plot .main-svg", timeout=WAIT_MS)
    wait_for_app(page)


def check_clean_voila_page(page) -> None:
    """No error shown on the page, no request but to Voilà's CDN hosts, no JavaScript error but Voilà's harmless."""
    assert page_problems(page) == [], "the page shows errors"
    assert page.seen.external_hosts() <= VOILA_CDN_HOSTS, "requests to unexpected hosts"
    assert page.seen.errors(VOILA_NOISE) == [], "JavaScript errors other than Voilà's harmless ones"


# -- a whole game clicked as a newcomer clicks it (tests/browser/test_play_*.py, test_audience.py) --------------------

_SCREEN = """([texts, counts, buttons, whole]) => {
  const app = document.querySelector('.thurn-app');
  const play = app && app.querySelector('.thurn-play');
  const text = (root, sel) => root ? [...root.querySelectorAll(sel)].map(el => el.textContent.trim()).join(' | ') : '';
  const shown = sel => play ? [...play.querySelectorAll(sel)].filter(b => !b.disabled && b.offsetParent)
      .map(b => ({text: b.textContent.trim(), title: b.title || ''})) : [];
  const view = {status: text(play, '.thurn-status'), log: text(play, '.thurn-log'), actions: shown('.thurn-action'),
                keep: shown('.thurn-keep').length, gameover: text(app, '.thurn-gameover h2')};
  for (const [name, sel] of Object.entries(texts)) view[name] = text(play, sel);
  for (const [name, sel] of Object.entries(counts)) view[name] = shown(sel).length;
  for (const [name, sel] of Object.entries(buttons)) view[name] = shown(sel);
  if (whole) view.page = whole === 'app' ? (app ? app.textContent : '') : (play ? play.textContent : '');
  return view;
}"""

_SCREEN_READY = """(selectors) => !!document.querySelector('.thurn-app .thurn-gameover h2')
  || [...document.querySelectorAll(selectors)].some(b => !b.disabled && b.offsetParent)"""

_LOG_CHANGED = """log => { const l = document.querySelector('.thurn-play .thurn-log');
  return l && l.textContent.trim() !== log; }"""


class PlayScreen:
    """The Play app of ``page`` as a newcomer reads and clicks it. :meth:`view` gives the status line, the log, the
    enabled action buttons (text and title), the keep buttons' count and the game-over heading, and what an
    expansion's screen adds: ``texts`` (name: selector of a text in the app), ``counts`` (name: selector of
    buttons, their count), ``buttons`` (name: selector, the buttons), ``whole`` ("play" or "app": that whole text
    as ``page``). :meth:`click` clicks a button and waits until the log changes (the engine answered, the bots
    played), then ``pause_ms`` for the other widgets' updates, which follow the log's."""

    def __init__(self, page, *, texts=None, counts=None, buttons=None, whole=None, pause_ms: int = 250):
        self.page, self.pause_ms = page, pause_ms
        self._args = [texts or {}, counts or {}, buttons or {}, whole]
        clickable = [".thurn-action", ".thurn-keep", *(counts or {}).values(), *(buttons or {}).values()]
        self._clickable = ", ".join(f".thurn-play {sel}" for sel in clickable)

    def view(self) -> dict:
        return self.page.evaluate(_SCREEN, self._args)

    def click(self, selector: str, index: int = 0) -> None:
        log = self.view()["log"]
        self.page.locator(f".thurn-play {selector}").nth(index).click()
        self.page.wait_for_function(_LOG_CHANGED, arg=log, timeout=WAIT_MS)
        self.page.wait_for_timeout(self.pause_ms)

    def wait_until_ready(self) -> None:
        """Until a button can be clicked (or the game is over): the screen is being redrawn."""
        self.page.wait_for_function(_SCREEN_READY, arg=self._clickable, timeout=WAIT_MS)
