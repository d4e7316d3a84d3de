import { randomUUID } from 'node:crypto';

/** The part of a JSON Schema (as @fastify/swagger emits it from the zod contracts) the fuzzer reads. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  minLength?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** One malformed request derived from an operation. */
export interface FuzzCase {
  name: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** 1 MB: over the JSON body limit, so the body parser must refuse it (413) without reading on. */
const ONE_MB = 'a'.repeat(1024 * 1024);
/** Just under the body limit: reaches the validators (a slow regex on it would show as a slow reply). */
const NEAR_LIMIT = 'a'.repeat(900 * 1024);
/** 10,000 nested arrays: the parser and validators must neither overflow the stack nor hang. */
const DEEP = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;

const first = (schema: JsonSchema) => schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
const typeOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type[0] : schema.type);

/** A value the schema accepts, so mutations of one field reach the handler behind the validator. */
export function sample(schema: JsonSchema | undefined, name = '', depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alt = first(schema);
  if (alt) return sample(alt, name, depth + 1);
  switch (typeOf(schema)) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value, key, depth + 1)]),
      );
    case 'array':
      return schema.items ? [sample(schema.items, name, depth + 1)] : [];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'email' || /email|username/i.test(name)) return 'fuzz@example.com';
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'date') return '2026-01-01';
      if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return 'x';
  }
}

/** A value of another JSON type than the schema wants. */
function wrongType(schema: JsonSchema): unknown {
  const type = typeOf(first(schema) ?? schema);
  if (type === 'string') return 12345;
  if (type === 'object') return ['not', 'an', 'object'];
  if (type === 'array') return { not: 'an array' };
  return 'not-a-number';
}

const json = { 'content-type': 'application/json' };

/** Body cases for an operation that takes JSON: wrong types, missing fields, NUL, huge strings, nesting. */
export function jsonBodyCases(url: string, schema: JsonSchema | undefined, maxFields: number): FuzzCase[] {
  const base = sample(schema) as Record<string, unknown> | unknown;
  const text = (value: unknown) => JSON.stringify(value);
  const cases: FuzzCase[] = [
    { name: 'valid-looking body', url, headers: json, payload: text(base) },
    { name: 'empty object', url, headers: json, payload: '{}' },
    { name: 'no body', url, headers: json },
    { name: 'array body', url, headers: json, payload: '[1,2,3]' },
    { name: 'truncated JSON', url, headers: json, payload: '{"a":' },
    { name: '10k nested arrays', url, headers: json, payload: DEEP },
    { name: '1 MB body', url, headers: json, payload: text({ a: ONE_MB }) },
    { name: 'text/plain body', url, headers: { 'content-type': 'text/plain' }, payload: 'hello' },
    { name: 'multipart body on a JSON route', url, ...multipartBody({ field: 'x' }) },
    {
      name: 'charset nonsense',
      url,
      headers: { 'content-type': 'application/json; charset=ebcdic' },
      payload: '{}',
    },
  ];
  if (base && typeof base === 'object' && !Array.isArray(base)) {
    const properties = (first(schema ?? {}) ?? schema)?.properties ?? {};
    for (const [key, prop] of Object.entries(properties).slice(0, maxFields)) {
      const body = base as Record<string, unknown>;
      const mutate = (value: unknown) => text({ ...body, [key]: value });
      cases.push(
        { name: `${key}: wrong type`, url, headers: json, payload: mutate(wrongType(prop)) },
        { name: `${key}: NUL`, url, headers: json, payload: mutate(`a\u0000b`) },
        { name: `${key}: near-limit string`, url, headers: json, payload: mutate(NEAR_LIMIT) },
        { name: `${key}: 10k nested arrays`, url, headers: json, payload: `{"${key}":${DEEP}}` },
        { name: `${key}: null`, url, headers: json, payload: mutate(null) },
      );
    }
  }
  return cases;
}

/** A multipart/form-data body with text fields and optionally one small file part. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { field: string; bytes: Buffer; filename?: string },
): { headers: Record<string, string>; payload: Buffer } {
  const boundary = '----agaton-fuzz';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename ?? 'a.wav'}"\r\n` +
          'Content-Type: audio/wav\r\n\r\n',
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  };
}

/** Body cases for an operation without a JSON body (multipart uploads, raw webhooks, bodiless POSTs). */
export function otherBodyCases(url: string): FuzzCase[] {
  const junk = Buffer.from('RIFF\u0000\u0000\u0000\u0000WAVEnot really audio');
  const fields = { text: 'hello\u0000world', username: 'fuzz@example.com', sessionType: 'x' };
  return [
    { name: 'JSON body', url, headers: json, payload: '{"audio":"x"}' },
    { name: 'no body', url, headers: {} },
    { name: 'junk audio file', url, ...multipartBody(fields, { field: 'audio', bytes: junk }) },
    { name: 'junk recording file', url, ...multipartBody(fields, { field: 'files', bytes: junk }) },
    { name: 'fields only, NUL', url, ...multipartBody(fields) },
    {
      name: 'broken multipart',
      url,
      headers: { 'content-type': 'multipart/form-data; boundary=nope' },
      payload: '--other\r\nbroken',
    },
    {
      name: 'multipart without boundary',
      url,
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'x',
    },
    {
      name: 'multipart boundary of 300 characters',
      url,
      headers: { 'content-type': `multipart/form-data; boundary=${'b'.repeat(300)}` },
      payload: `--${'b'.repeat(300)}\r\n`,
    },
    { name: 'octet-stream', url, headers: { 'content-type': 'application/octet-stream' }, payload: junk },
  ];
}

/** A parameter of an operation as the OpenAPI document lists it. */
export interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema?: JsonSchema;
}

/** Names routes commonly read from the query, each twice with different values. */
const UNDECLARED_REPEATED: [string, string][] = [
  'level',
  'text',
  'country',
  'to',
  'limit',
  'cursor',
  'page',
  'tab',
  'teamId',
  'from',
].flatMap((name): [string, string][] => [
  [name, 'LOW'],
  [name, '2'],
]);

/** URL cases: malformed path parameters, repeated, mistyped, NUL and long query parameters. */
export function urlCases(path: string, params: Parameter[], known: Record<string, string>): FuzzCase[] {
  const fill = (override: Record<string, string> = {}) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(override[name] ?? known[name] ?? String(sample(findSchema(params, name), name))),
    );
  const query = params.filter((p) => p.in === 'query');
  const qs = (entries: [string, string][]) =>
    entries.length ? `?${entries.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}` : '';
  const valid: [string, string][] = query.map((p) => [p.name, String(sample(p.schema, p.name))]);
  const cases: FuzzCase[] = [
    { name: 'plain', url: fill() + qs(valid), headers: {} },
    // Parameters a handler might read without declaring them (a repeated one arrives as an array).
    {
      name: 'undeclared parameters repeated',
      url: fill() + qs([...valid, ...UNDECLARED_REPEATED]),
      headers: {},
    },
  ];
  for (const p of params.filter((x) => x.in === 'path')) {
    cases.push(
      { name: `${p.name}: not a UUID`, url: fill({ [p.name]: 'not-a-uuid' }), headers: {} },
      { name: `${p.name}: NUL`, url: fill({ [p.name]: 'a\u0000b' }), headers: {} },
      { name: `${p.name}: 4 KB`, url: fill({ [p.name]: 'a'.repeat(4096) }), headers: {} },
    );
  }
  for (const p of query) {
    const others = valid.filter(([k]) => k !== p.name);
    cases.push(
      { name: `?${p.name} repeated`, url: fill() + qs([...valid, [p.name, '2']]), headers: {} },
      { name: `?${p.name} NUL`, url: fill() + qs([...others, [p.name, 'a\u0000b']]), headers: {} },
      {
        name: `?${p.name} wrong type`,
        url: fill() + qs([...others, [p.name, 'not-a-number-{}[]']]),
        headers: {},
      },
      { name: `?${p.name} 8 KB`, url: fill() + qs([...others, [p.name, 'a'.repeat(8192)]]), headers: {} },
      { name: `?${p.name}[] bracket`, url: `${fill()}?${p.name}[]=1&${p.name}[a]=2`, headers: {} },
    );
  }
  return cases;
}

function findSchema(params: Parameter[], name: string) {
  return params.find((p) => p.name === name)?.schema;
}
