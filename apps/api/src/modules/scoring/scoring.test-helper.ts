import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Recordings for the scoring tests: committed fixtures and the shared speechocean762 dev set. */
export const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)));
export const datasetWav = (id: string) =>
  readFileSync(
    fileURLToPath(
      new URL(`../../../../../../shared/datasets/speechocean762-dev/wav/${id}.wav`, import.meta.url),
    ),
  );

/** A multipart/form-data body like a browser's FormData: text fields first, then the file. */
export function multipart(
  fields: Record<string, string>,
  file?: { name?: string; filename: string; contentType: string; data: Buffer },
) {
  const boundary = `----agaton${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
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
