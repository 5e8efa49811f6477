import { describe, expect, it } from 'vitest';
import { callApi } from './api-client.ts';

/**
 * `callApi` names its endpoint once and takes its types from the contract. The type checker
 * (`npm run typecheck`, part of `npm test`) checks the lines below; nothing of them runs.
 */
function typeChecks() {
  // @ts-expect-error: an unknown endpoint name
  void callApi('noExiste', {});
  // @ts-expect-error: Flow's form callback is a route, not an endpoint of the JSON API
  void callApi('flowConfirm', {});
  // @ts-expect-error: login's body has no such field
  void callApi('login', { email: 'a@b.cl', password: 'x', admin: true });
  // @ts-expect-error: login needs a password
  void callApi('login', { email: 'a@b.cl' });
  return async () => {
    const answer = await callApi('login', { email: 'a@b.cl', password: 'x' });
    // a session, or two-step sign-in's challenge: both are told apart by their fields
    const access_token = 'access_token' in answer ? answer.access_token : answer.challenge;
    const trackings = await callApi('getTrackings', { device_id: 'android-1', limit: 15, page: 1 });
    return [access_token.toUpperCase(), trackings.total_trackings.toFixed()];
  };
}

describe('callApi', () => {
  it('is typed from the contract by the endpoint name alone (checked by tsc, see above)', () => {
    expect(typeof typeChecks).toBe('function');
  });
});
