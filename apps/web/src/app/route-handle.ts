/** Per-route facts the layout reads through `useMatches()`. */
export interface RouteHandle {
  /** spec 2: Information, Atenciones, Planes, Tracking and Sales show a 'Volver' button to Home */
  showsBackButton?: boolean;
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null;
}
