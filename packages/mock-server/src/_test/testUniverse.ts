// A small hand-built universe for unit tests: 12 companies, 2 themes, daily prices on a
// business-day calendar, 3 users (one inactive), 1 premade strategy, 3 user strategies.
import type {
  Company,
  PremadeStrategy,
  PriceSeries,
  Theme,
  Universe,
  User,
  UserStrategy,
} from "../_internal/fixtures.ts";
import { uuidFrom } from "../_internal/hash.ts";

export const id = (name: string): string => uuidFrom(`test:${name}`);

export const keys = {
  alice: "key-alice-0000000001",
  bob: "key-bob-00000000000002",
  carol: "key-carol-000000000003",
} as const;

export const users: User[] = [
  { id: id("alice"), name: "Alice", email: "alice@example.test", apiKey: keys.alice, active: true },
  { id: id("bob"), name: "Bob", email: "bob@example.test", apiKey: keys.bob, active: true },
  { id: id("carol"), name: "Carol", email: "carol@example.test", apiKey: keys.carol, active: false },
];

export const themes: Theme[] = [
  {
    slug: "quantum-computing",
    name: "Quantum Computing",
    description: "Hardware and software for quantum computers.",
    keywords: ["quantum", "qubit", "quantum computing", "cryogenic", "error correction"],
  },
  {
    slug: "clean-water",
    name: "Clean Water",
    description: "Water treatment, desalination and distribution.",
    keywords: ["water", "desalination", "filtration", "water treatment", "irrigation"],
  },
];

interface Spec {
  key: string;
  name: string;
  description: string;
  sector: string;
  industry: string;
  marketCap: number;
  themes: Array<[string, number]>;
  active?: boolean;
}

const specs: Spec[] = [
  {
    key: "qbit",
    name: "Qubit Labs",
    description: "Builds superconducting qubit processors for quantum computing.",
    sector: "Information Technology",
    industry: "Semiconductors",
    marketCap: 12e9,
    themes: [["quantum-computing", 0.95]],
  },
  {
    key: "cryo",
    name: "CryoCore Systems",
    description: "Makes cryogenic refrigerators used by quantum computers.",
    sector: "Industrials",
    industry: "Machinery",
    marketCap: 3e9,
    themes: [["quantum-computing", 0.7]],
  },
  {
    key: "qsoft",
    name: "Entangle Software",
    description: "Quantum error correction software and compilers.",
    sector: "Information Technology",
    industry: "Software",
    marketCap: 8e8,
    themes: [["quantum-computing", 0.85]],
  },
  {
    key: "photon",
    name: "Photonix",
    description: "Photonic chips for optical networking and quantum communication.",
    sector: "Information Technology",
    industry: "Semiconductors",
    marketCap: 2e10,
    themes: [["quantum-computing", 0.4]],
  },
  {
    key: "bigtech",
    name: "Megacloud Corp",
    description: "Cloud computing platform with a quantum research division.",
    sector: "Information Technology",
    industry: "Software",
    marketCap: 9e11,
    themes: [["quantum-computing", 0.2]],
  },
  {
    key: "aqua",
    name: "AquaPure",
    description: "Water treatment and filtration plants for cities.",
    sector: "Utilities",
    industry: "Water Utilities",
    marketCap: 6e9,
    themes: [["clean-water", 0.9]],
  },
  {
    key: "desal",
    name: "SeaSweet Desalination",
    description: "Desalination membranes and plants.",
    sector: "Industrials",
    industry: "Machinery",
    marketCap: 2.5e9,
    themes: [["clean-water", 0.85]],
  },
  {
    key: "irrig",
    name: "FieldFlow",
    description: "Smart irrigation systems for farms.",
    sector: "Industrials",
    industry: "Machinery",
    marketCap: 4e8,
    themes: [["clean-water", 0.6]],
  },
  {
    key: "pipes",
    name: "Ductile Pipe Co",
    description: "Water distribution pipes and valves.",
    sector: "Industrials",
    industry: "Building Products",
    marketCap: 1.5e9,
    themes: [["clean-water", 0.5]],
  },
  {
    key: "tobac",
    name: "Leaf & Smoke",
    description: "Tobacco products and water-based filtration cigarettes.",
    sector: "Consumer Staples",
    industry: "Tobacco",
    marketCap: 3e10,
    themes: [["clean-water", 0.1]],
  },
  {
    key: "bank",
    name: "First Ledger Bank",
    description: "Retail banking and mortgages.",
    sector: "Financials",
    industry: "Banks",
    marketCap: 5e10,
    themes: [],
  },
  {
    key: "gone",
    name: "Defunct Quantum Inc",
    description: "Former quantum computing startup, delisted.",
    sector: "Information Technology",
    industry: "Software",
    marketCap: 1e8,
    themes: [["quantum-computing", 0.9]],
    active: false,
  },
];

/** 300 business days ending Friday 2025-05-30, Unix seconds at 00:00 UTC. */
export const calendar: Float64Array = (() => {
  const days: number[] = [];
  let t = Date.UTC(2025, 4, 30) / 1000;
  while (days.length < 300) {
    const dow = new Date(t * 1000).getUTCDay();
    if (dow !== 0 && dow !== 6) days.push(t);
    t -= 86400;
  }
  return Float64Array.from(days.reverse());
})();

export const companies: Company[] = specs.map((s, k) => {
  const companyId = id(s.key);
  return {
    id: companyId,
    name: s.name,
    description: s.description,
    country: "US",
    sector: s.sector,
    industry: s.industry,
    marketCap: s.marketCap,
    volAvg: 100000 + k * 1000,
    active: s.active ?? true,
    themes: s.themes.map(([theme, exposure]) => ({ theme, exposure })),
    securities: [
      {
        id: id(`${s.key}:sec`),
        companyId,
        symbol: s.key.toUpperCase(),
        exchange: "NASDAQ",
        mic: "XNAS",
        market: "US",
        currency: "USD",
        isin: `US00000000${String(k).padStart(2, "0")}`,
        figi: `BBG00000000${String(k).padStart(1, "0")}`,
        isPrimary: true,
        active: s.active ?? true,
        listedOn: "2024-01-01",
        delistedOn: null,
      },
    ],
  };
});

const series = new Map<string, PriceSeries>();
companies.forEach((c, k) => {
  const closes = new Float64Array(calendar.length);
  for (let j = 0; j < closes.length; j++)
    closes[j] = 50 * (1 + k / 10) * Math.exp(0.0004 * j * ((k % 3) - 0.5) + 0.03 * Math.sin(j / 9 + k));
  series.set(c.securities[0]?.id ?? "", { start: 0, closes });
});
const spy = new Float64Array(calendar.length).map((_, j) => 400 * Math.exp(0.0003 * j));
series.set(id("spy"), { start: 0, closes: spy });

const at = (iso: string): string => new Date(iso).toISOString();

export const premade: PremadeStrategy = {
  id: id("premade-quantum"),
  theme: "quantum-computing",
  name: "Quantum Computing Leaders",
  objective: "The strategy is to invest in companies that build quantum computers.",
  tags: ["quantum"],
  createdAt: at("2025-01-02T00:00:00Z"),
  updatedAt: at("2025-05-01T00:00:00Z"),
  constituents: [
    { companyId: id("qbit"), linguisticBeta: 0.9, marketBuzz: 0.7, reasoning: "Pure-play qubit maker." },
    { companyId: id("cryo"), linguisticBeta: 0.6, marketBuzz: 0.4, reasoning: "Supplies cryogenics." },
  ],
  evidence: [
    {
      companyId: id("qbit"),
      isIncluded: true,
      reasoning: "Pure-play qubit maker.",
      summaries: [{ provider: "Reuters", pubDate: 1735776000, text: "Qubit Labs unveils a 1000-qubit chip." }],
    },
  ],
  snapshots: [],
};

const version = (name: string, objective: string, status: number, constituentKeys: string[], createdAt: string) => ({
  id: id(name),
  objective,
  exclusions: [],
  createdAt: at(createdAt),
  status,
  constituents: constituentKeys.map((k) => ({
    companyId: id(k),
    linguisticBeta: 0.8,
    marketBuzz: 0.5,
    reasoning: `${k} fits.`,
  })),
});

export const userStrategies: UserStrategy[] = [
  {
    id: id("alice-quantum"),
    userId: id("alice"),
    name: "Alice quantum",
    objective: "quantum computing hardware",
    exclusions: [],
    tags: ["tech"],
    public: false,
    createdAt: at("2025-03-01T00:00:00Z"),
    updatedAt: at("2025-03-01T00:00:00Z"),
    archivedAt: null,
    versions: [
      version("alice-quantum-v1", "quantum computing hardware", 100, ["qbit", "cryo", "qsoft"], "2025-03-01T00:00:00Z"),
    ],
    activeVersionId: id("alice-quantum-v1"),
  },
  {
    id: id("bob-water"),
    userId: id("bob"),
    name: "Bob water",
    objective: "clean water treatment and desalination",
    exclusions: [],
    tags: [],
    public: true,
    createdAt: at("2025-02-01T00:00:00Z"),
    updatedAt: at("2025-02-01T00:00:00Z"),
    archivedAt: null,
    versions: [
      version(
        "bob-water-v1",
        "clean water treatment and desalination",
        100,
        ["aqua", "desal", "pipes"],
        "2025-02-01T00:00:00Z",
      ),
    ],
    activeVersionId: id("bob-water-v1"),
  },
  {
    id: id("bob-private"),
    userId: id("bob"),
    name: "Bob private draft",
    objective: "irrigation for farms",
    exclusions: [],
    tags: [],
    public: false,
    createdAt: at("2025-04-01T00:00:00Z"),
    updatedAt: at("2025-04-01T00:00:00Z"),
    archivedAt: null,
    versions: [],
    activeVersionId: null,
  },
];

/** The test universe (asOf 2025-05-30). */
export const testUniverse: Universe = {
  seed: 7,
  asOf: "2025-05-30",
  themes,
  companies,
  benchmarks: [{ symbol: "SPY", securityId: id("spy"), name: "S&P 500 ETF", description: "US large caps" }],
  premadeStrategies: [premade],
  users,
  userStrategies,
  portfolios: [],
  prices: { calendar, series },
  companyById: new Map(companies.map((c) => [c.id, c])),
  securityById: new Map(companies.flatMap((c) => c.securities.map((s) => [s.id, s] as const))),
  benchmarkBySymbol: new Map([
    ["SPY", { symbol: "SPY", securityId: id("spy"), name: "S&P 500 ETF", description: "US large caps" }],
  ]),
};
