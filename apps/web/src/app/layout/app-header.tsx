import ArrowBack from '@mui/icons-material/ArrowBack';
import Logout from '@mui/icons-material/Logout';
import Menu from '@mui/icons-material/Menu';
import PointOfSale from '@mui/icons-material/PointOfSale';
import type { ReactNode } from 'react';
import { Link, useMatches, useNavigate } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { BRAND_NAME } from '../../lib/brand.ts';
import { fillText } from '../../lib/format.ts';
import { isRouteHandle } from '../route-handle.ts';
import { appTexts } from '../texts.ts';
import './signed-in-layout.css';

/**
 * The red header bar of spec 2, in plain markup (signed-in-layout.css says why). On narrow screens the
 * buttons keep their names (aria-label) but show only their icons, so that the bar fits a phone.
 */
export function AppHeader({
  onOpenMenu,
  isOperator = false,
}: {
  onOpenMenu: () => void;
  /** an operator of the central (issue 16) sells nothing: no sales panel */
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
          <Menu />
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
          <HeaderButton label={appTexts.back} icon={<ArrowBack />} onClick={() => void navigate('/')} />
        ) : null}
        {isOperator ? null : (
          <HeaderButton
            label={appTexts.salesPanel}
            icon={<PointOfSale />}
            onClick={() => void navigate('/sales')}
          />
        )}
        {/* Signing out empties the session; the route guard then shows Login (spec 2). */}
        <HeaderButton
          label={appTexts.signOut}
          icon={<Logout />}
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
    <button
      type="button"
      className="app-header-button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
    >
      {icon}
      <span className="app-header-button-label">{label}</span>
    </button>
  );
}
