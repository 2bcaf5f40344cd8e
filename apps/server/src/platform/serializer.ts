import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

/**
 * How a route's answer becomes JSON (decision 015). Every route declares its response schemas in
 * zod (packages/shared); each is compiled once, at start, into a JSON Schema and from that into a
 * fast-json-stringify function — Fastify's own serialiser, which writes exactly the declared
 * fields (anything else a service returns is left out) and is faster than JSON.stringify for a
 * known shape. With `validate` (tests and development), each answer is first checked against the
 * zod schema, so a service that drifts from its contract fails the tests instead of shipping.
 */
export function responseSerializerCompiler(options: { validate: boolean }): FastifySerializerCompiler<z.ZodType> {
  const compiled = new WeakMap<z.ZodType, (data: unknown) => string>();
  return ({ schema, method, url, httpStatus, contentType }) => {
    // A declared text answer (a CSV export, a page) is sent as the string the route made.
    if (contentType && !/\bjson\b/.test(contentType)) return (data) => (typeof data === 'string' ? data : String(data));
    let stringify = compiled.get(schema);
    if (!stringify) {
      stringify = fastJson(forSerialisation(z.toJSONSchema(schema, { target: 'draft-7', io: 'output' })) as object);
      compiled.set(schema, stringify);
    }
    if (!options.validate) return stringify;
    const write = stringify;
    return (data) => {
      const result = schema.safeParse(data);
      if (!result.success) {
        throw new ResponseSchemaError(
          `${method} ${url} answered ${httpStatus} off its schema:\n${z.prettifyError(result.error)}`,
        );
      }
      return write(data);
    };
  };
}

/** An answer that does not match its declared schema (only checked with `validate`). */
export class ResponseSchemaError extends Error {
  override name = 'ResponseSchemaError';
}

type JsonSchema = { [key: string]: unknown };

/**
 * The JSON Schema as fast-json-stringify should read it:
 * - `T | null` is zod's `anyOf: [T, {type: null}]`; fast-json-stringify would pick the branch of
 *   an anyOf per value by running a validator, so it becomes `type: [T, "null"]`, which it writes
 *   with a typeof check.
 * - `format` (date-time, uuid …) and `pattern` describe strings the server already writes as
 *   strings; fast-json-stringify would reformat date-times. Dropped here, kept in the document.
 * - `const` would make it write the constant whatever the value is: the type alone is kept.
 */
export function forSerialisation(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerialisation);
  if (!schema || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema as JsonSchema)) {
    if (key === 'format' || key === 'pattern' || key === 'const') continue;
    out[key] =
      key === 'properties' && value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([name, property]) => [name, forSerialisation(property)]))
        : forSerialisation(value);
  }
  const branches = out.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const isNull = (branch: JsonSchema) => branch.type === 'null' && Object.keys(branch).length === 1;
    const nullAt = branches.findIndex(isNull);
    const other = branches[1 - nullAt] as JsonSchema | undefined;
    if (nullAt >= 0 && other && typeof other.type === 'string') {
      const { anyOf: _, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}
