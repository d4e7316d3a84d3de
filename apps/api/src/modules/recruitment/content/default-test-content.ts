import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type PositionContent,
  positionContentSchema,
  type TestContent,
  testContentSchema,
} from '@agaton/contracts';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';

/** The product's default test content: one YAML file per position, shipped with the code (README.md). */
export const TEST_CONTENT_DIR = fileURLToPath(new URL('./', import.meta.url));

/**
 * The position files, in the order Send test offers them. Listed rather than read from the folder so
 * the order is deliberate and a stray file is noticed (the content test checks nothing is left out).
 */
export const POSITION_FILES = [
  'sales-representative.yaml',
  'customer-support-agent.yaml',
  'general-business.yaml',
] as const;

/** Seconds each part may take once the candidate starts it. */
export const DEFAULT_TIME_LIMITS: TestContent['timeLimitsSeconds'] = {
  Reading: 360,
  Listening: 600,
  ReadingComprehension: 720,
  FreeSpeech: 180,
};

const describeIssues = (error: z.ZodError) =>
  error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');

/** Parses one position file; a problem throws with the file's name and the field's path. */
export function parsePositionFile(text: string, file: string): PositionContent {
  let data: unknown;
  try {
    data = parseYaml(text, { prettyErrors: true });
  } catch (error) {
    throw new Error(`${file}: not valid YAML (${(error as Error).message.split('\n')[0]})`);
  }
  const parsed = positionContentSchema.safeParse(data);
  if (!parsed.success) throw new Error(`${file}: invalid test content (${describeIssues(parsed.error)})`);
  return parsed.data;
}

/**
 * Reads the positions and validates the whole content as an organisation's content would be
 * (PUT /api/admin/test-content), so the default can never be something an admin could not save.
 */
export function loadTestContent(
  dir: string = TEST_CONTENT_DIR,
  files: readonly string[] = POSITION_FILES,
): TestContent {
  const positions = files.map((file) => parsePositionFile(readFileSync(join(dir, file), 'utf8'), file));
  const parsed = testContentSchema.safeParse({ timeLimitsSeconds: DEFAULT_TIME_LIMITS, positions });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => {
      const [root, index, ...rest] = i.path;
      const where =
        root === 'positions' && typeof index === 'number'
          ? `${files[index]}: ${rest.join('.')}`
          : i.path.join('.');
      return `${where}: ${i.message}`;
    });
    throw new Error(`Default test content is invalid (${problems.join('; ')})`);
  }
  return parsed.data;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/**
 * The content an organisation has until an admin replaces it. Loaded once at start-up: a broken file
 * stops the server with its name. Frozen, because it is shared: copy it (structuredClone) to change it.
 */
export const DEFAULT_TEST_CONTENT: TestContent = deepFreeze(loadTestContent());
