"""`--plot OUT.png|.svg`: the score distribution and the win rates of a simulation.

matplotlib is an optional extra (`pip install 'trickspec[plot]'`); the command
checks for it before playing, so this module is imported only when it is there.
"""

from __future__ import annotations

from .atomic import AtomicFile
from .simulate_stats import Stats


def plot(stats: Stats, path: str) -> None:
    """Two charts side by side: points a hand per team (histogram) and win rate per team with its 95% interval."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no display needed
    import matplotlib.pyplot as plt

    rules, setup = stats.rules, stats.setup
    teams = range(rules.n_sides)
    labels = [stats.team_label(t) for t in teams]
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.5))
    values = sorted({d for t in teams for d in stats.deltas[t]})
    width = 0.8 / max(1, rules.n_sides)
    played = max(1, stats.played)
    for t in teams:
        xs = [v + (t - (rules.n_sides - 1) / 2) * width for v in values]
        left.bar(xs, [100 * stats.deltas[t][v] / played for v in values], width=width, label=labels[t])
    left.set_xlabel("points a hand")
    left.set_ylabel("% of hands played")
    left.set_title("Score distribution")
    left.set_xticks(values)
    left.legend(fontsize="small")
    rates: list[float] = []
    errs: list[list[float]] = [[], []]
    for t in teams:
        j = stats.team_json(t)
        rate = 100 * (j["win_rate"] or 0.0)
        lo, hi = (100 * (x or 0.0) for x in j["win_rate_ci95"])
        rates.append(rate)
        errs[0].append(rate - lo)
        errs[1].append(hi - rate)
    right.bar(list(teams), rates, yerr=errs, capsize=6, color=[f"C{t}" for t in teams])
    right.set_xticks(list(teams), labels, fontsize="small", rotation=15)
    right.set_ylabel("% of matches won (95% interval)")
    right.set_title("Win rate")
    right.set_ylim(0, 100)
    rule_text = f" + {', '.join(setup.overlays)}" if setup.overlays else ""
    fig.suptitle(
        f"{rules.title}{rule_text} — seed {setup.seed}, {stats.matches} matches, "
        f"bots {','.join(setup.bots)}{' (duplicate)' if setup.duplicate else ''}",
        fontsize="medium",
    )
    fig.tight_layout()
    fmt = "svg" if path.lower().endswith(".svg") else "png"
    out = AtomicFile(path)
    try:
        out.file.close()
        fig.savefig(out.tmp, format=fmt)
        out.commit()
    except BaseException:
        out.abandon()
        raise
    finally:
        plt.close(fig)
