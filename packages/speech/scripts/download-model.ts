/**
 * npm run models:download -- NAME [FOLDER]
 *
 * Fetches one of the pinned recognition models (scripts/model-catalogue.ts) into FOLDER (default
 * ./models/NAME), verifies its SHA-256 and prints the ASR_MODEL_DIR setting for the server. Needs
 * internet access and `tar` with bzip2; the server itself never downloads anything.
 */
import { DownloadError, downloadModel, MODELS } from './model-catalogue.ts';

const [name, folder] = process.argv.slice(2);
const model = MODELS.find((m) => m.name === name);

if (!model) {
  console.error(name ? `unknown model "${name}"\n` : 'usage: npm run models:download -- NAME [FOLDER]\n');
  for (const m of MODELS)
    console.error(`  ${m.name.padEnd(20)} ${m.about}; ${(m.bytes / 1e6).toFixed(0)} MB, ${m.licence}`);
  process.exit(2);
}

try {
  const dir = await downloadModel(model, { target: folder, log: (line) => console.error(line) });
  console.error(`\n${model.name} is ready. Start the server with this in its environment:\n`);
  console.log(`ASR_MODEL_DIR=${dir}`);
} catch (err) {
  if (!(err instanceof DownloadError)) throw err;
  console.error(`models:download: ${err.message}`);
  process.exit(1);
}
