import { Suspense, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import type { User } from '@escudo/contract';
import { Icon } from '../../components/icon.tsx';
import { lazyThemed } from '../../components/lazy-themed.tsx';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { DeviceList } from '../../features/devices/components/device-list.tsx';
import { PendingOrders } from '../../features/lostphone/components/pending-orders.tsx';
import { fillText, formatCalendarDate } from '../../lib/format.ts';
import { appTexts } from '../texts.ts';
import './app-sidebar.css';

export const SIDEBAR_WIDTH = 280;

// the path of @mui/icons-material's Edit (MIT)
// the path of @mui/icons-material's Lock (MIT)
const LOCK_ICON =
  'M18 8h-1V6c0-2.76-2.24-5-5-5S7 3.24 7 6v2H6c-1.1 0-2 .9-2 2v10c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V10c0-1.1-.9-2-2-2m-6 9c-1.1 0-2-.9-2-2s.9-2 2-2 2 .9 2 2-.9 2-2 2m3.1-9H8.9V6c0-1.71 1.39-3.1 3.1-3.1s3.1 1.39 3.1 3.1z';
const EDIT_ICON =
  'M3 17.25V21h3.75L17.81 9.94l-3.75-3.75zM20.71 7.04c.39-.39.39-1.02 0-1.41l-2.34-2.34a.996.996 0 0 0-1.41 0l-1.83 1.83 3.75 3.75z';

// the profile dialog (form, lists of places) loads when it is first opened, not with every page
const ProfileDialog = lazyThemed(() =>
  import('../../features/profile/components/profile-dialog.tsx').then((module) => module.default),
);
// the phone's drawer (MUI's Drawer and Modal) loads when the menu is first opened (decision 016)
const MobileDrawer = lazyThemed(() => import('./mobile-drawer.tsx').then((module) => module.MobileDrawer));

// MUI's `md` breakpoint, where the sidebar stops being a drawer (app-sidebar.css says the same)
const WIDE_QUERY = '(min-width: 900px)';

// one MediaQueryList for the page, made on first use: not one per render
let wideQuery: MediaQueryList | null = null;
const getWideQuery = () => (wideQuery ??= window.matchMedia(WIDE_QUERY));

function useIsWide(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      getWideQuery().addEventListener('change', onChange);
      return () => getWideQuery().removeEventListener('change', onChange);
    },
    () => getWideQuery().matches,
  );
}

/**
 * spec 2: the sidebar (avatar or initials, name, 'Editar Perfil', 'Dispositivos registrados'). From
 * 900 px up it is always visible; below it is a temporary drawer opened from the header, which every
 * choice in it closes. Plain markup (app-sidebar.css), drawn as MUI's permanent
 * Drawer was: it is on every signed-in page's first render (docs/decisions/017).
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
  const [isProfileOpen, setProfileOpen] = useState(false);
  const [hasProfileLoaded, setProfileLoaded] = useState(false);
  // the drawer waits for the profile dialog's first load, with the button's spinner, then makes way
  const closeDrawerOnLoad = useRef(false);
  const isWide = useIsWide();
  if (isMobileOpen && !hasOpenedMobile) setHasOpenedMobile(true);
  const isLoadingProfile = isProfileOpen && !hasProfileLoaded;
  const openProfile = (fromDrawer: boolean) => {
    setProfileOpen(true);
    if (!fromDrawer) return;
    if (hasProfileLoaded) onMobileClose();
    else closeDrawerOnLoad.current = true;
  };
  return (
    <nav aria-label={appTexts.sidebarLabel} className="app-sidebar">
      {hasOpenedMobile ? (
        <Suspense fallback={null}>
          <MobileDrawer open={isMobileOpen} onClose={onMobileClose} width={SIDEBAR_WIDTH}>
            <SidebarContent
              user={user}
              isLoadingProfile={isLoadingProfile}
              onEditProfile={() => openProfile(true)}
              onNavigate={onMobileClose}
            />
          </MobileDrawer>
        </Suspense>
      ) : null}
      {/* not made at all on a phone, where it would be hidden (decision 017: less to render on a slow CPU) */}
      {isWide ? (
        <div className="app-sidebar-panel">
          {/* room for the fixed header above the permanent sidebar */}
          <div className="app-header-spacer" />
          <SidebarContent
            user={user}
            isLoadingProfile={isLoadingProfile}
            onEditProfile={() => openProfile(false)}
          />
        </div>
      ) : null}
      {/* outside the drawer, so that it stays open once the drawer has closed */}
      {user && (isProfileOpen || hasProfileLoaded) ? (
        <Suspense fallback={null}>
          <ProfileDialog
            user={user}
            open={isProfileOpen}
            onClose={() => setProfileOpen(false)}
            onLoaded={() => {
              setProfileLoaded(true);
              if (!closeDrawerOnLoad.current) return;
              closeDrawerOnLoad.current = false;
              onMobileClose();
            }}
          />
        </Suspense>
      ) : null}
    </nav>
  );
}

/** `onNavigate`: called by every link of the sidebar (the drawer closes) */
function SidebarContent({
  user,
  isLoadingProfile,
  onEditProfile,
  onNavigate,
}: {
  user: User | undefined;
  isLoadingProfile: boolean;
  onEditProfile: () => void;
  onNavigate?: () => void;
}) {
  if (!user) return <SidebarSkeleton />;
  return (
    <>
      <div className="app-sidebar-user">
        <UserAvatar name={user.name} src={user.info.avatar} />
        <p className="app-sidebar-name">{user.name}</p>
        <PlanSummary plan={user.plan} onNavigate={onNavigate} />
        {/* an operator's account is the administrator's to manage, and the customer's calls refuse
            an operator's session (decision 036): no profile nor security page for them */}
        {user.role === 'operator' ? null : (
          <>
            <button
              type="button"
              className="app-sidebar-edit"
              onClick={onEditProfile}
              disabled={isLoadingProfile}
            >
              {isLoadingProfile ? <span className="spinner" aria-hidden="true" /> : <Icon path={EDIT_ICON} />}
              {appTexts.editProfile}
            </button>
            {/* the account's own security and privacy, beside the profile (docs/api.md, "The account's
                security") */}
            <Link to="/seguridad" className="app-sidebar-edit" onClick={onNavigate}>
              <Icon path={LOCK_ICON} />
              {appTexts.securityAndPrivacy}
            </Link>
          </>
        )}
      </div>
      {/* an operator of the central protects no phone of their own */}
      {user.role === 'operator' ? null : (
        <>
          <hr className="app-sidebar-divider" />
          {/* under each phone, the orders that wait for it (lostphone's, decision 043) */}
          <DeviceList
            devices={user.dispositivos}
            onSelect={onNavigate}
            renderOrders={(device) => <PendingOrders device={device} />}
          />
        </>
      )}
    </>
  );
}

/** Same shape as the loaded sidebar, so nothing moves when the user arrives. */
function SidebarSkeleton() {
  return (
    <div aria-hidden className="app-sidebar-user">
      <span className="skeleton is-circular" style={{ width: 72, height: 72 }} />
      <span className="skeleton is-text" style={{ width: 140, marginTop: 8 }} />
      <span className="skeleton is-rounded" style={{ width: 120, height: 30 }} />
      <div className="app-sidebar-skeleton-list">
        <span className="skeleton is-text" style={{ width: 160 }} />
        <span className="skeleton is-rounded" style={{ height: 48 }} />
        <span className="skeleton is-rounded" style={{ height: 48 }} />
      </div>
    </div>
  );
}

/** The account's plan and until when it is paid (decision 008), with a way to the Planes page. */
function PlanSummary({ plan, onNavigate }: { plan: User['plan']; onNavigate?: (() => void) | undefined }) {
  // read once: whether the plan has expired does not need to change while the sidebar is open
  const [now] = useState(() => Date.now());
  if (!plan) return null;
  const date = plan.expires_on ? formatCalendarDate(plan.expires_on) : null;
  const hasExpired = plan.expires_at !== null && new Date(plan.expires_at).getTime() < now;
  return (
    <p className="app-sidebar-plan">
      <Link to="/planes" onClick={onNavigate}>
        {fillText(appTexts.planName, { plan: plan.plan.name })}
      </Link>
      {date ? (
        <span className={hasExpired ? 'app-sidebar-plan-date is-expired' : 'app-sidebar-plan-date'}>
          {fillText(hasExpired ? appTexts.planExpired : appTexts.planExpires, { date })}
        </span>
      ) : null}
    </p>
  );
}
