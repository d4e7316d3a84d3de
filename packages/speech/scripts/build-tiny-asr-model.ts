/**
 * Writes test/fixtures/tiny-asr/ (model.onnx, tokens.txt, agaton-asr.json): the tone-hearing CTC
 * model of tiny-asr-model.ts, which the sherpa-onnx recogniser tests load through the real runtime.
 *
 *   npx tsx packages/speech/scripts/build-tiny-asr-model.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tinyModelBytes, tinyTokensTxt } from './tiny-asr-model.ts';

const dir = fileURLToPath(new URL('../test/fixtures/tiny-asr/', import.meta.url));
mkdirSync(dir, { recursive: true });
const model = tinyModelBytes();
writeFileSync(`${dir}model.onnx`, model);
writeFileSync(`${dir}tokens.txt`, tinyTokensTxt());
// model.onnx alone could be any of sherpa-onnx's CTC families; the manifest names it.
writeFileSync(`${dir}agaton-asr.json`, `${JSON.stringify({ type: 'zipformer-ctc' }, null, 2)}\n`);
console.log(`wrote ${dir} (model.onnx ${model.length} bytes)`);
