import {
  emailCodeSchema,
  emailConfirmedSchema,
  emailSentSchema,
  forgotPasswordSchema,
  googleCodeSchema,
  loginSchema,
  registerSchema,
  resendCodeQuerySchema,
  resetCodeValidSchema,
  resetPasswordSchema,
  signedInSchema,
  signedOutSchema,
  updateOwnerSchema,
  updateUserSchema,
  userViewSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clearSessionCookie, isStaff, requestToken, requireUser, setSessionCookie } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { requestLanguage } from '../../platform/errors.js';
import { ok } from '../../platform/responses.js';
import { toUserView, UserService } from './service.js';

export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const users = new UserService(ctx);
  const secureCookies = ctx.config.publicUrl.startsWith('https://');
  const tags = ['User'];

  return async (app) => {
    app.post(
      '/User/register',
      { schema: { tags, body: registerSchema, response: ok(emailSentSchema) } },
      async (request) => {
        const { email, password, language } = request.body;
        return { data: await users.register({ email, password, language }, requestLanguage(request), request.ip) };
      },
    );

    app.post(
      '/User/confirm-email',
      { schema: { tags, body: emailCodeSchema, response: ok(emailConfirmedSchema) } },
      async (request) => ({
        data: await users.confirmEmail(request.body, request.ip),
      }),
    );

    app.post(
      '/User/create-new-confirm-email-code',
      { schema: { tags, querystring: resendCodeQuerySchema, response: ok(emailSentSchema) } },
      async (request) => ({ data: await users.resendConfirmCode(request.query.email, request.ip) }),
    );

    app.post(
      '/User/login',
      { schema: { tags, body: loginSchema, response: ok(emailSentSchema) } },
      async (request) => ({
        data: await users.login(request.body, request.ip),
      }),
    );

    app.post(
      '/User/confirm-login',
      { schema: { tags, body: emailCodeSchema, response: ok(signedInSchema) } },
      async (request, reply) => {
        const { session, user } = await users.confirmLogin(request.body, request.ip);
        setSessionCookie(reply, session, secureCookies);
        return { data: { token: session.token, expiresAt: session.expiresAt.toISOString(), user } };
      },
    );

    app.post(
      '/User/forgot-password',
      { schema: { tags, body: forgotPasswordSchema, response: ok(emailSentSchema) } },
      async (request) => ({
        data: await users.forgotPassword(request.body.email, request.ip),
      }),
    );

    app.post(
      '/User/verify-reset-code',
      { schema: { tags, body: emailCodeSchema, response: ok(resetCodeValidSchema) } },
      async (request) => ({
        data: await users.verifyResetCode(request.body, request.ip),
      }),
    );

    app.post(
      '/User/reset-password',
      { schema: { tags, body: resetPasswordSchema, response: ok(emailSentSchema) } },
      async (request) => ({
        data: await users.resetPassword(request.body, request.ip),
      }),
    );

    app.post(
      '/User/google-code',
      { schema: { tags, body: googleCodeSchema, response: ok(signedInSchema) } },
      async (request, reply) => {
        const { session, user } = await users.googleCode(request.body, requestLanguage(request));
        setSessionCookie(reply, session, secureCookies);
        return { data: { token: session.token, expiresAt: session.expiresAt.toISOString(), user } };
      },
    );

    app.get('/User/get-user', { schema: { tags, response: ok(userViewSchema) } }, async (request) => {
      const user = await requireUser(ctx.db, request);
      return { data: toUserView(user, isStaff(user, ctx.config)) };
    });

    app.put(
      '/User/update-user',
      { schema: { tags, body: updateUserSchema, response: ok(userViewSchema) } },
      async (request) => {
        const user = await requireUser(ctx.db, request);
        return { data: await users.updateUser(user, request.body) };
      },
    );

    app.put(
      '/User/update-owner',
      { schema: { tags, body: updateOwnerSchema, response: ok(userViewSchema) } },
      async (request) => {
        const user = await requireUser(ctx.db, request);
        return { data: await users.updateOwner(user, request.body, requestToken(request)) };
      },
    );

    app.post('/User/logout', { schema: { tags, response: ok(signedOutSchema) } }, async (request, reply) => {
      await users.logout(requestToken(request));
      clearSessionCookie(reply);
      return { data: { signedOut: true as const } };
    });
  };
}
