"""Click-to-update in the browser for the game app: how long from a click on a legal-action button until the page
shows the new map and log. Prints the median and the 90th percentile.

    PYTHONPATH=$PWD python tests/bench/click_bench.py [--clicks 30] [--where voila|lab|both]

Headless Debian Chromium (``/usr/bin/chromium``) against Voilà and/or JupyterLab serving a copy of
``notebooks/app.ipynb`` (tests/support/browser.py); a hotseat game of two humans (teaching undo, seed 2006), so that
every click is a human's action. A click is timed in the browser: from the click event until both the log and
the map SVG have changed (checked every animation frame).
"""
from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

from tests.support import browser as b

_TIMED_CLICK = """async (waitMs) => {
  const app = document.querySelector('.thurn-app');
  const text = sel => [...app.querySelectorAll(sel)].map(el => el.textContent.trim()).join(' | ');
  const svg = () => [...app.querySelectorAll('.thurn-map svg.main-svg')].map(s => s.innerHTML).join('');
  const log0 = text('.thurn-log'), svg0 = svg();
  const buttons = [...app.querySelectorAll('.thurn-play .thurn-action')].filter(b => !b.disabled);
  const button = buttons[buttons.length - 1];       // the last (end the turn, or the deck): the game moves on
  const t0 = performance.now();
  button.click();
  for (;;) {
    await new Promise(r => requestAnimationFrame(r));
    if (text('.thurn-log') !== log0 && svg() !== svg0) return performance.now() - t0;
    if (performance.now() - t0 > waitMs) throw new Error('no update after the click');
  }
}"""


def start_hotseat(page) -> None:
    page.wait_for_selector(".thurn-app .thurn-newgame .thurn-start", timeout=b.WAIT_MS)
    b.fill_new_game(page, [("Ann", "Human"), ("Ben", "Human")])
    page.locator(".thurn-undo-mode label", has_text="Teaching").locator("input").check()
    page.locator(".thurn-seed input").fill("2006")
    page.locator(".thurn-seed input").press("Tab")
    page.wait_for_timeout(300)
    page.locator(".thurn-start").first.click()
    page.wait_for_selector(".thurn-app .thurn-play .thurn-map .js-plotly-plot .main-svg", timeout=b.WAIT_MS)
    b.wait_for_app(page)


def timed_clicks(page, clicks: int) -> list[float]:
    times = []
    for _ in range(clicks + 2):
        times.append(page.evaluate(_TIMED_CLICK, b.WAIT_MS))
        page.wait_for_timeout(150)                   # let plotly settle, as a player would between clicks
    return times[2:]                                 # the first two warm plotly's update path up


def report(where: str, times: list[float]) -> None:
    times = sorted(times)
    p90 = times[min(len(times) - 1, round(0.9 * (len(times) - 1)))]
    print(f"{where}: {len(times)} clicks, median {statistics.median(times):.0f} ms, p90 {p90:.0f} ms, "
          f"min {times[0]:.0f} ms, max {times[-1]:.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=30)
    parser.add_argument("--where", choices=("voila", "lab", "both"), default="both")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, b.chromium() as chromium:
        tmp = Path(tmp)
        root = b.copy_notebooks(tmp / "notebooks")
        if args.where in ("voila", "both"):
            page = chromium.new_page(viewport=b.VIEWPORT)
            page.add_init_script(b.PLOTLY_WIDGETS_RENDERED)
            with b.voila(root / "app.ipynb", tmp / "voila") as url:
                page.goto(url, timeout=b.WAIT_MS)
                start_hotseat(page)
                report("Voilà", timed_clicks(page, args.clicks))
            page.close()
        if args.where in ("lab", "both"):
            page = chromium.new_page(viewport=b.VIEWPORT)
            page.add_init_script(b.PLOTLY_WIDGETS_RENDERED)
            with b.jupyter_lab(root, tmp / "lab") as lab:
                b.open_notebook(page, lab, "app.ipynb")
                b.run_all_cells(page)
                start_hotseat(page)
                report("JupyterLab", timed_clicks(page, args.clicks))
            page.close()


if __name__ == "__main__":
    main()
