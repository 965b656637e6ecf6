// Public surface of the identifiers area; re-exported by src/index.ts.
export {};
