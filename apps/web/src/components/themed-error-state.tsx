import { Suspense, type ComponentProps } from 'react';
import type { ErrorState } from './error-state.tsx';
import { lazyThemed } from './lazy-themed.tsx';
import { PageLoader } from './page-loader.tsx';

const LazyErrorState = lazyThemed(() => import('./error-state.tsx').then((module) => module.ErrorState));

/**
 * ErrorState (MUI's) for a page drawn in plain markup: MUI downloads only when a failure shows, with a
 * spinner in its place meanwhile (docs/decisions/017).
 */
export function ThemedErrorState(props: ComponentProps<typeof ErrorState>) {
  return (
    <Suspense fallback={<PageLoader minHeight={240} />}>
      <LazyErrorState {...props} />
    </Suspense>
  );
}
