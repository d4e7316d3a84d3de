import { parentPort } from 'node:worker_threads';
import type { AnalysisReply, AnalysisRequest } from './analysis-types.ts';

/** A worker that behaves like the analysis worker without the engine: for testing the pool alone. */
const port = parentPort!;
port.on('message', (job: AnalysisRequest) => {
  if (job.referenceText === 'crash') process.exit(3);
  if (job.referenceText === 'hang') return;
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
