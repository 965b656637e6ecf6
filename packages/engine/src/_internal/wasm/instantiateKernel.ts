/** A compiled kernel and the memory it works in. */
export interface KernelInstance<F> {
  memory: WebAssembly.Memory;
  run: F;
}

/**
 * The module `bytes` (one function exported as `name`, one imported memory `e.m`) instantiated on
 * a memory of its own of one page, or null where WebAssembly, or an instruction the module uses
 * (SIMD), is unavailable: `WebAssembly.validate` says no. Compiled synchronously, which browsers
 * allow on the main thread for modules under 4 KB.
 */
export function instantiateKernel<F>(bytes: Uint8Array, name: string): KernelInstance<F> | null {
  if (typeof WebAssembly !== "object") return null;
  const buffer = bytes as Uint8Array<ArrayBuffer>;
  try {
    if (!WebAssembly.validate(buffer)) return null;
    const memory = new WebAssembly.Memory({ initial: 1 });
    const instance = new WebAssembly.Instance(new WebAssembly.Module(buffer), { e: { m: memory } });
    return { memory, run: instance.exports[name] as F };
  } catch {
    return null;
  }
}

const PAGE = 65536;

/**
 * Grows `memory` to at least `bytes` (whole 64 KiB pages); false when it cannot (the engine's
 * limit or the 2 GB the kernels address with signed 32-bit integers), the caller then running its
 * JavaScript loop. Never shrinks: the memory is reused by the next call.
 */
export function ensureBytes(memory: WebAssembly.Memory, bytes: number): boolean {
  if (bytes > 2 ** 31 - PAGE) return false;
  const have = memory.buffer.byteLength / PAGE;
  const pages = Math.ceil(bytes / PAGE);
  if (pages <= have) return true;
  try {
    memory.grow(pages - have);
    return true;
  } catch {
    return false;
  }
}
