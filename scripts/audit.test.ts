import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * `npm run audit` against a registry on loopback that speaks npm's bulk advisory API
 * (POST /-/npm/v1/security/advisories/bulk: `{name: [versions]}` in, `{name: [advisory]}` out), the
 * endpoint `npm audit` asks. The registry these machines reach refuses it (405); CI meets that case.
 */
const run = promisify(execFile);
const script = fileURLToPath(new URL('./audit.mjs', import.meta.url));
let server: Server | undefined;
afterEach(() => server?.close());

/** A registry whose advisories endpoint answers `advisories` (or `status` with no body). */
async function registry(answer: { advisories?: object; status?: number }): Promise<string> {
  const listening = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.url?.includes('/security/advisories/bulk') && !answer.status) {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(answer.advisories ?? {}));
        return;
      }
      response.statusCode = answer.status ?? 404;
      response.end();
    });
  });
  server = listening;
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(listening.address() as { port: number }).port}/`;
}

async function audit(registryUrl: string, args: string[] = []) {
  try {
    const { stdout } = await run('node', [script, ...args], {
      env: { ...process.env, npm_config_registry: registryUrl },
    });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

describe('npm run audit', () => {
  it('fails and names the package when a runtime dependency has a critical advisory', async () => {
    const url = await registry({
      advisories: {
        fastify: [
          {
            // npm caches advisories by id: a new one each run, so no earlier answer stands in for it.
            id: Date.now(),
            url: 'https://example.test/advisory',
            title: 'Request smuggling',
            severity: 'critical',
            vulnerable_versions: '<99.0.0',
            cwe: [],
            cvss: { score: 9.8 },
          },
        ],
      },
    });
    const result = await audit(url);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/critical +fastify .*Request smuggling/);
  });

  it('passes when the service knows no advisory', async () => {
    const result = await audit(await registry({ advisories: {} }));
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('0 critical, 0 high');
  });

  it('says plainly that nothing was checked when the service refuses, and fails only with --strict', async () => {
    const url = await registry({ status: 405 });
    const result = await audit(url);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('No dependency audit was done');
    expect((await audit(url, ['--strict'])).code).toBe(2);
  });
});
