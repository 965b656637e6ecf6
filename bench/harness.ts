import { Bench } from "tinybench";

/**
 * One benchmark suite: a named group of tasks measured with tinybench, printed as a table of
 * mean and p99 latency and operations per second, each row optionally with the target it is
 * held to. Suites live in `bench/suites/<area>.ts` and default-export a {@link Suite}.
 */
export interface Suite {
  name: string;
  /** Adds the tasks (the engine's and its peers') to the bench; heavy set-up happens here, untimed. */
  register(bench: Bench): void | Promise<void>;
  /** Target per task name, printed beside the figure, e.g. `"<= 5 ms"`. */
  targets?: Record<string, string>;
  /** Milliseconds each task runs for (default 1000). */
  timeMs?: number;
}

export interface Row {
  suite: string;
  task: string;
  meanMs: number;
  p99Ms: number;
  opsPerSec: number;
  samples: number;
  target: string;
}

/** Runs one suite and returns its rows; throws when a task errors, so a broken bench is seen. */
export async function runSuite(suite: Suite): Promise<Row[]> {
  const bench = new Bench({ time: suite.timeMs ?? 1000, warmupTime: 200, throws: true });
  await suite.register(bench);
  await bench.run();
  return bench.tasks.map((task) => {
    const result = task.result;
    if (result.state !== "completed") throw new Error(`[bench] ${suite.name} / ${task.name}: ${result.state}`);
    return {
      suite: suite.name,
      task: task.name,
      meanMs: result.latency.mean,
      p99Ms: result.latency.p99,
      opsPerSec: result.throughput.mean,
      samples: result.latency.samples?.length ?? 0,
      target: suite.targets?.[task.name] ?? "",
    };
  });
}

const fmt = (ms: number): string => (ms < 0.01 ? ms.toExponential(2) : ms.toFixed(ms < 10 ? 3 : 1));

/** Renders rows as a Markdown table, the form pasted into bench/README.md. */
export function toMarkdown(rows: Row[]): string {
  const lines = ["| suite | task | mean ms | p99 ms | ops/s | target |", "|---|---|---:|---:|---:|---|"];
  for (const r of rows) {
    lines.push(
      `| ${r.suite} | ${r.task} | ${fmt(r.meanMs)} | ${fmt(r.p99Ms)} | ${Math.round(r.opsPerSec).toLocaleString("en-US")} | ${r.target} |`,
    );
  }
  return lines.join("\n");
}
