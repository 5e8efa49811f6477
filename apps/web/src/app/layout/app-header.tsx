import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Logout from '@mui/icons-material/Logout';
import Menu from '@mui/icons-material/Menu';
import PointOfSale from '@mui/icons-material/PointOfSale';
import type { ReactNode } from 'react';
import { Link as RouterLink, useMatches, useNavigate } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { BRAND_NAME } from '../../lib/brand.ts';
import { fillText } from '../../lib/format.ts';
import { isRouteHandle } from '../route-handle.ts';
import { appTexts } from '../texts.ts';

/**
 * The red header bar of spec 2. On narrow screens the buttons keep their names (aria-label) but show
 * only their icons, so that the bar fits a phone.
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
    <AppBar position="fixed" elevation={1} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 } }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label={appTexts.openMenu}
          onClick={onOpenMenu}
          sx={{ display: { md: 'none' } }}
        >
          <Menu />
        </IconButton>
        <Link
          component={RouterLink}
          to="/"
          aria-label={fillText(appTexts.goHome, { brand: BRAND_NAME })}
          sx={{ display: 'inline-flex', borderRadius: 1, '&:focus-visible': { outline: '2px solid #fff' } }}
        >
          <Logo tone="onDark" size={30} />
        </Link>
        <Box sx={{ flexGrow: 1 }} />
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
      </Toolbar>
    </AppBar>
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
    <Button
      color="inherit"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      startIcon={icon}
      sx={{
        minWidth: { xs: 40, sm: 64 },
        px: { xs: 1, sm: 1.5 },
        '& .MuiButton-startIcon': { mx: { xs: 0, sm: undefined }, mr: { sm: 1 } },
      }}
    >
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        {label}
      </Box>
    </Button>
  );
}
