/**
 * JSON bodies: an empty body counts as no payload (some clients send `Content-Type: application/json`
 * with nothing), and prototype-poisoning keys are refused, as Fastify's own parser does.
 */
import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { AppError } from '../app-error.ts';

export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, raw, done) => {
    const text = typeof raw === 'string' ? raw : raw.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      done(new AppError('MALFORMED_JSON'), undefined);
    }
  });
}
