"""Writes numpyReportRows.json: the independent oracle of reportRows.oracle.test.ts, every row of a
quant report (quantstats' metrics table) for the portfolio and the benchmark, written with numpy
and scipy directly from the formulas of docs/maths.md#report-rows (the engine convention) and from
quantstats' and empyrical's definitions as that page states them (neither library is installed;
quantstats 0.0.84 unless a case names 0.0.81).

Six kinds of seeded series on business days (three years): normal, fat-tailed, a deep drawdown
that recovers, a drawdown still open at the end, many zero days, and the benchmark itself; the
first five are reported against the benchmark, the benchmark against the normal series. Each at
risk-free rates 0 and 3 % and confidence 95 % and 99 %, under the engine, empyrical and quantstats
presets; plus weekly and monthly versions of two series, quantstats 0.0.81 and the joint-days
report table.

Regenerate from this folder: `python3 numpyReportRows.py` (numpy and scipy; deterministic).
"""
import calendar
import datetime as dt
import json
import math

import numpy as np
import scipy
from scipy import stats

DAY = 86400
YEAR = 365.25 * DAY
EPS = 1e-9


# --- series ------------------------------------------------------------------------------------
def business_days(start, count):
    out, d = [], start
    while len(out) < count:
        if d.weekday() < 5:
            out.append(d)
        d += dt.timedelta(days=1)
    return out


def seconds(days):
    return np.array([int(d.replace(tzinfo=dt.timezone.utc).timestamp()) for d in days], dtype=np.int64)


def make_series():
    rng = np.random.default_rng(31)
    n = 757  # points: 756 daily returns, three years of business days
    bench = rng.normal(0.0004, 0.01, n - 1)
    normal = 0.0002 + 0.9 * bench + rng.normal(0, 0.006, n - 1)
    fat = 0.0003 + 0.8 * bench + 0.007 * rng.standard_t(3, n - 1)
    deep = 0.0001 + 0.5 * bench + rng.normal(0, 0.008, n - 1)
    deep[150:330] -= 0.004          # a long fall of about half
    deep[330:600] += 0.0035         # and the way back
    open_dd = 0.0004 + 0.7 * bench + rng.normal(0, 0.007, n - 1)
    open_dd[560:] -= 0.0025         # a fall still running at the end
    zeros = 0.0003 + 0.6 * bench + rng.normal(0, 0.006, n - 1)
    zeros[rng.random(n - 1) < 0.4] = 0.0   # 40 % flat days
    for r in (bench, normal, fat, deep, open_dd, zeros):
        r[0] = abs(r[0]) + 0.001     # every series starts with a gain (quantstats' drawdown table needs a first peak)
    start = dt.datetime(2021, 1, 4)
    t = seconds(business_days(start, n))
    nav = lambda r: 100 * np.concatenate([[1.0], np.cumprod(1 + r)])
    return t, {"benchmark": nav(bench), "normal": nav(normal), "fatTailed": nav(fat), "deepDrawdown": nav(deep), "openDrawdown": nav(open_dd), "zeroDays": nav(zeros)}


def resample(t, v, every):
    """Every `every`-th point, keeping the last one (weekly and monthly versions of a daily series)."""
    idx = list(range(0, len(t), every))
    if idx[-1] != len(t) - 1:
        idx.append(len(t) - 1)
    return t[idx], v[idx]


def month_ends(t, v):
    """The last point of each calendar month (and the first point): monthly points."""
    keys = [utc(x).year * 12 + utc(x).month for x in t]
    idx = [0] + [i for i in range(1, len(t)) if i == len(t) - 1 or keys[i + 1] != keys[i]]
    return t[idx], v[idx]


# --- calendar ----------------------------------------------------------------------------------
def utc(s):
    return dt.datetime.fromtimestamp(int(s), dt.timezone.utc)


def months_before(s, k):
    d = utc(s)
    index = d.year * 12 + (d.month - 1) - k
    y, m = divmod(index, 12)
    day = min(d.day, calendar.monthrange(y, m + 1)[1])
    tod = int(s) % DAY
    return int(dt.datetime(y, m + 1, day, tzinfo=dt.timezone.utc).timestamp()) + tod


def month_start(s):
    d = utc(s)
    return int(dt.datetime(d.year, d.month, 1, tzinfo=dt.timezone.utc).timestamp())


def year_start(s):
    return int(dt.datetime(utc(s).year, 1, 1, tzinfo=dt.timezone.utc).timestamp())


def grouped(t, r, key, compounded=True):
    """Returns r[i] (ending at t[i + 1]) grouped by key(date), in time order: compounded or summed."""
    out, keys = [], []
    for i, x in enumerate(r):
        k = key(utc(t[i + 1]))
        if not keys or keys[-1] != k:
            keys.append(k)
            out.append([])
        out[-1].append(x)
    return np.array([np.prod(1 + np.array(g)) - 1 if compounded else float(np.sum(g)) for g in out])


month_key = lambda d: (d.year, d.month)
quarter_key = lambda d: (d.year, (d.month - 1) // 3)
year_key = lambda d: d.year


# --- statistics ----------------------------------------------------------------------------------
def per_period(rate, p):
    return (1 + rate) ** (1 / p) - 1


def sd(x):
    return float(np.std(x, ddof=1))


def drawdowns(v):
    return (v / np.maximum.accumulate(v) - 1)[1:]


def mdd(v):
    return float(min(0.0, drawdowns(v).min()))


def calendar_cagr(t, v):
    years = (t[-1] - t[0]) / YEAR
    return float((v[-1] / v[0]) ** (1 / years) - 1)


def period_cagr(r, p):
    return float(np.prod(1 + r) ** (p / len(r)) - 1)


def penalty(x):
    n = len(x)
    coef = abs(np.corrcoef(x[:-1], x[1:])[0, 1])
    j = np.arange(1, n)
    return float(np.sqrt(1 + 2 * np.sum(((n - j) / n) * coef ** j)))


def sharpe(r, rfp, p):
    e = r - rfp
    return float(e.mean() / sd(e) * math.sqrt(p))


def sortino(r, rfp, p):
    e = r - rfp
    return float(e.mean() / math.sqrt(np.sum(e[e < 0] ** 2) / len(e)) * math.sqrt(p))


def psr(r, rf, p, preset, version):
    n = len(r)
    adjusted = preset == "quantstats"
    g1 = float(stats.skew(r, bias=not adjusted))
    g2 = float(stats.kurtosis(r, bias=not adjusted))
    if preset == "quantstats" and version == "0.0.81":
        base = float(r.mean() / sd(r))
        sigma = math.sqrt((1 + 0.5 * base ** 2 - g1 * base + (g2 - 3) / 4 * base ** 2) / (n - 1))
        return float(stats.norm.cdf((base - rf) / sigma))
    e = r - per_period(rf, p)
    base = float(e.mean() / sd(e))
    sigma = math.sqrt((1 - g1 * base + (g2 + 3 - 1) / 4 * base ** 2) / (n - 1))
    return float(stats.norm.cdf(base / sigma))


def historical_tail(r, beta):
    """The engine's order-statistic VaR and Rockafellar-Uryasev CVaR of the losses -r."""
    losses = np.sort(-r)[::-1]
    n = len(losses)
    k = (1 - beta) * n
    if abs(k - round(k)) <= EPS * abs(k):
        k = float(round(k))
    fk = int(math.floor(k))
    var = float(losses[min(fk + 1, n) - 1])
    if k < 1:
        return var, float(losses[0])
    cvar = (float(np.sum(losses[:fk])) + (k - fk) * (losses[fk] if fk < n else 0.0)) / k
    return var, float(cvar)


def var_cvar(r, beta, preset, version):
    if preset == "engine":
        return historical_tail(r, beta)
    if preset == "empyrical":
        cutoff = 1 - beta
        c = int((len(r) - 1) * cutoff)
        return float(-np.percentile(r, 100 * cutoff)), float(-np.mean(np.partition(r, c)[: c + 1]))
    return qs_var(r, beta), qs_cvar(r, beta, version)


def qs_var(x, beta):
    return float(-stats.norm.ppf(1 - beta, x.mean(), sd(x)))


def qs_cvar(x, beta, version):
    """Positive loss: quantstats 0.0.84's Gaussian expected shortfall, 0.0.81's mean below the Gaussian VaR."""
    mu, s, a = float(x.mean()), sd(x), 1 - beta
    if version == "0.0.81":
        threshold = float(stats.norm.ppf(a, mu, s))
        tail = x[x < threshold]
        return float(-(tail.mean() if len(tail) else threshold))
    return float(-(mu - s * stats.norm.pdf(stats.norm.ppf(a)) / a))


def ulcer(v, quantstats):
    d = drawdowns(v)
    return float(math.sqrt(np.sum(d ** 2) / (len(d) - 1 if quantstats else len(d))))


def win_rate(x, quantstats):
    counted = np.count_nonzero(x) if quantstats else len(x)
    return float(np.sum(x > 0) / counted) if counted else 0.0


def mean_or_zero(x):
    return float(x.mean()) if len(x) else 0.0


def averages(r, other):
    both = (lambda keep: keep(r)) if other is None else (lambda keep: keep(r) & keep(other))
    return {
        "return": mean_or_zero(r[both(lambda x: x != 0)]),
        "win": mean_or_zero(r[both(lambda x: x > 0)]),
        "loss": mean_or_zero(r[both(lambda x: x < 0)]),
    }


def longest_run(mask):
    best = cur = 0
    for m in mask:
        cur = cur + 1 if m else 0
        best = max(best, cur)
    return best


def gain_to_pain(x):
    return float(np.sum(x) / abs(np.sum(x[x < 0])))


def tail_ratio(r):
    return float(abs(np.percentile(r, 95)) / abs(np.percentile(r, 5)))


def episodes(v):
    """Drawdown episodes (peak, trough, recovery or -1), deepest first, ties in time order."""
    out, peak, trough = [], 0, -1
    for i in range(1, len(v)):
        if v[i] >= v[peak]:
            if trough >= 0:
                out.append((v[trough] / v[peak] - 1, peak, trough, i))
            trough, peak = -1, i
        elif trough < 0 or v[i] < v[trough]:
            trough = i
    if trough >= 0:
        out.append((v[trough] / v[peak] - 1, peak, trough, -1))
    out.sort(key=lambda e: (e[0], e[1]))
    return out


def drawdown_statistics(t, v, preset):
    if preset == "quantstats":
        # quantstats' drawdown_details on the drawdown series (indexed by the returns' dates): an
        # episode starts at the first date below zero and ends at the last one before zero again.
        r = v[1:] / v[:-1] - 1
        prices = np.concatenate([[1.0], np.cumprod(1 + r)])
        dd = (prices / np.maximum.accumulate(prices) - 1)[1:]
        dates = t[1:]
        no_dd = dd == 0
        starts = [i for i in range(len(dd)) if not no_dd[i] and (i > 0 and no_dd[i - 1])]
        ends = [i - 1 for i in range(1, len(dd)) if no_dd[i] and not no_dd[i - 1]]
        if ends and starts[0] > ends[0]:
            starts.insert(0, 0)
        if not ends or starts[-1] > ends[-1]:
            ends.append(len(dd) - 1)
        rows = []
        for s, e in zip(starts, ends):
            seg = dd[s:e + 1]
            rows.append((float(seg.min() * 100) / 100, s, s + int(np.argmin(seg)), e, (dates[e] - dates[s]) // DAY + 1))
        deepest = sorted(rows, key=lambda x: (x[0], x[1]))[0]
        return {
            "maxDrawdown": deepest[0], "maxDrawdownStart": int(dates[deepest[1]]), "maxDrawdownTrough": int(dates[deepest[2]]),
            "maxDrawdownEnd": int(dates[deepest[3]]), "longestDrawdownDays": int(max(x[4] for x in rows)),
            "averageDrawdown": float(np.mean([x[0] for x in rows])), "averageDrawdownDays": float(np.round(np.mean([x[4] for x in rows]))),
            "episodes": len(rows),
        }
    eps = episodes(v)
    last = len(v) - 1
    days = [((t[rec] if rec >= 0 else t[last]) - t[peak]) / DAY for _, peak, _, rec in eps]
    d0 = eps[0]
    return {
        "maxDrawdown": float(d0[0]), "maxDrawdownStart": int(t[d0[1]]), "maxDrawdownTrough": int(t[d0[2]]),
        "maxDrawdownEnd": None if d0[3] < 0 else int(t[d0[3]]), "longestDrawdownDays": float(max(days)),
        "averageDrawdown": float(np.mean([e[0] for e in eps])), "averageDrawdownDays": float(np.mean(days)), "episodes": len(eps),
    }


def trailing(t, v, p, preset, version):
    T = t[-1]
    last = len(t) - 1
    growth = lambda k: float(v[last] / v[k] - 1)
    before = lambda start: max(0, int(np.sum(t < start)) - 1)          # last point strictly before start (or the first)
    to_date = lambda start: growth(before(start))
    if preset == "quantstats":
        annual = lambda start: period_cagr(v[before(start) + 1:] / v[before(start):-1] - 1, p)
        return {
            "monthToDate": to_date(month_start(T)), "threeMonths": growth(before(months_before(T, 3))),
            "sixMonths": growth(before(months_before(T, 6))), "yearToDate": to_date(year_start(T)),
            "oneYear": growth(before(months_before(T, 12))), "threeYears": annual(months_before(T, 35)),
            "fiveYears": annual(months_before(T, 59)), "tenYears": annual(months_before(T, 120 if version == "0.0.81" else 119)),
            "allTime": period_cagr(v[1:] / v[:-1] - 1, p),
        }

    def at_or_before(months):
        k = int(np.sum(t <= months_before(T, months))) - 1
        return k

    def back(months):
        k = at_or_before(months)
        return None if k < 0 else growth(k)

    def annual_back(months):
        k = at_or_before(months)
        return None if k < 0 else float((v[last] / v[k]) ** (YEAR / (T - t[k])) - 1)

    return {
        "monthToDate": to_date(month_start(T)), "threeMonths": back(3), "sixMonths": back(6), "yearToDate": to_date(year_start(T)),
        "oneYear": back(12), "threeYears": annual_back(36), "fiveYears": annual_back(60), "tenYears": annual_back(120),
        "allTime": calendar_cagr(t, v),
    }


def serenity(t, v, r, rf, p, preset, version):
    d = drawdowns(v)
    if preset == "quantstats":
        pitfall = qs_cvar(d, 0.95, version) / sd(r)
        return float((np.sum(r) - rf) / (ulcer(v, True) * pitfall))
    cdar = historical_tail(d, 0.95)[1]
    sigma = sd(r) * math.sqrt(p)
    return float((calendar_cagr(t, v) - rf) * sigma / (ulcer(v, False) * cdar))


def series_rows(t, v, other, rf, p, beta, preset, version, joint):
    r = v[1:] / v[:-1] - 1
    o = None if other is None else other[1][1:] / other[1][:-1] - 1
    n = len(r)
    qs = preset == "quantstats"
    rfp = per_period(rf, p)
    months = grouped(t, r, month_key)
    quarters = grouped(t, r, quarter_key)
    years = grouped(t, r, year_key)
    avg = averages(r, o if joint else None)
    month_avg = averages(months, grouped(other[0], o, month_key) if joint else None)
    wins, losses = np.sum(r > 0), np.sum(r < 0)
    payoff = avg["win"] / -avg["loss"] if joint else float(r[r > 0].mean() / abs(r[r < 0].mean()))
    p_win = wins / (wins + losses)
    pf = float(np.sum(r[r > 0]) / abs(np.sum(r[r < 0])))
    var, cvar = var_cvar(r, beta, preset, version)
    cagr = calendar_cagr(t, v) if preset == "engine" else period_cagr(r, p)
    e = r - rfp
    win_mean = r[r >= 0].mean() if qs else r[r > 0].mean()
    wins_pr = r[r >= 0] if qs else r[r > 0]
    ror_w = win_rate(r, qs)
    return {
        "totalReturn": float(v[-1] / v[0] - 1),
        "cagr": cagr,
        "riskAdjustedReturn": risk_adjusted_return(t, v, r, rf, p, preset),
        "timeInMarket": math.ceil(np.count_nonzero(r) / n * 100) / 100 if qs else float(np.count_nonzero(r) / n),
        "sharpeRatio": sharpe(r, rfp, p),
        "probabilisticSharpeRatio": psr(r, rf, p, preset, version),
        "smartSharpeRatio": sharpe(r, rfp, p) / penalty(e),
        "sortinoRatio": sortino(r, rfp, p),
        "smartSortinoRatio": sortino(r, rfp, p) / penalty(e),
        "adjustedSortinoRatio": sortino(r, rfp, p) / math.sqrt(2),
        "adjustedSmartSortinoRatio": sortino(r, rfp, p) / penalty(e) / math.sqrt(2),
        "omegaRatio": float(np.sum(e[e > 0]) / -np.sum(e[e < 0])),
        "volatility": sd(r) * math.sqrt(p),
        "calmarRatio": (calendar_cagr(t, v) if preset == "engine" else period_cagr(r, p)) / -mdd(v),
        "skewness": float(stats.skew(r, bias=not qs)),
        "kurtosis": float(stats.kurtosis(r, bias=not qs)),
        "ulcerPerformanceIndex": float((v[-1] / v[0] - 1 - rf) / ulcer(v, True)) if qs else float((calendar_cagr(t, v) - rf) / ulcer(v, False)),
        "riskReturnRatio": float(r.mean() / sd(r)),
        "averageReturn": avg["return"],
        "averageWin": avg["win"],
        "averageLoss": avg["loss"],
        "profitRatio": float((abs(wins_pr.mean()) / len(wins_pr)) / (abs(r[r < 0].mean()) / np.sum(r < 0))),
        "expectedReturn": float(np.prod(1 + r) ** (1 / n) - 1),
        "expectedMonthlyReturn": float(np.prod(1 + months) ** (1 / len(months)) - 1),
        "expectedYearlyReturn": float(np.prod(1 + years) ** (1 / len(years)) - 1),
        "kellyCriterion": float(p_win - (1 - p_win) / payoff),
        "riskOfRuin": float(((1 - ror_w) / (1 + ror_w)) ** n),
        "valueAtRisk": var,
        "conditionalValueAtRisk": cvar,
        "consecutiveWins": longest_run(r > 0),
        "consecutiveLosses": longest_run(r < 0),
        "gainToPainRatio": gain_to_pain(r),
        "monthlyGainToPainRatio": gain_to_pain(grouped(t, r, month_key, compounded=False) if qs else months),
        "payoffRatio": float(payoff),
        "profitFactor": pf,
        "commonSenseRatio": pf * tail_ratio(r),
        "cpcIndex": float(pf * p_win * payoff),
        "tailRatio": tail_ratio(r),
        "outlierWinRatio": float(np.percentile(r, 99) / win_mean),
        "outlierLossRatio": float(np.percentile(r, 1) / r[r < 0].mean()),
        "trailing": trailing(t, v, p, preset, version),
        "bestPeriod": float(r.max()),
        "worstPeriod": float(r.min()),
        "bestMonth": float(months.max()),
        "worstMonth": float(months.min()),
        "bestYear": float(years.max()),
        "worstYear": float(years.min()),
        "drawdown": drawdown_statistics(t, v, preset),
        "recoveryFactor": float(abs(np.sum(r)) / -mdd(v)) if qs else float((v[-1] / v[0] - 1) / -mdd(v)),
        "ulcerIndex": ulcer(v, qs),
        "serenityIndex": serenity(t, v, r, rf, p, preset, version),
        "averageUpMonth": month_avg["win"],
        "averageDownMonth": month_avg["loss"],
        "winRate": {"periods": win_rate(r, qs), "months": win_rate(months, qs), "quarters": win_rate(quarters, qs), "years": win_rate(years, qs)},
    }


def risk_adjusted_return(t, v, r, rf, p, preset):
    """CAGR over time in market; quantstats' rar: the annual rate taken from every return, n / 252 years, exposure rounded up."""
    if preset == "quantstats":
        e = r - rf
        exposure = math.ceil(np.count_nonzero(e) / len(e) * 100) / 100
        return float((np.prod(1 + e) ** (252 / len(e)) - 1) / exposure)
    cagr = calendar_cagr(t, v) if preset == "engine" else period_cagr(r, p)
    return float(cagr / (np.count_nonzero(r) / len(r)))


def relative_rows(r, b, rf, p, preset):
    beta = float(np.cov(r, b, ddof=1)[0, 1] / np.var(b, ddof=1))
    rho = float(np.corrcoef(r, b)[0, 1])
    treynor = float((np.prod(1 + r) - 1 - rf) / beta) if preset == "quantstats" else float(p * (r.mean() - per_period(rf, p)) / beta)
    return {"correlation": rho, "rSquared": rho * rho, "treynorRatio": treynor}


def case(name, t, v, bt, bv, p, rf, beta, preset, version=None, joint=False, window=126):
    options = {"riskFreeRate": rf, "periodsPerYear": p, "confidence": beta, "convention": preset, "rollingWindow": window}
    if version is not None:
        options["quantstatsVersion"] = version
    if joint:
        options["jointDays"] = True
    r, b = v[1:] / v[:-1] - 1, bv[1:] / bv[:-1] - 1
    ver = version or "0.0.84"
    expected = {
        "portfolio": series_rows(t, v, (bt, bv), rf, p, beta, preset, ver, joint),
        "benchmark": series_rows(bt, bv, (t, v), rf, p, beta, preset, ver, joint),
        **relative_rows(r, b, rf, p, preset),
    }
    if preset == "quantstats" and rf != 0:
        # rolling Sharpe of the last window: the rate de-annualised over the year (0.0.84) or the window (0.0.81)
        w = r[-window:]
        rfp = per_period(rf, window if ver == "0.0.81" else p)
        expected["lastRollingSharpe"] = float((w - rfp).mean() / sd(w - rfp) * math.sqrt(p))
        down = np.minimum(w - rfp, 0)
        expected["lastRollingSortino"] = float((w - rfp).mean() / math.sqrt(np.sum(down ** 2) / window) * math.sqrt(p))
    return {"name": name, "series": name.split("/")[0], "options": options, "expected": expected}


def main():
    t, navs = make_series()
    inputs = {}
    cases = []
    for kind, v in navs.items():
        bench_kind = "normal" if kind == "benchmark" else "benchmark"
        inputs[kind] = {"timeSeries": [[int(a), float(b)] for a, b in zip(t, v)], "benchmarkTimeSeries": [[int(a), float(b)] for a, b in zip(t, navs[bench_kind])]}
        for preset in ("engine", "empyrical", "quantstats"):
            for rf in (0.0, 0.03):
                for beta in (0.95, 0.99):
                    cases.append(case(f"{kind}/{preset}/rf{rf}/c{beta}", t, v, t, navs[bench_kind], 252, rf, beta, preset))
        cases.append(case(f"{kind}/quantstats-0.0.81/rf0.03/c0.99", t, v, t, navs[bench_kind], 252, 0.03, 0.99, "quantstats", "0.0.81"))
        cases.append(case(f"{kind}/quantstats-0.0.81/rf0.0/c0.95", t, v, t, navs[bench_kind], 252, 0.0, 0.95, "quantstats", "0.0.81"))
        for preset in ("engine", "quantstats"):
            cases.append(case(f"{kind}/{preset}-joint/rf0.0/c0.95", t, v, t, navs[bench_kind], 252, 0.0, 0.95, preset, joint=True))
    # Weekly (every fifth business day) and month-end versions of two series.
    for kind in ("normal", "deepDrawdown"):
        for label, (tt, vv), (bt, bv), p, window in (
            ("weekly", resample(t, navs[kind], 5), resample(t, navs["benchmark"], 5), 52, 26),
            ("monthly", month_ends(t, navs[kind]), month_ends(t, navs["benchmark"]), 12, 6),
        ):
            name = f"{kind}-{label}"
            inputs[name] = {"timeSeries": [[int(a), float(b)] for a, b in zip(tt, vv)], "benchmarkTimeSeries": [[int(a), float(b)] for a, b in zip(bt, bv)]}
            for preset in ("engine", "empyrical", "quantstats"):
                for rf in (0.0, 0.03):
                    cases.append(case(f"{name}/{preset}/rf{rf}/c0.95", tt, vv, bt, bv, p, rf, 0.95, preset, window=window))
    out = {
        "generatedBy": "packages/engine/src/tearsheet/_test/numpyReportRows.py",
        "numpy": np.__version__,
        "scipy": scipy.__version__,
        "inputs": inputs,
        "cases": cases,
    }
    with open("numpyReportRows.json", "w") as f:
        json.dump(out, f)
        f.write("\n")


if __name__ == "__main__":
    main()
