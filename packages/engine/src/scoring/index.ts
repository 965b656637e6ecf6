// Public surface of the scoring area; re-exported by src/index.ts.
export {};
