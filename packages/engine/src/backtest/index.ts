// Public surface of the backtest area; re-exported by src/index.ts.
export {};
