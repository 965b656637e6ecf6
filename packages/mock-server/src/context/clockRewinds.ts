/** Listeners by mock (its service context, by identity). */
const listeners = new WeakMap<object, Array<(ms: number) => void>>();

/**
 * Registers `listener` to hear when the clock of the mock `ctx` is set back by `ms` (a reset drops
 * the clock offset). What keeps lifetimes on the mock's clock in memory (OAuth codes and tokens,
 * MCP tasks) moves its expiries back with it, so a reset never revives an expired one nor cuts a
 * live one short. A listener lives as long as its mock.
 *
 * @example
 * onClockRewind(ctx, (ms) => signIns.shiftExpiries(ms));
 */
export function onClockRewind(ctx: object, listener: (ms: number) => void): void {
  let list = listeners.get(ctx);
  if (list === undefined) listeners.set(ctx, (list = []));
  list.push(listener);
}

/**
 * Tells every listener of the mock `ctx` that its clock went back by `ms`, in the order they registered.
 *
 * @example
 * announceClockRewind(ctx, ctx.clock.offset()); ctx.clock.resetOffset();
 */
export function announceClockRewind(ctx: object, ms: number): void {
  for (const listener of listeners.get(ctx) ?? []) listener(ms);
}
