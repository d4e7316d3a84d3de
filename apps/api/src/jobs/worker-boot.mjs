// Worker threads do not inherit tsx's loader: register it here, then load the TypeScript entry.
import { setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

// On Linux a thread's nice value is its own (pid 0 = this thread) and passes to the processes it
// starts; a system that refuses it leaves the worker at the process's priority.
if (workerData.niceness) {
  try {
    setPriority(0, workerData.niceness);
  } catch {}
}

register();
await import(workerData.entry);
