import Box from '@mui/material/Box';
import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Edit from '@mui/icons-material/Edit';
import type { User } from '@escudo/contract';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { DeviceList } from '../../features/devices/components/device-list.tsx';
import { appTexts } from '../texts.ts';
import { fillText, formatDateTime } from '../../lib/format.ts';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';

export const SIDEBAR_WIDTH = 280;

// the profile dialog (form, lists of places) loads when it is first opened, not with every page
const ProfileDialog = lazy(() => import('../../features/profile/components/profile-dialog.tsx'));
// the phone's drawer (MUI's Drawer and Modal) loads when the menu is first opened (decision 016)
const MobileDrawer = lazy(() =>
  import('./mobile-drawer.tsx').then((module) => ({ default: module.MobileDrawer })),
);

/**
 * spec 2: the sidebar (avatar or initials, name, 'Editar Perfil', 'Dispositivos registrados'). From
 * MUI's `md` up it is always visible; below it is a temporary drawer opened from the header.
 */
export function AppSidebar({
  user,
  isMobileOpen,
  onMobileClose,
}: {
  user: User | undefined;
  isMobileOpen: boolean;
  onMobileClose: () => void;
}) {
  const [hasOpenedMobile, setHasOpenedMobile] = useState(false);
  const isWide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  if (isMobileOpen && !hasOpenedMobile) setHasOpenedMobile(true);
  return (
    <Box
      component="nav"
      aria-label={appTexts.sidebarLabel}
      sx={{ width: { md: SIDEBAR_WIDTH }, flexShrink: { md: 0 } }}
    >
      {hasOpenedMobile ? (
        <Suspense fallback={null}>
          <MobileDrawer open={isMobileOpen} onClose={onMobileClose} width={SIDEBAR_WIDTH}>
            <SidebarContent user={user} onDeviceSelected={onMobileClose} />
          </MobileDrawer>
        </Suspense>
      ) : null}
      {/* what MUI's permanent Drawer draws, without the Drawer module (and its Modal); not made at
          all on a phone, where it would be hidden (issue 18: less to render on a slow CPU) */}
      {isWide ? (
        <Paper
          square
          elevation={0}
          sx={{
            display: { xs: 'none', md: 'flex' },
            flexDirection: 'column',
            width: SIDEBAR_WIDTH,
            height: '100%',
            position: 'fixed',
            top: 0,
            left: 0,
            zIndex: (theme) => theme.zIndex.drawer,
            overflowY: 'auto',
            borderRight: 1,
            borderColor: 'divider',
          }}
        >
          {/* room for the fixed header above the permanent sidebar */}
          <Toolbar />
          <SidebarContent user={user} />
        </Paper>
      ) : null}
    </Box>
  );
}

function SidebarContent({
  user,
  onDeviceSelected,
}: {
  user: User | undefined;
  onDeviceSelected?: () => void;
}) {
  const [isProfileOpen, setProfileOpen] = useState(false);
  const [hasProfileLoaded, setProfileLoaded] = useState(false);
  if (!user) return <SidebarSkeleton />;
  return (
    <>
      <Box
        sx={{
          p: 3,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 1,
          textAlign: 'center',
        }}
      >
        <UserAvatar name={user.name} src={user.info.avatar} />
        <Typography sx={{ fontWeight: 700, mt: 1, wordBreak: 'break-word' }}>{user.name}</Typography>
        <PlanSummary plan={user.plan} />
        <Button
          size="small"
          variant="outlined"
          startIcon={<Edit />}
          onClick={() => setProfileOpen(true)}
          loading={isProfileOpen && !hasProfileLoaded}
        >
          {appTexts.editProfile}
        </Button>
        {isProfileOpen || hasProfileLoaded ? (
          <Suspense fallback={null}>
            <ProfileDialog
              user={user}
              open={isProfileOpen}
              onClose={() => setProfileOpen(false)}
              onLoaded={() => setProfileLoaded(true)}
            />
          </Suspense>
        ) : null}
      </Box>
      {/* an operator of the central (issue 16) protects no phone of their own */}
      {user.role === 'operator' ? null : (
        <>
          <Divider sx={{ mb: 1 }} />
          <DeviceList devices={user.dispositivos} onSelect={onDeviceSelected} />
        </>
      )}
    </>
  );
}

/** Same shape as the loaded sidebar, so nothing moves when the user arrives. */
function SidebarSkeleton() {
  return (
    <Box aria-hidden sx={{ p: 3, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
      <Skeleton variant="circular" width={72} height={72} />
      <Skeleton variant="text" width={140} sx={{ mt: 1 }} />
      <Skeleton variant="rounded" width={120} height={30} />
      <Box sx={{ width: '100%', mt: 3, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Skeleton variant="text" width={160} />
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={48} />
      </Box>
    </Box>
  );
}

/** The account's plan and until when it is paid (issue 5), with a way to the Planes page. */
function PlanSummary({ plan }: { plan: User['plan'] }) {
  // read once: whether the plan has expired does not need to change while the sidebar is open
  const [now] = useState(() => Date.now());
  if (!plan) return null;
  const date = plan.expires_at ? formatDateTime(plan.expires_at).slice(0, 10) : null;
  const hasExpired = plan.expires_at !== null && new Date(plan.expires_at).getTime() < now;
  return (
    <Typography variant="body2" color="text.secondary">
      <Link component={RouterLink} to="/planes" underline="hover" sx={{ fontWeight: 600 }}>
        {fillText(appTexts.planName, { plan: plan.plan.name })}
      </Link>
      {date ? (
        <Box component="span" sx={{ display: 'block', color: hasExpired ? 'error.main' : undefined }}>
          {fillText(hasExpired ? appTexts.planExpired : appTexts.planExpires, { date })}
        </Box>
      ) : null}
    </Typography>
  );
}
