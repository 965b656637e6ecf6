// Public surface of the stats area; re-exported by src/index.ts.
export {};
