/**
 * The security network (spec 3: Security-network entry; spec 5: Security network add; issue 15).
 * The people an account invites to look after it, and the networks it belongs to.
 */

/** An invitation is pending until someone opens its link and accepts; then it is a member. */
export const networkMemberStatuses = ['pendiente', 'aceptada'] as const;
export type NetworkMemberStatus = (typeof networkMemberStatuses)[number];
