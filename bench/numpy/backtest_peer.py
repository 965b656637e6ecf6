"""numpy peer of the engine's buyAndHoldBacktest (bench/numpy/backtestVsNumpy.ts drives it).

Reads the data the Node runner wrote (raw little-endian float64 files) and answers one command
per stdin line with one JSON line:
  "check <case>"        the peer's results (weekly NAVs and statistics), to compare with the engine's
  "time <case> <n>"     runs the backtest n times and returns the elapsed and the CPU milliseconds
                        per run (CPU time of the whole process: every BLAS thread counts)
  "time_weekly <case> <n>"  the same on closes gathered once at the weekly points (informational:
                        numpy given the preparation the engine's weeklyPriceTable makes)
The backtest, vectorised as a numpy user writes it: shares bought at inception's close, the NAV
on every day as one (days x holdings) matrix-vector product, then sampled at the weekly points,
and the same statistics as the engine (total return, CAGR over 365.25-day years, `variance` the
annualised volatility sqrt(52) x the sample standard deviation of weekly returns, as the service
reports it (docs/maths.md#backtest-statistics), Sharpe ratio with 52 periods and rf 0, maximum drawdown), for the
portfolio and the benchmark. The weekly points are computed once per case (as the engine's
prepared calendar is), outside the timed loop.
"""
import json
import sys
import time

import numpy as np


def load(directory, name):
    meta = json.load(open(f"{directory}/{name}.json"))
    days, holdings = meta["days"], meta["holdings"]
    closes = np.fromfile(f"{directory}/{name}.closes.f64", dtype="<f8").reshape(days, holdings)  # day-major
    benchmark = np.fromfile(f"{directory}/{name}.benchmark.f64", dtype="<f8")
    weights = np.fromfile(f"{directory}/{name}.weights.f64", dtype="<f8")
    calendar = np.fromfile(f"{directory}/{name}.calendar.f64", dtype="<f8")
    # Weekly points: the last trading day of each ISO week (floor((d + 3) / 7)), the last day
    # included, keeping the last 52 * years + 1 (docs/maths.md#backtest-window).
    week = np.floor((np.floor(calendar / 86400) + 3) / 7)
    ends = np.flatnonzero(week[1:] != week[:-1])
    points = np.append(ends, len(calendar) - 1)[-(52 * meta["years"] + 1):]
    return {"closes": closes, "benchmark": benchmark, "weights": weights / weights.sum(), "points": points, "calendar": calendar}


def statistics(nav, years):
    r = nav[1:] / nav[:-1] - 1
    sd = r.std(ddof=1)
    return {
        "returns": nav[-1] / 10000 - 1,
        "annualizedReturn": (nav[-1] / nav[0]) ** (1 / years) - 1,
        "variance": sd * np.sqrt(52),
        "sharpeRatio": r.mean() / sd * np.sqrt(52) if sd > 0 else 0.0,
        "maxDrawdown": min(0.0, (nav / np.maximum.accumulate(nav) - 1).min()),
    }


def backtest(c):
    closes, points = c["closes"], c["points"]
    first = points[0]
    shares = c["weights"] / closes[first]
    daily = closes @ shares  # the NAV on every day: (days x holdings) @ (holdings)
    nav = 10000 * daily[points] / daily[first]
    bench = 10000 * c["benchmark"][points] / c["benchmark"][first]
    years = (c["calendar"][points[-1]] - c["calendar"][first]) / (365.25 * 86400)
    return nav, statistics(nav, years), bench, statistics(bench, years)


def backtest_weekly(c):
    """The same backtest on closes pre-gathered at the weekly points (c["weekly"], made once per
    case, as the engine's weeklyPriceTable is): a (weeks x holdings) product instead of a daily one."""
    weekly, points = c["weekly"], c["points"]
    nav = weekly @ (c["weights"] / weekly[0])
    nav = 10000 * nav / nav[0]
    bench = 10000 * c["benchmark"][points] / c["benchmark"][points[0]]
    years = (c["calendar"][points[-1]] - c["calendar"][points[0]]) / (365.25 * 86400)
    return nav, statistics(nav, years), bench, statistics(bench, years)


def main():
    directory, names = sys.argv[1], sys.argv[2:]
    cases = {name: load(directory, name) for name in names}
    for c in cases.values():
        c["weekly"] = np.ascontiguousarray(c["closes"][c["points"]])
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "check":
            nav, stats, bench, bench_stats = backtest(cases[words[1]])
            out = {"nav": nav.tolist(), "stats": stats, "benchmark": bench.tolist(), "benchmarkStats": bench_stats}
        elif words[0] in ("time", "time_weekly"):
            c, n = cases[words[1]], int(words[2])
            run = backtest if words[0] == "time" else backtest_weekly
            run(c)
            start, cpu = time.perf_counter(), time.process_time()
            for _ in range(n):
                run(c)
            out = {"ms": (time.perf_counter() - start) * 1000 / n, "cpuMs": (time.process_time() - cpu) * 1000 / n}
        else:
            out = {"error": f"unknown command {words[0]}"}
        print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
