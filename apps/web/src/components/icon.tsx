/**
 * An icon drawn from the SVG path of one of @mui/icons-material's icons (MIT), as MUI's SvgIcon draws
 * it (app/base.css `.icon`: 1em square, the text's colour), without MUI: the pieces on a page's first
 * render stay plain markup (docs/decisions/016, 017). With `title` it is an image with that name, as
 * SvgIcon's `titleAccess`; without, it is decoration, hidden from assistive technology.
 */
export function Icon({ path, title }: { path: string; title?: string }) {
  return title ? (
    <svg className="icon" viewBox="0 0 24 24" focusable="false" role="img">
      <title>{title}</title>
      <path d={path} />
    </svg>
  ) : (
    <svg className="icon" viewBox="0 0 24 24" focusable="false" aria-hidden="true">
      <path d={path} />
    </svg>
  );
}
