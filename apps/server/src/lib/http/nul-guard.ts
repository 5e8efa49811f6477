/**
 * No text with a NUL character (U+0000) reaches a handler, whatever the route, in its JSON or form
 * body or its query string (decision 041). PostgreSQL cannot store NUL in text (SQLSTATE 22021),
 * and a schema that forgot its check must not be the only guard: this runs once for every route,
 * before the contract's validation, and answers 400 VALIDATION naming the field. Realtime messages get
 * the same check (lib/realtime/handle-messages.ts).
 *
 * Not the path: its tokens and keys are only looked up (a NUL in one finds nothing: 404, like any
 * unknown link, decision 012). Not the browser redirects of Google sign-in either (route config
 * `isNulGuarded: false`), whose refusals are a way back to Login rather than JSON.
 */
import type { FastifyInstance } from 'fastify';
import { NUL_TEXT_MESSAGE } from '@escudo/contract';
import { AppError } from '../app-error.ts';
import { findNulText } from '../nul-text.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route reads odd text itself (a browser redirect); nul-guard.ts */
    isNulGuarded?: boolean;
  }
}

export function registerNulGuard(app: FastifyInstance): void {
  // a callback hook: it runs on every request and never waits (admission.ts says why a callback)
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.routeOptions.config.isNulGuarded === false) return done();
    const parts: [unknown, string][] = [
      [request.query, 'query'],
      [request.body, 'body'],
    ];
    for (const [value, root] of parts) {
      const found = findNulText(value, root);
      if (found === null) continue;
      // the field as the contract's own errors name it: `device_name`, `personas.0.email`
      const field = found.split('.').slice(1).join('.') || root;
      return done(new AppError('VALIDATION', NUL_TEXT_MESSAGE, { [field]: NUL_TEXT_MESSAGE }));
    }
    done();
  });
}
