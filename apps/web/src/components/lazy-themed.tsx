import { lazy, type ComponentType } from 'react';

/**
 * React's `lazy` for a piece drawn with MUI (a dialog, the phone's drawer, a snackbar) on a screen
 * drawn in plain markup (Home, the signed-in shell): the piece is fetched with MUI's theme and
 * renders inside it, so that MUI downloads and starts only when such a piece first shows, not with
 * the screen (docs/decisions/017).
 */
export function lazyThemed<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(async () => {
    const [{ MuiTheme }, Component] = await Promise.all([import('./mui-theme.tsx'), load()]);
    return {
      default: (props: Props) => (
        <MuiTheme>
          <Component {...props} />
        </MuiTheme>
      ),
    };
  });
}
