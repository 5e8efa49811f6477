/**
 * Scroll shadows for a table that may be wider than a phone: a shade at an edge the table goes on
 * past, hidden by a white cover that scrolls with the content once that edge is reached (backgrounds
 * `local` and `scroll`). For a TableContainer on a white Paper; a table that fits shows nothing.
 */
export const scrollShadows = {
  overflowX: 'auto',
  background: [
    'linear-gradient(to right, #fff 30%, rgba(255,255,255,0)) left / 40px 100% no-repeat local',
    'linear-gradient(to left, #fff 30%, rgba(255,255,255,0)) right / 40px 100% no-repeat local',
    'radial-gradient(farthest-side at 0 50%, rgba(0,0,0,0.2), rgba(0,0,0,0)) left / 14px 100% no-repeat scroll',
    'radial-gradient(farthest-side at 100% 50%, rgba(0,0,0,0.2), rgba(0,0,0,0)) right / 14px 100% no-repeat scroll',
  ].join(', '),
} as const;
