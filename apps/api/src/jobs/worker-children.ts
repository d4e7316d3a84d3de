import type { ChildProcess } from 'node:child_process';
import { subscribe } from 'node:diagnostics_channel';
import type { MessagePort } from 'node:worker_threads';
import type { WorkerChild } from './analysis-types.ts';

/** `ChildProcess#spawn`, which `child_process.spawn` and `execFile` call on the new instance. */
type Spawning = ChildProcess & { spawn?: (...args: unknown[]) => unknown };

/**
 * Tell the pool about every child process this worker thread starts and sees end. Node publishes
 * each spawn on the 'child_process' diagnostics channel of the spawning thread; a terminated thread
 * leaves its children running, so the pool kills the live ones itself when it replaces the worker.
 *
 * The channel publishes before the process exists (no pid yet), and the 'spawn' event comes a tick
 * later: a thread terminated in between (a deadline passing on a busy machine) would never report
 * its child. So the report is sent from inside the spawning call as soon as the pid is known, with
 * the 'spawn' event as the fallback should Node stop calling the instance's `spawn`.
 */
export function reportChildren(port: MessagePort) {
  subscribe('child_process', (message) => {
    const child = (message as { process: Spawning }).process;
    let reported = false;
    const report = () => {
      if (reported || !child.pid) return;
      reported = true;
      port.postMessage({ child: child.pid, alive: true } satisfies WorkerChild);
    };
    const spawnNow = child.spawn;
    if (typeof spawnNow === 'function') {
      child.spawn = function (this: Spawning, ...args: unknown[]) {
        try {
          return spawnNow.apply(this, args);
        } finally {
          report();
        }
      };
    }
    child.once('spawn', report);
    child.once('exit', () => {
      if (child.pid) port.postMessage({ child: child.pid, alive: false } satisfies WorkerChild);
    });
  });
}
