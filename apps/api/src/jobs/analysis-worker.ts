import { parentPort, workerData } from 'node:worker_threads';
import {
  createEngine,
  type SpeechAnalysis,
  SpeechInputError,
  toDemoReadingResponse,
  toFreeSpeechResponse,
  toSessionAnalysis,
} from '@agaton/speech';
import type { AnalysisProgress, AnalysisReply, AnalysisRequest, WorkerReady } from './analysis-types.ts';
import { reportChildren } from './worker-children.ts';

/**
 * One analysis worker: loads the speech models once, then scores one recording at a time. Runs in a
 * worker thread so a slow analysis never blocks the api's event loop.
 */
const port = parentPort;
if (!port) throw new Error('analysis-worker must run in a worker thread');

reportChildren(port);

type EngineOptions = NonNullable<Parameters<typeof createEngine>[0]>;
const { limits, asr } = (workerData ?? {}) as {
  limits?: EngineOptions['limits'];
  /** The validated ASR_* settings (config/env.ts); never this process's environment. */
  asr?: EngineOptions['env'];
};

/** The product's shape of each kind, made here so the api thread only stores it. */
function present(kind: AnalysisRequest['kind'], analysis: SpeechAnalysis) {
  if (kind === 'reading') return toDemoReadingResponse(analysis);
  if (kind === 'meeting') return toSessionAnalysis(analysis);
  return toFreeSpeechResponse(analysis);
}

try {
  const engine = await createEngine({ limits, env: asr ?? {} });
  port.on('message', async (job: AnalysisRequest) => {
    let reply: AnalysisReply;
    try {
      const analysis = await engine.analyze({
        audio: job.audio,
        task: job.kind,
        referenceText: job.referenceText,
        topic: job.topic,
        maxSec: job.maxSec,
        channel: job.channel,
        onProgress: (progress) => port.postMessage({ id: job.id, progress } satisfies AnalysisProgress),
      });
      const response = present(job.kind, analysis);
      reply = { id: job.id, ok: true, response, durationSec: analysis.durationSec };
    } catch (error) {
      const e = error instanceof Error ? error : new Error(String(error));
      const code = error instanceof SpeechInputError ? error.code : undefined;
      reply = { id: job.id, ok: false, error: { name: e.name, code, message: e.message } };
    }
    port.postMessage(reply);
  });
  port.postMessage({ ready: true } satisfies WorkerReady);
} catch (error) {
  port.postMessage({
    ready: false,
    message: error instanceof Error ? error.message : String(error),
  } satisfies WorkerReady);
}
