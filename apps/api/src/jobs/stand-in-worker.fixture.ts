import { execFileSync, spawn } from 'node:child_process';
import { getPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { AnalysisReply, AnalysisRequest } from './analysis-types.ts';
import { reportChildren } from './worker-children.ts';

/** A worker that behaves like the analysis worker without the engine: for testing the pool alone. */
const port = parentPort!;
reportChildren(port);
/** What 'grow' keeps alive until the heap limit stops the worker. */
const hoard: unknown[] = [];
port.on('message', (job: AnalysisRequest) => {
  if (job.referenceText === 'crash') process.exit(3);
  if (job.referenceText === 'hang') return;
  // Like decoding a crafted header: the thread never yields.
  if (job.referenceText === 'spin') for (;;);
  // Like a recogniser still running when the deadline passes: a child process, no answer.
  if (job.referenceText === 'child') return void spawn('sleep', ['300'], { stdio: 'ignore' });
  // The same, and then the thread never yields (a recogniser started, then the aligner stuck).
  if (job.referenceText === 'child-spin') {
    spawn('sleep', ['300'], { stdio: 'ignore' });
    for (;;);
  }
  // Like an engine growing without bound on a crafted input.
  if (job.referenceText === 'grow') for (;;) hoard.push(new Array(1e5).fill(hoard.length));
  // The priority this thread and a process it starts run at.
  if (job.referenceText === 'priority') {
    const child = Number(execFileSync('nice', { encoding: 'utf8' }).trim());
    const reply: AnalysisReply = {
      id: job.id,
      ok: true,
      response: { thread: getPriority(0), child },
      durationSec: 1,
    };
    return port.postMessage(reply);
  }
  if (job.referenceText === 'refuse') {
    const reply: AnalysisReply = {
      id: job.id,
      ok: false,
      error: { name: 'SpeechInputError', code: 'CORRUPT', message: 'bad' },
    };
    return port.postMessage(reply);
  }
  setTimeout(
    () => {
      const reply: AnalysisReply = {
        id: job.id,
        ok: true,
        response: { bytes: job.audio.byteLength },
        durationSec: 1,
      };
      port.postMessage(reply);
    },
    Number(job.topic ?? 50),
  );
});
port.postMessage({ ready: true });
