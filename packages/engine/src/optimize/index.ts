// Public surface of the optimize area; re-exported by src/index.ts.
export {};
