import { envelope, productViewSchema } from '@shop/shared';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ok } from './responses.js';
import { forSerialisation, responseSerializerCompiler } from './serializer.js';

const item = z.strictObject({
  id: z.uuid(),
  price: z.int(),
  note: z.string().nullable(),
  address: z.strictObject({ city: z.string(), phone: z.string().optional() }).nullable(),
  currency: z.literal('AZN'),
  at: z.iso.datetime({ offset: true }),
});

async function appAnswering(answer: unknown, validate: boolean) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ validate }));
  app.get('/thing', { schema: { response: ok(item) } }, async () => answer as never);
  await app.ready();
  return app;
}

const valid = {
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  price: 1999,
  note: null,
  address: { city: 'Bakı' },
  currency: 'AZN',
  at: '2026-11-22T10:00:00.000Z',
};

describe('answers written through their schemas', () => {
  it('writes what JSON.stringify writes for an answer of the declared shape, null and absent fields included', async () => {
    for (const validate of [true, false]) {
      const app = await appAnswering({ data: valid }, validate);
      const response = await app.inject('/thing');
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(JSON.stringify({ data: valid }));
      await app.close();
    }
  });

  it('leaves out what the schema does not declare: a column a service returns by mistake never leaves', async () => {
    const app = await appAnswering(
      { data: { ...valid, passwordHash: 'x', address: { city: 'Bakı', secret: 1 } } },
      false,
    );
    const response = await app.inject('/thing');
    expect(response.json()).toEqual({ data: valid });
    await app.close();
  });

  it('in tests and development, an answer off its schema is a 500, never sent as it is', async () => {
    for (const wrong of [
      { ...valid, price: '19.99' },
      { ...valid, currency: 'USD' },
      { ...valid, at: 'yesterday' },
      { ...valid, extra: true },
      { ...valid, address: undefined },
    ]) {
      const app = await appAnswering({ data: wrong }, true);
      expect((await app.inject('/thing')).statusCode, JSON.stringify(wrong)).toBe(500);
      await app.close();
    }
  });

  it('compiles nullable fields to type lists, so no answer runs a validator to choose a branch', () => {
    const json = JSON.stringify(forSerialisation(z.toJSONSchema(envelope(productViewSchema), { io: 'output' })));
    expect(json).not.toContain('anyOf');
    expect(json).not.toContain('"format"');
    expect(json).toContain('"type":["integer","null"]');
  });
});
