/**
 * Real ETF and index symbols the backtest accepts as `benchmark` beyond the fixture benchmarks
 * (the reference: "any symbol, e.g. SPY, QQQ"). Symbols and names are public facts; the mock has
 * no real prices, so each one's series is the synthetic fixture series of `proxy` (the fixture
 * benchmark of the closest exposure), and its description says so (docs/parity.md, v1 row 24).
 * A symbol already in the universe's benchmarks keeps the universe's record.
 */
export interface ReferenceBenchmark {
  symbol: string;
  name: string;
  /** What it tracks, in a few words. */
  tracks: string;
  /** The fixture benchmark whose synthetic series it is served with. */
  proxy: string;
}

const r = (symbol: string, name: string, tracks: string, proxy: string): ReferenceBenchmark => ({
  symbol,
  name,
  tracks,
  proxy,
});

export const REFERENCE_BENCHMARKS: readonly ReferenceBenchmark[] = Object.freeze([
  r("^GSPC", "S&P 500 Index", "the S&P 500 index", "SPY"),
  r("^DJI", "Dow Jones Industrial Average", "30 large US blue-chip companies", "SPY"),
  r("^IXIC", "Nasdaq Composite Index", "all Nasdaq-listed common stocks", "QQQ"),
  r("^NDX", "Nasdaq-100 Index", "the 100 largest non-financial Nasdaq companies", "QQQ"),
  r("^RUT", "Russell 2000 Index", "US small caps", "IWM"),
  r("VOO", "Vanguard S&P 500 ETF", "the S&P 500 index", "SPY"),
  r("IVV", "iShares Core S&P 500 ETF", "the S&P 500 index", "SPY"),
  r("SPLG", "SPDR Portfolio S&P 500 ETF", "the S&P 500 index", "SPY"),
  r("DIA", "SPDR Dow Jones Industrial Average ETF Trust", "the Dow Jones Industrial Average", "SPY"),
  r("VTI", "Vanguard Total Stock Market ETF", "the whole US equity market", "SPY"),
  r("ITOT", "iShares Core S&P Total U.S. Stock Market ETF", "the whole US equity market", "SPY"),
  r("RSP", "Invesco S&P 500 Equal Weight ETF", "the S&P 500, equally weighted", "SPY"),
  r("VTV", "Vanguard Value ETF", "US large-cap value stocks", "SPY"),
  r("VUG", "Vanguard Growth ETF", "US large-cap growth stocks", "QQQ"),
  r("QQQM", "Invesco NASDAQ 100 ETF", "the Nasdaq-100 index", "QQQ"),
  r("ARKK", "ARK Innovation ETF", "disruptive-innovation growth companies", "QQQ"),
  r("IJH", "iShares Core S&P Mid-Cap ETF", "US mid caps", "IWM"),
  r("IJR", "iShares Core S&P Small-Cap ETF", "US small caps", "IWM"),
  r("VB", "Vanguard Small-Cap ETF", "US small caps", "IWM"),
  r("VEA", "Vanguard FTSE Developed Markets ETF", "developed markets outside the US", "EFA"),
  r("IEFA", "iShares Core MSCI EAFE ETF", "developed markets outside North America", "EFA"),
  r("VXUS", "Vanguard Total International Stock ETF", "equities outside the US", "ACWI"),
  r("VWO", "Vanguard FTSE Emerging Markets ETF", "emerging-market equities", "EEM"),
  r("IEMG", "iShares Core MSCI Emerging Markets ETF", "emerging-market equities", "EEM"),
  r("VGT", "Vanguard Information Technology ETF", "US information technology", "XLK"),
  r("SMH", "VanEck Semiconductor ETF", "semiconductor companies", "XLK"),
  r("SOXX", "iShares Semiconductor ETF", "semiconductor companies", "XLK"),
  r("XLC", "Communication Services Select Sector SPDR Fund", "S&P 500 communication services", "QQQ"),
  r("XLY", "Consumer Discretionary Select Sector SPDR Fund", "S&P 500 consumer discretionary", "QQQ"),
  r("XLP", "Consumer Staples Select Sector SPDR Fund", "S&P 500 consumer staples", "XLV"),
  r("XLI", "Industrial Select Sector SPDR Fund", "S&P 500 industrials", "SPY"),
  r("XLB", "Materials Select Sector SPDR Fund", "S&P 500 materials", "XLE"),
  r("XLU", "Utilities Select Sector SPDR Fund", "S&P 500 utilities", "XLV"),
  r("XLRE", "Real Estate Select Sector SPDR Fund", "S&P 500 real estate", "SPY"),
  r("VNQ", "Vanguard Real Estate ETF", "US real estate investment trusts", "SPY"),
  r("IBB", "iShares Biotechnology ETF", "US-listed biotechnology companies", "XLV"),
  r("XBI", "SPDR S&P Biotech ETF", "US biotechnology, equally weighted", "XLV"),
  r("BND", "Vanguard Total Bond Market ETF", "US investment-grade bonds", "AGG"),
  r("LQD", "iShares iBoxx $ Investment Grade Corporate Bond ETF", "US investment-grade corporate bonds", "AGG"),
  r("IEF", "iShares 7-10 Year Treasury Bond ETF", "7-10 year US Treasuries", "TLT"),
  r("SHY", "iShares 1-3 Year Treasury Bond ETF", "1-3 year US Treasuries", "AGG"),
  r("GLD", "SPDR Gold Shares", "the price of gold bullion", "TLT"),
  r("IAU", "iShares Gold Trust", "the price of gold bullion", "TLT"),
]);
