// The fixture types the mock consumes, imported in one place.
export type {
  Company,
  CompanyEvidence,
  Constituent,
  PremadeStrategy,
  PriceSeries,
  PriceTable,
  Security,
  Theme,
  Universe,
  User,
  UserStrategy,
} from "@thematic/fixtures/load";
