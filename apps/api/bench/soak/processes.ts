/** The api and worker child processes bench:soak runs, started the way production starts them. */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

export interface Proc {
  child: ChildProcess;
  pid: number;
  exited: Promise<number | null>;
}

function start(entry: string, env: Record<string, string>, label: string): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, entry)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Only warnings and errors reach the bench's output, prefixed so they can be told apart.
  const relay = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n'))
      if (line.trim()) console.log(`  [${label}] ${line.slice(0, 300)}`);
  };
  child.stdout?.on('data', relay);
  child.stderr?.on('data', relay);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, pid: child.pid ?? 0, exited };
}

export function startApi(env: Record<string, string>) {
  return start('apps/api/src/server.ts', env, 'api');
}

export function startWorker(env: Record<string, string>) {
  return start('apps/api/src/worker.ts', env, 'worker');
}

/** Resolves when GET /api/health answers 200 (the api has migrated and seeded). */
export async function waitHealthy(base: string, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the api at ${base} did not become healthy`);
}

/** kill -9, then waits for the exit. */
export async function killHard(proc: Proc) {
  proc.child.kill('SIGKILL');
  await proc.exited;
}

/** Resident memory of one process in MB (0 when it is gone). */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}
