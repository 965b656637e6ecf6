/** A compiled kernel and the memory it works in. */
export interface KernelInstance<F> {
  module: WebAssembly.Module;
  /** The export's name. */
  name: string;
  memory: WebAssembly.Memory;
  run: F;
}

const PAGE = 65536;
/** Addresses stay below 2³¹: the kernels compare them as signed 32-bit integers. */
const MAX_BYTES = 2 ** 31 - PAGE;
/**
 * The most a kernel's shared memory is grown to and kept (64 MiB: a Gram product of 1,000 assets ×
 * 7,000 periods, say). A larger problem gets a memory of its own for the call, freed with it.
 */
export const RETAINED_BYTES = 64 * 2 ** 20;

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
    return instanceOn<F>(new WebAssembly.Module(buffer), name, new WebAssembly.Memory({ initial: 1 }));
  } catch {
    return null;
  }
}

function instanceOn<F>(module: WebAssembly.Module, name: string, memory: WebAssembly.Memory): KernelInstance<F> {
  const instance = new WebAssembly.Instance(module, { e: { m: memory } });
  return { module, name, memory, run: instance.exports[name] as F };
}

/**
 * `kernel` with at least `bytes` of memory: its own memory grown (never shrunk: the next call
 * reuses it) up to {@link RETAINED_BYTES}; beyond that a new instance on a memory of its own,
 * dropped after the call; undefined when neither can be had (beyond 2 GB, or the engine's limit),
 * the caller then running its JavaScript loop.
 */
export function kernelWithBytes<F>(kernel: KernelInstance<F>, bytes: number): KernelInstance<F> | undefined {
  if (bytes > MAX_BYTES) return undefined;
  const pages = Math.ceil(bytes / PAGE);
  try {
    if (bytes > RETAINED_BYTES) {
      return instanceOn<F>(kernel.module, kernel.name, new WebAssembly.Memory({ initial: pages }));
    }
    const have = kernel.memory.buffer.byteLength / PAGE;
    if (pages > have) kernel.memory.grow(pages - have);
    return kernel;
  } catch {
    return undefined;
  }
}
