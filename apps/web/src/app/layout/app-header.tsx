import type { ReactNode } from 'react';
import { Link, useMatches, useNavigate } from 'react-router';
import { Icon } from '../../components/icon.tsx';
import { Logo } from '../../components/logo.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { BRAND_NAME } from '../../lib/brand.ts';
import { fillText } from '../../lib/format.ts';
import { isRouteHandle } from '../route-handle.ts';
import { appTexts } from '../texts.ts';
import './signed-in-layout.css';

// the paths of @mui/icons-material's Menu, ArrowBack, PointOfSale and Logout (MIT)
const MENU_ICON = 'M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z';
const BACK_ICON = 'M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20z';
const SALES_ICON =
  'M17 2H7c-1.1 0-2 .9-2 2v2c0 1.1.9 2 2 2h10c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2m0 4H7V4h10zm3 16H4c-1.1 0-2-.9-2-2v-1h20v1c0 1.1-.9 2-2 2m-1.47-11.81C18.21 9.47 17.49 9 16.7 9H7.3c-.79 0-1.51.47-1.83 1.19L2 18h20zM9.5 16h-1c-.28 0-.5-.22-.5-.5s.22-.5.5-.5h1c.28 0 .5.22.5.5s-.22.5-.5.5m0-2h-1c-.28 0-.5-.22-.5-.5s.22-.5.5-.5h1c.28 0 .5.22.5.5s-.22.5-.5.5m0-2h-1c-.28 0-.5-.22-.5-.5s.22-.5.5-.5h1c.28 0 .5.22.5.5s-.22.5-.5.5m3 4h-1c-.28 0-.5-.22-.5-.5s.22-.5.5-.5h1c.28 0 .5.22.5.5s-.22.5-.5.5m0-2h-1c-.28 0-.5-.22-.5-.5s.22-.5.5-.5h1c.28 0 .5.22.5.5s-.22.5-.5.5m0-2h-1c-.28 0-.5-.22-.5-.5s.22-.5.5-.5h1c.28 0 .5.22.5.5s-.22.5-.5.5m3 4h-1c-.28 0-.5-.22-.5-.5s.22-.5.5-.5h1c.28 0 .5.22.5.5s-.22.5-.5.5m0-2h-1c-.28 0-.5-.22-.5-.5s.22-.5.5-.5h1c.28 0 .5.22.5.5s-.22.5-.5.5m0-2h-1c-.28 0-.5-.22-.5-.5s.22-.5.5-.5h1c.28 0 .5.22.5.5s-.22.5-.5.5';
const LOGOUT_ICON =
  'm17 7-1.41 1.41L18.17 11H8v2h10.17l-2.58 2.58L17 17l5-5zM4 5h8V3H4c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h8v-2H4z';

/**
 * The red header bar of spec 2, in plain markup (signed-in-layout.css says why). On a phone each button shows
 * its name in small print under its icon (docs/spec.md, "Layout": bare icons left people guessing), beside it
 * on wider screens; the name is also its tooltip.
 */
export function AppHeader({
  onOpenMenu,
  isOperator = false,
}: {
  onOpenMenu: () => void;
  /** an operator of the central sells nothing: no sales panel */
  isOperator?: boolean;
}) {
  const navigate = useNavigate();
  const matches = useMatches();
  const logoutMutation = useLogout();
  const showsBackButton = matches.some(
    (match) => isRouteHandle(match.handle) && match.handle.showsBackButton,
  );

  return (
    <header className="app-header">
      <div className="app-header-bar">
        <button
          type="button"
          className="app-header-button app-header-menu"
          aria-label={appTexts.openMenu}
          onClick={onOpenMenu}
        >
          <Icon path={MENU_ICON} />
        </button>
        <Link
          to="/"
          className="app-header-home"
          aria-label={fillText(appTexts.goHome, { brand: BRAND_NAME })}
        >
          <Logo tone="onDark" size={30} />
        </Link>
        <span className="app-header-grow" />
        {showsBackButton ? (
          <HeaderButton
            label={appTexts.back}
            icon={<Icon path={BACK_ICON} />}
            onClick={() => void navigate('/')}
          />
        ) : null}
        {isOperator ? null : (
          <HeaderButton
            label={appTexts.salesPanel}
            icon={<Icon path={SALES_ICON} />}
            onClick={() => void navigate('/sales')}
          />
        )}
        {/* Signing out empties the session; the route guard then shows Login (spec 2). */}
        <HeaderButton
          label={appTexts.signOut}
          icon={<Icon path={LOGOUT_ICON} />}
          onClick={() => logoutMutation.mutate()}
          disabled={logoutMutation.isPending}
        />
      </div>
    </header>
  );
}

function HeaderButton({
  label,
  icon,
  onClick,
  disabled = false,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button type="button" className="app-header-button" onClick={onClick} disabled={disabled} title={label}>
      {icon}
      <span className="app-header-button-label">{label}</span>
    </button>
  );
}
