import {
  emailCodeSchema,
  forgotPasswordSchema,
  googleCodeSchema,
  loginSchema,
  registerSchema,
  resendCodeQuerySchema,
  resetPasswordSchema,
  updateOwnerSchema,
  updateUserSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clearSessionCookie, requestToken, requireUser, setSessionCookie } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { requestLanguage } from '../../platform/errors.js';
import { toUserView, UserService } from './service.js';

export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const users = new UserService(ctx);
  const secureCookies = ctx.config.publicUrl.startsWith('https://');
  const tags = ['User'];

  return async (app) => {
    app.post('/User/register', { schema: { tags, body: registerSchema } }, async (request) => {
      const { email, password, language } = request.body;
      return { data: await users.register({ email, password, language }, requestLanguage(request), request.ip) };
    });

    app.post('/User/confirm-email', { schema: { tags, body: emailCodeSchema } }, async (request) => ({
      data: await users.confirmEmail(request.body, request.ip),
    }));

    app.post(
      '/User/create-new-confirm-email-code',
      { schema: { tags, querystring: resendCodeQuerySchema } },
      async (request) => ({ data: await users.resendConfirmCode(request.query.email, request.ip) }),
    );

    app.post('/User/login', { schema: { tags, body: loginSchema } }, async (request) => ({
      data: await users.login(request.body, request.ip),
    }));

    app.post('/User/confirm-login', { schema: { tags, body: emailCodeSchema } }, async (request, reply) => {
      const { session, user } = await users.confirmLogin(request.body, request.ip);
      setSessionCookie(reply, session, secureCookies);
      return { data: { token: session.token, expiresAt: session.expiresAt.toISOString(), user } };
    });

    app.post('/User/forgot-password', { schema: { tags, body: forgotPasswordSchema } }, async (request) => ({
      data: await users.forgotPassword(request.body.email, request.ip),
    }));

    app.post('/User/verify-reset-code', { schema: { tags, body: emailCodeSchema } }, async (request) => ({
      data: await users.verifyResetCode(request.body, request.ip),
    }));

    app.post('/User/reset-password', { schema: { tags, body: resetPasswordSchema } }, async (request) => ({
      data: await users.resetPassword(request.body, request.ip),
    }));

    app.post('/User/google-code', { schema: { tags, body: googleCodeSchema } }, async (request, reply) => {
      const { session, user } = await users.googleCode(request.body, requestLanguage(request));
      setSessionCookie(reply, session, secureCookies);
      return { data: { token: session.token, expiresAt: session.expiresAt.toISOString(), user } };
    });

    app.get('/User/get-user', { schema: { tags } }, async (request) => ({
      data: toUserView(await requireUser(ctx.db, request)),
    }));

    app.put('/User/update-user', { schema: { tags, body: updateUserSchema } }, async (request) => {
      const user = await requireUser(ctx.db, request);
      return { data: await users.updateUser(user, request.body) };
    });

    app.put('/User/update-owner', { schema: { tags, body: updateOwnerSchema } }, async (request) => {
      const user = await requireUser(ctx.db, request);
      return { data: await users.updateOwner(user, request.body, requestToken(request)) };
    });

    app.post('/User/logout', { schema: { tags } }, async (request, reply) => {
      await users.logout(requestToken(request));
      clearSessionCookie(reply);
      return { data: { signedOut: true } };
    });
  };
}
