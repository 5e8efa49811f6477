import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line a request, written as it is answered, with what Fastify's two lines ("incoming
 * request" as it arrives, "request completed" as it is answered) said between them: the request
 * (method, URL without secret values, address: lib/log/redact.ts), its status and time: half the lines
 * of a busy server at `info`. Fastify's other lines (errors, a route not found) are left as they are.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
