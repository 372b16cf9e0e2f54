"""The balance report as one self-contained HTML page (``fliptable balance --report
FILE.html``): the summary in sentences first, then per section its tables and figures.
Figures are drawn with matplotlib (the ``plots`` extra) on the Agg canvas and embedded as
base64 PNG ``data:`` URIs; the page has its style inline and loads nothing from a network.
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..core.options import value_text
from .findings import interval, pct, points
from .inference import count_quantiles
from .plots import PlotError, _errors, _figure_class, check_output_file

#: bars of the seats, the equal share, card effects (dealt / held)
SEAT, EVEN, DEALT, HELD, LENGTH = "#dd8452", "grey", "#4c72b0", "#c44e52", "#55a868"
#: the most kinds in a card figure (the table lists them all)
MAX_FIGURE_KINDS = 40
#: up to this many combinations, a figure per combination; past it, one map of them all
SMALL_MULTIPLES = 8

STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;max-width:1400px;margin:2em auto;padding:0 1em;
color:#222;line-height:1.45}
h1{font-size:1.6em}h2{margin-top:2em;border-bottom:1px solid #ccc}h3{margin-top:1.5em}
table{border-collapse:collapse;margin:.6em 0;font-size:.9em}
th,td{border:1px solid #ddd;padding:.25em .6em;text-align:right;white-space:nowrap}
.wide{overflow-x:auto}th{background:#f4f4f4}
td.l,th.l{text-align:left}.sig{font-weight:bold;color:#a0301e}.note{color:#555;font-size:.9em}
img{max-width:100%;height:auto}ul.summary li{margin:.3em 0}
"""


class ReportError(PlotError):
    """A report file that cannot be written."""


def check_report_file(path: str | Path) -> Path:
    """The page to write, checked before anything is played: an ``.html`` name, not a
    folder, in a folder that exists and may be written, and matplotlib installed."""
    return check_output_file(path, "--report", (".html", ".htm"), "a file ending in .html")


def write_report(report: dict[str, Any], path: str | Path) -> None:
    """Write the page of ``report`` to ``path``."""
    target = check_report_file(path)
    try:
        target.write_text(render_html(report), encoding="utf-8")
    except OSError as exc:
        raise ReportError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None


def _png(fig: Any) -> str:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=90)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<img alt="{html.escape(fig.get_suptitle() or "figure")}" src="data:image/png;base64,{data}">'


def _e(text: Any) -> str:
    return html.escape(str(text))


def _table(head: Sequence[str], rows: Sequence[Sequence[Any]], left: int = 1) -> str:
    """An HTML table; the first ``left`` columns are text, the rest numbers (already text)."""
    out = [
        '<div class="wide"><table><tr>'
        + "".join(f'<th class="{"l" if i < left else ""}">{_e(h)}</th>' for i, h in enumerate(head))
        + "</tr>"
    ]
    out += [
        "<tr>" + "".join(f'<td class="{"l" if i < left else ""}">{c}</td>' for i, c in enumerate(row)) + "</tr>"
        for row in rows
    ]
    return "".join(out) + "</table></div>"


def render_html(report: dict[str, Any]) -> str:
    """The whole page, as text."""
    records = report["combinations"]
    title = f"Balance of {report.get('title', report['game'])}"
    bots = "; ".join(f"{n} players: {', '.join(specs)}" for n, specs in report["bots"].items())
    opts = " ".join(f"{k}={_e(value_text(v))}" for k, v in report["options"].items() if k not in report["vary"])
    parts = [
        (
            f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{_e(title)}</title>'
            f"<style>{STYLE}</style></head><body><h1>{_e(title)}</h1>"
        ),
        (
            f'<p class="note">{report["games"]} games ({report["games_requested"]} per combination'
            f"{', interrupted' if report['interrupted'] else ''}), seed {_e(report['seed'])}, bots rotated "
            f"through the seats ({_e(bots)}); options {opts or 'as by default'}. "
            f"{report['games_per_second']:,.0f} games/s on {report['workers']} worker(s).</p>"
        ),
        '<h2>Summary</h2><ul class="summary">' + "".join(f"<li>{_e(s)}</li>" for s in report["summary"]) + "</ul>",
    ]
    parts.append(_seat_section(report, records))
    parts.append(_length_section(records))
    parts.append(_stats_section(records))
    if any(r["cards"] for r in records):
        parts.append(_card_section(records))
    if report["differences"]:
        parts.append(_difference_section(report["differences"]))
    parts.append(
        "<h2>Methods</h2><ul>"
        + "".join(f"<li><b>{_e(k.replace('_', ' '))}</b>: {_e(v)}</li>" for k, v in report["methods"].items())
        + "</ul>"
    )
    parts.append("</body></html>\n")
    return "".join(parts)


def _seat_section(report: dict[str, Any], records: Sequence[dict[str, Any]]) -> str:
    rows = []
    for r in records:
        s, t = r["seats"], r["seats"]["test"]
        cells = [_e(r["label"]), str(r["games"]), pct(s["even"]) if s["even"] is not None else "n/a"]
        for j in range(max(x["players"] for x in records)):
            if j < r["players"]:
                sig = t is not None and t.get("seat_p_holm", [1.0] * r["players"])[j] <= report["methods"]["alpha"]
                text = f"{pct(s['win_rate'][j])} {interval(s['ci95'][j])}"
                cells.append(f'<span class="sig">{text}</span>' if sig else text)
            else:
                cells.append("")
        if t is None:
            cells += ["", ""]
        else:
            cells += [
                f"{t['chi2']:.1f} (df {t['df']})",
                f'<span class="{"sig" if t["significant"] else ""}">{t["p_holm"]:.3g}</span>',
            ]
        rows.append(cells)
    seats = max(x["players"] for x in records)
    out = [
        '<h2>Seats</h2><p class="note">Win rate by seat with its 95% Wilson interval; in bold red a seat '
        "whose share differs significantly from the even share. Test: " + _e(report["methods"]["seat_test"]) + ".</p>",
        _table(["combination", "games", "even"] + [f"seat {j}" for j in range(seats)] + ["chi-square", "Holm p"], rows),
    ]
    bots = [(r, b) for r in records for b in r["bots"]]
    if bots:
        out.append(
            "<h3>Bots</h3>"
            + _table(
                ["combination", "bot", "seat-games", "win rate"],
                [
                    [_e(r["label"]), _e(b["spec"]), str(b["n"]), f"{pct(b['rate'])} {interval(b['ci95'])}"]
                    for r, b in bots
                ],
                2,
            )
        )
    out.append(_png(_seat_figure(records) if len(records) <= SMALL_MULTIPLES else _seat_map(records)))
    return "".join(out)


def _seat_figure(records: Sequence[dict[str, Any]]) -> Any:
    cols = min(4, len(records))
    rows = -(-len(records) // cols)
    fig = _figure_class()(figsize=(3.2 * cols + 1, 2.6 * rows + 0.8), layout="constrained")
    fig.suptitle("win rate by seat (95% intervals) against the even share")
    axes = fig.subplots(rows, cols, squeeze=False)
    for ax in axes.flat[len(records) :]:
        ax.set_visible(False)
    for ax, r in zip(axes.flat, records, strict=False):  # the grid may have more axes (hidden above)
        s = r["seats"]
        x = list(range(r["players"]))
        ax.bar(x, s["win_rate"], yerr=_errors(s["win_rate"], s["ci95"]), color=SEAT, capsize=3)
        if s["even"] is not None:
            ax.axhline(s["even"], color=EVEN, linestyle="--", linewidth=1)
        ax.set_xticks(x, [str(j) for j in x])
        ax.set_title(r["label"], fontsize="small")
        ax.set_ylim(0, min(1.0, max(hi for _, hi in s["ci95"]) * 1.15 + 0.01))
    return fig


def _heat_map(
    title: str, rows: Sequence[str], cols: Sequence[str], values: list[list[float | None]], label: str
) -> Any:
    """A diverging map of ``values[row][col]`` (None: blank), centred on 0."""
    import math  # noqa: PLC0415

    fig = _figure_class()(figsize=(min(22.0, 2.5 + 0.32 * len(cols)), 1.8 + 0.24 * len(rows)), layout="constrained")
    fig.suptitle(title)
    ax = fig.subplots()
    grid = [[math.nan if v is None else v for v in row] for row in values]
    top = max([abs(v) for row in grid for v in row if not math.isnan(v)] + [1e-9])
    image = ax.imshow(grid, cmap="RdBu", vmin=-top, vmax=top, aspect="auto", interpolation="nearest")
    ax.set_xticks(range(len(cols)), cols, rotation=60, ha="right", rotation_mode="anchor", fontsize="small")
    ax.set_yticks(range(len(rows)), rows, fontsize="small")
    fig.colorbar(image, ax=ax, label=label, shrink=0.8)
    return fig


def _seat_map(records: Sequence[dict[str, Any]]) -> Any:
    seats = max(r["players"] for r in records)
    values = [
        [
            100 * (r["seats"]["win_rate"][j] - r["seats"]["even"])
            if j < r["players"] and r["seats"]["even"] is not None
            else None
            for r in records
        ]
        for j in range(seats)
    ]
    return _heat_map(
        "win rate by seat minus the even share (points)",
        [f"seat {j}" for j in range(seats)],
        [r["label"] for r in records],
        values,
        "percentage points",
    )


def _card_map(records: Sequence[dict[str, Any]]) -> Any:
    kinds = list(dict.fromkeys(e["kind"] for r in records for e in r["cards"]))
    effects = [{e["kind"]: e["effect"] for e in r["cards"]} for r in records]
    values = [[100 * eff[k]["diff"] if eff.get(k) else None for eff in effects] for k in kinds]
    return _heat_map(
        "card impact: win rate dealt minus not dealt (points; blank: not in the pack)",
        kinds,
        [r["label"] for r in records],
        values,
        "percentage points",
    )


def _length_section(records: Sequence[dict[str, Any]]) -> str:
    names = list(dict.fromkeys(n for r in records for n in r["length"]))
    rows = []
    for r in records:
        for name in names:
            m = r["length"].get(name)
            if m:
                rows.append(
                    [
                        _e(r["label"]),
                        _e(name),
                        f"{m['mean']:.1f} {interval(m['ci95'], 1.0)}",
                        f"{m['q1']:g}",
                        f"{m['median']:g}",
                        f"{m['q3']:g}",
                        f"{m['p99']:g}",
                        f"{m['max']:g}",
                    ]
                )
    caps = [
        [_e(r["label"]), f"{pct(r['cap']['rate'])} {interval(r['cap']['ci95'])}", str(r["cap"]["successes"])]
        for r in records
        if r["cap"]
    ]
    out = [
        "<h2>Game length</h2>",
        _table(["combination", "measure", "mean [95%]", "q1", "median", "q3", "p99 (longest 1%)", "max"], rows, 2),
    ]
    if caps:
        out.append("<h3>Safety cap</h3>" + _table(["combination", "games capped", "count"], caps))
    else:
        out.append('<p class="note">The game has no safety cap.</p>')
    fig = _figure_class()(figsize=(10, 0.35 * len(records) + 1.6), layout="constrained")
    fig.suptitle("decisions per game: quartile box, whiskers to the 1st and 99th percentiles")
    ax = fig.subplots()
    boxes = []
    for r in records:
        m = r["length"]["decisions"]
        counts = dict(m["counts"])
        lo, hi = count_quantiles(counts, (0.01, 0.99))
        boxes.append(
            {
                "label": r["label"],
                "med": m["median"],
                "q1": m["q1"],
                "q3": m["q3"],
                "whislo": lo,
                "whishi": hi,
                "mean": m["mean"],
                "fliers": [],
            }
        )
    style = {
        "showmeans": True,
        "patch_artist": True,
        "boxprops": {"facecolor": LENGTH, "alpha": 0.6},
        "medianprops": {"color": "black"},
    }
    try:  # the first combination on top; matplotlib >= 3.10 says orientation, older ones vert
        ax.bxp(boxes[::-1], orientation="horizontal", **style)
    except TypeError:
        ax.bxp(boxes[::-1], vert=False, **style)
    ax.set_xlabel("decisions")
    out.append(_png(fig))
    return "".join(out)


def _leaves(tree: Any, prefix: str = "") -> list[tuple[str, Any]]:
    if isinstance(tree, dict) and "value" in tree and "ci95" in tree:
        return [(prefix, tree)]
    if isinstance(tree, dict):
        return [x for k, v in tree.items() for x in _leaves(v, f"{prefix}.{k}" if prefix else str(k))]
    if isinstance(tree, list):
        return [x for i, v in enumerate(tree) for x in _leaves(v, f"{prefix}[{i}]")]
    return [(prefix, {"value": tree, "ci95": None})]


def _number(v: Any) -> str:
    return f"{v:.4g}" if isinstance(v, float) else _e(v)


def _stats_section(records: Sequence[dict[str, Any]]) -> str:
    leaves = [dict(_leaves(r["stats"])) for r in records]
    names = list(dict.fromkeys(name for got in leaves for name in got))
    if not names:
        return ""
    rows = []
    for name in names:
        row = [_e(name)]
        for got in leaves:
            leaf = got.get(name)
            if leaf is None:
                row.append("")
                continue
            ci = leaf["ci95"]
            row.append(_number(leaf["value"]) + (f" [{ci[0]:.4g}, {ci[1]:.4g}]" if ci else ""))
        rows.append(row)
    return (
        '<h2>The game\'s own statistics</h2><p class="note">Value and 95% interval (delete-one-chunk '
        "jackknife, normal).</p>" + _table(["statistic"] + [r["label"] for r in records], rows)
    )


def _card_section(records: Sequence[dict[str, Any]]) -> str:
    out = [
        (
            '<h2>Card impact</h2><p class="note">Per kind of card, the win rate of players dealt it against '
            "players not dealt it (and, where the game has a hand, held at the end against not held), with 95% "
            "intervals; sorted by the effect of being dealt it. In bold red an effect significant after Holm's "
            "adjustment over "
            "the kinds (two-proportion z test).</p>"
        )
    ]
    for r in records:
        if not r["cards"]:
            continue
        rows = []
        for e in r["cards"]:
            eff = e["effect"]
            sig = bool(eff and eff.get("significant"))
            row = [
                _e(e["kind"]),
                str(e["dealt"]["n"]),
                f"{pct(e['dealt']['rate'])} {interval(e['dealt']['ci95'])}",
                f"{pct(e['not_dealt']['rate'])} {interval(e['not_dealt']['ci95'])}",
                f'<span class="sig">{points(eff)}</span>' if sig else points(eff),
            ]
            if r["has_hand"]:
                row += [f"{pct(e['held']['rate'])} {interval(e['held']['ci95'])}", points(e["held_effect"])]
            rows.append(row)
        head = ["kind", "seats dealt", "dealt: win rate", "not dealt", "effect"]
        if r["has_hand"]:
            head += ["held at end: win rate", "held effect"]
        out.append(f"<h3>{_e(r['label'])}</h3>" + _table(head, rows))
        if len(records) <= SMALL_MULTIPLES:
            out.append(_png(_card_figure(r)))
    if len(records) > SMALL_MULTIPLES:
        out.insert(1, _png(_card_map(records)))
    return "".join(out)


def _card_figure(r: dict[str, Any]) -> Any:
    cards = [e for e in r["cards"] if e["effect"]][:MAX_FIGURE_KINDS]
    fig = _figure_class()(figsize=(9, 0.28 * len(cards) + 1.4), layout="constrained")
    fig.suptitle(f"{r['label']}: win rate dealt minus not dealt (points, 95% interval)")
    ax = fig.subplots()
    y = list(range(len(cards)))[::-1]
    d = [100 * e["effect"]["diff"] for e in cards]
    ci = [[100 * c for c in e["effect"]["ci95"]] for e in cards]
    ax.errorbar(d, y, xerr=_errors(d, ci), fmt="o", color=DEALT, capsize=3, label="dealt")
    if r["has_hand"]:
        held = [(yy, e["held_effect"]) for yy, e in zip(y, cards, strict=True) if e.get("held_effect")]
        if held:
            hd = [100 * h["diff"] for _, h in held]
            ax.errorbar(
                hd,
                [yy - 0.3 for yy, _ in held],
                xerr=_errors(hd, [[100 * c for c in h["ci95"]] for _, h in held]),
                fmt="s",
                color=HELD,
                capsize=2,
                markersize=3,
                label="held at end",
            )
        ax.legend(loc="best", fontsize="small")
    ax.axvline(0, color=EVEN, linewidth=1)
    ax.set_yticks(y, [e["kind"] for e in cards])
    ax.set_xlabel("percentage points")
    return fig


def _difference_section(diffs: Sequence[dict[str, Any]]) -> str:
    rows = []
    for d in diffs:
        seats = "; ".join(f"{j}: {points(x)}" for j, x in enumerate(d["seat_win_rate"]) if x)
        dl = d["length"].get("decisions")
        rows.append(
            [
                _e(d["option"]),
                _e(f"{d['base']} → {d['value']}"),
                str(d["players"]),
                _e(seats),
                f"{dl['diff']:+.1f} {interval(dl['ci95'], 1.0)}" if dl else "",
                points(d["cap"]) if d["cap"] else "",
            ]
        )
    return (
        '<h2>What each varied option changes</h2><p class="note">Each value against the option\'s first '
        "value, at the same player count and other values (differences with 95% intervals).</p>"
        + _table(["option", "change", "players", "seat win rates (points)", "mean decisions", "capped"], rows, 4)
    )
