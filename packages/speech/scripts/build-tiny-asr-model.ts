/**
 * Writes the sherpa-onnx recogniser's test models, which the tests load through the real runtime:
 * - test/fixtures/tiny-asr/ (model.onnx, tokens.txt, agaton-asr.json): the tone-hearing CTC model
 *   of tiny-asr-model.ts;
 * - test/fixtures/tiny-asr-transducer/ (encoder/decoder/joiner-tiny.onnx, tokens.txt): the same
 *   classifier as a transducer (tiny-asr-transducer.ts), which reports token probabilities.
 *
 *   npx tsx packages/speech/scripts/build-tiny-asr-model.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tinyModelBytes, tinyTokensTxt } from './tiny-asr-model.ts';
import { tinyTransducerFiles } from './tiny-asr-transducer.ts';

const dir = fileURLToPath(new URL('../test/fixtures/tiny-asr/', import.meta.url));
mkdirSync(dir, { recursive: true });
const model = tinyModelBytes();
writeFileSync(`${dir}model.onnx`, model);
writeFileSync(`${dir}tokens.txt`, tinyTokensTxt());
// model.onnx alone could be any of sherpa-onnx's CTC families; the manifest names it.
writeFileSync(`${dir}agaton-asr.json`, `${JSON.stringify({ type: 'zipformer-ctc' }, null, 2)}\n`);
console.log(`wrote ${dir} (model.onnx ${model.length} bytes)`);

const transducerDir = fileURLToPath(new URL('../test/fixtures/tiny-asr-transducer/', import.meta.url));
mkdirSync(transducerDir, { recursive: true });
for (const [name, bytes] of Object.entries(tinyTransducerFiles()))
  writeFileSync(`${transducerDir}${name}`, bytes);
writeFileSync(`${transducerDir}tokens.txt`, tinyTokensTxt());
console.log(`wrote ${transducerDir}`);
