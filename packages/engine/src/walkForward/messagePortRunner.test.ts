import { MessageChannel } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { messagePortRunner, serveSweepTasks, type SweepPort } from "./messagePortRunner.ts";
import { sweep, type SweepTask } from "./sweep.ts";
import { monthEnds } from "./_test/estimators.ts";
import type { WalkForwardTaskArgs } from "./_test/sweepTasks.ts";

const MODULE = new URL("./_test/sweepTasks.ts", import.meta.url).href;

function tasks(): SweepTask<WalkForwardTaskArgs>[] {
  const rows = Array.from({ length: 30 }, (_, t) => [0.01 * Math.sin(t), 0.02 * Math.cos(t / 2), 0.005]);
  return [1, 2, 3, 4, 5, 6].map((every) => ({
    module: MODULE,
    export: "walkForwardTask",
    args: {
      rows,
      dates: monthEnds(30),
      estimator: "inverse-variance",
      window: { kind: "trailing", periods: 6 },
      every,
      costBps: 10,
    },
  }));
}

/** Two channels: the runner's ends, and the server's ends (served in this thread). */
function channels(count: number): { ports: SweepPort[]; close: () => void } {
  const pairs = Array.from({ length: count }, () => new MessageChannel());
  for (const { port2 } of pairs) serveSweepTasks(port2 as unknown as SweepPort);
  return {
    ports: pairs.map((p) => p.port1 as unknown as SweepPort),
    close: () => pairs.forEach((p) => (p.port1.close(), p.port2.close())),
  };
}

describe("messagePortRunner", () => {
  it("gives the serial run's results over two ports, and passes on a task's error with its field", async () => {
    const serial = await sweep(tasks());
    const { ports, close } = channels(2);
    const runner = messagePortRunner(ports);
    try {
      const sent: number[] = [];
      expect(await sweep(tasks(), { runner, onProgress: (p) => sent.push(p.done) })).toEqual(serial);
      expect(sent).toEqual([1, 2, 3, 4, 5, 6]);
      const error = await sweep([{ module: MODULE, export: "nothing", args: 1 }], { runner }).catch((e: unknown) => e);
      expect((error as { field: string }).field).toBe("task.export");
    } finally {
      runner.close();
      close();
    }
  });

  it("rejects with the signal's reason and starts no task after the abort", async () => {
    const { ports, close } = channels(1);
    const posted: unknown[] = [];
    const spy: SweepPort = {
      postMessage: (m) => (posted.push(m), ports[0]!.postMessage(m)),
      addEventListener: (t, l) => ports[0]!.addEventListener(t, l),
    };
    const runner = messagePortRunner([spy]);
    try {
      const controller = new AbortController();
      const error = await sweep(tasks(), {
        runner,
        signal: controller.signal,
        onProgress: () => controller.abort(new Error("stop")),
      }).catch((e: unknown) => e);
      expect((error as Error).message).toBe("stop");
      expect(posted.filter((m) => typeof m === "object" && m !== null && "sweepTask" in m)).toHaveLength(1); // one port: the next task would start after the progress report that aborted
    } finally {
      runner.close();
      close();
    }
  });
});
