import { randomUUID } from 'node:crypto';
import { REGION_CODES } from '@shop/shared';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  catalogOwner,
  createCollection,
  createTariff,
  createTestApp,
  merchant,
  newIp,
  type TestApp,
  visitor,
} from './testing/app.js';
import { buy, product } from './testing/orders.js';

/**
 * Every route of the OpenAPI document (/api/docs), walked with requests generated from its own
 * schemas (fast-check): path values, queries and bodies that mostly fit the schema and sometimes
 * do not at all, as the owner, as another merchant, anonymously and with a forged token. Whatever
 * arrives, the server answers with its envelope and never with a 5xx (SPEC: bad input gets a
 * clear error, never a 500). In tests every answer is also checked against the route's declared
 * response schema (decision 015), so a success that drifts from its contract is a 500 here too.
 *
 * The values that fit are drawn towards the real rows of a store that has sold (its id, its
 * products, orders, basket, checkout, customer), so the cases reach the services, not only the
 * validators. FUZZ_RUNS sets the cases per route (default 100) and FUZZ_SEED replays a run.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const DEBUG = process.env.FUZZ_DEBUG ? new RegExp(process.env.FUZZ_DEBUG) : undefined;
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;

type JsonSchema = { [key: string]: unknown };
interface Operation {
  method: string;
  path: string;
  parameters: { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: JsonSchema }[];
  body?: JsonSchema;
  bodyType?: string;
}

let t: TestApp;
let app: FastifyInstance;
let operations: Operation[] = [];
/** Ids of real rows, by the name of the field or path value that usually carries them. */
const known = new Map<string, string[]>();
const tokens: Record<'owner' | 'stranger', string> = { owner: '', stranger: '' };
const cases = new Map<string, number>();
/** Per route, how many answers were a success: the cases that reached a service's happy path. */
const successes = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  const owner = await catalogOwner(app);
  const stranger = await merchant(app);
  tokens.owner = owner.token;
  tokens.stranger = stranger.token;
  const tariff = await createTariff(app, owner.token, owner.market.id);
  const item = await product(app, owner, { stock: 100_000 });
  const collection = await createCollection(app, owner.token, {
    marketId: owner.market.id,
    coverImageUrl: owner.imageUrl,
    productIds: [item.id],
  });
  const paid = await buy(app, owner, tariff.id, [{ productId: item.id, quantity: 1 }]);
  const open = await buy(app, owner, tariff.id, [{ productId: item.id, quantity: 1 }], { pay: false });
  const discount = (
    await app.inject({
      method: 'POST',
      url: '/api/Discount',
      payload: { kind: 'code', marketId: owner.market.id, code: 'FUZZ10', valueType: 'percent', percent: 10 },
      headers: bearer(owner.token),
    })
  ).json() as { data: { id: string } };
  const customers = (
    await app.inject({
      method: 'GET',
      url: `/api/Customer/all?marketId=${owner.market.id}`,
      headers: bearer(owner.token),
    })
  ).json() as { data: { items: { id: string }[] } };
  const basket = (
    await app.inject({ method: 'GET', url: `/api/Basket/get-or-create/${owner.market.id}/${paid.uniqueCode}` })
  ).json() as { data: { id: string; items: { id: string }[] } };
  const remember = (names: string[], ...ids: (string | null | undefined)[]) => {
    for (const name of names) known.set(name, [...(known.get(name) ?? []), ...ids.filter((id): id is string => !!id)]);
  };
  remember(['marketId'], owner.market.id);
  remember(['productId'], item.id);
  remember(['categoryId'], owner.category.id);
  remember(['collectionId'], collection.id);
  remember(['orderId'], paid.order.id, open.order.id);
  remember(['checkoutId'], paid.order.id, open.order.id);
  remember(['shippingTariffId'], tariff.id);
  remember(['uniqueCode'], paid.uniqueCode, open.uniqueCode);
  remember(['customerId'], ...customers.data.items.map((c) => c.id));
  remember(['basketId'], basket.data.id);
  remember(['discountId'], discount.data.id);
  remember(['productIds'], item.id);
  remember(['basketItemId'], ...basket.data.items.map((i) => i.id));
  remember(['id'], owner.market.id, item.id, owner.category.id, collection.id, paid.order.id, tariff.id);
  remember(['name'], owner.market.name);
  remember(['email'], owner.email, paid.email);
  remember(['region', 'regions'], ...REGION_CODES.slice(0, 5));

  const docs = await app.inject({ method: 'GET', url: '/api/docs' });
  expect(docs.statusCode).toBe(200);
  operations = operationsOf(docs.json());
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('every route of /api/docs, with generated input', () => {
  it('reads the document: every route, with its parameters and body', () => {
    expect(operations.length).toBeGreaterThanOrEqual(80);
    expect(operations.map((o) => `${o.method} ${o.path}`)).toContain('POST /api/Basket/add-product');
  });

  it('answers every generated request with its envelope and never a 5xx', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      resource = resourceIds[operation.path.split('/')[2] ?? ''] ?? 'id';
      const requests = requestOf(operation);
      const key = `${operation.method} ${operation.path}`;
      let count = 0;
      await fc
        .assert(
          fc.asyncProperty(requests, async (request) => {
            count++;
            const response = await app.inject(request);
            if (DEBUG?.test(key))
              console.info(describeRequest(request), '\n   →', response.statusCode, response.body.slice(0, 300));
            if (response.statusCode < 400) successes.set(key, (successes.get(key) ?? 0) + 1);
            const problem = problemOf(response);
            if (problem) {
              failures.push(`${operation.method} ${operation.path} → ${problem}\n  ${describeRequest(request)}`);
              return false;
            }
            return true;
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        )
        .catch(() => {
          // The failure is in `failures`; go on to the other routes so one run reports them all.
        });
      cases.set(key, count);
    }
    const total = [...cases.values()].reduce((sum, n) => sum + n, 0);
    const succeeded = [...successes.values()].reduce((sum, n) => sum + n, 0);
    const neverSucceeded = operations.map((o) => `${o.method} ${o.path}`).filter((k) => !successes.has(k));
    console.info(
      `fuzz: ${operations.length} routes × ${RUNS} cases = ${total} requests (${succeeded} answered 2xx/3xx), seed ${SEED}` +
        `\nroutes no case got through: ${neverSucceeded.join(', ')}`,
    );
    expect(failures, `seed ${SEED}`).toEqual([]);
    // And the server is still well.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }, 600_000);
});

// ---- The document ----------------------------------------------------------------------------

function operationsOf(document: {
  paths: Record<string, Record<string, JsonSchema>>;
  components?: { schemas?: Record<string, JsonSchema> };
}) {
  const components = document.components?.schemas ?? {};
  const resolve = (schema: unknown): JsonSchema => {
    const ref = (schema as JsonSchema | undefined)?.$ref;
    if (typeof ref === 'string') return resolve(components[ref.split('/').pop()!]);
    return (schema ?? {}) as JsonSchema;
  };
  const list: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, spec] of Object.entries(methods)) {
      const content = (spec.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)?.content;
      const [bodyType, body] = content ? Object.entries(content)[0]! : [];
      list.push({
        method: method.toUpperCase(),
        path,
        parameters: ((spec.parameters ?? []) as Operation['parameters']).map((p) => ({
          ...p,
          schema: resolve(p.schema),
        })),
        ...(body ? { body: deepResolve(body.schema, resolve), bodyType } : {}),
      });
    }
  }
  // Routes that end the owner's session or take the account away go last, so the others meet
  // a signed-in owner.
  const last = (o: Operation) =>
    /\/User\/(logout|reset-password|update-owner)/.test(o.path) ? 2 : o.method === 'DELETE' ? 1 : 0;
  return list.sort((a, b) => last(a) - last(b));
}

function deepResolve(schema: unknown, resolve: (s: unknown) => JsonSchema): JsonSchema {
  const resolved = resolve(schema);
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(resolved)) {
    if (key === 'properties' && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deepResolve(v, resolve)]));
    } else if (key === 'items' || key === 'additionalProperties') {
      out[key] = value && typeof value === 'object' ? deepResolve(value, resolve) : value;
    } else if ((key === 'anyOf' || key === 'oneOf' || key === 'allOf') && Array.isArray(value)) {
      out[key] = value.map((v) => deepResolve(v, resolve));
    } else out[key] = value;
  }
  return out;
}

// ---- Generated requests ----------------------------------------------------------------------

/** What no schema expects: the values a careless or hostile client sends. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    'null',
    'undefined',
    "' or 1=1 --",
    '%',
    '_',
    '\\',
    '../../etc/passwd',
    '\u0000',
    'İıIi',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 😀',
    'x'.repeat(5000),
    '00000000-0000-0000-0000-000000000000',
    -1,
    0,
    1e21,
    -1e21,
    2 ** 53 + 1,
    0.5,
    true,
    null,
    [],
    {},
  ),
  fc.anything({ maxDepth: 2, maxKeys: 4 }),
);

/** What an `id` names on a route: the row of its resource (`/api/Category/…/{id}` a category's). */
const resourceIds: Record<string, string> = {
  Market: 'marketId',
  Category: 'categoryId',
  Products: 'productId',
  Collection: 'collectionId',
  ShippingTariff: 'shippingTariffId',
  Basket: 'basketId',
  Order: 'orderId',
  Payment: 'orderId',
  Customer: 'customerId',
  AbandonedCheckout: 'checkoutId',
  Discount: 'discountId',
};
let resource = 'id';

function idArbitrary(name: string): fc.Arbitrary<string> {
  const ids = known.get(name === 'id' ? resource : name) ?? [];
  return ids.length > 0 ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ids) }, fc.uuid()) : fc.uuid();
}

/**
 * A value of `schema`, towards the real rows when the field names one. `wild`: any field may
 * instead hold something no schema expects; otherwise every field fits, so the case reaches the
 * service behind the validators.
 */
function arbitraryOf(schema: JsonSchema, name: string, wild: boolean, depth = 0): fc.Arbitrary<unknown> {
  const fitting = fittingArbitraryOf(schema, name, wild, depth);
  return wild ? fc.oneof({ weight: 9, arbitrary: fitting }, { weight: 1, arbitrary: hostile }) : fitting;
}

function fittingArbitraryOf(schema: JsonSchema, name: string, wild: boolean, depth: number): fc.Arbitrary<unknown> {
  const nullable = schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes('null'));
  const arbitrary = bareArbitraryOf(schema, name, wild, depth);
  return nullable ? fc.option(arbitrary, { nil: null, freq: 4 }) : arbitrary;
}

function bareArbitraryOf(schema: JsonSchema, name: string, wild: boolean, depth: number): fc.Arbitrary<unknown> {
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches) return fc.oneof(...branches.map((branch) => fittingArbitraryOf(branch, name, wild, depth)));
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const min = (key: string) => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined);
  switch (type) {
    case 'string':
      return stringOf(schema, name);
    case 'integer': {
      // Mostly the small counts and sums people type; sometimes anything the schema allows.
      const low = min('minimum') ?? -1_000;
      const high = min('maximum') ?? 2_000_000_000;
      return fc.oneof(
        fc.integer({ min: low, max: Math.max(low, Math.min(high, 2_000)) }),
        fc.integer({ min: low, max: high }),
      );
    }
    case 'number':
      return fc.oneof(
        fc.integer({ min: min('minimum') ?? -1_000, max: min('maximum') ?? 2_000_000 }),
        fc.double({ noNaN: true, noDefaultInfinity: true, min: min('minimum') ?? -1e9, max: min('maximum') ?? 1e9 }),
      );
    case 'boolean':
      return fc.boolean();
    case 'array': {
      if (depth > 3) return fc.constant([]);
      const items = (schema.items ?? {}) as JsonSchema;
      return fc.array(arbitraryOf(items, singular(name), wild, depth + 1), {
        minLength: min('minItems') ?? 0,
        maxLength: Math.max(min('minItems') ?? 0, Math.min(min('maxItems') ?? 4, 4)),
      });
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      if (depth > 3 || Object.keys(properties).length === 0)
        return fc.dictionary(fc.string({ maxLength: 8 }), fc.string(), { maxKeys: 3 });
      const required = (schema.required ?? []) as string[];
      return fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, property]) => [key, arbitraryOf(property, key, wild, depth + 1)]),
        ),
        { requiredKeys: required.filter((key) => key in properties) },
      );
    }
    default:
      return wild ? hostile : fc.string({ maxLength: 20 });
  }
}

function stringOf(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  const format = schema.format;
  if (format === 'uuid' || name === 'id' || (/Id$/.test(name) && known.has(name))) return idArbitrary(name);
  const values = known.get(name);
  if (values && name !== 'uniqueCode' && name !== 'name')
    return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...values) }, fc.string({ maxLength: 20 }));
  if (format === 'email' || name === 'email') {
    return fc.oneof(fc.constantFrom(...(known.get('email') ?? ['a@example.az'])), fc.emailAddress());
  }
  if (format === 'date' || schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$') {
    // Days around now, so that two of them make a range a report accepts about half the time.
    return fc
      .integer({ min: -400, max: 30 })
      .map((days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10));
  }
  if (format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (name === 'uniqueCode' || name === 'name') {
    const ids = known.get(name) ?? [];
    const own = name === 'uniqueCode' ? fc.constant(visitor()) : fc.string({ minLength: 1, maxLength: 30 });
    return ids.length > 0 ? fc.oneof(fc.constantFrom(...ids), own) : own;
  }
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = Math.max(minLength, Math.min(typeof schema.maxLength === 'number' ? schema.maxLength : 60, 60));
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern);
    return fc
      .stringMatching(pattern)
      .filter(
        (s) =>
          s.length >= minLength && s.length <= (typeof schema.maxLength === 'number' ? schema.maxLength : Infinity),
      );
  }
  return fc.oneof(fc.string({ minLength, maxLength }), fc.string({ minLength, maxLength, unit: 'grapheme' }));
}

const singular = (name: string) => name.replace(/s$/, '');

/** A request of `operation`: generated path values, query, body and caller. */
function requestOf(operation: Operation): fc.Arbitrary<InjectOptions> {
  return fc.oneof(requestOfKind(operation, false), requestOfKind(operation, true));
}

function requestOfKind(operation: Operation, wild: boolean): fc.Arbitrary<InjectOptions> {
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const path = fc.record(
    Object.fromEntries(
      pathParams.map((p) => {
        const fitting = stringOrText(p.schema, p.name);
        return [
          p.name,
          wild ? fc.oneof({ weight: 4, arbitrary: fitting }, { weight: 1, arbitrary: hostile.map(String) }) : fitting,
        ];
      }),
    ),
  );
  const query = fc.record(Object.fromEntries(queryParams.map((p) => [p.name, arbitraryOf(p.schema, p.name, wild)])), {
    requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name),
  });
  const json = (value: unknown) => ({ payload: JSON.stringify(value) ?? 'null', type: 'application/json' });
  const fittingBody = operation.body ? arbitraryOf(operation.body, 'body', wild).map(json) : fc.constant({});
  const body: fc.Arbitrary<{ payload?: string; type?: string }> = !wild
    ? fittingBody
    : fc.oneof(
        { weight: 6, arbitrary: fittingBody },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom('{', '{"a":', '[1,2', '"\\u00"', '')
            .map((payload) => ({ payload, type: 'application/json' })),
        },
        { weight: 1, arbitrary: fc.string().map((payload) => ({ payload, type: 'text/plain' })) },
        { weight: 1, arbitrary: fc.json().map((payload) => ({ payload, type: 'application/json' })) },
      );
  const caller = wild
    ? fc.constantFrom<'owner' | 'stranger' | 'anonymous' | 'forged'>('owner', 'stranger', 'anonymous', 'forged')
    : fc.constantFrom<'owner' | 'anonymous'>('owner', 'owner', 'owner', 'anonymous');
  const language = wild ? fc.constantFrom('az', 'en', 'ru', 'xx', '*;q=x') : fc.constantFrom('az', 'en', 'ru');
  return fc
    .record({ path, query, body, caller, language })
    .map(({ path: values, query: q, body: b, caller: who, language: lang }) => {
      let url = operation.path;
      for (const [key, value] of Object.entries(values))
        url = url.replace(`{${key}}`, encodeURIComponent(String(value)));
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(q)) {
        if (value === undefined) continue;
        for (const one of Array.isArray(value) ? value : [value])
          search.append(key, typeof one === 'object' ? JSON.stringify(one) : String(one));
      }
      const qs = search.toString();
      const headers: Record<string, string> = { 'accept-language': lang };
      if (who === 'owner' || who === 'stranger') Object.assign(headers, bearer(tokens[who]));
      if (who === 'forged') Object.assign(headers, bearer(`${randomUUID()}.forged`));
      if (b.type) headers['content-type'] = b.type;
      return {
        method: operation.method as InjectOptions['method'],
        url: qs ? `${url}?${qs}` : url,
        headers,
        ...(b.payload !== undefined ? { payload: b.payload } : {}),
        remoteAddress: newIp(),
      };
    });
}

function stringOrText(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  const value = fittingArbitraryOf(schema.type ? schema : { ...schema, type: 'string' }, name, false, 0);
  return value.map((v) => String(v));
}

/** What is wrong with an answer, if anything. */
function problemOf(response: {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}): string | undefined {
  if (response.statusCode >= 500) return `${response.statusCode} ${response.body.slice(0, 400)}`;
  if (response.statusCode >= 400) {
    const type = String(response.headers['content-type'] ?? '');
    if (!type.includes('json')) return `${response.statusCode} without the JSON envelope (${type})`;
    const error = (JSON.parse(response.body) as { error?: { code?: unknown; message?: unknown } }).error;
    if (typeof error?.code !== 'string' || typeof error.message !== 'string' || error.message === '') {
      return `${response.statusCode} without the error envelope: ${response.body.slice(0, 200)}`;
    }
  }
  return undefined;
}

function describeRequest(request: InjectOptions): string {
  const payload = typeof request.payload === 'string' ? request.payload.slice(0, 300) : '';
  return `${request.method} ${String(request.url).slice(0, 300)} ${payload}`;
}
