import type { ChildProcess } from 'node:child_process';
import { subscribe } from 'node:diagnostics_channel';
import type { MessagePort } from 'node:worker_threads';
import type { WorkerChild } from './analysis-types.ts';

/**
 * Tell the pool about every child process this worker thread starts and sees end. Node publishes
 * each spawn on the 'child_process' diagnostics channel of the spawning thread; a terminated thread
 * leaves its children running, so the pool kills the live ones itself when it replaces the worker.
 */
export function reportChildren(port: MessagePort) {
  subscribe('child_process', (message) => {
    const child = (message as { process: ChildProcess }).process;
    child.once('spawn', () => {
      if (child.pid) port.postMessage({ child: child.pid, alive: true } satisfies WorkerChild);
    });
    child.once('exit', () => {
      if (child.pid) port.postMessage({ child: child.pid, alive: false } satisfies WorkerChild);
    });
  });
}
