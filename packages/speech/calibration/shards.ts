/**
 * JSON-lines shards of a long extraction: each worker appends one line per recording to
 * `shard-k-of-n.jsonl`, a rerun skips what any shard holds, and `packShards` gzips finished shards
 * (appending to what an earlier run packed under the same name). Readers take both forms.
 */
import { existsSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

/** Every line of every shard in `dir` (plain and gzipped), parsed. */
export function readShards<T>(dir: string): T[] {
  if (!existsSync(dir)) return [];
  const out: T[] = [];
  for (const f of readdirSync(dir).sort()) {
    if (!f.endsWith('.jsonl') && !f.endsWith('.jsonl.gz')) continue;
    const buf = readFileSync(join(dir, f));
    const text = f.endsWith('.gz') ? gunzipSync(buf).toString('utf8') : buf.toString('utf8');
    for (const line of text.split('\n')) if (line.trim()) out.push(JSON.parse(line) as T);
  }
  return out;
}

/** Gzips the plain shards of `dir`, appending to earlier packs of the same name. */
export function packShards(dir: string): void {
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.jsonl'))) {
    const packed = join(dir, `${f}.gz`);
    const before = existsSync(packed) ? gunzipSync(readFileSync(packed)) : Buffer.alloc(0);
    writeFileSync(packed, gzipSync(Buffer.concat([before, readFileSync(join(dir, f))]), { level: 9 }));
    unlinkSync(join(dir, f));
    console.error(`packed ${f}`);
  }
}
