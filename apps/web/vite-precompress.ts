import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing; images, fonts and audio are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|wasm)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 256;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Writes a .br (brotli, best quality) and a .gz (gzip -9) beside every text file of the build, so the
 * server sends compressed bytes without compressing per request (issue 16 part 8). A copy that is not
 * at least 10% smaller is skipped; the server then sends the original.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'agaton-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After the files are written, and only when the build succeeded.
    async writeBundle(options) {
      for await (const path of files(options.dir ?? outDir)) {
        if (!COMPRESSIBLE.test(path)) continue;
        const source = await readFile(path);
        if (source.length < MIN_BYTES) continue;
        const [br, gzipped] = await Promise.all([
          brotli(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
          gz(source, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        if (br.length < source.length * 0.9) await writeFile(`${path}.br`, br);
        if (gzipped.length < source.length * 0.9) await writeFile(`${path}.gz`, gzipped);
      }
    },
  };
}
