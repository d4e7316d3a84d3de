import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@agaton/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './testing/ports.ts';

/**
 * API_PROCESSES (issue 29, item 6): the real server started with two cluster workers on one port —
 * both run, one that dies is started again while the port keeps answering, and SIGTERM ends them all.
 * Needs PostgreSQL (DATABASE_URL, else loopback 5432) and Redis (REDIS_TEST_URL, else loopback 6379);
 * skipped with a reason where either does not answer.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

function answers(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || defaultPort), timeout: 1_000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => resolve(false));
  });
}
const [postgres, redis] = await Promise.all([answers(DATABASE_URL, 5432), answers(REDIS_URL, 6379)]);
if (!postgres || !redis) {
  console.warn(
    `API_PROCESSES test skipped: ${postgres ? '' : `no PostgreSQL at ${DATABASE_URL}. `}${redis ? '' : `no Redis at ${REDIS_URL}.`}`,
  );
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;

/** The API processes a primary forked: its children running server.ts (tsx's esbuild is one too). */
function childrenOf(pid: number): number[] {
  let pids: number[];
  try {
    pids = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when there are none
  }
  return pids.filter((child) => {
    try {
      return readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('server.ts');
    } catch {
      return false; // ended meanwhile
    }
  });
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, seconds = 60) {
  for (let i = 0; i < seconds * 4; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const healthy = () =>
  fetch(`${base}/api/health`)
    .then((r) => r.ok)
    .catch(() => false);

describe.skipIf(!postgres || !redis)('API_PROCESSES=2: one port served by two processes', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'agaton-cluster-'));
  let database: TestDatabase;
  let server: ChildProcess;
  let output = '';

  beforeAll(async () => {
    database = await createTestDatabase({ databaseUrl: DATABASE_URL });
    server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/server.ts')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        REDIS_URL,
        API_PROCESSES: '2',
        ANALYSIS_IN_API: '0',
        SEED_DEMO_DATA: '0',
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: join(dataDir, 'no-web'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    server.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    await until('the server to answer', async () => ((await healthy()) ? true : undefined), 120);
  }, 150_000);

  afterAll(async () => {
    if (server?.pid) for (const child of childrenOf(server.pid)) process.kill(child, 'SIGKILL');
    server?.kill('SIGKILL');
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts two processes, says so once, and starts one again that dies', async () => {
    const pid = server.pid as number;
    // Said by the primary once both listen; the banner by the first process only.
    await until('both to listen', () =>
      output.includes('2 API processes share the port.') ? true : undefined,
    );
    await until('the banner', () => (output.includes('Agaton is running at') ? true : undefined));
    const first = childrenOf(pid);
    expect(first).toHaveLength(2);
    expect(output.match(/Agaton is running at/g)).toHaveLength(1);

    process.kill(first[0], 'SIGKILL');
    const replaced = await until('the dead process replaced', () => {
      const children = childrenOf(pid);
      return children.length === 2 && !children.includes(first[0]) ? children : undefined;
    });
    expect(replaced).toContain(first[1]);
    expect(output).toContain('API process');
    expect(output).toContain('starting it again');
    await until('the port to answer', async () => ((await healthy()) ? true : undefined));
    // Every new connection is answered, whichever process the primary hands it to.
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(`${base}/api/health`, { headers: { connection: 'close' } }).then((r) => r.status),
      ),
    );
    expect(statuses).toEqual(Array(10).fill(200));
  }, 120_000);

  it('stops every process on SIGTERM and exits 0', async () => {
    const pid = server.pid as number;
    const children = childrenOf(pid);
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(children.filter(isAlive)).toEqual([]);
  }, 60_000);
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
