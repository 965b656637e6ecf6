// Preloaded into the soak's mock process only (node --expose-gc --import this): SIGUSR2 runs a
// full garbage collection, so the soak can compare the live heap after the warm-up and after
// the run instead of a resident size that depends on when V8 chooses to collect.
process.on("SIGUSR2", () => {
  globalThis.gc?.();
});
