"""The report's metric rows in numpy (engine preset), timed: the peer of bench/charts/report.ts.

Reads JSON from stdin, {"cases": [{"name", "t", "portfolio", "benchmark", "periodsPerYear", "runs"}]}
(t in Unix seconds, NAVs), computes every single-series row of the report's metrics table for the
portfolio and the benchmark plus beta, alpha, correlation, R², Treynor, tracking error,
information ratio, capture ratios and hit rate (docs/maths.md#report-rows, engine convention), and
prints one JSON line per case: {"name", "ms"} the median wall time of `runs` runs after one
discarded run, and a few rows to check against the engine's. numpy and the standard library only
(statistics.NormalDist for the normal quantile). Not a test.
"""
import calendar
import datetime as dt
import json
import math
import statistics
import sys
import time

import numpy as np

DAY = 86400
YEAR = 365.25 * DAY
NORMAL = statistics.NormalDist()


def utc(s):
    return dt.datetime.fromtimestamp(int(s), dt.timezone.utc)


def grouped(keys, r):
    """Compounded returns of consecutive runs of equal keys."""
    out, start = [], 0
    for i in range(1, len(r) + 1):
        if i == len(r) or keys[i] != keys[start]:
            out.append(np.prod(1 + r[start:i]) - 1)
            start = i
    return np.array(out)


def sd(x):
    return float(np.std(x, ddof=1))


def skew_kurt(x):
    m = x - x.mean()
    m2, m3, m4 = (m ** 2).mean(), (m ** 3).mean(), (m ** 4).mean()
    return float(m3 / m2 ** 1.5), float(m4 / m2 ** 2 - 3)


def penalty(x):
    n = len(x)
    rho = abs(np.corrcoef(x[:-1], x[1:])[0, 1])
    j = np.arange(1, n)
    return float(np.sqrt(1 + 2 * np.sum((n - j) / n * rho ** j)))


def longest(mask):
    best = cur = 0
    for m in mask:
        cur = cur + 1 if m else 0
        best = max(best, cur)
    return best


def months_before(s, k):
    d = utc(s)
    index = d.year * 12 + d.month - 1 - k
    y, m = divmod(index, 12)
    return int(dt.datetime(y, m + 1, min(d.day, calendar.monthrange(y, m + 1)[1]), tzinfo=dt.timezone.utc).timestamp())


def drawdown_rows(t, v):
    peak, trough, eps = 0, -1, []
    for i in range(1, len(v)):
        if v[i] >= v[peak]:
            if trough >= 0:
                eps.append((v[trough] / v[peak] - 1, peak, trough, i))
            trough, peak = -1, i
        elif trough < 0 or v[i] < v[trough]:
            trough = i
    if trough >= 0:
        eps.append((v[trough] / v[peak] - 1, peak, trough, -1))
    if not eps:
        return {"maxDrawdown": 0.0}
    days = [((t[e[3]] if e[3] >= 0 else t[-1]) - t[e[1]]) / DAY for e in eps]
    deepest = min(eps)
    return {"maxDrawdown": float(deepest[0]), "longestDays": max(days), "averageDrawdown": float(np.mean([e[0] for e in eps])), "averageDays": float(np.mean(days)), "episodes": len(eps)}


def series_rows(t, v, p, rf=0.0, beta=0.95):
    r = v[1:] / v[:-1] - 1
    n = len(r)
    rfp = (1 + rf) ** (1 / p) - 1
    e = r - rfp
    d = t[1:]
    dates = [utc(x) for x in d]
    months = grouped([(x.year, x.month) for x in dates], r)
    quarters = grouped([(x.year, (x.month - 1) // 3) for x in dates], r)
    years = grouped([x.year for x in dates], r)
    years_cal = (t[-1] - t[0]) / YEAR
    cagr = float((v[-1] / v[0]) ** (1 / years_cal) - 1)
    sharpe = float(e.mean() / sd(e) * math.sqrt(p))
    down = math.sqrt(np.sum(e[e < 0] ** 2) / n)
    sortino = float(e.mean() / down * math.sqrt(p))
    pen = penalty(e)
    g1, g2 = skew_kurt(r)
    sr = e.mean() / sd(e)
    psr = NORMAL.cdf(sr / math.sqrt((1 - g1 * sr + (g2 + 2) / 4 * sr ** 2) / (n - 1)))
    dd = v / np.maximum.accumulate(v) - 1
    mdd = float(min(0.0, dd.min()))
    ui = math.sqrt(np.sum(dd[1:] ** 2) / n)
    wins, losses = r[r > 0], r[r < 0]
    payoff = wins.mean() / -losses.mean()
    w = len(wins) / (len(wins) + len(losses))
    pf = wins.sum() / -losses.sum()
    tail = abs(np.percentile(r, 95)) / abs(np.percentile(r, 5))
    losses_sorted = np.sort(-r)[::-1]
    k = (1 - beta) * n
    fk = int(math.floor(k))
    var = float(losses_sorted[min(fk + 1, n) - 1])
    cvar = float((losses_sorted[:fk].sum() + (k - fk) * losses_sorted[fk]) / k) if k >= 1 else float(losses_sorted[0])
    cdar_losses = np.sort(-dd[1:])[::-1]
    cdar = float((cdar_losses[:fk].sum() + (k - fk) * cdar_losses[fk]) / k) if k >= 1 else float(cdar_losses[0])
    hit = len(wins) / n
    T = t[-1]

    def back(m):
        j = int(np.sum(t <= months_before(T, m))) - 1
        return None if j < 0 else float(v[-1] / v[j] - 1)

    def annual_back(m):
        j = int(np.sum(t <= months_before(T, m))) - 1
        return None if j < 0 else float((v[-1] / v[j]) ** (YEAR / (T - t[j])) - 1)

    def to_date(start):
        j = max(0, int(np.sum(t < start)) - 1)
        return float(v[-1] / v[j] - 1)

    last = utc(T)
    return {
        "totalReturn": float(v[-1] / v[0] - 1), "cagr": cagr, "timeInMarket": float(np.count_nonzero(r) / n),
        "riskAdjustedReturn": cagr / (np.count_nonzero(r) / n), "volatility": sd(r) * math.sqrt(p),
        "sharpeRatio": sharpe, "probabilisticSharpeRatio": psr, "smartSharpeRatio": sharpe / pen, "sortinoRatio": sortino,
        "smartSortinoRatio": sortino / pen, "adjustedSortinoRatio": sortino / math.sqrt(2), "adjustedSmartSortinoRatio": sortino / pen / math.sqrt(2),
        "omegaRatio": float(e[e > 0].sum() / -e[e < 0].sum()), "calmarRatio": cagr / -mdd, "ulcerPerformanceIndex": (cagr - rf) / ui,
        "serenityIndex": (cagr - rf) * sd(r) * math.sqrt(p) / (ui * cdar), "riskReturnRatio": float(r.mean() / sd(r)),
        "recoveryFactor": float((v[-1] / v[0] - 1) / -mdd), "gainToPainRatio": float(r.sum() / -losses.sum()),
        "monthlyGainToPainRatio": float(months.sum() / -months[months < 0].sum()), "commonSenseRatio": float(pf * tail),
        "cpcIndex": float(pf * w * payoff), "drawdown": drawdown_rows(t, v), "ulcerIndex": ui, "skewness": g1, "kurtosis": g2,
        "tailRatio": float(tail), "outlierWinRatio": float(np.percentile(r, 99) / wins.mean()), "outlierLossRatio": float(np.percentile(r, 1) / losses.mean()),
        "valueAtRisk": var, "conditionalValueAtRisk": cvar, "riskOfRuin": float(((1 - hit) / (1 + hit)) ** n),
        "averageReturn": float(r[r != 0].mean()), "averageWin": float(wins.mean()), "averageLoss": float(losses.mean()),
        "payoffRatio": float(payoff), "profitRatio": float((abs(wins.mean()) / len(wins)) / (abs(losses.mean()) / len(losses))),
        "profitFactor": float(pf), "kellyCriterion": float(w - (1 - w) / payoff), "consecutiveWins": longest(r > 0), "consecutiveLosses": longest(r < 0),
        "expectedReturn": float(np.prod(1 + r) ** (1 / n) - 1), "expectedMonthlyReturn": float(np.prod(1 + months) ** (1 / len(months)) - 1),
        "expectedYearlyReturn": float(np.prod(1 + years) ** (1 / len(years)) - 1),
        "trailing": {
            "monthToDate": to_date(int(dt.datetime(last.year, last.month, 1, tzinfo=dt.timezone.utc).timestamp())),
            "threeMonths": back(3), "sixMonths": back(6),
            "yearToDate": to_date(int(dt.datetime(last.year, 1, 1, tzinfo=dt.timezone.utc).timestamp())),
            "oneYear": back(12), "threeYears": annual_back(36), "fiveYears": annual_back(60), "tenYears": annual_back(120), "allTime": cagr,
        },
        "bestPeriod": float(r.max()), "worstPeriod": float(r.min()), "bestMonth": float(months.max()), "worstMonth": float(months.min()),
        "bestYear": float(years.max()), "worstYear": float(years.min()),
        "averageUpMonth": float(months[months > 0].mean()), "averageDownMonth": float(months[months < 0].mean()),
        "winRate": {"periods": hit, "months": float(np.mean(months > 0)), "quarters": float(np.mean(quarters > 0)), "years": float(np.mean(years > 0))},
    }


def relative_rows(v, bv, p, rf=0.0):
    r, b = v[1:] / v[:-1] - 1, bv[1:] / bv[:-1] - 1
    rfp = (1 + rf) ** (1 / p) - 1
    beta = float(np.cov(r, b, ddof=1)[0, 1] / np.var(b, ddof=1))
    rho = float(np.corrcoef(r, b)[0, 1])
    a = r - b
    up, down = b > 0, b < 0
    return {
        "beta": beta, "alpha": float(p * ((r - rfp).mean() - beta * (b - rfp).mean())), "correlation": rho, "rSquared": rho * rho,
        "treynorRatio": float(p * (r.mean() - rfp) / beta), "trackingError": sd(a) * math.sqrt(p), "informationRatio": float(a.mean() / sd(a) * math.sqrt(p)),
        "upCapture": float(r[up].mean() / b[up].mean()), "downCapture": float(r[down].mean() / b[down].mean()), "hitRate": float(np.mean(r > b)),
    }


def report_rows(t, v, bv, p):
    return {"portfolio": series_rows(t, v, p), "benchmark": series_rows(t, bv, p), **relative_rows(v, bv, p)}


def main():
    request = json.load(sys.stdin)
    for case in request["cases"]:
        t = np.array(case["t"], dtype=np.float64)
        v = np.array(case["portfolio"], dtype=np.float64)
        bv = np.array(case["benchmark"], dtype=np.float64)
        p = case["periodsPerYear"]
        rows = report_rows(t, v, bv, p)
        times = []
        for _ in range(case["runs"]):
            start = time.perf_counter()
            report_rows(t, v, bv, p)
            times.append((time.perf_counter() - start) * 1000)
        times.sort()
        check = {"cagr": rows["portfolio"]["cagr"], "sharpeRatio": rows["portfolio"]["sharpeRatio"], "beta": rows["beta"]}
        print(json.dumps({"name": case["name"], "ms": times[len(times) // 2], "check": check}), flush=True)


if __name__ == "__main__":
    main()
