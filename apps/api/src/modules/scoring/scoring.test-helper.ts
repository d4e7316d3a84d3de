import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIXTURE_DIR } from '../../../../../packages/speech/calibration/dataset.ts';

/** Recordings for the scoring tests: committed fixtures here and speechocean762 ones in the speech package. */
export const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)));
export const datasetWav = (id: string) => readFileSync(join(FIXTURE_DIR, 'wav', `${id}.wav`));

/** One file of a multipart body; `name` is the form field (default "audio"). */
export interface FilePart {
  name?: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body like a browser's FormData: text fields first, then the files. */
export function multipart(fields: Record<string, string>, files?: FilePart | FilePart[]) {
  const boundary = `----agaton${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of [files ?? []].flat()) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'audio'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
